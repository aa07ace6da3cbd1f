"""Compile tier of issue 30, item 6: stencil kernels whose coefficients multiply scalar arguments
(``a * b``, ``a / b``, ``-a``, ``sqrt(a)``, one ``dt * k`` feeding two steps) compile through
NVRTC without spills, and the fused kernel, run on the CPU (g++), equals NumPy in float64."""
from __future__ import annotations

import numpy as np
import pytest

import kfuse
from kfuse.fusion.search import make_plan

from ..scalar_coefficients import CASES, REDUCING
from ..stencil_programs import NUMPY
from ..unit.test_scalar_coefficients import traced
from .compile_helpers import assert_clean_resources, compile_program


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("name", sorted(CASES))
def test_a_scalar_coefficient_compiles_in_the_default_plan(name, dtype):
    exe = compile_program(traced(name, dtype), plan="default")
    assert "(scalar prologue)" in exe.source
    assert_clean_resources(exe)


def test_the_issues_lowering_compiles():
    f = CASES["product"][0](kfuse)
    lo = kfuse.jit(f).lower(kfuse.ShapeDtype((64, 64), "float64"), 0.1, 80.0)
    assert lo.resources and "(scalar prologue)" in lo.source


#: the prelude's real square roots and magnitudes, for the CPU shim
SQRT = "".join(f"static {t} kf_{f}({t} a) {{ return std::{f}(a); }}\n" for t in ("float", "double")
               for f in ("sqrt", "abs"))


@pytest.mark.parametrize("params", [{"bx": 32, "by": 8}, {"bx": 32, "by": 4, "px": 2, "py": 2}])
@pytest.mark.parametrize("name", sorted(set(CASES) - set(REDUCING)))
def test_the_fused_kernel_equals_numpy_on_the_cpu(name, params, monkeypatch):
    from . import test_gemm_reduce
    monkeypatch.setattr(test_gemm_reduce, "EXTRA", test_gemm_reduce.EXTRA + SQRT)
    factory, shape, scalars = CASES[name]
    prog = traced(name)
    plan = make_plan(prog, [(list(range(len(prog.calls))), params)])
    t = np.random.default_rng(5).uniform(-1, 1, shape)
    want = factory(NUMPY)(t, *scalars)
    want = want if isinstance(want, tuple) else (want,)
    ins = dict(zip(prog.inputs, [t, *scalars]))
    arrays = {prog.inputs[0]: t, **{o: np.full(np.shape(w), np.nan) for o, w in zip(prog.outputs, want)}}
    got, _ = test_gemm_reduce.run_kernel_on_cpu(prog, plan, arrays, {k: v for k, v in ins.items() if np.ndim(v) == 0})
    for o, w in zip(prog.outputs, want):
        np.testing.assert_allclose(got[o], w, rtol=1e-13, atol=1e-13, err_msg=f"{name}: {o}")
