/*
 * drive.c - one body on a Box2D v3 distance-joint spring, stepped by the
 * real library (erincatto/box2d, built by gen.sh from its source), one
 * b2World_Step per frame; prints the golden CSV of tests/engines/README.md.
 *
 *   drive HERTZ ZETA SUBSTEPS X0 V0 TARGET DURATION (DT | @FRAMES_FILE)
 *
 * Geometry (the one src/engine_box2d.c assumes): a static anchor body at
 * the origin, a dynamic body of mass 1 with no shape on the x axis at
 * L + x - target, L = 2 * scale (scale = |target - x0| + |v0| / omega, or
 * 1), joined by a distance joint of rest length L with its spring on, no
 * gravity.  x = body.x - L + target.  The frame's time step is the float
 * of t_k - t_{k-1}; frame times as springsim's clock computes them
 * (k * dt, or the Neumaier sum of a frame list, src/schedule.c).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "box2d/box2d.h"

/* The frame times: k * dt, or the compensated sum of the file's dts. */
static int
frame_times(const char *spec, double duration, double *t, int max)
{
	int n = 0;

	if (spec[0] != '@') {
		double dt = strtod(spec, NULL);

		while (n < max && (double)(n + 1) * dt <= duration + 1e-9) {
			t[n] = (double)(n + 1) * dt;
			n++;
		}
		return n;
	}
	FILE *f = fopen(spec + 1, "r");
	double wall = 0.0, comp = 0.0, dt, sum;

	if (f == NULL)
		return -1;
	while (n < max && fscanf(f, "%lf", &dt) == 1) {
		sum = wall + dt;
		if (fabs(wall) >= fabs(dt))
			comp += (wall - sum) + dt;
		else
			comp += (dt - sum) + wall;
		wall = sum;
		if (wall + comp > duration + 1e-9)
			break;
		t[n++] = wall + comp;
	}
	fclose(f);
	return n;
}

int
main(int argc, char **argv)
{
	static double t[100000];
	double hertz, zeta, x0, v0, target, duration, omega, scale, L, prev;
	int substeps, n, k;

	if (argc != 9) {
		fprintf(stderr, "usage: drive HERTZ ZETA SUBSTEPS X0 V0 TARGET "
		    "DURATION (DT|@FILE)\n");
		return 2;
	}
	hertz = atof(argv[1]);
	zeta = atof(argv[2]);
	substeps = atoi(argv[3]);
	x0 = atof(argv[4]);
	v0 = atof(argv[5]);
	target = atof(argv[6]);
	duration = atof(argv[7]);
	n = frame_times(argv[8], duration, t, 100000);
	if (n < 0) {
		fprintf(stderr, "drive: cannot read %s\n", argv[8] + 1);
		return 2;
	}
	omega = 2.0 * 3.14159265358979323846 * hertz;
	scale = fabs(target - x0) + fabs(v0) / omega;
	L = scale > 0.0 ? 2.0 * scale : 1.0;

	b2WorldDef wd = b2DefaultWorldDef();
	wd.gravity = (b2Vec2){ 0.0f, 0.0f };
	b2WorldId world = b2CreateWorld(&wd);

	b2BodyDef gd = b2DefaultBodyDef();
	b2BodyId ground = b2CreateBody(world, &gd);

	b2BodyDef bd = b2DefaultBodyDef();
	bd.type = b2_dynamicBody;
	bd.position = (b2Pos){ (float)(L + x0 - target), 0.0f };
	bd.linearVelocity = (b2Vec2){ (float)v0, 0.0f };
	b2BodyId body = b2CreateBody(world, &bd);
	b2Body_SetMassData(body, (b2MassData){ 1.0f, { 0.0f, 0.0f }, 1.0f });

	b2DistanceJointDef jd = b2DefaultDistanceJointDef();
	jd.base.bodyIdA = ground;
	jd.base.bodyIdB = body;
	jd.length = (float)L;
	jd.enableSpring = true;
	jd.hertz = (float)hertz;
	jd.dampingRatio = (float)zeta;
	b2CreateDistanceJoint(world, &jd);

	printf("t,x,v,done\n");
	prev = 0.0;
	for (k = 0; k < n; k++) {
		b2World_Step(world, (float)(t[k] - prev), substeps);
		prev = t[k];
		b2Pos p = b2Body_GetPosition(body);
		b2Vec2 v = b2Body_GetLinearVelocity(body);
		printf("%.17g,%.17g,%.17g,%d\n", t[k],
		    (double)p.x - L + target, (double)v.x,
		    b2Body_IsAwake(body) ? 0 : 1);
	}
	b2DestroyWorld(world);
	return 0;
}
