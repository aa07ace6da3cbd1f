"""BLAS-3 routines with structure (issue 20, round 2): kfuse.sym/tri typing and errors, symm/trmm/
syrk/syr2k routing and references (triangle-only reads), the composer's rules (plan params,
refusals, variants, explain), the lowering's spec fields -- no CUDA."""
from __future__ import annotations

import json

import numpy as np
import pytest

import kfuse
from kfuse import library, reference
from kfuse.api import make_plan
from kfuse.codegen import gemm as gemm_emitter
from kfuse.codegen.gemm.lower import GemmLowering
from kfuse.errors import ArgumentError, PlanError, ShapeError
from kfuse.frontend.trace import trace
from kfuse.fusion.plan import Plan
from kfuse.spaces import stored
from kfuse.ir import ArrayType, Program
from kfuse.model.planner import explain_lines
from kfuse.model.calibration import Calibration


def mat(m, n, dtype="float32", order="C"):
    return ("a", (m, n), dtype, order)


def traced(fn, **specs):
    return trace(fn, list(specs), list(specs.values()))[0]


def spec_of(prog, plan=None):
    plan = plan or make_plan(prog)
    need = stored(prog, [k.calls for k in plan.kernels])
    i = next(n for n, k in enumerate(plan.kernels) if k.space == "gemm")
    return GemmLowering(prog, plan.kernels[i], need[i]).spec()[0]


def poisoned(rng, n, uplo):
    """A random n x n matrix with NaN in the strict triangle opposite to ``uplo``."""
    a = rng.standard_normal((n, n))
    bad = np.triu_indices(n, 1) if uplo == "lower" else np.tril_indices(n, -1)
    a[bad] = np.nan
    return a


# ------------------------------------------------------------------ types and errors
def test_structure_is_a_type_attribute_with_json_and_transpose():
    t = ArrayType("matrix", "float32", (4, 4), structure="tri", uplo="lower", unit=True)
    assert t.transposed().uplo == "upper" and t.transposed().unit
    assert ArrayType.from_json(json.loads(json.dumps(t.to_json()))) == t
    assert "tri=lower, unit" in t.describe()
    assert "structure" not in ArrayType("matrix", "float32", (4, 4)).to_json()
    with pytest.raises(ShapeError, match="square"):
        ArrayType("matrix", "float32", (4, 3), structure="sym", uplo="lower")
    with pytest.raises(ShapeError, match="needs a matrix"):
        ArrayType("vector", "float32", (4,), structure="sym", uplo="lower")
    with pytest.raises(ShapeError, match="unit diagonal"):
        ArrayType("matrix", "float32", (4, 4), structure="sym", uplo="lower", unit=True)


def test_sym_tri_errors_in_jit_and_outside():
    with pytest.raises(ShapeError, match="must be square"):
        traced(lambda A, B: kfuse.sym(A) @ B, A=mat(4, 3), B=mat(3, 2))
    with pytest.raises(ShapeError, match="for matrices"):
        traced(lambda x: kfuse.tri(x), x=("a", (4,), "float32", "C"))
    with pytest.raises(ShapeError, match="already read"):
        traced(lambda A, B: (A @ B) + (kfuse.sym(A) @ B), A=mat(4, 4), B=mat(4, 4))
    with pytest.raises(ShapeError, match="two structured"):
        traced(lambda A, B: kfuse.sym(A) @ kfuse.tri(B), A=mat(4, 4), B=mat(4, 4))
    with pytest.raises(ShapeError, match="square"):
        kfuse.sym(np.zeros((3, 4), np.float32))
    with pytest.raises(ShapeError, match="for matrices"):
        kfuse.tri(np.zeros(3, np.float32))
    s = kfuse.tri(np.zeros((3, 3), np.float32), lower=False, unit=True)
    assert (s.structure, s.uplo, s.unit) == ("tri", "upper", True) and s.T.uplo == "lower"


def test_named_calls_refuse_bad_arguments():
    A = np.zeros((3, 3), np.float32)
    with pytest.raises(ArgumentError, match="side"):
        kfuse.blas.symm(A, A, side="middle")
    with pytest.raises(ArgumentError, match="diag"):
        kfuse.blas.trmm(A, A, diag="one")
    with pytest.raises(ArgumentError, match="syrk: precision='fp16' is not supported"):
        kfuse.blas.syrk(A, precision="fp16")
    with pytest.raises(ArgumentError, match="side"):
        kfuse.blas.trsm(A, A, side="middle")
    with pytest.raises(ArgumentError, match="marked sym=upper"):
        kfuse.blas.symm(kfuse.sym(A, lower=False), A, uplo="lower")


# ------------------------------------------------------------------ routing
@pytest.mark.parametrize("src,fn,args", [
    (lambda A, B: kfuse.sym(A) @ B, "symm_ll", ("A", "B")),
    (lambda A, B: B @ kfuse.sym(A, lower=False), "symm_ru", ("B", "A")),
    (lambda A, B: kfuse.tri(A) @ B, "trmm_lln", ("A", "B")),
    (lambda A, B: kfuse.tri(A, unit=True).T @ B, "trmm_luu", ("A.T", "B")),
    (lambda A, B: B @ kfuse.tri(A, lower=False).T, "trmm_rln", ("B", "A.T")),
    (lambda A, B: A.T @ A, "syrk", ("A.T", "A")),
    (lambda A, B: A @ A.T, "syrk", ("A", "A.T")),
    (lambda A, B: A @ B, "gemm", ("A", "B")),
])
def test_product_routing(src, fn, args):
    prog = traced(src, A=mat(5, 5), B=mat(5, 5))
    c = prog.calls[-1]
    assert c.fn == fn
    assert tuple(prog.value(c.args[p]).display for p in ("A", "B")) == args


@pytest.mark.parametrize("call,fn", [
    (lambda A, B, C: kfuse.blas.symm(A, B, side="right", uplo="upper"), "symm_ru"),
    (lambda A, B, C: kfuse.blas.trmm(A, B, side="left", uplo="upper", trans=True, diag="unit"), "trmm_llu"),
    (lambda A, B, C: kfuse.blas.syrk(B, uplo="upper", trans=True, beta=0.5, C=C), "syrk"),
    (lambda A, B, C: kfuse.blas.syr2k(B, A, trans=False, alpha=2.0), "syr2k"),
])
def test_named_calls_trace_to_the_routines(call, fn):
    prog = traced(call, A=mat(6, 6), B=mat(6, 6), C=mat(6, 6))
    assert prog.calls[-1].fn == fn


# ------------------------------------------------------------------ references read one triangle
@pytest.mark.parametrize("side", ["left", "right"])
@pytest.mark.parametrize("uplo", ["lower", "upper"])
def test_symm_reference_reads_only_the_stored_triangle(side, uplo):
    rng = np.random.default_rng(3)
    A, B = poisoned(rng, 7, uplo), rng.standard_normal((7, 7))
    prog = traced(lambda A, B: kfuse.blas.symm(A, B, side=side, uplo=uplo, alpha=1.5), A=mat(7, 7), B=mat(7, 7))
    got = list(reference.run(prog, {"A": A, "B": B}).values())[0]
    t = np.where(np.isnan(A), 0, A)
    S = t + t.T - np.diag(np.diag(t))
    np.testing.assert_allclose(got, 1.5 * (S @ B if side == "left" else B @ S), rtol=1e-12)


@pytest.mark.parametrize("side,uplo,trans,diag", [(s, u, t, d) for s in ("left", "right") for u in ("lower", "upper")
                                                  for t in (False, True) for d in ("nonunit", "unit")])
def test_trmm_reference_reads_only_the_triangle(side, uplo, trans, diag):
    rng = np.random.default_rng(4)
    A, B = poisoned(rng, 7, uplo), rng.standard_normal((7, 5) if side == "left" else (5, 7))
    if diag == "unit":
        np.fill_diagonal(A, np.nan)
    prog = traced(lambda A, B: kfuse.blas.trmm(A, B, side=side, uplo=uplo, trans=trans, diag=diag),
                  A=mat(7, 7), B=mat(*B.shape))
    got = list(reference.run(prog, {"A": A, "B": B}).values())[0]
    T = np.where(np.isnan(A), 0, A)
    if diag == "unit":
        np.fill_diagonal(T, 1.0)
    T = T.T if trans else T
    np.testing.assert_allclose(got, T @ B if side == "left" else B @ T, rtol=1e-12)


@pytest.mark.parametrize("fn", ["syrk", "syr2k"])
@pytest.mark.parametrize("uplo", ["lower", "upper"])
@pytest.mark.parametrize("trans", [False, True])
def test_syrk_syr2k_full_result_reads_c_in_uplo_only(fn, uplo, trans):
    rng = np.random.default_rng(5)
    shape = (4, 7) if trans else (7, 4)
    A, B, C = rng.standard_normal(shape), rng.standard_normal(shape), poisoned(rng, 7, uplo)
    if fn == "syrk":
        prog = traced(lambda A, C: kfuse.blas.syrk(A, uplo=uplo, trans=trans, alpha=2.0, beta=0.5, C=C),
                      A=mat(*shape), C=mat(7, 7))
        got = list(reference.run(prog, {"A": A, "C": C}).values())[0]
        P = A.T @ A if trans else A @ A.T
    else:
        prog = traced(lambda A, B, C: kfuse.blas.syr2k(A, B, uplo=uplo, trans=trans, alpha=2.0, beta=0.5, C=C),
                      A=mat(*shape), B=mat(*shape), C=mat(7, 7))
        got = list(reference.run(prog, {"A": A, "B": B, "C": C}).values())[0]
        P = (A.T @ B + B.T @ A) if trans else (A @ B.T + B @ A.T)
    t = np.where(np.isnan(C), 0, C)
    Cs = t + t.T - np.diag(np.diag(t))
    np.testing.assert_allclose(got, 2.0 * P + 0.5 * Cs, rtol=1e-12)


# ------------------------------------------------------------------ the composer and the plan
def test_plan_has_the_loader_rule_and_json_round_trip():
    prog = traced(lambda A, B: kfuse.sym(A) @ B, A=mat(129, 129), B=mat(129, 7))
    plan = make_plan(prog)
    assert len(plan.kernels) == 1 and plan.kernels[0].params["a_rule"] in ("mirror", "symmetrize")
    again = make_plan(prog, Plan.from_json(json.loads(plan.dumps(prog))))
    assert again.kernels[0].params == plan.kernels[0].params
    assert Program.from_json(json.loads(json.dumps(prog.to_json()))).value("A").type.structure == "sym"


@pytest.mark.parametrize("rule,why", [("skip", "operand A is symmetric; its rules are mirror, symmetrize"),
                                      ("walk", "must be one of")])
def test_edited_illegal_rule_is_refused(rule, why):
    prog = traced(lambda A, B: kfuse.sym(A) @ B, A=mat(33, 33), B=mat(33, 7))
    d = json.loads(make_plan(prog).dumps(prog))
    d["kernels"][0]["params"]["a_rule"] = rule
    with pytest.raises(PlanError, match=why):
        make_plan(prog, d)


def test_rule_on_a_general_operand_is_refused():
    prog = traced(lambda A, B: kfuse.tri(A) @ B, A=mat(33, 33), B=mat(33, 7))
    d = json.loads(make_plan(prog).dumps(prog))
    d["kernels"][0]["params"]["b_rule"] = "skip"
    with pytest.raises(PlanError, match="operand B is a general matrix"):
        make_plan(prog, d)


def test_composer_lists_every_rule_with_reasons_and_times():
    prog = traced(lambda L, B: B @ kfuse.tri(L), L=mat(1024, 1024), B=mat(1024, 1024))
    text = kfuse.explain(prog)
    assert "b_rule=skip" in text and "<- chosen" in text
    assert "b_rule=zero_fill" in text and "not chosen (slower than" in text and "us predicted" in text
    plan = make_plan(prog)
    lines = explain_lines(prog, plan.kernels, Calibration())
    t = {ln.split(":")[0].strip(): float(ln.split(":")[1].split("us")[0]) for ln in lines[1:]}
    # TRMM: half the flops, at 0.75 of the loads' speed, with blocks of 1 .. K / BK k tiles (the
    # heaviest sets the time at n = 1024: one wave) against a zero-fill pass and a full GEMM
    assert t["b_rule=skip"] < 0.9 * t["b_rule=zero_fill"]


def test_kernel_counts_and_variants_offer_only_legal_rules():
    from kfuse import spaces
    from kfuse.fusion.plan import program_info
    for src in (lambda A, B: kfuse.sym(A) @ B, lambda A, B: kfuse.tri(A) @ B, lambda A, B: A.T @ A):
        prog = traced(src, A=mat(65, 65), B=mat(65, 65))
        plan = make_plan(prog)
        assert [k.space for k in plan.kernels] == ["gemm"]
    prog = traced(lambda A, B: kfuse.sym(A) @ B, A=mat(65, 65), B=mat(65, 65))
    sp, info = spaces.get("gemm"), program_info(prog)
    vs = sp.variants(prog, [0], info.domain(0), "float32", True, info)
    assert vs and {v["a_rule"] for v in vs} == {"mirror", "symmetrize"}   # both rules built


# ------------------------------------------------------------------ the lowering's spec fields
def test_spec_fields_for_symm_trmm_syrk_syr2k():
    s = spec_of(traced(lambda A, B: kfuse.sym(A, lower=False) @ B, A=mat(9, 9), B=mat(9, 4)))
    assert (s.a.structure, s.a.uplo, s.b.structure, s.c_uplo, s.second) == ("sym", "upper", "general", "", None)
    s = spec_of(traced(lambda A, B: kfuse.tri(A, unit=True).T @ B, A=mat(9, 9), B=mat(9, 4)))
    assert (s.a.structure, s.a.trans, s.a.uplo, s.a.diag) == ("tri", True, "lower", "unit")   # the stored triangle
    s = spec_of(traced(lambda A, B: B @ kfuse.tri(A, lower=False), A=mat(9, 9), B=mat(4, 9)))
    assert (s.b.structure, s.b.uplo, s.a.structure) == ("tri", "upper", "general")
    s = spec_of(traced(lambda A: A.T @ A, A=mat(9, 4)))
    assert s.c_uplo == "mirror_lower" and s.second is None and s.a.name != s.b.name
    s = spec_of(traced(lambda A, B: kfuse.blas.syr2k(A, B), A=mat(9, 4), B=mat(9, 4)))
    a2, b2 = s.second
    assert s.c_uplo == "mirror_lower" and (a2.name, a2.trans, b2.name, b2.trans) == (s.b.name, not s.b.trans,
                                                                                     s.a.name, not s.a.trans)


def test_spec_dataclass_fields_match_the_contract():
    op = gemm_emitter.GemmOperand("A")
    assert (op.structure, op.uplo, op.diag) == ("general", "lower", "nonunit")
    import dataclasses
    f = {x.name: x.default for x in dataclasses.fields(gemm_emitter.GemmKernelSpec)}
    assert f["c_uplo"] == "" and f["second"] is None
