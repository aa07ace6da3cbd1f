"""GPU tier of the TF32 mma engine (issue 20): emitted ``mma_tf32`` kernels compiled by NVRTC for
this device, launched on fresh random inputs with the output poisoned (NaN), compared against
float64 NumPy with the TF32 tolerance: every transpose, operand and output orders, odd, empty and
k = 0 sizes, the mma schemes, an epilogue; and ``kfuse.blas.gemm(precision="tf32")``, ``A @ B``
under ``kfuse.config.override(precision="tf32")``."""
import numpy as np
import pytest

from kfuse.codegen.gemm import GemmEpilogue, GemmKernelSpec, GemmOperand, emit_gemm
from kfuse.spaces.gemm.engines import mma_tf32 as rules
from kfuse.spaces.gemm.scheme import GemmScheme
from tests.gpu.test_gemm_emit_gpu import launch, operand
from tests.gpu.helpers import every_input_unchanged  # noqa: F401 - autouse: inputs never change

TRANSPOSES = ((False, False), (False, True), (True, False), (True, True))
SIZES = ((1, 1, 1), (7, 13, 5), (129, 67, 33), (256, 256, 256), (1000, 1000, 1000), (65, 70, 0))
SCHEMES = [GemmScheme(engine="mma_tf32", **kw) for kw in rules.CANDIDATES]


def tf32_tolerance(k: int) -> float:
    """Relative Frobenius error allowed for a TF32 product of depth k (up to 4096).

    TF32 keeps 10 explicit mantissa bits: rounding each operand to nearest has a relative error of
    at most u = 2^-11 (4.9e-4), a product of two rounded operands 2u.  The errors of the k terms
    of a dot product of random, independent inputs have random signs: they add like sqrt(k)
    terms of size <= 2u |a||b|, as does the sum itself (sqrt(k) |a||b|), so the relative error is
    about 2u / sqrt(3) ~ 5.6e-4 (uniform rounding errors), independent of k; the fp32 sums add
    ~ sqrt(k) 2^-24 (4e-6 at k = 4096).  2e-3 is a margin of ~3.5x; a wrong index is O(1)."""
    return 2e-3


def check(m, n, k, ta, tb, oa="C", ob="C", oc="C", scheme=None, seed=0):
    import cupy
    rng = np.random.default_rng(seed)
    A, a = operand(rng, m, k, ta, oa, "float32")
    B, b = operand(rng, k, n, tb, ob, "float32")
    C = cupy.full((m, n), np.nan, np.float32, order=oc)
    spec = GemmKernelSpec("gemm_mma_t", "float32", m, n, k, GemmOperand("A", ta, oa), GemmOperand("B", tb, ob),
                          c_order=oc, scheme=scheme or SCHEMES[0])
    launch(emit_gemm(spec), (A, B, C))
    got, want = cupy.asnumpy(C), a @ b
    assert np.all(np.isfinite(got)), "unwritten (NaN) output elements"
    if k == 0:
        assert np.all(got == 0)
        return
    err = np.linalg.norm(got - want) / np.linalg.norm(want)
    assert err <= tf32_tolerance(k), f"{m}x{n}x{k} {ta}{tb} {oa}{ob}{oc}: rel. error {err:.2e}"
    if k >= 64:   # TF32 really ran (fp32 FFMA would be ~1e-7): the engine is the one asked for
        assert err > 1e-5, f"rel. error {err:.1e}: not TF32 rounding?"


@pytest.mark.parametrize("ta, tb", TRANSPOSES, ids=["NN", "NT", "TN", "TT"])
@pytest.mark.parametrize("dims", SIZES, ids=str)
def test_every_transpose_and_size(dims, ta, tb):
    check(*dims, ta, tb)


@pytest.mark.parametrize("ta, tb", TRANSPOSES, ids=["NN", "NT", "TN", "TT"])
@pytest.mark.parametrize("orders", ["FFF", "FCC", "CFF", "CCF"])
def test_operand_and_output_orders(orders, ta, tb):
    check(129, 67, 33, ta, tb, *orders, seed=1)


@pytest.mark.parametrize("scheme", SCHEMES + [GemmScheme(bm=64, bn=32, bk=16, stages=2, wm=32, wn=16, raster=4,
                                                         engine="mma_tf32")],
                         ids=lambda s: f"{s.bm}x{s.bn}x{s.bk}-w{s.wm}x{s.wn}-s{s.stages}-r{s.raster}")
def test_every_scheme_on_odd_sizes(scheme):
    for ta, tb in TRANSPOSES:
        check(1031, 517, 301, ta, tb, scheme=scheme, seed=2)


def test_deep_k_stays_within_the_tf32_tolerance():
    check(512, 384, 4096, False, False, seed=4)
    check(300, 200, 4099, True, True, "F", "C", "F", scheme=SCHEMES[3], seed=5)


def test_epilogue_alpha_beta_bias_relu():
    import cupy
    rng = np.random.default_rng(3)
    m, n, k = 333, 129, 77
    A, a = operand(rng, m, k, False, "C", "float32")
    B, b = operand(rng, k, n, True, "C", "float32")
    Cin_h = rng.standard_normal((m, n)).astype(np.float32)
    bias_h = rng.standard_normal(m).astype(np.float32)
    C = cupy.full((m, n), np.nan, np.float32)
    epi = GemmEpilogue((("const float", "alpha"), ("const float", "beta"),
                        ("const float* __restrict__", "Cin"), ("const float* __restrict__", "bias")),
                       lambda i, j, acc: [f"const float v = alpha * {acc} + beta * Cin[{i} * {n} + {j}] + bias[{i}];",
                                          f"C[{i} * {n} + {j}] = v > 0.f ? v : 0.f;"])
    spec = GemmKernelSpec("gemm_mma_epi", "float32", m, n, k, GemmOperand("A"), GemmOperand("B", True),
                          scheme=SCHEMES[1], epilogue=epi)
    launch(emit_gemm(spec), (A, B, C, np.float32(0.5), np.float32(-2.0), cupy.asarray(Cin_h), cupy.asarray(bias_h)))
    want = np.maximum(0.5 * (a @ b) - 2.0 * Cin_h + bias_h[:, None], 0)
    got = cupy.asnumpy(C)
    assert np.all(np.isfinite(got))
    assert np.linalg.norm(got - want) / np.linalg.norm(want) <= tf32_tolerance(k)


@pytest.mark.parametrize("transa, transb", TRANSPOSES, ids=["NN", "NT", "TN", "TT"])
def test_blas_gemm_with_precision_tf32(transa, transb):
    import cupy
    import kfuse
    rng = np.random.default_rng(7)
    m, n, k = 517, 389, 263
    a = rng.standard_normal((k, m) if transa else (m, k)).astype(np.float32)
    b = rng.standard_normal((n, k) if transb else (k, n)).astype(np.float32)
    c = rng.standard_normal((m, n)).astype(np.float32)
    got = kfuse.blas.gemm(cupy.asarray(a), cupy.asarray(b), transa, transb, alpha=0.5, beta=2.0,
                          C=cupy.asarray(c), precision="tf32")
    opa, opb = (a.T if transa else a).astype(np.float64), (b.T if transb else b).astype(np.float64)
    want = 0.5 * opa @ opb + 2.0 * c
    err = np.linalg.norm(cupy.asnumpy(got) - want) / np.linalg.norm(want)
    assert err <= tf32_tolerance(k) and err > 1e-6, err
    exact = kfuse.blas.gemm(cupy.asarray(a), cupy.asarray(b), transa, transb, alpha=0.5, beta=2.0,
                            C=cupy.asarray(c))     # the default stays exact fp32
    assert np.linalg.norm(cupy.asnumpy(exact) - want) / np.linalg.norm(want) <= 1e-5


def test_jit_under_the_tf32_setting_runs_the_mma_plan():
    import cupy
    import kfuse
    rng = np.random.default_rng(8)
    a = cupy.asarray(rng.standard_normal((300, 200)).astype(np.float32))
    b = cupy.asarray(rng.standard_normal((200, 100)).astype(np.float32))
    f = kfuse.jit(lambda A, B: A @ B)
    want = cupy.asnumpy(a).astype(np.float64) @ cupy.asnumpy(b).astype(np.float64)
    exact = cupy.asnumpy(f(a, b))
    with kfuse.config.override(precision="tf32"):
        tf = cupy.asnumpy(f(a, b))
        assert f.plan["kernels"][0]["params"]["engine"] == "mma_tf32"
    assert cupy.asnumpy(f(a, b)).tobytes() == exact.tobytes()     # back to the exact plan
    assert np.linalg.norm(exact - want) / np.linalg.norm(want) <= 1e-5
    err = np.linalg.norm(tf - want) / np.linalg.norm(want)
    assert 1e-6 < err <= tf32_tolerance(200), err
