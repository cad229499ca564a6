/*
 * batch.h - for the tests: make spring_simulate_batch use tiles of the
 * given width, 64 bytes (AVX-512) or 32 (AVX2, or SSE2 pairs), instead of
 * the widest the processor has.  0, or -1 if the processor lacks it.  Not
 * for use while another thread runs a batch.  Library-internal.
 */
#ifndef BATCH_H
#define BATCH_H

int batch_tiles(int bytes);

/* For the tests: whether the batch steps rule in tiles (1) or alone (0). */
struct spring_rule;
int batch_has_runner(const struct spring_rule *rule);

#endif
