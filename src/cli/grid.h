/*
 * grid.h - the value lists of flags that take several values at once
 * (analyze's --dt, --hw and --zeta; the sweep's, later):
 *
 *	0.1,0.2,0.5	a comma list, in the order given
 *	A:B:N		N points from A to B, both ends included, equally
 *			spaced ((A (N - 1 - i) + B i) / (N - 1); A alone when N = 1,
 *			which needs B = A)
 *	A:B:Nlog	N points from A to B equally spaced in log10 (ends
 *			> 0), so 0.01:100:5log is 0.01, 0.1, 1, 10, 100
 *
 * Every number is strict (scan_double: the whole string, decimal, finite),
 * N is a whole number from 1 to GRID_MAX_POINTS, a list holds at most
 * GRID_MAX_POINTS numbers.  The ends of a range are its first and last
 * points exactly; the points between never step outside them.
 *
 * A parsed grid keeps a pointer to the text (argv lives as long as the
 * program) and holds no memory: read it with an iterator, by index, or
 * into an array of the caller's.
 */
#ifndef GRID_H
#define GRID_H

#define GRID_MAX_POINTS 10000000L

enum grid_kind { GRID_LIST, GRID_LINEAR, GRID_LOG };

/* Where each value must lie: lo < x (lo_open) or lo <= x, and x <= hi. */
struct grid_bounds {
	double lo, hi;
	int lo_open;
};

struct grid {
	enum grid_kind kind;
	const char *text;	/* the flag's value as given */
	long n;			/* the number of points */
	double a, b;		/* a range's ends (log10 of them for GRID_LOG) */
	double first, last;	/* a range's ends as given */
	double min, max;	/* the smallest and largest point */
};

/*
 * Parse text, the value of flag, into g, checking every point against
 * bounds (NULL: any finite number).  0, or -1 after one line on stderr
 * naming the flag and the value.
 */
int grid_parse(const char *flag, const char *text,
    const struct grid_bounds *bounds, struct grid *g);

/* The number of points. */
long grid_count(const struct grid *g);

/* Point i, 0 <= i < grid_count(g); O(1) for a range, O(i) for a list. */
double grid_at(const struct grid *g, long i);

/* Copy the points into out[0..cap); the count, or -1 if cap is short. */
long grid_fill(const struct grid *g, double *out, long cap);

/* Walking the points in order, O(1) each. */
struct grid_iter {
	const struct grid *g;
	long i;
	const char *p;		/* a list: the next number's text */
};

void grid_begin(const struct grid *g, struct grid_iter *it);
/* The next point in *x and 1, or 0 after the last. */
int grid_next(struct grid_iter *it, double *x);

#endif
