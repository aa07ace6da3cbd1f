"""2-D viscous Burgers' equation, as Lorena A. Barba writes it in *12 steps to Navier-Stokes*
(CFD Python, step 8, ``Step_8.ipynb``, github.com/barbagroup/CFDPython, CC-BY / BSD-3).

Velocities ``u``, ``v``; each step copies them (``un = u.copy()``), updates the interiors by a
window assignment (first-order upwind convection, centred diffusion) and sets the four
boundary lines of both to 1.  The start is the hat ``u = v = 2`` on ``0.5 <= x, y <= 1``.

Changes: the notebook's time loop body is ``step(u, v)``; the grid spacing is the notebook's
``dx = dy = 2 / (41 - 1)`` whatever the size (``nu = 0.01``, ``sigma = 0.0009``, ``dt = sigma
dx dy / nu``), so larger grids are larger domains with the same stable time step; arrays are
indexed ``[y, x]`` as in the notebook.
"""
from __future__ import annotations

import numpy as np

nu = 0.01
dx = dy = 2 / (41 - 1)
sigma = .0009
dt = sigma * dx * dy / nu

FIELDS = {"read": ("u", "v"), "written": ("u", "v")}
SIZES = {"float32": (8192, 8192), "float64": (8192, 8192)}
QUICK = (257, 257)
TEST = (41, 39)


def step(u, v):
    un = u.copy()
    vn = v.copy()

    u[1:-1, 1:-1] = (un[1:-1, 1:-1] -
                     dt / dx * un[1:-1, 1:-1] *
                     (un[1:-1, 1:-1] - un[1:-1, 0:-2]) -
                     dt / dy * vn[1:-1, 1:-1] *
                     (un[1:-1, 1:-1] - un[0:-2, 1:-1]) +
                     nu * dt / dx**2 *
                     (un[1:-1, 2:] - 2 * un[1:-1, 1:-1] + un[1:-1, 0:-2]) +
                     nu * dt / dy**2 *
                     (un[2:, 1:-1] - 2 * un[1:-1, 1:-1] + un[0:-2, 1:-1]))

    v[1:-1, 1:-1] = (vn[1:-1, 1:-1] -
                     dt / dx * un[1:-1, 1:-1] *
                     (vn[1:-1, 1:-1] - vn[1:-1, 0:-2]) -
                     dt / dy * vn[1:-1, 1:-1] *
                     (vn[1:-1, 1:-1] - vn[0:-2, 1:-1]) +
                     nu * dt / dx**2 *
                     (vn[1:-1, 2:] - 2 * vn[1:-1, 1:-1] + vn[1:-1, 0:-2]) +
                     nu * dt / dy**2 *
                     (vn[2:, 1:-1] - 2 * vn[1:-1, 1:-1] + vn[0:-2, 1:-1]))

    u[0, :] = 1
    u[-1, :] = 1
    u[:, 0] = 1
    u[:, -1] = 1

    v[0, :] = 1
    v[-1, :] = 1
    v[:, 0] = 1
    v[:, -1] = 1


def run(state, steps, step=step):
    for n in range(steps):
        step(state["u"], state["v"])
    return state


def init(shape, dtype, xp=np, seed=0):
    """The notebook's hat: 1 everywhere, 2 on ``0.5 <= x, y <= 1`` (``seed`` shifts it by up to
    two points, so runs can differ)."""
    ny, nx = shape
    s = int(np.random.default_rng(seed).integers(0, 3))
    u = np.ones((ny, nx))
    v = np.ones((ny, nx))
    u[int(.5 / dy) + s:int(1 / dy + 1) + s, int(.5 / dx):int(1 / dx + 1)] = 2
    v[int(.5 / dy) + s:int(1 / dy + 1) + s, int(.5 / dx):int(1 / dx + 1)] = 2
    return {"u": xp.asarray(u.astype(dtype)), "v": xp.asarray(v.astype(dtype))}


def jax_step(jnp, s):
    """The step in functional form."""
    un, vn = s["u"], s["v"]

    def upd(f):
        return (f[1:-1, 1:-1] - dt / dx * un[1:-1, 1:-1] * (f[1:-1, 1:-1] - f[1:-1, 0:-2])
                - dt / dy * vn[1:-1, 1:-1] * (f[1:-1, 1:-1] - f[0:-2, 1:-1])
                + nu * dt / dx**2 * (f[1:-1, 2:] - 2 * f[1:-1, 1:-1] + f[1:-1, 0:-2])
                + nu * dt / dy**2 * (f[2:, 1:-1] - 2 * f[1:-1, 1:-1] + f[0:-2, 1:-1]))

    def edges(f):
        return f.at[0, :].set(1).at[-1, :].set(1).at[:, 0].set(1).at[:, -1].set(1)
    return {"u": edges(un.at[1:-1, 1:-1].set(upd(un))), "v": edges(vn.at[1:-1, 1:-1].set(upd(vn)))}
