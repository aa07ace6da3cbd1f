"""A plan the search made under a hit time cap (issue 31, item 6) is a plan like any other: 20
unrolled FDTD steps (303 calls) planned with the greedy phase stopped by its cap halfway (its
clock read half as often as the whole greedy reads it; where the greedy's component seed fuses
the step whole, at the seed) lower to CUDA, compile to sm_90 cubins through NVRTC without spills, and compute NumPy's
float64 result exactly when run on the CPU (g++, no contraction: tests/compile/grid_cpu.py)."""
from __future__ import annotations

import types

import numpy as np

from kfuse.codegen.module import generate
from kfuse.fusion import caps
from kfuse.fusion.plan import check_plan
from kfuse.model.calibration import load_calibration
from kfuse.model.planner import best_plan
from tests.compile import grid_cpu
from tests.compile.compile_helpers import assert_clean_resources, compile_program
from tests.unit.test_search_caps import FakeClock, capped, fdtd_function, fdtd_steps

N, M = 22, 19   # odd sizes: windows of every parity


def test_a_plan_stopped_by_its_cap_compiles_and_computes_numpy(monkeypatch, tmp_path):
    prog = fdtd_steps(20, N, M)
    assert len(prog.calls) >= 300
    cal = load_calibration("NVIDIA H200")
    whole = capped(prog, 10 ** 9)
    whole.greedy()   # (its clock readings: the greedy's checks, deterministic)
    clock = FakeClock(whole.clock.readings // 2)
    monkeypatch.setattr(caps, "time", types.SimpleNamespace(perf_counter=clock))
    plan = best_plan(prog, cal)
    assert any("stopped the greedy" in n for n in plan.notes), plan.notes
    check_plan(prog, plan)
    exe = compile_program(prog, plan=plan)
    assert_clean_resources(exe)
    rng = np.random.default_rng(31)
    start = [rng.standard_normal((N, M)) for _ in range(3)]
    got = grid_cpu.run_schedule([(prog, generate(prog, plan))], [0], start, contract=False)
    for name, g, w in zip(("ex", "ey", "hz"), got, fdtd_function(20)(*start)):
        assert np.array_equal(g, w), f"{name}: max error {np.max(np.abs(g - w))}"
