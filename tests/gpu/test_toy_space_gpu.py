"""GPU tier: the toy "pairs" space (tests/toy_space.py) runs and matches the float64 reference,
unfused, fused and as the model's best plan, on odd, size-1 and multi-block lengths."""
from __future__ import annotations

import pytest

import kfuse
from kfuse import reference
from kfuse.fusion import unfused_plan
from kfuse.fusion.space import make_plan
from kfuse.model import load_calibration
from kfuse.model.planner import best_plan

from ..toy_space import TOY_SCRIPT, registered
from .helpers import check_outputs


@pytest.mark.parametrize("dtype", ["float32", "complex128"])
@pytest.mark.parametrize("n", [1, 1023, 100_003])
def test_the_toy_space_runs_and_matches_the_reference(dtype, n):
    import cupy
    with registered():
        prog = kfuse.parse(TOY_SCRIPT, "toy", dtype).bind({"n": n})
        plans = [unfused_plan(prog), make_plan(prog, [([0, 1], {"block": 128, "pairs": 1})]),
                 make_plan(prog, [([0, 1], {"block": 256, "pairs": 2})]), best_plan(prog, load_calibration())]
        for seed, plan in enumerate(plans):
            ins = reference.random_inputs(prog, seed=seed, xp=cupy)
            refs = reference.run(prog, ins)
            outs = kfuse.runtime.build(prog, plan)(*ins.values())
            check_outputs([prog.value(o).display for o in prog.outputs], outs, [refs[o] for o in prog.outputs],
                          dtype, f"toy n={n} {[k.params for k in plan.kernels]}")
