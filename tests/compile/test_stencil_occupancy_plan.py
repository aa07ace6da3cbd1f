"""kfuse-occupancy's plan (the seed's rule: block shape by occupancy alone) built on the CPU
with NVRTC: the same fused kernels as kfuse's plan, each grid kernel's block shape the one of
highest occupancy among the grid space's variants, from ptxas registers and shared memory."""
from __future__ import annotations

import pytest

from tests.compile import compile_helpers  # noqa: F401 - skips without NVRTC

import kfuse
from kfuse.bench.stencils import occupancy, peers
from kfuse.bench.stencils import workloads as W


@pytest.mark.parametrize("name", ["jacobi2d-8192", "hdiff-80x256x256", "heat3d_loop-256"])
def test_occupancy_plan_keeps_the_fusion_and_picks_by_occupancy(name):
    wl = W.WORKLOADS[name]
    args = W.make_inputs(wl, wl.quick_shape, "float32", 3)
    lo = kfuse.jit(peers.named_step(wl, kfuse)).lower(*args)
    plan, report = occupancy.occupancy_plan(lo.program, lo.plan_obj, "sm_90")
    assert [k.calls for k in plan.kernels] == [k.calls for k in lo.plan_obj.kernels]
    grid = [i for i, k in enumerate(lo.plan_obj.kernels) if k.space == "grid"]
    assert grid and len(report) == len(grid)
    for i, r in zip(grid, report):
        occs = [c["occupancy"] for c in r["candidates"]]
        assert all(o is not None and 0 < o <= 1 for o in occs)
        assert occs[r["chosen"]] == max(occs) and r["chosen"] == occs.index(max(occs))   # ties: first
        chosen = r["candidates"][r["chosen"]]
        params = plan.kernels[i].params
        assert (params["bx"], params.get("by", 1)) == (chosen["bx"], chosen["by"])
        for key in ("px", "py", "smem"):                       # kfuse's other choices kept
            assert params.get(key) == lo.plan_obj.kernels[i].params.get(key)
        assert len({(c["bx"], c["by"]) for c in r["candidates"]}) == len(r["candidates"])
    again = kfuse.jit(peers.named_step(wl, kfuse), plan=plan).lower(*args)   # the plan compiles as is
    assert [k.params for k in again.plan_obj.kernels] == [k.params for k in plan.kernels]
    assert "__global__" in again.source
