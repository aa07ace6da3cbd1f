"""Fission (the seed's Algorithm 2, issue 19 item 3): field-dependency parts, the lazy trigger
(a group whose staging exceeds shared memory, or with no launch variant), the search's hook,
explain(), and the plan's ``fissioned`` field."""
from __future__ import annotations

import json
import math

import pytest

from kfuse import config
from kfuse.errors import PlanError
from kfuse.frontend.builder import GraphBuilder
from kfuse.frontend.trace import trace
from kfuse.fusion import fission as F
from kfuse.fusion import local
from kfuse.fusion.gga import GGA
from kfuse.fusion.plan import check_plan, plan_from_json
from kfuse.fusion.search import explain_fusion, make_plan
from kfuse.ir import ArrayType
from kfuse.model.calibration import load_calibration
from kfuse.model.planner import best_plan, make_search
from kfuse.spaces.grid import space as st
from kfuse.spaces.grid.halo import shared

CAL = load_calibration("NVIDIA H200")


def _lap(a):
    return 4 * a[:, 1:-1, 1:-1] - (a[:, 1:-1, 2:] + a[:, 1:-1, :-2] + a[:, 2:, 1:-1] + a[:, :-2, 1:-1])


def two_deep(q, r):
    """Two independent fields, each a Laplacian of a Laplacian (both read ``q``)."""
    return _lap(_lap(q)), _lap(_lap(r + q))


def _program(shape=(16, 64, 96)):
    prog, _ = trace(two_deep, ["q", "r"], [("a", shape, "float32", "C")] * 2, "two_deep")
    return prog


def _parts(prog):
    """The two components: the calls computing the first output and the others."""
    first = F.field_parts(prog, range(len(prog.calls)))
    assert len(first) == 2
    return first


@pytest.fixture
def small_smem(monkeypatch):
    """A shared-memory budget each field's tiles fit in at some block shape, but not both fields'."""
    monkeypatch.setattr(st, "SMEM_STATIC_LIMIT", 2400)


def test_field_parts_are_disjoint_complete_and_closed():
    prog = _program()
    parts = _parts(prog)
    ids = sorted(c for p in parts for c in p)
    assert ids == list(range(len(prog.calls)))
    where = {c: i for i, p in enumerate(parts) for c in p}
    producer = {prog.calls[c].out: c for c in ids}
    for c in prog.calls:   # no array a part computes is read by another part
        for a in c.args.values():
            src = producer.get(prog.base(a))
            if src is not None:
                assert where[src] == where[c.id]
    # the first output's calls are one part
    out0 = prog.base(prog.outputs[0])
    assert producer[out0] in parts[0]


def test_connected_group_has_no_fission(small_smem):
    prog = _program()
    part = _parts(prog)[0]
    assert F.field_parts(prog, part) == (part,)
    assert F.fission(prog, part) is None


def test_fission_only_where_staging_exceeds_shared_memory(small_smem, monkeypatch):
    prog = _program()
    calls = list(range(len(prog.calls)))
    f = F.fission(prog, calls)
    assert f is not None and f.parts == _parts(prog)
    assert "shared memory" in f.reason and "limit 2,400 B" in f.reason and "2 kernels" in f.reason
    for p in f.parts:   # each part stages what it wants within the budget
        assert F.launch_refusal(prog, p) is None
    monkeypatch.setattr(st, "SMEM_STATIC_LIMIT", 49152)
    assert F.launch_refusal(prog, calls) is None and F.fission(prog, calls) is None


def test_blas_group_without_variant_is_fissioned_and_explained(monkeypatch):
    """Three gemv_t over one matrix: no launch shape fits a small budget; the parts are the
    three calls (they share only their input)."""
    from kfuse.spaces import budget
    b = GraphBuilder("gemvt3")
    A = b.add_input("A", ArrayType("matrix", "float32", (4096, 4096)))
    xs = [b.add_input(f"x{i}", ArrayType("vector", "float32", (4096,))) for i in range(3)]
    outs = [b.call("gemv_t", {"A": A, "x": x}) for x in xs]
    prog = b.finish(outs)
    monkeypatch.setattr(budget, "SMEM_STATIC_LIMIT", 64)
    f = F.fission(prog, [0, 1, 2])
    assert f is not None and f.parts == ((0,), (1,), (2,)) and "no launch shape fits" in f.reason
    text = explain_fusion(prog, [0, 1, 2])
    assert text.startswith("not fusible") and "fissioned" in text and "part 3: [2:" in text


def test_explain_says_the_group_was_fissioned_and_why(small_smem):
    prog = _program()
    text = explain_fusion(prog, list(range(len(prog.calls))))
    assert "fissioned (the search tries it as these kernels)" in text
    assert "needs" in text and "limit 2,400 B" in text and "part 2: [" in text


def _staging_search(prog):
    """A Search whose kernels cost 20x more where a value read at several points of the tile
    is recomputed instead of staged (a device where recomputing is dear): fission pays."""
    search = make_search(prog, CAL)
    base = search.kernel_cost
    from kfuse import spaces
    from kfuse.spaces import program_info

    def cost(calls, params, needed):
        info = program_info(prog)
        frame = spaces.get("grid").frame(prog, calls, {}, info)
        wants = set(shared.default_smem(prog, calls, frame, info).split())
        return base(calls, params, needed) * (20 if wants - set(params.get("smem", "").split()) else 1)

    search.kernel_cost = cost
    search.cost_key = None
    return search


@pytest.mark.parametrize("local_search", [False, True])
def test_search_plans_the_fission_parts(small_smem, local_search):
    prog = _program()
    with config.override(search_local_min_calls=0 if local_search else 10 ** 6, search_kicks=3):
        search = _staging_search(prog)
        t, kernels = search.best()
    groups = [tuple(g) for g, _ in kernels]
    assert len(groups) >= 2   # the whole program stages more than the budget: it never runs as one kernel
    assert t <= search.combination([list(p) for p in _parts(prog)])[0] * (1 + 1e-9)   # at least as good as the parts
    assert all("smem" in prm for _, prm in kernels)   # each kernel stages its values
    idx = search.fissioned(kernels)
    assert all(len(i) >= 2 for i in idx)
    plan = make_plan(prog, kernels, t, idx)
    check_plan(prog, plan)
    assert plan.fissioned == ([[k.name for k in plan.kernels]] if idx else [])


def test_greedy_merge_meeting_a_group_over_the_budget_takes_its_parts(small_smem):
    """Both fields but their last calls (a kernel recomputing what it cannot stage) merged
    with the first field's last call: the union stages more than the budget allows; its
    fission (the first field whole, the second but its last call) gains more than it."""
    prog = _program()
    search = _staging_search(prog)
    search.greedy()   # (sets up the greedy search's tables)
    a, b = _parts(prog)
    g, h = tuple(sorted(a[:-1] + b[:-1])), (a[-1],)
    union = tuple(sorted(g + h))
    assert search.split(union) == (a, b[:-1])
    result, value, exact = search._merge_or_split(g, h, union)
    assert result == (a, b[:-1]) and exact and value > 0
    cost = search._group_cost
    assert value == pytest.approx(cost(g) + cost(h) - cost(a) - cost(b[:-1]))
    assert cost(a) + cost(b[:-1]) < cost(union)
    assert search.split(a) is None   # one component: nothing to split


def test_local_search_moves_include_the_fission(small_smem):
    prog = _program()
    search = _staging_search(prog)
    ev = local.Evaluator(search)
    a, b = _parts(prog)
    state = local._State(ev, [tuple(sorted(a[:-1] + b[:-1])), (a[-1],), (b[-1],)])
    mv = [(r, ad) for r, ad in local.moves(state) if set(ad) == {a, b[:-1]}]
    assert mv, "the merge is offered as its fission's parts"
    removed, added = mv[0]
    assert state.trial(removed, added) < state.trial(removed, (tuple(sorted(removed[0] + removed[1])),))
    state.apply(removed, added)
    assert search.fissions and search.fissioned([(g, {}) for g in state.partition()]) == [[0, 1]]


def test_gga_merges_as_fission_parts(small_smem):
    prog = _program()
    search = _staging_search(prog)
    gga = GGA(search, population=12, generations=0, time_s=30, seed=2)
    a, b = _parts(prog)
    g, h = tuple(sorted(a[:-1] + b[:-1])), (a[-1],)
    ind = {c: g for c in g}
    ind.update({a[-1]: h, b[-1]: (b[-1],)})
    assert gga._merge(ind, g, h)
    assert ind[a[0]] == a and ind[b[0]] == b[:-1]   # the union split along its fields
    assert search.fissions


def test_plan_json_fissioned_round_trips_and_is_checked():
    prog = _program()
    plan = best_plan(prog, CAL)
    d = plan.to_json()
    assert "fissioned" not in d      # nothing fissioned: the plan reads as before
    parts = _parts(prog)
    search = make_search(prog, CAL)
    kernels = search.combination([list(p) for p in parts])[1]
    plan = make_plan(prog, kernels, None, [[0, 1]])
    d = json.loads(plan.dumps())
    assert d["fissioned"] == [[k.name for k in plan.kernels]]
    back = plan_from_json(d)
    check_plan(prog, back)
    assert back.fissioned == plan.fissioned
    bad = dict(d, fissioned=[["nope", plan.kernels[0].name]])
    with pytest.raises(PlanError, match="'nope', which is not a kernel"):
        check_plan(prog, plan_from_json(bad))
    for wrong in ([plan.kernels[0].name], [[plan.kernels[0].name]], "k0"):
        with pytest.raises(PlanError, match="fissioned"):
            plan_from_json(dict(d, fissioned=wrong))
    twice = dict(d, fissioned=[[plan.kernels[0].name, plan.kernels[0].name]])
    with pytest.raises(PlanError, match="twice"):
        check_plan(prog, plan_from_json(twice))
