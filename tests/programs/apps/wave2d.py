"""The 2-D wave equation ``u_tt = c^2 (u_xx + u_yy)`` with ``u = 0`` on the boundary, leapfrog over
three time levels, as Hans Petter Langtangen and Svein Linge write it in *Finite Difference
Computing with PDEs* (Springer, 2017, open access; ``wave2D_u0.py``, ``advance_vectorized``).

``u`` (the new level) is computed from ``u_n`` and ``u_nm1`` by a window assignment of the
interior, then the four boundary lines are set to 0; the loop swaps the three levels
(``u_nm1, u_n, u = u_n, u, u_nm1``), so no array is copied.

Changes: the source term ``f_a`` and the initial velocity ``V`` are zero here and left out
(``advance_vectorized(u, u_n, u_nm1, Cx2, Cy2)``; the original's ``dt2*f_a[1:-1, 1:-1]`` term
and its first-step branch ``step1`` drop); the start is ``u_n = u_nm1 = I(x, y)``, a Gaussian
(the original's first step with V = 0 is the same to second order).  The Courant numbers are
``Cx2 = Cy2 = 0.25`` (stable: Cx2 + Cy2 <= 1), Python numbers passed in.
"""
from __future__ import annotations

import numpy as np

FIELDS = {"read": ("u_n", "u_nm1"), "written": ("u",)}
SIZES = {"float32": (8192, 8192), "float64": (8192, 8192)}
QUICK = (257, 257)
TEST = (41, 35)


def step(u, u_n, u_nm1, Cx2, Cy2):
    u_xx = u_n[:-2, 1:-1] - 2*u_n[1:-1, 1:-1] + u_n[2:, 1:-1]
    u_yy = u_n[1:-1, :-2] - 2*u_n[1:-1, 1:-1] + u_n[1:-1, 2:]
    u[1:-1, 1:-1] = 2*u_n[1:-1, 1:-1] - u_nm1[1:-1, 1:-1] + Cx2*u_xx + Cy2*u_yy
    # Boundary condition u=0
    j = 0
    u[:, j] = 0
    j = u.shape[1]-1
    u[:, j] = 0
    i = 0
    u[i, :] = 0
    i = u.shape[0]-1
    u[i, :] = 0
    return u


def run(state, steps, step=step):
    u, u_n, u_nm1 = state["u"], state["u_n"], state["u_nm1"]
    for n in range(steps):
        u = step(u, u_n, u_nm1, state["Cx2"], state["Cy2"])
        # Update data structures for next step
        u_nm1, u_n, u = u_n, u, u_nm1
    state.update(u=u, u_n=u_n, u_nm1=u_nm1)
    return state


def init(shape, dtype, xp=np, seed=0):
    """A Gaussian hill off the centre (``seed`` moves it by a few points); ``u`` uninitialised."""
    Nx, Ny = shape
    rng = np.random.default_rng(seed)
    x = np.linspace(0, 1, Nx)[:, None]
    y = np.linspace(0, 1, Ny)[None, :]
    x0, y0 = 0.4 + 0.05*rng.uniform(), 0.55
    I = np.exp(-((x - x0)**2 + (y - y0)**2) / (2*0.05**2))
    I[0, :] = I[-1, :] = I[:, 0] = I[:, -1] = 0
    return {"u": xp.asarray(np.zeros(shape, dtype)), "u_n": xp.asarray(I.astype(dtype)),
            "u_nm1": xp.asarray(I.astype(dtype)), "Cx2": 0.25, "Cy2": 0.25}


def jax_step(jnp, s):
    """The step in functional form, with the levels rotated as ``run`` does."""
    u, u_n, u_nm1, Cx2, Cy2 = s["u"], s["u_n"], s["u_nm1"], s["Cx2"], s["Cy2"]
    u_xx = u_n[:-2, 1:-1] - 2*u_n[1:-1, 1:-1] + u_n[2:, 1:-1]
    u_yy = u_n[1:-1, :-2] - 2*u_n[1:-1, 1:-1] + u_n[1:-1, 2:]
    u = u.at[1:-1, 1:-1].set(2*u_n[1:-1, 1:-1] - u_nm1[1:-1, 1:-1] + Cx2*u_xx + Cy2*u_yy)
    u = u.at[:, 0].set(0).at[:, -1].set(0).at[0, :].set(0).at[-1, :].set(0)
    return {"u": u_nm1, "u_n": u, "u_nm1": u_n, "Cx2": Cx2, "Cy2": Cy2}
