"""GPU tier for ``np.pad`` / ``np.roll`` read through (issue 31 item 4): the programs of
tests/pad_roll_cases.py (hotspot3d's and Allen-Cahn's steps unchanged, stencils over every pad
mode, width and roll) for every plan of tests/assign_plans.py (the applications) or the
unfused and the model's plans (the others), outputs poisoned (conftest), in float32 and
float64, C and F order, against NumPy in float64; and the two applications' steps through
``kfuse.jit`` in their own loops on CuPy arrays of both orders."""
from __future__ import annotations

import numpy as np
import pytest

import kfuse

from .. import pad_roll_cases
from ..assign_plans import plans
from ..programs import apps
from .helpers import check_outputs

CASES = pad_roll_cases.CASES
APPS = ("hotspot3d", "allen_cahn")


def _program(name: str, dtype: str, order: str):
    from kfuse.frontend.trace import trace
    fn, shapes = CASES[name]
    specs = [("a", s, dtype, order if len(s) > 1 else "C") for s in shapes]
    return trace(fn, [f"s{i}" for i in range(len(shapes))], specs, name)[0]


def _plans(prog, every: bool) -> list:
    from kfuse.fusion import unfused_plan
    from kfuse.model import load_calibration
    from kfuse.model.planner import best_plan
    with kfuse.config.override(search_grid_time_s=0.0):
        return plans(prog) if every else [unfused_plan(prog), best_plan(prog, load_calibration())]


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("order", ["C", "F"])
@pytest.mark.parametrize("name", sorted(CASES))
def test_pad_and_roll_programs_match_numpy_for_every_plan(name, order, dtype):
    import cupy
    prog = _program(name, dtype, order)
    host = pad_roll_cases.state(name, dtype, order, seed=1)
    want = pad_roll_cases.numpy_steps(name, host, 1, dtype=np.float64)
    for plan in _plans(prog, name in APPS):
        dev = [cupy.asarray(a, order=order) for a in host]   # fresh: a step may write its argument
        outs = kfuse.pipeline.stages.build(prog, plan)(*dev)
        outs = outs if isinstance(outs, (tuple, list)) else [outs]
        check_outputs([f"field {i}" for i in range(len(want))], outs, want, dtype,
                      f"{name} {order} {[(k.space, k.calls, k.params) for k in plan.kernels]}")


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("order", ["C", "F"])
@pytest.mark.parametrize("name", APPS)
def test_the_applications_run_as_written_in_both_orders(name, order, dtype):
    """``kfuse.jit(step)`` in the module's own loop (3 steps) at its odd TEST size, the state
    in ``order``; one kernel per step; NumPy float64's result."""
    import cupy
    m = apps.load(name)
    steps = 3
    want = m.run(m.init(m.TEST, "float64", seed=0), steps)
    state = m.init(m.TEST, dtype, seed=0)
    state = {k: (cupy.asarray(v, order=order) if isinstance(v, np.ndarray) else v) for k, v in state.items()}
    step = kfuse.jit(m.step)
    state = m.run(state, steps, step=step)
    got = {k: cupy.asnumpy(v) for k, v in state.items() if isinstance(v, cupy.ndarray)}
    err = apps.rel_error(got, want, m.FIELDS["written"])
    assert err <= apps.TOLERANCE[dtype], f"{name} {dtype} {order}: error {err:.2e} against NumPy float64"
    args = apps.args_of(m.step, m.init(m.TEST, dtype, seed=0))
    args = [np.asfortranarray(a) if isinstance(a, np.ndarray) and order == "F" else a for a in args]
    assert len(step.lower(*args).plan["kernels"]) == 1
