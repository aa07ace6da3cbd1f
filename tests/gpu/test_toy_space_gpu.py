"""GPU tier: the toy "pairs" space (tests/toy_space.py) runs and matches the float64 reference,
unfused, fused and as the model's best plan, on odd, size-1 and multi-block lengths."""
from __future__ import annotations

import pytest

import kfuse
from kfuse import reference
from kfuse.fusion import unfused_plan
from kfuse.fusion.search import make_plan
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
            outs = kfuse.pipeline.stages.build(prog, plan)(*ins.values())
            check_outputs([prog.value(o).display for o in prog.outputs], outs, [refs[o] for o in prog.outputs],
                          dtype, f"toy n={n} {[k.params for k in plan.kernels]}")


@pytest.mark.parametrize("target", ["", "sm_90a"])
@pytest.mark.parametrize("dtype", ["float32", "complex128"])
def test_toy_dynamic_shared_memory_runs_and_matches_the_reference(dtype, target):
    """64 KiB of dynamic shared memory per block (over the 48 KiB default: the runtime sets the
    function attribute), each thread's results passed through its slot, optionally for
    sm_90a (skipped on devices that are not compute capability 9.0)."""
    import cupy
    if target and cupy.cuda.Device().compute_capability != "90":
        pytest.skip("sm_90a kernels run only on compute capability 9.0 devices")
    with registered():
        prog = kfuse.parse(TOY_SCRIPT, "toy", dtype).bind({"n": 100_003})
        plan = make_plan(prog, [([0, 1], {"block": 128, "pairs": 2, "shared": 65536, "target": target})])
        exe = kfuse.pipeline.stages.build(prog, plan)
        assert exe.launch_spec.launches[0].shared_bytes == 65536
        ins = reference.random_inputs(prog, seed=7, xp=cupy)
        refs = reference.run(prog, ins)
        outs = exe(*ins.values())
        check_outputs([prog.value(o).display for o in prog.outputs], outs, [refs[o] for o in prog.outputs],
                      dtype, f"toy with 64 KiB of dynamic shared memory, target {target or 'default'}")
