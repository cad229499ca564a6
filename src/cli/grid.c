/*
 * grid.c - comma lists and linear or logarithmic ranges of numbers for
 * the flags that take several values (grid.h).
 */
#include <math.h>
#include <string.h>

#include "cli.h"
#include "grid.h"

/* The longest number a list or a range may spell. */
#define NUMBER_MAX 100

/* text, or "'number' in 'text'" when the number is only part of it. */
static const char *
quoted(const char *number, const char *text, char *buf, size_t len)
{
	if (strcmp(number, text) == 0)
		snprintf(buf, len, "'%s'", text);
	else
		snprintf(buf, len, "'%s' in '%s'", number, text);
	return buf;
}

/* Copy the n characters at s into buf as a string: 0, or -1 if too long. */
static int
copy_number(const char *s, size_t n, char *buf)
{
	if (n > NUMBER_MAX)
		return -1;
	memcpy(buf, s, n);
	buf[n] = '\0';
	return 0;
}

/* One number of the value, strictly; 0, or -1 after the message. */
static int
number(const char *flag, const char *text, const char *s, size_t n,
    double *x)
{
	char buf[NUMBER_MAX + 1], msg[2 * NUMBER_MAX + 600];

	if (copy_number(s, n, buf) != 0) {
		warn_msg("%s: '%s' has a number longer than %d characters",
		    flag, text, NUMBER_MAX);
		return -1;
	}
	switch (scan_double(buf, x)) {
	case 0:
		return 0;
	case -2:
		warn_msg("%s: %s is out of the range of a double", flag,
		    quoted(buf, text, msg, sizeof(msg)));
		return -1;
	default:
		warn_msg("%s: %s is not a decimal number", flag,
		    quoted(buf, text, msg, sizeof(msg)));
		return -1;
	}
}

/* Whether x lies within bounds (NULL: anywhere). */
static int
in_bounds(const struct grid_bounds *b, double x)
{
	if (b == NULL)
		return 1;
	if (b->lo_open ? !(x > b->lo) : !(x >= b->lo))
		return 0;
	return x <= b->hi;
}

/* "must be > 0", "must be <= 1e+100", ... for the value x. */
static const char *
bounds_text(const struct grid_bounds *b, double x, char *buf, size_t len)
{
	if (x > b->hi)
		snprintf(buf, len, "must be <= %g", b->hi);
	else
		snprintf(buf, len, "must be %s %g", b->lo_open ? ">" : ">=",
		    b->lo);
	return buf;
}

/* A comma list: count and check every number. */
static int
parse_list(const char *flag, const char *text,
    const struct grid_bounds *bounds, struct grid *g)
{
	const char *p = text, *end;
	char buf[NUMBER_MAX + 1], msg[2 * NUMBER_MAX + 600], why[64];
	double x;

	g->kind = GRID_LIST;
	for (;;) {
		end = strchr(p, ',');
		if (end == NULL)
			end = p + strlen(p);
		if (end == p && *text != '\0') {
			warn_msg("%s: '%s' has an empty value", flag, text);
			return -1;
		}
		if (g->n == GRID_MAX_POINTS) {
			warn_msg("%s: '%.40s...' is a list of more than %ld "
			    "values", flag, text, GRID_MAX_POINTS);
			return -1;
		}
		if (number(flag, text, p, (size_t)(end - p), &x) != 0)
			return -1;
		if (!in_bounds(bounds, x)) {
			copy_number(p, (size_t)(end - p), buf);
			warn_msg("%s: %s %s", flag,
			    quoted(buf, text, msg, sizeof(msg)),
			    bounds_text(bounds, x, why, sizeof(why)));
			return -1;
		}
		if (g->n == 0 || x < g->min)
			g->min = x;
		if (g->n == 0 || x > g->max)
			g->max = x;
		g->n++;
		if (*end == '\0')
			return 0;
		p = end + 1;
	}
}

/* A range A:B:N or A:B:Nlog, its colons at c1 and c2. */
static int
parse_range(const char *flag, const char *text, const char *c1,
    const char *c2, const struct grid_bounds *bounds, struct grid *g)
{
	char buf[NUMBER_MAX + 1], why[64];
	const char *count = c2 + 1;
	size_t len = strlen(count);
	long n;
	double x;

	g->kind = GRID_LINEAR;
	if (number(flag, text, text, (size_t)(c1 - text), &g->first) != 0 ||
	    number(flag, text, c1 + 1, (size_t)(c2 - c1 - 1), &g->last) != 0)
		return -1;
	if (len > 3 && strcmp(count + len - 3, "log") == 0) {
		g->kind = GRID_LOG;
		len -= 3;
	}
	if (copy_number(count, len, buf) != 0 || scan_long(buf, &n) != 0 ||
	    n < 1 || n > GRID_MAX_POINTS) {
		warn_msg("%s: '%s': the count '%s' is not a whole number "
		    "from 1 to %ld", flag, text, count, GRID_MAX_POINTS);
		return -1;
	}
	g->n = n;
	if (g->kind == GRID_LOG && !(g->first > 0.0 && g->last > 0.0)) {
		warn_msg("%s: '%s': a log range needs ends > 0", flag, text);
		return -1;
	}
	if (n == 1 && g->first != g->last) {
		warn_msg("%s: '%s': a range of 1 point needs equal ends", flag,
		    text);
		return -1;
	}
	x = !in_bounds(bounds, g->first) ? g->first : g->last;
	if (!in_bounds(bounds, x)) {
		warn_msg("%s: '%s' reaches %g, and values %s", flag, text, x,
		    bounds_text(bounds, x, why, sizeof(why)));
		return -1;
	}
	g->min = g->first < g->last ? g->first : g->last;
	g->max = g->first < g->last ? g->last : g->first;
	if (g->kind == GRID_LOG) {
		g->a = log10(g->first);
		g->b = log10(g->last);
	} else {
		g->a = g->first;
		g->b = g->last;
	}
	return 0;
}

/* A list, or a range when there are colons; see grid.h. */
int
grid_parse(const char *flag, const char *text,
    const struct grid_bounds *bounds, struct grid *g)
{
	const char *c1 = strchr(text, ':'), *c2;

	memset(g, 0, sizeof(*g));
	g->text = text;
	if (c1 == NULL)
		return parse_list(flag, text, bounds, g);
	c2 = strchr(c1 + 1, ':');
	if (c2 == NULL || strchr(c2 + 1, ':') != NULL ||
	    strchr(text, ',') != NULL) {
		warn_msg("%s: '%s' is neither a list (A,B,...) nor a range "
		    "(A:B:N or A:B:Nlog)", flag, text);
		return -1;
	}
	return parse_range(flag, text, c1, c2, bounds, g);
}

/* The number of points. */
long
grid_count(const struct grid *g)
{
	return g->n;
}

/*
 * Point i of a range: the ends exactly, the rest a + (b - a) i / (n - 1)
 * (the product first, so that 0:1:11 gives the doubles 0.1, 0.2, ...),
 * halved first if the span overflows, then 10^x for a log range, kept
 * within the ends.
 */
static double
range_at(const struct grid *g, long i)
{
	double m = (double)(g->n - 1), j = (double)i;
	/* the weighted mean of the ends: 0.01:0.03:3 has 0.02, not
	 * 0.01 + 0.02 / 2 = 0.019999999999999997 */
	double q = g->a * (m - j) + g->b * j, x;

	if (i == 0)
		return g->first;
	if (i == g->n - 1)
		return g->last;
	if (isfinite(q))
		x = q / m;
	else
		x = 2.0 * (g->a / 2.0 + (g->b / 2.0 - g->a / 2.0) *
		    ((double)i / (double)(g->n - 1)));
	if (g->kind == GRID_LOG)
		x = pow(10.0, x);
	if (x < g->min)
		x = g->min;
	if (x > g->max)
		x = g->max;
	return x;
}

/* The number of a list that starts at p, and where the next one starts. */
static double
list_number(const char *p, const char **next)
{
	const char *end = strchr(p, ',');
	char buf[NUMBER_MAX + 1] = "";	/* (read even if it did not fit) */
	double x = 0.0;

	if (end == NULL)
		end = p + strlen(p);
	/* checked by grid_parse: it fits and it scans */
	copy_number(p, (size_t)(end - p), buf);
	scan_double(buf, &x);
	*next = *end == ',' ? end + 1 : end;
	return x;
}

/* Point i. */
double
grid_at(const struct grid *g, long i)
{
	const char *p = g->text;
	double x = 0.0;

	if (g->kind != GRID_LIST)
		return range_at(g, i);
	do
		x = list_number(p, &p);
	while (i-- > 0);
	return x;
}

/* Every point into out. */
long
grid_fill(const struct grid *g, double *out, long cap)
{
	struct grid_iter it;
	long n = 0;

	if (g->n > cap)
		return -1;
	grid_begin(g, &it);
	while (grid_next(&it, &out[n]))
		n++;
	return n;
}

/* Start at the first point. */
void
grid_begin(const struct grid *g, struct grid_iter *it)
{
	it->g = g;
	it->i = 0;
	it->p = g->text;
}

/* The next point; see grid.h. */
int
grid_next(struct grid_iter *it, double *x)
{
	if (it->i >= it->g->n)
		return 0;
	if (it->g->kind == GRID_LIST)
		*x = list_number(it->p, &it->p);
	else
		*x = range_at(it->g, it->i);
	it->i++;
	return 1;
}
