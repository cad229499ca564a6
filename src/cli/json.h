/*
 * json.h - a small streaming JSON writer for `springsim list --json`:
 * objects and arrays opened and closed in order, a key before each value
 * inside an object, two-space indentation.  It writes to a FILE; the
 * caller checks the stream (flush_stdout) once at the end.
 */
#ifndef JSON_H
#define JSON_H

#include <stdio.h>

/* The deepest nesting a writer takes (list --json needs five). */
#define JSON_DEPTH 16

struct json {
	FILE *f;
	int depth;
	int count[JSON_DEPTH];	/* the values written at each depth */
	char close[JSON_DEPTH];	/* each open container's closing bracket */
	int overflow;		/* nesting past JSON_DEPTH was asked for */
};

/* Start writing one JSON value to f. */
void json_start(struct json *j, FILE *f);
/* End it: every container closed, a newline. */
void json_end(struct json *j);

/*
 * The value functions: key is the member's name inside an object and
 * NULL inside an array (or for the top value).
 */
void json_object(struct json *j, const char *key);
void json_array(struct json *j, const char *key);
void json_close(struct json *j);	/* the innermost object or array */
/* A string; NULL writes null. */
void json_string(struct json *j, const char *key, const char *s);
/*
 * A number, in the shortest digits that read back to it; JSON has no
 * infinity or NaN: -inf and inf are written as null where the caller
 * has not said otherwise (a range without a bound), NaN as null.
 */
void json_number(struct json *j, const char *key, double v);
void json_integer(struct json *j, const char *key, long long v);
void json_bool(struct json *j, const char *key, int v);
void json_null(struct json *j, const char *key);

#endif
