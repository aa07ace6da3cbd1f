"""Issue 31: the plan's predicted time prices the copy of each written argument no kernel stores
in place (kfuse.model.writeback): read and written once at the calibrated bandwidths, one more
operation in the stream, one more host launch; explain() says so."""
from __future__ import annotations

import dataclasses

import pytest

import kfuse
from kfuse.frontend.trace import trace
from kfuse.model import load_calibration
from kfuse.model.planner import best_plan, make_search
from kfuse.model.predict import predict_plan

CAL = load_calibration("NVIDIA H200")


def heat(u):
    u[1:-1, 1:-1] += 0.1 * (u[:-2, 1:-1] + u[2:, 1:-1] - 2.0 * u[1:-1, 1:-1])


def axpy(u, v):
    u += 2.0 * v


def _trace(fn, *shapes):
    names = list(fn.__code__.co_varnames[:fn.__code__.co_argcount])
    return trace(fn, names, [("a", s, "float64", "C") for s in shapes], fn.__name__)[0]


def _copy_s(nbytes: int) -> float:
    return nbytes / CAL.read_bw + nbytes / CAL.write_bw + CAL.gpu_launch_s


def _unwritten(prog):
    """The same program with no argument written (its final value only returned)."""
    return dataclasses.replace(prog, writes={})


def test_a_copied_back_argument_is_in_the_predicted_time():
    prog = _trace(heat, (1024, 1024))   # a grid kernel never stores in place: u is copied back
    plan = best_plan(prog, CAL)
    kernels = [(k.calls, k.params) for k in plan.kernels]
    nbytes = prog.value("u").type.nbytes()
    with_copy = predict_plan(prog, kernels, CAL)
    without = predict_plan(_unwritten(prog), kernels, CAL)
    assert with_copy["gpu_s"] - without["gpu_s"] == pytest.approx(_copy_s(nbytes), rel=1e-9)
    assert with_copy["host_s"] - without["host_s"] == pytest.approx(CAL.host_launch_s, rel=1e-9)
    assert plan.predicted_s == pytest.approx(with_copy["time_s"], rel=1e-12)
    assert plan.predicted_s > without["time_s"]
    # the search's own comparisons (plan_cost of a combination) count it too
    search = make_search(prog, CAL)
    t, _k = search.combination([list(k.calls) for k in plan.kernels])
    assert t == pytest.approx(with_copy["time_s"], rel=1e-12)
    text = kfuse.explain(prog)
    assert "written arguments copied back after the kernels: u (1 device-to-device copy, 8,388,608 B" in text


@pytest.fixture
def grid_claims(monkeypatch):
    """A grid space claiming own-point reads wherever its frame loads an array at offset 0 only
    (the rule a space may state: kfuse.spaces.base.Space.reads_own_point)."""
    from kfuse.spaces.grid.space import GridSpace
    from kfuse.spaces.grid.halo.shared import smem_names

    def claim(self, program, calls, params, base, info):
        frame = self.frame(program, calls, params, info)
        return base not in smem_names(params) and frame.loads.get(base, set()) <= {(0,) * frame.rank}
    monkeypatch.setattr(GridSpace, "reads_own_point", claim, raising=False)


def test_an_argument_stored_in_place_costs_no_copy(grid_claims):
    """axpy reads u at the points it stores: where the space says so, the kernel stores u in
    place and the call copies nothing."""
    from kfuse.fusion.inplace import inplace_writes
    prog = _trace(axpy, (1 << 20,), (1 << 20,))
    plan = best_plan(prog, CAL)
    assert inplace_writes(prog, plan) == {prog.writes["u"]: "u"}
    kernels = [(k.calls, k.params) for k in plan.kernels]
    assert predict_plan(prog, kernels, CAL)["time_s"] == pytest.approx(
        predict_plan(_unwritten(prog), kernels, CAL)["time_s"], rel=1e-12)
    assert not any("copied back" in n for n in plan.notes)
