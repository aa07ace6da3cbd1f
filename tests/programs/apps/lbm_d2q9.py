"""D2Q9 lattice Boltzmann flow past a cylinder, as Philip Mocz writes it in *Create Your Own
Lattice Boltzmann Simulation (With Python)* (2020, github.com/pmocz/latticeboltzmann-python,
``latticeboltzmann.py``, GPL-3.0).

Nine distributions ``F[y, x, i]``; streaming by ``np.roll`` along x then y for each lattice
velocity; the distributions inside the cylinder are kept, reflected (bounce-back), then put
back after the BGK collision ``F += -(1/tau) (F - Feq)``; periodic elsewhere.  rho0 = 100,
tau = 0.6, the cylinder of radius Ny/4 at (Nx/4, Ny/2).

Changes: the loop body is ``step(F, cylinder, cx, cy)``.  The lattice velocities appear twice,
as in the original's two uses of ``cxs``/``cys``: Python tuples (``CXS``, ``CYS``, ``WEIGHTS``)
for the loops over distributions, and device arrays ``cx``, ``cy`` passed in for the moments
``np.sum(F*cxs, 2)`` (CuPy and torch do not multiply a device array by a NumPy one); the mask
``cylinder`` is passed in (it is made once before the loop in the original).  ``Feq`` is made in ``F``'s dtype
(``dtype=F.dtype``; the original's float64 default would run a float32 step in float64).
"""
from __future__ import annotations

import numpy as np

rho0, tau = 100, 0.6
NL = 9
idxs = tuple(range(NL))
CXS = (0, 0, 1, 1, 1, 0, -1, -1, -1)
CYS = (0, 1, 1, 0, -1, -1, -1, 0, 1)
WEIGHTS = (4/9, 1/9, 1/36, 1/9, 1/36, 1/9, 1/36, 1/9, 1/36)

FIELDS = {"read": ("F", "cylinder"), "written": ("F",)}
SIZES = {"float32": (2048, 4096), "float64": (2048, 4096)}    # (Ny, Nx)
QUICK = (100, 400)
TEST = (21, 45)


def step(F, cylinder, cx, cy):
    # Drift
    for i, cx_i, cy_i in zip(idxs, CXS, CYS):
        F[:, :, i] = np.roll(F[:, :, i], cx_i, axis=1)
        F[:, :, i] = np.roll(F[:, :, i], cy_i, axis=0)

    # Set reflective boundaries
    bndryF = F[cylinder, :]
    bndryF = bndryF[:, [0, 5, 6, 7, 8, 1, 2, 3, 4]]

    # Calculate fluid variables
    rho = np.sum(F, 2)
    ux = np.sum(F*cx, 2) / rho
    uy = np.sum(F*cy, 2) / rho

    # Apply Collision
    Feq = np.zeros(F.shape, dtype=F.dtype)
    for i, cx_i, cy_i, w in zip(idxs, CXS, CYS, WEIGHTS):
        Feq[:, :, i] = rho * w * (1 + 3*(cx_i*ux+cy_i*uy) + 9*(cx_i*ux+cy_i*uy)**2/2 - 3*(ux**2+uy**2)/2)

    F += -(1.0/tau) * (F - Feq)

    # Apply boundary
    F[cylinder, :] = bndryF


def run(state, steps, step=step):
    for it in range(steps):
        step(state["F"], state["cylinder"], state["cx"], state["cy"])
    return state


def init(shape, dtype, xp=np, seed=0):
    """The original's start: ones plus 1% noise, a rightward stream ``F[:, :, 3] += 2 (1 + 0.2
    cos(8 pi X / Nx))``, rescaled to density rho0; the cylinder mask."""
    Ny, Nx = shape
    rng = np.random.default_rng(seed)
    F = np.ones((Ny, Nx, NL)) + 0.01*rng.standard_normal((Ny, Nx, NL))
    X, Y = np.meshgrid(range(Nx), range(Ny))
    F[:, :, 3] += 2 * (1+0.2*np.cos(2*np.pi*X/Nx*4))
    rho = np.sum(F, 2)
    for i in idxs:
        F[:, :, i] *= rho0 / rho
    cylinder = (X - Nx/4)**2 + (Y - Ny/2)**2 < (Ny/4)**2
    return {"F": xp.asarray(F.astype(dtype)), "cylinder": xp.asarray(cylinder),
            "cx": xp.asarray(np.array(CXS, dtype=dtype)), "cy": xp.asarray(np.array(CYS, dtype=dtype))}


def jax_step(jnp, s):
    """The step in functional form (the mask applied with ``where``)."""
    F, cylinder, cx, cy = s["F"], s["cylinder"], s["cx"], s["cy"]
    F = jnp.stack([jnp.roll(jnp.roll(F[:, :, i], cx_i, axis=1), cy_i, axis=0)
                   for i, cx_i, cy_i in zip(idxs, CXS, CYS)], axis=2)
    bndryF = F[:, :, jnp.array([0, 5, 6, 7, 8, 1, 2, 3, 4])]
    rho = jnp.sum(F, 2)
    ux = jnp.sum(F*cx, 2) / rho
    uy = jnp.sum(F*cy, 2) / rho
    Feq = jnp.stack([rho * w * (1 + 3*(cx_i*ux+cy_i*uy) + 9*(cx_i*ux+cy_i*uy)**2/2 - 3*(ux**2+uy**2)/2)
                     for cx_i, cy_i, w in zip(CXS, CYS, WEIGHTS)], axis=2).astype(F.dtype)
    F = F + -(1.0/tau) * (F - Feq)
    return {"F": jnp.where(cylinder[:, :, None], bndryF, F), "cylinder": cylinder, "cx": cx, "cy": cy}
