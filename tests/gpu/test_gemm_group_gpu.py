"""Grouped GEMMs on the GPU (issue 20, part G): products sharing an operand in ONE launch, against
float64 NumPy (outputs poisoned by the GPU tier's conftest): shared A, shared B, a shared ``.T``
view, three products, each with its own epilogue; float32 and float64, odd and non-square sizes,
one row, CuPy and torch; the plan is one gemm kernel whose grid covers every product's tiles."""
import numpy as np
import pytest

import kfuse
import kfuse.reference   # (an attribute of kfuse only once imported)

from .test_gemm_gpu import check
from tests.gpu.helpers import every_input_unchanged  # noqa: F401 - autouse: inputs never change

SIZES = [(1, 1, 1), (7, 13, 5), (129, 67, 33), (300, 200, 100), (1000, 24, 517)]


def rand(rng, shape, dtype):
    return rng.standard_normal(shape).astype(dtype)


def one_grouped_kernel(f, calls: int):
    """The plan of ``f``'s last call: one gemm kernel running all its ``calls``."""
    kernels = f.plan["kernels"]
    assert [k["space"] for k in kernels] == ["gemm"], kernels
    assert sorted(kernels[0]["calls"]) == list(range(calls)), kernels


@pytest.mark.parametrize("m,n,k", SIZES, ids=[f"{m}x{n}x{k}" for m, n, k in SIZES])
@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_shared_a_with_epilogues(m, n, k, dtype):
    import cupy
    rng = np.random.default_rng(m + n + k)
    A0, B10, B20, Z0 = rand(rng, (m, k), dtype), rand(rng, (k, n), dtype), rand(rng, (k, n), dtype), \
        rand(rng, (m, n), dtype)

    @kfuse.jit
    def f(A, B1, B2, Z):
        return kfuse.maximum(A @ B1 + Z, 0.0), 2.0 * (A @ B2)
    C1, C2 = f(*(cupy.asarray(x) for x in (A0, B10, B20, Z0)))
    one_grouped_kernel(f, 5)   # 2 products, add, maximum, the scaling
    a = A0.astype(np.float64)
    check(C1, np.maximum(a @ B10 + Z0, 0.0), dtype, k, "relu(A @ B1 + Z)")
    check(C2, 2.0 * (a @ B20), dtype, k, "2 (A @ B2)")


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_shared_b_three_products(dtype):
    import cupy
    m, n, k = 257, 130, 71
    rng = np.random.default_rng(3)
    W0 = rand(rng, (k, n), dtype)
    X0 = [rand(rng, (m, k), dtype) for _ in range(3)]

    @kfuse.jit
    def f(W, X1, X2, X3):
        return X1 @ W, X2 @ W, X3 @ W
    got = f(cupy.asarray(W0), *(cupy.asarray(x) for x in X0))
    one_grouped_kernel(f, 3)
    for i, (g, x) in enumerate(zip(got, X0)):
        check(g, x.astype(np.float64) @ W0, dtype, k, f"X{i + 1} @ W")


def test_shared_transposed_operand_torch():
    torch = pytest.importorskip("torch")
    m, n, k = 190, 77, 45
    rng = np.random.default_rng(4)
    X0, W10, W20 = rand(rng, (k, m), "float32"), rand(rng, (k, n), "float32"), rand(rng, (k, n), "float32")

    @kfuse.jit
    def f(X, W1, W2):
        return X.T @ W1, X.T @ W2
    Y1, Y2 = f(*(torch.from_numpy(x).cuda() for x in (X0, W10, W20)))
    assert isinstance(Y1, torch.Tensor)
    one_grouped_kernel(f, 2)
    x = X0.T.astype(np.float64)
    check(Y1, x @ W10, "float32", k, "X.T @ W1")
    check(Y2, x @ W20, "float32", k, "X.T @ W2")


def test_grouped_products_on_the_mma_engine():
    import cupy
    m, n, k = 300, 136, 96
    rng = np.random.default_rng(5)
    A0, B10, B20 = rand(rng, (m, k), "float32"), rand(rng, (k, n), "float32"), rand(rng, (k, n), "float32")
    with kfuse.config.override(precision="tf32"):
        @kfuse.jit
        def f(A, B1, B2):
            return A @ B1, A @ B2
        C1, C2 = f(*(cupy.asarray(x) for x in (A0, B10, B20)))
        one_grouped_kernel(f, 2)
        assert f.plan["kernels"][0]["params"]["engine"] == "mma_tf32"
    a = A0.astype(np.float64)
    for got, b in ((C1, B10), (C2, B20)):   # TF32: a 10-bit mantissa
        g = kfuse.reference.to_reference(got, "float64")
        assert np.all(np.isfinite(g))
        assert kfuse.reference.rel_error(g, a @ b) <= 5e-3
