"""GPU tier for boundary code (assignment into traced arrays): the programs of
tests/unit/test_assign.py (1-D, the issue's 2-D periodic + Dirichlet example, 3-D walls with
reads after the copies) on fresh random inputs, outputs poisoned (conftest), in float32 and
float64, C and F order, for every plan of tests/assign_plans.py, against NumPy in float64; and
the issue's step through kfuse.jit with out= ping-pong."""
from __future__ import annotations

import numpy as np
import pytest

import kfuse

from ..assign_plans import plans
from ..unit.test_assign import CASES, NP, _inputs, _traced
from .helpers import check_outputs


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("order", ["C", "F"])
@pytest.mark.parametrize("name", sorted(CASES))
def test_boundary_programs_match_numpy_for_every_plan(name, order, dtype):
    import cupy
    prog = _traced(name, order, dtype)
    for seed in (1, 2):
        host = _inputs(name, order, dtype, seed)
        want = [CASES[name][0](NP)(*[a.astype(np.float64) for a in host])]
        dev = [cupy.asarray(a, order=order) for a in host]
        for plan in plans(prog):
            outs = kfuse.pipeline.stages.build(prog, plan)(*dev)
            outs = outs if isinstance(outs, (tuple, list)) else [outs]
            check_outputs(["out"], outs, want, dtype, f"{name} {order} {[(k.space, k.params) for k in plan.kernels]}")


def test_the_issue_example_ping_pongs_through_jit():
    import cupy
    step = kfuse.jit(CASES["jacobi_periodic"][0](kfuse))
    a0 = np.random.default_rng(5).uniform(-1, 1, (131, 77))
    a, b = cupy.asarray(a0), cupy.full((131, 77), np.nan)
    want = a0.copy()
    for _ in range(7):
        step(a, out=b)
        a, b = b, a
        want = CASES["jacobi_periodic"][0](NP)(want)
    np.testing.assert_allclose(cupy.asnumpy(a), want, rtol=1e-12, atol=1e-14)
