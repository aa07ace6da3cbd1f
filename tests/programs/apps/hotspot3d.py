"""3-D thermal simulation of Rodinia's HotSpot3D (Rodinia 3.1 ``openmp/hotspot3D/3D.c``,
``computeTempCPU``), in NumPy.

Temperature ``tIn`` and power ``pIn`` on ``nz`` layers of ``ny x nx`` cells; the new
temperature is ``cc c + cn N + cs S + ce E + cw W + ct T + cb B + (dt / Cap) p + ct amb_temp``,
where a neighbour beyond the edge is the cell itself (the C code's ``(x == 0) ? c : c - 1``),
written with ``np.pad(tIn, 1, mode="edge")``; the result goes into ``tOut`` and the loop swaps
the two arrays, as the C code swaps its pointers.  The coefficients are Rodinia's (``main``:
``chip_height = chip_width = 0.016``, ``t_chip = 0.0005``, ``dz = t_chip / nz``, ...), computed
once per grid (``coefficients``) and passed in as Python numbers.

Changes: the C loops over cells become array expressions; the start is a uniform 320 K with a
random power map (Rodinia reads both from files).
"""
from __future__ import annotations

import numpy as np

t_chip, chip_height, chip_width = 0.0005, 0.016, 0.016
K_SI, SPEC_HEAT_SI, FACTOR_CHIP = 100.0, 1.75e6, 0.5
MAX_PD, PRECISION, amb_temp = 3.0e6, 0.001, 80.0

FIELDS = {"read": ("tIn", "pIn"), "written": ("tOut",)}
SIZES = {"float32": (256, 512, 512), "float64": (256, 512, 512)}
QUICK = (8, 64, 64)
TEST = (5, 13, 11)


def coefficients(nz, ny, nx):
    """Rodinia's (cc, cw, ce, cs, cn, cb, ct, dt / Cap) for nz layers of ny x nx cells."""
    dx = chip_height / nx
    dy = chip_width / ny
    dz = t_chip / nz
    Cap = FACTOR_CHIP * SPEC_HEAT_SI * t_chip * dx * dy
    Rx = dy / (2.0 * K_SI * t_chip * dx)
    Ry = dx / (2.0 * K_SI * t_chip * dy)
    Rz = dz / (K_SI * dx * dy)
    max_slope = MAX_PD / (FACTOR_CHIP * t_chip * SPEC_HEAT_SI)
    dt = PRECISION / max_slope
    stepDivCap = dt / Cap
    ce = cw = stepDivCap / Rx
    cn = cs = stepDivCap / Ry
    ct = cb = stepDivCap / Rz
    cc = 1.0 - (2.0 * ce + 2.0 * cn + 3.0 * ct)
    return cc, cw, ce, cs, cn, cb, ct, stepDivCap


def step(tOut, tIn, pIn, cc, cw, ce, cs, cn, cb, ct, stepDivCap):
    t = np.pad(tIn, 1, mode="edge")
    c = t[1:-1, 1:-1, 1:-1]
    w, e = t[1:-1, 1:-1, :-2], t[1:-1, 1:-1, 2:]
    n, s = t[1:-1, :-2, 1:-1], t[1:-1, 2:, 1:-1]
    b, a = t[:-2, 1:-1, 1:-1], t[2:, 1:-1, 1:-1]
    tOut[...] = (cc * c + cn * n + cs * s + ce * e + cw * w + ct * a + cb * b
                 + stepDivCap * pIn + ct * amb_temp)


def run(state, steps, step=step):
    tIn, tOut = state["tIn"], state["tOut"]
    consts = [state[k] for k in ("cc", "cw", "ce", "cs", "cn", "cb", "ct", "stepDivCap")]
    for i in range(steps):
        step(tOut, tIn, state["pIn"], *consts)
        tIn, tOut = tOut, tIn
    state.update(tIn=tIn, tOut=tOut)
    return state


def init(shape, dtype, xp=np, seed=0):
    """320 K everywhere; power uniform in [0, 0.5) W per cell."""
    rng = np.random.default_rng(seed)
    tIn = np.full(shape, 320.0)
    pIn = rng.uniform(0.0, 0.5, shape)
    cc, cw, ce, cs, cn, cb, ct, sdc = coefficients(*shape)
    return {"tOut": xp.asarray(np.zeros(shape, dtype)), "tIn": xp.asarray(tIn.astype(dtype)),
            "pIn": xp.asarray(pIn.astype(dtype)), "cc": cc, "cw": cw, "ce": ce, "cs": cs, "cn": cn,
            "cb": cb, "ct": ct, "stepDivCap": sdc}


def jax_step(jnp, st):
    """The step in functional form, with the two arrays swapped as ``run`` does."""
    t = jnp.pad(st["tIn"], 1, mode="edge")
    c = t[1:-1, 1:-1, 1:-1]
    w, e = t[1:-1, 1:-1, :-2], t[1:-1, 1:-1, 2:]
    n, s = t[1:-1, :-2, 1:-1], t[1:-1, 2:, 1:-1]
    b, a = t[:-2, 1:-1, 1:-1], t[2:, 1:-1, 1:-1]
    new = (st["cc"] * c + st["cn"] * n + st["cs"] * s + st["ce"] * e + st["cw"] * w + st["ct"] * a
           + st["cb"] * b + st["stepDivCap"] * st["pIn"] + st["ct"] * amb_temp)
    return dict(st, tIn=new, tOut=st["tIn"])
