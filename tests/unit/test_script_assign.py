"""Unit tier of indexed assignment in scripts (``v[0, :] = v[-2, :];``, boundary code of issue 19):
the script lowers to the Python front end's ``assign`` calls (same windows, same values), its
reference and every plan's executor equal NumPy and the equivalent Python function on random
inputs (1-D to 3-D, float32 and float64), later statements read the updated value, the example
periodic2d is a torus step, and each refusal is one ScriptError at its line and column."""
from __future__ import annotations

import numpy as np
import pytest

import kfuse
from kfuse import examples, reference
from kfuse.api import bind_sizes
from kfuse.errors import ScriptError
from kfuse.frontend import script
from kfuse.frontend.script_sizes import ScriptProgram
from kfuse.frontend.trace import trace
from kfuse.fusion import unfused_plan
from kfuse.model import load_calibration
from kfuse.model.planner import best_plan

from ..script_stencils import HEAT3D_WALLS
from .test_assign import CASES as PY_CASES
from .test_assign import NP

JACOBI_PERIODIC = """# the issue's boundary example, as test_assign's jacobi_periodic
grid a(m, n);
input a;
v = interior(a, 0.25 * (a[:-2, 1:-1] + a[2:, 1:-1] + a[1:-1, :-2] + a[1:-1, 2:]));
v[0, :] = v[-2, :];
v[-1, :] = v[1, :];
v[:, 0] = 0.0;
return v;
"""
LINE = """# 1-D, as test_assign's line
grid a(n);
input a;
v = copy(a);
v[0] = -1.0;
v[-1:] = v[1:2];
v[3:5] = v[-3:-1];
w = v[1:] - v[:-1];
return w;
"""
#: script, the equivalent Python function in tests/unit/test_assign.py, sizes (that function's shape)
SCRIPTS = {"jacobi_periodic": (JACOBI_PERIODIC, {"m": 13, "n": 17}),
           "heat3d_walls": (HEAT3D_WALLS, {"k": 13, "m": 7, "n": 11}),
           "line": (LINE, {"n": 19})}


def _script(name, dtype):
    text, sizes = SCRIPTS[name]
    return bind_sizes(script.parse(text, name, dtype), sizes)


def _python(name, dtype):
    factory, shapes = PY_CASES[name]
    return trace(factory(kfuse), ["a0"], [("a", shapes[0], dtype, "C")], name)[0]


def _assigns(prog):
    """(window, inner value's window or literal) of each assign call, in order."""
    out = []
    for c in prog.calls:
        if c.fn == "assign":
            v = prog.value(c.args["inner"])
            out.append((c.at, v.const if v.role == "const" else v.window))
    return out


@pytest.mark.parametrize("name", sorted(SCRIPTS))
def test_script_makes_the_python_front_ends_assign_calls(name):
    s, p = _script(name, "float64"), _python(name, "float64")
    assert _assigns(s) == _assigns(p) and len(_assigns(s)) >= 3
    assert [c.fn for c in s.calls] == [c.fn for c in p.calls]
    assign_out = [c.out for c in s.calls if c.fn == "assign"]
    for c in s.calls:   # each assignment reads the one before it: the statements see the update
        if c.fn == "assign" and c.args["u"] in assign_out:
            assert assign_out.index(c.args["u"]) == assign_out.index(c.out) - 1


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("name", sorted(SCRIPTS))
def test_script_and_python_give_numpys_result_through_every_plan(name, dtype):
    s, p = _script(name, dtype), _python(name, dtype)
    a = np.random.default_rng(len(name)).uniform(-1, 1, PY_CASES[name][1][0]).astype(dtype)
    want = PY_CASES[name][0](NP)(a.astype(np.float64))
    tol = 2e-5 if dtype == "float32" else 1e-12
    cal = load_calibration()
    for prog, arg in ((s, s.inputs[0]), (p, "a0")):
        assert prog.value(prog.outputs[0]).type.dtype == dtype
        got = reference.run(prog, {arg: a})[prog.outputs[0]]
        np.testing.assert_allclose(got, want, rtol=tol, atol=tol)
        for plan in (unfused_plan(prog), best_plan(prog, cal)):
            out = reference.run_plan(prog, [k.calls for k in plan.kernels], {arg: a})[prog.outputs[0]]
            assert out.shape == want.shape
            np.testing.assert_allclose(out, want, rtol=tol, atol=tol)


FILLS = """grid a(m, n);
scalar s;
input a, s;
v = copy(a);
v[0, :] = a[4:5, :];
v[:, -1] = sum(a);
v[1:1, :] = 3.0;
v[1:2, 1:-1] = 0.5 * (a[2:3, 1:-1] + s);
v[2, 0] = s;
v[-1, ...] = -2;
return v;
"""


def test_aliases_and_slices_read_before_their_array_is_assigned_into_are_fine():
    """Reading ``w = v;`` / ``w = v[1:-1];`` before any assignment, or a copy after one, is NumPy's."""
    text = HEAD + "w = v[1:-1, :];\nx = v;\nt = w + x[1:-1, :];\ny = copy(v);\nv[0, :] = 1.0;\nr = y + v;\nreturn t, r;\n"
    prog = bind_sizes(script.parse(text, "t", "float64"), {})
    a = np.random.default_rng(3).uniform(-1, 1, (5, 6))
    v = a.copy()
    t = v[1:-1, :] + v[1:-1, :]
    y = v.copy()
    v[0, :] = 1.0
    got = reference.run(prog, {"a": a, "s": 0.5})
    np.testing.assert_array_equal(got[prog.outputs[0]], t)
    np.testing.assert_array_equal(got[prog.outputs[1]], y + v)


def test_numbers_scalars_reductions_expressions_and_empty_windows():
    prog = bind_sizes(script.parse(FILLS, "t", "float64"), {"m": 6, "n": 7})
    a = np.random.default_rng(5).uniform(-1, 1, (6, 7))
    want = a.copy()
    want[0, :] = a[4:5, :]
    want[:, -1] = a.sum()
    want[1:2, 1:-1] = 0.5 * (a[2:3, 1:-1] + 0.75)
    want[2, 0] = 0.75
    want[-1, ...] = -2
    got = reference.run(prog, {"a": a, "s": 0.75})[prog.outputs[0]]
    np.testing.assert_allclose(got, want, rtol=1e-13, atol=1e-13)
    assert [c.fn for c in prog.calls].count("assign") == 5   # the empty window assigns nothing


REPEAT = """grid a(m, n);
input a;
repeat 3 {
  a = interior(a, 0.25 * (a[0, -1] + a[0, 1] + a[-1, 0] + a[1, 0]));
  a[0, :] = a[-2, :]; a[-1, :] = a[1, :]; a[:, 0] = a[:, -2]; a[:, -1] = a[:, 1];
}
return a;
"""


def _torus_step(c):
    """One 5-point Jacobi step of the periodic core ``c`` (np.roll: no halos, no assignment)."""
    return 0.25 * (np.roll(c, 1, 0) + np.roll(c, -1, 0) + np.roll(c, 1, 1) + np.roll(c, -1, 1))


@pytest.mark.parametrize("m,n", [(37, 23), (3, 3), (4, 9), (64, 5)])
def test_periodic2d_example_is_a_torus_step(m, n):
    prog = bind_sizes(script.load(examples.path("periodic2d"), "float64"), {"m": m, "n": n})
    core = np.random.default_rng(m * n).uniform(-1, 1, (m - 2, n - 2))
    a = np.pad(core, 1, mode="wrap")   # halos already periodic
    got = reference.run(prog, {"a": a})[prog.outputs[0]]
    np.testing.assert_allclose(got, np.pad(_torus_step(core), 1, mode="wrap"), rtol=1e-13, atol=1e-13)
    # any input: the interior is updated, then the halos copied (NumPy's order)
    a = np.random.default_rng(1).uniform(-1, 1, (m, n))
    got = reference.run_plan(prog, [k.calls for k in best_plan(prog, load_calibration()).kernels],
                             {"a": a})[prog.outputs[0]]
    b = a.copy()
    b[1:-1, 1:-1] = 0.25 * (a[1:-1, :-2] + a[1:-1, 2:] + a[:-2, 1:-1] + a[2:, 1:-1])
    b[0, :], b[-1, :] = b[-2, :], b[1, :]
    b[:, 0], b[:, -1] = b[:, -2], b[:, 1]
    np.testing.assert_allclose(got, b, rtol=1e-13, atol=1e-13)


def test_repeat_with_boundary_code_reads_the_updated_halos():
    prog = bind_sizes(script.parse(REPEAT, "t", "float64"), {"m": 11, "n": 8})
    assert [c.fn for c in prog.calls].count("assign") == 12
    core = np.random.default_rng(7).uniform(-1, 1, (9, 6))
    want = core
    for _ in range(3):
        want = _torus_step(want)
    got = reference.run(prog, {"a": np.pad(core, 1, mode="wrap")})[prog.outputs[0]]
    np.testing.assert_allclose(got, np.pad(want, 1, mode="wrap"), rtol=1e-13, atol=1e-13)


def test_a_symbolic_script_binds_its_windows_when_sized():
    prog = examples.path("periodic2d")
    prog = script.load(prog, "float32")
    assert isinstance(prog, ScriptProgram) and prog.symbols() == ["m", "n"]
    assert "assign" in prog.describe()
    for m, n in ((5, 7), (9, 4)):
        bound = bind_sizes(prog, {"m": m, "n": n})
        assert [c.at for c in bound.calls if c.fn == "assign"] == \
            [((0, 1), (0, n)), ((m - 1, m), (0, n)), ((0, m), (0, 1)), ((0, m), (n - 1, n))]


SLABS_4D = """grid a(nt, nz, ny, nx);
input a;
v = copy(a);
v[2:-1, 1:, :, 1:] = v[1:-2, :-1, :, :-1];
v[..., 1:-1, 0] = v[..., 1:-1, -2];
w = v[1:, :-1] - v[:-1, 1:];
return v, w;
"""


@pytest.mark.parametrize("ndim", [3, 4])
def test_slab_assignments_of_symbolic_3d_and_4d_grids(ndim):
    """A window of a symbolic grid of 3 or 4 axes takes a value of its own shape: the stand-in
    sizes (far beyond 2^63 points together) were refused by NumPy's broadcast check."""
    text = SLABS_4D if ndim == 4 else SLABS_4D.replace("nt, ", "").replace("2:-1, ", "").replace("1:-2, ", "")
    prog = script.load(text, "float64")
    sizes = dict(zip(("nt", "nz", "ny", "nx")[4 - ndim:], (5, 4, 6, 7)[4 - ndim:]))
    bound = bind_sizes(prog, sizes)
    a = np.random.default_rng(ndim).uniform(-1, 1, tuple(sizes.values()))
    v = a.copy()
    if ndim == 4:
        v[2:-1, 1:, :, 1:] = v[1:-2, :-1, :, :-1]
    else:
        v[1:, :, 1:] = v[:-1, :, :-1]
    v[..., 1:-1, 0] = v[..., 1:-1, -2]
    got = reference.run(bound, {"a": a})
    np.testing.assert_array_equal(got[bound.outputs[0]], v)
    np.testing.assert_array_equal(got[bound.outputs[1]], v[1:, :-1] - v[:-1, 1:])


HEAD = "grid a(5, 6);\nscalar s;\ninput a, s;\nv = copy(a);\n"
ERRORS = [
    ("into an input", "grid a(5, 6);\ninput a;\na[0, :] = 1.0;\nreturn a;\n", 3, 1,
     "assignment into input 'a': kfuse returns new arrays and never modifies its inputs; assign into a copy"),
    ("slice step", HEAD + "v[::2, :] = 1.0;\n", 5, 2, "v[...]: axis 0: slice step 2 is not supported"),
    ("index out of range", HEAD + "v[7, :] = 1.0;\n", 5, 2, "index 7 is out of bounds for axis 0 with size 5"),
    ("negative index out of range", HEAD + "v[-6] = 1.0;\n", 5, 2, "index -6 is out of bounds"),
    ("too many indices", HEAD + "v[0, 0, 0] = 1.0;\n", 5, 2, "too many indices: 3 for an array of 2"),
    ("shape", HEAD + "v[0, :] = a[1:3, :];\n", 5, 11,
     "could not broadcast a[1:3, :] of shape (2, 6) into the assigned window of shape (6,)"),
    ("not the window's shape", HEAD + "v[0, :] = v[1, 2];\n", 5, 11,
     "assigning v[1, 2] of shape () into a window of shape (6,): kfuse assigns a number or values of "
     "the window's own shape"),
    ("value index out of range", HEAD + "v[0, :] = v[-6, :];\n", 5, 12, "index -6 is out of bounds for axis 0"),
    ("expression of another shape", HEAD + "v[0:2, :] = 2 * a[1:2, :];\n", 5, 13,
     "of shape (1, 6) into a window of shape (2, 6)"),
    ("integer plane inside an expression", HEAD + "v[0, :] = 2 * v[-2, :];\n", 5, 16,
     "an integer index is not supported"),
    ("into a scalar", HEAD + "t = sum(a);\nt[0] = 1.0;\n", 6, 1, "a scalar: only dense arrays take assignments"),
    ("index of a scalar", HEAD + "v[0, :] = s[0];\n", 5, 12, "'s' is a scalar: it cannot be indexed"),
    ("unknown name", HEAD + "x[0] = 1.0;\n", 5, 1, "unknown variable 'x'"),
    ("not yet assigned", "grid a(5, 6), w(5, 6);\ninput a;\nw[0, :] = 1.0;\n", 3, 1, "'w' is used before it is assigned"),
    ("no '='", HEAD + "v[0, :] + 1.0;\n", 5, 9, "expected '=' after the index"),
    ("no ';'", HEAD + "v[0, :] = 1.0\nreturn v;\n", 6, 1, "expected ';' at the end of the assignment"),
    ("element types", "grid float32 a(5, 6);\ngrid float64 b(5, 6);\ninput a, b;\nv = copy(a);\n"
     "v[0:1, :] = b[0:1, :];\n", 5, 11, "mismatched element types"),
    # NumPy's w = v and w = v[1:-1] share v's memory: kfuse's copies would hold the old values
    ("slice read after an assignment", HEAD + "w = v[1:-1, :];\nv[1, :] = 1.0;\nt = 2.0 * w;\n", 7, 11,
     "'w' holds v as it was before an assignment into v or a name sharing its memory"),
    ("alias read after an assignment", HEAD + "w = v;\nv[0, 0] = s;\nreturn w;\n", 7, 8,
     "'w' holds v as it was before an assignment"),
    ("into an alias of an input", HEAD + "w = a[1:, :];\nw[0] = 1.0;\n", 6, 1,
     "assignment into 'w', which shares input 'a''s memory"),
    ("array read after an assignment into its alias", HEAD + "w = v;\nw[-1] = v[0];\nt = v + w;\n", 7, 5,
     "'v' holds v as it was before an assignment"),
]


@pytest.mark.parametrize("what,text,line,col,msg", ERRORS, ids=[e[0] for e in ERRORS])
def test_errors_name_line_and_column(what, text, line, col, msg):
    with pytest.raises(ScriptError) as info:
        script.parse(text + ("" if "return" in text else "return a;\n"), "t")
    e = info.value
    assert msg in e.bare_message, e
    assert (e.line, e.col) == (line, col), e


def test_an_index_out_of_range_once_bound_is_an_error_at_its_position(tmp_path):
    path = tmp_path / "walls.kf"
    path.write_text("grid a(m, n);\ninput a;\nv = copy(a);\nv[5, :] = 0.0;\nreturn v;\n")
    prog = script.load(str(path))
    assert bind_sizes(prog, {"m": 6, "n": 2}).calls[-1].at == ((5, 6), (0, 2))
    with pytest.raises(ScriptError) as info:
        bind_sizes(prog, {"m": 3, "n": 2})
    assert str(info.value).startswith(f"{path}:4:2: v[...]: index 5 is out of bounds for axis 0 with size 3")
