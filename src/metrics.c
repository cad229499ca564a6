/*
 * metrics.c - error and behaviour metrics over a run, streamed in O(1)
 * memory.  The definitions are in spring.h (and --help, the README).
 */
#include <math.h>
#include <string.h>

#include "metrics.h"

/* Start the sums with the t = 0 row (metrics.h's metrics_begin). */
void
spring_metrics_begin(spring_metrics_acc *a, const spring_params *p,
    const spring_row *first)
{
	metrics_begin(a, p, first);
}

/* Fold one row into the sums (the out-of-line form of metrics_add). */
void
spring_metrics_add(spring_metrics_acc *a, const spring_row *row)
{
	metrics_add(a, row);
}

/* Turn the sums into the metrics (metrics.h's metrics_end). */
void
spring_metrics_end(const spring_metrics_acc *a, spring_metrics *m)
{
	metrics_end(a, m, 1);
}
