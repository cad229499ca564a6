/*
 * spring/network.h - spring networks in 1, 2 or 3 dimensions (network.c).
 * Part of the springsim library: include "spring.h" for all of it.
 *
 * EXPERIMENTAL (spring.h: SPRING_EXPERIMENTAL): not part of the stable
 * core; its interface may change between releases.
 */
#ifndef SPRING_NETWORK_H
#define SPRING_NETWORK_H

#ifdef __cplusplus
extern "C" {
#endif

/*
 * Spring networks (network.c): bodies in 1, 2 or 3 dimensions joined by
 * springs, after Nissen ("Towards a Simpler, Stiffer, and more Stable
 * Spring": the pair on the reduced mass, the rope, the mesh) and Fiedler
 * ("Spring Physics": the rest-length spring).  A spring
 * joins body a to body b, or to an anchor point that rides the target
 * line g(t) = g + q t plus its own offset (infinitely heavy, so it takes
 * the weight w0).  Fiedler's force on a, d = x_a - x_b:
 *	f = -k w (|d| - L) d / |d| - c w (v_a - v_b)
 * (c the damping, on the whole relative velocity as Fiedler writes it;
 * |d| = 0 gives no elastic force).  That damper is not central: it damps
 * a rigid rotation too, and a damped pair loses its angular momentum
 * (at rate c / m_red about the centre of mass).  With axial_damping set
 * the damper acts along the spring only, as in many engines and cloth
 * codes:
 *	f = -k w (|d| - L) u - c w ((v_a - v_b) . u) u,  u = d / |d|
 * central, so every force keeps the angular momentum (Nissen: the
 * pair "may rotate around each other"); |d| = 0 has no u and gives
 * no damping force either; the implicit rules' damping matrix is then
 * c w u u^T a spring.  Along the spring the two are the same, bit for
 * bit.  With linear set the springs are Nissen's linear model instead:
 * x are displacements, f = -k w d - c w (v_a - v_b), no rest length, no
 * gravity (the dim-1 mesh), and axial_damping is ignored (one axis: the
 * same damper).  gravity pulls every body along -y (dim >= 2).  The
 * library holds no memory: the caller passes every array.
 */
#define SPRING_NET_MAX_DIM 3

typedef struct spring_net {
	int dim;		/* components a body: 1, 2 or 3 */
	int linear;		/* Nissen's linear springs (see above) */
	int axial_damping;	/* the damper along the spring only (above) */
	long n;			/* bodies, >= 1 */
	const double *mass;	/* n masses, > 0 */
	long nsprings;
	const long *ends;	/* 2 a spring: a, then b or -1 - anchor point */
	const double *anchor;	/* dim an anchor point: offset from g(t); NULL 0 */
	double k, d;		/* each spring's stiffness and damping */
	double w0;		/* the anchor springs' weight */
	double rest;		/* L, ignored when linear */
	double gravity;		/* acceleration along -y, dim >= 2 */
	double g[SPRING_NET_MAX_DIM], q[SPRING_NET_MAX_DIM];	/* g(t) = g + q t */
	long rows, cols;	/* the grid of spring_net_grid, for the modes */
	const double *modes;	/* spring_net_modes' block, or NULL */
} spring_net;

/*
 * The springs of a rows x cols grid (the rope is cols = 1) in the fixed
 * order the impulse rule visits them: row 0's anchor springs by column
 * (anchor point c), then for each body in row-major order its spring to
 * the right neighbour, then the one to the body below.  Fills ends
 * (unless NULL) and returns the count, rows (2 cols - 1) + ... =
 * 2 rows cols - rows.
 */
long spring_net_grid(long rows, long cols, long *ends);

/* Doubles of work a rule needs; and the modes' block. */
#define SPRING_NET_WORK(n, nsprings, dim) \
	(12 * (n) + 12 * (n) * (dim) + ((dim) + 1) * (nsprings))
#define SPRING_NET_MODES(rows, cols) \
	((rows) + (rows) * (rows) + (cols) + (cols) * (cols))

/*
 * A rule applied to the network.  prepare fills work for a step of h (0,
 * or -1 when the rule needs modes the net does not have); step advances
 * x[], v[] (n * dim, body-major) by h from time t, the anchor read at the
 * times the rule's formula evaluates the state.
 */
typedef struct spring_net_rule {
	const char *name;
	const char *summary;
	int order;		/* of accuracy; 0: exact */
	int needs_modes;	/* only for linear grids with spring_net_modes */
	int (*prepare)(const spring_net *net, double h, double *work);
	void (*step)(const spring_net *net, double h, double t, double *work,
	    double *x, double *v);
} spring_net_rule;

/*
 * The worst relative residual |b - A y| / |b| at which a rule's
 * conjugate-gradient solve (implicit, backward-euler, verlet) stopped
 * short of its tolerance, 1e-14, since prepare: 0 when every solve
 * converged (and for the other rules); +inf for a NaN.
 */
double spring_net_solve_residual(const spring_net *net, const double *work);

/* Every network rule, ending in NULL; and the one called name, or NULL. */
extern const spring_net_rule *const spring_net_rules[];
const spring_net_rule *spring_net_rule_find(const char *name);

/*
 * The exact modes of a linear dim-1 grid of equal masses: the stiffness
 * is a Kronecker sum, rows' chain (anchor weight w0) plus a free path
 * across each row, so each mode is the product of two tridiagonal
 * eigenvectors (spring_line_modes).  block holds SPRING_NET_MODES(rows,
 * cols), tmp 2 (rows + cols).  0, or -1 (not such a net, or QL failed).
 */
int spring_net_modes(const spring_net *net, double *block, double *tmp);
/*
 * The exact state at t from (x0, v0) at 0, net->modes set: the modal
 * transform, O(n (rows + cols)).  tmp holds 4 n.
 */
void spring_net_exact(const spring_net *net, const double *x0,
    const double *v0, double t, double *x, double *v, double *tmp);
/*
 * Energy in the anchor's frame at t (velocities less q, heights from the
 * anchor line): kinetic, every spring's k w ext^2 / 2 (ext = |d| - L, or
 * |d| when linear) and m gravity y; and the largest |ext| of a spring.
 */
double spring_net_energy(const spring_net *net, const double *x,
    const double *v, double t);
double spring_net_max_stretch(const spring_net *net, const double *x,
    double t);

#ifdef __cplusplus
}
#endif

#endif
