"""Issue 31, compile tier: the window updates of tests/window_cases.py fuse (the kernel that
computes a window's values writes them; several assignments into one array run in one kernel)
and their plans (unfused, the model's, variants of the grid space: staging, streaming, points per
thread, vector width; every variant in the GPU tier) compute NumPy's result bitwise when its generated CUDA C runs
on the CPU (g++, no contraction: tests/compile/grid_cpu.py), for two steps in float64 and float32."""
from __future__ import annotations

import numpy as np
import pytest

from kfuse import config
from kfuse.codegen.module import generate
from kfuse.frontend.trace import trace
from kfuse.model import load_calibration
from kfuse.model.planner import best_plan
from tests.assign_plans import plans
from tests.compile import grid_cpu
from tests.window_cases import CASES

#: kernels the model's plan has for each case (a careful hand-fuser's count: one pass; hotspot's
#: second output, ``power * 1.0``, shares no window with the stencil and is a map of its own)
KERNELS = {"fdtd2d": 1, "periodic2d": 1, "jacobi_kept": 1, "update_then_walls": 1, "heat3d_walls": 1,
           "hotspot": 2}


def _program(name: str, dtype: str):
    fn, shapes = CASES[name]
    names = [f"s{i}" for i in range(len(shapes))]
    return trace(fn, names, [("a", s, dtype, "C") for s in shapes], name)[0]


def _state(name: str, dtype: str, seed: int = 0) -> list:
    rng = np.random.default_rng(seed)
    return [rng.uniform(-1, 1, s).astype(dtype) for s in CASES[name][1]]


@pytest.mark.parametrize("name", sorted(CASES))
def test_the_models_plan_has_one_kernel_per_pass(name):
    prog = _program(name, "float64")
    with config.override(search_grid_time_s=0.0):
        plan = best_plan(prog, load_calibration())
    assert len(plan.kernels) == KERNELS[name], [k.calls for k in plan.kernels]
    assert plan.kernels[0].space == "grid" and len(plan.kernels[0].calls) > 1


@pytest.mark.parametrize("dtype", ["float64", "float32"])
@pytest.mark.parametrize("name", sorted(CASES))
def test_the_plans_are_numpy_bitwise_on_the_cpu(name, dtype, tmp_path):
    prog = _program(name, dtype)
    with config.override(search_grid_time_s=0.0):
        # float64: the unfused plan, the model's and two variants (the GPU tier runs all of them);
        # float32 shares the code paths: the model's plan
        every = plans(prog)[:4] if dtype == "float64" else plans(prog)[1:2]
        modules = [(prog, generate(prog, p)) for p in every]
    start = _state(name, dtype)
    want = [a.copy() for a in start]
    fn = CASES[name][0]
    for _ in range(2):
        want = list(fn(*want))
    exe = grid_cpu.build(modules, start, False, str(tmp_path))
    for k, p in enumerate(every):
        got = grid_cpu.run(exe, [k, k], [a.copy() for a in start], str(tmp_path))
        for i, (g, w) in enumerate(zip(got, want)):
            assert np.array_equal(g, w), (f"plan {k} {[(kp.calls, kp.params) for kp in p.kernels]}: field {i} "
                                          f"differs at {np.argwhere(g != w)[:4].tolist()}")


def test_kernels_storing_in_place_compile_without_spills(monkeypatch):
    """A kernel storing a written argument's final value into the argument (its pointers not
    ``__restrict__``; a space claiming own-point reads, as the grid space's frame could)
    compiles through NVRTC without spills."""
    from kfuse.spaces.grid.space import GridSpace
    from tests.compile.compile_helpers import assert_clean_resources, compile_program

    def claim(self, program, calls, params, base, info):
        return self.frame(program, calls, params, info).loads.get(base, set()) <= {(0, 0)}
    monkeypatch.setattr(GridSpace, "reads_own_point", claim, raising=False)

    def ex_update(ex, hz):
        ex[:, 1:] -= 0.5 * (hz[:, 1:] - hz[:, :-1])
    prog = trace(ex_update, ["ex", "hz"], [("a", (4000, 5200), "float64", "C")] * 2, "ex_update")[0]
    exe = compile_program(prog)
    assert "const double* ex," in exe.module.source
    assert_clean_resources(exe)
