/*
 * output.c - buffered output that is written whole or not at all.
 *
 * To stdout the rows stream as they come.  To a named file they go to a
 * temporary file beside it (same directory, so rename is atomic), which
 * replaces the file only when everything was written; on any failure the
 * temporary file is removed and an existing file is left untouched.  A
 * path that exists and is neither a regular file nor a directory (a
 * device such as /dev/null, a FIFO) is written directly: renaming a file
 * onto it would replace the device with a file.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"

/* Start writing to path, or to stdout when path is NULL or "-". */
int
out_open(out_file *o, const char *path)
{
	struct stat st;
	mode_t mask;
	size_t n;

	o->len = 0;
	o->failed = 0;
	o->tmp_path = NULL;
	o->path = NULL;
	o->fd = STDOUT_FILENO;
	if (path == NULL || strcmp(path, "-") == 0)
		return 0;
	o->path = path;
	if (stat(path, &st) == 0 && !S_ISREG(st.st_mode) &&
	    !S_ISDIR(st.st_mode)) {
		if ((o->fd = open(path, O_WRONLY)) == -1) {
			warn_msg("%s: %s", path, strerror(errno));
			return -1;
		}
		return 0;
	}
	n = strlen(path) + sizeof(".tmp.XXXXXX");
	if ((o->tmp_path = malloc(n)) == NULL) {
		warn_msg("%s: %s", path, strerror(errno));
		return -1;
	}
	snprintf(o->tmp_path, n, "%s.tmp.XXXXXX", path);
	if ((o->fd = mkstemp(o->tmp_path)) == -1) {
		warn_msg("%s: cannot create a file beside it: %s", path,
		    strerror(errno));
		free(o->tmp_path);
		o->tmp_path = NULL;
		return -1;
	}
	/* mkstemp makes the file 0600; give it the usual 0666 & ~umask */
	mask = umask(0);
	umask(mask);
	if (fchmod(o->fd, 0666 & ~mask) == -1) {
		warn_msg("%s: %s", o->tmp_path, strerror(errno));
		out_abort(o);
		return -1;
	}
	return 0;
}

/* Write the buffer out, retrying short writes and interruptions. */
static int
out_flush(out_file *o)
{
	const char *p = o->buf;
	size_t left = o->len;

	if (o->failed)
		return -1;
	while (left > 0) {
		ssize_t w = write(o->fd, p, left);

		if (w < 0) {
			if (errno == EINTR)
				continue;
			/* the reader left (SIGPIPE ignored): fail quietly */
			if (errno != EPIPE)
				warn_msg("%s: %s", o->path != NULL ? o->path :
				    "standard output", strerror(errno));
			o->failed = 1;
			return -1;
		}
		p += w;
		left -= (size_t)w;
	}
	o->len = 0;
	return 0;
}

/* Room for n (<= the buffer) bytes at the end of the buffer. */
char *
out_reserve(out_file *o, size_t n)
{
	if (o->len + n > sizeof(o->buf) && out_flush(o) != 0)
		return NULL;
	return o->buf + o->len;
}

/* Keep the n bytes written at out_reserve's pointer. */
void
out_commit(out_file *o, size_t n)
{
	o->len += n;
}

/* Append n bytes. */
int
out_write(out_file *o, const char *s, size_t n)
{
	while (n > 0) {
		size_t room = sizeof(o->buf) - o->len, k = n < room ? n : room;

		memcpy(o->buf + o->len, s, k);
		o->len += k;
		s += k;
		n -= k;
		if (o->len == sizeof(o->buf) && out_flush(o) != 0)
			return -1;
	}
	return 0;
}

/* Flush and, for a named file, move it into place. */
int
out_close(out_file *o)
{
	if (out_flush(o) != 0) {
		out_abort(o);
		return -1;
	}
	if (o->path == NULL)
		return 0;
	if (close(o->fd) == -1) {
		warn_msg("%s: %s", o->path, strerror(errno));
		o->fd = -1;
		out_abort(o);
		return -1;
	}
	o->fd = -1;
	if (o->tmp_path == NULL)	/* a device or FIFO, written in place */
		return 0;
	if (rename(o->tmp_path, o->path) == -1) {
		warn_msg("%s: %s", o->path, strerror(errno));
		out_abort(o);
		return -1;
	}
	free(o->tmp_path);
	o->tmp_path = NULL;
	return 0;
}

/* Give up: remove the temporary file, leave any existing file alone. */
void
out_abort(out_file *o)
{
	if (o->tmp_path == NULL) {
		if (o->path != NULL && o->fd >= 0)	/* written in place */
			close(o->fd);
		o->fd = -1;
		return;
	}
	if (o->fd >= 0)
		close(o->fd);
	o->fd = -1;
	unlink(o->tmp_path);
	free(o->tmp_path);
	o->tmp_path = NULL;
}

/* See cli.h: the one ending every command's output shares. */
int
out_finish(out_file *o, int failed)
{
	if (failed || o->failed) {
		out_abort(o);
		return EXIT_IO;
	}
	return out_close(o) != 0 ? EXIT_IO : EXIT_OK;
}
