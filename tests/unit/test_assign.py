"""Unit tier for assignment into traced arrays (boundary code, issue 19): tracing to ``assign``,
the refusals with their messages, NumPy's result through the reference and the plan executor
(1-D to 3-D, C and F order, both dtypes, odd sizes), fusion refused with the reason, the staged
workflow's targets."""
from __future__ import annotations

import numpy as np
import pytest

import kfuse
from kfuse import reference
from kfuse.errors import DTypeError, KfuseError, ShapeError
from kfuse.frontend.trace import trace
from kfuse.fusion import unfused_plan
from kfuse.fusion.legality import explain
from kfuse.model import load_calibration
from kfuse.model.planner import best_plan
from kfuse.pipeline.workflow import targets


def jacobi_periodic(k):
    """The issue's boundary example: a 5-point update, two periodic copies, a Dirichlet plane."""
    def step(u):
        v = k.interior(u, 0.25 * (u[:-2, 1:-1] + u[2:, 1:-1] + u[1:-1, :-2] + u[1:-1, 2:]))
        v[0, :] = v[-2, :]
        v[-1, :] = v[1, :]
        v[:, 0] = 0.0
        return v
    return step


def np_interior(u, new):
    r = u.copy()
    h = [(a - b) // 2 for a, b in zip(u.shape, new.shape)]
    r[tuple(slice(x, n - x) for x, n in zip(h, u.shape))] = new
    return r


NP = type("NP", (), {"interior": staticmethod(np_interior)})


def heat3d_walls(k):
    """3-D: a 7-point update, periodic along axis 0, a fixed wall, reads of v after the copies."""
    def step(u):
        v = k.interior(u, u[1:-1, 1:-1, 1:-1] + 0.1 * (u[:-2, 1:-1, 1:-1] + u[2:, 1:-1, 1:-1]
                                                        + u[1:-1, :-2, 1:-1] + u[1:-1, 2:, 1:-1]
                                                        + u[1:-1, 1:-1, :-2] + u[1:-1, 1:-1, 2:]
                                                        - 6 * u[1:-1, 1:-1, 1:-1]))
        v[0] = v[-2]
        v[-1, :, :] = v[1, :, :]
        v[..., -1] = 1.5
        v[2:4, 1, 1:-1] = v[3:5, 2, 1:-1]
        return v[1:-1, 1:-1, 1:-1] * 2.0 - v[:-2, 1:-1, 1:-1]
    return step


def line(k):
    """1-D: a copy assigned at both ends (a scalar and a far element), then a stencil of it."""
    def step(u):
        v = u.copy()
        v[0] = -1.0
        v[-1:] = v[1:2]
        v[3:5] = v[-3:-1]
        return v[1:] - v[:-1]
    return step


CASES = {"jacobi_periodic": (jacobi_periodic, [(13, 17)]), "heat3d_walls": (heat3d_walls, [(13, 7, 11)]),
         "line": (line, [(19,)])}


def _traced(name, order="C", dtype="float64"):
    factory, shapes = CASES[name]
    specs = [("a", s, dtype, order if len(s) > 1 else "C") for s in shapes]
    prog, _ = trace(factory(kfuse), [f"a{i}" for i in range(len(shapes))], specs, name)
    return prog


def _inputs(name, order, dtype, seed=0):
    rng = np.random.default_rng(seed)
    arrays = [rng.uniform(-1, 1, s).astype(dtype) for s in CASES[name][1]]
    return [np.asfortranarray(a) if order == "F" else a for a in arrays]


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("order", ["C", "F"])
@pytest.mark.parametrize("name", sorted(CASES))
def test_reference_and_every_plan_equal_numpy(name, order, dtype):
    prog = _traced(name, order, dtype)
    arrays = _inputs(name, order, dtype)
    want = CASES[name][0](NP)(*[a.astype(np.float64) for a in arrays])
    ins = dict(zip(prog.inputs, arrays))
    got = reference.run(prog, ins)[prog.outputs[0]]
    np.testing.assert_allclose(got, want, rtol=1e-6, atol=1e-6)
    for plan in (unfused_plan(prog), best_plan(prog, load_calibration())):
        out = reference.run_plan(prog, [k.calls for k in plan.kernels], ins)[prog.outputs[0]]
        np.testing.assert_allclose(out, want, rtol=1e-6, atol=1e-6)


def test_assignment_traces_to_assign_calls_at_their_windows():
    prog = _traced("jacobi_periodic")
    calls = [c for c in prog.calls if c.fn == "assign"]
    assert [c.at for c in calls] == [((0, 1), (0, 17)), ((12, 13), (0, 17)), ((0, 13), (0, 1))]
    assert prog.value(calls[0].args["inner"]).window == ((11, 12), (0, 17))
    assert prog.value(calls[2].args["inner"]).const == 0.0
    assert calls[1].args["u"] == calls[0].out and prog.outputs == [calls[2].out]   # rebound
    again = type(prog).from_json(prog.to_json())
    assert [c.at for c in again.calls] == [c.at for c in prog.calls]


def test_the_assignments_fuse_with_the_stencil_into_one_kernel():
    """Issue 31: a window update is computed by the kernel that computes its value; the
    periodic rows and the wall run in the stencil's kernel (one kernel, not one per assignment)."""
    prog = _traced("jacobi_periodic")
    plan = best_plan(prog, load_calibration())
    assert [k.calls for k in plan.kernels] == [[c.id for c in prog.calls]]
    a = next(c.id for c in prog.calls if c.fn == "assign")
    text = explain(prog, [a - 1, a])
    assert "can run in one kernel" in text and "boundary code" not in text


def test_stage_targets_include_assignments():
    prog = _traced("jacobi_periodic")
    doc = targets(prog, None)
    excluded = {e["call"]: e["reason"] for e in doc["excluded"]}
    for c in prog.calls:
        if c.fn == "assign":
            assert c.id in doc["eligible"] and c.id not in excluded


def _trace(fn, *shapes, dtype="float64"):
    return trace(fn, [f"a{i}" for i in range(len(shapes))], [("a", s, dtype, "C") for s in shapes])[0]


def test_assignment_into_an_argument_writes_it_for_the_caller():
    def f(u):
        u[0, :] = 1.0
        return u
    prog = _trace(f, (5, 6))
    assert prog.writes == {"a0": prog.outputs[0]} and prog.returned() == prog.outputs


def test_copy_is_the_suggested_fix():
    def f(u):
        v = u.copy()
        v[0, :] = 1.0
        return v
    prog = _trace(f, (5, 6))
    u = np.random.default_rng(1).uniform(-1, 1, (5, 6))
    want = u.copy()
    want[0, :] = 1.0
    np.testing.assert_array_equal(reference.run(prog, {"a0": u})[prog.outputs[0]], want)


@pytest.mark.parametrize("key, msg", [
    ((slice(None, None, 2), slice(None)), "step 2"),
    ((7, slice(None)), "index 7 is out of bounds for axis 0 with size 5"),
    ((-6,), "index -6 is out of bounds"),
    ((0, 0, 0), "too many indices"),
    (([0, 1],), "index \\[0, 1\\] is not supported"),
])
def test_bad_keys_are_one_clear_shape_error(key, msg):
    def f(u):
        v = u.copy()
        v[key] = 1.0
        return v
    with pytest.raises(ShapeError, match=msg):
        _trace(f, (5, 6))


def test_values_of_another_shape_are_refused():
    def f(u):
        v = u.copy()
        v[0, :] = u[1:3, :]
        return v
    with pytest.raises(ShapeError, match=r"could not broadcast .* of shape \(2, 6\) into .* shape \(6,\)"):
        _trace(f, (5, 6))


def test_a_view_taken_before_an_assignment_is_refused_after_it():
    def f(u):
        v = u.copy()
        top = v[1:2, :]
        v[1, :] = 0.0
        return top + 1.0
    with pytest.raises(KfuseError, match="taken before an assignment"):
        _trace(f, (5, 6))


def test_an_integer_indexed_plane_is_only_an_assignment_value():
    def f(u):
        return u[0, :] + 1.0
    with pytest.raises(ShapeError, match="drops an axis"):
        _trace(f, (5, 6))


def test_mixed_dtypes_follow_the_no_promotion_rule():
    def f(u, w):
        v = u.copy()
        v[0:1, :] = w[0:1, :]
        return v
    with pytest.raises(DTypeError, match="mismatched element types"):
        trace(f, ["a0", "a1"], [("a", (5, 6), "float32", "C"), ("a", (5, 6), "float64", "C")])


def test_a_keep_dims_value_and_a_reduction_fill_windows():
    def f(u):
        v = u.copy()
        v[0, :] = u[4:5, :]        # NumPy broadcasts (1, n) into (n,)
        v[:, -1] = kfuse.sum(u)    # a 0-d value fills the column
        v[1:1, :] = 3.0            # an empty window: nothing
        return v
    prog = _trace(f, (5, 6))
    u = np.random.default_rng(2).uniform(-1, 1, (5, 6))
    want = u.copy()
    want[0, :] = u[4:5, :]
    want[:, -1] = u.sum()
    np.testing.assert_allclose(reference.run(prog, {"a0": u})[prog.outputs[0]], want, rtol=1e-12)
