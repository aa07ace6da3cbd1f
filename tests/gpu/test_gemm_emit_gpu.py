"""GPU tier of the GEMM emitter (issue 20): emitted kernels compiled by NVRTC for this device,
launched on fresh random inputs with the output poisoned (NaN), compared against float64 NumPy
with a tolerance scaled by sqrt(k): every transpose, both operand orders, both dtypes, odd and
empty sizes, schemes with 3-4 cp.async stages and raster 8, and a bias + relu epilogue."""
import numpy as np
import pytest

from kfuse.codegen.gemm import GemmEpilogue, GemmKernelSpec, GemmOperand, emit_gemm
from kfuse.spaces.gemm.scheme import GemmScheme, default_scheme
from tests.gpu.helpers import every_input_unchanged, unchanged  # noqa: F401 - autouse: inputs never change

TRANSPOSES = ((False, False), (False, True), (True, False), (True, True))
SIZES = ((1, 1, 1), (7, 13, 5), (129, 67, 33), (256, 256, 256), (65, 70, 0))


def launch(src, args):
    """Compile ``src`` for this device, load it, launch it once with ``args``; synchronize."""
    import cupy
    from kfuse.runtime import nvrtc
    arch = f"sm_{cupy.cuda.Device().compute_capability}"
    mod = cupy.cuda.function.Module()
    mod.load(nvrtc.compile_cuda(src.code, arch).cubin)
    fn = mod.get_function(src.name)
    if src.shared_bytes > 48 * 1024:
        cupy.cuda.driver.funcSetAttribute(fn.ptr, cupy.cuda.driver.CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
                                          src.shared_bytes)
    inputs = [a for (decl, _), a in zip(src.params, args) if decl.startswith("const") and "*" in decl]
    with unchanged(*inputs, what=f"{src.name} changed an input"):
        fn(src.grid, src.block, args, shared_mem=src.shared_bytes)
        cupy.cuda.runtime.deviceSynchronize()
    return mod


def operand(rng, rows, cols, trans, order, dtype):
    """(device array as stored, op(X) as float64 on the host)."""
    import cupy
    shape = (cols, rows) if trans else (rows, cols)
    host = rng.standard_normal(shape).astype(dtype)
    host = np.asfortranarray(host) if order == "F" else np.ascontiguousarray(host)
    return cupy.asarray(host, order=order), (host.T if trans else host).astype(np.float64)


def check(dtype, m, n, k, ta, tb, oa="C", ob="C", oc="C", scheme=None, seed=0):
    import cupy
    rng = np.random.default_rng(seed)
    A, a = operand(rng, m, k, ta, oa, dtype)
    B, b = operand(rng, k, n, tb, ob, dtype)
    C = cupy.full((m, n), np.nan, dtype, order=oc)
    spec = GemmKernelSpec("gemm_t", dtype, m, n, k, GemmOperand("A", ta, oa), GemmOperand("B", tb, ob),
                          c_order=oc, scheme=scheme or default_scheme(dtype))
    launch(emit_gemm(spec), (A, B, C))
    got, want = cupy.asnumpy(C), a @ b
    assert np.all(np.isfinite(got)), "unwritten (NaN) output elements"
    if k == 0:
        assert np.all(got == 0)
        return
    err = np.linalg.norm(got - want) / np.linalg.norm(want)
    tol = (2e-7 if dtype == "float32" else 1e-15) * np.sqrt(k) * 4
    assert err <= tol, f"{dtype} {m}x{n}x{k} {ta}{tb} {oa}{ob}{oc}: rel. error {err:.2e} > {tol:.1e}"


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("ta, tb", TRANSPOSES, ids=["NN", "NT", "TN", "TT"])
@pytest.mark.parametrize("dims", SIZES, ids=str)
def test_every_transpose_and_size(dims, ta, tb, dtype):
    check(dtype, *dims, ta, tb)


@pytest.mark.parametrize("ta, tb", TRANSPOSES, ids=["NN", "NT", "TN", "TT"])
@pytest.mark.parametrize("orders", ["FFF", "FCC", "CFF", "CCF"])
def test_operand_and_output_orders(orders, ta, tb):
    for dtype in ("float32", "float64"):
        check(dtype, 129, 67, 33, ta, tb, *orders, seed=1)


@pytest.mark.parametrize("scheme", [GemmScheme(stages=3), GemmScheme(stages=4, raster=8),
                                    GemmScheme(bm=256, bn=128, tm=16, tn=8, stages=3),
                                    GemmScheme(bm=64, bn=64, bk=16, tm=4, tn=4, stages=4, raster=8),
                                    GemmScheme(bk=16, stages=4)], ids=str)
def test_schemes_with_deep_pipelines_and_raster(scheme):
    for ta, tb in TRANSPOSES:
        check("float32", 1031, 517, 301, ta, tb, scheme=scheme, seed=2)
    check("float32", 256, 256, 256, False, False, scheme=scheme)


def test_float64_deep_pipeline():
    check("float64", 300, 250, 190, False, False, scheme=GemmScheme(bm=128, bn=64, tn=4, stages=4, raster=8))


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
    spec = GemmKernelSpec("gemm_epi", "float32", m, n, k, GemmOperand("A"), GemmOperand("B", True),
                          scheme=GemmScheme(stages=3), epilogue=epi)
    launch(emit_gemm(spec), (A, B, C, np.float32(0.5), np.float32(-2.0), cupy.asarray(Cin_h), cupy.asarray(bias_h)))
    want = np.maximum(0.5 * (a @ b) - 2.0 * Cin_h + bias_h[:, None], 0)
    got = cupy.asnumpy(C)
    assert np.all(np.isfinite(got))
    assert np.linalg.norm(got - want) / np.linalg.norm(want) <= 2e-6
