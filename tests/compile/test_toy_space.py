"""Compile tier: the toy "pairs" space (tests/toy_space.py: one space module and one lowering,
no edit to fusion/, model/, codegen/ or runtime/) goes from plan to an sm_90 cubin through NVRTC."""
from __future__ import annotations

import pytest

import kfuse
from kfuse import spaces
from kfuse.codegen import LOWERINGS
from kfuse.fusion import unfused_plan
from kfuse.fusion.space import make_plan
from kfuse.model import load_calibration
from kfuse.model.planner import best_plan

from ..toy_space import TOY_SCRIPT, registered
from .compile_helpers import assert_clean_resources, compile_program


@pytest.mark.parametrize("dtype", ["float32", "complex128"])
@pytest.mark.parametrize("n", [1, 5000])
def test_the_toy_space_compiles_to_a_cubin(dtype, n):
    with registered():
        prog = kfuse.parse(TOY_SCRIPT, "toy", dtype).bind({"n": n})
        plans = [unfused_plan(prog), make_plan(prog, [([0, 1], {"block": 256, "pairs": 1})]),
                 best_plan(prog, load_calibration())]
        for plan in plans:
            assert {k.space for k in plan.kernels} == {"pairs"}
            exe = compile_program(prog, plan=plan)
            assert_clean_resources(exe)
            assert [k.name for k in exe.module.kernels] == [k.name for k in plan.kernels]
            assert all(k.grid[0] >= 1 for k in exe.module.kernels)
    assert "pairs" not in spaces.SPACES and "pairs" not in LOWERINGS
