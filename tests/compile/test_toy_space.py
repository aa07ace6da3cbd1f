"""Compile tier: the toy "pairs" space (tests/toy_space.py: one space module and one lowering,
no edit to fusion/, model/, codegen/ or runtime/) goes from plan to an sm_90 cubin through NVRTC."""
from __future__ import annotations

import pytest

import kfuse
from kfuse import spaces
from kfuse.codegen import LOWERINGS
from kfuse.fusion import unfused_plan
from kfuse.fusion.search import make_plan
from kfuse.model import load_calibration
from kfuse.model.planner import best_plan

from ..toy_space import TOY_SCRIPT, registered
from .compile_helpers import assert_clean_resources, compile_program


@pytest.mark.parametrize("dtype", ["float32", "complex128"])
@pytest.mark.parametrize("n", [1, 5000])
def test_the_toy_space_compiles_to_a_cubin(dtype, n):
    with registered():
        prog = kfuse.parse(TOY_SCRIPT, "toy", dtype).bind({"n": n})
        plans = [unfused_plan(prog), make_plan(prog, [([0, 1], {"block": 256, "pairs": 1})]),
                 best_plan(prog, load_calibration())]
        for plan in plans:
            assert {k.space for k in plan.kernels} == {"pairs"}
            exe = compile_program(prog, plan=plan)
            assert_clean_resources(exe)
            assert [k.name for k in exe.module.kernels] == [k.name for k in plan.kernels]
            assert all(k.grid[0] >= 1 for k in exe.module.kernels)
    assert "pairs" not in spaces.SPACES and "pairs" not in LOWERINGS


class _FakeCupy:
    """Just what :func:`kfuse.runtime.launch.load_steps` asks of CuPy, with no GPU: a device
    whose opt-in limit is the H100's, and arrays that are never touched."""

    class cuda:
        class Device:
            def __init__(self, dev):
                self.attributes = {"MaxSharedMemoryPerBlockOptin": 232448}

    @staticmethod
    def zeros(n, dtype=None):
        return ("zeros", n)

    @staticmethod
    def empty(n, dtype=None):
        return ("empty", n)


class _FakeModule:
    def get_function(self, name):
        return name


@pytest.mark.parametrize("target", ["", "sm_90a"])
def test_toy_dynamic_shared_memory_compiles_and_asks_the_attribute(target, monkeypatch):
    """A toy kernel with 64 KiB of dynamic shared memory (its space's geometry alone) compiles
    (for sm_90a where the space asks it), its launch spec carries the bytes, and loading it
    requests the function attribute for them (over the 48 KiB default)."""
    import sys
    from kfuse.runtime import launch
    with registered():
        prog = kfuse.parse(TOY_SCRIPT, "toy", "complex128").bind({"n": 100_003})
        params = {"block": 128, "pairs": 2, "shared": 65536, "target": target}
        exe = compile_program(prog, plan=make_plan(prog, [([0, 1], params)]))
        assert_clean_resources(exe)
        assert exe.target == (target or "sm_90")
        spec, = exe.launch_spec.launches
        assert spec.shared_bytes == 65536 and spec.target == target
        assert exe.resources[spec.kernel]["smem"] == 0        # all of it dynamic
        asked = []
        monkeypatch.setitem(sys.modules, "cupy", _FakeCupy)
        monkeypatch.setattr(launch, "allow_shared", lambda fn, lnch, optin: asked.append((fn, lnch.shared_bytes, optin)))
        steps = launch.load_steps(_FakeModule(), exe.launch_spec.launches, 0)
        assert asked == [(spec.kernel, 65536, 232448)]
        assert steps[0].shared_bytes == 65536
