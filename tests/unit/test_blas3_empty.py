"""Products with a zero dimension (issue 30, item 3): every BLAS-3 routine and ``A @ B`` with an
empty result (M = 0 or N = 0) plans and generates its kernels (it raised ``ShapeError: GEMM
c_ld=0 is less than 1``), with a grid of at least one block per axis (never a zero-size launch),
and the reference gives NumPy's empty result; K = 0 gives ``beta * C`` -- no CUDA (the generated
kernels run on the CPU in tests/compile/test_blas3_empty_compile.py, on the device in
tests/gpu/test_blas3_sweep_gpu.py)."""
from __future__ import annotations

import numpy as np
import pytest

from kfuse import blas, reference
from kfuse.api import make_plan
from kfuse.codegen.module import generate
from kfuse.frontend.trace import trace


def spec(shape, order="C"):
    return ("a", shape, "float32", order)


#: (id, function of the inputs, input shapes, NumPy's result from float64 inputs)
CASES = [
    ("gemm-N0", lambda A, B: blas.gemm(A, B), [(5, 3), (3, 0)], lambda A, B: A @ B),
    ("gemm-M0", lambda A, B: blas.gemm(A, B, transa="T"), [(3, 0), (3, 4)], lambda A, B: A.T @ B),
    ("matmul-N0", lambda A, B: A @ B, [(5, 3), (3, 0)], lambda A, B: A @ B),
    ("matmul-M0-F", lambda A, B: A @ B, [(0, 3), (3, 4)], lambda A, B: A @ B),
    ("gemm-K0", lambda A, B, C: blas.gemm(A, B, alpha=0.7, beta=1.3, C=C), [(5, 0), (0, 4), (5, 4)],
     lambda A, B, C: 1.3 * C),
    ("symm-N0", lambda A, B: blas.symm(A, B), [(5, 5), (5, 0)], lambda A, B: A @ B),
    ("symm-right-M0", lambda A, B: blas.symm(A, B, side="R"), [(5, 5), (0, 5)], lambda A, B: B @ A),
    ("trmm-N0", lambda A, B: blas.trmm(A, B, trans="T"), [(5, 5), (5, 0)], lambda A, B: A.T @ B),
    ("trmm-right-M0", lambda A, B: blas.trmm(A, B, side="R"), [(5, 5), (0, 5)], lambda A, B: B @ A),
    ("trsm-N0", lambda A, B: blas.trsm(A, B), [(5, 5), (5, 0)], lambda A, B: B),
    ("trsm-right-M0", lambda A, B: blas.trsm(A, B, side="R", uplo="U"), [(5, 5), (0, 5)], lambda A, B: B),
    ("syrk-N0", lambda A: blas.syrk(A), [(0, 3)], lambda A: A @ A.T),
    ("syrk-K0", lambda A, C: blas.syrk(A, alpha=0.7, beta=1.3, C=C), [(4, 0), (4, 4)],
     lambda A, C: 1.3 * (np.tril(C) + np.tril(C, -1).T)),
    ("syr2k-N0", lambda A, B: blas.syr2k(A, B, trans=True), [(3, 0), (3, 0)], lambda A, B: A.T @ B + B.T @ A),
    ("syr2k-K0", lambda A, B, C: blas.syr2k(A, B, uplo="U", beta=0.5, C=C), [(4, 0), (4, 0), (4, 4)],
     lambda A, B, C: 0.5 * (np.triu(C) + np.triu(C, 1).T)),
]


@pytest.mark.parametrize("order", ["C", "F"])
@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_zero_dimension_products_plan_generate_and_reference(case, order):
    _, fn, shapes, numpy_fn = case
    names = ["A", "B", "C"][:len(shapes)]
    prog = trace(fn, names, [spec(s, order) for s in shapes])[0]
    module = generate(prog, make_plan(prog))
    assert module.kernels, "no kernel generated"
    for k in module.launches:
        assert all(g >= 1 for g in k.grid) and all(b >= 1 for b in k.block), f"{k.name}: grid {k.grid}"
    rng = np.random.default_rng(0)
    ins = [rng.standard_normal(s) for s in shapes]
    got = reference.run(prog, dict(zip(names, ins)))[prog.outputs[0]]
    want = numpy_fn(*ins)
    assert got.shape == want.shape
    np.testing.assert_allclose(got, want, rtol=1e-12, atol=0)
