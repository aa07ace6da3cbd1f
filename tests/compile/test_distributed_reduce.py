"""Reductions placed on the ranks of a decomposed grid, without a GPU: every placed reducing
kernel compiles with NVRTC for sm_90 without spills, its threads and its last-block count cover
the rank's owned points only, the step all-reduces each finished scalar right after the launch
that finishes it (one all-reduce per op and dtype, on plans of one and two kernels), and what
an all-reduce cannot combine (a norm's square root finished in the kernel, a complex maximum)
is refused with the reason (the GPU tier runs them: tests/gpu/test_distributed_reduce_gpu.py)."""
from __future__ import annotations

import dataclasses
import inspect
import re

import numpy as np
import pytest

from kfuse import library
from kfuse.distributed import LocalComm, decompose, step_halos
from kfuse.distributed.placed import rank_module
from kfuse.distributed.rank_step import RankStep
from kfuse.distributed.reduce import AllReduce
from kfuse.frontend.trace import trace
from kfuse.model import load_calibration
from kfuse.model.planner import best_plan
from kfuse.spaces.grid.placement import reduction_refusal


def jacobi_residual(a):
    b = a.copy()
    b[1:-1, 1:-1] = 0.25 * (a[1:-1, :-2] + a[1:-1, 2:] + a[:-2, 1:-1] + a[2:, 1:-1])
    return b, ((b - a) ** 2).sum()


def stats(a):
    b = a.copy()
    b[1:-1, 1:-1] = 0.25 * (a[1:-1, :-2] + a[1:-1, 2:] + a[:-2, 1:-1] + a[2:, 1:-1])
    return b, ((b - a) ** 2).sum(), abs(b).max(), b.min(), (b * a).sum()


def dot(a, c):
    return (a * c).sum()


def total(a):
    return a[1:-1, 1:-1, 1:-1].sum()


def _planned(fn, shapes, dtype="float64"):
    names = list(inspect.signature(fn).parameters)
    prog = trace(fn, names, [(n, s, dtype, "C") for n, s in zip(names, shapes)], fn.__name__)[0]
    return prog, best_plan(prog, load_calibration())


def _steps(prog, plan, shape, dims):
    d = decompose(shape, int(np.prod(dims)), split=dims)
    return LocalComm.run(d.size, lambda comm: RankStep(prog, plan, d, comm, arch="sm_90"), timeout=300)


def _split(plan, prog, first: int):
    """``plan``'s one kernel cut in two: the calls before ``first``, then the rest."""
    k = plan.kernels[0]
    return dataclasses.replace(plan, kernels=[
        dataclasses.replace(k, name="k0_step", calls=[c for c in k.calls if c < first]),
        dataclasses.replace(k, name="k1_reduce", calls=[c for c in k.calls if c >= first])])


def _out(prog, fn_name: str, nth: int = 0) -> str:
    return [c.outs["r"] for c in prog.calls if c.fn == fn_name][nth]


CASES = [(jacobi_residual, [(13, 11)], (2, 1), "float64"), (stats, [(13, 11)], (2, 2), "float32"),
         (dot, [(12, 9), (12, 9)], (1, 3), "float64"), (total, [(9, 7, 6)], (2, 1, 1), "float32")]


@pytest.mark.parametrize("fn, shapes, dims, dtype", CASES, ids=lambda x: getattr(x, "__name__", str(x)))
def test_every_placed_reducing_kernel_compiles_without_spills(fn, shapes, dims, dtype):
    prog, plan = _planned(fn, shapes, dtype)
    assert [k.space for k in plan.kernels] == ["grid"]
    for step in _steps(prog, plan, shapes[0], dims):
        res = step.compiled.resources()
        assert res and all(r["spill_stores"] == 0 and r["stack"] == 0 for r in res.values()), res
        assert len(step.reduces) == 1 and step.reduces[0], step.reduces


def test_a_placed_reduction_covers_the_owned_rows_only():
    prog, plan = _planned(jacobi_residual, [(130, 70)])
    d = decompose((130, 70), 2)
    halos = step_halos(prog, plan, d)
    halos = {**halos, prog.outputs[0]: halos["a"]}
    text = rank_module(prog, plan, d, 1, halos).kernels[0].text
    by = int(re.search(r"BY = (\d+)", text).group(1))
    assert "constexpr int Y0 = 65;" in text   # rank 1 owns rows 65 .. 129
    assert f"constexpr int GRID = {-(-65 // by)};" in text   # the last block counts the rank's blocks only
    assert "y_p >= 65 && y_p < 130" in text


def test_the_scalars_of_one_launch_are_all_reduced_after_it_packed_by_op_and_dtype():
    prog, plan = _planned(stats, [(13, 11)])
    want = (AllReduce("sum", "float64", (_out(prog, "sum"), _out(prog, "sum", 1))),
            AllReduce("max", "float64", (_out(prog, "max"),)), AllReduce("min", "float64", (_out(prog, "min"),)))
    for step in _steps(prog, plan, (13, 11), (2, 1)):
        assert step.reduces == (want,)


def test_a_plan_of_two_kernels_all_reduces_after_the_second():
    prog, plan = _planned(jacobi_residual, [(13, 11)])
    first = 1 + max(c.id for c in prog.calls if c.fn == "assign")
    plan = _split(plan, prog, first)
    for step in _steps(prog, plan, (13, 11), (2, 2)):
        assert [k.name for k in step.module.kernels] == ["k0_step", "k1_reduce"]
        assert step.reduces == ((), (AllReduce("sum", "float64", (prog.outputs[1],)),))
        assert step.schedule[0] == ("a",)


def test_a_norm_finished_in_the_kernel_and_a_complex_maximum_are_refused():
    assert reduction_refusal([(library.get("sum"), "float64"), (library.get("max"), "float32")]) is None
    assert reduction_refusal([(library.get("sum"), "complex64")]) is None
    why = reduction_refusal([(library.get("nrm2"), "float64")])
    assert "finalize must be the identity: nrm2 finishes with 'r = kf_sqrt(acc);'" in why
    assert "complex values are only summed" in reduction_refusal([(library.get("max"), "complex128")])



def rms(a):
    return np.sqrt(((a[1:-1, 1:-1] - a[:-2, 1:-1]) ** 2).sum() / 99.0)


def test_a_scalar_kernel_after_the_reduction_runs_whole_on_every_rank():
    prog, plan = _planned(rms, [(13, 11)])
    assert [k.space for k in plan.kernels] == ["grid", "scalar"]
    for step in _steps(prog, plan, (13, 11), (2, 1)):
        reduced = _out(prog, "sum")
        assert step.reduces == ((AllReduce("sum", "float64", (reduced,)),), ())
        assert any(a.value == reduced for a in step.spec.launches[1].args if a.kind == "in")
        assert "Y0" not in step.module.kernels[1].text   # not placed: the same kernel as on one GPU


def test_jit_on_dist_arrays_returns_the_field_and_the_scalar():
    import threading

    import kfuse
    import kfuse.distributed as kd
    from kfuse.distributed.jit import prepare
    lock = threading.Lock()

    def rank(comm):
        g = kd.Grid((13, 11), comm=comm, split=(2, 2), arrays="numpy")
        u = g.scatter(np.ones((13, 11)))
        with lock:
            entry = prepare(kfuse.jit(jacobi_residual, arch="sm_90"), u)
        return entry.structure, entry.step.reduces, entry.program.returned()

    for structure, reduces, returned in LocalComm.run(4, rank, timeout=300):
        assert structure == "tuple" and len(returned) == 2
        assert reduces == ((AllReduce("sum", "float64", (returned[1],)),),)
