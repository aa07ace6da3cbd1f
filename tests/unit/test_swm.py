"""The shallow-water model of issue 30 (tests/programs/swm.py: SPEC swim's C-grid scheme with
periodic rows, columns and corners written as window assignments) through kfuse's trace,
planner and NumPy executor of the plan: bitwise NumPy's own result after 2 and 40 steps, so
the order of the window assignments, their corners and the reads between them are NumPy's.
(The generated CUDA of the same plans: tests/compile/test_swm_compile.py; on the GPU:
tests/gpu/test_swm_gpu.py.)"""
from __future__ import annotations

import numpy as np
import pytest

from kfuse import config, reference
from kfuse.frontend.trace import trace
from kfuse.model import load_calibration
from kfuse.model.planner import best_plan
from tests.programs import swm

M, N = 64, 48   # a non-square grid: rows and columns are not interchangeable


@pytest.fixture(scope="module")
def planned():
    """(program, plan) of the first step and of the later steps, traced at (M+1) x (N+1)."""
    specs = [("a", (M + 1, N + 1), "float64", "C")] * len(swm.FIELDS)
    out = []
    with config.override(search_grid_time_s=0.0):
        for first in (True, False):
            prog, _ = trace(swm.make_step(M, N, first), list(swm.FIELDS), specs, "swm")
            out.append((prog, best_plan(prog, load_calibration())))
    return out


def _executor(prog, plan):
    def step(*state):
        got = reference.run_plan(prog, [k.calls for k in plan.kernels], dict(zip(prog.inputs, state)))
        return tuple(got[o] for o in prog.outputs)
    return step


def test_the_model_keeps_its_periodic_continuation():
    state = swm.run(M, N, 3)
    for f in state:
        np.testing.assert_array_equal(f[M, :], f[0, :])
        np.testing.assert_array_equal(f[:, N], f[:, 0])
    u0, v0, p0 = swm.initial_state(M, N)[:3]
    assert 0 < np.abs(state[2] - p0).max() < 1e-2 * np.abs(p0).max()   # it moves, a little
    assert np.abs(state[0] - u0).max() > 0 and np.abs(state[1] - v0).max() > 0


def test_every_step_traces_to_window_assignments(planned):
    for prog, plan in planned:
        assigns = [c for c in prog.calls if c.fn == "assign"]
        corners = [c for c in assigns if all(hi - lo == 1 for lo, hi in c.at)]
        assert len(corners) >= 7 and len(assigns) >= 4 * 7   # calc1 and calc2: a row, a column, a corner each
        # issue 31: the assignments fuse with the calls computing their values (none runs alone)
        assert all(len(k.calls) > 1 for k in plan.kernels if any(prog.calls[c].fn == "assign" for c in k.calls))


@pytest.mark.parametrize("steps", [2, 40])
def test_the_plan_computes_numpys_result_bitwise(planned, steps):
    (pf, planf), (ps, plans) = planned
    want = swm.run(M, N, steps)
    got = swm.run(M, N, steps, step=_executor(ps, plans), first=_executor(pf, planf))
    for name, g, w in zip(swm.FIELDS, got, want):
        assert np.array_equal(g, w), f"{name}: {swm.errors(g, w, w)}"


def test_errors_measure_against_the_state_and_the_motion():
    start = np.full(4, 100.0)
    want = start + np.array([0.0, 1e-3, 0.0, -2e-3])
    got = want + np.array([0.0, 0.0, 1e-4, 0.0])
    state, motion = swm.errors(got, want, start)
    assert state == pytest.approx(1e-4 / 100.001) and motion == pytest.approx(1e-4 / 2e-3)
