/*
 * csvin.c - reading CSV input files with libcsv, record by record, with
 * the line each record came from, for messages that name it.
 *
 * The file is read through a buffer of CSV_LINE_MAX bytes and fed to
 * libcsv a line at a time, so a record's line number is exact (a quoted
 * field spanning lines is refused: our inputs are numbers) and the memory
 * is bounded whatever the file (/dev/zero has no line end).  A line ends
 * at LF, CRLF or a bare CR (old Mac files), each one line end, so that
 * the line numbers are the ones an editor shows; libcsv is given each
 * line without its end and then one LF.  Quoted fields and a last line
 * without an end are accepted; a NUL byte is not, nor space around a
 * number (libcsv would trim it: a field is its bytes, as a command-line
 * value is).  Every refusal is one line naming the file and the line:
 * after the first, nothing more is fed.
 *
 * A FIFO is read as the pipe it is (--target-file <(gen), /dev/stdin);
 * the path - is standard input itself (--target-file -);
 * when a named one has no writer yet, one line says so before the wait,
 * so that nothing hangs in silence.
 */
#include <csv.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"

#define MAX_FIELDS 64

/* What the libcsv callbacks fill: the record being read. */
struct reader {
	const char *flag, *path;
	csv_row_fn fn;
	void *ctx;
	long line;
	char *field[MAX_FIELDS];
	int nfields;
	int too_many;
	int rc;
};

/* The file: its descriptor and the bytes read but not yet fed. */
struct source {
	int fd;
	char *buf;		/* CSV_LINE_MAX bytes */
	size_t start, len;	/* unfed bytes: buf[start..len) */
	size_t scanned;		/* buf[start..scanned) has no line end */
	int eof;
};

/* libcsv's field callback: keep a copy of the field. */
static void
on_field(void *s, size_t len, void *data)
{
	struct reader *rd = data;
	char *f;

	if (rd->rc != 0)
		return;
	if (rd->nfields >= MAX_FIELDS) {
		rd->too_many = 1;
		return;
	}
	if ((f = malloc(len + 1)) == NULL) {
		warn_msg("%s: out of memory", rd->flag);
		rd->rc = CSV_READ_SYS;
		return;
	}
	memcpy(f, s != NULL ? s : "", len);
	f[len] = '\0';
	rd->field[rd->nfields++] = f;
}

/* Drop the fields of the record just handled. */
static void
clear_fields(struct reader *rd)
{
	while (rd->nfields > 0)
		free(rd->field[--rd->nfields]);
	rd->too_many = 0;
}

/* libcsv's record callback: hand the record to the caller. */
static void
on_record(int c, void *data)
{
	struct reader *rd = data;

	(void)c;
	if (rd->rc == 0 && rd->too_many) {
		warn_msg("%s: %s line %ld: more than %d fields", rd->flag,
		    rd->path, rd->line, MAX_FIELDS);
		rd->rc = CSV_READ_BAD;
	}
	if (rd->rc == 0)
		rd->rc = rd->fn(rd->ctx, rd->line, rd->field, rd->nfields);
	clear_fields(rd);
}

/* libcsv's idea of a space, for trimming fields: none is. */
static int
no_space(unsigned char c)
{
	(void)c;
	return 0;
}

/*
 * Feed one line to libcsv: its n bytes without the line end, then one
 * LF, whatever end it had (or none, the last line).  A message only for
 * the first problem: a record the caller refused stops the file.
 */
static void
feed_line(struct csv_parser *p, struct reader *rd, const char *s, size_t n)
{
	int err;

	rd->line++;
	if (memchr(s, '\0', n) != NULL) {
		warn_msg("%s: %s line %ld: a NUL byte", rd->flag, rd->path,
		    rd->line);
		rd->rc = CSV_READ_BAD;
		return;
	}
	if (csv_parse(p, s, n, on_field, on_record, rd) != n ||
	    csv_parse(p, "\n", 1, on_field, on_record, rd) != 1) {
		if (rd->rc != 0)
			return;	/* the record's own message said why */
		err = csv_error(p);
		warn_msg("%s: %s line %ld: %s", rd->flag, rd->path, rd->line,
		    csv_strerror(err));
		rd->rc = err == CSV_ENOMEM ? CSV_READ_SYS : CSV_READ_BAD;
	} else if (rd->rc == 0 && p->quoted) {
		warn_msg("%s: %s line %ld: a quoted field runs past the end "
		    "of the line", rd->flag, rd->path, rd->line);
		rd->rc = CSV_READ_BAD;
	}
}

/*
 * A FIFO, opened without waiting: read what is there, or, when it has no
 * writer yet, say so and wait for one.  0 or a CSV_READ_ code after a
 * message.  The wait is poll(2) on the open FIFO, which Linux wakes when
 * data comes or a writer has come and gone (an anonymous pipe whose
 * writer is gone, bash's <(true), wakes at once: no message).
 */
static int
open_fifo(const char *flag, const char *path, struct source *src)
{
	struct pollfd pfd;
	ssize_t r;
	int n;

	while ((r = read(src->fd, src->buf, CSV_LINE_MAX)) < 0 &&
	    errno == EINTR)
		;
	if (r > 0)
		src->len = (size_t)r;
	if (r > 0 || (r < 0 && errno == EAGAIN))
		return 0;	/* data, or a writer still writing */
	if (r < 0) {
		warn_msg("%s: %s: %s", flag, path, strerror(errno));
		return CSV_READ_SYS;
	}
	pfd.fd = src->fd;
	pfd.events = POLLIN;
	if ((n = poll(&pfd, 1, 0)) == 0) {
		warn_msg("%s: %s: waiting for a writer", flag, path);
		while ((n = poll(&pfd, 1, -1)) < 0 && errno == EINTR)
			;
	}
	if (n < 0) {
		warn_msg("%s: %s: %s", flag, path, strerror(errno));
		return CSV_READ_SYS;
	}
	return 0;
}

/*
 * Open path for reading, never blocking in open(2): 0, or a CSV_READ_
 * code after a message (a file that is missing, unreadable or a
 * directory is bad input; a system failure is not).
 */
static int
open_source(const char *flag, const char *path, struct source *src)
{
	struct stat st;
	int flags, rc, is_stdin = strcmp(path, "-") == 0;

	/*
	 * - is standard input, read where it stands (a copy of descriptor
	 * 0: its flags, shared with the shell's terminal, are left alone)
	 */
	if (is_stdin)
		src->fd = fcntl(STDIN_FILENO, F_DUPFD_CLOEXEC, 0);
	else
		src->fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	path = input_name(path);
	if (src->fd < 0) {
		rc = errno == ENOMEM || errno == EMFILE || errno == ENFILE ||
		    errno == EIO || errno == EINTR ? CSV_READ_SYS :
		    CSV_READ_BAD;
		warn_msg("%s: %s: %s", flag, path, strerror(errno));
		return rc;
	}
	if (fstat(src->fd, &st) != 0) {
		warn_msg("%s: %s: %s", flag, path, strerror(errno));
		return CSV_READ_SYS;
	}
	if (S_ISDIR(st.st_mode)) {
		warn_msg("%s: %s: a directory, not a file", flag, path);
		return CSV_READ_BAD;
	}
	if (is_stdin)
		return 0;
	if (S_ISFIFO(st.st_mode) && (rc = open_fifo(flag, path, src)) != 0)
		return rc;
	/* from here reads wait for data, as they should */
	if ((flags = fcntl(src->fd, F_GETFL)) < 0 ||
	    fcntl(src->fd, F_SETFL, flags & ~O_NONBLOCK) < 0) {
		warn_msg("%s: %s: %s", flag, path, strerror(errno));
		return CSV_READ_SYS;
	}
	return 0;
}

/*
 * Read more of the file into the buffer, the unfed bytes moved to its
 * front: 0 (src->eof at the end), or a CSV_READ_ code after a message.
 */
static int
fill(struct reader *rd, struct source *src)
{
	ssize_t r;

	if (src->start > 0) {
		memmove(src->buf, src->buf + src->start, src->len -
		    src->start);
		src->len -= src->start;
		src->scanned -= src->start;
		src->start = 0;
	}
	if (src->len == CSV_LINE_MAX) {
		if (memchr(src->buf, '\0', src->len) != NULL)
			warn_msg("%s: %s line %ld: a NUL byte", rd->flag,
			    rd->path, rd->line + 1);
		else
			warn_msg("%s: %s line %ld: longer than %d bytes",
			    rd->flag, rd->path, rd->line + 1, CSV_LINE_MAX);
		return CSV_READ_BAD;
	}
	while ((r = read(src->fd, src->buf + src->len, CSV_LINE_MAX -
	    src->len)) < 0 && errno == EINTR)
		;
	if (r < 0) {
		warn_msg("%s: %s: %s", rd->flag, rd->path, strerror(errno));
		return CSV_READ_SYS;
	}
	if (r == 0)
		src->eof = 1;
	src->len += (size_t)r;
	return 0;
}

/*
 * Feed the file to libcsv line by line until the end or an error.  A
 * line ends at LF, CR LF or CR: a CR that is the last byte read waits for
 * the next read (or the end of the file) to say whether an LF follows.
 */
static void
read_lines(struct csv_parser *p, struct reader *rd, struct source *src)
{
	const char *q, *end;
	size_t eol;

	while (rd->rc == 0) {
		end = src->buf + src->len;
		for (q = src->buf + src->scanned; q < end && *q != '\n' &&
		    *q != '\r'; q++)
			;
		src->scanned = (size_t)(q - src->buf);
		if (q < end && (*q == '\n' || q + 1 < end || src->eof)) {
			eol = src->scanned;
			src->scanned += *q == '\r' && q + 1 < end &&
			    q[1] == '\n' ? 2 : 1;
			feed_line(p, rd, src->buf + src->start, eol -
			    src->start);
			src->start = src->scanned;
			continue;
		}
		if (src->eof) {
			if (src->len > src->start)
				feed_line(p, rd, src->buf + src->start,
				    src->len - src->start);
			return;
		}
		rd->rc = fill(rd, src);
	}
}

/* See cli.h: "stdin" for -, else the path. */
const char *
input_name(const char *path)
{
	return strcmp(path, "-") == 0 ? "stdin" : path;
}

/* Read path record by record; see cli.h. */
int
csv_read_file(const char *flag, const char *path, csv_row_fn fn, void *ctx)
{
	struct csv_parser p;
	struct reader rd;
	struct source src;

	memset(&rd, 0, sizeof(rd));
	memset(&src, 0, sizeof(src));
	rd.flag = flag;
	rd.path = input_name(path);
	rd.fn = fn;
	rd.ctx = ctx;
	if ((src.buf = malloc(CSV_LINE_MAX)) == NULL ||
	    csv_init(&p, CSV_STRICT | CSV_STRICT_FINI | CSV_APPEND_NULL) != 0) {
		free(src.buf);
		warn_msg("%s: out of memory", flag);
		return CSV_READ_SYS;
	}
	csv_set_space_func(&p, no_space);
	if ((rd.rc = open_source(flag, path, &src)) == 0)
		read_lines(&p, &rd, &src);
	/* every line was given its end: nothing is left to finish */
	if (rd.rc == 0 && csv_fini(&p, on_field, on_record, &rd) != 0) {
		warn_msg("%s: %s line %ld: %s", flag, rd.path, rd.line,
		    csv_strerror(csv_error(&p)));
		rd.rc = CSV_READ_BAD;
	}
	clear_fields(&rd);
	csv_free(&p);
	free(src.buf);
	if (src.fd >= 0)
		close(src.fd);
	return rd.rc;
}
