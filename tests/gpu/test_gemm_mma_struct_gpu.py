"""GPU tier of TF32 for the structured routines (issue 20, round 3): every SYMM / TRMM / SYRK /
SYR2K variant (side, uplo, trans, diag) through ``kfuse.blas.*(precision="tf32")`` at odd and
non-square sizes, the triangle BLAS does not read NaN-poisoned on the device (and C's other
triangle for syrk/syr2k), against float64 NumPy with TF32's tolerance (2e-3 relative, see
``test_gemm_mma_gpu.tf32_tolerance``) and, from depth 64 on, an error above fp32's (TF32 really
ran); float64 under "tf32" stays exact; structured ``@`` in a jit function under the tf32
setting; each mma scheme on structured specs emitted directly."""
import numpy as np
import pytest

import kfuse
import kfuse.reference   # (an attribute of kfuse only once imported)
from kfuse.codegen.gemm import GemmKernelSpec, GemmOperand, emit_gemm
from tests.gpu.test_blas3_gpu import clean, dev, poison
from tests.gpu.test_blas3_gpu import check as check_ieee
from tests.gpu.test_gemm_emit_gpu import launch
from tests.gpu.test_gemm_mma_gpu import SCHEMES, tf32_tolerance
from tests.gpu.helpers import every_input_unchanged  # noqa: F401 - autouse: inputs never change

SIZES = [(1, 1), (7, 13), (129, 67), (300, 201)]   # (n: the structured / output order, the other dim)


def check(got, want, k, what):
    g = kfuse.reference.to_reference(got, "float64")
    assert g.shape == want.shape, f"{what}: shape {g.shape} != {want.shape}"
    assert np.all(np.isfinite(g)), f"{what}: non-finite elements (the other triangle read, or unwritten)"
    err = kfuse.reference.rel_error(g, want)
    assert err <= tf32_tolerance(k), f"{what}: relative error {err:.3e} > {tf32_tolerance(k):.1e}"
    if k >= 64:
        assert err > 1e-5, f"{what}: relative error {err:.1e}: fp32 accuracy, not TF32 (engine ffma?)"


@pytest.mark.parametrize("n,m", SIZES, ids=[f"{n}x{m}" for n, m in SIZES])
@pytest.mark.parametrize("side", ["left", "right"])
@pytest.mark.parametrize("uplo", ["lower", "upper"])
def test_symm_tf32(n, m, side, uplo):
    rng = np.random.default_rng(n + m)
    A = poison(rng.standard_normal((n, n)), uplo)
    B = rng.standard_normal((n, m) if side == "left" else (m, n))
    C = rng.standard_normal(B.shape)
    got = kfuse.blas.symm(dev(A, "float32"), dev(B, "float32"), side=side, uplo=uplo, alpha=1.5, beta=0.5,
                          C=dev(C, "float32"), precision="tf32")
    t = clean(A, uplo)
    S = t + t.T - np.diag(np.diag(t))
    check(got, 1.5 * (S @ B if side == "left" else B @ S) + 0.5 * C, n, f"symm {side} {uplo} tf32")


@pytest.mark.parametrize("n,m", SIZES, ids=[f"{n}x{m}" for n, m in SIZES])
@pytest.mark.parametrize("side", ["left", "right"])
@pytest.mark.parametrize("uplo", ["lower", "upper"])
@pytest.mark.parametrize("trans", [False, True], ids=["N", "T"])
@pytest.mark.parametrize("diag", ["nonunit", "unit"])
def test_trmm_tf32(n, m, side, uplo, trans, diag):
    rng = np.random.default_rng(n * 3 + m)
    A = poison(rng.standard_normal((n, n)), uplo, diag == "unit")
    B = rng.standard_normal((n, m) if side == "left" else (m, n))
    got = kfuse.blas.trmm(dev(A, "float32"), dev(B, "float32"), side=side, uplo=uplo, trans=trans, diag=diag,
                          alpha=2.0, precision="tf32")
    T = clean(A, uplo, diag == "unit")
    T = T.T if trans else T
    check(got, 2.0 * (T @ B if side == "left" else B @ T), n, f"trmm {side} {uplo} {trans} {diag} tf32")


@pytest.mark.parametrize("n,k", SIZES, ids=[f"{n}x{k}" for n, k in SIZES])
@pytest.mark.parametrize("fn", ["syrk", "syr2k"])
@pytest.mark.parametrize("uplo", ["lower", "upper"])
@pytest.mark.parametrize("trans", [False, True], ids=["N", "T"])
def test_syrk_syr2k_tf32(n, k, fn, uplo, trans):
    rng = np.random.default_rng(n + 7 * k)
    shape = (k, n) if trans else (n, k)
    A, B = rng.standard_normal(shape), rng.standard_normal(shape)
    C = poison(rng.standard_normal((n, n)), uplo)
    t = clean(C, uplo)
    Cs = t + t.T - np.diag(np.diag(t))
    if fn == "syrk":
        got = kfuse.blas.syrk(dev(A, "float32"), uplo=uplo, trans=trans, alpha=1.5, beta=0.5, C=dev(C, "float32"),
                              precision="tf32")
        P = A.T @ A if trans else A @ A.T
    else:
        got = kfuse.blas.syr2k(dev(A, "float32"), dev(B, "float32"), uplo=uplo, trans=trans, alpha=1.5, beta=0.5,
                               C=dev(C, "float32"), precision="tf32")
        P = (A.T @ B + B.T @ A) if trans else (A @ B.T + B @ A.T)
    check(got, 1.5 * P + 0.5 * Cs, k, f"{fn} {uplo} {trans} tf32")


def test_float64_stays_exact_under_tf32():
    rng = np.random.default_rng(3)
    A = poison(rng.standard_normal((129, 129)), "lower", True)
    B = rng.standard_normal((129, 67))
    got = kfuse.blas.trmm(dev(A, "float64"), dev(B, "float64"), diag="unit", precision="tf32")
    check_ieee(got, clean(A, "lower", True) @ B, "float64", 129, "trmm float64 under tf32")
    X = rng.standard_normal((201, 129))
    check_ieee(kfuse.blas.syrk(dev(X, "float64"), trans=True, precision="tf32"), X.T @ X, "float64", 201,
               "syrk float64 under tf32")


def test_jit_structured_matmul_under_the_tf32_setting():
    rng = np.random.default_rng(11)
    A = poison(rng.standard_normal((129, 129)), "upper")
    B, X = rng.standard_normal((129, 67)), rng.standard_normal((300, 129))

    @kfuse.jit
    def f(A, L, B, X):
        return kfuse.sym(A, lower=False) @ B, X.T @ X, kfuse.tri(L, lower=False).T @ B

    with kfuse.config.override(precision="tf32"):
        s, g, t = f(dev(A, "float32"), dev(A, "float32"), dev(B, "float32"), dev(X, "float32"))
    u = clean(A, "upper")
    check(s, (u + u.T - np.diag(np.diag(u))) @ B, 129, "sym @ B tf32")
    check(g, X.T @ X, 300, "X.T @ X tf32")
    check(t, u.T @ B, 129, "tri.T @ B tf32")


@pytest.mark.parametrize("scheme", SCHEMES, ids=lambda s: f"{s.bm}x{s.bn}x{s.bk}-w{s.wm}x{s.wn}-s{s.stages}")
def test_every_mma_scheme_on_structured_specs(scheme):
    """A sym and a tri (unit, transposed) operand, and SYR2K with mirror_lower, per scheme."""
    import cupy
    rng = np.random.default_rng(5)
    n, m = 301, 77
    B = rng.standard_normal((n, m))
    S = poison(rng.standard_normal((n, n)), "lower")             # sym: the diagonal is read
    T = poison(rng.standard_normal((n, n)), "lower", True)       # unit tri: the diagonal is not
    s = clean(S, "lower")
    cases = (("sym", "nonunit", False, S, (s + s.T - np.diag(np.diag(s))) @ B),
             ("tri", "unit", True, T, clean(T, "lower", True).T @ B))
    for st, diag, trans, stored, want in cases:
        C = cupy.full((n, m), np.nan, np.float32)
        spec = GemmKernelSpec("g_struct", "float32", n, m, n, GemmOperand("A", trans, structure=st, uplo="lower",
                                                                        diag=diag), GemmOperand("B"), scheme=scheme)
        launch(emit_gemm(spec), (dev(stored, "float32"), dev(B, "float32"), C))
        check(C, want, n, f"{st} {diag} {trans} {scheme.to_text()}")
    X, Y = rng.standard_normal((n, m)), rng.standard_normal((n, m))
    C = cupy.full((n, n), np.nan, np.float32)
    spec = GemmKernelSpec("g_syr2k", "float32", n, n, m, GemmOperand("A"), GemmOperand("B", True), scheme=scheme,
                          c_uplo="mirror_lower", second=(GemmOperand("B"), GemmOperand("A", True)))
    launch(emit_gemm(spec), (dev(X, "float32"), dev(Y, "float32"), C))
    check(C, X @ Y.T + Y @ X.T, m, f"syr2k mirror_lower {scheme.to_text()}")
