/*
 * schedule.c - frame times: constant, recorded, jittered, with hitches.
 *
 * The jitter comes from splitmix64 (Steele, Lea and Flood, "Fast
 * splittable pseudorandom number generators", 2014): 64-bit integer
 * arithmetic only, so a seed gives the same frames on every machine.
 */
#include <math.h>
#include <string.h>

#include "spring.h"

/* The next splitmix64 output as a double uniform in [-1, 1). */
double
spring_uniform(unsigned long long *state)
{
	unsigned long long z;

	*state += 0x9E3779B97F4A7C15ULL;
	z = *state;
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
	z ^= z >> 31;
	/* the top 53 bits: an exact multiple of 2^-53 in [0, 1) */
	return (double)(z >> 11) * 0x1p-52 - 1.0;
}

/* Whether every frame is the base dt: no list, no jitter, no hitch. */
int
spring_schedule_constant(const spring_schedule *sched)
{
	return sched == NULL || (sched->list == NULL &&
	    sched->jitter == 0.0 && sched->nhitches == 0);
}

/* A clock at wall time 0 before its first frame. */
void
spring_clock_init(spring_clock *c, const spring_schedule *sched)
{
	memset(c, 0, sizeof(*c));
	c->sched = sched;
	c->rng = sched->seed;
}

/*
 * The next frame: its length and the wall time it ends at.  Sums of
 * varying frames are compensated (Neumaier), so a long run's clock does
 * not drift by the rounding of each addition.
 */
int
spring_clock_next(spring_clock *c, double *frame_dt, double *wall)
{
	const spring_schedule *s = c->sched;
	double dt, sum;

	if (s->list != NULL) {
		if (c->frame >= s->list_len)
			return 0;
		dt = s->list[c->frame];
	} else
		dt = s->dt;
	if (s->jitter > 0.0)
		dt *= 1.0 + s->jitter * spring_uniform(&c->rng);
	if (c->next_hitch < s->nhitches &&
	    c->wall + c->comp >= s->hitches[c->next_hitch].at) {
		dt = s->hitches[c->next_hitch].len;
		c->next_hitch++;
	}
	c->frame++;
	if (spring_schedule_constant(s)) {
		c->wall = (double)c->frame * s->dt;
	} else {
		sum = c->wall + dt;
		if (fabs(c->wall) >= fabs(dt))
			c->comp += (c->wall - sum) + dt;
		else
			c->comp += (dt - sum) + c->wall;
		c->wall = sum;
	}
	*frame_dt = dt;
	*wall = c->wall + c->comp;
	return 1;
}
