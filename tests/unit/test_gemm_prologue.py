"""Elementwise prologues on a gemm operand (issue 20, part 4 P), no CUDA: the plan runs
``relu(A) @ B`` in ONE kernel, the refusals name their reason, the lowering's spec carries the
map, the emitter applies it on the register path and refuses the mma engine."""
from __future__ import annotations

import pytest

import kfuse
from kfuse import spaces
from kfuse.api import bind_sizes, make_plan
from kfuse.codegen import gemm as gemm_emitter
from kfuse.codegen.gemm.prologue import GemmPrologue, PrologueInput
from kfuse.errors import PlanError
from kfuse.frontend import script
from kfuse.fusion import legality
from kfuse.spaces import stored
from kfuse.model.predict import kernel_traffic
from kfuse.spaces.gemm import prologue as gemm_prologue
from kfuse.spaces.gemm.scheme import GemmScheme


def prog_of(text, dtype="float32", **sizes):
    return bind_sizes(script.parse(text, "p", dtype), sizes or {"m": 50, "n": 70, "k": 30})


RELU = "matrix A(m, k), B(k, n); input A, B; C = maximum(A, 0.0) @ B; return C;"


def test_relu_prologue_is_one_kernel():
    prog = prog_of(RELU)
    assert legality.check(prog, [0, 1]) == []
    plan = make_plan(prog)
    assert [(k.space, k.calls) for k in plan.kernels] == [("gemm", [0, 1])]
    assert "fusible" in kfuse.explain(prog, calls=[0, 1])


@pytest.mark.parametrize("text", [
    "matrix A(m, k), B(k, n); input A, B; C = (2.0 * A) @ B; return C;",
    "matrix A(m, k), D(m, k), B(k, n); input A, D, B; C = (A * D) @ B; return C;",
    "matrix A(m, k), B(k, n), E(k, n); input A, B, E; C = A @ (B - E); return C;",
    "matrix A(m, k), D(m, k), B(k, n); input A, D, B; C = maximum(2.0 * A + D, 0.0) @ (B - 1.0); return C;",
    "matrix A(m, k), B(k, n), Z(m, n); input A, B, Z; C = maximum((A - 0.5) @ B + Z, 0.0); return C;",
])
def test_prologues_fuse_into_one_gemm_kernel(text):
    prog = prog_of(text)
    assert [k.space for k in make_plan(prog).kernels] == ["gemm"]


def test_square_prologue_is_not_mistaken_for_an_epilogue():
    """m x k == m x n: the map over A's shape is a prologue (the operand), not an epilogue."""
    prog = prog_of(RELU, m=16, n=16, k=16)
    assert legality.check(prog, [0, 1]) == [] and len(make_plan(prog).kernels) == 1


def _why(text, calls, **sizes):
    return " | ".join(legality.check(prog_of(text, **sizes), calls))


def test_refused_when_the_map_is_also_returned():
    why = _why("matrix A(m, k), B(k, n); input A, B; T = maximum(A, 0.0); C = T @ B; return C, T;", [0, 1])
    assert "also returned" in why and "never stored" in why


def test_refused_when_the_map_is_read_by_another_call():
    why = _why("matrix A(m, k), B(k, n), E(m, k); input A, B, E; T = maximum(A, 0.0); C = T @ B; F = T + E; "
               "return C, F;", [0, 1, 2])
    assert "read by call 2" in why


def test_refused_for_a_transposed_read():
    why = _why("matrix A(k, m), B(k, n); input A, B; T = maximum(A, 0.0); C = T.T @ B; return C;", [0, 1])
    assert "transpose" in why


def test_refused_for_a_reduction_feeding_the_operand():
    why = _why("matrix A(m, k), B(k, n); vector x(k); input A, B, x; s = dot(x, x); T = s * A; C = T @ B; "
               "return C;", [0, 1, 2])
    assert "only elementwise maps run as a prologue" in why and "reduction" in why, why


def test_refused_for_a_structured_operand():
    from kfuse.frontend.trace import trace
    prog = bind_sizes(trace(lambda A, B: kfuse.sym(kfuse.maximum(A, 0.0)) @ B, ["A", "B"],
                            [("a", (16, 16), "float32", "C"), ("a", (16, 16), "float32", "C")])[0], {})
    g = next(c.id for c in prog.calls if c.fn != "maximum")
    why = " | ".join(legality.check(prog, [0, g]))
    assert "symmetric" in why and "general operand" in why, why


def test_refused_under_tf32_with_the_reason():
    with kfuse.config.override(precision="tf32"):
        prog = prog_of(RELU)
        why = " | ".join(legality.check(prog, [0, 1]))
        assert "mma_tf32 engine does not run elementwise prologues" in why
        assert len(make_plan(prog).kernels) == 2


def test_edited_plan_with_mma_and_a_prologue_is_refused():
    prog = prog_of(RELU)
    d = make_plan(prog).to_json()
    d["kernels"][0]["params"].update({"engine": "mma_tf32", "wm": 64, "wn": 32, "bk": 32})
    with pytest.raises(PlanError, match="prologue|precision"):
        kfuse.codegen.generate(prog, make_plan(prog, d))


def test_model_rereads_the_prologue_inputs():
    n = 1024
    prog = prog_of("matrix A(m, k), D(m, k), B(k, n); input A, D, B; C = (A * D) @ B; return C;", m=n, n=n, k=n)
    plan = make_plan(prog)
    (k,) = plan.kernels
    info = spaces.program_info(prog)
    assert gemm_prologue.operand_bytes(prog, k.calls, k.calls[-1], info) == (2 * n * n * 4, n * n * 4)
    tr = kernel_traffic(prog, k.calls, k.params, stored(prog, [k.calls])[0])
    bm, bn = k.params["bm"], k.params["bn"]
    assert tr.terms.reread == 2 * n * n * 4 * (n // bn - 1) + n * n * 4 * (n // bm - 1)


def test_variants_leave_out_schemes_whose_staging_does_not_fit():
    n = 4096
    prog = prog_of("matrix A(m, k, order=F), D(m, k), B(k, n, order=F); input A, D, B; "
                   "C = maximum(A * D, 0.0) @ (B + 1.0); return C;", m=n, n=n, k=n)
    calls = [c.id for c in prog.calls]
    info = spaces.program_info(prog)
    dom = spaces.kernel_domain(prog, calls)
    for v in spaces.get("gemm").variants(prog, calls, dom, "float32", True, info):
        regs = GemmScheme(**{f: v[f] for f in v if f in GemmScheme.__dataclass_fields__}).registers("float32")
        assert regs + gemm_prologue.staged_registers(prog, calls, 3, info, v, "float32") <= \
            gemm_prologue.REGISTER_BUDGET


def test_spec_carries_the_map_and_its_inputs():
    from kfuse.codegen.gemm.lower import GemmLowering
    prog = prog_of("matrix A(m, k), D(m, k), B(k, n, order=F); scalar s; input A, D, B, s; "
                   "C = maximum(s * A * D, 0.0) @ B; return C;")
    plan = make_plan(prog)
    need = stored(prog, [k.calls for k in plan.kernels])
    spec, args = GemmLowering(prog, plan.kernels[0], need[0]).spec()
    pro = spec.a.prologue
    assert spec.b.prologue is None and spec.epilogue is None
    assert [(x.name, x.rs, x.cs, x.wide) for x in pro.inputs] == [("A", 30, 1, False), ("D_", 30, 1, False)]
    assert [n for _, n in pro.params] == ["D_", "s_"] and args["D_"].kind == "in"
    text = "\n".join(pro.lines(("a0", "a1"), "out"))
    assert "const float s__v = s_;" in text and "_maximum_compute(" in text and text.endswith("out = t3_e;")


def _spec(prologue_a, engine="ffma"):
    x = PrologueInput("X", 9, 1, ctype="float", wide=False)
    pro = GemmPrologue((x,), lambda vals, out: [f"{out} = {vals[0]} > 0.0f ? {vals[0]} : 0.0f;"], text="relu(X)")
    scheme = GemmScheme(engine=engine, wm=64, wn=32, bk=32) if engine != "ffma" else GemmScheme()
    return gemm_emitter.GemmKernelSpec("k", "float32", 13, 11, 9, gemm_emitter.GemmOperand("X", ld=9,
                                       prologue=pro if prologue_a else None),
                                       gemm_emitter.GemmOperand("B", ld=11), scheme=scheme)


def test_emitter_applies_the_map_at_the_shared_store_and_zeroes_the_edges():
    code = gemm_emitter.emit_gemm(_spec(True)).code
    assert "A_in0[r] = kf_ok ? X[kf_xg * 9 + kf_kg] : (float)0;" in code
    assert "kf_v = A_in0[r] > 0.0f ? A_in0[r] : 0.0f;" in code
    assert "As[s * (BK * A_LD) + kf_kr * A_LD + kf_xr] = kf_ok ? kf_v : (float)0;" in code
    assert "op(A)[i, k] = relu(X) of X: element loads into registers" in code
    assert "kf_cp_async<16>(&As" not in code   # A never copied untransformed


def test_emitter_without_a_prologue_is_unchanged():
    code = gemm_emitter.emit_gemm(_spec(False)).code
    assert "kf_v =" not in code and "A_in0" not in code


def test_emitter_refuses_a_prologue_on_the_mma_engine():
    import kfuse.codegen.gemm.mma   # noqa: F401 (registers the engine)
    with pytest.raises(PlanError, match="does not run elementwise prologues"):
        gemm_emitter.emit_gemm(_spec(True, "mma_tf32"))
