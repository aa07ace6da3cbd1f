"""Planning time and memory stay bounded (issue 30, item 9), asserted on counted work so the
tests hold on a slow, shared 2-core machine:

* the exhaustive search costs at most EXHAUSTIVE_COMBINATIONS combinations: 9 independent
  maps (21,147 legal combinations, 76 s) take the greedy search;
* a value read by every call (``x = x + y``, 1,000 times) links each reader to its
  SHARED_READERS neighbours only: the greedy's pair evaluations grow as n^2, not n^3;
* the segment DP stops at its deadline inside a segment (a chain's first segment is the
  whole chain);
* a program of more than MAX_CALLS calls is refused at the call past the limit, with the
  script's line (a 20,000-statement script grew past 21 GB);
* the plan prediction from the search's kept facts equals the one computed afresh.
"""
from __future__ import annotations

import time

import pytest

import kfuse
from kfuse.errors import PlanError, ScriptError
from kfuse.frontend import script
from kfuse.frontend.builder import MAX_CALLS, GraphBuilder
from kfuse.frontend.trace import trace
from kfuse.fusion import local, search as space
from kfuse.fusion.search import Search
from kfuse.api import bind_sizes
from kfuse.ir import ArrayType
from kfuse.model.calibration import load_calibration
from kfuse.model.planner import make_search
from kfuse.model.predict import predict_plan
from tests.golden import corpus

CAL = load_calibration("NVIDIA H200")
MAPS = ["A + B", "A - B", "A * B", "A * 2.0", "B * 3.0", "A + 1.0", "B - 2.0", "A * A", "B * B"]


def _maps(k: int):
    """``def f(A, B): return (A + B, A - B, ...)``: k independent maps of one 1131 x 1854 matrix."""
    f = eval("lambda A, B: (" + ", ".join(MAPS[:k]) + ",)")   # noqa: S307 - a fixed test text
    return bind_sizes(trace(f, ["A", "B"], [("a", (1131, 1854), "float64", "C")] * 2, f"maps{k}")[0], {})


def _counting(monkeypatch, cls, name):
    """Count the calls of ``cls.name`` (a list of one count)."""
    count = [0]
    orig = getattr(cls, name)

    def counted(self, *a, **kw):
        count[0] += 1
        return orig(self, *a, **kw)
    monkeypatch.setattr(cls, name, counted)
    return count


def _chain(n: int):
    """x_{i+1} = x_i + y, n times: every call reads y."""
    b = GraphBuilder("chain")
    x = b.add_input("x", ArrayType("vector", "float32", (1 << 20,)))
    y = b.add_input("y", ArrayType("vector", "float32", (1 << 20,)))
    for _ in range(n):
        x = b.call("add", {"x": x, "y": y})
    return b.finish([x])


def test_nine_independent_maps_take_the_greedy_search(monkeypatch):
    costed = _counting(monkeypatch, Search, "combination")
    prog = _maps(9)
    search = make_search(prog, CAL)
    t0 = time.process_time()
    t, kernels = search.best()
    assert costed[0] <= 10   # before: each of the 21,147 legal combinations costed
    assert time.process_time() - t0 < 60
    assert search.exhaustive_parts() is None and search.costed == 0
    assert sorted(c for k, _ in kernels for c in k) == list(range(9)) and t > 0


def test_the_exhaustive_search_costs_each_legal_combination_within_its_budget(monkeypatch):
    prog = _maps(5)   # Bell(5) = 52 legal combinations
    search = make_search(prog, CAL)
    assert len(search.exhaustive_parts()) == 52
    best = search.best()
    assert search.costed == 52 and best == min(make_search(prog, CAL).all_combinations(), key=lambda x: x[0])
    monkeypatch.setattr(space, "EXHAUSTIVE_COMBINATIONS", 51)
    search = make_search(prog, CAL)
    assert search.exhaustive_parts() is None
    search.best()
    assert search.costed == 0


def test_readers_of_a_shared_value_link_only_their_neighbours():
    n = 300
    prog = _chain(n)
    near = local.neighbours(prog, make_search(prog, CAL).analysis.graph)
    assert max(len(v) for v in near.values()) <= 2 * local.SHARED_READERS + 2
    assert 5 in near[0] and 20 not in near[0]   # 5 calls apart: linked; 20: only through the chain


def test_greedy_pair_evaluations_grow_as_the_square_of_a_chain(monkeypatch):
    pairs = _counting(monkeypatch, Search, "_pair_state")
    n = 150
    search = make_search(_chain(n), CAL)
    t, kernels = search.greedy()
    assert len(kernels) == 1
    assert pairs[0] <= 4 * n * n   # about 2.8 n^2 (before: n^3 / 6, 560,000)


def test_segment_dp_stops_at_its_deadline_inside_a_segment():
    search = make_search(_chain(40), CAL)
    clock = iter(range(10 ** 6))
    search.clock = lambda: next(clock)
    search.set_cap("test", 3)   # (read at 0: the deadline is 3)
    ev = local.Evaluator(search)
    assert local.segment_dp(ev, 40, 40) is None
    assert ev.costed <= 3   # before: the first segment's 40 extensions were all costed


def test_a_script_over_max_calls_is_refused_at_the_call_past_the_limit():
    lines = ["vector x(n), y(n);", "input x, y;", "v0 = x + y;"]
    lines += [f"v{i} = v{i - 1} + y;" for i in range(1, MAX_CALLS + 5)]
    text = "\n".join(lines + [f"return v{MAX_CALLS + 4};"]) + "\n"
    t0 = time.process_time()
    with pytest.raises(ScriptError, match=rf"^{MAX_CALLS + 3}:\d+: program 'big' has more than {MAX_CALLS} calls"):
        script.parse(text, "big", "float32")
    assert time.process_time() - t0 < 60


def test_a_traced_program_over_max_calls_is_refused():
    def f(x, y):
        for _ in range(MAX_CALLS + 1):
            x = x + y
        return x
    with pytest.raises(PlanError, match=f"more than {MAX_CALLS} calls"):
        trace(f, ["x", "y"], [("a", (1000,), "float32", "C")] * 2, "loop")


@pytest.mark.parametrize("name,sizes", [("gemver", {"m": 1000, "n": 1000}), ("bicgk", {"m": 33, "n": 1000}),
                                        ("axpydot", {"n": 4096})])
def test_the_plan_prediction_from_kept_facts_equals_a_fresh_one(name, sizes):
    prog = corpus.bound_example(name, "float32", sizes)
    search = make_search(prog, CAL)
    for t, kernels in search.all_combinations():
        assert t == predict_plan(prog, kernels, CAL)["time_s"]
