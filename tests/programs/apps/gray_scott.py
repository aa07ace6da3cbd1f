"""Gray-Scott reaction-diffusion, as Nicolas P. Rougier writes it in *From Python to Numpy*
(2017, section 4.3 "Reaction diffusion", ``code/gray-scott.py``, BSD licence).

Two fields ``U``, ``V`` of ``(n + 2) x (n + 2)`` points; the border stays fixed at its initial
value (0) and the interior views ``u = U[1:-1, 1:-1]``, ``v = V[1:-1, 1:-1]`` are updated in
place with the 5-point Laplacian; ten such updates make one animation frame in the original.
Parameters: the "Bacteria 1" set ``Du, Dv, F, k = 0.16, 0.08, 0.035, 0.065``.

Changes: the original keeps ``U`` and ``V`` as the two fields of one structured array
``Z = np.zeros((n+2, n+2), [('U', np.double), ('V', np.double)])``; here they are two arrays
(CuPy, torch and kfuse have no structured dtypes).  The update of one frame, a global-state
function, is ``step(U, V)`` (one of its ten iterations); the views are taken inside it.
"""
from __future__ import annotations

import numpy as np

Du, Dv, F, k = 0.16, 0.08, 0.035, 0.065

FIELDS = {"read": ("U", "V"), "written": ("U", "V")}
SIZES = {"float32": (8192, 8192), "float64": (8192, 8192)}
QUICK = (258, 258)
TEST = (43, 37)


def step(U, V):
    u, v = U[1:-1, 1:-1], V[1:-1, 1:-1]
    Lu = (                  U[0:-2, 1:-1] +
          U[1:-1, 0:-2] - 4*U[1:-1, 1:-1] + U[1:-1, 2:] +
                            U[2:  , 1:-1])
    Lv = (                  V[0:-2, 1:-1] +
          V[1:-1, 0:-2] - 4*V[1:-1, 1:-1] + V[1:-1, 2:] +
                            V[2:  , 1:-1])
    uvv = u*v*v
    u += (Du*Lu - uvv +  F   *(1-u))
    v += (Dv*Lv + uvv - (F+k)*v    )


def run(state, steps, step=step):
    for i in range(steps):
        step(state["U"], state["V"])
    return state


def init(shape, dtype, xp=np, seed=0):
    """The original's start: ``u = 1`` inside, a centred square ``U = 0.5, V = 0.25`` of side
    ``2 r`` (r = 20, or a tenth of the grid where smaller), noise of +-0.05 on the interior."""
    ny, nx = shape
    rng = np.random.default_rng(seed)
    U = np.zeros(shape)
    V = np.zeros(shape)
    U[1:-1, 1:-1] = 1.0
    r = min(20, max(1, min(ny, nx) // 10))
    U[ny//2-r:ny//2+r, nx//2-r:nx//2+r] = 0.50
    V[ny//2-r:ny//2+r, nx//2-r:nx//2+r] = 0.25
    U[1:-1, 1:-1] += 0.05*rng.uniform(-1, +1, (ny-2, nx-2))
    V[1:-1, 1:-1] += 0.05*rng.uniform(-1, +1, (ny-2, nx-2))
    return {"U": xp.asarray(U.astype(dtype)), "V": xp.asarray(V.astype(dtype))}


def jax_step(jnp, s):
    """The step in functional form."""
    U, V = s["U"], s["V"]
    u, v = U[1:-1, 1:-1], V[1:-1, 1:-1]
    Lu = U[0:-2, 1:-1] + U[1:-1, 0:-2] - 4*U[1:-1, 1:-1] + U[1:-1, 2:] + U[2:, 1:-1]
    Lv = V[0:-2, 1:-1] + V[1:-1, 0:-2] - 4*V[1:-1, 1:-1] + V[1:-1, 2:] + V[2:, 1:-1]
    uvv = u*v*v
    return {"U": U.at[1:-1, 1:-1].set(u + (Du*Lu - uvv + F*(1-u))),
            "V": V.at[1:-1, 1:-1].set(v + (Dv*Lv + uvv - (F+k)*v))}
