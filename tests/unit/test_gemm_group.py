"""Grouped GEMMs (issue 20, part G): products sharing an operand in one launch -- the plan (ONE
gemm kernel), the refusals with their reasons, the scheme's split-k refusal, geometry and model
facts, the lowering's text (no CUDA)."""
from __future__ import annotations

import json

import pytest

import kfuse
from kfuse.api import bind_sizes, make_plan
from kfuse.codegen import generate
from kfuse.errors import PlanError
from kfuse.frontend import script
from kfuse.frontend.trace import trace
from kfuse.fusion import legality
from kfuse.fusion.plan import plan_from_json, unfused_plan
from kfuse.model.calibration import Calibration
from kfuse.model.predict import kernel_traffic, predict_plan
from kfuse.spaces import stored
from kfuse.spaces.gemm import group as gemm_group
from kfuse.spaces import program_info

SHARED_A = "matrix A(m, k), B1(k, n), B2(k, n); input A, B1, B2; C1 = A @ B1; C2 = A @ B2; return C1, C2;"


def prog_of(text, dtype="float32", **sizes):
    return bind_sizes(script.parse(text, "g", dtype), sizes or {"m": 129, "n": 67, "k": 33})


def traced(fn, **specs):
    return trace(fn, list(specs), list(specs.values()))[0]


def mat(m, n, dtype="float32"):
    return ("a", (m, n), dtype, "C")


def reasons(prog, calls=None):
    return legality.check(prog, calls if calls is not None else range(len(prog.calls)))


# ------------------------------------------------------------------ the plan
def test_shared_operand_products_plan_one_kernel():
    prog = prog_of(SHARED_A)
    assert reasons(prog) == []
    plan = make_plan(prog)
    assert [(k.space, sorted(k.calls)) for k in plan.kernels] == [("gemm", [0, 1])]
    assert plan.kernels[0].params["splitk"] == 1


def test_three_products_sharing_b_and_a_transposed_shared_operand():
    prog = prog_of("matrix W(k, n), X1(m, k), X2(m, k), X3(m, k); input W, X1, X2, X3; "
                   "Y1 = X1 @ W; Y2 = X2 @ W; Y3 = X3 @ W; return Y1, Y2, Y3;")
    assert [len(k.calls) for k in make_plan(prog).kernels] == [3]
    assert gemm_group.shared_operands(prog, [0, 1, 2]) == [("B", "W")]
    t = prog_of("matrix X(k, m), W1(k, n), W2(k, n); input X, W1, W2; Y1 = X.T @ W1; Y2 = X.T @ W2; "
                "return Y1, Y2;")
    assert [len(k.calls) for k in make_plan(t).kernels] == [2]
    assert [r for r, _ in gemm_group.shared_operands(t, [0, 1])] == ["A"]


def test_epilogues_belong_to_their_product():
    prog = prog_of("matrix A(m, k), B1(k, n), B2(k, n), Z(m, n); input A, B1, B2, Z; "
                   "C1 = maximum(A @ B1 + Z, 0.0); C2 = 2.0 * (A @ B2); return C1, C2;")
    plan = make_plan(prog)
    assert len(plan.kernels) == 1
    info = program_info(prog)
    parts = gemm_group.parts(prog, plan.kernels[0].calls, info)
    assert [[info.fn(c).name for c in p] for p in parts] == [["gemm", "add", "maximum"], ["gemm", "mul"]]
    assert [prog.calls[p[-1]].out for p in parts] == ["C1", "C2"]


# ------------------------------------------------------------------ refusals
def test_dependent_products_are_refused():
    prog = prog_of("matrix A(n, n), B1(n, n), B2(n, n); input A, B1, B2; C1 = A @ B1; C2 = C1 @ B2; "
                   "return C1, C2;", n=40)
    why = " ".join(reasons(prog))
    assert "dependent products do not run in one launch" in why
    assert [len(k.calls) for k in make_plan(prog).kernels] == [1, 1]


def test_products_sharing_no_operand_are_refused():
    prog = prog_of("matrix A1(m, k), A2(m, k), B1(k, n), B2(k, n); input A1, A2, B1, B2; C1 = A1 @ B1; "
                   "C2 = A2 @ B2; return C1, C2;")
    assert any("share no operand in the same role" in r for r in reasons(prog))
    assert len(make_plan(prog).kernels) == 2


def test_an_operand_shared_in_another_role_is_refused():
    prog = prog_of("matrix A(n, n), B1(n, n), B2(n, n); input A, B1, B2; C1 = A @ B1; C2 = B2 @ A; "
                   "return C1, C2;", n=40)
    assert any("share no operand in the same role" in r for r in reasons(prog))


def test_products_of_different_sizes_are_refused():
    prog = prog_of("matrix A(m, k), B1(k, n), B2(k, p); input A, B1, B2; C1 = A @ B1; C2 = A @ B2; "
                   "return C1, C2;", m=50, n=40, k=30, p=20)
    why = " ".join(reasons(prog))
    assert "different sizes (50x20x30, 50x40x30)" in why


def test_products_of_different_dtypes_are_refused():
    prog = traced(lambda A, B, X, Y: (A @ B, X @ Y), A=mat(8, 6), B=mat(6, 5), X=mat(8, 6, "float64"),
                  Y=mat(6, 5, "float64"))
    why = " ".join(reasons(prog))
    assert "different dtypes (float32, float64)" in why


def test_structured_products_are_refused():
    prog = traced(lambda S, B1, B2: (kfuse.sym(S) @ B1, kfuse.sym(S) @ B2), S=mat(9, 9), B1=mat(9, 4),
                  B2=mat(9, 4))
    assert any("is a structured product (symm_ll): grouped launches run general products only" in r
               for r in reasons(prog))
    assert len(make_plan(prog).kernels) == 2


def test_a_reduction_of_a_grouped_product_is_refused():
    prog = prog_of("matrix A(m, k), B1(k, n), B2(k, n); vector x(n); input A, B1, B2, x; C1 = A @ B1; "
                   "C2 = A @ B2; y = C1 @ x; return C1, C2, y;")
    assert any("is a reduction: a grouped launch runs no reductions" in r for r in reasons(prog))
    assert reasons(prog, [0, 1]) == []


def test_a_map_reading_two_products_is_refused():
    prog = prog_of("matrix A(m, k), B1(k, n), B2(k, n); input A, B1, B2; C1 = A @ B1; C2 = A @ B2; "
                   "D = C1 - C2; return C1, C2, D;")
    assert any("reads the results of 2 products" in r for r in reasons(prog))


def test_split_k_of_a_group_is_refused_by_the_scheme():
    prog = prog_of(SHARED_A, m=64, n=64, k=4096)
    info = program_info(prog)
    dom = kfuse.spaces.kernel_domain(prog, [0, 1])
    space = kfuse.spaces.get("gemm")
    assert {v["splitk"] for v in space.variants(prog, [0, 1], dom, "float32", True, info)} == {1}
    assert {v["splitk"] for v in space.variants(prog, [0], dom, "float32", True, info)} > {1}
    d = make_plan(prog).to_json()   # (the search runs these two apart, with split-k: 2 blocks grouped)
    p = dict(d["kernels"][0]["params"], splitk=2)
    d["kernels"] = [{"name": "k0", "calls": [0, 1], "space": "gemm", "params": p}]
    with pytest.raises(PlanError, match="split-k of a grouped launch"):
        generate(prog, plan_from_json(json.loads(json.dumps(d))))


# ------------------------------------------------------------------ geometry and the model
def test_geometry_and_traffic_count_every_product():
    prog = prog_of(SHARED_A, m=256, n=128, k=64)
    plan = make_plan(prog)
    k = plan.kernels[0]
    need = stored(prog, [k.calls])[0]
    tr = kernel_traffic(prog, k.calls, k.params, need)
    s = k.params
    tiles = -(-256 // s["bm"]) * -(-128 // s["bn"])
    assert tr.grid == 2 * tiles
    assert tr.terms.engine_flops == 2 * (2 * 256 * 128 * 64)
    gx, gy = -(-128 // s["bn"]), -(-256 // s["bm"])
    a, b = 256 * 64 * 4, 64 * 128 * 4
    assert tr.terms.reread == 2 * a * (gx - 1) + 2 * b * (gy - 1) + a   # A's second product's reads: once more


@pytest.mark.parametrize("size, grouped", [(64, True), (256, True), (1024, False), (4096, False)])
def test_the_model_groups_where_the_launch_and_the_wave_pay(size, grouped):
    """H200 float32, two products sharing A (gemm_group_probe): grouped 13.5 us against 66.9
    separate at 256, but 135 against 123 at 1024 and 8632 against 5968 at 4096 (the grouped
    kernel keeps 0.69 of the scheme's rate): the H200 model groups the small ones only."""
    prog = prog_of(SHARED_A, m=size, n=size, k=size)
    plan = make_plan(prog)
    assert (len(plan.kernels) == 1) == grouped, [k.calls for k in plan.kernels]


# ------------------------------------------------------------------ the lowering
def test_the_grouped_kernel_dispatches_blocks_to_products_and_tiles():
    prog = prog_of(SHARED_A)
    mod = generate(prog, make_plan(prog))
    (k,) = mod.kernels
    text = k.text
    assert text.count("static __device__ __forceinline__ void") == 2
    assert text.count('extern "C" __global__') == 1
    assert "const int pid = kf_tile;" in text and "const int pid = blockIdx.x;" not in text
    assert "const int product = blockIdx.x % 2, tile = blockIdx.x / 2;" in text
    assert f"if (product == 0) {k.name}_p0(A, B1, C1, tile);" in text
    assert f"else {k.name}_p1(A, B2, C2, tile);" in text
    assert "the shared operand A (operand A) is re-read from L2" in text
    assert [a.cname for a in k.args] == ["A", "B1", "C1", "B2", "C2"]
    s = make_plan(prog).kernels[0].params
    tiles = -(-129 // s["bm"]) * -(-67 // s["bn"])
    assert k.grid == (2 * tiles, 1, 1) and k.block == (s["bm"] // s["tm"] * (s["bn"] // s["tn"]), 1, 1)


def test_a_lone_product_is_unchanged_by_the_group_hooks():
    prog = prog_of("matrix A(m, k), B(k, n); input A, B; C = A @ B; return C;")
    (k,) = generate(prog, make_plan(prog)).kernels
    assert "kf_tile" not in k.text and "const int pid = blockIdx.x;" in k.text
