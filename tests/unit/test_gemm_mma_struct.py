"""Unit tier of TF32 for the structured routines (issue 20, round 3): under precision "tf32"
(``kfuse.config``, the ``precision=`` argument of ``kfuse.blas.symm/trmm/syrk/syr2k``, and
structured ``@`` inside ``kfuse.jit``) every SYMM/TRMM/SYRK/SYR2K variant plans on engine
mma_tf32, float64 stays on ffma; what is refused, with the reason."""
from __future__ import annotations

import numpy as np
import pytest

import kfuse
from kfuse.codegen.gemm import GemmKernelSpec, GemmOperand, emit_gemm
from kfuse.errors import ArgumentError, KfuseError, PlanError
from kfuse.frontend.trace import trace
from kfuse.spaces.gemm import engines as gemm_engines
from kfuse.spaces.gemm.scheme import GemmScheme

N, M = 129, 67
CASES = ([("symm", s, u, False, "nonunit") for s in ("left", "right") for u in ("lower", "upper")]
         + [("trmm", s, u, t, d) for s in ("left", "right") for u in ("lower", "upper") for t in (False, True)
            for d in ("nonunit", "unit")]
         + [(f, "", u, t, "") for f in ("syrk", "syr2k") for u in ("lower", "upper") for t in (False, True)])


def program(fn, side, uplo, trans, diag, dtype, precision=None):
    """The traced program of one routine call (``precision`` passed to the call when given)."""
    mat = lambda r, c: ("a", (r, c), dtype, "C")   # noqa: E731
    kw = {} if precision is None else {"precision": precision}
    if fn == "symm":
        f = lambda A, B: kfuse.blas.symm(A, B, side=side, uplo=uplo, **kw)   # noqa: E731
        specs = {"A": mat(N, N), "B": mat(N, M) if side == "left" else mat(M, N)}
    elif fn == "trmm":
        f = lambda A, B: kfuse.blas.trmm(A, B, side=side, uplo=uplo, trans=trans, diag=diag, **kw)   # noqa: E731
        specs = {"A": mat(N, N), "B": mat(N, M) if side == "left" else mat(M, N)}
    elif fn == "syrk":
        f = lambda A, C: kfuse.blas.syrk(A, uplo=uplo, trans=trans, beta=0.5, C=C, **kw)   # noqa: E731
        specs = {"A": mat(M, N) if trans else mat(N, M), "C": mat(N, N)}
    else:
        f = lambda A, B: kfuse.blas.syr2k(A, B, uplo=uplo, trans=trans, **kw)   # noqa: E731
        specs = {"A": mat(M, N) if trans else mat(N, M), "B": mat(M, N) if trans else mat(N, M)}
    return trace(f, list(specs), list(specs.values()), name=fn)[0]


def engines(plan) -> list:
    return [k.params["engine"] for k in plan.kernels]


@pytest.mark.parametrize("case", CASES, ids=["-".join(str(x) for x in c if x != "") for c in CASES])
def test_every_structured_routine_plans_on_mma_under_tf32(case):
    with kfuse.config.override(precision="tf32"):
        prog = program(*case, "float32")
        assert engines(kfuse.api.make_plan(prog)) == ["mma_tf32"]
        f64 = program(*case, "float64")
        # float64 stays exact: IEEE double on FFMA or the FP64 tensor cores (the model's pick)
        assert [gemm_engines.get(e).precision for e in engines(kfuse.api.make_plan(f64))] == ["ieee"]
    assert engines(kfuse.api.make_plan(program(*case, "float32"))) == ["ffma"]   # ieee by default


def test_the_precision_argument_matches_the_setting_in_a_bare_trace():
    """A bare trace keeps the setting's precision (inside kfuse.jit a named one is the function's:
    tests/unit/test_newcomer.py)."""
    with kfuse.config.override(precision="tf32"):
        prog = program("symm", "left", "lower", False, "nonunit", "float32", precision="tf32")
        assert engines(kfuse.api.make_plan(prog)) == ["mma_tf32"]
    for fn in ("symm", "trmm", "syrk", "syr2k"):
        with pytest.raises(KfuseError, match=f"{fn}: precision='tf32' while tracing outside kfuse.jit.*override"):
            program(fn, "left", "lower", False, "nonunit", "float32", precision="tf32")
    with kfuse.config.override(precision="tf32"):
        with pytest.raises(KfuseError, match="precision='ieee' while tracing outside kfuse.jit"):
            program("trmm", "left", "lower", False, "nonunit", "float32", precision="ieee")


def test_bad_precisions_are_refused_by_every_routine():
    A = np.zeros((3, 3), np.float32)
    for call in (lambda: kfuse.blas.symm(A, A, precision="fp16"), lambda: kfuse.blas.trmm(A, A, precision="fp16"),
                 lambda: kfuse.blas.syrk(A, precision="bf16"), lambda: kfuse.blas.syr2k(A, A, precision="TF32")):
        with pytest.raises(ArgumentError, match="is not supported"):
            call()


def test_structured_matmul_in_jit_plans_on_mma_under_tf32():
    cases = {"sym": lambda A, B: kfuse.sym(A) @ B, "tri": lambda A, B: B @ kfuse.tri(A, lower=False, unit=True).T,
             "syrk": lambda A, B: A.T @ A}
    spec = [("a", (N, N), "float32", "C"), ("a", (N, N), "float32", "C")]
    for name, f in cases.items():
        with kfuse.config.override(precision="tf32"):
            prog = trace(f, ["A", "B"], spec, name=name)[0]
            plan = kfuse.api.make_plan(prog)
            assert engines(plan) == ["mma_tf32"], name
            # an edited plan on the wrong engine for the precision is refused with the reason
            pj = plan.to_json(prog)
            pj["kernels"][0]["params"].update(engine="ffma", bm=128, bn=128, bk=8, tm=8, tn=8, stages=2, wm=0, wn=0)
            with pytest.raises(PlanError, match="does not match the product's precision 'tf32'"):
                kfuse.api.make_plan(prog, pj)


def test_the_lowered_structured_kernels_are_mma_kernels():
    """The lowering hands the structure, c_uplo and second fields to the mma emitter (no FFMA
    fallback): the CUDA of each routine's plan multiplies with mma.sync and keeps the hooks."""
    from kfuse.codegen import generate
    want = {"symm": "mirrored outside", "trmm": "zero outside the triangle", "syrk": "mirror_lower",
            "syr2k": "second product"}
    for fn, words in want.items():
        case = next(c for c in CASES if c[0] == fn)
        with kfuse.config.override(precision="tf32"):
            prog = program(*case, "float32")
            module = generate(prog, kfuse.api.make_plan(prog))
        if fn == "symm" and "GM_map(" in module.source:   # the model may pick the symmetrize pass
            words = "before the gemm kernel"
        assert "kf_mma_tf32(acc[mi][ni]" in module.source and words in module.source, fn


def test_the_remaining_refusal_names_the_reason():
    s = GemmScheme(bm=64, bn=64, bk=32, wm=32, wn=32, engine="mma_tf32")
    spec = GemmKernelSpec("g", "float32", 64, 64, 64, GemmOperand("A", structure="tri"), GemmOperand("B"), scheme=s,
                          second=(GemmOperand("B2"), GemmOperand("A2", True)))
    with pytest.raises(PlanError, match="structure 'tri' and the spec has a second operand pair"):
        emit_gemm(spec)
