/*
 * replay.c - every stored fuzz input through its harness, without
 * libFuzzer, in the ordinary builds (make test, make sanitize):
 *
 *	fuzz-replay DIR...		every file of DIR/corpus/NAME and of
 *					DIR/crashes/NAME through harness NAME,
 *					for every NAME
 *	fuzz-replay -h NAME FILE...	the files through harness NAME
 *
 * Prints "fuzz-replay: N inputs" on stderr and exits 0; a bug crashes
 * it (or, in the sanitizer build, a report and a nonzero exit).  The
 * commands' own output goes to stdout and stderr: send them elsewhere.
 */
#include <dirent.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"

static long replayed;

/* One file through fn; a file that cannot be read is an error. */
static int
replay_file(fuzz_fn fn, const char *path)
{
	FILE *fp = fopen(path, "rb");
	uint8_t *buf = NULL;
	size_t n = 0, cap = 0, got;

	if (fp == NULL) {
		perror(path);
		return -1;
	}
	do {
		if (n == cap) {
			uint8_t *p = realloc(buf, cap = cap ? 2 * cap : 4096);

			if (p == NULL) {
				perror(path);
				free(buf);
				fclose(fp);
				return -1;
			}
			buf = p;
		}
		got = fread(buf + n, 1, cap - n, fp);
		n += got;
	} while (got > 0);
	fclose(fp);
	fn(buf != NULL ? buf : (uint8_t *)"", n);
	free(buf);
	replayed++;
	return 0;
}

/* Every regular file of dir (absent: none) through fn. */
static int
replay_dir(fuzz_fn fn, const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	char path[PATH_MAX];
	int rc = 0;

	if (d == NULL)
		return 0;
	while ((e = readdir(d)) != NULL) {
		if (e->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
		if (replay_file(fn, path) != 0)
			rc = -1;
	}
	closedir(d);
	return rc;
}

int
main(int argc, char **argv)
{
	const struct fuzz_harness *h;
	char dir[PATH_MAX];
	int i, rc = 0;

	if (argc >= 3 && strcmp(argv[1], "-h") == 0) {
		for (h = fuzz_harnesses; h->name != NULL; h++)
			if (strcmp(h->name, argv[2]) == 0)
				break;
		if (h->name == NULL) {
			fprintf(stderr, "fuzz-replay: no harness '%s'\n",
			    argv[2]);
			return 2;
		}
		fuzz_init();
		for (i = 3; i < argc; i++)
			if (replay_file(h->fn, argv[i]) != 0)
				rc = 1;
	} else if (argc >= 2 && argv[1][0] != '-') {
		/* (the harnesses change directory and come back) */
		fuzz_init();
		for (i = 1; i < argc; i++) {
			for (h = fuzz_harnesses; h->name != NULL; h++) {
				snprintf(dir, sizeof(dir), "%s/corpus/%s",
				    argv[i], h->name);
				if (replay_dir(h->fn, dir) != 0)
					rc = 1;
				snprintf(dir, sizeof(dir), "%s/crashes/%s",
				    argv[i], h->name);
				if (replay_dir(h->fn, dir) != 0)
					rc = 1;
			}
		}
	} else {
		fputs("usage: fuzz-replay DIR...\n"
		    "       fuzz-replay -h HARNESS FILE...\n", stderr);
		return 2;
	}
	fprintf(stderr, "fuzz-replay: %ld inputs\n", replayed);
	return rc;
}
