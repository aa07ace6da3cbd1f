"""NumPy broadcasting of a matrix with a vector in both front ends.

``X + b`` with ``X`` of shape (m, n) and ``b`` of length n adds ``b[j]`` to each row (NumPy
treats ``b`` as the row (1, n)); ``X + c[:, None]`` with ``c`` of length m adds ``c[i]`` to each
column.  :func:`resolve` turns such an elementwise call (``add``, ``sub``, ``mul``, ``div``,
``maximum``, ``minimum``) into the library's nested map (``add_row``, ``sub_col``, ``row_sub``
for ``b - X``, ...; :data:`kfuse.library.builtins.BROADCAST_OPS`), whose vector is indexed "j"
or "i": a gemm kernel's epilogue hosts it, so ``relu(A @ B + b)`` is one kernel, and alone it
runs in the tile space.  ``axes`` says how the tracer saw a vector operand: "i" for
``c[:, None]`` (a column), "j" for ``b[None, :]`` (a row, as a plain ``b``).  Anything else
with such a marked vector is refused with one ShapeError.
"""
from __future__ import annotations

from ..errors import DTypeError, ShapeError
from ..ir import is_complex
from ..library.builtins import BROADCAST_OPS, BROADCAST_REVERSED, broadcast_name

#: how NumPy shows each operator in a message
SYMBOL = {"add": "+", "sub": "-", "mul": "*", "div": "/"}
#: broadcast functions of ordered operators: real element types only (as maximum/minimum)
ORDERED = frozenset(broadcast_name(op, axis) for op in ("maximum", "minimum") for axis in ("i", "j"))
#: the NumPy spelling of a marked vector
MARK_TEXT = {"i": "[:, None]", "j": "[None, :]"}


def marked_refusal(display: str, axis: str, use: str) -> ShapeError:
    """The one error for a vector with a new axis (``c[:, None]``) used other than as an operand
    of a matrix-vector elementwise binary."""
    return ShapeError(f"{display}{MARK_TEXT[axis]}: a vector with a new axis is supported only as an operand of "
                      f"+ - * / with a matrix (NumPy broadcasting), not {use}")


def _shape_text(t, axis: str | None) -> str:
    """NumPy's shape of an operand: a marked vector as (m, 1) or (1, n)."""
    if t.kind == "vector" and axis == "i":
        return f"({t.shape[0]}, 1)"
    if t.kind == "vector" and axis == "j":
        return f"(1, {t.shape[0]})"
    dims = [str(d) for d in t.shape]
    return f"({dims[0]},)" if len(dims) == 1 else f"({', '.join(dims)})"


def _differ(a, b) -> bool:
    """Whether two dims are known to differ (ints, or two different size symbols of a script)."""
    return type(a) is type(b) and a != b


def _check_length(b, op: str, args: dict, mat: str, vec: str, axis: str, axes: dict) -> None:
    """ShapeError naming both operands' shapes when the vector's length is not the matrix's
    column count (a row, axis "j") or row count (a column, axis "i")."""
    tm, tv = b.values[args[mat]].type, b.values[args[vec]].type
    want = tm.shape[1] if axis == "j" else tm.shape[0]
    if not _differ(tv.shape[0], want):
        return
    x, y = args["x"], args["y"]
    sym = SYMBOL.get(op, op)
    shapes = (f"{b.values[x].display} {_shape_text(b.values[x].type, axes.get('x'))} and "
              f"{b.values[y].display} {_shape_text(b.values[y].type, axes.get('y'))}")
    other = tm.shape[0] if axis == "j" else tm.shape[1]
    hint = ""
    if axis == "j" and not _differ(tv.shape[0], other):
        hint = (f"; a vector of the matrix's row count is added to each column as "
                f"{b.values[args[vec]].display}[:, None] (a script calls {broadcast_name(op, 'i')})")
    raise ShapeError(f"{sym}: operands could not be broadcast together with shapes {shapes}: the vector's "
                     f"{tv.shape[0]} elements against the matrix's {want} "
                     f"{'columns' if axis == 'j' else 'rows'}{hint}")


def resolve(b, fn_name: str, args: dict, axes: dict | None = None) -> tuple:
    """``(function, args)`` of the call ``fn_name(args)`` under NumPy broadcasting: a matrix and
    a vector in a broadcasting binary become its nested map; a column times a row
    (``c[:, None] * b``) is ``outer``.  Other calls come back unchanged, unless ``axes`` marks an
    operand (``c[:, None]``), which only such binaries take (one ShapeError)."""
    axes = {k: v for k, v in (axes or {}).items() if v}
    if fn_name not in BROADCAST_OPS or set(args) != {"x", "y"}:
        if axes:
            p, axis = next(iter(axes.items()))
            raise marked_refusal(b.values[args[p]].display, axis, f"in {fn_name}")
        return fn_name, args
    tx, ty = b.values[args["x"]].type, b.values[args["y"]].type
    kinds = (tx.kind, ty.kind)
    if "vector" not in kinds or not ({"matrix"} & set(kinds) or axes):
        return fn_name, args
    if fn_name in ("maximum", "minimum") and (is_complex(tx.dtype) or is_complex(ty.dtype)):
        raise DTypeError(f"{fn_name}: complex numbers are not ordered")
    if kinds == ("matrix", "vector"):
        axis = axes.get("y", "j")
        _check_length(b, fn_name, args, "x", "y", axis, axes)
        return broadcast_name(fn_name, axis), dict(args)
    if kinds == ("vector", "matrix"):
        axis = axes.get("x", "j")
        _check_length(b, fn_name, args, "y", "x", axis, axes)
        if fn_name in BROADCAST_REVERSED:
            return broadcast_name(fn_name, axis, vector_first=True), dict(args)
        return broadcast_name(fn_name, axis), {"x": args["y"], "y": args["x"]}
    if kinds == ("vector", "vector") and fn_name == "mul" and {axes.get("x", "j"), axes.get("y", "j")} == {"i", "j"}:
        col, row = ("x", "y") if axes.get("x") == "i" else ("y", "x")
        return "outer", {"x": args[col], "y": args[row]}
    p, axis = next(iter(axes.items()))
    other = b.values[args["y" if p == "x" else "x"]]
    raise marked_refusal(b.values[args[p]].display, axis,
                         f"with {other.display} {_shape_text(other.type, axes.get('y' if p == 'x' else 'x'))}"
                         + (" (only c[:, None] * b, an outer product, of two vectors)" if other.type.kind == "vector"
                            else ""))
