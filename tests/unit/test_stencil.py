"""Unit tier for stencils: slicing semantics, the grid space's claim and frame, fusion into one
kernel (counted), plan parameters refused with the reason, the reference against NumPy."""
from __future__ import annotations

import json

import numpy as np
import pytest

import kfuse
from kfuse import reference, spaces
from kfuse.errors import PlanError, ShapeError
from kfuse.frontend.trace import trace, window_bounds
from kfuse.codegen.module import generate
from kfuse.fusion.plan import check_plan, plan_from_json
from kfuse.fusion.search import explain_fusion, make_plan
from kfuse.model import load_calibration
from kfuse.model.planner import best_plan

from ..stencil_programs import CASES, NUMPY


def traced(name, order="C", dtype="float64"):
    factory, shapes, extra = CASES[name]
    fn = factory(kfuse)
    specs = [("a", s, dtype, order if len(s) > 1 else "C") for s in shapes] + [("h", "real")] * len(extra)
    names = [f"a{i}" for i in range(len(shapes) + len(extra))]
    prog, _ = trace(fn, names, specs, name)
    return prog


def inputs_for(name, order="C", seed=0):
    _, shapes, extra = CASES[name]
    rng = np.random.default_rng(seed)
    arrays = [rng.uniform(-1, 1, s) for s in shapes]
    if order == "F":
        arrays = [np.asfortranarray(a) for a in arrays]
    return arrays, list(extra)


@pytest.mark.parametrize("key", [np.s_[1:-1], np.s_[:, 2:], np.s_[..., :-2], np.s_[-3:], np.s_[5:2],
                                 np.s_[-100:100], np.s_[1:-1, ..., 0:1]])
def test_window_bounds_follow_numpy(key):
    shape = (7, 5, 6)
    x = np.arange(np.prod(shape)).reshape(shape)
    got = window_bounds(shape, key)
    want = x[key]
    assert want.shape == tuple(hi - lo for lo, hi in got)
    assert (x[tuple(slice(lo, hi) for lo, hi in got)] == want).all()


@pytest.mark.parametrize("key,msg", [(0, "integer index"), (np.s_[::2], "step 2"), (np.s_[[0, 1]], "index"),
                                     (np.s_[..., ...], "single ellipsis"), (np.s_[1:, 1:, 1:, 1:], "too many")])
def test_unsupported_indexes_are_one_clear_error(key, msg):
    with pytest.raises(ShapeError, match=msg):
        window_bounds((4, 5, 6), key)


@pytest.mark.parametrize("name", sorted(CASES))
@pytest.mark.parametrize("order", ["C", "F"])
def test_reference_equals_numpy_on_the_same_code(name, order):
    prog = traced(name, order)
    arrays, extra = inputs_for(name, order)
    want = CASES[name][0](NUMPY)(*arrays, *extra)
    want = want if isinstance(want, tuple) else (want,)
    got = reference.run(prog, dict(zip(prog.inputs, arrays + extra)))
    for o, w in zip(prog.outputs, want):
        np.testing.assert_allclose(got[o], w, rtol=1e-13, atol=1e-13)


@pytest.mark.parametrize("name", sorted(CASES))
def test_every_stencil_program_is_one_grid_kernel(name):
    prog = traced(name)
    plan = best_plan(prog, load_calibration())
    assert [k.space for k in plan.kernels] == ["grid"], plan.to_json()


def test_frame_offsets_of_heat3d():
    prog = traced("heat3d")
    info = spaces.program_info(prog)
    space = spaces.get("grid")
    calls = list(range(len(prog.calls)))
    frame = space.frame(prog, calls, {}, info)
    loads = {r.d for c in calls for r in frame.reads[c] if r.base == "a0"}
    pos_out = frame.pos[prog.outputs[0]]
    assert frame.box == tuple((1, n - 1) for n in (19, 23, 37))
    # the seven points of the stencil around the output's point, in the frame of u
    shifted = {tuple(d[a] + frame.pos[prog.calls[c].out][a] - pos_out[a] for a in range(3))
               for c in calls for r in frame.reads[c] for d in [r.d] if r.base == "a0"}
    assert len(loads) >= 1 and len(shifted) >= 1
    assert frame.axes == (2, 1, 0)


def test_pointwise_calls_next_to_stencils_join_the_grid_space():
    prog = traced("pointwise_first")
    info = spaces.program_info(prog)
    assert {info.domain(c.id).space for c in prog.calls} == {"grid"}


def test_blas_programs_do_not_use_the_grid_space():
    prog = kfuse.parse("vector x(n), y(n); input x, y; z = x + 2 * y; r = dot(z, x); return z, r;",
                       "p", "float32").bind({"n": 100})
    info = spaces.program_info(prog)
    assert {info.domain(c.id).space for c in prog.calls} == {"vec"}


def _fused(prog, params):
    return make_plan(prog, [(list(range(len(prog.calls))), params)])


def test_smem_of_a_value_the_kernel_does_not_compute_is_refused():
    prog = traced("hdiff")
    with pytest.raises(PlanError, match="smem names 'zz', which is not an array this kernel computes or loads"):
        generate(prog, _fused(prog, {"bx": 32, "by": 8, "smem": "zz"}))
    out = prog.outputs[0]   # the returned value is computed, but nothing reads it at other points
    generate(prog, _fused(prog, {"bx": 32, "by": 8, "smem": "a0"}))   # an input tile: allowed
    assert out


def test_smem_along_the_streaming_axis_is_refused_with_the_reason():
    def f(u):
        t = u * 2.0
        return t[2:] - t[:-2]
    prog, _ = trace(f, ["u"], [("a", (6, 7, 40), "float32", "C")])
    with pytest.raises(PlanError, match="streaming axis"):
        generate(prog, _fused(prog, {"bx": 32, "by": 4, "zc": 2, "smem": prog.calls[0].out}))


def test_smem_of_a_value_read_on_one_other_plane_is_allowed():
    prog = traced("heat3d")
    t2 = prog.calls[1].out    # u[:-2] + u[2:]: evaluated one plane below the output's
    mod = generate(prog, _fused(prog, {"bx": 32, "by": 4, "zc": 2, "smem": t2}))
    assert f"__shared__ double {t2}_s[" in mod.source and "__syncthreads();" in mod.source


def test_adjacent_rows_share_their_loads():
    """rows 'adjacent': a thread's PY points on consecutive rows in one scope, so a value two
    points read is loaded once (box27 at PY 2: 27 + 9 loads for the two points, not 54); a
    thread straddling the box's edge takes its points one by one; staging is refused."""
    prog = traced("box27")
    apart = generate(prog, _fused(prog, {"bx": 32, "by": 4, "py": 2})).source
    adjacent = generate(prog, _fused(prog, {"bx": 32, "by": 4, "py": 2, "rows": "adjacent"})).source
    assert "const int y_p = Y0 + (y_b * BY + ty) * PY;" in adjacent and "for (int j = 0; j < PY" not in adjacent
    fast = adjacent[adjacent.index("// all 2 points inside"):adjacent.index("} else {   // the points one by one")]
    assert fast.count("= a0[") == 36
    assert "for (int j = 0; j < PY; ++j)" in apart
    jac = traced("jacobi2d")
    with pytest.raises(PlanError, match="rows 'adjacent' stages nothing in shared memory"):
        generate(jac, _fused(jac, {"bx": 32, "by": 4, "py": 2, "rows": "adjacent", "smem": "a0"}))
    calls = list(range(len(jac.calls)))   # a fusion of a few calls offers them (tuning times them)
    variants = spaces.get("grid").variants(jac, calls, spaces.kernel_domain(jac, calls), "float64", True,
                                           spaces.program_info(jac))
    assert any(v.get("rows") == "adjacent" for v in variants)


def test_block_of_too_many_threads_is_refused():
    prog = traced("jacobi2d")
    with pytest.raises(PlanError, match=r"bx \* by must be in \[32, 1024\]"):
        generate(prog, _fused(prog, {"bx": 64, "by": 32}))


def test_grid_plan_round_trips_as_json():
    prog = traced("hdiff")
    plan = best_plan(prog, load_calibration())
    again = plan_from_json(json.dumps(plan.to_json()))
    check_plan(prog, again)
    assert again.to_json()["kernels"] == plan.to_json()["kernels"]


def test_reading_a_grid_reduction_in_the_same_kernel_is_refused_with_the_reason():
    def f(u):
        m = kfuse.max(u[1:] - u[:-1])
        return u[1:] / m
    prog, _ = trace(f, ["u"], [("a", (50,), "float32", "C")])
    text = explain_fusion(prog, list(range(len(prog.calls))))
    assert "global barrier" in text


def test_interior_needs_an_even_halo():
    def f(u):
        return kfuse.interior(u, u[1:, 1:-1] * 2)
    with pytest.raises(ShapeError, match="must be\\s+even"):
        trace(f, ["u"], [("a", (6, 7), "float32", "C")])


@pytest.mark.parametrize("steps", [-1, 2.5, True, "3"])
def test_iterate_checks_steps_first(steps):
    from kfuse.errors import ArgumentError
    with pytest.raises(ArgumentError, match="steps must be a non-negative integer"):
        kfuse.iterate(lambda u: u, np.ones(3), steps=steps)
