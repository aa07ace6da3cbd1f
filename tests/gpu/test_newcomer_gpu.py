"""Issue 30, item 18 on the device: solve_triangular takes torch CUDA tensors outside kfuse.jit
(a 1-D B included) and returns torch tensors; a precision named inside kfuse.jit runs the
function's products on that engine; compile_script takes an example's name."""
from __future__ import annotations

import numpy as np
import pytest

import kfuse
from kfuse import blas, linalg


def _lower(n: int, seed: int) -> tuple:
    rng = np.random.default_rng(seed)
    L = np.tril(rng.standard_normal((n, n))) + n * np.eye(n)   # well conditioned
    L[np.triu_indices(n, 1)] = np.nan                             # the unread triangle
    return L, rng


def test_solve_triangular_takes_torch_tensors_outside_jit():
    """Before: a 1-D torch B was refused as 'a 1-D B inside kfuse.jit'."""
    torch = pytest.importorskip("torch")
    L, rng = _lower(37, 0)
    b = rng.standard_normal(37)
    B = rng.standard_normal((37, 5))
    tL = torch.tensor(L, device="cuda")
    x = linalg.solve_triangular(tL, torch.tensor(b, device="cuda"), lower=True)
    X = linalg.solve_triangular(tL, torch.tensor(B, device="cuda"), lower=True)
    assert isinstance(x, torch.Tensor) and x.shape == (37,) and isinstance(X, torch.Tensor)
    T = np.tril(np.nan_to_num(L))
    np.testing.assert_allclose(T @ x.cpu().numpy(), b, rtol=1e-10, atol=1e-10)
    np.testing.assert_allclose(T @ X.cpu().numpy(), B, rtol=1e-10, atol=1e-10)
    assert np.array_equal(tL.cpu().numpy(), L, equal_nan=True)   # A unchanged


def test_tf32_named_inside_jit_runs_on_the_tensor_cores():
    """Before: refused unless the setting said tf32; now the jitted function runs in TF32."""
    import cupy
    rng = np.random.default_rng(1)
    A, B = rng.random((65, 129), np.float32), rng.random((129, 33), np.float32)
    want = A.astype(np.float64) @ B.astype(np.float64)
    f = kfuse.jit(lambda A, B: blas.gemm(A, B, precision="tf32"))
    got = cupy.asnumpy(f(cupy.asarray(A), cupy.asarray(B)))
    assert f.plan["kernels"][0]["params"]["engine"] == "mma_tf32"
    exact = cupy.asnumpy(kfuse.jit(lambda A, B: blas.gemm(A, B))(cupy.asarray(A), cupy.asarray(B)))
    err = np.abs(got - want).max() / np.abs(want).max()
    err_exact = np.abs(exact - want).max() / np.abs(want).max()
    assert err <= 5e-3 and err_exact <= 1e-5 and err > err_exact


def test_compile_script_runs_an_example_by_name():
    import cupy
    exe = kfuse.compile_script("bicgk", sizes={"m": 40, "n": 24})
    rng = np.random.default_rng(2)
    A, p, r = rng.random((40, 24)), rng.random(24), rng.random(40)
    q, s = exe(*(cupy.asarray(x, dtype=cupy.float32) for x in (A, p, r)))
    np.testing.assert_allclose(cupy.asnumpy(q), A @ p, rtol=1e-5)
    np.testing.assert_allclose(cupy.asnumpy(s), A.T @ r, rtol=1e-5)
