"""Compile tier of the 3xTF32 engine (``mma_tf32x3``, precision "fp32x3"; issue 36 item 4).

1. Its candidates x {NN, NT, TN, TT} x C/F compile to sm_90 cubins with no spills and no stack.
2. The emitted CUDA runs on the CPU with the emulated ``mma.sync`` and ``cvt.rna.tf32`` of
   ``test_gemm_mma.py`` (each lane publishes its registers; the c's computed from the PTX ISA's
   fragment tables): against float64 NumPy its error is of fp32's order -- within FFMA's bound
   and at least 100 times under the plain TF32 engine's on the same operands -- at odd sizes,
   every layout, an epilogue; an Inf or FLT_MAX among the operands gives what fp32 gives (no NaN).
3. The precision plumbing: the setting and ``blas.gemm(precision="fp32x3")`` plan the engine;
   float64 stays exact.
"""
from __future__ import annotations

import dataclasses

import numpy as np
import pytest

import kfuse
from kfuse.codegen.gemm import GemmEpilogue, emit_gemm
from kfuse.spaces.gemm.engines import mma_tf32x3 as rules
from kfuse.spaces.gemm.scheme import GemmScheme
from tests.compile.test_gemm_emit import stored
from tests.compile.test_gemm_mma import KF_MMA_EMU, _no_spills, _spec, run_on_cpu

TRANSPOSES = ((False, False), (False, True), (True, False), (True, True))
SCHEMES = [GemmScheme(engine="mma_tf32x3", **kw) for kw in rules.CANDIDATES]
SMALL = GemmScheme(bm=64, bn=64, bk=16, stages=3, wm=32, wn=32, engine="mma_tf32x3")
TF32 = dataclasses.replace(SMALL, engine="mma_tf32")
#: the CPU's __uint_as_float (the emulation's kf_tf32 keeps the low 13 bits zero, as cvt.rna does)
EMU = KF_MMA_EMU + r"""
static inline float __uint_as_float(unsigned u) { float f; std::memcpy(&f, &u, 4); return f; }
static inline unsigned __float_as_uint(float f) { unsigned u; std::memcpy(&u, &f, 4); return u; }
using std::isfinite; using std::isinf;
"""


def _run(src, arrays, out, scalars=None):
    return run_on_cpu(dataclasses.replace(src, code=EMU + src.code), arrays, out, scalars)


@pytest.mark.parametrize("scheme", SCHEMES, ids=lambda s: f"{s.bm}x{s.bn}x{s.bk}-w{s.wm}x{s.wn}-s{s.stages}")
def test_every_candidate_compiles_without_spills(scheme):
    kernels = [emit_gemm(_spec(f"g_{'TN'[ta]}{'TN'[tb]}_{o}", 1000, 1000, 1000, ta, tb, scheme, o, o, o))
               for ta, tb in TRANSPOSES for o in ("C", "F")]
    _no_spills(kernels)
    assert all(s.code.count("kf_tf32_split(") >= 3 and "kf_mma_tf32x3(acc[mi][ni]" in s.code for s in kernels)


def _errors(m, n, k, ta, tb, oa="C", ob="C", oc="C", seed=0, scheme=SMALL):
    """(3xTF32 error, TF32 error) relative in Frobenius norm against float64, same operands."""
    rng = np.random.default_rng(seed)
    A, lda, a = stored(rng, m, k, ta, oa, "float32")
    B, ldb, b = stored(rng, k, n, tb, ob, "float32")
    want = a @ b
    out = []
    for sch in (scheme, dataclasses.replace(scheme, engine="mma_tf32")):
        C = np.full((m, n), np.nan, np.float32, order=oc)
        src = emit_gemm(_spec("g", m, n, k, ta, tb, sch, oa, ob, oc, lda=lda, ldb=ldb))
        got = _run(src, {"A": A, "B": B, "C": C}, "C")
        assert np.all(np.isfinite(got)), "unwritten output elements"
        out.append(np.linalg.norm(got - want) / np.linalg.norm(want))
    return out


@pytest.mark.parametrize("dims", [(7, 13, 5), (70, 67, 41), (129, 33, 200)], ids=lambda d: "x".join(map(str, d)))
@pytest.mark.parametrize("ta, tb", TRANSPOSES, ids=lambda t: "T" if t else "N")
def test_error_is_fp32s_and_far_under_tf32s(dims, ta, tb):
    x3, tf32 = _errors(*dims, ta, tb, "F" if ta else "C", "C" if tb else "F", seed=sum(dims))
    assert x3 <= 1e-6 * np.sqrt(dims[2]), (x3, tf32)       # FFMA's bound in test_gemm_emit.check_on_cpu
    assert x3 * 100 <= tf32, (x3, tf32)


def test_a_default_scheme_runs_and_k_zero_writes_zeros():
    x3, tf32 = _errors(150, 70, 40, False, False, scheme=SCHEMES[0])
    assert x3 <= 1e-5 and x3 * 100 <= tf32
    src = emit_gemm(_spec("g", 5, 3, 0, False, True, SMALL))
    got = _run(src, {"A": np.ones((5, 0), np.float32), "B": np.ones((3, 0), np.float32),
                     "C": np.full((5, 3), np.nan, np.float32)}, "C")
    assert np.all(got == 0)


def test_an_epilogue_sees_the_compensated_accumulators():
    rng = np.random.default_rng(5)
    m, n, k = 70, 45, 23
    A, B = rng.standard_normal((m, k)).astype(np.float32), rng.standard_normal((k, n)).astype(np.float32)
    bias = rng.standard_normal(m).astype(np.float32)
    epi = GemmEpilogue((("const float", "alpha"), ("const float* __restrict__", "bias")),
                       lambda i, j, acc: [f"C[{i} * {n} + {j}] = alpha * {acc} + bias[{i}];"])
    src = emit_gemm(_spec("g", m, n, k, False, False, SMALL, epilogue=epi))
    got = _run(src, {"A": A, "B": B, "C": np.full((m, n), np.nan, np.float32), "bias": bias}, "C", {"alpha": 0.5})
    want = 0.5 * (A.astype(np.float64) @ B) + bias[:, None]
    assert np.linalg.norm(got - want) / np.linalg.norm(want) <= 1e-6 * np.sqrt(k)


def _trace_plan(precision: str, dtype="float32"):
    from kfuse.frontend import trace as tr
    f = kfuse.jit(lambda A, B: A @ B)
    A, B = np.ones((300, 200), dtype), np.ones((200, 100), dtype)
    with kfuse.config.override(precision=precision):
        prog = tr.trace(f.fn, f.names, [tr.lower_spec(n, a) for n, a in zip(f.names, (A, B))], f.name)[0]
        return prog, kfuse.api.make_plan(prog)


def test_the_precision_plans_the_engine_and_float64_stays_exact():
    _, plan = _trace_plan("fp32x3")
    assert [k.params["engine"] for k in plan.kernels] == ["mma_tf32x3"]
    _, f64 = _trace_plan("fp32x3", "float64")
    assert [k.params["engine"] for k in f64.kernels] in (["ffma"], ["mma_f64"])
    prog, tf32 = _trace_plan("tf32")
    from kfuse.errors import PlanError
    with kfuse.config.override(precision="fp32x3"):
        with pytest.raises(PlanError, match="does not match the product's precision 'fp32x3'"):
            kfuse.api.make_plan(prog, tf32.to_json())
    with kfuse.config.override(precision="FP32X3"):
        assert kfuse.config.get().precision == "fp32x3"


def test_structured_and_register_refusals_name_the_engine():
    big = GemmScheme(bm=128, bn=128, bk=16, stages=4, wm=64, wn=64, engine="mma_tf32x3")
    why = rules.refusals(big, "float32")
    assert why and "registers" in why[0]
    deep = GemmScheme(bm=128, bn=128, bk=32, stages=3, wm=32, wn=64, engine="mma_tf32x3")
    assert "takes bk=16" in rules.refusals(deep, "float32")[0]
    assert "engine mma_tf32x3 multiplies float32" in rules.refusals(SMALL, "float64")[0]


ROUTINES = {
    "gemm": (lambda A, B: kfuse.blas.gemm(A, B, precision="fp32x3"), (300, 200), (200, 100)),
    "symm": (lambda A, B: kfuse.blas.symm(A, B, precision="fp32x3"), (257, 257), (257, 130)),
    "trmm": (lambda A, B: kfuse.blas.trmm(A, B, side="right", uplo="upper", precision="fp32x3"), (257, 257),
             (130, 257)),
    "syrk": (lambda A, B: kfuse.blas.syrk(A, precision="fp32x3") + B, (300, 129), (300, 300)),
    "syr2k": (lambda A, B: kfuse.blas.syr2k(A, B, precision="fp32x3"), (300, 129), (300, 129)),
    "trsm": (lambda A, B: kfuse.blas.trsm(A, B, precision="fp32x3"), (300, 300), (300, 70)),
}


@pytest.mark.parametrize("routine", list(ROUTINES))
def test_every_routine_plans_the_engine_and_compiles_without_spills(routine):
    """Under precision fp32x3 the BLAS-3 routines (TRSM's updates; its leaves stay exact FFMA)
    run on mma_tf32x3 and their kernels compile for sm_90 without spills."""
    from kfuse.codegen import generate
    from kfuse.frontend.trace import trace
    from kfuse.runtime import nvrtc
    fn, sa, sb = ROUTINES[routine]
    with kfuse.config.override(precision="fp32x3"):
        prog = trace(fn, ["A", "B"], [("a", sa, "float32", "C"), ("a", sb, "float32", "C")])[0]
        plan = kfuse.api.make_plan(prog)
        gemm_kernels = [k for k in plan.kernels if "engine" in k.params]
        assert gemm_kernels and all(k.params["engine"] == "mma_tf32x3" for k in gemm_kernels)
        assert "mma_tf32x3" in plan.describe(prog)
        mod = generate(prog, plan)
    assert "kf_mma_tf32x3(acc[mi][ni]" in mod.source
    res = nvrtc.compile_cuda(mod.source, "sm_90").resources()
    for name, r in res.items():
        assert r["spill_stores"] == 0 and r["spill_loads"] == 0 and r["stack"] == 0, (name, r)


@pytest.mark.parametrize("value, scale", [(np.inf, 1.0), (-np.inf, 1.0), (np.finfo(np.float32).max, 1e-3)],
                         ids=["inf", "-inf", "flt_max"])
def test_infinities_and_the_largest_floats_give_what_fp32_gives(value, scale):
    """An Inf operand is its own head (no Inf - Inf tail): the rows it reaches are +-Inf as in
    fp32; FLT_MAX truncates to a finite head (rounding would make it Inf, and Inf - Inf NaN)."""
    m, n, k = 16, 16, 16
    rng = np.random.default_rng(11)
    A = rng.uniform(0.5, 1.0, (m, k)).astype(np.float32)
    B = (rng.uniform(0.5, 1.0, (k, n)) * scale).astype(np.float32)
    A[2, 5] = value
    src = emit_gemm(_spec("g", m, n, k, False, False, SMALL))
    got = _run(src, {"A": A, "B": B, "C": np.full((m, n), np.nan, np.float32)}, "C")
    with np.errstate(over="ignore", invalid="ignore"):
        want = A @ B   # NumPy float32
    assert not np.isnan(got).any()
    assert np.array_equal(np.isinf(got), np.isinf(want)) and np.array_equal(np.sign(got), np.sign(want))
    fin = np.isfinite(want)
    np.testing.assert_allclose(got[fin], want[fin], rtol=1e-5)


def test_positive_deep_sums_do_not_drift():
    """Positive operands, k = 1536: the emulated tensor core truncates each sum toward zero, so
    products accumulated there would lose about k/8 units in the last place together (the H200
    measured 5.8e-5 at k = 8192); the engine's partial sums keep the error at fp32's order."""
    m, n, k = 16, 24, 1536
    rng = np.random.default_rng(3)
    A = rng.random((m, k), dtype=np.float32)
    B = rng.random((k, n), dtype=np.float32)
    want = A.astype(np.float64) @ B.astype(np.float64)
    C = np.full((m, n), np.nan, np.float32)
    got = _run(emit_gemm(_spec("g", m, n, k, False, False, SMALL)), {"A": A, "B": B, "C": C}, "C")
    err = np.linalg.norm(got - want) / np.linalg.norm(want)
    assert err <= 1e-6, err
