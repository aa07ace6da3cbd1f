"""2-D thermal simulation of Rodinia's HotSpot (Huang et al., "HotSpot: a compact thermal
modeling methodology", DAC 2006; Rodinia 3.1 ``openmp/hotspot/hotspot_openmp.cpp``,
``single_iteration``), in NumPy.

Temperature ``temp`` and a constant power map ``power`` on a ``row x col`` grid of a 16 mm chip;
each step adds ``Cap_1 * (power + (N + S - 2 c) Ry_1 + (E + W - 2 c) Rx_1 + (amb - c) Rz_1)``,
where a neighbour beyond the edge is the cell itself (the C code's clamped indices), written
with ``np.pad(temp, 1, mode="edge")``.  The constants are Rodinia's (``t_chip = 0.0005``,
``chip_height = chip_width = 0.016``, ``K_SI = 100``, ``SPEC_HEAT_SI = 1.75e6``,
``FACTOR_CHIP = 0.5``, ``MAX_PD = 3e6``, ``PRECISION = 0.001``, ``amb_temp = 80``); the
step-size ratios ``Cap_1 = step / Cap``, ``Rx_1 = 1 / Rx``, ... are computed once for the grid
(``coefficients``) and passed in as Python numbers, as the C code passes them to its kernel.

Changes: C loops over cells become array expressions; the C code writes ``result`` from
``temp`` and swaps the two pointers, here ``temp`` is updated in place (``temp += ...``: NumPy
evaluates the right side first, so it is the same update).  The start is a uniform 323.15 K
with a random power map (Rodinia reads both from files).
"""
from __future__ import annotations

import numpy as np

t_chip, chip_height, chip_width = 0.0005, 0.016, 0.016
K_SI, SPEC_HEAT_SI, FACTOR_CHIP = 100.0, 1.75e6, 0.5
MAX_PD, PRECISION, amb_temp = 3.0e6, 0.001, 80.0

FIELDS = {"read": ("temp", "power"), "written": ("temp",)}
SIZES = {"float32": (8192, 8192), "float64": (8192, 8192)}
QUICK = (256, 256)
TEST = (37, 43)


def coefficients(row, col):
    """(Cap_1, Rx_1, Ry_1, Rz_1) of Rodinia's ``compute_tran_temp`` for a row x col grid."""
    grid_height = chip_height / row
    grid_width = chip_width / col
    Cap = FACTOR_CHIP * SPEC_HEAT_SI * t_chip * grid_width * grid_height
    Rx = grid_width / (2.0 * K_SI * t_chip * grid_height)
    Ry = grid_height / (2.0 * K_SI * t_chip * grid_width)
    Rz = t_chip / (K_SI * grid_height * grid_width)
    max_slope = MAX_PD / (FACTOR_CHIP * t_chip * SPEC_HEAT_SI)
    step = PRECISION / max_slope
    return step / Cap, 1 / Rx, 1 / Ry, 1 / Rz


def step(temp, power, Cap_1, Rx_1, Ry_1, Rz_1):
    t = np.pad(temp, 1, mode="edge")
    c = t[1:-1, 1:-1]
    N, S = t[:-2, 1:-1], t[2:, 1:-1]
    W, E = t[1:-1, :-2], t[1:-1, 2:]
    temp += Cap_1 * (power + (N + S - 2.0 * c) * Ry_1 + (E + W - 2.0 * c) * Rx_1 + (amb_temp - c) * Rz_1)


def run(state, steps, step=step):
    for i in range(steps):
        step(state["temp"], state["power"], state["Cap_1"], state["Rx_1"], state["Ry_1"], state["Rz_1"])
    return state


def init(shape, dtype, xp=np, seed=0):
    """323.15 K everywhere; power uniform in [0, 0.5) W per cell, as Rodinia's data files."""
    rng = np.random.default_rng(seed)
    temp = np.full(shape, 323.15)
    power = rng.uniform(0.0, 0.5, shape)
    Cap_1, Rx_1, Ry_1, Rz_1 = coefficients(*shape)
    return {"temp": xp.asarray(temp.astype(dtype)), "power": xp.asarray(power.astype(dtype)),
            "Cap_1": Cap_1, "Rx_1": Rx_1, "Ry_1": Ry_1, "Rz_1": Rz_1}


def jax_step(jnp, s):
    """The step in functional form."""
    temp = s["temp"]
    t = jnp.pad(temp, 1, mode="edge")
    c = t[1:-1, 1:-1]
    N, S, W, E = t[:-2, 1:-1], t[2:, 1:-1], t[1:-1, :-2], t[1:-1, 2:]
    new = temp + s["Cap_1"] * (s["power"] + (N + S - 2.0 * c) * s["Ry_1"] + (E + W - 2.0 * c) * s["Rx_1"]
                               + (amb_temp - c) * s["Rz_1"])
    return dict(s, temp=new)
