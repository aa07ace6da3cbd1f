"""The Allen-Cahn equation ``phi_t = eps^2 lap(phi) + phi - phi^3`` (Allen and Cahn, Acta
Metallurgica 27, 1979), explicit Euler with the periodic 5-point Laplacian written with
``np.roll``, in the form of the phase-field tutorials' NumPy code (e.g. the periodic
``np.roll`` Laplacian of Rougier's *From Python to Numpy* and of the IPython Cookbook's
recipe 12.4, applied to the Allen-Cahn right-hand side as in Lee et al., "A review on numerical
methods for the Allen-Cahn equation", 2016).  No single published program is followed line
by line: this module is the common textbook form, written by us.

``phi`` is updated in place (``phi += dt * ...``); ``dt = 0.1 h^2 / eps^2`` with ``h = 1``,
``eps = 1``, well inside the explicit limit, so ``phi`` stays in [-1, 1].
"""
from __future__ import annotations

import numpy as np

eps = 1.0
h = 1.0
dt = 0.1 * h**2 / eps**2

FIELDS = {"read": ("phi",), "written": ("phi",)}
SIZES = {"float32": (8192, 8192), "float64": (8192, 8192)}
QUICK = (256, 256)
TEST = (45, 33)


def laplacian(f):
    return (np.roll(f, 1, axis=0) + np.roll(f, -1, axis=0) +
            np.roll(f, 1, axis=1) + np.roll(f, -1, axis=1) - 4 * f) / h**2


def step(phi):
    phi += dt * (eps**2 * laplacian(phi) + phi - phi**3)


def run(state, steps, step=step):
    for n in range(steps):
        step(state["phi"])
    return state


def init(shape, dtype, xp=np, seed=0):
    """Uniform noise in [-0.5, 0.5] (a quench: the phases separate and coarsen)."""
    phi = np.random.default_rng(seed).uniform(-0.5, 0.5, shape)
    return {"phi": xp.asarray(phi.astype(dtype))}


def jax_step(jnp, s):
    """The step in functional form."""
    phi = s["phi"]
    lap = (jnp.roll(phi, 1, axis=0) + jnp.roll(phi, -1, axis=0) +
           jnp.roll(phi, 1, axis=1) + jnp.roll(phi, -1, axis=1) - 4 * phi) / h**2
    return {"phi": phi + dt * (eps**2 * lap + phi - phi**3)}
