"""The stencil scripts (examples jacobi2d, hdiff, periodic2d and the other syntaxes, boundary
assignments among them) compile through NVRTC
to sm_90 cubins without spills, in float32 and float64, at odd sizes, fused and unfused."""
from __future__ import annotations

import pytest

from ..script_stencils import SCRIPTS, load
from .compile_helpers import assert_clean_resources, compile_program

ODD = {"jacobi2d": {"m": 1001, "n": 517}, "hdiff": {"k": 7, "m": 131, "n": 259},
       "jacobi_repeat": {"m": 257, "n": 131}, "heat3d": {"k": 33, "m": 65, "n": 129},
       "periodic2d": {"m": 1001, "n": 517}, "heat3d_walls": {"k": 33, "m": 65, "n": 129}}
# default plans: one kernel each (the assignments into windows fuse with the stencil, issue 31)
KERNELS = {"jacobi2d": 1, "hdiff": 1, "heat3d": 1, "periodic2d": 1, "heat3d_walls": 1}


@pytest.mark.parametrize("plan", ["default", "unfused"])
@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("name", sorted(ODD))
def test_stencil_script_compiles_without_spills(name, dtype, plan):
    prog = load(name, dtype)
    exe = compile_program(prog, ODD[name], plan=plan)
    assert sorted(c for k in exe.plan_obj.kernels for c in k.calls) == list(range(len(exe.program.calls)))
    if plan == "default" and name in KERNELS:
        assert exe.n_kernels == KERNELS[name]
    assert_clean_resources(exe)


def test_every_script_case_has_sizes_here_or_is_covered_by_its_example():
    assert set(ODD) <= set(SCRIPTS)
