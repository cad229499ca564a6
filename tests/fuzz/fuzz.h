/*
 * fuzz.h - springsim's fuzz harnesses (harness.c).  Each takes the bytes
 * of one input, runs the code under test on them with its output thrown
 * away, and returns 0; a bug shows as a crash, a sanitizer report, a hang
 * or an abort() on a broken invariant.  libfuzzer.c turns one harness into
 * a libFuzzer target (make fuzz), replay.c runs every stored input
 * through all of them in the ordinary builds (make test, make sanitize).
 */
#ifndef FUZZ_H
#define FUZZ_H

#include <stddef.h>
#include <stdint.h>

typedef int (*fuzz_fn)(const uint8_t *data, size_t size);

/* The command line, argv from bytes (split on NUL or newline). */
int fuzz_args_main(const uint8_t *data, size_t size);	/* as main() */
int fuzz_args_run(const uint8_t *data, size_t size);
int fuzz_args_fps(const uint8_t *data, size_t size);
int fuzz_args_convert(const uint8_t *data, size_t size);
int fuzz_args_analyze(const uint8_t *data, size_t size);
int fuzz_args_sweep(const uint8_t *data, size_t size);
int fuzz_args_resonance(const uint8_t *data, size_t size);
int fuzz_args_tune(const uint8_t *data, size_t size);
int fuzz_args_fit(const uint8_t *data, size_t size);	/* files k, l: curves */
/* run --model (the first line: quat, chain, ...) with the rest. */
int fuzz_args_model(const uint8_t *data, size_t size);
/* scan_double, scan_long and friends; numfmt round trips. */
int fuzz_number(const uint8_t *data, size_t size);
/* The CSV readers: byte 0 picks run options, the rest is the file. */
int fuzz_csv_frames(const uint8_t *data, size_t size);	/* --frames-from */
int fuzz_csv_target(const uint8_t *data, size_t size);	/* --target-file */
int fuzz_csv_fit(const uint8_t *data, size_t size);	/* fit FILE */

/* The harnesses by name (the directory names under tests/fuzz/corpus). */
struct fuzz_harness {
	const char *name;
	fuzz_fn fn;
};
extern const struct fuzz_harness fuzz_harnesses[];

/* Once per process: the scratch directory, the program's FP setup. */
void fuzz_init(void);

#endif
