"""The shallow-water model of the SPEC ``swim`` benchmark (Sadourny's C-grid scheme, the
``swm`` of the HPC-language benchmark suites), written as a NumPy user writes it.

Fields are ``(M + 1) x (N + 1)`` arrays indexed ``[i, j]``; row ``M`` and column ``N`` repeat row
0 and column 0 (the periodic continuation, written as window assignments: a row, a column and
a corner per field, in the order of the Fortran original).  A time step is ``calc1`` (mass
fluxes ``cu``, ``cv``, vorticity ``z``, height ``h``), ``calc2`` (the leapfrog step to ``unew``,
``vnew``, ``pnew``) and ``calc3`` (the Robert-Asselin time filter into ``uold``, ``vold``,
``pold``; the first step only shifts the time levels).  :func:`make_step` returns the step as a
plain function of the 13 fields; it runs unchanged on NumPy and CuPy arrays and under
``kfuse.jit``::

    state = initial_state(64, 64)
    first, step = make_step(64, 64, first=True), make_step(64, 64)
    state = first(*state)
    for _ in range(39):
        state = step(*state)
    u, v, p = state[:3]
"""
from __future__ import annotations

import math

import numpy as np

DT, DX, DY, A, ALPHA = 90.0, 1.0e5, 1.0e5, 1.0e6, 0.001

#: the 13 fields in the order the step takes and returns them
FIELDS = ("u", "v", "p", "uold", "vold", "pold", "cu", "cv", "z", "h", "unew", "vnew", "pnew")


def initial_state(M: int, N: int, dtype=np.float64, xp=np) -> tuple:
    """The 13 fields at time 0: velocities from the stream function
    ``psi = A sin((i + 1/2) 2 pi / M) sin((j + 1/2) 2 pi / N)`` (discretely divergence-free),
    the pressure ``P = pcf (cos(4 pi i / M) + cos(4 pi j / N)) + 50000``, old levels equal to
    the current ones and the work fields zero (``xp``: numpy or cupy)."""
    di, dj = 2 * math.pi / M, 2 * math.pi / N
    pcf = math.pi * math.pi * A * A / ((N * DX) ** 2)
    i = np.arange(M + 1, dtype=np.float64)[:, None]
    j = np.arange(N + 1, dtype=np.float64)[None, :]
    psi = A * np.sin((i + 0.5) * di) * np.sin((j + 0.5) * dj)
    p = pcf * (np.cos(2 * i * di) + np.cos(2 * j * dj)) + 50000.0
    u = np.zeros((M + 1, N + 1))
    v = np.zeros((M + 1, N + 1))
    u[1:, :-1] = -(psi[1:, 1:] - psi[1:, :-1]) / DY
    v[:-1, 1:] = (psi[1:, 1:] - psi[:-1, 1:]) / DX
    u[0, :-1] = u[M, :-1]
    u[1:, N] = u[1:, 0]
    u[0, N] = u[M, 0]
    v[M, 1:] = v[0, 1:]
    v[:-1, 0] = v[:-1, N]
    v[M, 0] = v[0, N]
    fields = (u, v, p, u, v, p) + tuple(np.zeros((M + 1, N + 1)) for _ in range(7))
    return tuple(xp.asarray(f.astype(dtype)) for f in fields)


def make_step(M: int, N: int, first: bool = False):
    """One time step of the model on ``(M + 1) x (N + 1)`` fields: a function of the 13 fields
    (:data:`FIELDS`) returning their new values.  ``first``: the first step (time step ``DT``,
    no filter: the old levels become the current ones); later steps leapfrog over ``2 DT``."""
    tdt = DT if first else 2 * DT
    fsdx, fsdy = 4.0 / DX, 4.0 / DY
    tdts8, tdtsdx, tdtsdy = tdt / 8.0, tdt / DX, tdt / DY

    def calc1(u, v, p, cu, cv, z, h):
        cu, cv, z, h = cu.copy(), cv.copy(), z.copy(), h.copy()
        cu[1:, :-1] = 0.5 * (p[1:, :-1] + p[:-1, :-1]) * u[1:, :-1]
        cv[:-1, 1:] = 0.5 * (p[:-1, 1:] + p[:-1, :-1]) * v[:-1, 1:]
        z[1:, 1:] = ((fsdx * (v[1:, 1:] - v[:-1, 1:]) - fsdy * (u[1:, 1:] - u[1:, :-1]))
                     / (p[:-1, :-1] + p[1:, :-1] + p[1:, 1:] + p[:-1, 1:]))
        h[:-1, :-1] = p[:-1, :-1] + 0.25 * (u[1:, :-1] * u[1:, :-1] + u[:-1, :-1] * u[:-1, :-1]
                                            + v[:-1, 1:] * v[:-1, 1:] + v[:-1, :-1] * v[:-1, :-1])
        cu[0, :-1] = cu[M, :-1]          # periodic continuation: rows, columns, corners
        cv[M, 1:] = cv[0, 1:]
        z[0, 1:] = z[M, 1:]
        h[M, :-1] = h[0, :-1]
        cu[1:, N] = cu[1:, 0]
        cv[:-1, 0] = cv[:-1, N]
        z[1:, 0] = z[1:, N]
        h[:-1, N] = h[:-1, 0]
        cu[0, N] = cu[M, 0]
        cv[M, 0] = cv[0, N]
        z[0, 0] = z[M, N]
        h[M, N] = h[0, 0]
        return cu, cv, z, h

    def calc2(uold, vold, pold, cu, cv, z, h, unew, vnew, pnew):
        unew, vnew, pnew = unew.copy(), vnew.copy(), pnew.copy()
        unew[1:, :-1] = (uold[1:, :-1]
                         + tdts8 * (z[1:, 1:] + z[1:, :-1]) * (cv[1:, 1:] + cv[:-1, 1:] + cv[:-1, :-1] + cv[1:, :-1])
                         - tdtsdx * (h[1:, :-1] - h[:-1, :-1]))
        vnew[:-1, 1:] = (vold[:-1, 1:]
                         - tdts8 * (z[1:, 1:] + z[:-1, 1:]) * (cu[1:, 1:] + cu[:-1, 1:] + cu[:-1, :-1] + cu[1:, :-1])
                         - tdtsdy * (h[:-1, 1:] - h[:-1, :-1]))
        pnew[:-1, :-1] = (pold[:-1, :-1] - tdtsdx * (cu[1:, :-1] - cu[:-1, :-1])
                          - tdtsdy * (cv[:-1, 1:] - cv[:-1, :-1]))
        unew[0, :-1] = unew[M, :-1]
        vnew[M, 1:] = vnew[0, 1:]
        pnew[M, :-1] = pnew[0, :-1]
        unew[1:, N] = unew[1:, 0]
        vnew[:-1, 0] = vnew[:-1, N]
        pnew[:-1, N] = pnew[:-1, 0]
        unew[0, N] = unew[M, 0]
        vnew[M, 0] = vnew[0, N]
        pnew[M, N] = pnew[0, 0]
        return unew, vnew, pnew

    def calc3(u, v, p, uold, vold, pold, unew, vnew, pnew):
        uold, vold, pold = uold.copy(), vold.copy(), pold.copy()
        uold[:-1, :-1] = u[:-1, :-1] + ALPHA * (unew[:-1, :-1] - 2.0 * u[:-1, :-1] + uold[:-1, :-1])
        vold[:-1, :-1] = v[:-1, :-1] + ALPHA * (vnew[:-1, :-1] - 2.0 * v[:-1, :-1] + vold[:-1, :-1])
        pold[:-1, :-1] = p[:-1, :-1] + ALPHA * (pnew[:-1, :-1] - 2.0 * p[:-1, :-1] + pold[:-1, :-1])
        uold[M, :-1] = uold[0, :-1]
        vold[M, :-1] = vold[0, :-1]
        pold[M, :-1] = pold[0, :-1]
        uold[:-1, N] = uold[:-1, 0]
        vold[:-1, N] = vold[:-1, 0]
        pold[:-1, N] = pold[:-1, 0]
        uold[M, N] = uold[0, 0]
        vold[M, N] = vold[0, 0]
        pold[M, N] = pold[0, 0]
        return unew.copy(), vnew.copy(), pnew.copy(), uold, vold, pold

    def swm_step(u, v, p, uold, vold, pold, cu, cv, z, h, unew, vnew, pnew):
        cu, cv, z, h = calc1(u, v, p, cu, cv, z, h)
        unew, vnew, pnew = calc2(uold, vold, pold, cu, cv, z, h, unew, vnew, pnew)
        if first:
            u2, v2, p2, uold, vold, pold = unew.copy(), vnew.copy(), pnew.copy(), u.copy(), v.copy(), p.copy()
        else:
            u2, v2, p2, uold, vold, pold = calc3(u, v, p, uold, vold, pold, unew, vnew, pnew)
        return u2, v2, p2, uold, vold, pold, cu, cv, z, h, unew, vnew, pnew

    swm_step.__name__ = "swm_first" if first else "swm_step"
    return swm_step


def run(M: int, N: int, steps: int, step=None, first=None, state=None) -> tuple:
    """``steps`` time steps from :func:`initial_state` (or ``state``) with NumPy (or the given
    step functions, e.g. kfuse.jit of :func:`make_step`); the final 13 fields."""
    state = initial_state(M, N) if state is None else state
    first = first or make_step(M, N, first=True)
    step = step or make_step(M, N)
    for k in range(steps):
        state = (first if k == 0 else step)(*state)
    return state


def errors(got, want, start) -> tuple:
    """(error relative to the state, error relative to the motion) of field ``got`` against
    ``want`` (both after the same steps from field ``start``): ``max|got - want|`` over
    ``max|want|`` and over ``max|want - start|``, the change the steps made."""
    got, want, start = (np.asarray(x, dtype=np.float64) for x in (got, want, start))
    err = float(np.max(np.abs(got - want)))
    motion = float(np.max(np.abs(want - start)))
    return err / max(float(np.max(np.abs(want))), 1e-300), err / max(motion, 1e-300)
