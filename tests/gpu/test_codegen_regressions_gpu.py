"""Issue 17's code-generation bugs run on the GPU against the float64 reference, on fresh random
inputs with outputs poisoned (conftest): one vector along both axes (bug 1), the three transposed
products that needed 49,160 B of shared memory (bug 2), empty and size-1 shapes (bug 5)."""
from __future__ import annotations

import inspect

import pytest

import kfuse
from kfuse import reference
from kfuse.api import make_plan
from kfuse.frontend.trace import trace
from kfuse.fusion import unfused_plan
from kfuse.pipeline.stages import build

from ..compile.test_codegen_regressions import (ax_atx, empty_mix, ger_axx, ger_both_ways, ger_then_gemv,
                                                outer_xx, three_gemv_t)
from .helpers import check_outputs

DTYPES = ("float32", "float64", "complex64", "complex128")


def traced(fn, shapes, dtype, order="C"):
    names = list(inspect.signature(fn).parameters)
    specs = [("a", tuple(s), dtype, order if len(s) == 2 else "C") for s in shapes]
    return trace(fn, names, specs, fn.__name__)[0]


def run_against_reference(prog, plan, dtype, seeds=(1, 2)):
    """The plan's executable on fresh random inputs (twice: what kernels leave behind must be
    clear), every output checked against the float64 reference."""
    import cupy
    exe = build(prog, plan)
    for seed in seeds:
        ins = reference.random_inputs(prog, seed=seed, xp=cupy)
        refs = reference.run(prog, ins)
        outs = exe(*ins.values())
        outs = outs if isinstance(outs, (list, tuple)) else [outs]
        check_outputs([prog.value(o).display for o in prog.outputs], outs,
                      [refs[o] for o in prog.outputs], dtype, f"{prog.name} seed {seed}")
    return exe


SAME_VECTOR = [(ax_atx, 2), (outer_xx, 1), (ger_axx, 2), (ger_then_gemv, 3), (ger_both_ways, 3)]


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("case", SAME_VECTOR, ids=lambda c: c[0].__name__)
@pytest.mark.parametrize("n", [33, 1025])
@pytest.mark.parametrize("plan", ["default", "unfused"])
def test_same_vector_on_both_axes(case, n, dtype, plan):
    fn, nargs = case
    shapes = [(n,)] if fn is outer_xx else [(n, n)] + [(n,)] * (nargs - 1)   # nargs: A and vectors
    prog = traced(fn, shapes, dtype)
    run_against_reference(prog, make_plan(prog) if plan == "default" else unfused_plan(prog), dtype)


@pytest.mark.parametrize("dtype", DTYPES)
def test_three_transposed_products_at_256_x_2900(dtype):
    prog = traced(three_gemv_t, [(256, 2900), (256,), (256,), (256,)], dtype)
    plan = make_plan(prog)
    assert [k.calls for k in plan.kernels] == [[0, 1, 2]]
    run_against_reference(prog, plan, dtype)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("shape", [(5, 0), (0, 5), (0, 0), (1, 5), (5, 1), (1, 1), (1, 0), (0, 1), (3000, 0)],
                         ids=str)
@pytest.mark.parametrize("order", ["C", "F"])
@pytest.mark.parametrize("plan", ["default", "unfused"])
def test_empty_and_size_one_shapes(shape, order, dtype, plan):
    m, n = shape
    prog = traced(empty_mix, [(m, n), (n,), (m,)], dtype, order)
    exe = run_against_reference(prog, make_plan(prog) if plan == "default" else unfused_plan(prog), dtype)
    assert all(min(k.grid) >= 1 for k in exe.module.launches)


def test_empty_matrix_times_vector_is_zeros_through_jit():
    import cupy
    import numpy as np
    def mv(A, x):
        return A @ x
    f = kfuse.jit(mv)
    got = f(cupy.ones((5, 0), dtype=cupy.float32), cupy.ones(0, dtype=cupy.float32))
    assert got.shape == (5,) and np.array_equal(cupy.asnumpy(got), np.zeros(5, np.float32))
