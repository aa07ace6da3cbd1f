"""Compile tier for stencils: every staging choice and a spread of block shapes of the fused grid
kernel of each program of tests/stencil_programs.py compiles to an sm_90 cubin through NVRTC with
no spill (both dtypes), and the model's plan too."""
from __future__ import annotations

import pytest

from kfuse import spaces
from kfuse.fusion.search import make_plan
from kfuse.model import load_calibration
from kfuse.model.planner import best_plan

from ..stencil_programs import CASES
from ..unit.test_stencil import traced
from .compile_helpers import assert_clean_resources, compile_program


def _spread(variants: list) -> list:
    """Each staging choice once, plus the first variant with several points per thread."""
    chosen, seen = [], set()
    for v in variants:
        key = (v.get("smem", ""), v.get("px", 1) * v.get("py", 1) > 1, v.get("uz", 1) > 1, v.get("stream", "z"),
               v.get("vec", 1))
        if key not in seen:
            seen.add(key)
            chosen.append(v)
    return chosen


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("name", sorted(CASES))
def test_grid_kernels_compile_without_spills(name, dtype):
    prog = traced(name, "C", dtype)
    calls = list(range(len(prog.calls)))
    info = spaces.program_info(prog)
    variants = spaces.get("grid").variants(prog, calls, spaces.kernel_domain(prog, calls), dtype, True, info)
    plans = [best_plan(prog, load_calibration())] + [make_plan(prog, [(calls, p)]) for p in _spread(variants)]
    for plan in plans:
        exe = compile_program(prog, plan=plan)
        assert_clean_resources(exe)
        assert all(k.grid[0] >= 1 and k.block[0] <= 1024 for k in exe.module.kernels)
