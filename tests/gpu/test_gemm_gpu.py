"""GEMM on the GPU (issue 20): ``A @ B`` in all four transposes, float32 and float64, C and F
inputs, odd and empty sizes, CuPy and torch; ``kfuse.blas.gemm`` with alpha, beta and C; the
epilogue ``maximum(alpha * (A @ B) + bias, 0)`` as one kernel.  Against float64 NumPy with a
tolerance scaled by k; outputs are poisoned (NaN) before launches by the GPU tier's conftest.

Needs the emitter (``kfuse.codegen.gemm.ffma.emit_gemm``, issue 20 part E)."""
import numpy as np
import pytest

import kfuse
import kfuse.reference   # (an attribute of kfuse only once imported)
from tests.gpu.helpers import every_input_unchanged  # noqa: F401 - autouse: inputs never change

SIZES = [(1, 1, 1), (7, 13, 5), (129, 67, 33), (300, 200, 100), (9, 11, 0)]
EPS = {"float32": 1.2e-7, "float64": 2.3e-16}


def tol(dtype: str, k: int) -> float:
    """Relative (Frobenius) error bound of a k-term dot product: a few eps x sqrt(k)."""
    return 8 * EPS[dtype] * max(1.0, np.sqrt(k)) + EPS[dtype]


def check(got, want, dtype, k, what):
    g = kfuse.reference.to_reference(got, "float64")
    assert g.shape == want.shape, f"{what}: shape {g.shape} != {want.shape}"
    assert np.all(np.isfinite(g)), f"{what}: non-finite elements (unwritten output?)"
    err = kfuse.reference.rel_error(g, want)
    assert err <= tol(dtype, k), f"{what}: relative error {err:.3e} > {tol(dtype, k):.3e}"


def operands(xp, m, n, k, ta, tb, dtype, order, seed=0):
    """Random A and B stored so that op(A) is m x k and op(B) is k x n, in ``order``."""
    rng = np.random.default_rng(seed)
    A = rng.standard_normal((k, m) if ta else (m, k))
    B = rng.standard_normal((n, k) if tb else (k, n))
    conv = np.asfortranarray if order == "F" else np.ascontiguousarray
    A, B = conv(A.astype(dtype)), conv(B.astype(dtype))
    return A, B, xp(A), xp(B)


def _cupy(a):
    import cupy
    return cupy.asarray(a, order="F" if a.flags.f_contiguous and not a.flags.c_contiguous else "C")


def _torch(a):
    import torch
    t = torch.from_numpy(np.ascontiguousarray(a)).cuda()
    return t if a.flags.c_contiguous else torch.from_numpy(np.ascontiguousarray(a.T)).cuda().T


@pytest.mark.parametrize("m,n,k", SIZES, ids=[f"{m}x{n}x{k}" for m, n, k in SIZES])
@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("ta,tb", [(False, False), (False, True), (True, False), (True, True)],
                         ids=["NN", "NT", "TN", "TT"])
@pytest.mark.parametrize("order", ["C", "F"])
def test_matmul_cupy(m, n, k, dtype, ta, tb, order):
    A0, B0, A, B = operands(_cupy, m, n, k, ta, tb, dtype, order)

    @kfuse.jit
    def f(A, B):
        return (A.T if ta else A) @ (B.T if tb else B)
    want = (A0.T if ta else A0).astype(np.float64) @ (B0.T if tb else B0).astype(np.float64)
    check(f(A, B), want, dtype, k, f"{m}x{n}x{k} {dtype} {'T' if ta else 'N'}{'T' if tb else 'N'} {order}")
    assert [kk["space"] for kk in f.plan["kernels"]] == ["gemm"]


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("ta,tb", [(False, False), (True, True)], ids=["NN", "TT"])
def test_matmul_torch(dtype, ta, tb):
    torch = pytest.importorskip("torch")
    m, n, k = 129, 67, 33
    A0, B0, A, B = operands(_torch, m, n, k, ta, tb, dtype, "C", seed=3)

    @kfuse.jit
    def f(A, B):
        return (A.T if ta else A) @ (B.T if tb else B)
    got = f(A, B)
    assert isinstance(got, torch.Tensor)
    want = (A0.T if ta else A0).astype(np.float64) @ (B0.T if tb else B0).astype(np.float64)
    check(got, want, dtype, k, f"torch {dtype}")


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("transa,transb", [(False, False), (True, False), (False, True)])
def test_blas_gemm_alpha_beta_c(dtype, transa, transb):
    import cupy
    m, n, k = 129, 67, 33
    A0, B0, A, B = operands(_cupy, m, n, k, transa, transb, dtype, "C", seed=5)
    C0 = np.random.default_rng(6).standard_normal((m, n)).astype(dtype)
    got = kfuse.blas.gemm(A, B, transa=transa, transb=transb, alpha=1.5, beta=-0.5, C=cupy.asarray(C0))
    want = 1.5 * ((A0.T if transa else A0).astype(np.float64) @ (B0.T if transb else B0).astype(np.float64)) \
        - 0.5 * C0.astype(np.float64)
    check(got, want, dtype, k, "blas.gemm")


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_relu_epilogue_is_one_kernel(dtype):
    import cupy
    m, n, k = 300, 200, 100
    A0, B0, A, B = operands(_cupy, m, n, k, False, False, dtype, "C", seed=7)
    Z0 = np.random.default_rng(8).standard_normal((m, n)).astype(dtype)

    @kfuse.jit
    def f(A, B, Z, alpha):
        return kfuse.maximum(alpha * (A @ B) + Z, 0.0)
    got = f(A, B, cupy.asarray(Z0), 0.5)
    assert len(f.plan["kernels"]) == 1 and f.plan["kernels"][0]["space"] == "gemm"
    want = np.maximum(0.5 * (A0.astype(np.float64) @ B0.astype(np.float64)) + Z0, 0.0)
    check(got, want, dtype, k, "relu epilogue")


def test_product_and_epilogue_both_returned():
    import cupy
    m, n, k = 129, 67, 33
    A0, B0, A, B = operands(_cupy, m, n, k, False, False, "float32", "C", seed=9)

    @kfuse.jit
    def f(A, B):
        P = A @ B
        return P, P * 2.0 + 1.0
    P, Q = f(A, B)
    want = A0.astype(np.float64) @ B0.astype(np.float64)
    check(P, want, "float32", k, "product")
    check(Q, 2 * want + 1, "float32", k, "epilogue")
    assert isinstance(Q, cupy.ndarray)


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_offset_views_run_the_unaligned_plan(dtype):
    """An operand that starts one row into a larger array (a contiguous view whose pointer is
    not 16-byte aligned) runs the plan with ``unaligned`` 1 (element-wide copies), right."""
    import cupy
    rng = np.random.default_rng(5)
    big_a = rng.standard_normal((130, 67)).astype(dtype)
    B = rng.standard_normal((67, 45)).astype(dtype)
    f = kfuse.jit(lambda a, b: a @ b)
    ga = cupy.asarray(big_a)[1:]
    assert ga.data.ptr % 16 != 0
    got = f(ga, cupy.asarray(B))
    check(got, big_a[1:].astype("float64") @ B.astype("float64"), dtype, 67, "offset A")
    gb = cupy.asarray(np.concatenate([B[:1], B]))[1:]
    got = f(cupy.asarray(big_a[1:]), gb)
    check(got, big_a[1:].astype("float64") @ B.astype("float64"), dtype, 67, "offset B")


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("splitk", [2, 3])
def test_split_k_plans(dtype, splitk):
    """An edited plan with split-k (the last block of a tile sums the partial tiles and runs the
    epilogue once): alpha * A B + beta * C at odd sizes, called twice (the tile counters reset)."""
    import cupy
    m, n, k = 129, 67, 333
    A0, B0, A, B = operands(_cupy, m, n, k, False, True, dtype, "C", seed=splitk)
    C0 = np.random.default_rng(9).standard_normal((m, n)).astype(dtype)

    def f(A, B, C):
        return kfuse.blas.gemm(A, B, transb=True, alpha=2.0, beta=-0.5, C=C)
    plan = kfuse.jit(f).plan_for(A, B, cupy.asarray(C0))
    plan["kernels"][0]["params"].update(bm=64, bn=64, bk=8, tm=8, tn=4, stages=2, splitk=splitk, frags=1,
                                        min_blocks=1, store_vec=1, tload=1, engine="ffma", wm=0, wn=0,
                                        raster=1)   # split-k is an FFMA scheme (float64 plans pick mma_f64)
    g = kfuse.jit(f, plan=plan)
    want = 2.0 * (A0.astype(np.float64) @ B0.T.astype(np.float64)) - 0.5 * C0
    for call in range(2):
        got = g(A, B, cupy.asarray(C0))
        check(got, want, dtype, k, f"split-k {splitk}, call {call}")
    assert f"SPLITK = {splitk}" in g.executable(A, B, cupy.asarray(C0)).source
