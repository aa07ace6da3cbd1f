"""Plans: the unfused planner, JSON round trips, and check_plan's refusals."""
from __future__ import annotations

import copy
import json

import pytest

import kfuse
from kfuse.api import load_plan, make_plan
from kfuse.errors import PlanError
from kfuse.frontend import script
from kfuse.fusion import KernelPlan, Plan, call_domain, check_plan, unfused_plan

from .unit_helpers import DTYPES, EXAMPLE_NAMES, bound, example

KERNELS = {
    "atax": ["k0_t_gemv", "k1_y_gemv_t"],
    "axpydot": ["k0_t1_mul", "k1_z_sub", "k2_r_dot"],
    "bicgk": ["k0_q_gemv", "k1_s_gemv_t"],
    "gemver": ["k0_B_ger", "k1_B_1_ger", "k2_x_gemv_t", "k3_w_gemv"],
    "gesummv": ["k0_t_gemv", "k1_y_gemv"],
    "madd": ["k0_C_madd"],
    "sgemv": ["k0_z_gemv"],
    "sgemvt": ["k0_x_gemv_t", "k1_w_gemv"],
    "sscal": ["k0_x_1_scal"],
    "vadd": ["k0_t1_add", "k1_x_add"],
    "waxpby": ["k0_w_waxpby"],
}


@pytest.mark.parametrize("name", EXAMPLE_NAMES)
def test_unfused_plan_one_kernel_per_call(name):
    prog = bound(name, m=1000, n=3001)
    plan = unfused_plan(prog)
    assert [k.calls for k in plan.kernels] == [[c.id] for c in prog.calls]
    assert [k.name for k in plan.kernels] == KERNELS[name]
    assert plan.program == name and plan.sizes == prog.sizes and plan.fingerprint == prog.fingerprint()
    for k in plan.kernels:
        assert k.space == call_domain(prog, prog.calls[k.calls[0]]).space
    check_plan(prog, plan)


def test_spaces_and_params():
    prog = bound("axpydot", n=1000)
    plan = unfused_plan(prog)
    assert [k.space for k in plan.kernels] == ["vec", "vec", "vec"]
    assert plan.kernels[0].params == {"block": 256, "vec": 4, "iters": 1}    # one 16-byte pack per thread
    widths = {dt: unfused_plan(bound("sscal", dt, n=1000)).kernels[0].params["vec"] for dt in DTYPES}
    assert widths == {"float32": 4, "float64": 2, "complex64": 2, "complex128": 1}
    big = unfused_plan(bound("sscal", n=10**8)).kernels[0].params
    blocks = -(-10**8 // (256 * 4))
    assert big["iters"] == -(-blocks // (132 * 4))          # about target_blocks_per_sm blocks per SM
    prog = bound("bicgk", m=1000, n=3001)
    q, s = unfused_plan(prog).kernels
    assert q.space == s.space == "tile"
    # gemv reduces along the fast axis of a row-major A, gemv_t along the slow one
    assert q.params["iter_axis"] == "fast" and s.params["iter_axis"] == "slow"
    assert (q.params["bx"], q.params["by"]) == (32, 8)
    assert q.params["vec"] == 1                          # rows of 3001 floats are not 16-byte aligned
    prog = bound("bicgk", m=1000, n=3000)
    assert [k.params["vec"] for k in unfused_plan(prog).kernels] == [4, 4]
    prog = bound("scalar a; input a; b = a * 2; return b;")
    assert [k.space for k in unfused_plan(prog).kernels] == ["scalar"]


def test_params_follow_the_config():
    prog = bound("bicgk", m=1000, n=3001)
    with kfuse.config.override(tile_block=(16, 16)):
        plan = unfused_plan(prog)
        assert (plan.kernels[0].params["bx"], plan.kernels[0].params["by"]) == (16, 16)
    assert unfused_plan(prog).kernels[0].params["bx"] == 32


def test_domains():
    prog = bound("matrix A(m, n, order=F); vector x(n), y(m), z(n); input A, x; y = A @ x; z = x * 2;"
                 "return y, z;", m=3, n=4)
    d0, d1 = (call_domain(prog, c) for c in prog.calls)
    assert (d0.space, d0.rows, d0.cols, d0.lead, d0.slow, d0.fast) == ("tile", 3, 4, "F", 4, 3)
    assert d0.axis_of("i") == "fast" and d0.axis_of("j") == "slow"
    assert (d1.space, d1.length) == ("vec", 4)
    outer = bound("vector x(m), y(n); input x, y; B = outer(x, y); return B;", m=3, n=4)
    d = call_domain(outer, outer.calls[0])
    assert (d.rows, d.cols, d.lead) == (3, 4, "C")


def test_unbound_program_cannot_be_planned():
    with pytest.raises(PlanError, match="bind the program's sizes before planning"):
        unfused_plan(script.load(example("bicgk")))


@pytest.mark.parametrize("name", EXAMPLE_NAMES)
def test_plan_json_round_trip(name):
    prog = bound(name, m=64, n=100)
    plan = unfused_plan(prog)
    for text in (json.dumps(plan.to_json()), plan.dumps(prog)):
        back = Plan.from_json(text)
        assert back == plan
        assert Plan.from_json(json.loads(text)) == plan
    d = json.loads(plan.dumps(prog))
    assert d["kfuse_plan"] == 1 and d["program"] == name
    assert [k["runs"] for k in d["kernels"]] == [[c.label] for c in prog.calls]


def test_plan_describe():
    prog = bound("bicgk", m=4, n=5)
    assert unfused_plan(prog).describe(prog).splitlines() == [
        "plan for bicgk: 2 kernel(s)",
        "  k0_q_gemv [tile; bx=32, by=8, ks=1, vec=1, iter_axis=fast, iters=1]",
        "      call 0: q = gemv(A, p)",
        "  k1_s_gemv_t [tile; bx=32, by=8, ks=1, vec=1, iter_axis=slow, iters=1]",
        "      call 1: s = gemv_t(A, r)",
    ]


# ---------------------------------------------------------------------------- refusals
def mutated(plan, change):
    p = copy.deepcopy(plan)
    change(p)
    return p


GEMVER = bound("gemver", m=8, n=16)
GEMVER_PLAN = unfused_plan(GEMVER)
MIXED = bound("matrix A(m, n); vector p(n), q(m), s(n); input A, p; q = gemv(A, p); s = p + p; return q, s;",
              m=8, n=16)
MIXED_PLAN = unfused_plan(MIXED)


def fuse(plan, a, b):
    """Move kernel b's calls into kernel a."""
    def change(p):
        p.kernels[a].calls.extend(p.kernels[b].calls)
        del p.kernels[b]
    return mutated(plan, change)


REFUSALS = [
    ("missing call", GEMVER, mutated(GEMVER_PLAN, lambda p: p.kernels.pop()), r"plan does not run call\(s\) \[3\]"),
    ("duplicated call", GEMVER, mutated(GEMVER_PLAN, lambda p: p.kernels.append(copy.deepcopy(p.kernels[0]))),
     r"plan runs call\(s\) \[0\] more than once"),
    ("wrong order", GEMVER, mutated(GEMVER_PLAN, lambda p: p.kernels.reverse()),
     r"call 1 reads 'B' before call 0 writes it \(kernel order\)"),
    ("wrong order inside a kernel", GEMVER,
     mutated(fuse(GEMVER_PLAN, 0, 1), lambda p: p.kernels[0].calls.reverse()), r"call 1 .*'B'.* call 0"),
    ("mixed domains", MIXED, fuse(MIXED_PLAN, 0, 1),
     "kernel k0_q_gemv (mixes calls over different domains|is not a legal fusion)"),
    ("wrong program name", GEMVER, mutated(GEMVER_PLAN, lambda p: setattr(p, "program", "bicgk")),
     "the plan is for program 'bicgk', not 'gemver'"),
    ("wrong sizes", GEMVER, mutated(GEMVER_PLAN, lambda p: p.sizes.update(m=9)),
     "the plan is for m=9, the program has m=8"),
    ("kernel without calls", GEMVER, mutated(GEMVER_PLAN, lambda p: p.kernels[0].calls.clear()),
     "kernel k0_B_ger runs no call"),
    ("no such call", GEMVER, mutated(GEMVER_PLAN, lambda p: p.kernels[0].calls.append(17)),
     "kernel k0_B_ger: there is no call 17"),
    ("wrong space", GEMVER, mutated(GEMVER_PLAN, lambda p: setattr(p.kernels[0], "space", "vec")),
     "kernel k0_B_ger: space 'vec' does not match its calls"),
    ("unknown parameter", GEMVER, mutated(GEMVER_PLAN, lambda p: p.kernels[0].params.update(iter=4)),
     "kernel k0_B_ger: a tile kernel takes no parameter 'iter' \\(it takes bx, by, ks, vec, iter_axis"),
    ("parameter not an integer", GEMVER, mutated(GEMVER_PLAN, lambda p: p.kernels[0].params.update(bx="32")),
     "kernel k0_B_ger: parameter 'bx' must be an integer, got '32'"),
    ("parameter a float", GEMVER, mutated(GEMVER_PLAN, lambda p: p.kernels[0].params.update(vec=4.0)),
     "kernel k0_B_ger: parameter 'vec' must be an integer, got 4.0"),
    ("unknown finish", GEMVER, mutated(GEMVER_PLAN, lambda p: p.kernels[3].params.update(finish="sometimes")),
     "kernel k3_w_gemv: parameter 'finish' must be one of last_block, atomic, got 'sometimes'"),
]


@pytest.mark.parametrize("case,prog,plan,msg", REFUSALS, ids=[r[0] for r in REFUSALS])
def test_check_plan_refusals(case, prog, plan, msg):
    with pytest.raises(PlanError, match=msg):
        check_plan(prog, plan)
    with pytest.raises(PlanError, match=msg):   # make_plan checks a given plan too
        make_plan(prog, plan.to_json())


def test_check_plan_accepts_independent_calls_over_one_domain():
    prog = bound("bicgk", m=8, n=16)
    check_plan(prog, fuse(unfused_plan(prog), 0, 1))
    check_plan(prog, mutated(unfused_plan(prog), lambda p: p.kernels.reverse()))


def test_plan_of_another_size_is_refused_by_make_plan(tmp_path):
    plan = unfused_plan(bound("bicgk", m=8, n=16))
    path = tmp_path / "plan.json"
    path.write_text(plan.dumps())
    assert make_plan(bound("bicgk", m=8, n=16), str(path)) == plan
    with pytest.raises(PlanError, match="the plan is for m=8, the program has m=9"):
        make_plan(bound("bicgk", m=9, n=16), str(path))


@pytest.mark.parametrize("given,msg", [
    ('{"x": 1}', "not a kfuse plan"),
    ('{"kfuse_plan": 1, "kernels": [{"calls": [0]}]}', "kernel #0: field 'name' is missing"),
    ('{"kfuse_plan": 1, "kernels": [{"name": "k", "calls": ["a"], "space": "vec", "params": {}}]}',
     "kernel k: field 'calls' holds 'a'; call ids are integers"),
    ("not json at all", "plan file 'not json at all' is missing"),
    ("{not json at all", "plan text: not valid JSON \\(line 1 column 2"),
    (42, "unsupported plan object int"),
])
def test_load_plan_errors(given, msg):
    with pytest.raises(PlanError, match=msg):
        load_plan(given)


def test_load_plan_from_a_bad_file(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text("{oops")
    with pytest.raises(PlanError, match="bad.json: not valid JSON"):
        load_plan(str(path))


def test_load_plan_passes_plans_and_none():
    plan = Plan("p", {}, [KernelPlan("k0", [0], "vec", {})])
    assert load_plan(plan) is plan and load_plan(None) is None
    assert load_plan(plan.to_json()) == plan
