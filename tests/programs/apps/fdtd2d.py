"""2-D FDTD of PolyBench/C 4.2 (``fdtd-2d``), as the NumPy benchmark suite NPBench writes it
(github.com/spcl/npbench, ``npbench/benchmarks/polybench/fdtd_2d/fdtd_2d_numpy.py``, BSD-3):

    def kernel(TMAX, ex, ey, hz, _fict_):
        for t in range(TMAX):
            ey[0, :] = _fict_[t]
            ...

Three fields ``ex``, ``ey``, ``hz`` updated in place by window updates (``-=``); the source
row ``ey[0, :]`` takes the value ``_fict_[t]`` of a 1-D array at the time step.

Changes: the loop body is ``step(ex, ey, hz, _fict_, t)`` (``t`` a Python int); ``kernel`` is
kept as the original's whole loop (``run`` calls the body as ``kernel`` does).  The start is
NPBench's ``initialize``.
"""
from __future__ import annotations

import numpy as np

FIELDS = {"read": ("ex", "ey", "hz"), "written": ("ex", "ey", "hz")}
SIZES = {"float32": (8192, 8192), "float64": (8192, 8192)}
QUICK = (257, 255)
TEST = (41, 37)
TMAX = 1000       # length of _fict_: the most steps a run may take
STEP_INDEX = "t"  # the step's argument that run() advances (the time step, an int)


def step(ex, ey, hz, _fict_, t):
    ey[0, :] = _fict_[t]
    ey[1:, :] -= 0.5 * (hz[1:, :] - hz[:-1, :])
    ex[:, 1:] -= 0.5 * (hz[:, 1:] - hz[:, :-1])
    hz[:-1, :-1] -= 0.7 * (ex[:-1, 1:] - ex[:-1, :-1] + ey[1:, :-1] - ey[:-1, :-1])


def kernel(TMAX, ex, ey, hz, _fict_):
    for t in range(TMAX):
        ey[0, :] = _fict_[t]
        ey[1:, :] -= 0.5 * (hz[1:, :] - hz[:-1, :])
        ex[:, 1:] -= 0.5 * (hz[:, 1:] - hz[:, :-1])
        hz[:-1, :-1] -= 0.7 * (ex[:-1, 1:] - ex[:-1, :-1] + ey[1:, :-1] - ey[:-1, :-1])


def run(state, steps, step=step):
    t0 = state.get("t", 0)
    for t in range(t0, t0 + steps):
        step(state["ex"], state["ey"], state["hz"], state["_fict_"], t % TMAX)
    state["t"] = t0 + steps
    return state


def init(shape, dtype, xp=np, seed=0):
    """NPBench's ``initialize(TMAX, NX, NY)`` (scaled by 1/NX, 1/NY so values stay O(1) at any
    size; ``seed`` adds a small offset to ``hz``)."""
    NX, NY = shape
    ex = np.fromfunction(lambda i, j: (i * (j + 1)) / NX, (NX, NY), dtype=np.float64) / NY
    ey = np.fromfunction(lambda i, j: (i * (j + 2)) / NY, (NX, NY), dtype=np.float64) / NX
    hz = np.fromfunction(lambda i, j: (i * (j + 3)) / NX, (NX, NY), dtype=np.float64) / NY
    hz = hz + 0.01 * seed
    _fict_ = np.fromfunction(lambda i: i, (TMAX,), dtype=np.float64) / TMAX
    return {"ex": xp.asarray(ex.astype(dtype)), "ey": xp.asarray(ey.astype(dtype)),
            "hz": xp.asarray(hz.astype(dtype)), "_fict_": xp.asarray(_fict_.astype(dtype)), "t": 0}


def jax_step(jnp, s):
    """The step in functional form (``t`` a traced integer)."""
    ex, ey, hz, fict, t = s["ex"], s["ey"], s["hz"], s["_fict_"], s["t"]
    ey = ey.at[0, :].set(fict[t % TMAX])
    ey = ey.at[1:, :].add(-0.5 * (hz[1:, :] - hz[:-1, :]))
    ex = ex.at[:, 1:].add(-0.5 * (hz[:, 1:] - hz[:, :-1]))
    hz = hz.at[:-1, :-1].add(-0.7 * (ex[:-1, 1:] - ex[:-1, :-1] + ey[1:, :-1] - ey[:-1, :-1]))
    return {"ex": ex, "ey": ey, "hz": hz, "_fict_": fict, "t": t + 1}
