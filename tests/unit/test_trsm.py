"""Unit tier of TRSM (issue 20, round 3): the solve steps, the plan, its params and refusals,
explain's alternatives, the API's argument errors and aliases, the float64 reference."""
from __future__ import annotations

import numpy as np
import pytest

import kfuse
from kfuse import blas, library
from kfuse.api import make_plan
from kfuse.codegen import generate
from kfuse.fusion import legality
from kfuse.model.planner import best_plan
from kfuse.errors import ArgumentError, KfuseError, PlanError
from kfuse.frontend.trace import trace
from kfuse.spaces.trsm.space import solve_steps


def _prog(n=300, nrhs=70, side="left", uplo="lower", trans=False, diag="nonunit", dtype="float32", extra=None):
    def f(A, B):
        X = blas.trsm(A, B, side=side, uplo=uplo, trans=trans, diag=diag)
        return extra(X) if extra else X
    bshape = (n, nrhs) if side == "left" else (nrhs, n)
    return trace(f, ["A", "B"], [("a", (n, n), dtype, "C"), ("a", bshape, dtype, "C")])[0]


@pytest.mark.parametrize("alg", ["recursive", "blocked"])
@pytest.mark.parametrize("lower", [True, False])
@pytest.mark.parametrize("n, leaf", [(1, 32), (32, 32), (33, 32), (300, 64), (1000, 128)])
def test_steps_solve_each_row_once_after_its_updates(alg, lower, n, leaf):
    """Every row is in exactly one leaf; an update reads only solved rows and writes only unsolved ones."""
    solved = np.zeros(n, bool)
    for st in solve_steps(alg, n, leaf, lower):
        if st[0] == "leaf":
            _, r0, rows = st
            assert 0 < rows <= leaf and not solved[r0:r0 + rows].any()
            solved[r0:r0 + rows] = True
        else:
            _, c0, crows, k0, krows = st
            assert solved[k0:k0 + krows].all() and not solved[c0:c0 + crows].any()
    assert solved.all()


def test_recursive_puts_most_flops_in_large_updates():
    steps = solve_steps("recursive", 4096, 64, True)
    ks = [st[4] for st in steps if st[0] == "update"]
    assert max(ks) == 2048 and sum(1 for st in steps if st[0] == "leaf") == 64


@pytest.mark.parametrize("side", ["left", "right"])
@pytest.mark.parametrize("uplo", ["lower", "upper"])
@pytest.mark.parametrize("trans", [False, True])
@pytest.mark.parametrize("diag", ["nonunit", "unit"])
def test_every_variant_plans_one_trsm_kernel(side, uplo, trans, diag):
    prog = _prog(side=side, uplo=uplo, trans=trans, diag=diag)
    read = {"lower": "upper", "upper": "lower"}[uplo] if trans else uplo
    assert prog.calls[0].fn == f"trsm_{side[0]}{read[0]}{'u' if diag == 'unit' else 'n'}"
    plan = make_plan(prog)
    assert [k.space for k in plan.kernels] == ["trsm"]
    assert plan.kernels[0].params["algorithm"] in ("recursive", "blocked", "inverse")


def test_a_solve_runs_alone():
    prog = _prog(extra=lambda X: X * 2.0)
    plan = make_plan(prog)
    assert len(plan.kernels) == 2 and plan.kernels[0].space == "trsm"
    why = legality.check(prog, [0, 1])
    assert any("runs alone" in w for w in why)


@pytest.mark.parametrize("edit, words", [
    ({"leaf": 48, "algorithm": "recursive"}, "not a power of two"),
    ({"leaf": 256, "algorithm": "recursive"}, "registers"),
    ({"leaf": 8}, "under 16"),
    ({"algorithm": "inverse", "leaf": 256}, "shared memory"),
    ({"engine": "mma_tf32"}, "does not match the product's precision 'ieee'"),
    ({"bm": 100}, "bm=100"),
])
def test_edited_params_are_refused_with_reasons(edit, words):
    prog = _prog()
    pj = make_plan(prog).to_json()
    pj["kernels"][0]["params"].update(edit)
    with pytest.raises(PlanError, match=words):
        generate(prog, make_plan(prog, pj))


def test_edited_algorithm_and_leaf_are_kept_and_lowered():
    prog = _prog(n=200, nrhs=9)
    pj = make_plan(prog).to_json()
    pj["kernels"][0]["params"].update(algorithm="blocked", leaf=32)
    plan = make_plan(prog, pj)
    mod = generate(prog, plan)
    # copy, 7 leaves, 6 updates (blocked: one after each leaf but the last)
    assert len(mod.kernels) == 1 + 7 + 6
    assert "__noinline__" in mod.source and "-= acc[r][q]" in mod.source


def test_explain_lists_the_alternatives_with_predicted_times():
    prog = _prog(n=1024, nrhs=1024)
    plan = best_plan(prog)
    text = "\n".join(plan.notes)
    assert "<- chosen" in text and "algorithm=blocked leaf=64" in text and "us predicted" in text
    assert "algorithm=inverse leaf=128: " in text and "algorithm=recursive leaf=128: dropped" in text


def test_reference_reads_the_triangle_only():
    rng = np.random.default_rng(0)
    n = 6
    A = rng.standard_normal((n, n)) + 4 * np.eye(n)
    B = rng.standard_normal((n, 3))
    A_nan = A.copy()
    A_nan[np.triu_indices(n, 1)] = np.nan
    got = library.get("trsm_lln").reference(A=A_nan, B=B, alpha=2.0)["X"]
    assert np.allclose(np.tril(A) @ got, 2.0 * B)
    A_u = A_nan.copy()
    A_u[np.diag_indices(n)] = np.nan          # the unit diagonal is never read
    got = library.get("trsm_rlu").reference(A=A_u, B=B.T, alpha=1.0)["X"]
    L = np.tril(A, -1) + np.eye(n)
    assert np.allclose(got @ L, B.T)


def test_shape_and_dtype_errors_name_the_arguments():
    with pytest.raises(KfuseError, match="must have 300 rows"):
        trace(lambda A, B: blas.trsm(A, B), ["A", "B"], [("a", (300, 300), "float32", "C"), ("a", (299, 4), "float32", "C")])
    with pytest.raises(KfuseError, match="square"):
        trace(lambda A, B: blas.trsm(A, B), ["A", "B"], [("a", (300, 301), "float32", "C"), ("a", (300, 4), "float32", "C")])


@pytest.mark.parametrize("kw, words", [
    ({"side": "middle"}, "side='middle'"), ({"uplo": "both"}, "uplo"), ({"diag": "one"}, "diag"),
    ({"precision": "fp16"}, "precision"),
])
def test_blas_trsm_argument_errors(kw, words):
    A, B = np.eye(3, dtype=np.float32), np.ones((3, 2), np.float32)
    with pytest.raises(ArgumentError, match=words):
        blas.trsm(A, B, **kw)


@pytest.mark.parametrize("kw, words", [
    ({"lower": True, "upper": True}, "conflict"),
    ({"trans": 3}, "trans=3"), ({"trans": "X"}, "trans='X'"), ({"left": "yes"}, "left="),
])
def test_solve_triangular_argument_errors(kw, words):
    A, B = np.eye(3, dtype=np.float32), np.ones((3, 2), np.float32)
    with pytest.raises(ArgumentError, match=words):
        kfuse.linalg.solve_triangular(A, B, **kw)


def test_solve_triangular_maps_scipy_and_torch_names(monkeypatch):
    seen = []
    monkeypatch.setattr(blas, "trsm", lambda A, B, **kw: seen.append(kw) or B)
    A, B = np.eye(3, dtype=np.float32), np.ones((3, 2), np.float32)
    st = kfuse.linalg.solve_triangular
    st(A, B)
    st(A, B, lower=True, trans="T", unit_diagonal=True)
    st(A, B, upper=False, left=False, unitriangular=True)
    st(kfuse.tri(A, lower=True, unit=True), B)
    out = st(A, np.ones(3, np.float32), lower=True)
    assert seen[0] == dict(side="left", uplo="upper", trans=False, diag="nonunit", out=None)
    assert seen[1] == dict(side="left", uplo="lower", trans=True, diag="unit", out=None)
    assert seen[2] == dict(side="right", uplo="lower", trans=False, diag="unit", out=None)
    assert seen[3] == dict(side="left", uplo="lower", trans=False, diag="unit", out=None)
    assert out.shape == (3,)


def test_marked_triangle_conflicts_are_refused():
    A, B = np.eye(3, dtype=np.float32), np.ones((3, 2), np.float32)
    with pytest.raises(ArgumentError, match="marked"):
        kfuse.linalg.solve_triangular(kfuse.tri(A, lower=True), B, lower=False)
    with pytest.raises(ArgumentError, match="marked"):
        blas.trsm(kfuse.tri(A, lower=True), B, uplo="upper")


def test_out_inside_jit_is_refused():
    with pytest.raises(ArgumentError, match="out= is for eager calls"):
        trace(lambda A, B: blas.trsm(A, B, out=B), ["A", "B"], [("a", (3, 3), "float32", "C"), ("a", (3, 2), "float32", "C")])
