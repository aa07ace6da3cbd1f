"""The size of a grid kernel's code (kfuse.spaces.grid.branches): the count of evaluations per
point follows the lowering line for line, a chain of windows assigned inside windows that
would emit more than the limit is refused with the reason, and the planner splits it (the
shallow-water step fused whole was 333,000 lines of CUDA that NVRTC compiled in 5 minutes)."""
from __future__ import annotations

import re
import time

from kfuse import config
from kfuse.codegen.module import generate
from kfuse.fusion import legality
from kfuse.fusion.plan import KernelPlan, Plan
from kfuse.frontend.trace import trace
from kfuse.model import load_calibration
from kfuse.model.planner import best_plan
from kfuse.spaces import get
from kfuse.spaces.grid import branches
from kfuse.spaces.registry import program_info
from tests.programs import swm


def smooth(k):
    """``k`` in-place window updates, each reading the last at two offsets: 2^k evaluations."""
    def f(a):
        b = a.copy()
        for _ in range(k):
            b[1:-1] = 0.5 * (b[2:] + b[:-2])
        return b
    return f


def _program(k, n=40):
    return trace(smooth(k), ["a"], [("a", (n,), "float64", "C")], f"smooth{k}")[0]


def _count(prog, calls=None):
    calls = list(range(len(prog.calls))) if calls is None else list(calls)
    info = program_info(prog)
    frame = get("grid").frame(prog, calls, {}, info)
    return branches.evaluations(prog, calls, frame, frozenset(), info, limit=10**7)


def _emitted(source: str) -> int:
    """Evaluations the generated kernel prints: a comment per evaluated call, a line per load."""
    calls = len(re.findall(r"// call \d+:", source))
    loads = len(re.findall(r"^\s*const \w+ \w+_e = \w+\[[^\]]+\];", source, re.M))
    return calls + loads


def _whole(prog) -> Plan:
    calls = list(range(len(prog.calls)))
    return Plan(prog.name, {}, [KernelPlan("k0", calls, "grid", {"bx": 64, "by": 1, "zc": 1})])


def test_the_count_is_what_the_lowering_prints():
    for k in (1, 3, 6):
        prog = _program(k)
        mod = generate(prog, _whole(prog), checked=True)
        assert _count(prog) == _emitted(mod.source), k


def test_a_window_chain_doubles_per_window():
    counts = [_count(_program(k)) for k in (4, 5, 6, 7)]
    assert all(b > 1.8 * a for a, b in zip(counts, counts[1:])), counts


def test_the_count_stops_at_the_limit():
    prog = _program(40)   # 2^40 evaluations if walked to the end
    info = program_info(prog)
    calls = list(range(len(prog.calls)))
    frame = get("grid").frame(prog, calls, {}, info)
    t = time.perf_counter()
    assert branches.evaluations(prog, calls, frame, frozenset(), info, limit=1000) == 1001
    assert time.perf_counter() - t < 5


def test_a_kernel_too_large_is_refused_with_the_reason():
    prog = _program(14)
    why = legality.check(prog, list(range(len(prog.calls))))
    assert any("would evaluate more than 4,096 calls and loads per point" in w for w in why), why
    assert "would evaluate more than" in legality.explain(prog, list(range(len(prog.calls))))
    small = _program(4)
    assert not legality.check(small, list(range(len(small.calls))))


def test_the_planner_splits_the_chain_and_every_kernel_fits():
    for prog in (_program(14), _swm_step(95, 183)):
        with config.override(search_grid_time_s=0.0):
            plan = best_plan(prog, load_calibration())
        assert len(plan.kernels) > 1, prog.name
        for kp in plan.kernels:
            if kp.space == "grid":
                assert _count(prog, kp.calls) <= branches.LIMIT, (prog.name, kp.name)
        assert len(generate(prog, plan).source.splitlines()) < 20_000


def _swm_step(M, N):
    specs = [("a", (M + 1, N + 1), "float64", "C")] * len(swm.FIELDS)
    return trace(swm.make_step(M, N, False), list(swm.FIELDS), specs, "swm")[0]
