"""Issue 31, compile tier: PolyBench's fdtd-2d step as NPBench writes it (tests/programs/apps/
fdtd2d.py, ``ey[0, :] = _fict_[t]`` with ``t`` a Python int argument) compiles through NVRTC,
and every plan of tests/assign_plans.py (unfused: ``pick`` runs as a scalar kernel of its own;
the model's: one kernel, ``pick`` its scalar prologue; grid variants) computes NumPy's result
bitwise when its CUDA C runs on the CPU (g++, no contraction: tests/compile/grid_cpu.py)."""
from __future__ import annotations

import numpy as np
import pytest

import kfuse
from kfuse import config
from kfuse.codegen.module import generate
from tests.assign_plans import plans
from tests.compile import compile_helpers  # noqa: F401 - skips the module without NVRTC
from tests.compile import grid_cpu
from tests.programs.apps import fdtd2d


def _lowered(dtype: str, t: int = 5):
    s = fdtd2d.init(fdtd2d.TEST, dtype)
    return s, kfuse.jit(fdtd2d.step).lower(s["ex"], s["ey"], s["hz"], s["_fict_"], t)


@pytest.mark.parametrize("dtype", ["float64", "float32"])
def test_the_step_is_one_kernel_with_pick_as_its_scalar_prologue(dtype):
    _, lo = _lowered(dtype)
    assert len(lo.plan["kernels"]) == 1, lo.plan["kernels"]
    assert lo.program.value("t").type.dtype == "int64" and lo.program.value("t").host
    src = lo.source
    assert "pick(_fict_, t)" in src and "(scalar prologue)" in src
    assert "t1_at = t1_at < 0 ? 0 : (t1_at > 999 ? 999 : t1_at);" in src   # clamped into _fict_


@pytest.mark.parametrize("t", [0, 7, -3, 999])
@pytest.mark.parametrize("dtype", ["float64", "float32"])
def test_the_plans_are_numpy_bitwise_on_the_cpu(dtype, t, tmp_path):
    s, lo = _lowered(dtype, t)
    prog = lo.program
    with config.override(search_grid_time_s=0.0):
        every = plans(prog)[:4] if (dtype, t) == ("float64", 7) else plans(prog)[:2]
        modules = [(prog, generate(prog, p)) for p in every]
    want = {k: s[k].copy() for k in ("ex", "ey", "hz")}
    for _ in range(2):
        fdtd2d.step(want["ex"], want["ey"], want["hz"], s["_fict_"], t)
    start = [s["ex"], s["ey"], s["hz"]]
    consts = [{"_fict_": s["_fict_"], "t": np.int64(t)}] * len(modules)
    exe = grid_cpu.build(modules, start, False, str(tmp_path), consts)
    for k, p in enumerate(every):
        got = grid_cpu.run(exe, [k, k], [a.copy() for a in start], str(tmp_path))
        for name, g in zip(("ex", "ey", "hz"), got):
            assert np.array_equal(g, want[name]), (k, [kp.calls for kp in p.kernels], name,
                                                  np.argwhere(g != want[name])[:4].tolist())
