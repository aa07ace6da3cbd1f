"""3-D Yee FDTD in a box with perfectly conducting walls, after John B. Schneider,
*Understanding the Finite-Difference Time-Domain Method* (2010, eecs.wsu.edu/~schneidj/ufdtd,
chapter 9, program ``3dbare``: ``updateH3d``/``updateE3d``), vectorised in NumPy as users of
NumPy write those loops: one in-place window update (``+=``) per field component.

Six fields ``Ex, Ey, Ez, Hx, Hy, Hz`` of one shape ``(nx, ny, nz)`` indexed ``[m, n, p]``;
lossless free space, ``Cdtds = 1/sqrt(3)`` (the 3-D Courant limit), ``imp0 = 377``: ``Chxe =
Cdtds/imp0`` and ``Cexh = Cdtds*imp0``.  The tangential electric field on the walls is never
updated, so it stays 0 (a perfect conductor).

Changes: the original sizes each component's array by its staggered extent (``Hx`` is ``SizeX x
(SizeY-1) x (SizeZ-1)``); here all six arrays share one shape and the updates cover the same
windows (the extra planes are never read into the updated windows).  No source is added in the
loop: the start is a Gaussian pulse of ``Ez`` inside the box.
"""
from __future__ import annotations

import math

import numpy as np

imp0 = 377.0
Cdtds = 1.0 / math.sqrt(3.0)
Chxe = Cdtds / imp0
Cexh = Cdtds * imp0

FIELDS = {"read": ("Ex", "Ey", "Ez", "Hx", "Hy", "Hz"), "written": ("Ex", "Ey", "Ez", "Hx", "Hy", "Hz")}
SIZES = {"float32": (256, 256, 256), "float64": (256, 256, 256)}
QUICK = (65, 65, 65)
TEST = (17, 13, 11)


def step(Ex, Ey, Ez, Hx, Hy, Hz):
    # updateH3d
    Hx[:, :-1, :-1] += Chxe * ((Ey[:, :-1, 1:] - Ey[:, :-1, :-1]) - (Ez[:, 1:, :-1] - Ez[:, :-1, :-1]))
    Hy[:-1, :, :-1] += Chxe * ((Ez[1:, :, :-1] - Ez[:-1, :, :-1]) - (Ex[:-1, :, 1:] - Ex[:-1, :, :-1]))
    Hz[:-1, :-1, :] += Chxe * ((Ex[:-1, 1:, :] - Ex[:-1, :-1, :]) - (Ey[1:, :-1, :] - Ey[:-1, :-1, :]))
    # updateE3d
    Ex[:, 1:-1, 1:-1] += Cexh * ((Hz[:, 1:-1, 1:-1] - Hz[:, :-2, 1:-1]) - (Hy[:, 1:-1, 1:-1] - Hy[:, 1:-1, :-2]))
    Ey[1:-1, :, 1:-1] += Cexh * ((Hx[1:-1, :, 1:-1] - Hx[1:-1, :, :-2]) - (Hz[1:-1, :, 1:-1] - Hz[:-2, :, 1:-1]))
    Ez[1:-1, 1:-1, :] += Cexh * ((Hy[1:-1, 1:-1, :] - Hy[:-2, 1:-1, :]) - (Hx[1:-1, 1:-1, :] - Hx[1:-1, :-2, :]))


def run(state, steps, step=step):
    for qTime in range(steps):
        step(state["Ex"], state["Ey"], state["Ez"], state["Hx"], state["Hy"], state["Hz"])
    return state


def init(shape, dtype, xp=np, seed=0):
    """Zero fields but a Gaussian pulse of ``Ez`` (width 3 points) near the centre, its walls 0."""
    nx, ny, nz = shape
    rng = np.random.default_rng(seed)
    m = np.arange(nx)[:, None, None]
    n = np.arange(ny)[None, :, None]
    p = np.arange(nz)[None, None, :]
    c = [s // 2 + rng.integers(-1, 2) for s in shape]
    Ez = np.exp(-((m - c[0])**2 + (n - c[1])**2 + (p - c[2])**2) / (2 * 3.0**2))
    Ez[0] = Ez[-1] = 0
    Ez[:, 0] = Ez[:, -1] = 0
    out = {k: np.zeros(shape, dtype) for k in ("Ex", "Ey", "Ez", "Hx", "Hy", "Hz")}
    out["Ez"] = Ez.astype(dtype)
    return {k: xp.asarray(v) for k, v in out.items()}


def jax_step(jnp, s):
    """The step in functional form."""
    Ex, Ey, Ez, Hx, Hy, Hz = (s[k] for k in ("Ex", "Ey", "Ez", "Hx", "Hy", "Hz"))
    Hx = Hx.at[:, :-1, :-1].add(Chxe * ((Ey[:, :-1, 1:] - Ey[:, :-1, :-1]) - (Ez[:, 1:, :-1] - Ez[:, :-1, :-1])))
    Hy = Hy.at[:-1, :, :-1].add(Chxe * ((Ez[1:, :, :-1] - Ez[:-1, :, :-1]) - (Ex[:-1, :, 1:] - Ex[:-1, :, :-1])))
    Hz = Hz.at[:-1, :-1, :].add(Chxe * ((Ex[:-1, 1:, :] - Ex[:-1, :-1, :]) - (Ey[1:, :-1, :] - Ey[:-1, :-1, :])))
    Ex = Ex.at[:, 1:-1, 1:-1].add(Cexh * ((Hz[:, 1:-1, 1:-1] - Hz[:, :-2, 1:-1]) - (Hy[:, 1:-1, 1:-1] - Hy[:, 1:-1, :-2])))
    Ey = Ey.at[1:-1, :, 1:-1].add(Cexh * ((Hx[1:-1, :, 1:-1] - Hx[1:-1, :, :-2]) - (Hz[1:-1, :, 1:-1] - Hz[:-2, :, 1:-1])))
    Ez = Ez.at[1:-1, 1:-1, :].add(Cexh * ((Hy[1:-1, 1:-1, :] - Hy[:-2, 1:-1, :]) - (Hx[1:-1, 1:-1, :] - Hx[1:-1, :-2, :])))
    return {"Ex": Ex, "Ey": Ey, "Ez": Ez, "Hx": Hx, "Hy": Hy, "Hz": Hz}
