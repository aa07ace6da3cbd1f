"""Stencil scripts: grids, NumPy slices and neighbour offsets, lining up by points, repeat,
errors with line and column; the reference equals NumPy on the same stencil."""
from __future__ import annotations

import numpy as np
import pytest

from kfuse import reference
from kfuse.api import bind_sizes
from kfuse.errors import ScriptError, ShapeError
from kfuse.frontend import script
from kfuse.frontend.script_sizes import ScriptProgram
from kfuse.model import load_calibration
from kfuse.model.planner import best_plan

from ..script_stencils import SCRIPTS, inputs, load


def run(name, sizes=None, order="C", seed=0):
    prog = bind_sizes(load(name), sizes or SCRIPTS[name][2])
    ins, want = inputs(name, sizes, seed)
    if order == "F":
        ins = {k: np.asfortranarray(v) for k, v in ins.items()}
    got = reference.run(prog, ins)
    return prog, [got[o] for o in prog.outputs], want


@pytest.mark.parametrize("name", sorted(SCRIPTS))
def test_script_equals_numpy_on_the_same_stencil(name):
    _, got, want = run(name)
    assert len(got) == len(want)
    for g, w in zip(got, want):
        assert np.shape(g) == np.shape(w)
        np.testing.assert_allclose(g, w, rtol=1e-13, atol=1e-13)


@pytest.mark.parametrize("sizes", [{"k": 1, "m": 5, "n": 5}, {"k": 2, "m": 4, "n": 9}, {"k": 3, "m": 6, "n": 4}])
def test_hdiff_at_small_odd_sizes(sizes):
    _, got, want = run("hdiff", sizes, seed=3)
    np.testing.assert_allclose(got[0], want[0], rtol=1e-13, atol=1e-13)


def test_offsets_and_slices_give_the_same_program():
    a = bind_sizes(load("jacobi2d"), {"m": 9, "n": 11})
    b = bind_sizes(load("jacobi_slices"), {"m": 9, "n": 11})
    windows = lambda p: sorted(v.window for v in p.values.values() if v.window)  # noqa: E731
    assert windows(a) == windows(b) and len(a.calls) == len(b.calls) == 6


def test_offset_statement_shrinks_to_the_points_with_every_read_in_range():
    prog = script.parse("grid a(7, 10);\ninput a;\nb = 0.2 * (a + a[0,-1] + a[0,1] + a[-1,0] + a[1,0]);\n"
                        "c = b[0, 1] - a[2, 0];\nreturn b, c;\n", "t", "float64")
    assert prog.value(prog.outputs[0]).type.shape == (5, 8)
    # c at point p = b(p + (0, 1)) - a(p + (2, 0)): b covers 1..5 x 1..8, a 0..6 x 0..9, so
    # b[0, 1] covers 1..5 x 0..7, a[2, 0] -2..4 x 0..9: c covers 1..4 x 0..7
    assert prog.value(prog.outputs[1]).type.shape == (4, 8)
    A = np.random.default_rng(1).uniform(-1, 1, (7, 10))
    got = reference.run(prog, {"a": A})
    B = 0.2 * (A[1:-1, 1:-1] + A[1:-1, :-2] + A[1:-1, 2:] + A[:-2, 1:-1] + A[2:, 1:-1])
    np.testing.assert_allclose(got[prog.outputs[1]], B[0:4, 0:8] - A[3:7, 0:8], rtol=1e-14)


def test_values_of_different_shapes_line_up_by_points():
    prog = script.parse("grid a(6, 8);\ninput a;\nb = a[1:-1, 1:-1] * 2;\nc = b + a;\nreturn c;\n", "t", "float64")
    A = np.random.default_rng(2).uniform(-1, 1, (6, 8))
    np.testing.assert_allclose(reference.run(prog, {"a": A})[prog.outputs[0]], 3 * A[1:-1, 1:-1])


def test_a_symbolic_script_shows_sizes_by_name_and_binds_by_parsing_again():
    prog = load("jacobi2d")
    assert isinstance(prog, ScriptProgram) and prog.symbols() == ["m", "n"] and not prog.is_bound
    assert "a[1:m-1, 0:n-2]" in prog.describe()
    bound = bind_sizes(prog, {"m": 5, "n": 6})
    assert type(bound).__name__ == "Program" and bound.is_bound and bound.sizes == {"m": 5, "n": 6}
    with pytest.raises(ShapeError, match="size 'n' is not bound"):
        prog.bind({"m": 5})


def test_scripts_without_stencils_are_parsed_as_before():
    prog = script.parse("grid float64 a(m, n, k), b(m, n, k);\ninput a, b;\nc = a * b + a;\nreturn c;\n", "t")
    assert not isinstance(prog, ScriptProgram) and prog.symbols() == ["m", "n", "k"]
    assert prog.value("a").type.kind == "grid" and prog.value("a").type.dtype == "float64"


def test_grid_declarations_rank_kind_and_order():
    prog = script.parse("grid float32 u(4), v(3, 5, order=F), w(2, 3, 4, 5, order=F);\ninput u, v, w;\n"
                        "return u, v, w;\n", "t")
    assert [prog.value(x).type.kind for x in "uvw"] == ["vector", "matrix", "grid"]
    assert prog.value("w").type.order == "F" and prog.value("w").type.shape == (2, 3, 4, 5)


def test_repeat_unrolls_the_body_with_ssa_names():
    prog = bind_sizes(load("jacobi_repeat"), {"m": 8, "n": 9})
    assert [c.fn for c in prog.calls].count("interior") == 3 and len(prog.calls) == 18
    assert prog.outputs == ["a.3"]


def test_plans_of_the_example_scripts_are_grid_kernels():
    for name, sizes in (("jacobi2d", {"m": 515, "n": 263}), ("hdiff", {"k": 8, "m": 131, "n": 67})):
        plan = best_plan(bind_sizes(load(name, "float32"), sizes), load_calibration())
        assert {k.space for k in plan.kernels} == {"grid"}, plan.to_json()


ERRORS = [
    ("wrong number of offsets", "grid a(5, 5);\ninput a;\nb = a + a[0, 1, 1];\nreturn b;\n", 3, 10,
     "'a' has 2 axis(es): give 2 offset(s), one per axis, got 3"),
    ("non-integer offset", "grid a(5, 5);\ninput a;\nb = a[0, 1.5];\nreturn b;\n", 3, 10,
     "offsets and slice bounds must be integer literals, found '1.5'"),
    ("name as offset", "grid a(5, 5);\ninput a;\nb = a[i, 0];\nreturn b;\n", 3, 7,
     "offsets and slice bounds must be integer literals, found 'i'"),
    ("too many slices", "grid a(5, 5);\ninput a;\nb = a[1:, 1:, 1:];\nreturn b;\n", 3, 6, "too many indices"),
    ("slice step", "grid a(5, 5);\ninput a;\nb = a[::2, :];\nreturn b;\n", 3, 6, "step 2"),
    ("offset on a scalar", "scalar s;\ngrid a(5);\ninput s, a;\nb = a * s[1];\nreturn b;\n", 4, 10,
     "'s' is a scalar: it has no neighbours"),
    ("slice of a scalar", "scalar s;\ninput s;\nb = s[1:];\nreturn b;\n", 3, 6, "'s' is a scalar: it cannot be sliced"),
    ("unknown name", "grid a(5);\ninput a;\nb = a + c[1];\nreturn b;\n", 3, 9, "unknown variable 'c'"),
    ("unknown function", "grid a(5);\ninput a;\nb = smooth(a);\nreturn b;\n", 3, 5, "smooth"),
    ("grid too small", "grid a(2);\ninput a;\nb = a[-1] + a[1] + a[2];\nreturn b;\n", 3, 18,
     "no point has every operand in range on axis 0"),
    ("half points", "grid a(6);\ninput a;\nd = a[1:] - a[:-1];\nb = d + a;\nreturn b;\n", 4, 7,
     "cannot line up the operands on axis 0"),
    ("interior not centred", "grid a(6);\ninput a;\nb = interior(a, a[1] - a);\nreturn b;\n", 3, 5,
     "not a centred interior"),
    ("repeat too long", "grid a(6);\ninput a;\nrepeat 65 { a = a * 2; }\nreturn a;\n", 3, 8,
     "kfuse.iterate(step, state, steps=N)"),
    ("nested repeat too long", "grid a(6);\ninput a;\nrepeat 8 { repeat 9 { a = a * 2; } }\nreturn a;\n", 3, 19,
     "at most 64"),
    ("declaration in repeat", "grid a(6);\ninput a;\nrepeat 2 { grid b(3); }\nreturn a;\n", 3, 12,
     "not allowed inside repeat"),
    ("repeat not closed", "grid a(6);\ninput a;\nrepeat 2 { a = a * 2;\nreturn a;\n", 3, 1, "never closed"),
    ("chained comparison", "grid a(6);\ninput a;\nb = where(a > 0 > 1, a, 0);\nreturn b;\n", 3, 17, "do not chain"),
    ("grid of 5 axes", "grid a(1, 2, 3, 4, 5);\n", 1, 6, "a grid needs 1 to 4 dimensions"),
]


@pytest.mark.parametrize("what,text,line,col,msg", ERRORS, ids=[e[0] for e in ERRORS])
def test_stencil_errors_name_line_and_column(what, text, line, col, msg):
    with pytest.raises(ScriptError) as info:
        script.parse(text, "t")
    e = info.value
    assert msg in e.bare_message, e
    assert (e.line, e.col) == (line, col), e


def test_a_grid_too_small_for_its_sizes_is_an_error_at_its_position_when_bound():
    prog = load("jacobi2d")
    with pytest.raises(ScriptError) as info:
        bind_sizes(prog, {"m": 1, "n": 5})
    # at the '+' adding a[1, 0], where no row is left
    assert (info.value.line, info.value.col) == (4, 58) and "axis 0" in info.value.bare_message


def test_empty_interior_is_the_grid_itself():
    _, got, want = run("jacobi2d", {"m": 2, "n": 7})
    np.testing.assert_array_equal(got[0], want[0])
