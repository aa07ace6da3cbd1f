"""Compile tier for boundary code (assignment into traced arrays): every plan of
tests/assign_plans.py compiles to sm_90 cubins through NVRTC with no spill, in both dtypes and
orders; the issue's example is one kernel (the stencil with its periodic rows and its wall)."""
from __future__ import annotations

import pytest

from ..assign_plans import plans
from ..unit.test_assign import CASES, _traced
from .compile_helpers import assert_clean_resources, compile_program


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("order", ["C", "F"])
@pytest.mark.parametrize("name", sorted(CASES))
def test_boundary_programs_compile_without_spills(name, order, dtype):
    prog = _traced(name, order, dtype)
    for plan in plans(prog):
        exe = compile_program(prog, plan=plan)
        assert_clean_resources(exe)


def test_the_issue_example_is_one_kernel():
    prog = _traced("jacobi_periodic", "C", "float32")
    exe = compile_program(prog, plan=plans(prog)[1])
    assert len(exe.module.kernels) == 1
    assert_clean_resources(exe)
