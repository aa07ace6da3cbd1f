"""3-D elastic wave propagation, velocity-stress on a staggered grid (Virieux, "P-SV wave
propagation in heterogeneous media: velocity-stress finite-difference method", Geophysics 51,
1986; in 3-D: Graves, "Simulating seismic wave propagation in 3D elastic media using
staggered-grid finite differences", BSSA 86, 1996), second order in space, written in NumPy as
its users write it: one in-place window update per component.

Velocities ``vx, vy, vz`` and stresses ``sxx, syy, szz, sxy, sxz, syz`` on one ``(nx, ny, nz)``
grid indexed ``[i, j, k]``, a heterogeneous medium (buoyancy ``b = 1 / rho``, Lame ``lam``,
``mu``, constant fields); each step updates the velocities from the stresses, then the stresses
from the new velocities, on the interior ``[1:-1, 1:-1, 1:-1]`` (a rigid box: the outer points
stay 0).  ``dtdx = dt / h`` is a Python number.  Staggering (Virieux's): ``vx`` at
``(i+1/2, j, k)``, ``sxy`` at ``(i+1/2, j+1/2, k)``, so a forward difference ``f[2:] - f[1:-1]``
or a backward one ``f[1:-1] - f[:-2]`` along each axis.

Changes: the medium uses the same (unstaggered) values at every staggered point, and ``b``,
``lam``, ``mu`` are not averaged between points (Graves averages them); no source in the loop:
the start is an explosive stress pulse.  This module is ours; it follows the papers' equations,
not a published program.
"""
from __future__ import annotations

import numpy as np

FIELDS = {"read": ("vx", "vy", "vz", "sxx", "syy", "szz", "sxy", "sxz", "syz", "b", "lam", "mu"),
          "written": ("vx", "vy", "vz", "sxx", "syy", "szz", "sxy", "sxz", "syz")}
SIZES = {"float32": (256, 256, 256), "float64": (256, 256, 256)}
QUICK = (64, 64, 64)
TEST = (13, 11, 9)


def step(vx, vy, vz, sxx, syy, szz, sxy, sxz, syz, b, lam, mu, dtdx):
    c = (slice(1, -1), slice(1, -1), slice(1, -1))
    bc = b[c]
    vx[c] += dtdx * bc * ((sxx[2:, 1:-1, 1:-1] - sxx[1:-1, 1:-1, 1:-1])
                          + (sxy[1:-1, 1:-1, 1:-1] - sxy[1:-1, :-2, 1:-1])
                          + (sxz[1:-1, 1:-1, 1:-1] - sxz[1:-1, 1:-1, :-2]))
    vy[c] += dtdx * bc * ((sxy[1:-1, 1:-1, 1:-1] - sxy[:-2, 1:-1, 1:-1])
                          + (syy[1:-1, 2:, 1:-1] - syy[1:-1, 1:-1, 1:-1])
                          + (syz[1:-1, 1:-1, 1:-1] - syz[1:-1, 1:-1, :-2]))
    vz[c] += dtdx * bc * ((sxz[1:-1, 1:-1, 1:-1] - sxz[:-2, 1:-1, 1:-1])
                          + (syz[1:-1, 1:-1, 1:-1] - syz[1:-1, :-2, 1:-1])
                          + (szz[1:-1, 1:-1, 2:] - szz[1:-1, 1:-1, 1:-1]))

    dvx = vx[1:-1, 1:-1, 1:-1] - vx[:-2, 1:-1, 1:-1]
    dvy = vy[1:-1, 1:-1, 1:-1] - vy[1:-1, :-2, 1:-1]
    dvz = vz[1:-1, 1:-1, 1:-1] - vz[1:-1, 1:-1, :-2]
    lc, mc = lam[c], mu[c]
    div = dvx + dvy + dvz
    sxx[c] += dtdx * (lc * div + 2 * mc * dvx)
    syy[c] += dtdx * (lc * div + 2 * mc * dvy)
    szz[c] += dtdx * (lc * div + 2 * mc * dvz)
    sxy[c] += dtdx * mc * ((vx[1:-1, 2:, 1:-1] - vx[1:-1, 1:-1, 1:-1]) + (vy[2:, 1:-1, 1:-1] - vy[1:-1, 1:-1, 1:-1]))
    sxz[c] += dtdx * mc * ((vx[1:-1, 1:-1, 2:] - vx[1:-1, 1:-1, 1:-1]) + (vz[2:, 1:-1, 1:-1] - vz[1:-1, 1:-1, 1:-1]))
    syz[c] += dtdx * mc * ((vy[1:-1, 1:-1, 2:] - vy[1:-1, 1:-1, 1:-1]) + (vz[1:-1, 2:, 1:-1] - vz[1:-1, 1:-1, 1:-1]))


NAMES = ("vx", "vy", "vz", "sxx", "syy", "szz", "sxy", "sxz", "syz", "b", "lam", "mu", "dtdx")


def run(state, steps, step=step):
    for it in range(steps):
        step(*[state[k] for k in NAMES])
    return state


def init(shape, dtype, xp=np, seed=0):
    """A two-layer medium (rho 2000 / 2500 kg/m^3, vp 3000 / 4000 m/s, vs = vp / sqrt 3) with
    1% random perturbation, zero velocities and an explosive pressure pulse (``sxx = syy = szz``,
    a Gaussian of width 2 points) near the centre; ``dtdx`` = 0.4 / vp_max (CFL 0.4 of the
    3-D limit 1/sqrt 3 for h = 1)."""
    rng = np.random.default_rng(seed)
    nx, ny, nz = shape
    top = np.arange(nz)[None, None, :] < nz // 2
    rho = np.where(top, 2000.0, 2500.0) * (1 + 0.01 * rng.standard_normal(shape))
    vp = np.where(top, 3000.0, 4000.0) * np.ones(shape)
    vs = vp / np.sqrt(3.0)
    mu = rho * vs**2
    lam = rho * vp**2 - 2 * mu
    i, j, k = np.ogrid[:nx, :ny, :nz]
    pulse = 1e6 * np.exp(-((i - nx // 2)**2 + (j - ny // 2)**2 + (k - nz // 3)**2) / (2 * 2.0**2))
    pulse[0] = pulse[-1] = 0
    pulse[:, 0] = pulse[:, -1] = 0
    pulse[:, :, 0] = pulse[:, :, -1] = 0
    st = {k: np.zeros(shape) for k in NAMES[:9]}
    st["sxx"] = st["syy"] = st["szz"] = pulse
    st.update(b=1 / rho, lam=lam, mu=mu)
    out = {k: xp.asarray(np.array(v, dtype=dtype)) for k, v in st.items()}
    out["dtdx"] = float(0.4 / (np.sqrt(3.0) * 4000.0 * 1.01))
    return out


def jax_step(jnp, s):
    """The step in functional form."""
    vx, vy, vz, sxx, syy, szz, sxy, sxz, syz, b, lam, mu, dtdx = (s[k] for k in NAMES)
    I = slice(1, -1)
    bc = b[I, I, I]
    vx = vx.at[I, I, I].add(dtdx * bc * ((sxx[2:, I, I] - sxx[I, I, I]) + (sxy[I, I, I] - sxy[I, :-2, I])
                                         + (sxz[I, I, I] - sxz[I, I, :-2])))
    vy = vy.at[I, I, I].add(dtdx * bc * ((sxy[I, I, I] - sxy[:-2, I, I]) + (syy[I, 2:, I] - syy[I, I, I])
                                         + (syz[I, I, I] - syz[I, I, :-2])))
    vz = vz.at[I, I, I].add(dtdx * bc * ((sxz[I, I, I] - sxz[:-2, I, I]) + (syz[I, I, I] - syz[I, :-2, I])
                                         + (szz[I, I, 2:] - szz[I, I, I])))
    dvx = vx[I, I, I] - vx[:-2, I, I]
    dvy = vy[I, I, I] - vy[I, :-2, I]
    dvz = vz[I, I, I] - vz[I, I, :-2]
    lc, mc = lam[I, I, I], mu[I, I, I]
    div = dvx + dvy + dvz
    sxx = sxx.at[I, I, I].add(dtdx * (lc * div + 2 * mc * dvx))
    syy = syy.at[I, I, I].add(dtdx * (lc * div + 2 * mc * dvy))
    szz = szz.at[I, I, I].add(dtdx * (lc * div + 2 * mc * dvz))
    sxy = sxy.at[I, I, I].add(dtdx * mc * ((vx[I, 2:, I] - vx[I, I, I]) + (vy[2:, I, I] - vy[I, I, I])))
    sxz = sxz.at[I, I, I].add(dtdx * mc * ((vx[I, I, 2:] - vx[I, I, I]) + (vz[2:, I, I] - vz[I, I, I])))
    syz = syz.at[I, I, I].add(dtdx * mc * ((vy[I, I, 2:] - vy[I, I, I]) + (vz[I, 2:, I] - vz[I, I, I])))
    return dict(s, vx=vx, vy=vy, vz=vz, sxx=sxx, syy=syy, szz=szz, sxy=sxy, sxz=sxz, syz=syz)
