"""The search honours its time caps in every phase (issue 31, item 6), and fusions of one shape
share their costs.

The caps are checked with a fake clock that passes the deadline after a given number of
checks (:class:`FakeClock`), so what is tested is where the checks are, not how fast this
machine is: the greedy search stops between merges and inside one scan over the pairs, the
local search inside one pass over its moves, and each stopped phase leaves a legal plan whose
notes say which phase a cap stopped."""
from __future__ import annotations

import math
import random

import pytest

import kfuse
from kfuse import ShapeDtype, config
from kfuse.fusion import caps, local
from kfuse.fusion.plan import check_plan
from kfuse.fusion.search import make_plan
from kfuse.fusion.synthetic import synthetic_program
from kfuse.fusion.shapes import shape_of
from kfuse.frontend.trace import lower_spec, trace
from kfuse.model.calibration import load_calibration
from kfuse.model.planner import best_plan, make_search

CAL = load_calibration("NVIDIA H200")


class FakeClock:
    """0.0 for the first ``checks`` readings, then far past any deadline; counts readings."""

    def __init__(self, checks: int):
        self.checks, self.readings = checks, 0

    def __call__(self) -> float:
        self.readings += 1
        return 0.0 if self.readings <= self.checks else 1e9


def jacobi_steps(steps: int, n: int = 34):
    """``steps`` unrolled 5-point Jacobi steps written as NumPy users do (copy, then a window
    assignment): 7 calls a step."""
    def f(u):
        for _ in range(steps):
            r = u.copy()
            r[1:-1, 1:-1] = 0.2 * (u[1:-1, 1:-1] + u[:-2, 1:-1] + u[2:, 1:-1] + u[1:-1, :-2] + u[1:-1, 2:])
            u = r
        return u
    return trace(f, ["u"], [lower_spec("u", ShapeDtype((n, n), "float64"))], name=f"jacobi{steps}")[0]


def fdtd_steps(steps: int, n: int = 34, m: int | None = None):
    """``steps`` unrolled steps of a 2-D FDTD over three fields (window updates on copies)."""
    spec = lower_spec("ex", ShapeDtype((n, m or n), "float64"))
    return trace(fdtd_function(steps), ["ex", "ey", "hz"], [spec] * 3, name=f"fdtd{steps}")[0]


def fdtd_function(steps: int):
    """The function :func:`fdtd_steps` traces (it runs on NumPy arrays as written)."""
    def f(ex, ey, hz):
        ex, ey, hz = ex.copy(), ey.copy(), hz.copy()
        for t in range(steps):
            ey[0, :] = 0.1 * t
            ey[1:, :] = ey[1:, :] - 0.5 * (hz[1:, :] - hz[:-1, :])
            ex[:, 1:] = ex[:, 1:] - 0.5 * (hz[:, 1:] - hz[:, :-1])
            hz[:-1, :-1] = hz[:-1, :-1] - 0.7 * (ex[:-1, 1:] - ex[:-1, :-1] + ey[1:, :-1] - ey[:-1, :-1])
        return ex, ey, hz
    return f


def capped(program, checks: int):
    """A search whose cap passes after ``checks`` readings of its clock."""
    search = make_search(program, CAL)
    search.clock = FakeClock(checks)
    search.set_cap("test_cap", 1.0)
    return search


def _legal(program, t, kernels):
    assert math.isfinite(t) and t > 0
    check_plan(program, make_plan(program, kernels, t))


@pytest.fixture(scope="module")
def jacobi():
    return jacobi_steps(6)


@pytest.fixture(scope="module")
def dag():
    """A generated 60-call BLAS-1/2 DAG whose greedy search takes several merges (a stencil
    step may fuse whole at the greedy's component seed)."""
    return synthetic_program(60, 3, "dag")


def test_greedy_stops_between_merges_with_a_legal_plan(dag):
    uncapped = capped(dag, 10 ** 9)
    _t, full = uncapped.greedy()
    assert not uncapped.stopped
    search = capped(dag, uncapped.clock.readings // 2)   # the checks of the greedy are deterministic
    t, kernels = search.greedy()
    _legal(dag, t, kernels)
    assert [s[0] for s in search.stopped] == ["greedy"]
    assert len(full) < len(kernels) < len(dag.calls)   # it stopped after some merges, before the end


def test_greedy_stops_inside_its_first_scan(dag):
    """One scan over a large program's pairs costs the legality of each new pair: the cap is
    checked inside it, so the greedy stops before its first merge."""
    search = capped(dag, 3)
    t, kernels = search.greedy()
    _legal(dag, t, kernels)
    assert search.stopped[0][0] == "greedy"
    assert len(kernels) == len(dag.calls)


def test_local_search_stops_inside_a_pass(jacobi):
    search = capped(jacobi, 10 ** 6)
    _t, greedy = search.greedy()
    ev = local.Evaluator(search)
    state = local._State(ev, [(c.id,) for c in jacobi.calls])   # many improving moves ahead
    search.clock = FakeClock(5)
    local.descend(state, random.Random(0))
    assert search.clock.readings <= 7                 # not a whole pass over the moves
    assert search.stopped[-1][0] == "local search"
    part = state.partition()
    t, kernels = search.combination([list(g) for g in part])
    _legal(jacobi, t, kernels)


def test_segment_dp_and_kicks_stop_at_the_cap(jacobi):
    search = capped(jacobi, 2)
    ev = local.Evaluator(search)
    assert local.segment_dp(ev) is None
    assert search.stopped[0][0] == "segments"
    state = local._State(ev, [(c.id,) for c in jacobi.calls])
    local.kick(state, random.Random(0), 4)
    assert state.partition() == sorted((c.id,) for c in jacobi.calls)   # no move taken past the cap


def test_best_plan_says_which_phase_the_cap_stopped(jacobi, monkeypatch):
    """search_max_s caps the whole search, greedy included; the plan is legal and its notes
    (shown by explain) name the phase and the setting."""
    with config.override(search_max_s=0.0):
        plan = best_plan(jacobi, CAL)
    check_plan(jacobi, plan)
    assert any("search_max_s = 0 s stopped the greedy" in n for n in plan.notes), plan.notes
    assert "stopped the greedy" in plan.describe(jacobi)
    with config.override(search_max_s=0.0):
        assert "search_max_s = 0 s stopped the greedy" in kfuse.explain(jacobi)
    assert len(plan.kernels) == len(jacobi.calls)
    uncapped = best_plan(jacobi, CAL)
    assert not any("time cap" in n for n in uncapped.notes)
    assert len(uncapped.kernels) < len(plan.kernels)


def test_caps_take_the_earliest_deadline():
    c = caps.Capped()
    c.clock = FakeClock(10 ** 6)
    c.set_cap("search_max_s", 30.0)
    c.set_cap("search_grid_time_s", 15.0)
    assert c.deadline == 15.0 and c.cap == ("search_grid_time_s", 15.0)
    c.set_cap("search_time_s", 40.0)
    assert c.deadline == 15.0
    assert not c.expired("greedy") and c.stopped == []


# ------------------------------------------------------------------ fusions of one shape
def test_steps_of_an_unrolled_loop_share_shapes():
    p = fdtd_steps(4)   # (the last step's values are returned: another shape)
    info = make_search(p, CAL).analysis.info
    per_step = (len(p.calls) - 3) // 4
    step = [tuple(range(3 + k * per_step, 3 + (k + 1) * per_step)) for k in range(4)]
    none = frozenset()
    # (each step's first call assigns its own literal 0.1 * t: the same shape, the value is no part
    # of it; the last step's values are returned: another shape)
    assert shape_of(p, info, step[1], none)[0] == shape_of(p, info, step[2], none)[0]
    assert shape_of(p, info, step[1][1:], none)[0] == shape_of(p, info, step[2][1:], none)[0]
    assert shape_of(p, info, step[1], none)[0] != shape_of(p, info, step[3], none)[0]
    a, names_a = shape_of(p, info, step[1][1:5], none)
    b, names_b = shape_of(p, info, step[2][1:5], none)
    assert a == b and names_a != names_b
    assert a != shape_of(p, info, step[1][2:6], none)[0]
    outs = frozenset(p.calls[step[1][4]].outs.values())
    assert shape_of(p, info, step[1][1:5], outs)[0] != a   # an output needed outside: another shape


def test_shared_costs_equal_costs_of_their_own(monkeypatch):
    """Every fusion the greedy search costs gets the same prediction and a launchable
    implementation whether it is costed on its own or given by shape, and the plans agree."""
    p = fdtd_steps(4)
    shared = make_search(p, CAL)
    t, kernels = shared.greedy()
    assert shared.shapes.given or shared.shapes.known, "the steps repeat shapes"
    monkeypatch.setattr(type(shared.shapes), "lookup", lambda self, shape, wide, group: None)
    alone = make_search(p, CAL)
    t2, kernels2 = alone.greedy()
    assert t == pytest.approx(t2, rel=1e-12) and [g for g, _ in kernels] == [g for g, _ in kernels2]
    for key, (cost, _prm) in shared._best_impl.items():
        own = alone.best_impl(*key)
        assert cost == pytest.approx(own[0], rel=1e-12), key
    _legal(p, t, kernels)


def test_a_merge_is_bounded_without_analysing_the_union(jacobi, monkeypatch):
    """The floor of a union (its bytes at the ceilings) needs no stencil frame: bounding each
    pair of a first scan costs no analysis of the union (a 150-call stencil program's greedy
    spent most of its 156 s there)."""
    from kfuse.model.predict import group_facts, kernel_floor
    from kfuse.spaces.grid import space as stencil
    union = [0, 1, 2, 3]
    needed = {jacobi.calls[3].out}
    want = kernel_floor(jacobi, union, needed, CAL, group_facts(jacobi, union))
    analysed = []
    real = stencil.analyse
    monkeypatch.setattr(stencil, "analyse", lambda *a, **k: analysed.append(a[1]) or real(*a, **k))
    fresh = jacobi_steps(6)   # a program whose facts are not computed yet
    assert kernel_floor(fresh, union, needed, CAL) == pytest.approx(want, rel=1e-12)
    assert analysed == []


def test_a_300_call_step_plans_in_bounded_time():
    """20 unrolled FDTD steps (303 calls), greedy phase only (the local search has a cap of
    its own): a generous bound for a loaded 2-core CI machine (this machine: about 5 s; 16 s
    before fusions of one shape shared their costs); that the steps share is checked exactly."""
    import time
    p = fdtd_steps(20)
    t0 = time.perf_counter()
    search = make_search(p, CAL)
    t, kernels = search.greedy()
    spent = time.perf_counter() - t0
    _legal(p, t, kernels)
    assert len(search.shapes.given) > len(search.shapes.known)   # most fusions costed once per shape
    assert spent < 60, spent


def test_components_over_the_seed_limit_are_built_by_pair_merging(monkeypatch):
    """Costing a fusion analyses it whole, past any cap: the greedy's component seed costs
    components of at most SEED_MAX_CALLS calls (83 unrolled FDTD steps fused whole, 1,248
    calls, took the whole 60 s cap in one analysis)."""
    from kfuse.fusion import search as space
    from kfuse.fusion.local import neighbours
    p = synthetic_program(40, 1, "dag", stencil=True, fields=5)
    search = make_search(p, CAL)
    near = neighbours(p, search.analysis.graph)
    costed = []
    real = space.Search._group_cost
    monkeypatch.setattr(space.Search, "_group_cost", lambda self, g: costed.append(len(g)) or real(self, g))
    search._gcost = {}
    search._readers, search._returned = search.analysis.graph.readers(), {p.base(o) for o in p.outputs}
    group_of = {c.id: (c.id,) for c in p.calls}
    search._seed_components(near, group_of)
    assert max(costed) > 10 and len(set(group_of.values())) < 40   # seeded whole: one component
    monkeypatch.setattr(space, "SEED_MAX_CALLS", 10)
    costed.clear()
    group_of = {c.id: (c.id,) for c in p.calls}
    search._seed_components(near, group_of)
    assert max(costed, default=0) <= 10 and len(set(group_of.values())) == 40
