"""The search over whole applications (issue 19, item 5): synthetic programs, the default search
(greedy, segment DP, local search: kfuse.fusion.local) against the reference GGA
(kfuse.fusion.gga) on the same cost function, legality of every plan, kernel counts.

Planning time at 150 calls is measured by benchmarks/plan_scaling.py, not here."""
from __future__ import annotations

import math
import time

import pytest

from kfuse import config
from kfuse.errors import ConfigError
from kfuse.frontend.builder import GraphBuilder
from kfuse.fusion import local
from kfuse.fusion.gga import GGA, gga_search
from kfuse.fusion.plan import check_plan
from kfuse.fusion.search import make_plan
from kfuse.fusion.synthetic import synthetic_program
from kfuse.ir import ArrayType
from kfuse.model.calibration import load_calibration
from kfuse.model.planner import best_plan, make_search

CAL = load_calibration("NVIDIA H200")


def _legal(program, t, kernels):
    """The plan is legal (check_plan) and its prediction finite."""
    assert math.isfinite(t) and t > 0
    check_plan(program, make_plan(program, kernels, t))


def _map_chain(n_calls: int, reduce_at: int | None = None, n: int = 1 << 20):
    """x_{i+1} = x_i + y (or axpy by the dot at ``reduce_at``): a chain of vector maps."""
    b = GraphBuilder("mapchain")
    x = b.add_input("x", ArrayType("vector", "float32", (n,)))
    y = b.add_input("y", ArrayType("vector", "float32", (n,)))
    s = None
    for i in range(n_calls):
        if reduce_at is not None and i == reduce_at:
            s = b.call("dot", {"x": x, "y": y})
        elif s is not None and i == reduce_at + 1:
            x = b.call("axpy", {"alpha": s, "x": x, "y": y})
        else:
            x = b.call("add", {"x": x, "y": y})
    return b.finish([x] + ([s] if s else []))


# ------------------------------------------------------------------ synthetic programs
@pytest.mark.parametrize("calls", [40, 80, 150])
@pytest.mark.parametrize("shape", ["dag", "chain"])
def test_synthetic_programs_are_seeded_and_sized(calls, shape):
    a, b = synthetic_program(calls, 3, shape), synthetic_program(calls, 3, shape)
    assert len(a.calls) == calls and a.fingerprint() == b.fingerprint()
    assert synthetic_program(calls, 4, shape).fingerprint() != a.fingerprint()
    fns = {c.fn for c in a.calls}
    assert fns & {"dot", "nrm2", "asum", "amax", "sum"}, "reductions are drawn"
    graph = make_search(a, CAL).analysis.graph
    assert local.is_chain(a, graph) == (shape == "chain")


def test_synthetic_refuses_bad_arguments():
    with pytest.raises(ValueError, match="shape"):
        synthetic_program(10, shape="tree")
    with pytest.raises(ValueError, match="calls"):
        synthetic_program(0)


# ------------------------------------------------------------------ kernel counts
def test_map_chain_is_one_kernel_by_dp_and_local_search():
    p = _map_chain(30)
    search = make_search(p, CAL)
    ev = local.Evaluator(search)
    assert local.segment_dp(ev) == [tuple(range(30))]
    v, part = local.improve(ev, [(c,) for c in range(30)], kicks=0, time_s=60)   # from one kernel per call
    assert len(part) == 1 and v == pytest.approx(ev.cost([tuple(range(30))]))
    with config.override(search_local_min_calls=0, search_kicks=5):
        t, kernels = make_search(p, CAL).best()
    assert len(kernels) == 1


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_segment_dp_is_exact_on_chains(seed):
    """On a chain every convex fusion is a segment: the DP equals the best of all 2^(n-1)
    segmentations for the sum of kernel costs."""
    p = synthetic_program(13, seed, "chain")
    ev = local.Evaluator(make_search(p, CAL))
    assert local.is_chain(p, ev.search.analysis.graph)

    def total(groups):
        fs = [ev.facts(g) for g in groups]
        return math.inf if None in fs else sum(f[0] + f[1] for f in fs)

    best = math.inf
    for cuts in range(1 << 12):
        bounds = [0] + [i + 1 for i in range(12) if cuts >> i & 1] + [13]
        best = min(best, total([tuple(range(a, b)) for a, b in zip(bounds, bounds[1:])]))
    dp = local.segment_dp(ev, 13, 13)
    assert total(dp) == pytest.approx(best, rel=1e-12)
    assert len(dp) < 13        # it fuses something


def test_reduction_read_by_a_map_splits_the_chain_in_two():
    p = _map_chain(24, reduce_at=12)   # calls 0..11 maps of x, 12 dot(x, y), 13 axpy(s, x, y), then maps
    with config.override(search_local_min_calls=0, search_kicks=5):
        t, kernels = make_search(p, CAL).best()
    _legal(p, t, kernels)
    assert len(kernels) == 2
    k = {c: i for i, (g, _) in enumerate(kernels) for c in g}
    assert k[12] != k[13]          # the dot's result is complete only at the end of its kernel


def test_objective_is_the_plan_prediction():
    """The local search's objective equals Search.combination's prediction (same cost function)."""
    for calls in (40, 80):
        p = synthetic_program(calls, 1, "dag", matrices=False)
        search = make_search(p, CAL)
        t, kernels = search.greedy()
        ev = local.Evaluator(search)
        assert ev.cost([tuple(g) for g, _ in kernels]) == pytest.approx(t, rel=1e-9)


def test_local_search_never_worse_than_greedy_and_kept_under_threshold():
    p = synthetic_program(40, 2, "dag")
    greedy_t, greedy_k = make_search(p, CAL).greedy()
    with config.override(search_local_min_calls=0, search_kicks=3):
        t, kernels = make_search(p, CAL).best()
    _legal(p, t, kernels)
    assert t <= greedy_t
    with config.override(search_local_min_calls=41):   # under the threshold: the greedy plan
        assert make_search(p, CAL).best() == (greedy_t, greedy_k)


def test_best_plan_uses_local_search_over_threshold():
    p = synthetic_program(40, 5, "dag")
    greedy_t, _ = make_search(p, CAL).greedy()
    with config.override(search_local_min_calls=40, search_kicks=2):
        plan = best_plan(p, CAL)
    check_plan(p, plan)
    assert plan.predicted_s <= greedy_t


# ------------------------------------------------------------------ against the reference GGA
@pytest.mark.parametrize("calls", [40, 80, 150])
def test_default_search_beats_gga_given_ten_times_its_time(calls):
    """Smaller budgets than the benchmark's (3 kicks; the GGA's generations capped at 40 with a
    population of 40) keep this test short; benchmarks/plan_scaling.py runs the full ones."""
    shape = "dag" if calls != 80 else "chain"
    p = synthetic_program(calls, 7, shape)
    with config.override(search_local_min_calls=0, search_kicks=3):
        t0 = time.perf_counter()
        t, kernels = make_search(p, CAL).best()
        spent = time.perf_counter() - t0
    _legal(p, t, kernels)
    gga = GGA(make_search(p, CAL), population=40, generations=40, time_s=10 * spent, seed=1)
    v, ind = gga.run()
    gt, gk = gga.search.combination([list(g) for g in ind])
    _legal(p, gt, gk)
    assert gga.generation >= 1
    assert t <= gt * (1 + 1e-9), (t, gt)


def test_gga_operators_keep_individuals_legal():
    p = synthetic_program(40, 11, "dag")
    gga = GGA(make_search(p, CAL), population=12, generations=0, time_s=60, seed=3)
    pop = [gga.random_individual() for _ in range(12)]
    for i in range(40):
        a, b = pop[i % 12], pop[(i * 5 + 1) % 12]
        for child in (gga.crossover(a, b), gga.mutate(a)):
            assert sorted(c for g in child for c in g) == list(range(40))
            assert math.isfinite(gga.fitness(child))


def test_gga_improves_on_the_original_calls_and_is_seeded():
    p = synthetic_program(40, 4, "dag")
    unfused = local.Evaluator(make_search(p, CAL)).cost([(c,) for c in range(40)])
    with config.override(gga_population=20, gga_gens=15, gga_time_s=120):
        t1, k1 = gga_search(make_search(p, CAL), seed=5)
        t2, k2 = gga_search(make_search(p, CAL), seed=5)
    _legal(p, t1, k1)
    assert t1 < unfused and (t1, [g for g, _ in k1]) == (t2, [g for g, _ in k2])


def test_gga_repair_cuts_illegal_groups():
    p = _map_chain(24, reduce_at=12)
    gga = GGA(make_search(p, CAL), population=4, generations=0, time_s=10)
    ind = gga.repair({c: tuple(range(24)) for c in range(24)})   # one kernel over a barrier: illegal
    assert math.isfinite(gga.fitness(ind)) and len(ind) >= 2


def test_search_settings_from_the_environment(monkeypatch):
    monkeypatch.setattr(config, "settings", None)
    monkeypatch.setenv("KFUSE_SEARCH_TIME_S", "2.5")
    monkeypatch.setenv("KFUSE_GGA_POPULATION", "30")
    s = config.get()
    assert (s.search_time_s, s.gga_population) == (2.5, 30)
    monkeypatch.setattr(config, "settings", None)
    monkeypatch.setenv("KFUSE_SEARCH_TIME_S", "soon")
    with pytest.raises(ConfigError, match="KFUSE_SEARCH_TIME_S"):
        config.get()
    monkeypatch.setattr(config, "settings", None)


# ------------------------------------------------------------------ stencil programs (issue 19)
def test_synthetic_stencil_programs_are_seeded_sized_and_planned():
    a = synthetic_program(40, 3, stencil=True, fields=5)
    b = synthetic_program(40, 3, stencil=True, fields=5)
    assert len(a.calls) == 40 and a.fingerprint() == b.fingerprint()
    assert synthetic_program(40, 4, stencil=True, fields=5).fingerprint() != a.fingerprint()
    from kfuse.spaces import kernel_space
    assert {kernel_space(a, [c.id]) for c in a.calls} == {"grid"}
    windows = [v for c in a.calls for v in c.args.values() if a.value(v).window]
    assert len(windows) >= 10 and {c.fn for c in a.calls} >= {"add", "sub", "mul"}
    outs = {a.base(o) for o in a.outputs}
    read = {a.base(v) for c in a.calls for v in c.args.values()}
    assert outs and not outs & read   # the values nobody reads (through windows too)
    with pytest.raises(ValueError, match="grid"):
        synthetic_program(10, stencil=True, grid=(4, 8, 8))
    p = synthetic_program(20, 1, "chain", stencil=True, fields=5)
    t, kernels = make_search(p, CAL).greedy()
    _legal(p, t, kernels)
