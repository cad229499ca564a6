#!/usr/bin/python3
# fit_scipy_ref.py FILE - the reference for fit.bats's "#40.6" tests: the
# least squares fit of the exact spring to FILE (CSV t,x; a constant
# target) by SciPy's least_squares, zeta >= 0, and the standard
# uncertainties s^2 (J^T J)^-1 from the Jacobian of the model continued
# smoothly to zeta < 0 (central differences at the solution).  Run by
# hand, offline, where python3-scipy is installed (Debian's package):
# its numbers are written into fit.bats as the golden values; CI does
# not run it.  tests/cli/fixtures/fit-zeta0.csv is fit.bats's gen 9 0
# 0.3 -1 1.2 400 0.005 0.01 4 (a plain oscillation with noise sd 0.01).
import sys

import numpy as np
from scipy.optimize import least_squares


def model(p, t):
    w, z, x0, v0, g = p
    e0 = x0 - g
    if abs(z) < 1:
        wd = w * np.sqrt(1 - z * z)
        e = np.exp(-z * w * t) * (e0 * np.cos(wd * t) +
                                  (v0 + z * w * e0) / wd * np.sin(wd * t))
    else:
        raise ValueError("underdamped data only")
    return g + e


def main():
    d = np.genfromtxt(sys.argv[1], delimiter=",", names=True)
    t, x = d["t"], d["x"]
    res = lambda p: model(p, t) - x
    # the start: SciPy's own fit from a rough guess, then from there
    p0 = np.array([8.0, 0.05, 0.0, 0.0, 1.0])
    lo = [0, 0, -np.inf, -np.inf, -np.inf]
    fit = least_squares(res, p0, bounds=(lo, np.inf), xtol=1e-15,
                        ftol=1e-15, gtol=1e-15, x_scale="jac")
    p = fit.x
    # J by central differences of the smooth model (zeta < 0 allowed)
    jac = np.empty((len(t), 5))
    for k in range(5):
        h = 1e-6 * max(abs(p[k]), 0.01)
        q1, q2 = p.copy(), p.copy()
        q1[k] += h
        q2[k] -= h
        jac[:, k] = (model(q1, t) - model(q2, t)) / (2 * h)
    r = res(p)
    s2 = r @ r / (len(t) - 5)
    cov = s2 * np.linalg.inv(jac.T @ jac)
    names = ["omega", "zeta", "x0", "v0", "target"]
    for k in range(5):
        print("%s=%.6g %s_sigma=%.6g" % (names[k], p[k], names[k],
                                          np.sqrt(cov[k, k])))
    # unbounded too, for comparison (zeta may go below 0)
    fu = least_squares(res, p0, xtol=1e-15, ftol=1e-15, gtol=1e-15,
                       method="lm")
    print("unbounded: zeta=%.6g omega=%.6g" % (fu.x[1], fu.x[0]))


main()
