/*
 * csvin.c - reading CSV input files with libcsv, record by record, with
 * the line each record came from, for messages that name it.
 *
 * The file is fed to libcsv a line at a time, so a record's line number
 * is exact (a quoted field spanning lines is refused: our inputs are
 * numbers).  Quoted fields and CRLF line ends are accepted.
 */
#include <csv.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

/* libcsv's field callback: keep a copy of the field. */
static void
on_field(void *s, size_t len, void *data)
{
	struct reader *rd = data;
	char *f;

	if (rd->nfields >= MAX_FIELDS) {
		rd->too_many = 1;
		return;
	}
	if ((f = malloc(len + 1)) == NULL) {
		rd->rc = -1;
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
		rd->rc = -1;
	}
	if (rd->rc == 0)
		rd->rc = rd->fn(rd->ctx, rd->line, rd->field, rd->nfields);
	clear_fields(rd);
}

/* Read path record by record; see cli.h. */
int
csv_read_file(const char *flag, const char *path, csv_row_fn fn, void *ctx)
{
	struct csv_parser p;
	struct reader rd;
	FILE *fp;
	char *line = NULL;
	size_t cap = 0;
	ssize_t n;

	memset(&rd, 0, sizeof(rd));
	rd.flag = flag;
	rd.path = path;
	rd.fn = fn;
	rd.ctx = ctx;
	if ((fp = fopen(path, "r")) == NULL) {
		warn_msg("%s: %s: %s", flag, path, strerror(errno));
		return -1;
	}
	if (csv_init(&p, CSV_STRICT | CSV_STRICT_FINI | CSV_APPEND_NULL) != 0) {
		fclose(fp);
		warn_msg("%s: out of memory", flag);
		return -1;
	}
	while (rd.rc == 0 && (n = getline(&line, &cap, fp)) > 0) {
		rd.line++;
		if (csv_parse(&p, line, (size_t)n, on_field, on_record, &rd) !=
		    (size_t)n) {
			warn_msg("%s: %s line %ld: %s", flag, path, rd.line,
			    csv_strerror(csv_error(&p)));
			rd.rc = -1;
		} else if (rd.rc == 0 && rd.nfields > 0) {
			/* a quoted field still open at the end of the line */
			warn_msg("%s: %s line %ld: a quoted field runs past the "
			    "end of the line", flag, path, rd.line);
			rd.rc = -1;
		}
	}
	if (rd.rc == 0 && ferror(fp)) {
		warn_msg("%s: %s: %s", flag, path, strerror(errno));
		rd.rc = -1;
	}
	if (rd.rc == 0 && csv_fini(&p, on_field, on_record, &rd) != 0) {
		warn_msg("%s: %s line %ld: %s", flag, path, rd.line,
		    csv_strerror(csv_error(&p)));
		rd.rc = -1;
	}
	clear_fields(&rd);
	csv_free(&p);
	free(line);
	fclose(fp);
	return rd.rc;
}
