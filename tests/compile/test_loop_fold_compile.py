"""Compile tier of folded time loops (``for t in range(T)`` in a kfuse.jit function): each
application's loop lowers without a GPU to one planned step (one kernel, as a careful hand-fuser
writes it) that NVRTC compiles for sm_90, whatever T; the step's generated CUDA C, run on the CPU
(g++, no contraction: tests/compile/grid_cpu.py) T times from buffer to buffer, gives NumPy's
loop bitwise."""
from __future__ import annotations

import numpy as np
import pytest

import kfuse
from kfuse import config
from kfuse.codegen.module import generate
from kfuse.model import load_calibration
from kfuse.model.planner import best_plan
from tests.compile import grid_cpu
from tests.unit.test_loop_fold import APPS, _args, _numpy


@pytest.mark.parametrize("T", [5, 10_000])
@pytest.mark.parametrize("name", sorted(APPS))
def test_the_loop_lowers_to_one_compiled_step(name, T):
    fn, names, args = _args(name)
    with config.override(arch="sm_90"):
        lo = kfuse.jit(fn, static_argnames=("steps",)).lower(*args, T)
    assert lo.plan["loop"]["count"] == T
    assert len(lo.plan["kernels"]) == 1, [k["calls"] for k in lo.plan["kernels"]]
    assert lo.plan["prologue"] is None and lo.plan["epilogue"] is None
    assert lo.cubin and lo.arch == "sm_90"
    assert f"folded, {T} steps" in lo.explain().splitlines()[-1]
    assert lo.program.name == f"{fn.__name__}_step"


@pytest.mark.parametrize("name", ["gray_scott", "heat7"])
def test_the_steps_cuda_c_gives_numpys_loop_on_the_cpu(name, tmp_path):
    # these two carry every array they read (no constants): the runner maps state to state
    fn, names, args = _args(name)
    T = 7
    jf = kfuse.jit(fn, static_argnames=("steps",))
    folded = jf._traced(jf._lower_key(tuple(args) + (T,), {}), fold=True)[0]
    body = folded.body
    assert [s[0] for s in folded.sources] == ["out"] * len(args) and not folded.invariants
    with config.override(search_grid_time_s=0.0):
        plan = best_plan(body, load_calibration())
    module = generate(body, plan)
    want_out, want_args = _numpy(fn, args, T)
    exe = grid_cpu.build([(body, module)], [np.ascontiguousarray(a) for a in args], False, str(tmp_path))
    got = grid_cpu.run(exe, [0] * T, [np.ascontiguousarray(a) for a in args], str(tmp_path))
    want = want_args if name == "gray_scott" else want_out
    for g, w in zip(got, want):
        assert np.array_equal(g, w), np.argwhere(g != w)[:4].tolist()


# ----------------------------------------------- a body reading its index (NPBench's fdtd_2d)
def _fdtd2d(shape=(13, 11), n_fict=None):
    from tests.programs.apps import fdtd2d
    st = fdtd2d.init(shape, "float64", seed=1)
    if n_fict is not None:
        st["_fict_"] = st["_fict_"][:n_fict] + 0.25
    return fdtd2d, [st[n] for n in ("ex", "ey", "hz", "_fict_")]


@pytest.mark.parametrize("T", [3, 500])
def test_npbench_fdtd2d_kernel_lowers_to_one_compiled_step_taking_t(T):
    # NPBench's kernel unchanged (``ey[0, :] = _fict_[t]`` in the loop), TMAX static
    fdtd2d, args = _fdtd2d(n_fict=T)
    with config.override(arch="sm_90"):
        lo = kfuse.jit(fdtd2d.kernel, static_argnames=("TMAX",)).lower(T, *args)
    assert lo.plan["loop"]["count"] == T and list(lo.plan["loop"]["step_inputs"].values()) == ["t"]
    assert len(lo.plan["kernels"]) == 1, [k["calls"] for k in lo.plan["kernels"]]
    assert lo.cubin and lo.arch == "sm_90"
    assert "t passed at each step" in lo.explain().splitlines()[-1]


@pytest.mark.parametrize("contract", [False, True])
def test_the_fdtd2d_steps_cuda_c_gives_numpys_loop_with_t_set_at_each_step(contract, tmp_path):
    # the CPU runner runs one copy of the step per t (its host scalars are literals of a copy)
    fdtd2d, args = _fdtd2d((13, 11), n_fict=9)
    T = 7
    jf = kfuse.jit(fdtd2d.kernel, static_argnames=("TMAX",))
    folded = jf._traced(jf._lower_key((T,) + tuple(args), {}), fold=True)[0]
    body, (step,) = folded.body, folded.steps
    assert [s[0] for s in folded.sources] == ["out"] * 3 and folded.invariants == ["_fict_", step]
    with config.override(search_grid_time_s=0.0):
        plan = best_plan(body, load_calibration())
    module = generate(body, plan)
    assert len(module.launches) == 1
    by_name = dict(zip(("ex", "ey", "hz", "_fict_"), args))
    state = [np.ascontiguousarray(by_name[n]) for n in folded.init]
    consts = [{"_fict_": by_name["_fict_"], step: t} for t in range(T)]
    exe = grid_cpu.build([(body, module)] * T, state, contract, str(tmp_path), consts)
    got = grid_cpu.run(exe, list(range(T)), state, str(tmp_path))
    want = [a.copy() for a in args]
    fdtd2d.kernel(T, *want)
    want = dict(zip(("ex", "ey", "hz"), want))
    for n, g in zip(folded.init, got):
        if contract:
            np.testing.assert_allclose(g, want[n], rtol=1e-13, atol=1e-15, err_msg=n)
        else:
            assert np.array_equal(g, want[n]), (n, np.argwhere(g != want[n])[:4].tolist())
