/*
 * embed.cc - the same from C++ (tests/cli/install.bats): the headers'
 * extern "C" lets it link.  A critically damped spring let go at x0 = 1,
 * at rest, toward a target at 0: x(t) = (1 + omega t) e^(-omega t),
 * v(t) = -omega^2 t e^(-omega t).  A whole run of the exact rule
 * (spring_simulate, each row handed to a C++ function) must end there,
 * its reference on it, its metrics near zero.
 */
#include <cmath>
#include <cstdio>

#include <spring.h>

namespace {

// The last row a run hands over.
struct last_row {
	spring_row row;
	long rows;
};

int
keep(void *ctx, const spring_row *row, double)
{
	last_row *l = static_cast<last_row *>(ctx);

	l->row = *row;
	l->rows++;
	return 0;
}

// |got - want| within tol, else a line saying which and 1.
int
off(const char *what, double got, double want, double tol)
{
	if (std::fabs(got - want) <= tol)
		return 0;
	std::printf("%s: %.17g, want %.17g\n", what, got, want);
	return 1;
}

}

int
main()
{
	const double omega = 2.0;
	spring_sim sim = spring_sim();
	spring_metrics m;
	last_row l = { spring_row(), 0 };
	int bad = 0;

	if (SPRING_ABI_CHECK() != 0)
		return 1;
	sim.rule = spring_rule_find("exact");
	if (sim.rule == nullptr || spring_params_set(omega, 1.0, 1.0,
	    &sim.params) != 0)
		return 1;
	sim.x0 = 1.0;
	sim.dt = 0.01;
	sim.frames = 100;
	if (spring_simulate(&sim, keep, &l, &m, nullptr) != 0)
		return 1;
	double t = l.row.t, e = std::exp(-omega * t);
	bad += off("rows", l.rows, 101, 0);
	bad += off("t", t, 1.0, 1e-15);
	bad += off("x", l.row.x, (1.0 + omega * t) * e, 1e-12);
	bad += off("v", l.row.v, -omega * omega * t * e, 1e-12);
	bad += off("x_ref", l.row.x_ref, (1.0 + omega * t) * e, 1e-14);
	bad += off("max_err_x", m.max_err_x, 0.0, 1e-12);
	std::printf("springsim %s\n", SPRING_VERSION);
	return bad != 0;
}
