/*
 * json.c - the JSON writer of json.h: RFC 8259 text, strings escaped
 * (quotation mark, reverse solidus and the control characters), numbers
 * by numfmt (the digits every other output of springsim prints).
 */
#include <math.h>
#include <stdio.h>

#include "json.h"
#include "numfmt.h"

/* A newline and two spaces a level of nesting. */
static void
indent(struct json *j)
{
	int i;

	fputc('\n', j->f);
	for (i = 0; i < j->depth; i++)
		fputs("  ", j->f);
}

/* s as a JSON string, quoted and escaped. */
static void
put_string(FILE *f, const char *s)
{
	const unsigned char *p;

	fputc('"', f);
	for (p = (const unsigned char *)s; *p != '\0'; p++) {
		if (*p == '"' || *p == '\\')
			fprintf(f, "\\%c", *p);
		else if (*p == '\n')
			fputs("\\n", f);
		else if (*p == '\t')
			fputs("\\t", f);
		else if (*p < 0x20)
			fprintf(f, "\\u%04x", *p);
		else
			fputc(*p, f);
	}
	fputc('"', f);
}

/*
 * What comes before a value: the comma after the one before it, the
 * indentation, and the member's name inside an object.
 */
static void
before(struct json *j, const char *key)
{
	if (j->depth > 0) {
		if (j->count[j->depth] > 0)
			fputc(',', j->f);
		indent(j);
	}
	j->count[j->depth]++;
	if (key != NULL) {
		put_string(j->f, key);
		fputs(": ", j->f);
	}
}

/* See json.h. */
void
json_start(struct json *j, FILE *f)
{
	j->f = f;
	j->depth = 0;
	j->count[0] = 0;
	j->overflow = 0;
}

/* See json.h. */
void
json_end(struct json *j)
{
	while (j->depth > 0)
		json_close(j);
	fputc('\n', j->f);
}

/* Open a container: its opening bracket, one level deeper. */
static void
open_with(struct json *j, const char *key, char open, char close)
{
	before(j, key);
	fputc(open, j->f);
	if (j->depth + 1 >= JSON_DEPTH) {
		/* a caller's bug, never the input's: flattened, flagged */
		j->overflow = 1;
		return;
	}
	j->depth++;
	j->count[j->depth] = 0;
	j->close[j->depth] = close;
}

/* See json.h. */
void
json_object(struct json *j, const char *key)
{
	open_with(j, key, '{', '}');
}

/* See json.h. */
void
json_array(struct json *j, const char *key)
{
	open_with(j, key, '[', ']');
}

/* See json.h: an empty container closes on the line it opened. */
void
json_close(struct json *j)
{
	if (j->depth == 0)
		return;
	if (j->count[j->depth] > 0) {
		j->depth--;
		indent(j);
		fputc(j->close[j->depth + 1], j->f);
	} else {
		fputc(j->close[j->depth], j->f);
		j->depth--;
	}
}

/* See json.h. */
void
json_string(struct json *j, const char *key, const char *s)
{
	before(j, key);
	if (s == NULL)
		fputs("null", j->f);
	else
		put_string(j->f, s);
}

/* See json.h. */
void
json_number(struct json *j, const char *key, double v)
{
	char buf[NUMFMT_MAX + 1];

	before(j, key);
	if (!isfinite(v)) {
		fputs("null", j->f);
		return;
	}
	buf[numfmt_roundtrip(buf, v)] = '\0';
	fputs(buf, j->f);
}

/* See json.h. */
void
json_integer(struct json *j, const char *key, long long v)
{
	before(j, key);
	fprintf(j->f, "%lld", v);
}

/* See json.h. */
void
json_bool(struct json *j, const char *key, int v)
{
	before(j, key);
	fputs(v ? "true" : "false", j->f);
}

/* See json.h. */
void
json_null(struct json *j, const char *key)
{
	before(j, key);
	fputs("null", j->f);
}
