"""Issue 31, unit tier: a traced function writes its array arguments as NumPy does (window
assignments, augmented updates, ``u += x``), recorded as ``Program.writes`` (the argument's
final value is an output the call copies into the caller's array); what it returns is
``Program.returned()``.  Checked against NumPy through the reference (no GPU)."""
from __future__ import annotations

import numpy as np
import pytest

from kfuse import reference
from kfuse.errors import KfuseError, ShapeError
from kfuse.frontend.trace import trace
from kfuse.ir import Program
from kfuse.model import load_calibration
from kfuse.model.planner import best_plan


def _trace(fn, *shapes, dtype="float64"):
    names = list(fn.__code__.co_varnames[:fn.__code__.co_argcount])
    return trace(fn, names, [("a", s, dtype, "C") for s in shapes], fn.__name__)


def _numpy(fn, arrays):
    """(returned values, arguments after the call) as NumPy computes them on copies."""
    args = [a.copy() for a in arrays]
    r = fn(*args)
    r = () if r is None else (r if isinstance(r, tuple) else (r,))
    return list(r), args


def _check(fn, *shapes, seed=0):
    prog, structure = _trace(fn, *shapes)
    rng = np.random.default_rng(seed)
    arrays = [rng.uniform(-1, 1, s) for s in shapes]
    want_ret, want_args = _numpy(fn, arrays)
    ins = dict(zip(prog.inputs, [a.copy() for a in arrays]))
    for calls in (None, [k.calls for k in best_plan(prog, load_calibration()).kernels]):
        res = reference.run(prog, dict(ins)) if calls is None else reference.run_plan(prog, calls, dict(ins))
        for o, w in zip(prog.returned(), want_ret):
            np.testing.assert_array_equal(res[o], w)
        for n, a, w in zip(prog.inputs, arrays, want_args):
            got = res[prog.writes[n]] if n in prog.writes else a
            np.testing.assert_array_equal(got, w, err_msg=f"argument {n}")
    return prog, structure


def fdtd(ex, ey, hz, fict):
    ey[0, :] = fict[0, :]
    ey[1:, :] -= 0.5 * (hz[1:, :] - hz[:-1, :])
    ex[:, 1:] = ex[:, 1:] - 0.5 * (hz[:, 1:] - hz[:, :-1])
    hz[:-1, :-1] -= 0.7 * (ex[:-1, 1:] - ex[:-1, :-1] + ey[1:, :-1] - ey[:-1, :-1])


def test_a_step_that_updates_its_arguments_in_place():
    prog, structure = _check(fdtd, (13, 17), (13, 17), (13, 17), (1, 17))
    assert structure == "none" and prog.returned() == []
    assert sorted(prog.writes) == ["ex", "ey", "hz"]      # fict is read only
    assert len(best_plan(prog, load_calibration()).kernels) == 1


def test_augmented_assignment_of_a_whole_argument_updates_it():
    def f(u, v):
        u += 2.0 * v
        u *= 0.5
        v -= u          # reads u's new value, as NumPy does
        return u + 1.0
    prog, structure = _check(f, (9, 11), (9, 11))
    assert structure == "single" and sorted(prog.writes) == ["u", "v"]


def test_returning_a_written_argument_and_a_new_array():
    def f(u):
        u[1:-1] = 0.5 * (u[:-2] + u[2:])
        return u, u * 2.0
    prog, structure = _check(f, (31,))
    assert structure == "tuple" and len(prog.returned()) == 2 and prog.writes == {"u": prog.returned()[0]}


def test_reads_between_two_writes_see_the_first():
    def f(u):
        a = u[2:-2, 2:-2] * 1.0
        u[1:-1, 1:-1] = u[:-2, 1:-1] + u[2:, 1:-1]
        b = u[2:-2, 2:-2] * 1.0
        u[0, :] = u[-2, :]
        return a, b
    _check(f, (12, 14))


def test_a_stale_view_of_a_written_argument_is_refused():
    def f(u):
        w = u[1:, :]
        u[0, :] = 1.0
        return w * 2.0
    with pytest.raises(KfuseError, match="view of u taken before an assignment"):
        _trace(f, (5, 6))


def test_writes_survive_json():
    prog, _ = _trace(fdtd, (13, 17), (13, 17), (13, 17), (1, 17))
    again = Program.from_json(prog.to_json())
    assert again.writes == prog.writes and again.results == 0 and again.returned() == []
    bad = prog.to_json() | {"writes": {"fict": "nope"}}
    with pytest.raises(KfuseError, match="'writes'"):
        Program.from_json(bad)


def test_a_function_that_writes_nothing_and_returns_nothing_is_refused():
    def f(u):
        return None
    with pytest.raises(KfuseError):
        _trace(f, (4,))


def test_integer_indexed_planes_combine_in_expressions():
    def f(u, v):
        u[0, :] = 2.0 * u[1, :] - u[2, :]
        u[:, -1] = -abs(u[:, -2]) + v[:, 3]
        v[1:-1, 1:-1] = u[:-2, 1:-1] * 0.5
        return u[3:4, :] * 1.5
    _check(f, (9, 11), (9, 11))


def test_planes_of_different_axes_do_not_combine():
    def f(u):
        return u[0, :] + u[:, 0]
    with pytest.raises(ShapeError, match="integer-indexed plane"):
        _trace(f, (6, 6))


def test_one_element_broadcast_into_a_window():
    def f(ey, fict, u):
        ey[0, :] = fict[3]          # PolyBench fdtd-2d: ey[0, :] = _fict_[t]
        u[0, :] = u[1, 1]
        u[:, -1] = u[2:3, 4:5]
        ey[1:, :] -= 0.5 * u[1:, :]
    _check(f, (7, 9), (5,), (7, 9))


def test_a_one_element_broadcast_keeps_the_sign_of_zero():
    def f(u, s):
        u[0, :] = s[1]
    prog, _ = _trace(f, (3, 4), (2,))
    res = reference.run(prog, {"u": np.ones((3, 4)), "s": np.array([1.0, -0.0])})
    assert np.all(np.signbit(res[prog.writes["u"]][0]))


def ex_update(ex, hz):
    ex[:, 1:] -= 0.5 * (hz[:, 1:] - hz[:, :-1])


def heat(u):
    u[1:-1, 1:-1] += 0.1 * (u[:-2, 1:-1] + u[2:, 1:-1] - 2.0 * u[1:-1, 1:-1])


def axpy(u, v):
    u += 2.0 * v


@pytest.mark.parametrize("fn, nargs", [(ex_update, 2), (heat, 1), (axpy, 2), (fdtd, 3)])
def test_grid_kernels_copy_written_arguments_back(fn, nargs):
    """A grid kernel never stores into the array it reads (measured slower than a new buffer and
    a copy: kfuse.fusion.inplace); the plan says the final value is copied back."""
    from kfuse.codegen.module import generate
    from kfuse.fusion.inplace import inplace_writes
    shapes = [(40, 56)] * nargs + ([(1, 56)] if fn is fdtd else [])
    prog, _ = _trace(fn, *shapes)
    plan = best_plan(prog, load_calibration())
    assert inplace_writes(prog, plan) == {}
    assert "__restrict__" in generate(prog, plan).source.split("// kernel k0")[1].split("{")[0]
    assert "copied into the caller's array" in plan.describe(prog)


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


@pytest.mark.parametrize("fn, nargs, inplace", [(ex_update, 2, True), (heat, 1, False), (axpy, 2, True)])
def test_a_space_claiming_own_point_reads_gets_the_store_in_place(grid_claims, fn, nargs, inplace):
    from kfuse.codegen.module import generate
    from kfuse.fusion.inplace import inplace_writes
    prog, _ = _trace(fn, *[(40, 56)] * nargs)
    plan = best_plan(prog, load_calibration())
    got = inplace_writes(prog, plan)
    if not inplace:            # heat reads u at its neighbours
        assert got == {}
        return
    u = prog.inputs[0]
    assert got == {prog.writes[u]: u}
    text = generate(prog, plan).source
    assert f"const double* {u}," in text and f"__restrict__ {u}," not in text
    assert "stored in place" in plan.describe(prog)


def test_a_later_kernel_reading_the_argument_keeps_the_copy(grid_claims):
    from kfuse.fusion import unfused_plan
    from kfuse.fusion.inplace import inplace_writes
    from kfuse.fusion.search import make_plan

    def g(u, v):
        w = u * 3.0        # reads u's original value
        u += 2.0 * v
        return w + 1.0
    prog, _ = _trace(g, (12, 14), (12, 14))
    assert inplace_writes(prog, unfused_plan(prog)) == {prog.writes["u"]: "u"}   # its reader runs first
    writer = sorted({c.id for c in prog.calls} - {0, len(prog.calls) - 1})
    reader = [0, len(prog.calls) - 1]
    params = {k.calls[0]: k.params for k in unfused_plan(prog).kernels}
    # the reader of u's original value runs after the kernel storing u's final value: a copy
    late = make_plan(prog, [(writer, params[writer[0]]), (reader, params[0])])
    assert inplace_writes(prog, late) == {}
    assert "copied into the caller's array" in late.describe(prog)


def test_an_in_place_update_through_a_view_writes_the_array():
    """Rougier's Gray-Scott: ``u = U[1:-1, 1:-1]; u += ...`` updates U (a silent no-op before)."""
    def f(U, V):
        u, v = U[1:-1, 1:-1], V[1:-1, 1:-1]
        Lu = U[:-2, 1:-1] + U[1:-1, :-2] - 4 * U[1:-1, 1:-1] + U[1:-1, 2:] + U[2:, 1:-1]
        uvv = u * v * v
        u += 0.16 * Lu - uvv
        v += 0.5 * uvv
        return U
    prog, _ = _check(f, (9, 11), (9, 11))
    assert sorted(prog.writes) == ["U", "V"]


def test_writes_through_views_and_planes():
    def f(U):
        w = U[:, :]
        w[0, :] = 1.0           # the full view writes U
        r = U[2:, 1:-1]
        r[1, 2:4] = -1.0        # a window of the view, an integer index in it
        r[:, 0] -= 0.5          # an integer index: a plane of the view
        p = U[3, :]
        p += 2.0                # a plane of U
        U[1:-1, 1:-1] += 0.25   # the statement form: one assignment
    prog, _ = _check(f, (8, 9))
    assert len([c for c in prog.calls if c.fn == "assign"]) == 5


def test_an_in_place_update_of_a_transpose_is_refused():
    def f(U):
        t = U.T
        t += 1.0
    with pytest.raises(KfuseError, match="in-place update"):
        _trace(f, (4, 5))
