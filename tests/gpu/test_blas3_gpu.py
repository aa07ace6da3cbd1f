"""BLAS-3 routines with structure on the GPU (issue 20, round 2): every routine x side x uplo x
trans x diag at odd sizes 1, 7, 129, 300, float32 and float64, against float64 NumPy; the
triangle BLAS does not read is NaN-poisoned on the device (a kernel that reads it returns NaN),
and so is C's other triangle for syrk/syr2k.  ``kfuse.sym(A) @ B`` and ``A.T @ A`` in a jit
function too.  Needs the emitter to honour the spec's structure fields (part E2)."""
import numpy as np
import pytest

import kfuse
import kfuse.reference   # (an attribute of kfuse only once imported)
from tests.gpu.helpers import every_input_unchanged  # noqa: F401 - autouse: inputs never change

SIZES = [(1, 1), (7, 13), (129, 67), (300, 201)]   # (n: the structured / output order, the other dim)
EPS = {"float32": 1.2e-7, "float64": 2.3e-16}


def tol(dtype: str, k: int) -> float:
    return 8 * EPS[dtype] * max(1.0, np.sqrt(k)) + EPS[dtype]


def check(got, want, dtype, k, what):
    g = kfuse.reference.to_reference(got, "float64")
    assert g.shape == want.shape, f"{what}: shape {g.shape} != {want.shape}"
    assert np.all(np.isfinite(g)), f"{what}: non-finite elements (the other triangle read, or unwritten)"
    err = kfuse.reference.rel_error(g, want)
    assert err <= tol(dtype, k), f"{what}: relative error {err:.3e} > {tol(dtype, k):.3e}"


def poison(a, uplo: str, unit: bool = False):
    """``a`` (float64 NumPy) with NaN in the strict triangle opposite to ``uplo`` (and on the
    diagonal for a unit one)."""
    a = a.copy()
    n = a.shape[0]
    a[np.triu_indices(n, 1) if uplo == "lower" else np.tril_indices(n, -1)] = np.nan
    if unit:
        np.fill_diagonal(a, np.nan)
    return a


def clean(a, uplo: str, unit: bool = False):
    """The triangle of a poisoned matrix, zeros elsewhere (ones on a unit diagonal)."""
    t = np.where(np.isnan(a), 0.0, a)
    if unit:
        np.fill_diagonal(t, 1.0)
    return t


def dev(a, dtype):
    import cupy
    return cupy.asarray(a.astype(dtype))


@pytest.mark.parametrize("n,m", SIZES, ids=[f"{n}x{m}" for n, m in SIZES])
@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("side", ["left", "right"])
@pytest.mark.parametrize("uplo", ["lower", "upper"])
def test_symm(n, m, dtype, side, uplo):
    rng = np.random.default_rng(n + m)
    A = poison(rng.standard_normal((n, n)), uplo)
    B = rng.standard_normal((n, m) if side == "left" else (m, n))
    C = rng.standard_normal(B.shape)
    got = kfuse.blas.symm(dev(A, dtype), dev(B, dtype), side=side, uplo=uplo, alpha=1.5, beta=0.5, C=dev(C, dtype))
    t = clean(A, uplo)
    S = t + t.T - np.diag(np.diag(t))
    want = 1.5 * (S @ B if side == "left" else B @ S) + 0.5 * C
    check(got, want, dtype, n, f"symm {side} {uplo}")


@pytest.mark.parametrize("n,m", SIZES, ids=[f"{n}x{m}" for n, m in SIZES])
@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("side", ["left", "right"])
@pytest.mark.parametrize("uplo", ["lower", "upper"])
@pytest.mark.parametrize("trans", [False, True], ids=["N", "T"])
@pytest.mark.parametrize("diag", ["nonunit", "unit"])
def test_trmm(n, m, dtype, side, uplo, trans, diag):
    rng = np.random.default_rng(n * 3 + m)
    A = poison(rng.standard_normal((n, n)), uplo, diag == "unit")
    B = rng.standard_normal((n, m) if side == "left" else (m, n))
    got = kfuse.blas.trmm(dev(A, dtype), dev(B, dtype), side=side, uplo=uplo, trans=trans, diag=diag, alpha=2.0)
    T = clean(A, uplo, diag == "unit")
    T = T.T if trans else T
    check(got, 2.0 * (T @ B if side == "left" else B @ T), dtype, n, f"trmm {side} {uplo} {trans} {diag}")


@pytest.mark.parametrize("n,k", SIZES, ids=[f"{n}x{k}" for n, k in SIZES])
@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("fn", ["syrk", "syr2k"])
@pytest.mark.parametrize("uplo", ["lower", "upper"])
@pytest.mark.parametrize("trans", [False, True], ids=["N", "T"])
def test_syrk_syr2k_full_result(n, k, dtype, fn, uplo, trans):
    rng = np.random.default_rng(n + 7 * k)
    shape = (k, n) if trans else (n, k)
    A, B = rng.standard_normal(shape), rng.standard_normal(shape)
    C = poison(rng.standard_normal((n, n)), uplo)
    t = clean(C, uplo)
    Cs = t + t.T - np.diag(np.diag(t))
    if fn == "syrk":
        got = kfuse.blas.syrk(dev(A, dtype), uplo=uplo, trans=trans, alpha=1.5, beta=0.5, C=dev(C, dtype))
        P = A.T @ A if trans else A @ A.T
    else:
        got = kfuse.blas.syr2k(dev(A, dtype), dev(B, dtype), uplo=uplo, trans=trans, alpha=1.5, beta=0.5,
                               C=dev(C, dtype))
        P = (A.T @ B + B.T @ A) if trans else (A @ B.T + B @ A.T)
    check(got, 1.5 * P + 0.5 * Cs, dtype, k, f"{fn} {uplo} {trans}")


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_jit_structured_matmul_and_gram(dtype):
    rng = np.random.default_rng(11)
    A = poison(rng.standard_normal((129, 129)), "upper")
    B, X = rng.standard_normal((129, 67)), rng.standard_normal((300, 129))

    @kfuse.jit
    def f(A, L, B, X):   # one traced matrix has one structure: the triangular view is another argument
        return kfuse.sym(A, lower=False) @ B, X.T @ X, kfuse.tri(L, lower=False).T @ B

    s, g, t = f(dev(A, dtype), dev(A, dtype), dev(B, dtype), dev(X, dtype))
    u = clean(A, "upper")
    check(s, (u + u.T - np.diag(np.diag(u))) @ B, dtype, 129, "sym @ B")
    check(g, X.T @ X, dtype, 300, "X.T @ X")
    check(t, u.T @ B, dtype, 129, "tri.T @ B")


def test_structured_wrapper_outside_jit():
    rng = np.random.default_rng(12)
    A = poison(rng.standard_normal((7, 7)), "lower")
    B = rng.standard_normal((7, 5))
    got = kfuse.sym(dev(A, "float64")) @ dev(B, "float64")
    t = clean(A, "lower")
    check(got, (t + t.T - np.diag(np.diag(t))) @ B, "float64", 7, "kfuse.sym(A) @ B eagerly")
    got = dev(B.T, "float64") @ kfuse.tri(dev(A, "float64"))
    check(got, B.T @ t, "float64", 7, "B.T @ kfuse.tri(A) eagerly")


RULE_CASES = [("symm", side, uplo, False, "nonunit", rule) for side in ("left", "right") for uplo in ("lower", "upper")
              for rule in ("mirror", "symmetrize")] + \
             [("trmm", side, uplo, trans, diag, rule) for side in ("left", "right") for uplo in ("lower", "upper")
              for trans in (False, True) for diag in ("nonunit", "unit") for rule in ("skip", "zero_fill")]


@pytest.mark.parametrize("fn, side, uplo, trans, diag, rule", RULE_CASES, ids=["-".join(map(str, c)) for c in RULE_CASES])
def test_each_adaptor_rule_as_an_edited_plan(fn, side, uplo, trans, diag, rule):
    """Every adaptor rule of the composer forced by editing the plan: the loader rules (mirror,
    skip) and the prior-kernel rules (symmetrize, zero_fill: a pass writing the full matrix, then
    the gemm), the unused triangle NaN-poisoned, at an odd size, float32."""
    import cupy
    n, m, dtype = 131, 70, "float32"
    rng = np.random.default_rng(len(RULE_CASES) + RULE_CASES.index((fn, side, uplo, trans, diag, rule)))
    unit = diag == "unit"
    A = poison(rng.standard_normal((n, n)), uplo, unit)
    B = rng.standard_normal((n, m) if side == "left" else (m, n))
    full = clean(A, uplo, unit)
    if fn == "symm":
        full = full + (np.tril(full, -1).T if uplo == "lower" else np.triu(full, 1).T)

        def f(A, B):
            return kfuse.blas.symm(A, B, side=side, uplo=uplo)
    else:
        full = full.T if trans else full

        def f(A, B):
            return kfuse.blas.trmm(A, B, side=side, uplo=uplo, trans=trans, diag=diag)
    want = full @ B if side == "left" else B @ full
    dA, dB = dev(A, dtype), dev(B, dtype)
    plan = kfuse.jit(f).plan_for(dA, dB)
    key = "a_rule" if side == "left" else "b_rule"
    assert key in plan["kernels"][0]["params"], plan["kernels"][0]["params"]
    plan["kernels"][0]["params"][key] = rule
    g = kfuse.jit(f, plan=plan)
    check(g(dA, dB), want, dtype, n, f"{fn} {side} {uplo} trans={trans} {diag}, rule {rule}")
    prior = rule in ("symmetrize", "zero_fill")
    assert ("before the gemm kernel" in g.executable(dA, dB).source) == prior
    cupy.cuda.runtime.deviceSynchronize()
