"""GPU tier of issue 30, item 6: stencils whose coefficients multiply scalar arguments (``a * b``,
``a / b``, ``-a``, ``sqrt(a)``, one ``dt * k`` feeding two steps, a coefficient also returned)
run through ``kfuse.jit``, the default plan and the unfused plan, in float32 and float64,
against NumPy in float64 on the same code."""
from __future__ import annotations

import numpy as np
import pytest

import kfuse
from kfuse.api import make_plan
from kfuse.fusion import unfused_plan

from ..scalar_coefficients import CASES
from ..stencil_programs import NUMPY
from ..unit.test_scalar_coefficients import traced
from .helpers import check_outputs


def _want(name, t, scalars):
    want = CASES[name][0](NUMPY)(t, *scalars)
    return want if isinstance(want, tuple) else (want,)


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("name", sorted(CASES))
def test_jit_with_a_scalar_coefficient_equals_numpy(name, dtype):
    import cupy
    factory, shape, scalars = CASES[name]
    t = np.random.default_rng(11).uniform(-1, 1, shape)
    outs = kfuse.jit(factory(kfuse))(cupy.asarray(t.astype(dtype)), *scalars)
    outs = outs if isinstance(outs, tuple) else (outs,)
    want = _want(name, t, scalars)
    check_outputs([f"{name}[{i}]" for i in range(len(want))], outs, want, dtype, name)


@pytest.mark.parametrize("name", sorted(CASES))
def test_default_and_unfused_plans_equal_numpy(name):
    """Unfused, a scalar call is a kernel of its own and later kernels read what it stored."""
    import cupy
    _, shape, scalars = CASES[name]
    prog = traced(name)
    t = np.random.default_rng(12).uniform(-1, 1, shape)
    want = _want(name, t, scalars)
    names = [prog.value(o).display for o in prog.outputs]
    for plan in (make_plan(prog), unfused_plan(prog)):
        outs = kfuse.pipeline.stages.build(prog, plan)(cupy.asarray(t), *scalars)
        outs = outs if isinstance(outs, tuple) else (outs,)
        check_outputs(names, outs, want, "float64", f"{name} {[(k.space, k.params) for k in plan.kernels]}")


def test_the_issues_program_at_a_size_of_many_blocks():
    import cupy
    f = kfuse.jit(CASES["product"][0](kfuse))
    t = np.random.default_rng(13).uniform(-1, 1, (1031, 2053))
    out = f(cupy.asarray(t), 0.1, 80.0)
    check_outputs(["product"], [out], _want("product", t, (0.1, 80.0)), "float64", "1031 x 2053")
