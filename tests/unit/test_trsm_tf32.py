"""Unit tier of TRSM on TF32 tensor cores (issue 20, round 4, part M): under precision "tf32"
a float32 solve's GEMM updates run on engine mma_tf32 (the leaves stay FFMA, float64 stays
ieee); the engine must match the precision; small updates take smaller mma tiles; the mma
emitter reads operands at element offsets (TRSM's sub-blocks)."""
from __future__ import annotations

import pytest

import kfuse
from kfuse import blas, config
from kfuse.api import make_plan
from kfuse.codegen import generate
from kfuse.codegen.gemm import GemmKernelSpec, GemmOperand, emit_gemm
from kfuse.errors import ArgumentError, PlanError
from kfuse.frontend.trace import trace
from kfuse.model.planner import best_plan
from kfuse.spaces.gemm.scheme import GemmScheme
from kfuse.spaces.trsm.mma import MMA_SMALL_SCHEMES, mma_update_scheme

BIG = GemmScheme(engine="mma_tf32", bm=128, bn=128, bk=16, stages=4, wm=64, wn=64)


def _prog(n=300, nrhs=70, side="left", dtype="float32", precision=None):
    def f(A, B):
        return blas.trsm(A, B, side=side, precision=precision)
    bshape = (n, nrhs) if side == "left" else (nrhs, n)
    return trace(f, ["A", "B"], [("a", (n, n), dtype, "C"), ("a", bshape, dtype, "C")])[0]


def test_tf32_runs_the_updates_on_mma_and_the_leaves_on_ffma():
    with config.override(precision="tf32"):
        prog = _prog()
        pj = make_plan(prog).to_json()
        pj["kernels"][0]["params"].update(algorithm="recursive", leaf=64)   # leaf kernels (inverse: GEMMs)
        plan = make_plan(prog, pj)
        assert plan.kernels[0].params["engine"] == "mma_tf32"
        assert "TF32 tensor cores" in plan.describe(prog)
        mod = generate(prog, plan)
    updates = [k for k in mod.kernels if "_update_" in k.name and k.text]
    leaves = [k for k in mod.kernels if k.name.endswith("_leaf") and k.text]
    assert updates and leaves
    assert all("mma.sync.aligned.m16n8k8" in k.text and "-= acc[mi][ni][e];" in k.text for k in updates)
    assert all("A += a_off;" in k.text and "Xk += b_off;" in k.text for k in updates)
    assert all("kf_mma_tf32" not in k.text.split("KF_MMA_HELPERS")[0] for k in leaves)


def test_ieee_and_float64_stay_on_ffma():
    assert make_plan(_prog()).kernels[0].params["engine"] == "ffma"
    with config.override(precision="tf32"):
        assert make_plan(_prog(dtype="float64")).kernels[0].params["engine"] == "ffma"


@pytest.mark.parametrize("precision, engine, dtype, words", [
    ("ieee", "mma_tf32", "float32", "does not match the product's precision 'ieee'"),
    ("tf32", "ffma", "float32", "does not match the product's precision 'tf32'"),
    ("tf32", "mma_tf32", "float64", "does not match the product's precision 'ieee' \\(float64\\)"),
])
def test_an_engine_that_does_not_match_the_precision_is_refused(precision, engine, dtype, words):
    with config.override(precision=precision):
        prog = _prog(dtype=dtype)
        pj = make_plan(prog).to_json()
        pj["kernels"][0]["params"].update(engine=engine, bm=128, bn=128, bk=16, stages=4, wm=64, wn=64, tm=8, tn=8)
        with pytest.raises(PlanError, match=words):
            generate(prog, make_plan(prog, pj))


def test_an_mma_scheme_the_rules_refuse_is_refused_with_the_reason():
    with config.override(precision="tf32"):
        prog = _prog()
        pj = make_plan(prog).to_json()
        pj["kernels"][0]["params"].update(bk=12)
        with pytest.raises(PlanError, match="bk=12 is not a multiple of 8"):
            generate(prog, make_plan(prog, pj))


def test_small_updates_take_smaller_mma_tiles():
    with config.override(sm_count=132):
        left = mma_update_scheme(BIG, "float32", 64, 4096, 64)       # 32 tiles of 128 x 128
        right = mma_update_scheme(BIG, "float32", 4096, 64, 64)
        assert (left.bm, left.bn) == (64, 32) and (right.bm * right.bn) == 64 * 32   # 128 tiles, not 32
        wide = mma_update_scheme(BIG, "float32", 64, 16384, 64)   # 64 x 64: 256 tiles, a tile per SM
        assert (wide.bm, wide.bn) == (64, 64)

        assert mma_update_scheme(BIG, "float32", 2048, 4096, 2048) == BIG
        assert mma_update_scheme(BIG, "float32", 64, 4096, 64, adapt=0) == BIG
        assert mma_update_scheme(BIG, "float32", 2, 3, 64) == BIG   # one tile whatever the scheme
        for kw in MMA_SMALL_SCHEMES:
            assert GemmScheme(engine="mma_tf32", **kw).refusals("float32") == []


def test_the_model_predicts_tf32_faster_than_ieee_at_4096():
    """The updates' flops at the mma rate: the tf32 plan's predicted time is below the ieee one."""
    ieee = best_plan(_prog(n=4096, nrhs=4096))
    with config.override(precision="tf32"):
        tf32 = best_plan(_prog(n=4096, nrhs=4096))
    assert tf32.kernels[0].params["engine"] == "mma_tf32"
    assert tf32.predicted_s < ieee.predicted_s


def test_mma_emitter_reads_operands_at_offsets():
    s = GemmScheme(engine="mma_tf32", bm=64, bn=64, bk=32, stages=4, wm=32, wn=32)
    spec = GemmKernelSpec("g", "float32", 40, 30, 20, GemmOperand("A", offset=12), GemmOperand("B", offset="b_off"),
                          scheme=s)
    code = emit_gemm(spec).code
    assert "A += 12ll;" in code and "B += b_off;" in code
    with pytest.raises(PlanError, match="offsets with a second operand pair"):
        emit_gemm(GemmKernelSpec("g", "float32", 40, 40, 20, GemmOperand("A", offset=4), GemmOperand("B"), scheme=s,
                                 second=(GemmOperand("A2"), GemmOperand("B2"))))


def test_precision_is_checked_and_a_bare_trace_needs_the_setting():
    """A bare trace (no kfuse.jit to compile it in the named precision) keeps the setting's;
    inside kfuse.jit a named precision is the function's (tests/unit/test_newcomer.py)."""
    with pytest.raises(ArgumentError, match="precision"):
        blas.trsm(None, None, precision="fp16")
    with pytest.raises(ArgumentError, match="while tracing outside kfuse.jit"):
        _prog(precision="tf32")
    with config.override(precision="tf32"):
        assert _prog(precision="tf32").calls      # the setting's precision: accepted
    with pytest.raises(ArgumentError, match="precision"):
        kfuse.linalg.solve_triangular(None, None, precision="half")
