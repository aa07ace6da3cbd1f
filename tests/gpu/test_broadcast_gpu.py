"""NumPy broadcasting on the GPU (issue 20, part B): ``relu(A @ B + b)`` and the other
matrix-vector epilogues as one gemm kernel, and the broadcasts alone (tile kernels), at odd and
size-1 shapes, float32 and float64, C and F matrices, against float64 NumPy on fresh random
inputs (outputs poisoned with NaN by the tier's conftest)."""
import numpy as np
import pytest

import kfuse
import kfuse.reference   # (an attribute of kfuse only once imported)

SIZES = [(1, 1, 1), (7, 13, 5), (129, 67, 33), (300, 200, 100)]
EPS = {"float32": 1.2e-7, "float64": 2.3e-16}

EPILOGUES = {
    "row": (lambda A, B, b, c: kfuse.maximum(A @ B + b, 0.0), lambda P, b, c: np.maximum(P + b, 0.0)),
    "col": (lambda A, B, b, c: kfuse.maximum(A @ B - c[:, None], 0.0), lambda P, b, c: np.maximum(P - c[:, None], 0.0)),
    "row-first": (lambda A, B, b, c: b - A @ B, lambda P, b, c: b - P),
    "scale-col": (lambda A, B, b, c: c[:, None] * (A @ B) + b, lambda P, b, c: c[:, None] * P + b),
}


def rand(rng, shape, dtype, order="C"):
    """Uniform in +-[0.5, 2] (never zero: divisions stay tame, a dropped operand shows)."""
    x = (rng.uniform(0.5, 2.0, shape) * rng.choice([-1, 1], shape)).astype(dtype)
    return np.asfortranarray(x) if order == "F" else np.ascontiguousarray(x)


def dev(x):
    import cupy
    return cupy.asarray(x, order="F" if x.flags.f_contiguous and not x.flags.c_contiguous else "C")


def check(got, want, dtype, k, what):
    g = kfuse.reference.to_reference(got, "float64")
    assert g.shape == want.shape, f"{what}: shape {g.shape} != {want.shape}"
    assert np.all(np.isfinite(g)), f"{what}: non-finite elements (unwritten output?)"
    err = kfuse.reference.rel_error(g, want)
    bound = 16 * EPS[dtype] * max(1.0, np.sqrt(k)) + EPS[dtype]
    assert err <= bound, f"{what}: relative error {err:.3e} > {bound:.3e}"


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("m,n,k", SIZES)
@pytest.mark.parametrize("name", sorted(EPILOGUES))
def test_gemm_broadcast_epilogue_is_one_kernel(name, m, n, k, dtype):
    rng = np.random.default_rng(m + n + k)
    A0, B0 = rand(rng, (m, k), dtype, "F"), rand(rng, (k, n), dtype)
    b0, c0 = rand(rng, (n,), dtype), rand(rng, (m,), dtype)
    fn, ref = EPILOGUES[name]
    f = kfuse.jit(fn)
    got = f(dev(A0), dev(B0), dev(b0), dev(c0))
    assert [kp["space"] for kp in f.plan["kernels"]] == ["gemm"]
    P = A0.astype(np.float64) @ B0.astype(np.float64)
    check(got, ref(P, b0.astype(np.float64), c0.astype(np.float64)), dtype, k, name)


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("order", ["C", "F"])
@pytest.mark.parametrize("m,n", [(1, 1), (1, 9), (9, 1), (127, 65), (513, 300)])
def test_standalone_broadcasts(m, n, order, dtype):
    rng = np.random.default_rng(m * n)
    X0, b0, c0 = rand(rng, (m, n), dtype, order), rand(rng, (n,), dtype), rand(rng, (m,), dtype)

    @kfuse.jit
    def f(X, b, c):
        return X * c[:, None], b - X, X / b, c[:, None] / X, kfuse.minimum(X, b)
    got = f(dev(X0), dev(b0), dev(c0))
    assert {kp["space"] for kp in f.plan["kernels"]} == {"tile"}
    X, b, c = (v.astype(np.float64) for v in (X0, b0, c0))
    wants = (X * c[:, None], b - X, X / b, c[:, None] / X, np.minimum(X, b))
    for i, (g, w) in enumerate(zip(got, wants)):
        check(g, w, dtype, 1, f"output {i}")
