"""GPU tier of the 3xTF32 engine (``mma_tf32x3``, precision "fp32x3"; issue 36 item 4): emitted
kernels launched on fresh random inputs with the output poisoned (NaN), against float64 NumPy
with fp32's tolerance (1e-6 sqrt(k)), and at least 100 times under the TF32 engine's error on the
same operands: every transpose and size (odd, empty, k = 0), operand orders, every candidate on
odd sizes, deep k; the BLAS-3 routines through ``kfuse.blas`` with ``precision="fp32x3"`` at odd
sizes (TRSM's updates on the engine, leaves exact), inputs unchanged."""
import numpy as np
import pytest

from kfuse.codegen.gemm import GemmKernelSpec, GemmOperand, emit_gemm
from kfuse.spaces.gemm.engines import mma_tf32x3 as rules
from kfuse.spaces.gemm.scheme import GemmScheme
from tests.gpu.test_gemm_emit_gpu import launch, operand
from tests.gpu.helpers import every_input_unchanged  # noqa: F401 - autouse: inputs never change

TRANSPOSES = ((False, False), (False, True), (True, False), (True, True))
SIZES = ((1, 1, 1), (7, 13, 5), (129, 67, 33), (256, 256, 256), (1000, 1000, 1000), (65, 70, 0))
SCHEMES = [GemmScheme(engine="mma_tf32x3", **kw) for kw in rules.CANDIDATES]


def _run(m, n, k, ta, tb, oa, ob, oc, scheme, A, B):
    import cupy
    C = cupy.full((m, n), np.nan, np.float32, order=oc)
    spec = GemmKernelSpec("gemm_x3_t", "float32", m, n, k, GemmOperand("A", ta, oa), GemmOperand("B", tb, ob),
                          c_order=oc, scheme=scheme)
    launch(emit_gemm(spec), (A, B, C))
    return cupy.asnumpy(C)


def check(m, n, k, ta, tb, oa="C", ob="C", oc="C", scheme=None, seed=0):
    rng = np.random.default_rng(seed)
    A, a = operand(rng, m, k, ta, oa, "float32")
    B, b = operand(rng, k, n, tb, ob, "float32")
    scheme = scheme or SCHEMES[0]
    got, want = _run(m, n, k, ta, tb, oa, ob, oc, scheme, A, B), a @ b
    assert np.all(np.isfinite(got)), "unwritten (NaN) output elements"
    if k == 0:
        assert np.all(got == 0)
        return
    err = np.linalg.norm(got - want) / np.linalg.norm(want)
    assert err <= 1e-6 * max(1.0, np.sqrt(k)), f"{m}x{n}x{k} {ta}{tb} {oa}{ob}{oc}: rel. error {err:.2e}"
    if k >= 64:   # compensated: far under TF32's error on the same operands
        tf32 = _run(m, n, k, ta, tb, oa, ob, oc, GemmScheme(engine="mma_tf32", bm=scheme.bm, bn=scheme.bn,
                                                              bk=scheme.bk, stages=scheme.stages, wm=scheme.wm,
                                                              wn=scheme.wn), A, B)
        assert err * 100 <= np.linalg.norm(tf32 - want) / np.linalg.norm(want), err


@pytest.mark.parametrize("ta, tb", TRANSPOSES, ids=["NN", "NT", "TN", "TT"])
@pytest.mark.parametrize("dims", SIZES, ids=str)
def test_every_transpose_and_size(dims, ta, tb):
    check(*dims, ta, tb)


@pytest.mark.parametrize("ta, tb", TRANSPOSES, ids=["NN", "NT", "TN", "TT"])
@pytest.mark.parametrize("orders", ["FFF", "FCC", "CFF", "CCF"])
def test_operand_and_output_orders(orders, ta, tb):
    check(129, 67, 33, ta, tb, *orders, seed=1)


@pytest.mark.parametrize("scheme", SCHEMES, ids=lambda s: f"{s.bm}x{s.bn}x{s.bk}-w{s.wm}x{s.wn}-s{s.stages}")
def test_every_scheme_on_odd_sizes(scheme):
    for ta, tb in TRANSPOSES:
        check(1031, 517, 301, ta, tb, scheme=scheme, seed=2)


def test_deep_k():
    check(512, 384, 4096, False, False, seed=4)
    check(300, 200, 4099, True, True, "F", "C", "F", scheme=SCHEMES[-1], seed=5)


def _ref(name, a, b):
    a, b = a.astype(np.float64), None if b is None else b.astype(np.float64)
    if name == "gemm":
        return a @ b
    if name == "symm":
        s = np.tril(a) + np.tril(a, -1).T
        return s @ b
    if name == "trmm":
        return b @ np.triu(a)
    if name == "syrk":
        return np.tril(a @ a.T)
    if name == "syr2k":
        return np.tril(a @ b.T + b @ a.T)
    return np.linalg.solve(np.tril(a), b)


@pytest.mark.parametrize("name", ["gemm", "symm", "trmm", "syrk", "syr2k", "trsm"])
def test_blas_routines_with_precision_fp32x3(name):
    import cupy

    import kfuse
    rng = np.random.default_rng(8)
    shapes = {"gemm": ((517, 263), (263, 389)), "symm": ((517, 517), (517, 389)), "trmm": ((389, 389), (517, 389)),
              "syrk": ((517, 263), None), "syr2k": ((517, 263), (517, 263)), "trsm": ((517, 517), (517, 70))}
    sa, sb = shapes[name]
    a = rng.standard_normal(sa).astype(np.float32)
    if name == "trsm":   # well conditioned: diagonal in [1, 2), off-diagonal (-1, 1) / n
        a = (rng.uniform(-1, 1, sa) / sa[0] + np.diag(rng.uniform(1, 2, sa[0]))).astype(np.float32)
    b = rng.standard_normal(sb).astype(np.float32) if sb else None
    da, db = cupy.asarray(a), (cupy.asarray(b) if sb else None)
    call = {"gemm": lambda: kfuse.blas.gemm(da, db, precision="fp32x3"),
            "symm": lambda: kfuse.blas.symm(da, db, precision="fp32x3"),
            "trmm": lambda: kfuse.blas.trmm(da, db, side="right", uplo="upper", precision="fp32x3"),
            "syrk": lambda: kfuse.blas.syrk(da, precision="fp32x3"),
            "syr2k": lambda: kfuse.blas.syr2k(da, db, precision="fp32x3"),
            "trsm": lambda: kfuse.blas.trsm(da, db, precision="fp32x3")}[name]
    got = cupy.asnumpy(call()).astype(np.float64)
    want = _ref(name, a, b)
    if name in ("syrk", "syr2k"):
        got = np.tril(got)
    k = sa[1] if name in ("gemm", "syrk", "syr2k") else sa[0]
    err = np.linalg.norm(got - want) / np.linalg.norm(want)
    assert err <= 2e-6 * np.sqrt(k), (name, err)
    assert np.array_equal(cupy.asnumpy(da), a) and (db is None or np.array_equal(cupy.asnumpy(db), b))
