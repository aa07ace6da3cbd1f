"""Matrix structure in scripts (issue 20, part B): ``matrix A(n, n, sym=lower);`` and
``matrix L(n, n, tri=upper, unit);`` give the value its structure, so ``A @ B`` is SYMM and
``L @ B`` TRMM (as kfuse.sym / kfuse.tri in Python); the float64 reference reads only the
declared triangle; declaration errors name the line and column."""
from __future__ import annotations

import numpy as np
import pytest

import kfuse
from kfuse import reference
from kfuse.api import bind_sizes, make_plan
from kfuse.errors import ScriptError
from kfuse.frontend import script
from kfuse.frontend.trace import trace

N, K = 7, 3


def parsed(text, **sizes):
    return bind_sizes(script.parse(text, "s"), sizes or {"n": N})


@pytest.mark.parametrize("text,fns", [
    ("matrix A(n, n, sym=lower), B(n, n); input A, B; C = A @ B; return C;", ["symm_ll"]),
    ("matrix A(n, n, sym=upper), B(n, n); input A, B; C = B @ A; return C;", ["symm_ru"]),
    ("matrix L(n, n, tri=lower), B(n, n); input L, B; C = L @ B; return C;", ["trmm_lln"]),
    ("matrix L(n, n, tri=upper, unit), B(n, n); input L, B; C = B @ L; return C;", ["trmm_ruu"]),
    ("matrix L(n, n, unit, tri=lower), B(n, n); input L, B; C = L.T @ B; return C;", ["trmm_luu"]),
    ("matrix A(n, n, order=F, sym=lower), B(n, n); input A, B; C = A @ B; return C;", ["symm_ll"]),
])
def test_declared_structure_picks_the_blas_routine(text, fns):
    prog = parsed(text)
    assert [c.fn for c in prog.calls] == fns
    assert [k.space for k in make_plan(prog).kernels] == ["gemm"]


def test_script_and_python_give_the_same_program():
    """``sym=lower`` in a script is ``kfuse.sym(A, lower=True)`` in Python: same calls, same types."""
    prog = parsed("matrix A(n, n, sym=lower), B(n, n); input A, B; C = A @ B; return C;")
    spec = ("a", (N, N), "float32", "C")
    py = bind_sizes(trace(lambda A, B: kfuse.sym(A, lower=True) @ B, ["A", "B"], [spec, spec])[0], {})
    assert [c.fn for c in prog.calls] == [c.fn for c in py.calls]
    assert prog.value("A").type == py.value("A").type
    assert prog.value("A").type.structure_text == "sym=lower"


def test_assigned_name_takes_its_declared_structure():
    prog = parsed("matrix X(n, k), B(n, n); matrix S(n, n, sym=lower); input X, B;\n"
                  "S = X @ X.T;\nC = S @ B;\nreturn C;", n=N, k=K)
    assert [c.fn for c in prog.calls] == ["syrk", "symm_ll"]


@pytest.mark.parametrize("uplo", ["lower", "upper"])
def test_reference_reads_only_the_declared_triangle(uplo):
    rng = np.random.default_rng(1)
    full = rng.standard_normal((N, N))
    sym = np.tril(full) + np.tril(full, -1).T if uplo == "lower" else np.triu(full) + np.triu(full, 1).T
    stored = np.where(np.tril(np.ones((N, N))) if uplo == "lower" else np.triu(np.ones((N, N))), full, np.nan)
    B = rng.standard_normal((N, 5))
    prog = parsed(f"float64 matrix A(n, n, sym={uplo}), B(n, m); input A, B; C = A @ B + B; return C;", n=N, m=5)
    got = reference.run(prog, {"A": stored, "B": B})[prog.outputs[0]]
    np.testing.assert_allclose(got, sym @ B + B, rtol=1e-12)


def test_unit_triangular_reference_ignores_the_diagonal():
    rng = np.random.default_rng(2)
    L = np.triu(rng.standard_normal((N, N)))
    L[np.diag_indices(N)] = np.nan
    B = rng.standard_normal((N, 4))
    prog = parsed("float64 matrix L(n, n, tri=upper, unit), B(n, m); input L, B; C = L @ B; return C;", n=N, m=4)
    want = (np.triu(np.nan_to_num(L), 1) + np.eye(N)) @ B
    np.testing.assert_allclose(reference.run(prog, {"L": L, "B": B})[prog.outputs[0]], want, rtol=1e-12)


def test_unit_is_still_a_size_name_where_a_dimension_is_expected():
    prog = bind_sizes(script.parse("matrix A(unit, n); input A; B = A * 2; return B;", "s"), {"unit": 2, "n": 3})
    assert prog.value("A").type.shape == (2, 3) and not prog.value("A").type.structure


# ------------------------------------------------------------------ errors
@pytest.mark.parametrize("text,pos,fragment", [
    ("matrix A(n, m, sym=lower);\ninput A; return A;", (1, 16), "a symmetric matrix must be square, declared (n, m)"),
    ("matrix A(3, 4, tri=lower);\ninput A; return A;", (1, 16), "a triangular matrix must be square, declared (3, 4)"),
    ("matrix B(n, n);\nmatrix A(n, n, sym=left);\ninput A; return A;", (2, 20), "sym must be lower or upper"),
    ("matrix A(n, n, sym=lower, tri=upper);\ninput A; return A;", (1, 27), "two structures"),
    ("matrix A(n, n, unit);\ninput A; return A;", (1, 16), "unit (a unit diagonal) is for triangular"),
    ("matrix A(n, n, sym=lower, unit);\ninput A; return A;", (1, 27), "not sym="),
    ("matrix A(n, n, tri=lower, unit, unit);\ninput A; return A;", (1, 33), "unit is given twice"),
    ("vector x(n, sym=lower);\ninput x; return x;", (1, 13), "only matrices have a structure"),
    ("matrix A(n, n, tri=lower), B(n, n, sym=upper);\ninput A, B;\nC = A @ B;\nreturn C;", (3, 7),
     "two structured matrices"),
])
def test_declaration_errors_name_line_and_column(text, pos, fragment):
    with pytest.raises(ScriptError) as e:
        script.parse(text, "bad")
    assert (e.value.line, e.value.col) == pos, str(e.value)
    assert fragment in str(e.value)
