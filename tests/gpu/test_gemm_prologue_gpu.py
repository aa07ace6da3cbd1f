"""Elementwise prologues on a gemm operand on the GPU (issue 20, part 4 P): ``relu(A) @ B``,
``(2 * A) @ B``, ``(A * D) @ B``, ``A @ (B - E)``, both operands mapped, with a host scalar and
with an epilogue -- each ONE gemm kernel (or, where the model puts a float64 product on the FP64
tensor cores, engine mma_f64, whose loader runs no maps: the map's kernel, then the product's) --
against float64 NumPy on odd, non-square, size-1 and empty-k shapes, C and F inputs, CuPy and
torch (outputs poisoned by the GPU tier's conftest)."""
import numpy as np
import pytest

import kfuse
import kfuse.reference   # (an attribute of kfuse only once imported)

from .test_gemm_gpu import _cupy, _torch, check
from tests.gpu.helpers import every_input_unchanged  # noqa: F401 - autouse: inputs never change

SIZES = [(1, 1, 1), (7, 13, 5), (129, 67, 33), (300, 200, 100), (9, 11, 0), (1000, 1000, 1000)]

CASES = {
    "relu": (lambda A, D, B, E, s: kfuse.maximum(A, 0.0) @ B, lambda A, D, B, E, s: np.maximum(A, 0) @ B),
    "scaled": (lambda A, D, B, E, s: (2.0 * A) @ B, lambda A, D, B, E, s: (2 * A) @ B),
    "hadamard": (lambda A, D, B, E, s: (A * D) @ B, lambda A, D, B, E, s: (A * D) @ B),
    "b-minus": (lambda A, D, B, E, s: A @ (B - E), lambda A, D, B, E, s: A @ (B - E)),
    "both-scalar": (lambda A, D, B, E, s: kfuse.maximum(s * A + D, 0.0) @ (B + 1.0),
                    lambda A, D, B, E, s: np.maximum(s * A + D, 0) @ (B + 1)),
    "with-epilogue": (lambda A, D, B, E, s: kfuse.maximum((A - 0.5) @ B + s, 0.0),
                      lambda A, D, B, E, s: np.maximum((A - 0.5) @ B + s, 0)),
}


def arrays(m, n, k, dtype, order, seed):
    rng = np.random.default_rng(seed)
    conv = np.asfortranarray if order == "F" else np.ascontiguousarray
    A, D = (conv(rng.standard_normal((m, k)).astype(dtype)) for _ in range(2))
    B, E = (conv(rng.standard_normal((k, n)).astype(dtype)) for _ in range(2))
    return A, D, B, E


def run(case, xp, m, n, k, dtype, order, seed=0):
    A, D, B, E = arrays(m, n, k, dtype, order, seed)
    f = kfuse.jit(CASES[case][0])
    got = f(xp(A), xp(D), xp(B), xp(E), 0.75)
    want = CASES[case][1](*(x.astype(np.float64) for x in (A, D, B, E)), 0.75)
    check(got, want, dtype, max(k, 1), f"{case} {m}x{n}x{k} {dtype} {order}")
    kernels = f.plan["kernels"]
    if kernels[-1]["params"].get("engine") == "mma_f64":   # float64 product on DMMA, whose loader maps nothing:
        assert [kk["space"] for kk in kernels] == ["tile", "gemm"], kernels   # the map runs first (the model's pick)
    else:
        assert [kk["space"] for kk in kernels] == ["gemm"], kernels   # ONE kernel: the map ran in the loader
    return f


@pytest.mark.parametrize("m,n,k", SIZES, ids=[f"{m}x{n}x{k}" for m, n, k in SIZES])
@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("case", sorted(CASES))
def test_prologue_cupy(case, m, n, k, dtype):
    run(case, _cupy, m, n, k, dtype, "C", seed=m + n + k)


@pytest.mark.parametrize("case", ["hadamard", "both-scalar"])
@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_prologue_cupy_fortran_inputs(case, dtype):
    run(case, _cupy, 131, 70, 37, dtype, "F", seed=11)


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_prologue_torch(dtype):
    pytest.importorskip("torch")
    run("both-scalar", _torch, 129, 67, 33, dtype, "C", seed=4)


def test_map_over_a_window_runs_in_its_own_kernel():
    """A map over a window is a stencil (grid) call, not a prologue: its own kernel, still right."""
    import cupy
    rng = np.random.default_rng(9)
    A0, B0 = rng.standard_normal((70, 50)).astype("float32"), rng.standard_normal((40, 30)).astype("float32")

    @kfuse.jit
    def f(A, B):
        return kfuse.maximum(A[3:63, 5:45], 0.0) @ B
    got = f(cupy.asarray(A0), cupy.asarray(B0))
    check(got, np.maximum(A0[3:63, 5:45].astype(np.float64), 0) @ B0.astype(np.float64), "float32", 40, "window")
    assert [kk["space"] for kk in f.plan["kernels"]] == ["grid", "gemm"]


def test_returned_map_is_stored_by_its_own_kernel():
    import cupy
    A0, B0 = (np.random.default_rng(s).standard_normal((33, 33)).astype("float32") for s in (1, 2))

    @kfuse.jit
    def f(A, B):
        T = kfuse.maximum(A, 0.0)
        return T @ B, T
    C, T = f(cupy.asarray(A0), cupy.asarray(B0))
    check(C, np.maximum(A0, 0).astype(np.float64) @ B0.astype(np.float64), "float32", 33, "C")
    check(T, np.maximum(A0, 0).astype(np.float64), "float32", 1, "T")
    assert len(f.plan["kernels"]) == 2
