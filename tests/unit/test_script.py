"""The script front end: parsing, typing, SSA, and errors that name line and column."""
from __future__ import annotations

import pytest

import kfuse
from kfuse.api import bind_sizes
from kfuse.errors import KfuseError, ScriptError, ShapeError
from kfuse.frontend import script
from kfuse.frontend.script import tokenize

from .unit_helpers import EXAMPLE_NAMES, EXAMPLES, PACKAGE_EXAMPLES, STENCIL_EXAMPLES, example

# expected shape of every example: inputs, outputs (value names) and the calls as fn(args) -> out
EXPECTED = {
    "atax": (["A", "x"], ["y"], [("gemv", {"A": "A", "x": "x"}, "t"),
                                 ("gemv_t", {"A": "A", "x": "t"}, "y")]),
    "axpydot": (["w", "v", "u", "alpha"], ["z", "r"],
                [("mul", {"x": "alpha", "y": "v"}, "t1"), ("sub", {"x": "w", "y": "t1"}, "z"),
                 ("dot", {"x": "z", "y": "u"}, "r")]),
    "bicgk": (["A", "p", "r"], ["q", "s"], [("gemv", {"A": "A", "x": "p"}, "q"),
                                            ("gemv_t", {"A": "A", "x": "r"}, "s")]),
    "gemver": (["A", "u1", "v1", "u2", "v2", "y", "z", "alpha", "beta"], ["B.1", "x", "w"],
               [("ger", {"A": "A", "x": "u1", "y": "v1"}, "B"),
                ("ger", {"A": "B", "x": "u2", "y": "v2"}, "B.1"),
                ("gemv_t", {"A": "B.1", "x": "y", "alpha": "beta", "beta": "c0", "y": "z"}, "x"),
                ("gemv", {"A": "B.1", "x": "x", "alpha": "alpha"}, "w")]),
    "gesummv": (["A", "B", "x", "alpha", "beta"], ["y"],
                [("gemv", {"A": "A", "x": "x", "alpha": "alpha"}, "t"),
                 ("gemv", {"A": "B", "x": "x", "alpha": "beta", "beta": "c0", "y": "t"}, "y")]),
    "madd": (["A", "B"], ["C"], [("madd", {"A": "A", "B": "B"}, "C")]),
    "sgemv": (["A", "x", "y", "alpha", "beta"], ["z"],
              [("gemv", {"A": "A", "x": "x", "alpha": "alpha", "beta": "beta", "y": "y"}, "z")]),
    "sgemvt": (["A", "y", "z", "alpha", "beta"], ["x", "w"],
               [("gemv_t", {"A": "A", "x": "y", "alpha": "beta", "beta": "c0", "y": "z"}, "x"),
                ("gemv", {"A": "A", "x": "x", "alpha": "alpha"}, "w")]),
    "sscal": (["x", "alpha"], ["x.1"], [("scal", {"alpha": "alpha", "x": "x"}, "x.1")]),
    "vadd": (["w", "y", "z"], ["x"], [("add", {"x": "w", "y": "y"}, "t1"), ("add", {"x": "t1", "y": "z"}, "x")]),
    "waxpby": (["x", "y", "alpha", "beta"], ["w"],
               [("waxpby", {"alpha": "alpha", "x": "x", "beta": "beta", "y": "y"}, "w")]),
}


def parse(text, **kw):
    return script.parse(text, "t", **kw)


def script_error(text, **kw) -> ScriptError:
    with pytest.raises(ScriptError) as info:
        script.parse(text, "t", **kw)
    return info.value


# ---------------------------------------------------------------------------- examples
def test_every_example_is_known():
    assert set(EXAMPLE_NAMES) == set(EXPECTED), "a new example needs an entry in EXPECTED"
    assert sorted(p.name for p in PACKAGE_EXAMPLES.glob("*.kf") if p.stem not in STENCIL_EXAMPLES) == \
        sorted(p.name for p in EXAMPLES)


@pytest.mark.parametrize("name", EXAMPLE_NAMES)
def test_example_parses_to_expected_graph(name):
    prog = script.load(example(name))
    inputs, outputs, calls = EXPECTED[name]
    assert prog.name == name
    assert prog.inputs == inputs
    assert prog.outputs == outputs
    got = [(c.fn, c.args, next(iter(c.outs.values()))) for c in prog.calls]
    assert got == calls
    assert [c.id for c in prog.calls] == list(range(len(calls)))
    for c in prog.calls:  # every call knows where it came from
        assert c.loc is not None and c.loc[0] >= 1 and c.loc[1] >= 1
        assert c.label
    for n in prog.inputs:
        v = prog.value(n)
        assert v.role == "input"
        assert v.host == (v.type.kind == "scalar")
    assert not prog.is_bound


@pytest.mark.parametrize("name", EXAMPLE_NAMES)
@pytest.mark.parametrize("dtype", ["float32", "float64", "complex64", "complex128"])
def test_example_dtype_applies_to_every_value(name, dtype):
    prog = script.load(example(name), dtype)
    assert {v.type.dtype for v in prog.values.values()} == {dtype}


def test_example_labels_are_the_source_statements():
    prog = script.load(example("gemver"))
    assert [c.label for c in prog.calls] == [
        "B = ger(A, u1, v1)", "B = ger(B, u2, v2)",
        "x = gemv_t(B, y, alpha=beta, beta=1.0, y=z)", "w = gemv(B, x, alpha=alpha)"]
    assert [c.loc[0] for c in prog.calls] == [6, 7, 8, 9]


@pytest.mark.parametrize("stmt,label", [
    ("w = gemv(A.T,x,alpha=-2);", "w = gemv(A.T, x, alpha=-2)"),
    ("w=-gemv_t(A,r)+2*w0/a-1.5e-3;", "w = -gemv_t(A, r) + 2 * w0 / a - 1.5e-3"),
    ("w = w0 * -3 - (w0 - +w0);", "w = w0 * -3 - (w0 - +w0)"),
    ("w = r @ A;", "w = r @ A"),
])
def test_labels_are_the_normalised_statement(stmt, label):
    prog = parse(f"matrix A(m, n); vector x(m), r(m), w0(n), w(n); scalar a; input A, x, r, w0, a; {stmt} return w;")
    assert prog.calls[-1].label == label


def test_gemver_ssa_renames_reassigned_B():
    prog = script.load(example("gemver"))
    b0, b1 = prog.value("B"), prog.value("B.1")
    assert b0.user_name == b1.user_name == "B"
    assert b0.display == b1.display == "B"
    assert prog.calls[0].outs == {"B": "B"}
    assert prog.calls[1].args["A"] == "B" and prog.calls[1].outs == {"B": "B.1"}
    # later reads of B see the second version
    assert prog.calls[2].args["A"] == "B.1" and prog.calls[3].args["A"] == "B.1"
    assert prog.outputs[0] == "B.1"


def test_sscal_reassigning_an_input_keeps_the_input():
    prog = script.load(example("sscal"))
    assert prog.value("x").role == "input"
    assert prog.value("x.1").role == "temp" and prog.value("x.1").display == "x"
    assert prog.outputs == ["x.1"]


def test_load_accepts_text_and_names_it_script():
    text = open(example("bicgk")).read()
    prog = script.load(text)
    assert prog.name == "script"
    assert [c.fn for c in prog.calls] == ["gemv", "gemv_t"]


# ---------------------------------------------------------------------------- syntax
def test_tokenizer_positions_and_comments():
    toks = tokenize("# c1\nvector x(n); // c2\n  y = 2.5e-3 * x.T;")
    texts = [(t.kind, t.text, t.line, t.col) for t in toks]
    assert texts[0] == ("name", "vector", 2, 1)
    assert ("num", "2.5e-3", 3, 7) in texts
    assert ("op", ".T", 3, 17) in texts
    assert texts[-1][0] == "eof"
    assert not any("c1" in t[1] or "c2" in t[1] for t in texts)


@pytest.mark.parametrize("text,value", [
    ("2", 2.0), ("2.", 2.0), (".5", 0.5), ("1.5e-3", 1.5e-3), ("1E2", 100.0), ("2j", 2j), ("1.5e1j", 15j),
])
def test_number_literals(text, value):
    prog = parse(f"vector x(n), y(n); input x; y = x * {text}; return y;", dtype="complex64")
    const = prog.value(prog.calls[0].args["y"])
    assert const.role == "const" and const.const == value
    assert isinstance(const.const, complex if "j" in text else float)


def test_declarations_dtype_prefix_and_order():
    prog = parse("""
        float64 matrix A(m, n, order=F);
        complex64 vector c(n);
        matrix B(order=F, m, n);
        matrix D(4, 5);
        float32 scalar s2;
        vector v(n);
        input A, c, B, D, s2, v;
        return A, c, B, D, s2, v;
    """, dtype="float64")
    t = {n: prog.value(n).type for n in prog.inputs}
    assert (t["A"].kind, t["A"].dtype, t["A"].shape, t["A"].order) == ("matrix", "float64", ("m", "n"), "F")
    assert (t["c"].kind, t["c"].dtype, t["c"].shape) == ("vector", "complex64", ("n",))
    assert (t["B"].order, t["B"].shape, t["B"].dtype) == ("F", ("m", "n"), "float64")
    assert t["D"].shape == (4, 5) and t["D"].order == "C" and t["D"].is_bound
    assert (t["s2"].kind, t["s2"].dtype) == ("scalar", "float32")
    assert t["v"].dtype == "float64"  # the default given to parse
    assert prog.value("s2").host and not prog.value("A").host


def test_default_dtype_comes_from_config():
    with kfuse.config.override(default_dtype="complex128"):
        prog = parse("vector x(n); input x; return x;")
    assert prog.value("x").type.dtype == "complex128"


def test_operators_lower_to_library_calls():
    prog = parse("""
        matrix A(m, n);
        vector x(n), r(m), u(n), v(n);
        scalar a;
        input A, x, r, u, a;
        v = -(x + u) - x * a / 2 + A.T @ r;
        return v;
    """)
    assert [c.fn for c in prog.calls] == ["add", "neg", "mul", "div", "sub", "gemv_t", "add"]
    neg = prog.calls[1]
    assert neg.args == {"x": prog.calls[0].outs["z"]}
    div = prog.calls[3]
    assert prog.value(div.args["y"]).const == 2.0
    gemv_t = prog.calls[5]
    assert gemv_t.args == {"A": "A", "x": "r"}  # A.T @ r reads A itself, no copy
    assert prog.outputs == ["v"] and prog.calls[-1].outs == {"z": "v"}


@pytest.mark.parametrize("expr,fn,args", [
    ("A @ x", "gemv", {"A": "A", "x": "x"}),
    ("A.T @ r", "gemv_t", {"A": "A", "x": "r"}),
    ("A' @ r", "gemv_t", {"A": "A", "x": "r"}),
    ("A.T.T @ x", "gemv", {"A": "A", "x": "x"}),
    ("r @ A", "gemv_t", {"A": "A", "x": "r"}),
    ("x @ A.T", "gemv", {"A": "A", "x": "x"}),
    ("x @ u", "dot", {"x": "x", "y": "u"}),
])
def test_matmul_lowering(expr, fn, args):
    out = "s" if fn == "dot" else ("y" if fn == "gemv" else "z")
    prog = parse(f"""matrix A(m, n); vector x(n), u(n), r(m), y(m), z(n); scalar s;
                    input A, x, u, r; {out} = {expr}; return {out};""")
    assert [(c.fn, c.args) for c in prog.calls] == [(fn, args)]


def test_transpose_view_passed_to_a_call():
    prog = parse("matrix A(m, n); vector x(m), w(n); input A, x; w = gemv(A.T, x, alpha=-2); return w;")
    call = prog.calls[0]
    view = prog.value(call.args["A"])
    assert view.view_of == "A" and view.type.shape == ("n", "m") and view.type.order == "F"
    assert view.display == "A.T"
    assert prog.value(call.args["alpha"]).const == -2.0


def test_keyword_arguments_and_positional_mix():
    prog = parse("""matrix A(m, n); vector x(n), y(m), z(m); scalar al;
                    input A, x, y, al; z = gemv(A, x, al, y=y, beta=0.5); return z;""")
    c = prog.calls[0]
    assert c.args["A"] == "A" and c.args["x"] == "x" and c.args["alpha"] == "al" and c.args["y"] == "y"
    assert prog.value(c.args["beta"]).const == 0.5


def test_literals_adapt_to_operands_and_are_shared():
    prog = parse("""float64 vector x(n), y(n); input x; y = 2 * x + 2 * x; return y;""")
    consts = [v for v in prog.values.values() if v.role == "const"]
    assert len(consts) == 1 and consts[0].type.dtype == "float64" and consts[0].const == 2.0


def test_complex_literal_in_a_complex_expression():
    prog = parse("complex64 vector c(n), d(n); input c; d = 2j * c - 1j; return d;")
    consts = {v.const: v.type.dtype for v in prog.values.values() if v.role == "const"}
    assert consts == {2j: "complex64", 1j: "complex64"}


def test_literal_arithmetic_is_folded_into_one_literal():
    # (1 - 2j) must stay complex, and adapt to complex128 like a plain literal
    prog = parse("complex128 vector c(n), d(n); input c; d = c * (1 - 2j); return d;")
    assert [c.fn for c in prog.calls] == ["mul"]
    lit = prog.value(prog.calls[0].args["y"])
    assert lit.role == "const" and lit.const == 1 - 2j and lit.type.dtype == "complex128"
    # 2 * 3 in a float32 script used with float64 vectors
    prog = parse("float64 vector x(n), y(n); input x; y = x * (2 * 3) / -(1 + 1); return y;")
    assert [c.fn for c in prog.calls] == ["mul", "div"]
    assert [prog.value(c.args["y"]).const for c in prog.calls] == [6.0, -2.0]
    assert {v.type.dtype for v in prog.values.values()} == {"float64"}


def test_assigning_a_literal_expression_is_a_copy():
    prog = parse("scalar y; y = 2 * 3 - 0.5; return y;")
    assert [c.fn for c in prog.calls] == ["copy"]
    assert prog.value(prog.calls[0].args["x"]).const == 5.5 and prog.value("y").type.kind == "scalar"


def test_division_of_literals_by_zero_is_left_to_the_kernel():
    prog = parse("vector x(n), y(n); input x; y = x * (1 / 0); return y;")
    assert [c.fn for c in prog.calls] == ["div", "mul"]


def test_literal_only_library_call_keeps_the_imaginary_part():
    prog = parse("complex64 vector c(n), d(n); input c; d = c * sqrt(-4 + 2j); return d;")
    # sqrt of a literal is folded to a literal (it then adapts to its operands like any other)
    assert [c.fn for c in prog.calls] == ["mul"]
    lit = prog.value(prog.calls[0].args["y"])
    assert lit.type.dtype == "complex64" and abs(lit.const - (-4 + 2j) ** 0.5) < 1e-12


def test_real_literal_is_complex_zero_imag_in_complex_programs():
    prog = parse("vector x(n), y(n); input x; y = x * 3; return y;", dtype="complex128")
    const = prog.value(prog.calls[0].args["y"])
    assert const.type.dtype == "complex128" and const.const == 3.0


def test_negative_literal_is_folded():
    prog = parse("vector x(n), y(n); input x; y = x * -3; return y;")
    assert [c.fn for c in prog.calls] == ["mul"]
    assert prog.value(prog.calls[0].args["y"]).const == -3.0


def test_copy_of_a_name_and_of_a_view_become_copy_calls():
    prog = parse("""matrix A(m, n), B(n, m, order=F); vector x(n), y(n); input A, x;
                    y = x; B = A.T; return y, B;""")
    assert [(c.fn, c.args) for c in prog.calls] == [("copy", {"x": "x"}), ("copy", {"x": "A.T"})]
    # the transpose of a row-major matrix is a column-major view; its copy keeps that layout
    assert prog.value("B").type.shape == ("n", "m") and prog.value("B").type.order == "F"


def test_ssa_renaming_of_repeated_assignments():
    prog = parse("vector x(n), y(n); input x; y = x + x; y = y * 2; y = y - x; return y;")
    outs = [next(iter(c.outs.values())) for c in prog.calls]
    assert outs == ["y", "y.1", "y.2"]
    assert [c.args["x"] for c in prog.calls] == ["x", "y", "y.1"]
    assert all(prog.value(o).display == "y" for o in outs)


def test_ssa_names_never_share_a_c_identifier():
    # B is assigned twice (B, then B.1); B_1 is the user's own name: in CUDA both would be B_1
    prog = parse("""matrix A(m, n), B(m, n), B_1(m, n); vector u(m), v(n);
                    input A, B_1, u, v; B = ger(A, u, v); B = ger(B, u, v); B = madd(B, B_1); return B;""")
    from kfuse.ir import ident
    idents = [ident(n) for n in prog.values]
    assert len(set(idents)) == len(idents), idents
    prog = parse("vector x(n), x_1(n); input x; x = scal(2, x); x_1 = scal(3, x); return x_1;")
    idents = [ident(n) for n in prog.values]
    assert len(set(idents)) == len(idents), idents


def test_output_keyword_is_return():
    prog = parse("vector x(n); input x; output x;")
    assert prog.outputs == ["x"]


def test_declaring_is_optional_for_assigned_values():
    prog = parse("matrix A(m, n); vector x(n); input A, x; q = A @ x; return q;")
    assert prog.value("q").type.shape == ("m",)


def test_unused_literals_are_dropped():
    prog = parse("vector x(n), y(n); input x; y = x; return y;")
    assert all(v.role != "const" for v in prog.values.values())


# ---------------------------------------------------------------------------- errors
S = "vector x(n), y(n);\ninput x;\n"                      # 2 lines of prelude used by the error cases below
G = "matrix A(m, n);\nvector x(n), y(m);\ninput A, x;\n"   # 3 lines for the gemv cases

ERRORS = [
    # (case, script, line, col, message fragment)
    ("missing semicolon after input", "vector x(n), y(n);\ninput x\ny = x;\nreturn y;\n", 3, 1, "expected ',' or ';'"),
    ("missing semicolon after assignment", S + "y = scal(2, x)\nreturn y;\n", 4, 1, "expected ';'"),
    ("bad token", S + "y = $x;\nreturn y;\n", 3, 5, "unexpected character '$'"),
    ("bad token in declaration", "vector x(n) @;\n", 1, 13, "expected ',' or ';'"),
    ("unbalanced open paren", S + "y = scal(2, (x);\nreturn y;\n", 3, 16, "expected ',' or ')'"),
    ("unbalanced close paren", S + "y = scal(2, x));\nreturn y;\n", 3, 15, "expected ';'"),
    ("unclosed group", S + "y = (x + x;\nreturn y;\n", 3, 11, "expected ')'"),
    ("empty expression", S + "y = ;\nreturn y;\n", 3, 5, "expected an expression"),
    ("unknown function", S + "y = sacl(2, x);\nreturn y;\n", 3, 5, "unknown function 'sacl' (did you mean scal?)"),
    ("unknown function without hint", S + "y = zzzzzz(x);\nreturn y;\n", 3, 5, "unknown function 'zzzzzz'"),
    ("unknown variable", S + "y = scal(2, q);\nreturn y;\n", 3, 13, "unknown variable 'q'"),
    ("use before assignment", "vector x(n), y(n), t(n);\ninput x;\ny = x + t;\nreturn y;\n", 3, 9,
     "'t' is used before it is assigned"),
    ("return before assignment", S + "return y;\n", 3, 8, "'y' is used before it is assigned"),
    ("input not declared", "vector x(n), y(n);\ninput x, k;\ny = x;\nreturn y;\n", 2, 10, "input 'k' is not declared"),
    ("input twice", "vector x(n);\ninput x, x;\nreturn x;\n", 2, 10, "'x' is already defined"),
    ("too many arguments", S + "y = scal(2, x, x);\nreturn y;\n", 3, 5,
     "scal takes at most 2 arguments (alpha, x), got 3"),
    ("missing argument", S + "y = axpy(2, x);\nreturn y;\n", 3, 5, "axpy: missing argument 'y'"),
    ("unknown keyword", G + "y = gemv(A, x, gamma=2);\nreturn y;\n", 4, 16,
     "gemv has no parameter 'gamma' (parameters: A, x, alpha, beta, y)"),
    ("keyword twice", G + "y = gemv(A, x, alpha=2, alpha=3);\nreturn y;\n", 4, 25, "argument 'alpha' given twice"),
    ("positional and keyword", G + "y = gemv(A, x, x=x);\nreturn y;\n", 4, 16, "argument 'x' given twice"),
    ("positional after keyword", G + "y = gemv(A, alpha=2, x);\nreturn y;\n", 4, 22,
     "positional argument after keyword argument"),
    ("gemv with a wrong vector length", "matrix A(m, n);\nvector x(m), y(m);\ninput A, x;\ny = gemv(A, x);\n"
     "return y;\n", 4, 5, "gemv:"),
    # x(n) + A(m, n) broadcasts (NumPy); a vector of the row count does not
    ("vector plus matrix", "matrix A(m, n);\nvector x(m), y(m);\ninput A, x;\ny = x + A;\nreturn y;\n",
     4, 7, "+: operands could not be broadcast together with shapes x (m,) and A (m, n)"),
    ("dtype mismatch", "float32 vector x(n);\nfloat64 vector y(n);\nvector z(n);\ninput x, y;\nz = x + y;\nreturn z;\n",
     5, 7, "add: mismatched element types (x: float32, y: float64)"),
    ("complex literal with real operands", S + "y = 2j * x;\nreturn y;\n", 3, 8, "complex literal"),
    ("declared shape differs", "matrix A(m, n);\nvector x(n), y(n);\ninput A, x;\ny = gemv(A, x);\nreturn y;\n",
     4, 1, "'y' is declared as vector(n) float32 but the expression gives vector(m) float32"),
    ("declared kind differs", "vector x(n);\nmatrix y(n, n);\ninput x;\ny = x + x;\nreturn y;\n",
     4, 1, "'y' is declared as matrix(n, n) float32 C but the expression gives vector(n) float32"),
    ("declared dtype differs", "vector x(n);\nfloat64 vector y(n);\ninput x;\ny = scal(2, x);\nreturn y;\n",
     4, 1, "'y' is declared float64 but the expression gives float32"),
    ("declared order differs", "matrix A(m, n), B(m, n, order=F);\ninput A;\nB = copy(A);\nreturn B;\n",
     3, 1, "'B' is declared with order=F but the expression gives order=C"),
    ("no return", S + "y = scal(2, x);\n", 4, 1, "the script has no return statement"),
    ("statement after return", S + "y = scal(2, x);\nreturn y;\ny = x;\n", 5, 1, "statement after return"),
    ("matrix @ matrix", "matrix A(m, n), B(m, n);\ninput A, B;\nC = A @ B;\nreturn C;\n", 3, 7,
     "shapes (m, n) and (m, n) do not match for a matrix product"),
    ("scalar @ vector", "vector x(n); scalar a;\ninput x, a;\ny = a @ x;\nreturn y;\n", 3, 7,
     "@ needs vectors or matrices"),
    ("declared twice", "vector x(n), x(n);\ninput x;\nreturn x;\n", 1, 14, "'x' is declared twice"),
    ("keyword as a name", "vector input(n);\n", 1, 8, "'input' is a keyword"),
    ("assign to a keyword", "vector x(n);\ninput x;\nmatrix = x;\nreturn x;\n", 3, 8,
     "expected a matrix name, found '='"),
    ("order on a vector", "vector x(n, order=F);\n", 1, 8, "only matrices have a memory order"),
    ("bad order", "matrix A(m, n, order=K);\n", 1, 22, "order must be C (row-major) or F (column-major)"),
    ("wrong number of dims", "matrix A(m);\n", 1, 8, "a matrix needs 2 dimension(s), 'A' has 1"),
    ("dtype without kind", "float64 A;\n", 1, 9, "expected scalar, vector or matrix after float64"),
    ("garbage statement", "vector x(n);\ninput x;\n+ x;\nreturn x;\n", 3, 1,
     "expected a declaration, input, assignment or return"),
]


@pytest.mark.parametrize("case,text,line,col,fragment", ERRORS, ids=[e[0] for e in ERRORS])
def test_script_errors_name_line_and_column(case, text, line, col, fragment):
    err = script_error(text)
    assert (err.line, err.col) == (line, col), str(err)
    assert fragment in err.bare_message, str(err)
    assert str(err).startswith(f"{line}:{col}: ")
    assert "\n" not in str(err)
    assert isinstance(err, KfuseError)


def test_error_message_names_the_file(tmp_path):
    path = tmp_path / "broken.kf"
    path.write_text("vector x(n);\ninput x;\ny = scal(2, x)\nreturn y;\n")
    with pytest.raises(ScriptError) as info:
        script.load(str(path))
    assert str(info.value).startswith(f"{path}:4:1: ")
    assert info.value.source == str(path)


def test_unknown_function_error_lists_close_matches():
    err = script_error(S + "y = gemvv(x, x);\nreturn y;\n")
    assert "did you mean gemv, gemv_t, gemm?" in str(err)


def test_load_missing_script_file():
    with pytest.raises(KfuseError, match="no such script: nowhere/missing.kf"):
        script.load("nowhere/missing.kf")


def test_load_missing_path_without_kf_suffix_is_not_parsed_as_text():
    with pytest.raises(KfuseError, match="no such script: /nonexistent/dir/script.txt"):
        script.load("/nonexistent/dir/script.txt")


# ---------------------------------------------------------------------------- binding
def test_bind_sizes_binds_every_symbol():
    prog = bind_sizes(script.load(example("bicgk")), {"m": 5, "n": 7})
    assert prog.is_bound and prog.sizes == {"m": 5, "n": 7}
    assert prog.value("A").type.shape == (5, 7) and prog.value("s").type.shape == (7,)


def test_bind_sizes_unbound_size():
    with pytest.raises(ShapeError, match=r"size 'n' is not bound \(give it with --size n=N\)"):
        bind_sizes(script.load(example("bicgk")), {"m": 5})


def test_bind_sizes_unknown_size_name():
    with pytest.raises(KfuseError, match=r"bicgk: unknown size\(s\) k \(the script uses m, n\)"):
        bind_sizes(script.load(example("bicgk")), {"m": 5, "n": 5, "k": 3})


@pytest.mark.parametrize("bad", [-3, 2.5, "7"])
def test_bind_sizes_rejects_negative_or_non_integer(bad):
    with pytest.raises(ShapeError, match="sizes must be non-negative integers"):
        bind_sizes(script.load(example("sscal")), {"n": bad})


def test_bind_sizes_rechecks_shapes_that_clash_once_bound():
    prog = parse("vector x(n), y(5), z(n); input x, y; z = x + y; return z;")
    assert bind_sizes(prog, {"n": 5}).is_bound
    with pytest.raises(ShapeError) as info:
        bind_sizes(prog, {"n": 4})
    assert "z = x + y (line 1)" in str(info.value) and "do not match" in str(info.value)


def test_binding_does_not_change_the_unbound_program():
    prog = script.load(example("atax"))
    bind_sizes(prog, {"m": 2, "n": 3})
    assert prog.value("A").type.shape == ("m", "n") and prog.sizes == {}
