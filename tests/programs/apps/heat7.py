"""The 7-point heat stencil with the boundary kept, as issue 31 found it written and as
PolyBench/C 4.2 ``heat-3d`` computes it (coefficients 0.125 per axis; NPBench's
``heat_3d_numpy.py`` writes the same update into ``B[1:-1, 1:-1, 1:-1]``): the step copies the
field and assigns the interior, ``r = u.copy(); r[1:-1, 1:-1, 1:-1] = ...``, returning the new
field (a functional step: the loop rebinds ``u``, the form ``kfuse.iterate`` takes).

Changes: none to the step; the start is NPBench's ``initialize`` (``(i + j + (n - k)) * 10 / n``).
"""
from __future__ import annotations

import numpy as np

FIELDS = {"read": ("u",), "written": ("u",)}
SIZES = {"float32": (512, 512, 512), "float64": (512, 512, 512)}
QUICK = (64, 64, 64)
TEST = (13, 11, 9)
SINGLE_FIELD = True        # step(u) -> u: a loop kfuse.iterate takes


def step(u):
    r = u.copy()
    r[1:-1, 1:-1, 1:-1] = (0.125 * (u[2:, 1:-1, 1:-1] - 2.0 * u[1:-1, 1:-1, 1:-1] + u[:-2, 1:-1, 1:-1]) +
                           0.125 * (u[1:-1, 2:, 1:-1] - 2.0 * u[1:-1, 1:-1, 1:-1] + u[1:-1, :-2, 1:-1]) +
                           0.125 * (u[1:-1, 1:-1, 2:] - 2.0 * u[1:-1, 1:-1, 1:-1] + u[1:-1, 1:-1, :-2]) +
                           u[1:-1, 1:-1, 1:-1])
    return r


def run(state, steps, step=step):
    u = state["u"]
    for t in range(steps):
        u = step(u)
    state["u"] = u
    return state


def init(shape, dtype, xp=np, seed=0):
    """NPBench's start, plus ``seed`` times a small noise."""
    n = shape[2]
    u = np.fromfunction(lambda i, j, k: (i + j + (n - k)) * 10 / n, shape, dtype=np.float64)
    if seed:
        u = u + 0.01 * np.random.default_rng(seed).standard_normal(shape)
    return {"u": xp.asarray(u.astype(dtype))}


def jax_step(jnp, s):
    """The step in functional form."""
    u = s["u"]
    I = slice(1, -1)
    return {"u": u.at[I, I, I].set(0.125 * (u[2:, I, I] - 2.0 * u[I, I, I] + u[:-2, I, I]) +
                                   0.125 * (u[I, 2:, I] - 2.0 * u[I, I, I] + u[I, :-2, I]) +
                                   0.125 * (u[I, I, 2:] - 2.0 * u[I, I, I] + u[I, I, :-2]) + u[I, I, I])}
