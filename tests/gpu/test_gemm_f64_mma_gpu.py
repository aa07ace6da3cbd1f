"""GPU tier of the FP64 tensor-core engine (issue 36, engine ``mma_f64``): emitted ``mma_f64``
kernels compiled by NVRTC for this device, launched on fresh random inputs with the output
poisoned (NaN) and the inputs checked unchanged, compared against float64 NumPy (1e-12 relative:
IEEE double products and sums, another order): every transpose, operand and output orders, odd,
empty and k = 0 sizes, every candidate scheme, an epilogue; then float64 ``A @ B``,
``kfuse.blas.gemm`` and the structured routines (SYMM, TRMM, SYRK, SYR2K) through ``kfuse.jit``,
whose plans must run on engine mma_f64 (the model's pick at these sizes); and the rate of each
candidate at 4096 against ffma and cuBLAS, printed (``-s``) for the calibration, not asserted."""
import numpy as np
import pytest

import kfuse
import kfuse.reference   # (an attribute of kfuse only once imported)
from kfuse.codegen.gemm import GemmEpilogue, GemmKernelSpec, GemmOperand, emit_gemm
from kfuse.spaces.gemm.engines import mma_f64 as rules
from kfuse.spaces.gemm.scheme import GemmScheme
from tests.gpu.test_blas3_gpu import clean, poison
from tests.gpu.test_gemm_emit_gpu import launch, operand
from tests.gpu.helpers import every_input_unchanged  # noqa: F401 - autouse: inputs never change

TRANSPOSES = ((False, False), (False, True), (True, False), (True, True))
SIZES = ((1, 1, 1), (7, 13, 5), (70, 67, 41), (129, 67, 33), (256, 256, 256), (1000, 1000, 1000), (65, 70, 0))
SCHEMES = [GemmScheme(engine="mma_f64", **kw) for kw in rules.CANDIDATES]
TOL = 1e-12


def _id(s: GemmScheme) -> str:
    return f"{s.bm}x{s.bn}x{s.bk}-w{s.wm}x{s.wn}-s{s.stages}-r{s.raster}"


def rel(got, want) -> float:
    return float(np.linalg.norm(got - want) / max(np.linalg.norm(want), 1e-300))


def check(m, n, k, ta, tb, oa="C", ob="C", oc="C", scheme=None, seed=0):
    import cupy
    rng = np.random.default_rng(seed)
    A, a = operand(rng, m, k, ta, oa, "float64")
    B, b = operand(rng, k, n, tb, ob, "float64")
    C = cupy.full((m, n), np.nan, np.float64, order=oc)
    spec = GemmKernelSpec("gemm_dmma_t", "float64", m, n, k, GemmOperand("A", ta, oa), GemmOperand("B", tb, ob),
                          c_order=oc, scheme=scheme or SCHEMES[0])
    src = emit_gemm(spec)
    assert "mma.sync.aligned.m16n8k8.row.col.f64.f64.f64.f64" in src.code
    launch(src, (A, B, C))   # checks A and B unchanged
    got = cupy.asnumpy(C)
    assert np.all(np.isfinite(got)), "unwritten (NaN) output elements"
    if k == 0:
        assert np.all(got == 0)
        return
    err = rel(got, a @ b)
    assert err <= TOL, f"{m}x{n}x{k} {'NT'[ta]}{'NT'[tb]} {oa}{ob}{oc} {_id(spec.scheme)}: rel. error {err:.2e}"


# ---- emitted kernels ---------------------------------------------------------------------------------
@pytest.mark.parametrize("ta, tb", TRANSPOSES, ids=["NN", "NT", "TN", "TT"])
@pytest.mark.parametrize("dims", SIZES, ids=str)
def test_every_transpose_and_size(dims, ta, tb):
    check(*dims, ta, tb)


@pytest.mark.parametrize("ta, tb", TRANSPOSES, ids=["NN", "NT", "TN", "TT"])
@pytest.mark.parametrize("orders", ["FFF", "FCC", "CFF", "CCF"])
def test_operand_and_output_orders(orders, ta, tb):
    check(129, 67, 33, ta, tb, *orders, seed=1)


@pytest.mark.parametrize("scheme", SCHEMES + [GemmScheme(bm=64, bn=32, bk=16, stages=2, wm=32, wn=16, raster=4,
                                                         engine="mma_f64")], ids=_id)
def test_every_scheme_on_odd_sizes(scheme):
    for ta, tb in TRANSPOSES:
        check(1031, 517, 301, ta, tb, scheme=scheme, seed=2)
    check(512, 256, 64, False, False, scheme=scheme, seed=3)   # a multiple of every tile


def test_deep_k():
    check(512, 384, 4096, False, False, seed=4)
    check(300, 200, 4099, True, True, "F", "C", "F", scheme=SCHEMES[2], seed=5)


def test_epilogue_alpha_beta_bias_relu():
    import cupy
    rng = np.random.default_rng(3)
    m, n, k = 333, 129, 77
    A, a = operand(rng, m, k, False, "C", "float64")
    B, b = operand(rng, k, n, True, "C", "float64")
    Cin_h, bias_h = rng.standard_normal((m, n)), rng.standard_normal(m)
    C = cupy.full((m, n), np.nan)
    epi = GemmEpilogue((("const double", "alpha"), ("const double", "beta"),
                        ("const double* __restrict__", "Cin"), ("const double* __restrict__", "bias")),
                       lambda i, j, acc: [f"const double v = alpha * {acc} + beta * Cin[{i} * {n} + {j}] + bias[{i}];",
                                          f"C[{i} * {n} + {j}] = v > 0.0 ? v : 0.0;"])
    spec = GemmKernelSpec("gemm_dmma_epi", "float64", m, n, k, GemmOperand("A"), GemmOperand("B", True),
                          scheme=SCHEMES[1], epilogue=epi)
    launch(emit_gemm(spec), (A, B, C, np.float64(0.5), np.float64(-2.0), cupy.asarray(Cin_h), cupy.asarray(bias_h)))
    want = np.maximum(0.5 * (a @ b) - 2.0 * Cin_h + bias_h[:, None], 0)
    got = cupy.asnumpy(C)
    assert np.all(np.isfinite(got)) and rel(got, want) <= TOL


# ---- through kfuse: the plan runs on mma_f64 -----------------------------------------------------------
def engines_of(f) -> list:
    return [k["params"].get("engine") for k in f.plan["kernels"] if "engine" in k["params"]]


def run_jit(fn, *host, **kw):
    """``kfuse.jit(fn)`` on device copies of ``host`` (float64): (result on the host, the jit function)."""
    import cupy
    f = kfuse.jit(fn, **kw)
    out = f(*(cupy.asarray(h) for h in host))
    return kfuse.reference.to_reference(out, "float64"), f


@pytest.mark.parametrize("m, n, k", [(517, 389, 261), (1031, 517, 301), (333, 129, 77)], ids=str)
def test_matmul_plans_on_mma_f64(m, n, k):
    rng = np.random.default_rng(m)
    a, b = rng.standard_normal((m, k)), rng.standard_normal((k, n))
    got, f = run_jit(lambda A, B: A @ B, a, b)
    assert engines_of(f) == ["mma_f64"], f.plan
    assert np.all(np.isfinite(got)) and rel(got, a @ b) <= TOL


@pytest.mark.parametrize("transa, transb", TRANSPOSES, ids=["NN", "NT", "TN", "TT"])
def test_blas_gemm_plans_on_mma_f64(transa, transb):
    rng = np.random.default_rng(7)
    m, n, k = 517, 389, 263
    a = rng.standard_normal((k, m) if transa else (m, k))
    b = rng.standard_normal((n, k) if transb else (k, n))
    c = rng.standard_normal((m, n))
    got, f = run_jit(lambda A, B, C: kfuse.blas.gemm(A, B, transa, transb, alpha=0.5, beta=2.0, C=C), a, b, c)
    assert "mma_f64" in engines_of(f), f.plan
    want = 0.5 * (a.T if transa else a) @ (b.T if transb else b) + 2.0 * c
    assert np.all(np.isfinite(got)) and rel(got, want) <= TOL


@pytest.mark.parametrize("side", ["left", "right"])
@pytest.mark.parametrize("uplo", ["lower", "upper"])
def test_symm_plans_on_mma_f64(side, uplo):
    rng = np.random.default_rng(11)
    n, m = 517, 389
    A = poison(rng.standard_normal((n, n)), uplo)
    B = rng.standard_normal((n, m) if side == "left" else (m, n))
    got, f = run_jit(lambda A, B: kfuse.blas.symm(A, B, side=side, uplo=uplo), A, B)
    assert "mma_f64" in engines_of(f), f.plan
    t = clean(A, uplo)
    S = t + t.T - np.diag(np.diag(t))
    assert np.all(np.isfinite(got)) and rel(got, S @ B if side == "left" else B @ S) <= TOL


@pytest.mark.parametrize("side", ["left", "right"])
@pytest.mark.parametrize("trans", [False, True], ids=["N", "T"])
@pytest.mark.parametrize("diag", ["nonunit", "unit"])
def test_trmm_plans_on_mma_f64(side, trans, diag):
    rng = np.random.default_rng(13)
    n, m, uplo = 389, 517, "upper"
    A = poison(rng.standard_normal((n, n)), uplo, diag == "unit")
    B = rng.standard_normal((n, m) if side == "left" else (m, n))
    got, f = run_jit(lambda A, B: kfuse.blas.trmm(A, B, side=side, uplo=uplo, trans=trans, diag=diag), A, B)
    assert "mma_f64" in engines_of(f), f.plan
    T = clean(A, uplo, diag == "unit")
    T = T.T if trans else T
    assert np.all(np.isfinite(got)) and rel(got, T @ B if side == "left" else B @ T) <= TOL


@pytest.mark.parametrize("uplo", ["lower", "upper"])
def test_syrk_and_syr2k_plan_on_mma_f64(uplo):
    rng = np.random.default_rng(17)
    a, b = rng.standard_normal((517, 261)), rng.standard_normal((517, 261))
    got, f = run_jit(lambda A: kfuse.blas.syrk(A, uplo=uplo), a)   # the full symmetric result
    assert "mma_f64" in engines_of(f), f.plan
    assert np.all(np.isfinite(got)) and rel(got, a @ a.T) <= TOL
    got, f = run_jit(lambda A, B: kfuse.blas.syr2k(A, B, uplo=uplo), a, b)
    assert "mma_f64" in engines_of(f), f.plan
    assert np.all(np.isfinite(got)) and rel(got, a @ b.T + b @ a.T) <= TOL


# ---- rates, printed for the calibration --------------------------------------------------------------
def _seconds(src, args, repeats=5) -> float:
    import cupy
    from kfuse.runtime import nvrtc
    mod = cupy.cuda.function.Module()
    mod.load(nvrtc.compile_cuda(src.code, f"sm_{cupy.cuda.Device().compute_capability}").cubin)
    fn = mod.get_function(src.name)
    if src.shared_bytes > 48 * 1024:
        cupy.cuda.driver.funcSetAttribute(fn.ptr, cupy.cuda.driver.CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
                                          src.shared_bytes)
    fn(src.grid, src.block, args, shared_mem=src.shared_bytes)
    times = []
    for _ in range(repeats):
        start, stop = cupy.cuda.Event(), cupy.cuda.Event()
        start.record()
        fn(src.grid, src.block, args, shared_mem=src.shared_bytes)
        stop.record()
        stop.synchronize()
        times.append(cupy.cuda.get_elapsed_time(start, stop) * 1e-3)
    return float(np.median(times))


def test_rates_at_4096_against_ffma_and_cublas():
    """TFLOP/s of each mma_f64 candidate, the ffma float64 default and cuBLAS DGEMM (CuPy) at
    4096^3 NN, printed; the results checked against cuBLAS (1e-12)."""
    import cupy
    n = 4096
    rng = np.random.default_rng(21)
    A, B = cupy.asarray(rng.standard_normal((n, n))), cupy.asarray(rng.standard_normal((n, n)))
    want = A @ B
    cupy.cuda.runtime.deviceSynchronize()
    start, stop = cupy.cuda.Event(), cupy.cuda.Event()
    start.record()
    for _ in range(5):
        A @ B
    stop.record()
    stop.synchronize()
    rows = [("cublas", cupy.cuda.get_elapsed_time(start, stop) * 1e-3 / 5)]
    for s in SCHEMES + [GemmScheme(engine="ffma", bn=64, tn=4)]:
        C = cupy.full((n, n), np.nan)
        src = emit_gemm(GemmKernelSpec("gemm_rate", "float64", n, n, n, GemmOperand("A"), GemmOperand("B"), scheme=s))
        rows.append((f"{s.engine} {_id(s)}", _seconds(src, (A, B, C))))
        assert rel(cupy.asnumpy(C), cupy.asnumpy(want)) <= TOL, s
    for name, t in rows:
        print(f"float64 {n}^3 NN {name}: {2 * n ** 3 / t / 1e12:.1f} TFLOP/s")
