/*
 * besttime.c - the shortest wall-clock time of N runs of a command, in
 * seconds: `besttime [-r FILE] N command [args ...]`, its standard output
 * thrown away; with -r, FILE removed before each run, untimed (a run
 * that writes FILE then writes a new file each time: replacing the file
 * of the run before also frees that file's pages, 5 to 10 ms of a
 * sweep's 50 to 300 MB on tmpfs here, the file system's work, not the
 * command's).  bench/run.sh's best_of, without a shell: timed with two `date`
 * processes, each sample of a few-millisecond run also carried a fork
 * and an exec of date (~1 ms here, and its noise).  Here the clock is
 * read around posix_spawn and waitpid alone.  Exit status 1, and a line
 * on stderr, when the command fails or cannot be started; 2 on bad use.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

/* Seconds on the monotonic clock. */
static double
now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* One run of argv, stdout to /dev/null: its seconds, or -1 (said). */
static double
run_once(char **argv, posix_spawn_file_actions_t *fa)
{
	double t0, t1;
	pid_t pid;
	int rc, status;

	t0 = now();
	rc = posix_spawnp(&pid, argv[0], fa, NULL, argv, environ);
	if (rc != 0) {
		fprintf(stderr, "besttime: %s: %s\n", argv[0], strerror(rc));
		return -1.0;
	}
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR) {
			perror("besttime: waitpid");
			return -1.0;
		}
	t1 = now();
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
		fprintf(stderr, "besttime: %s failed (status %d)\n", argv[0],
		    WIFEXITED(status) ? WEXITSTATUS(status) : -1);
		return -1.0;
	}
	return t1 - t0;
}

int
main(int argc, char **argv)
{
	posix_spawn_file_actions_t fa;
	const char *remove_first = NULL;
	double best = -1.0, t;
	char *end;
	long n, i;

	if (argc >= 3 && strcmp(argv[1], "-r") == 0) {
		remove_first = argv[2];
		argc -= 2;
		argv += 2;
	}
	if (argc < 3) {
		fputs("usage: besttime [-r FILE] N command [args ...]\n",
		    stderr);
		return 2;
	}
	errno = 0;
	n = strtol(argv[1], &end, 10);
	if (errno != 0 || end == argv[1] || *end != '\0' || n < 1 ||
	    n > 100000) {
		fprintf(stderr, "besttime: N: '%s' is not a count from 1 to "
		    "100000\n", argv[1]);
		return 2;
	}
	if (posix_spawn_file_actions_init(&fa) != 0 ||
	    posix_spawn_file_actions_addopen(&fa, STDOUT_FILENO, "/dev/null",
	    O_WRONLY, 0) != 0) {
		fputs("besttime: out of memory\n", stderr);
		return 1;
	}
	for (i = 0; i < n; i++) {
		if (remove_first != NULL && unlink(remove_first) != 0 &&
		    errno != ENOENT) {
			fprintf(stderr, "besttime: -r %s: %s\n", remove_first,
			    strerror(errno));
			return 1;
		}
		if ((t = run_once(argv + 2, &fa)) < 0.0)
			return 1;
		if (best < 0.0 || t < best)
			best = t;
	}
	posix_spawn_file_actions_destroy(&fa);
	printf("%.6f\n", best);
	return 0;
}
