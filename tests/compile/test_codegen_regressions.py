"""Code-generation bugs of issue 17, compiled by NVRTC for sm_90 in all four element types.

1. one vector read along both axes of a matrix (``ger(A, x, x)``, ``outer(x, x)``, ``A @ x`` with
   ``A.T @ x``, ``B = ger(A, u, w); B @ u``): NVRTC said ``identifier "x__s" is undefined``;
2. a tile kernel over 48 KiB of static shared memory (``A.T @ x, A.T @ y, A.T @ z`` at 256 x 2900
   in float64 and complex types: 49,160 B);
5. empty and size-1 matrices and vectors (``A`` of shape (5, 0): ``kf_part_t1`` undefined).
"""
from __future__ import annotations

import inspect
from pathlib import Path

import pytest

import kfuse
from kfuse.api import bind_sizes, make_plan
from kfuse.frontend import script
from kfuse.frontend.trace import trace
from kfuse.fusion import unfused_plan
from kfuse.spaces.budget import SMEM_STATIC_LIMIT, shared_bytes
from kfuse.pipeline.stages import build

from .compile_helpers import ARCH, DTYPES, assert_clean_resources


def traced(fn, shapes, dtype, order="C"):
    """``fn`` traced for arrays of ``shapes`` (matrices in ``order``)."""
    names = list(inspect.signature(fn).parameters)
    specs = [("a", tuple(s), dtype, order if len(s) == 2 else "C") for s in shapes]
    return trace(fn, names, specs, fn.__name__)[0]


def ax_atx(A, x):
    return A @ x, A.T @ x


def outer_xx(x):
    return kfuse.outer(x, x)


def ger_axx(A, x):
    return kfuse.blas.ger(A, x, x)


def ger_then_gemv(A, u, w):
    return kfuse.blas.ger(A, u, w) @ u


def ger_both_ways(A, u, w):
    B = kfuse.blas.ger(A, u, w, 0.5)
    return B @ u, B.T @ w, B.T @ u


N = 33
SAME_VECTOR = [  # (function, shapes, calls the default plan fuses into its first kernel)
    (ax_atx, [(N, N), (N,)], 2),
    (outer_xx, [(N,)], 1),
    (ger_axx, [(N, N), (N,)], 1),
    (ger_then_gemv, [(N, N), (N,), (N,)], 2),
    (ger_both_ways, [(N, N), (N,), (N,)], 4),
]


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("case", SAME_VECTOR, ids=lambda c: c[0].__name__)
@pytest.mark.parametrize("plan", ["default", "unfused"])
def test_same_vector_on_both_axes_compiles(case, dtype, plan):
    fn, shapes, fused = case
    prog = traced(fn, shapes, dtype)
    p = make_plan(prog) if plan == "default" else unfused_plan(prog)
    if plan == "default":   # fusion is the point: the calls share one kernel
        assert len(p.kernels[0].calls) == fused, p.describe(prog)
    exe = build(prog, p, ARCH)
    assert_clean_resources(exe)
    src = exe.module.source
    if fn in (ger_axx, outer_xx, ax_atx) and plan == "default":   # x read along S and along F
        assert "x__s[KS]" in src and "x__f[VEC]" in src


@pytest.mark.parametrize("dtype", DTYPES)
def test_same_vector_in_a_script_with_fusion_off(dtype):
    prog = script.parse("matrix A(n, n);\nvector x(n);\ninput A, x;\nB = ger(A, x, x);\n"
                        "y = gemv(B, x);\nreturn B, y;\n", "gerxx", dtype)
    prog = bind_sizes(prog, {"n": 7})
    for p in (make_plan(prog, fuse=False), make_plan(prog)):
        assert_clean_resources(build(prog, p, ARCH))


def three_gemv_t(A, x, y, z):
    return A.T @ x, A.T @ y, A.T @ z


@pytest.mark.parametrize("dtype", DTYPES)
def test_three_transposed_products_fit_shared_memory(dtype):
    prog = traced(three_gemv_t, [(256, 2900), (256,), (256,), (256,)], dtype)
    p = make_plan(prog)
    assert [k.calls for k in p.kernels] == [[0, 1, 2]], p.describe(prog)   # still one kernel
    exe = build(prog, p, ARCH)
    assert_clean_resources(exe)
    for k in p.kernels:   # the budget is an upper bound of what ptxas reports, and within the limit
        need = shared_bytes(prog, k.calls, k.params)
        assert exe.resources[k.name]["smem"] <= need <= SMEM_STATIC_LIMIT


def empty_mix(A, x, y):
    return (A @ x, A.T @ y, kfuse.blas.gemv(A, x, alpha=2.0, beta=0.5, y=y), kfuse.blas.dot(x, x),
            kfuse.blas.nrm2(y), kfuse.blas.ger(A, y, x), A.T @ y + 1.0)


EMPTY_SHAPES = [(5, 0), (0, 5), (0, 0), (1, 5), (5, 1), (1, 1), (1, 0), (0, 1)]


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("shape", EMPTY_SHAPES, ids=str)
def test_empty_and_size_one_matrices_compile(shape, dtype):
    m, n = shape
    order = "F" if dtype in ("float64", "complex64") else "C"   # both layouts, half the compiles
    prog = traced(empty_mix, [(m, n), (n,), (m,)], dtype, order)
    for p in (make_plan(prog), unfused_plan(prog)):
        exe = build(prog, p, ARCH)
        assert_clean_resources(exe)
        for k in exe.module.launches:   # a zero-size grid cannot be launched
            assert min(k.grid) >= 1 and min(k.block) >= 1, (k.name, k.grid, k.block)


@pytest.mark.parametrize("name", ["bicgk", "atax", "gemver", "gesummv", "sgemv", "sgemvt", "madd",
                                  "axpydot", "vadd", "waxpby", "sscal"])
@pytest.mark.parametrize("sizes", [{"m": 0, "n": 3}, {"m": 3, "n": 0}, {"m": 1, "n": 1}, {"m": 0, "n": 0}],
                         ids=str)
def test_examples_at_empty_and_size_one_sizes_compile(name, sizes):
    prog = script.load(str(Path(kfuse.__file__).parent / "examples" / f"{name}.kf"), "float64")
    prog = bind_sizes(prog, {k: v for k, v in sizes.items() if k in prog.symbols()})
    exe = build(prog, make_plan(prog), ARCH)
    assert_clean_resources(exe)
    assert all(min(k.grid) >= 1 for k in exe.module.launches)


@pytest.mark.parametrize("dtype", DTYPES)
def test_literal_empty_dimensions_in_a_script_compile(dtype):
    """``vector x(0)`` and ``matrix A(5, 0)`` written in a script are empty, as in NumPy (the
    parser refused 0 before)."""
    prog = script.parse("vector x(0);\nvector y(5);\nmatrix A(5, 0);\ninput A, x, y;\n"
                        "z = A @ x;\nw = z + y;\ns = dot(x, x);\nreturn w, s;\n", "empty0", dtype)
    assert prog.value("x").type.shape == (0,) and prog.value("A").type.shape == (5, 0)
    exe = build(prog, make_plan(prog), ARCH)
    assert_clean_resources(exe)
    assert all(min(k.grid) >= 1 for k in exe.module.launches)
