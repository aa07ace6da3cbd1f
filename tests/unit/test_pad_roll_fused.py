"""Unit tier for ``np.pad`` / ``np.roll`` read through (issue 31 item 4): each is one call of
kfuse.library.remap, never a padded copy; the applications' steps (hotspot3d, Allen-Cahn) plan
to one kernel that stores nothing of the padded shape; every mode, width, shift, shape, dtype
and order gives NumPy's result through the reference, unfused and fused; the plan JSON and
explain() say the pad or roll is read through."""
from __future__ import annotations

import numpy as np
import pytest

import kfuse
from kfuse import reference
from kfuse.codegen.module import generate
from kfuse.frontend.trace import trace
from kfuse.fusion import unfused_plan
from kfuse.model import load_calibration
from kfuse.model.planner import best_plan
from tests import pad_roll_cases, sampling
from tests.programs import apps

READ_THROUGH = ("roll", "pad_edge", "pad_wrap", "pad_constant", "pad_reflect", "pad_symmetric")


def _new_arrays(prog) -> list:
    """The ``full`` calls other than the start of an array assigned whole
    (:mod:`kfuse.frontend.dead_base`: the step's ``tOut[...] = ...`` and ``phi += ...``)."""
    return [c.label for c in prog.calls if c.fn == "full" and "is assigned before it is read" not in c.label]


def _lowered(name: str, dtype: str = "float64"):
    m = apps.load(name)
    return kfuse.jit(m.step).lower(*apps.args_of(m.step, m.init(m.TEST, dtype)))


@pytest.mark.parametrize("name,fn,count", [("hotspot3d", "pad_edge", 1), ("allen_cahn", "roll", 4)])
def test_the_applications_step_reads_the_pad_or_roll_through_in_one_kernel(name, fn, count):
    lo = _lowered(name)
    fns = [c.fn for c in lo.program.calls]
    assert _new_arrays(lo.program) == [] and fns.count(fn) == count, fns
    assert fns.count("assign") == 1, fns   # the step's own write into its argument, nothing else
    assert len(lo.plan["kernels"]) == 1
    padded = {tuple(lo.program.value(c.out).type.shape) for c in lo.program.calls if c.fn == fn}
    mod = generate(lo.program, lo.plan_obj)
    (launch,) = mod.launches
    stored = [a.value for a in launch.args if a.kind == "out"]
    assert not any(lo.program.value(v).type.shape in padded and
                   lo.program.calls[lo.program.producers()[v]].fn == fn for v in stored), stored
    assert f"{fn}_index(" in mod.source or fn == "pad_edge"   # an edge read may ride the clamp of a load
    if name == "allen_cahn":
        assert "_roll_index(y_p - 1, 45)" in mod.source and "_roll_index(x_p + 1, 33)" in mod.source


def test_the_plan_and_explain_say_the_pad_is_read_through():
    lo = _lowered("hotspot3d")
    kernel = lo.plan["kernels"][0]
    assert kernel["read_through"] == ["t1 = np.pad(tIn, 1, 'edge')"]
    assert "read through" in lo.explain() and "np.pad(tIn, 1, 'edge')" in lo.explain()


SHAPES = [(1, 7), (5, 1), (9, 7), (3, 5, 4), (11,)]
WIDTHS = [1, 2, 3, ((1, 2), (0, 1)), ((0, 3), (2, 0))]
MODES = [("edge", {}), ("wrap", {}), ("constant", {}), ("constant", {"constant_values": -2.5}),
         ("reflect", {}), ("symmetric", {})]


def _width(width, rank):
    if isinstance(width, int):
        return width
    return tuple(width[a % 2] for a in range(rank))


def _fits(mode, width, shape) -> bool:
    """np.pad's reflect and symmetric take widths up to the extent (less one for reflect)."""
    skip = {"reflect": 1, "symmetric": 0}.get(mode)
    if skip is None:
        return True
    w = np.broadcast_to(np.asarray(width, dtype=object), (len(shape), 2))
    return all(max(lo, hi) <= n - skip for (lo, hi), n in zip(w, shape))


def _routes(fn, shape, dtype, order, fused=True):
    """Trace ``fn`` of one array; the program, and its results through the reference, the
    unfused plan and the model's plan, next to NumPy's in float64."""
    u = np.random.default_rng(3).uniform(-1, 1, shape).astype(dtype)
    u = np.asfortranarray(u) if order == "F" else u
    prog, _ = trace(fn, ["u"], [("a", shape, dtype, order if len(shape) > 1 else "C")])
    want = fn(u.astype(np.float64))
    want = want if isinstance(want, tuple) else (want,)
    got = [reference.run(prog, {"u": u})]
    if fused:
        for plan in (unfused_plan(prog), best_plan(prog, load_calibration())):
            got.append(reference.run_plan(prog, [k.calls for k in plan.kernels], {"u": u}))
    return prog, got, want


def _assert_read_through(prog, assigns: int = 0):
    """No new array and no window assignment but ``assigns`` of the user's: read through."""
    fns = [c.fn for c in prog.calls]
    assert _new_arrays(prog) == [] and fns.count("assign") == assigns and any(f in READ_THROUGH for f in fns), fns


@pytest.mark.parametrize("shape", SHAPES, ids=str)
@pytest.mark.parametrize("width", WIDTHS, ids=str)
@pytest.mark.parametrize("mode,kw", MODES, ids=lambda x: str(x) if x else "")
def test_every_pad_is_one_read_through_call_and_numpys_result(mode, kw, width, shape):
    w = _width(width, len(shape))
    if not _fits(mode, w, shape):
        pytest.skip("NumPy's reflect/symmetric width limit (the assignment form refuses it too)")
    prog, got, want = _routes(lambda u: np.pad(u, w, mode, **kw), shape, "float64", "C", fused=len(shape) > 1)
    _assert_read_through(prog)
    for g in got:
        np.testing.assert_array_equal(g[prog.outputs[0]], want[0])


ROLLS = [(1, 0), (-1, 0), (8, 0), (-8, 0), (9, 0), (6, 1), (-6, 1), (7, 1), ((1, -1), (0, 1)), (1, -1)]


@pytest.mark.parametrize("shift,axis", ROLLS, ids=str)
def test_every_roll_is_numpys_result(shift, axis):
    prog, got, want = _routes(lambda u: np.roll(u, shift, axis=axis), (9, 7), "float64", "C")
    if np.all(np.mod(np.broadcast_to(shift, np.shape(axis)), [(9, 7)[a] for a in np.atleast_1d(axis)]) == 0):
        assert [c.fn for c in prog.calls] == ["copy"]   # a whole period: NumPy's copy
    else:
        _assert_read_through(prog)
    for g in got:
        np.testing.assert_array_equal(g[prog.outputs[0]], want[0])


# 24 of the 68 per run: every case in one (order, dtype) at least, the asymmetric widths (2-D and
# 3-D) in C float64 and F float32; KFTEST_FULL=1 runs all (tests/sampling.py)
STENCILS = sampling.sample("pad_roll_fused_stencils",
                           [(n, o, d) for n in sorted(set(pad_roll_cases.CASES) - {"hotspot3d", "allen_cahn", "two_pads"})
                            for o in ("C", "F") for d in ("float32", "float64")], 24,
                           corners=[lambda c: c[0] in ("edge_asym", "wrap_3d") and c[1:] in (("C", "float64"), ("F", "float32"))],
                           strata=lambda c: c[0])


@pytest.mark.parametrize("name,order,dtype", STENCILS)
def test_stencils_over_pads_and_rolls_are_numpy(name, order, dtype):
    """A stencil over the padded or rolled array: through the reference, unfused and fused,
    NumPy's result (the reference computes in float64; products of the weights may round
    differently from a float32 NumPy: to 1 ulp of float64)."""
    fn, (shape,) = pad_roll_cases.CASES[name]
    prog, got, want = _routes(fn, shape, dtype, order)
    _assert_read_through(prog, {"pad_then_assign": 2, "of_windows": 1}.get(name, 0))
    for g in got:
        np.testing.assert_allclose(g[prog.outputs[0]], want[0], rtol=2.3e-16, atol=2.3e-16)


def test_two_pads_and_a_roll_of_a_computed_value():
    """The roll of ``u + v`` (a value the kernel computes) cannot be read through in its kernel:
    the sum is stored by one kernel and read at rolled indices by the next, NumPy's result."""
    fn, shapes = pad_roll_cases.CASES["two_pads"]
    rng = np.random.default_rng(4)
    u, v = (rng.uniform(-1, 1, s) for s in shapes)
    prog, _ = trace(fn, ["u", "v"], [("a", s, "float64", "C") for s in shapes])
    want = fn(u, v)
    plan = best_plan(prog, load_calibration())
    roll = next(c.id for c in prog.calls if c.fn == "roll")
    add = prog.producers()[prog.base(prog.calls[roll].args["u"])]
    assert not any(roll in k.calls and add in k.calls for k in plan.kernels)
    got = reference.run_plan(prog, [k.calls for k in plan.kernels], {"u": u, "v": v})
    for o, w in zip(prog.outputs, want):
        np.testing.assert_array_equal(got[o], w)


@pytest.mark.parametrize("fn,shapes,space", [
    (lambda A, B: np.pad(A, 1, "edge") @ B, [(30, 40), (42, 20)], "gemm"),
    (lambda A, x: np.roll(A, 1, axis=1) @ x, [(30, 40), (40,)], "tile"),
], ids=["pad-gemm", "roll-gemv"])
def test_a_pad_or_roll_read_by_another_space_is_stored_by_a_kernel_of_its_own(fn, shapes, space):
    """A matrix product cannot read through: the read-through call runs alone in a grid kernel
    that stores the padded (rolled) array, which the product's kernel reads; NumPy's result."""
    prog, _ = trace(fn, ["a", "b"], [("a", s, "float64", "C") for s in shapes])
    assert prog.calls[0].fn in READ_THROUGH and len(prog.calls) == 2
    plan = best_plan(prog, load_calibration())
    assert [(k.space, k.calls) for k in plan.kernels] == [("grid", [0]), (space, [1])]
    mod = generate(prog, plan)
    assert prog.calls[0].out in [a.value for a in mod.launches[0].args if a.kind == "out"]
    assert "read_through" not in plan.to_json(prog)["kernels"][0]
    ins = {n: np.random.default_rng(i).uniform(-1, 1, s) for i, (n, s) in enumerate(zip(("a", "b"), shapes))}
    got = reference.run_plan(prog, [k.calls for k in plan.kernels], ins)[prog.outputs[0]]
    np.testing.assert_allclose(got, fn(*ins.values()), rtol=1e-13)
