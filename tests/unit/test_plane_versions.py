"""Unit tier for arrays assigned plane by plane (kfuse.frontend.plane_versions, issue 31's D2Q9):
a read of a plane is what was assigned into it, a plane assigned twice keeps the second
assignment only, a roll of a roll is one roll, and a plane of an argument is rolled as a
remapped read of the argument.  Mocz's streaming of nine planes then traces to nine rolls of
``F``'s planes (it was 18 versions of ``F``, each evaluated through the ones before: minutes to
plan and generate).  Every program here is NumPy's result bitwise through the reference; a
view taken before an assignment into its array is still refused."""
from __future__ import annotations

import numpy as np
import pytest

from kfuse import reference
from kfuse.errors import KfuseError
from kfuse.frontend.trace import trace
from tests.programs.apps import lbm_d2q9 as lbm

SHAPE = (7, 11, 9)


def _trace(f, shapes, dtype="float64"):
    names = [f"a{i}" for i in range(len(shapes))]
    return trace(f, names, [("a", s, dtype, "C") for s in shapes], f.__name__)[0]


def _inputs(shapes, seed=3):
    rng = np.random.default_rng(seed)
    return [rng.standard_normal(s) for s in shapes]


def _check(f, shapes):
    """The traced ``f`` through the reference equals NumPy's ``f`` (inputs and results bitwise,
    the written arguments included); the program."""
    prog = _trace(f, shapes)
    ins = _inputs(shapes)
    got = reference.run(prog, {f"a{i}": a for i, a in enumerate(ins)})
    want_ins = [a.copy() for a in ins]
    want = f(*want_ins)
    for name, o in prog.writes.items():
        assert np.array_equal(got[o], want_ins[int(name[1:])]), name
    if want is not None:
        assert np.array_equal(got[prog.outputs[0]], want)
    return prog


def _drift(F):
    for i, cx, cy in zip(range(9), lbm.CXS, lbm.CYS):
        F[:, :, i] = np.roll(F[:, :, i], cx, axis=1)
        F[:, :, i] = np.roll(F[:, :, i], cy, axis=0)
    F[:, :, 0] = np.sum(F, 2)


def test_mocz_streaming_is_one_roll_of_each_plane_of_the_argument():
    prog = _check(_drift, [SHAPE])
    rolls = [c for c in prog.calls if c.fn == "roll"]
    assert len(rolls) == 8                      # planes 1 to 8 move; plane 0 (0, 0) is a copy
    for c in rolls:
        src = prog.value(c.args["u"])
        assert src.view_of == "a0" and src.window[2][1] - src.window[2][0] == 1, c.label
    shifts = sorted(tuple(lo for lo, _ in c.at[:2]) for c in rolls)
    want = sorted((cy, cx) for cx, cy in zip(lbm.CXS, lbm.CYS) if (cx, cy) != (0, 0))
    assert shifts == want
    # no plane is evaluated through the versions of F before it: the sum reads the rolls
    total = [c for c in prog.calls if c.fn == "add"]
    assert all(prog.value(a).view_of is None for c in total for a in c.args.values())
    assert len(prog.calls) <= 8 + 9 + 8 + 2, [c.label for c in prog.calls]


def test_the_lbm_step_traces_small_and_stays_numpys():
    s = lbm.init((9, 13), "float64")
    specs = [("a", s["F"].shape, "float64", "C"), ("a", (9, 13), "bool", "C"), ("a", (9,), "float64", "C"),
             ("a", (9,), "float64", "C")]
    prog = trace(lbm.step, ["F", "cylinder", "cx", "cy"], specs, "lbm")[0]
    assert len(prog.calls) <= 310 and sum(c.fn == "roll" for c in prog.calls) == 8
    # F - Feq, -(1/tau) * (...), F += ...: plane by plane, never the 9-plane array evaluated whole
    whole = [c.label for c in prog.calls if c.fn not in ("assign", "full") and prog.value(c.out).type.rank == 3
             and prog.value(c.out).type.shape[-1] != 1]
    assert not whole, whole
    got = reference.run(prog, {"F": s["F"], "cylinder": s["cylinder"], "cx": s["cx"], "cy": s["cy"]})
    want = s["F"].copy()
    lbm.step(want, s["cylinder"], s["cx"], s["cy"])
    assert np.array_equal(got[prog.writes["F"]], want)


def test_a_plane_read_back_is_the_value_assigned():
    def f(a0, a1):
        a0[:, :, 2] = a1[:, :, 0] * 3.0
        a0[:, :, 5] = a1[:, :, 1] + 1.0
        a1[:, :, 3] = a0[:, :, 2] - a0[:, :, 5] + a0[:, :, 4]
    prog = _check(f, [SHAPE, SHAPE])
    sub = next(c for c in prog.calls if c.fn == "sub")
    assert {prog.value(a).view_of for a in sub.args.values()} == {None}   # the products themselves


def test_a_plane_assigned_twice_keeps_the_second_assignment():
    def f(a0, a1):
        a0[:, :, 1] = a1[:, :, 0] * 2.0
        a0[:, :, 1] = a0[:, :, 1] + a1[:, :, 3]
        a0[:, :, 1] = 7.0
        a0[:, :, 4] = a0[:, :, 4] * a0[:, :, 0]
        return None
    prog = _check(f, [SHAPE, SHAPE])
    assert sum(c.fn == "assign" for c in prog.calls) == 2


@pytest.mark.parametrize("shifts", [((1, 0), (2, 1)), ((-3, 1), (3, 1)), ((5, 0), (-1, 0)), ((0, 1), (0, 0))])
def test_a_roll_of_a_roll_is_one_roll(shifts):
    (s1, ax1), (s2, ax2) = shifts

    def f(a0):
        return np.roll(np.roll(a0 * 2.0, s1, axis=ax1), s2, axis=ax2)
    prog = _check(f, [(6, 9)])
    assert sum(c.fn == "roll" for c in prog.calls) <= 1


@pytest.mark.parametrize("dtype", ["float64", "float32"])
def test_arithmetic_of_arrays_assembled_plane_by_plane_is_planewise(dtype):
    def f(a0, a1):
        G = a0 * 2.0
        for k in range(9):
            G[:, :, k] = a1[:, :, k] * (k + 1.0)
        H = 3.0 - (G - a0 * 1.5) / 2.0        # a0 * 1.5 is no assembly: computed whole
        E = np.zeros(G.shape, dtype=G.dtype)
        for k in range(9):
            E[:, :, k] = G[:, :, k] + 1.0
        G += -0.25 * (G - E)
        a0[:, :, 0] = H[:, :, 2] + G[:, :, 3]
        return G
    prog = _trace(f, [SHAPE, SHAPE], dtype)
    whole = [c.label for c in prog.calls if c.fn in ("add", "sub", "mul", "div") and prog.value(c.out).type.shape[-1] == 9]
    assert len(whole) == 4, whole            # H: a0 * 1.5 is no assembly, so H is computed whole
    ins = [a.astype(dtype) for a in _inputs([SHAPE, SHAPE])]
    got = reference.run(prog, {"a0": ins[0], "a1": ins[1]})
    want_ins = [a.astype(np.float64) for a in ins]      # the reference computes in float64
    want = f(*want_ins)
    assert np.array_equal(got[prog.outputs[0]], want) and np.array_equal(got[prog.writes["a0"]], want_ins[0])


def test_planes_of_a_computed_array_and_windows_of_other_axes_are_numpys():
    def f(a0, a1):
        G = a0 * 2.0
        G[:, :, 3] = np.roll(G[:, :, 3], 2, axis=0)
        G[:, :, 3] = np.roll(G[:, :, 3], -1, axis=1)
        G[1:4, :, :] = a1[1:4, :, :]          # a window across the planes: read back whole
        G[:, :, 6] = G[:, :, 3] - G[:, :, 6]
        G[:, :, 1] = G[:, :, 3] + G[:, :, 6] * G[:, :, 1]
        return G
    _check(f, [SHAPE, SHAPE])


def test_a_view_taken_before_an_assignment_is_still_refused():
    def f(a0):
        p = a0[:, :, 0:1]
        a0[:, :, 0] = np.roll(a0[:, :, 0], 1, axis=0)
        return p * 2.0
    with pytest.raises(KfuseError, match="taken before an assignment"):
        _trace(f, [SHAPE])

    def g(a0):
        p = a0[:, :, 3]
        a0[:, :, 3] = 1.0
        return np.roll(p, 1, axis=0)
    with pytest.raises(KfuseError, match="taken before an assignment"):
        _trace(g, [SHAPE])
