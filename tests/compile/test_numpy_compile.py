"""Compile tier for NumPy's names on traced arrays (issue 31 items 3 and 4): functions using
``np.roll``, ``np.pad``, ``np.zeros_like`` and the new math ufuncs compile to sm_90 cubins with
no spill in both dtypes and orders, unfused and as kfuse plans them; the generated grid kernels
of roll and pad, run on the CPU (g++: tests/compile/grid_cpu.py), give NumPy's values bit for bit."""
from __future__ import annotations

import numpy as np
import pytest

from kfuse import config
from kfuse.codegen.module import generate
from kfuse.frontend.trace import trace
from kfuse.model import load_calibration
from kfuse.model.planner import best_plan
from tests.compile import grid_cpu

from .compile_helpers import assert_clean_resources, compile_program


def heat_padded(u, v):
    """A 5-point step on an edge-padded field, a periodic advection by np.roll, the new ufuncs."""
    p = np.pad(u, 1, "edge")
    w = np.zeros_like(u)
    w[1:-1, 1:-1] = u[1:-1, 1:-1] + 0.1 * (p[:-2, 1:-1] + p[2:, 1:-1] + p[1:-1, :-2] + p[1:-1, 2:] - 4 * u)[1:-1, 1:-1]
    adv = v - 0.2 * (v - np.roll(v, 1, axis=1)) + np.log(np.abs(v) + 1.0) * np.tanh(v) ** 2
    return w, adv, np.pad(v, ((1, 2), (0, 3)), "wrap"), np.sin(u) * np.cos(v) + u ** 1.5


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("order", ["C", "F"])
@pytest.mark.parametrize("plan", ["unfused", "default"])
def test_numpy_style_functions_compile_without_spills(plan, order, dtype):
    prog, _ = trace(heat_padded, ["u", "v"], [("a", (13, 17), dtype, order)] * 2)
    exe = compile_program(prog, plan=plan)
    assert_clean_resources(exe)
    assert "pow(" in exe.source and "tanh(" in exe.source


@pytest.mark.parametrize("shape", [(7,), (5, 7, 9)])
@pytest.mark.parametrize("order", ["C", "F"])
def test_roll_and_pad_of_vectors_and_grids_compile(shape, order):
    def f(u):
        return (np.pad(u, 2, "edge"), np.roll(u, 3, axis=0) + np.roll(u, -1, axis=-1), np.pad(u, 1, "wrap"),
                np.pad(u, (0, 2), constant_values=(1.0, 2.0)))
    prog, _ = trace(f, ["u"], [("a", shape, "float64", order if len(shape) > 1 else "C")])
    assert_clean_resources(compile_program(prog, plan="default"))


def step(u, v):
    """Two fields in, two out (the CPU runner's state): rolls, wrapped, edge and mirror pads sliced
    back to the field's shape."""
    rolled = np.roll(u, (2, -3), axis=(0, -1))
    back = (slice(2, -1),) + (slice(1, -3),) * (v.ndim - 1)
    padded = np.pad(v, ((1, 2),) + ((3, 1),) * (v.ndim - 1), "wrap")[back] + \
        np.pad(u, 2, "edge")[(slice(1, -3),) + (slice(3, -1),) * (u.ndim - 1)]
    mirrored = np.pad(u, 1, "reflect")[(slice(None, -2),) + (slice(2, None),) * (u.ndim - 1)] - \
        np.pad(v, 2, "symmetric")[(slice(4, None),) + (slice(None, -4),) * (v.ndim - 1)]
    return rolled, padded + mirrored


@pytest.mark.parametrize("shape,dtype", [((9, 13), "float32"), ((5, 6, 7), "float64")])   # ~15 s each
def test_generated_roll_and_pad_kernels_are_numpy_bit_for_bit(shape, dtype):
    prog, _ = trace(step, ["u", "v"], [("a", shape, dtype, "C")] * 2, "step")
    with config.override(search_grid_time_s=0.0):
        module = generate(prog, best_plan(prog, load_calibration()))
    rng = np.random.default_rng(7)
    state = [rng.uniform(-1, 1, shape).astype(dtype) for _ in range(2)]
    want = [state[0], state[1]]
    for _ in range(3):
        want = list(step(*want))
    got = grid_cpu.run_schedule([(prog, module)], [0, 0, 0], state, contract=False)
    for g, w in zip(got, want):
        np.testing.assert_array_equal(g, w)
