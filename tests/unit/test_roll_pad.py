"""Unit tier for ``np.roll`` and ``np.pad`` on traced arrays (kfuse.frontend.roll_pad, issue 31
item 4): NumPy's results exactly (1-D to 3-D, odd shapes, C and F order, float32 and float64)
through the reference and through the unfused and the best plan's kernels; the IR is a new
array, window assignments and nothing else; bad arguments are one clear error each."""
from __future__ import annotations

import numpy as np
import pytest

import kfuse  # noqa: F401  (registers the library)
from kfuse import reference
from kfuse.errors import ArgumentError, ShapeError
from kfuse.frontend.numpy_api import UnsupportedError
from kfuse.frontend.trace import trace
from kfuse.fusion import unfused_plan
from kfuse.ir import Program
from kfuse.model import load_calibration
from kfuse.model.planner import best_plan

SHAPES = {1: (7,), 2: (5, 7), 3: (3, 5, 4)}


def _check(fn, shape, order="C", dtype="float64", plans=True):
    """Trace ``fn`` of one array; assert every route gives NumPy's result bit for bit."""
    u = np.random.default_rng(5).uniform(-1, 1, shape).astype(dtype)
    u = np.asfortranarray(u) if order == "F" else u
    prog, _ = trace(fn, ["u"], [("a", shape, dtype, order if len(shape) > 1 else "C")])
    want = fn(u.astype(np.float64))   # the reference computes in float64 (copies are exact)
    want = want if isinstance(want, tuple) else (want,)
    routes = [reference.run(prog, {"u": u})]
    if plans:
        for plan in (unfused_plan(prog), best_plan(prog, load_calibration())):
            routes.append(reference.run_plan(prog, [k.calls for k in plan.kernels], {"u": u}))
    for got in routes:
        for o, w in zip(prog.outputs, want):
            assert got[o].shape == w.shape
            np.testing.assert_array_equal(got[o], w)
    return prog


ROLLS = [(1, 0), (-2, 0), (9, -1), (0, 0), ((1, -2), (0, -1)), ((1, 2), 0), (3, (0, -1))]


@pytest.mark.parametrize("rank,shift,axis", [(r, s, a) for r in (1, 2, 3) for s, a in ROLLS
                                               if r > 1 or not isinstance(a, tuple)])
def test_roll_is_numpy(rank, shift, axis):
    _check(lambda u: np.roll(u, shift, axis=axis), SHAPES[rank], plans=rank > 1)


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("order", ["C", "F"])
def test_roll_in_both_orders_and_dtypes(order, dtype):
    _check(lambda u: (np.roll(u, (2, -1), axis=(0, 1)), np.roll(u, 1, axis=-1) - u), (5, 7), order, dtype)


def test_roll_of_a_vector_without_axis_and_of_an_expression():
    _check(lambda u: np.roll(u, -3) + np.roll(2.0 * u, 2, axis=0), (11,))


def test_roll_is_one_read_through_call():
    prog = _check(lambda u: np.roll(u, 2, axis=1), (5, 7), plans=False)
    assert [c.fn for c in prog.calls] == ["roll"]
    assert prog.calls[0].at == ((0, 0), (2, -2)) and prog.calls[0].args == {"u": "u"}
    back = _check(lambda u: np.roll(u, -1, axis=0), (5, 7), plans=False)   # the shift of least magnitude
    assert back.calls[0].at == ((-1, 1), (0, 0))


PADS = [
    (1, "constant", {}), (2, "constant", {"constant_values": 1.5}),
    (((1, 2),), "constant", {"constant_values": ((-1.0, 2.0),)}),
    (((2, 1),), "constant", {"constant_values": ((1.0, 2.0),)}),
    (1, "edge", {}), (((3, 0),), "edge", {}), (((2, 5),), "edge", {}),
    (1, "wrap", {}), (((3, 2),), "wrap", {}), (((9, 11),), "wrap", {}), (0, "wrap", {}),
    (1, "reflect", {}), (((2, 1),), "reflect", {}), (((0, 2),), "symmetric", {}), (((3, 2),), "symmetric", {}),
]


def _width(width, rank):
    """A pad width of PADS for ``rank`` axes: a number, or the pair repeated per axis with the
    later axes' widths shifted (so no two axes pad alike)."""
    if isinstance(width, int):
        return width
    (lo, hi), = width
    return tuple((lo + a % 2, max(0, hi - a)) for a in range(rank))


def _values(kw, rank):
    if "constant_values" in kw and isinstance(kw["constant_values"], tuple):
        (lo, hi), = kw["constant_values"]
        return {"constant_values": tuple((lo + a, hi - a) for a in range(rank))}
    return kw


@pytest.mark.parametrize("rank", [1, 2, 3])
@pytest.mark.parametrize("width,mode,kw", PADS)
def test_pad_is_numpy(rank, width, mode, kw):
    w, kw = _width(width, rank), _values(kw, rank)
    _check(lambda u: np.pad(u, w, mode, **kw), SHAPES[rank], plans=rank > 1)


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("order", ["C", "F"])
def test_pad_in_both_orders_and_dtypes(order, dtype):
    _check(lambda u: (np.pad(u, ((1, 2), (3, 1)), "wrap"), np.pad(u, 2, "edge") * 2.0,
                      np.pad(u, 1, constant_values=((0.5, 1.0), (2.0, 3.0)))), (5, 7), order, dtype)


def test_pad_is_one_read_through_call_of_the_padded_shape():
    prog = _check(lambda u: np.pad(u, ((1, 2), (4, 0)), "edge"), (5, 7), plans=False)
    assert [c.fn for c in prog.calls] == ["pad_edge"]
    assert prog.calls[0].at == ((1, 2), (4, 0)) and prog.value(prog.calls[0].out).type.shape == (8, 11)


def test_uniform_constant_pad_is_one_call_with_its_value():
    prog = _check(lambda u: np.pad(u, 2, constant_values=7.0), (5, 7), plans=False)
    assert [c.fn for c in prog.calls] == ["pad_constant"]
    assert prog.value(prog.calls[0].args["value"]).const == 7.0


def test_constant_values_differing_per_side_keep_the_new_array_and_window_assignments():
    prog = _check(lambda u: np.pad(u, ((1, 2), (4, 0)), constant_values=((1.0, 2.0), (3.0, 4.0))), (5, 7), plans=False)
    fns = [c.fn for c in prog.calls]
    assert fns[0] == "full" and set(fns[1:]) == {"assign"}
    full = prog.calls[0]
    assert full.args.keys() == {"value"} and full.at == ((0, 8), (0, 11))
    assert prog.value(full.out).type.shape == (8, 11)


def test_a_padded_program_survives_json():
    prog = _check(lambda u: np.pad(u, (1, 2), "wrap"), (5, 7), plans=False)
    again = Program.from_json(prog.to_json())
    u = np.arange(35.0).reshape(5, 7)
    np.testing.assert_array_equal(reference.run(again, {"u": u})[again.outputs[0]], np.pad(u, (1, 2), "wrap"))


def test_stencils_of_rolled_and_padded_arrays():
    def f(u):
        p = np.pad(u, 1, "edge")
        lap = p[:-2, 1:-1] + p[2:, 1:-1] + p[1:-1, :-2] + p[1:-1, 2:] - 4 * u
        return lap + (np.roll(u, 1, axis=0) + np.roll(u, -1, axis=0) - 2 * u)
    u = np.random.default_rng(1).uniform(-1, 1, (9, 11))
    prog, _ = trace(f, ["u"], [("a", u.shape, "float64", "C")])
    want = f(u)
    for plan in (unfused_plan(prog), best_plan(prog, load_calibration())):
        got = reference.run_plan(prog, [k.calls for k in plan.kernels], {"u": u})[prog.outputs[0]]
        np.testing.assert_allclose(got, want, rtol=1e-14, atol=1e-14)


@pytest.mark.parametrize("fn,cls,match", [
    (lambda u: np.roll(u, 1), UnsupportedError, r"numpy.roll .*axis=None flattens"),
    (lambda u: np.roll(u, (1, 2, 3), axis=(0, 1)), ShapeError, "3 shifts for 2 axes"),
    (lambda u: np.roll(u, 1, axis=2), ShapeError, "axis 2 is out of bounds"),
    (lambda u: np.roll(u, 1.5, axis=0), ArgumentError, "shift must be an int"),
    (lambda u: np.pad(u, 1, "median"), UnsupportedError, r"numpy.pad .*mode='median'.*'edge'"),
    (lambda u: np.pad(u, 5, "reflect"), UnsupportedError, r"mode='reflect' wider than the array: axis 0 has 5"),
    (lambda u: np.pad(u, -1), ArgumentError, "non-negative ints"),
    (lambda u: np.pad(u, ((1, 2, 3),)), ArgumentError, "does not fit 2 axes"),
    (lambda u: np.pad(u, 1, "edge", constant_values=2), UnsupportedError, "constant_values= with mode='edge'"),
    (lambda u: np.pad(u, 1, constant_values="x"), ArgumentError, "constant_values must be numbers"),
])
def test_bad_roll_and_pad_arguments_are_one_clear_error(fn, cls, match):
    with pytest.raises(cls, match=match) as e:
        trace(fn, ["u"], [("a", (5, 7), "float64", "C")])
    assert f"{__file__}:" in str(e.value)


def test_kfuse_names_trace_as_the_numpy_names():
    def with_kfuse(u):
        return (kfuse.roll(u, [1, -2], axis=[0, 1]), kfuse.pad(u, [[1, 2], [0, 1]], "edge"),
                kfuse.pad(u, 1, constant_values=2.0), kfuse.zeros_like(u) + kfuse.full_like(u, 3.0),
                kfuse.log(kfuse.ones_like(u) + u * u) * kfuse.tanh(u) + kfuse.sin(u) * kfuse.cos(u) + kfuse.empty_like(u))
    u = np.random.default_rng(2).uniform(-1, 1, (5, 7))
    prog, _ = trace(with_kfuse, ["u"], [("a", u.shape, "float64", "C")])
    got = reference.run(prog, {"u": u})
    want = (np.roll(u, (1, -2), axis=(0, 1)), np.pad(u, ((1, 2), (0, 1)), "edge"), np.pad(u, 1, constant_values=2.0),
            np.full_like(u, 3.0), np.log(1 + u * u) * np.tanh(u) + np.sin(u) * np.cos(u))
    for o, w in zip(prog.outputs, want):
        np.testing.assert_allclose(got[o], w, rtol=1e-14, atol=1e-15)
