#!/usr/bin/python3
"""sweep_numpy.py - the NumPy baseline of `springsim sweep` (make bench).

The same sweep as

    springsim sweep --integrator semi-implicit --dt 0.01 --frames 100 \\
        --uaf 1:100:1000log --dr 0:2:1000 -j N --quiet -o FILE

written the way a NumPy user would: every configuration at once (in blocks
of --block springs, so the working set stays in cache), the semi-implicit
step and the exact reference as whole-array operations, the metrics as
running maxima and sums, and the CSV by np.savetxt with '%.17g'.

Per unit mass a = w2 (g - x) + c (q - v), w2 = omega^2, c = 2 zeta omega;
one step: v += h a(x, v); x += h v.  Target g = 1, q = 0, x0 = v0 = 0.
The reference is the offset (x - g, v - q) carried by the 2x2 propagator
Phi(h) of each configuration, once per frame.  The metrics follow
src/metrics.c (rows t = 0, h, ..., frames h; a diverged run stops before
the row that diverged).

Prints the wall time of the simulation (grid, propagators, frames and
metrics), of the CSV writing, and the total.  --check FILE compares a
springsim sweep CSV with this implementation, metric by metric.

Run with /usr/bin/python3 (Debian's python3-numpy).
"""
import argparse
import csv
import math
import sys
import time

try:
    import numpy as np
except ImportError:
    sys.stderr.write("sweep_numpy.py: no numpy for %s; "
                     "apt-get install python3-numpy\n" % sys.executable)
    sys.exit(3)

# the sweep's fixed spring
DT = 0.01
TARGET = 1.0
TARGET_VEL = 0.0
X0 = 0.0
V0 = 0.0
MASS = 1.0
DIVERGE_FACTOR = 1e6        # SPRING_DIVERGE_FACTOR, include/spring/sim.h

# the columns written, springsim's metrics row without its text columns
# (model, integrator, substep) and its frame-policy ones
COLUMNS = ["dt", "frames", "omega", "zeta", "mass", "x0", "v0", "target",
           "target_vel", "max_err_x", "rms_err_x", "final_err_x",
           "max_err_v", "rms_err_v", "final_err_v", "overshoot",
           "settle_time", "energy_drift", "diverged"]
METRICS = ["max_err_x", "rms_err_x", "final_err_x", "max_err_v",
           "rms_err_v", "final_err_v", "overshoot", "settle_time",
           "energy_drift", "diverged"]


def grid(n_omega, n_zeta):
    """The cartesian product, zeta varying fastest."""
    omega = np.logspace(0.0, 2.0, n_omega)
    zeta = np.linspace(0.0, 2.0, n_zeta)
    return np.repeat(omega, n_zeta), np.tile(zeta, n_omega)


def propagator(omega, zeta, h):
    """Phi(h) = [[pa, pb], [pc, pd]] of the offset, vectorised.

    With E = exp(-zeta omega h) and, below critical damping, b = omega
    sqrt(1 - zeta^2), C = cos(b h), S = sin(b h) / b; above it, a = omega
    sqrt(zeta^2 - 1), C = cosh(a h), S = sinh(a h) / a; at it C = 1, S = h:

        Phi = E [[C + zeta omega S, S], [-omega^2 S, C - zeta omega S]]

    S is h times sinc(b h) (sin y / y, or sinh y / y): no division by a
    vanishing b or a, continuous across zeta = 1, and 1 - zeta^2 is formed
    as (1 - zeta)(1 + zeta), so nothing cancels near critical.
    """
    under = zeta < 1.0
    over = zeta > 1.0
    r = np.sqrt(np.abs((1.0 - zeta) * (1.0 + zeta)))
    y = omega * r * h
    c = np.ones_like(y)
    s = np.ones_like(y)                 # sinc(y), 1 at y = 0
    nz = y != 0.0
    u = under & nz
    o = over & nz
    c[under] = np.cos(y[under])
    s[u] = np.sin(y[u]) / y[u]
    c[over] = np.cosh(y[over])
    s[o] = np.sinh(y[o]) / y[o]
    s *= h
    zw = zeta * omega
    e = np.exp(-zw * h)
    return (e * (c + zw * s), e * s, -(omega * omega) * (e * s),
            e * (c - zw * s))


def simulate(omega, zeta, frames, h=DT, block=1 << 14):
    """The metrics of every configuration, as a dict of arrays."""
    n = omega.size
    out = {k: np.empty(n) for k in METRICS}
    g, q = TARGET, TARGET_VEL
    off0, dv0 = X0 - g, V0 - q
    dist0 = abs(off0)
    # metrics.c: the direction away from x0, the band and E0
    if off0 != 0.0:
        sgn = 1.0 if off0 < 0.0 else -1.0
    elif dv0 != 0.0:
        sgn = 1.0 if dv0 > 0.0 else -1.0
    else:
        sgn = 0.0
    scale = dist0 if dist0 > 0.0 else 1.0
    band = 0.02 * scale
    times = np.arange(frames + 1, dtype=np.float64) * h      # t = k h
    for lo in range(0, n, block):
        hi = min(n, lo + block)
        m = _block(omega[lo:hi], zeta[lo:hi], frames, h, g, q, sgn, scale,
                   band, times)
        for k in METRICS:
            out[k][lo:hi] = m[k]
    return out


def _block(omega, zeta, frames, h, g, q, sgn, scale, band, times):
    """One block of springs, all frames; see simulate."""
    b = omega.size
    w2 = omega * omega
    c = 2.0 * zeta * omega
    pa, pb, pc, pd = propagator(omega, zeta, h)
    off0, dv0 = X0 - g, V0 - q
    e0 = dv0 * dv0 + w2 * (off0 * off0)
    e0 = np.where(e0 == 0.0, w2, e0)
    limit = DIVERGE_FACTOR * (abs(off0) + abs(dv0) / omega + 1.0)
    limit_min = float(limit.min())

    x = np.full(b, X0)
    v = np.full(b, V0)
    e = np.full(b, off0)                # the reference's offset
    de = np.full(b, dv0)
    # row 0: x = x_ref, v = v_ref
    max_ex = np.zeros(b)
    max_ev = np.zeros(b)
    sum_ex2 = np.zeros(b)
    sum_ev2 = np.zeros(b)
    beyond = np.maximum(0.0, np.full(b, sgn * off0))
    last_out = np.full(b, 0 if abs(off0) > band else -1, dtype=np.int64)
    drift = np.zeros(b)
    ex = np.zeros(b)
    ev = np.zeros(b)

    alive = np.ones(b, dtype=bool)
    rows = np.full(b, frames + 1, dtype=np.int64)
    last_ex = np.zeros(b)
    last_ev = np.zeros(b)
    diverged = np.zeros(b)

    t1 = np.empty(b)
    t2 = np.empty(b)
    t3 = np.empty(b)
    off = np.empty(b)
    aoff = np.empty(b)
    outside = np.empty(b, dtype=bool)
    for k in range(1, frames + 1):
        # the semi-implicit step: v += h (w2 (g - x) + c (q - v)); x += h v
        np.subtract(g, x, out=t1)
        t1 *= w2
        np.subtract(q, v, out=t2)
        t2 *= c
        t1 += t2
        t1 *= h
        v += t1
        np.multiply(h, v, out=t1)
        x += t1
        # the reference: (e, de) = Phi (e, de)
        np.multiply(pa, e, out=t1)
        np.multiply(pb, de, out=t2)
        t1 += t2
        np.multiply(pc, e, out=t2)
        np.multiply(pd, de, out=t3)
        t2 += t3
        e, t1 = t1, e
        de, t2 = t2, de
        np.subtract(x, g, out=off)
        np.abs(off, out=aoff)
        # diverged: |x - g| past the limit or not finite (the max is NaN
        # then); the row is not measured (ex, ev still hold the last one
        # that was), the spring is frozen at rest
        if not aoff.max() <= limit_min:
            bad = alive & (~(aoff <= limit) | ~np.isfinite(v))
            if bad.any():
                rows[bad] = k
                last_ex[bad] = ex[bad]
                last_ev[bad] = ev[bad]
                diverged[bad] = 1.0
                alive &= ~bad
                x[bad] = g
                v[bad] = q
                e[bad] = 0.0
                de[bad] = 0.0
                off[bad] = 0.0
                aoff[bad] = 0.0
        # err_x = x - x_ref, x_ref = g + e; err_v = v - v_ref, v_ref = q + de
        np.add(g, e, out=t1)            # x_ref
        np.subtract(x, t1, out=ex)
        np.add(q, de, out=t2)           # v_ref
        np.subtract(v, t2, out=ev)
        np.abs(ex, out=t3)
        np.maximum(max_ex, t3, out=max_ex)
        np.abs(ev, out=t3)
        np.maximum(max_ev, t3, out=max_ev)
        np.multiply(ex, ex, out=t3)
        sum_ex2 += t3
        np.multiply(ev, ev, out=t3)
        sum_ev2 += t3
        # overshoot: the furthest past the target, away from x0
        if sgn == 1.0:
            np.maximum(beyond, off, out=beyond)
        elif sgn != 0.0:
            np.maximum(beyond, sgn * off, out=beyond)
        # settle: the last row outside the band
        np.greater(aoff, band, out=outside)
        np.copyto(last_out, k, where=outside)
        # energy: (v - q)^2 + w2 (x - g)^2 against the reference's, as
        # metrics.c factors it: ev (dv + rdv) + w2 ex (off + roff)
        t1 -= g                         # roff = x_ref - g
        t1 += off                       # off + roff
        np.multiply(w2, ex, out=t3)
        t1 *= t3                        # (w2 ex) (off + roff)
        t2 -= q                         # rdv = v_ref - q
        np.subtract(v, q, out=t3)       # dv = v - q
        t2 += t3
        t2 *= ev
        t2 += t1                        # de = ev (dv + rdv) + w2 ex (...)
        np.abs(t2, out=t1)
        np.abs(drift, out=t3)
        np.copyto(drift, t2, where=t1 > t3)
    # the frozen springs measured nothing after they diverged; their
    # accumulators hold the rows before it (they were reset at rest, so
    # later rows added zeros, and overshoot, max and drift are unchanged
    # by zeros); settle_time looks at the last measured row
    last_ex = np.where(alive, ex, last_ex)
    last_ev = np.where(alive, ev, last_ev)
    last_row = rows - 1
    settle = np.where(last_out >= last_row, np.inf,
                      times[np.minimum(last_out + 1, frames)])
    settle = np.where(last_out < 0, 0.0, settle)
    return {
        "max_err_x": max_ex,
        "rms_err_x": np.sqrt(sum_ex2 / rows),
        "final_err_x": np.abs(last_ex),
        "max_err_v": max_ev,
        "rms_err_v": np.sqrt(sum_ev2 / rows),
        "final_err_v": np.abs(last_ev),
        "overshoot": beyond / scale,
        "settle_time": settle,
        "energy_drift": drift / e0,
        "diverged": diverged,
    }


def table(omega, zeta, frames, m):
    """The CSV's columns as one 2-D array."""
    n = omega.size
    const = {"dt": DT, "frames": frames, "mass": MASS, "x0": X0, "v0": V0,
             "target": TARGET, "target_vel": TARGET_VEL}
    cols = []
    for name in COLUMNS:
        if name == "omega":
            cols.append(omega)
        elif name == "zeta":
            cols.append(zeta)
        elif name in const:
            cols.append(np.full(n, float(const[name])))
        else:
            cols.append(m[name])
    return np.column_stack(cols)


def write_csv(path, data):
    """np.savetxt, '%.17g', a header of column names."""
    np.savetxt(path, data, fmt="%.17g", delimiter=",",
               header=",".join(COLUMNS), comments="")


def read_springsim(path):
    """A springsim sweep CSV: {column: float array}; empty fields are NaN."""
    with open(path, newline="") as f:
        r = csv.reader(f)
        header = next(r)
        rows = list(r)
    out = {}
    for j, name in enumerate(header):
        vals = []
        ok = True
        for row in rows:
            s = row[j] if j < len(row) else ""
            if s == "":
                vals.append(math.nan)
                continue
            try:
                vals.append(float(s))
            except ValueError:
                ok = False
                break
        if ok:
            out[name] = np.array(vals, dtype=np.float64)
    return out, len(rows)


def rel_diff(a, b):
    """|a - b| / max(|a|, |b|); 0 where equal (inf, NaN alike included)."""
    with np.errstate(all="ignore"):
        same = (a == b) | (np.isnan(a) & np.isnan(b))
        d = np.abs(a - b) / np.maximum(np.abs(a), np.abs(b))
    d = np.where(same, 0.0, d)
    return np.where(np.isnan(d), np.inf, d)


def check(path, frames, n_omega, n_zeta, block):
    """Compare a springsim sweep CSV with this implementation."""
    theirs, nrows = read_springsim(path)
    missing = [k for k in ["omega", "zeta"] + METRICS if k not in theirs]
    if missing:
        sys.stderr.write("sweep_numpy.py: %s lacks columns %s\n"
                         % (path, ",".join(missing)))
        return 2
    so, sz = theirs["omega"], theirs["zeta"]
    print("check: %s, %d rows" % (path, nrows))
    for k, want in (("frames", frames), ("dt", DT)):
        if k in theirs and not np.all(theirs[k] == want):
            print("  WARNING: column %s is not %r everywhere" % (k, want))
    # the grid as numpy spells it, against springsim's
    if nrows == n_omega * n_zeta:
        go, gz = grid(n_omega, n_zeta)
        do, dz = rel_diff(go, so), rel_diff(gz, sz)
        print("  grid: omega differs from numpy.logspace in %d of %d rows "
              "(max rel %.3g), zeta from numpy.linspace in %d (max rel "
              "%.3g)" % (np.count_nonzero(do), nrows, do.max(),
                         np.count_nonzero(dz), dz.max()))
    else:
        print("  grid: %d rows, not %d x %d: not compared with numpy's"
              % (nrows, n_omega, n_zeta))
    # the metrics on springsim's own (omega, zeta), so that only the
    # implementations differ
    with np.errstate(all="ignore"):
        mine = simulate(so, sz, frames, DT, block)
    print("  metrics on springsim's (omega, zeta) values; rel = |a - b| / "
          "max(|a|, |b|);\n  scaled = |a - b| / the problem's scale (|x0 - "
          "g| = 1 for x, omega |x0 - g| for v)")
    print("  %-13s %9s %9s %7s %7s  %s" % (
        "metric", "max rel", "scaled", "differ", "equal",
        "worst rel row (omega, zeta: springsim / numpy)"))
    vscale = so * abs(X0 - TARGET)
    for k in METRICS:
        a, b = theirs[k], mine[k]
        d = rel_diff(a, b)
        i = int(np.argmax(d))
        ndiff = np.count_nonzero(d)
        nsame = np.count_nonzero(d == 0.0)
        scaled = ""
        if k.endswith("_x") or k.endswith("_v"):
            fin = np.isfinite(a) & np.isfinite(b) & (theirs["diverged"] == 0)
            sc = vscale if k.endswith("_v") else abs(X0 - TARGET)
            ad = np.abs(a - b) / sc
            scaled = "%.3g" % (ad[fin].max() if fin.any() else 0.0)
        where = ""
        if d[i] > 0.0:
            where = "%.6g, %.6g: %.17g / %.17g" % (so[i], sz[i], a[i], b[i])
        print("  %-13s %9.3g %9s %7d %7d  %s" % (k, d[i], scaled, ndiff,
                                               nsame, where))
    nd = np.count_nonzero(theirs["diverged"] != mine["diverged"])
    print("  diverged: %d in springsim, %d in numpy, %d rows disagree"
          % (np.count_nonzero(theirs["diverged"] == 1.0),
             np.count_nonzero(mine["diverged"] == 1.0), nd))
    print("  (x and v are stepped with the same operations in the same order"
          " in both, so\n  overshoot, settle_time and diverged should agree "
          "exactly; the error metrics\n  differ by the two references: this"
          " one applies Phi(h) once a frame and\n  accumulates its rounding, "
          "springsim's re-anchors on the closed form)")
    return 0


def main():
    ap = argparse.ArgumentParser(
        description="NumPy baseline of springsim sweep (semi-implicit, "
        "dt 0.01, omega 1..100 log, zeta 0..2)")
    ap.add_argument("--omega-points", type=int, default=1000)
    ap.add_argument("--zeta-points", type=int, default=1000)
    ap.add_argument("--frames", type=int, default=100)
    ap.add_argument("--out", default="/dev/null",
                    help="the CSV (default /dev/null)")
    ap.add_argument("--check", metavar="FILE",
                    help="compare a springsim sweep CSV instead")
    ap.add_argument("--block", type=int, default=1 << 14,
                    help="springs per block (default 16384, the fastest here)")
    a = ap.parse_args()
    if a.omega_points < 1 or a.zeta_points < 1 or a.frames < 1 or \
            a.block < 1:
        ap.error("counts must be >= 1")
    if a.check:
        return check(a.check, a.frames, a.omega_points, a.zeta_points,
                     a.block)

    t0 = time.perf_counter()
    omega, zeta = grid(a.omega_points, a.zeta_points)
    with np.errstate(all="ignore"):
        m = simulate(omega, zeta, a.frames, DT, a.block)
    t1 = time.perf_counter()
    write_csv(a.out, table(omega, zeta, a.frames, m))
    t2 = time.perf_counter()
    n = omega.size
    steps = n * a.frames
    print("numpy %s, %d configurations x %d frames, %d diverged"
          % (np.__version__, n, a.frames,
             int(np.count_nonzero(m["diverged"]))))
    print("sim_s %.6f" % (t1 - t0))
    print("write_s %.6f" % (t2 - t1))
    print("total_s %.6f" % (t2 - t0))
    print("sim_ns_per_spring_step %.3f" % ((t1 - t0) * 1e9 / steps))
    return 0


if __name__ == "__main__":
    sys.exit(main())
