"""The built-in elementary functions: what the paper's Table 1 needs, and NumPy-style operators.

Each entry is metadata plus the CUDA body of its compute routine (and, for
reductions, its finalize routine).  Parameter names are the names the CUDA
snippets use; ``T`` is the element type and ``R`` its real type inside them.
"""
from __future__ import annotations

import cmath
import dataclasses
import math
from typing import Callable, Optional

import numpy as np

from ..ir import ArrayType
from .base import ElementaryFunction as EF, Param as P

_ELEM = "elem"


def _map(name, ins, compute, ref, doc, flops=1, out="z", out_dtype="same"):
    params = tuple(P(n, _ELEM) if isinstance(n, str) else n for n in ins)
    return EF(name, "map", params, (P(out, _ELEM, dtype=out_dtype),), compute, reference=ref,
              doc=doc, flops=flops)


def _scaled_y(index: str) -> tuple:
    """The ``alpha``, ``beta`` and ``y`` of ``z = alpha * (product) + beta * y`` (gemv, gemv_t,
    spmv): alpha scales the reduction, beta and y (indexed by ``index``) join at finalize."""
    return (P("alpha", "scalar", optional=True, default=1.0),
            P("beta", "scalar", optional=True, default=0.0, stage="finalize"),
            P("y", "vector", index, optional=True, default=0.0, stage="finalize"))


class Interior(EF):
    """``interior(u, new)``: ``u`` whose interior is ``new``, the boundary kept.  ``new`` is
    smaller by an even number along each axis; half of the difference is the halo on each side.
    Its output has ``u``'s type; kernels select ``new`` inside and ``u`` on the boundary.
    :class:`Assign` shares all of it with the replaced window given by the call."""

    def infer(self, args: dict, weak: frozenset = frozenset()):
        from ..errors import ShapeError as _ShapeError
        u, new = args.get("u"), args.get("inner")
        if u is None or new is None:
            raise _ShapeError(f"{self.name}: needs u and the new values")
        self._common_dtype({"u": u, "inner": new}, weak)
        if u.kind == "scalar" or (new.rank != u.rank and not (self.name == "assign" and new.kind == "scalar")):
            raise _ShapeError(f"{self.name}: new {new.describe()} must have the rank of u {u.describe()}")
        if self.name == "interior" and all(isinstance(d, int) for d in u.shape + new.shape):
            halos(u.shape, new.shape)   # else checked once bound
        return u


class Assign(Interior):
    """``assign(u, new)`` at window ``at`` (the call's): ``u`` with ``u[at] = new`` (NumPy's
    ``r = u.copy(); r[at] = new``), what ``v[0, :] = v[-2, :]`` traces to.  ``new`` is an array
    of the window's shape or a number (the window filled).  Boundary code: it runs alone."""



def halos(outer: tuple, inner: tuple) -> tuple:
    """Halo per axis of ``interior``: half the difference of the shapes (even, >= 0)."""
    from ..errors import ShapeError as _ShapeError
    out = []
    for a, (n, m) in enumerate(zip(outer, inner)):
        if isinstance(n, str) or isinstance(m, str):
            raise _ShapeError("interior: the shapes must be known (bind the sizes first)")
        if m > n or (n - m) % 2:
            raise _ShapeError(f"interior: axis {a}: new has {m} elements, u {n}: the difference must be "
                              "even and >= 0 (the same halo on both sides)")
        out.append((n - m) // 2)
    return tuple(out)


def placed(outer: tuple, inner: tuple, at: tuple | None = None) -> tuple:
    """The window ``(start, stop)`` per axis that ``interior`` (``at`` None: centred, by
    :func:`halos`) or ``assign`` (``at``) replaces in an array of shape ``outer`` by new values
    of shape ``inner`` (``()``: a number filling the window)."""
    from ..errors import ShapeError as _ShapeError
    if at is None:
        return tuple((h, n - h) for h, n in zip(halos(outer, inner), outer))
    if len(at) != len(outer) or any(not (0 <= lo <= hi <= n) for (lo, hi), n in zip(at, outer)):
        raise _ShapeError(f"assign: window {list(at)} does not lie within shape {tuple(outer)}")
    if inner and tuple(inner) != tuple(hi - lo for lo, hi in at):
        raise _ShapeError(f"assign: new values of shape {tuple(inner)} for a window of shape "
                          f"{tuple(hi - lo for lo, hi in at)}")
    return tuple(at)


def _interior_ref(u, inner, at=None):
    out = np.array(u, copy=True)
    inner = np.asarray(inner)
    out[tuple(slice(lo, hi) for lo, hi in placed(u.shape, inner.shape, at))] = inner
    return {"z": out}


def _s(name):
    return P(name, "scalar")


class RealMap(EF):
    """An elementwise function of real arrays only (``log``, ``sin``, ``pow``...): its CUDA body
    calls the real math library, so a complex operand is one DTypeError naming the function."""

    def infer(self, args: dict, weak: frozenset = frozenset()):
        from ..errors import DTypeError as _DTypeError
        from ..ir import is_complex as _is_complex
        for n, t in args.items():
            if _is_complex(t.dtype):
                raise _DTypeError(f"{self.name}: complex operands are not supported ({n!r} is {t.dtype}); "
                                  "real float32 and float64 are")
        return super().infer(args, weak)


def _real_map(name, ins, compute, ref, doc, flops=1):
    return RealMap(name, "map", tuple(P(n, _ELEM) for n in ins), (P("z", _ELEM),), compute,
                   reference=ref, doc=doc, flops=flops)


class Full(EF):
    """``full(value, like)``: an array of ``like``'s type every element of which is ``value``
    (NumPy's ``full_like``; ``like`` is never read).  Without ``like`` the call's ``at`` (one
    ``(0, n)`` per axis) is the shape the front end gave the new array (``np.pad``), the
    output's type is set by it; with neither it is the number itself."""


def _full_ref(value, like=None, at=None):
    if like is not None:
        shape = np.shape(like)
    elif at is not None:
        shape = tuple(hi - lo for lo, hi in at)
    else:
        shape = ()
    return {"z": np.full(shape, value)}


class Pick(EF):
    """``pick(x, i)``: element ``i`` of vector ``x`` as a 0-d value, ``i`` an index (an int64
    scalar: a Python int argument, ``fict[t]``) known only at run time.  NumPy's rules: a
    negative index counts from the end once; the runtime refuses one out of range before the
    launch (the index is a host number), and the kernel clamps as well, so it never reads
    outside ``x``.  Kernels read ``x`` whole (``whole_reads``), not elementwise: the call is
    scalar code, the prologue of the kernel that uses it."""

    whole_reads = ("x",)
    index_params = ("i",)

    def infer(self, args: dict, weak: frozenset = frozenset()):
        from ..errors import DTypeError as _DTypeError, ShapeError as _ShapeError
        from ..ir import INDEX_DTYPE as _INDEX
        x, i = args.get("x"), args.get("i")
        if x is None or i is None or x.kind != "vector" or i.kind != "scalar":
            raise _ShapeError(f"{self.name}: needs a vector x and a scalar index i")
        if i.dtype != _INDEX:
            raise _DTypeError(f"{self.name}: the index must be {_INDEX}, got {i.dtype}")
        return ArrayType("scalar", x.dtype)


class Select(EF):
    """``select(x, y, m)``: ``x`` where the bool mask ``m`` is true, else ``y`` (what
    ``F[mask, :] = values`` traces to, plane by plane).  ``m`` is a bool array argument of the
    shape of ``x`` and ``y``; it is read as a number (0 or 1), so it is the routine's last
    parameter and the element type is that of ``x`` and ``y``."""

    mask_params = ("m",)

    def infer(self, args: dict, weak: frozenset = frozenset()):
        from ..errors import DTypeError as _DTypeError, ShapeError as _ShapeError
        m = args.get("m")
        if m is None or m.dtype != "bool" or m.kind == "scalar":
            raise _DTypeError(f"{self.name}: m must be a bool array (a mask)")
        values = [args[k] for k in ("y", "x") if k in args and k not in weak] or [args.get("y") or args["x"]]
        out = super().infer({**args, "m": m.with_dtype(values[0].dtype)}, weak | {"m"})
        if out.kind != "scalar" and tuple(out.shape) != tuple(m.shape):
            raise _ShapeError(f"{self.name}: a mask of shape {tuple(m.shape)} for values of shape {tuple(out.shape)}")
        return out if out.kind != "scalar" else ArrayType(m.kind, out.dtype, m.shape, m.order)


def pick_index(i, n: int) -> int:
    """NumPy's element index ``i`` of an axis of length ``n`` (negative: from the end, once);
    ArgumentError when out of range or not an integer."""
    from ..errors import ArgumentError as _ArgumentError
    k = int(i)
    if k != i or not -n <= k < n:
        raise _ArgumentError(f"index {i} is out of bounds for an axis of size {n}")
    return k % n


def _pick_ref(x, i):
    return {"z": np.asarray(x)[pick_index(float(np.asarray(i)), len(x))]}


BUILTINS = [
    # ------------------------------------------------------------- BLAS-1 maps
    _map("copy", ["x"], "z = x;", lambda x: {"z": np.array(x, copy=True)}, "z = x", flops=0),
    _map("scal", [_s("alpha"), "x"], "z = alpha * x;", lambda alpha, x: {"z": alpha * x},
         "z = alpha * x (BLAS scal, out of place)"),
    _map("axpy", [_s("alpha"), "x", "y"], "z = alpha * x + y;",
         lambda alpha, x, y: {"z": alpha * x + y}, "z = alpha * x + y (BLAS axpy, out of place)", flops=2),
    _map("axpby", [_s("alpha"), "x", _s("beta"), "y"], "z = alpha * x + beta * y;",
         lambda alpha, x, beta, y: {"z": alpha * x + beta * y}, "z = alpha * x + beta * y", flops=3),
    _map("waxpby", [_s("alpha"), "x", _s("beta"), "y"], "w = alpha * x + beta * y;",
         lambda alpha, x, beta, y: {"w": alpha * x + beta * y}, "w = alpha * x + beta * y", flops=3,
         out="w"),
    # ------------------------------------------------------- elementwise operators
    _map("add", ["x", "y"], "z = x + y;", lambda x, y: {"z": x + y}, "z = x + y (elementwise)"),
    _map("sub", ["x", "y"], "z = x - y;", lambda x, y: {"z": x - y}, "z = x - y (elementwise)"),
    _map("mul", ["x", "y"], "z = x * y;", lambda x, y: {"z": x * y}, "z = x * y (elementwise)"),
    _map("div", ["x", "y"], "z = x / y;", lambda x, y: {"z": x / y}, "z = x / y (elementwise)"),
    _map("neg", ["x"], "z = -x;", lambda x: {"z": -x}, "z = -x"),
    _map("abs", ["x"], "z = kf_abs(x);", lambda x: {"z": np.abs(x)}, "z = |x| (real result)",
         out_dtype="real"),
    _map("sqrt", ["x"], "z = kf_sqrt(x);", lambda x: {"z": np.sqrt(x)}, "z = sqrt(x)"),
    _map("exp", ["x"], "z = kf_exp(x);", lambda x: {"z": np.exp(x)}, "z = exp(x)"),
    _map("conj", ["x"], "z = kf_conj(x);", lambda x: {"z": np.conj(x)}, "z = conj(x)", flops=0),
    # ------------------------------------------------ real math (NumPy ufuncs in kfuse.jit)
    _real_map("log", ["x"], "z = log(x);", lambda x: {"z": np.log(x)}, "z = log(x) (natural; real)"),
    _real_map("sin", ["x"], "z = sin(x);", lambda x: {"z": np.sin(x)}, "z = sin(x) (real)"),
    _real_map("cos", ["x"], "z = cos(x);", lambda x: {"z": np.cos(x)}, "z = cos(x) (real)"),
    _real_map("tanh", ["x"], "z = tanh(x);", lambda x: {"z": np.tanh(x)}, "z = tanh(x) (real)"),
    _real_map("pow", ["x", "y"], "z = kf_pow(x, y);", lambda x, y: {"z": np.power(x, y)},
              "z = x ** y (real; x ** 2 traces to x * x)"),
    Full("full", "map", (P("value", "scalar"), P("like", _ELEM, optional=True)), (P("z", _ELEM),),
         "z = value;", reference=_full_ref, flops=0,
         doc="z = value everywhere (NumPy's full_like / zeros_like; like gives the shape, never read)"),
    # ------------------------------------------------- NumPy-style selections (stencils)
    _map("maximum", ["x", "y"], "z = (x != x || x > y) ? x : y;", lambda x, y: {"z": np.maximum(x, y)},
         "z = maximum(x, y) (NaN propagates, as numpy.maximum)"),
    _map("minimum", ["x", "y"], "z = (x != x || x < y) ? x : y;", lambda x, y: {"z": np.minimum(x, y)},
         "z = minimum(x, y) (NaN propagates, as numpy.minimum)"),
    _map("where", ["cond", "x", "y"], "z = (kf_abs(cond) != R(0)) ? x : y;",
         lambda cond, x, y: {"z": np.where(cond != 0, x, y)}, "z = x where cond is nonzero, else y", flops=0),
    _map("gt", ["x", "y"], "z = (x > y) ? T(1) : T(0);", lambda x, y: {"z": (x > y).astype(float)},
         "z = 1 where x > y, else 0 (a mask for where)"),
    _map("lt", ["x", "y"], "z = (x < y) ? T(1) : T(0);", lambda x, y: {"z": (x < y).astype(float)},
         "z = 1 where x < y, else 0 (a mask for where)"),
    _map("ge", ["x", "y"], "z = (x >= y) ? T(1) : T(0);", lambda x, y: {"z": (x >= y).astype(float)},
         "z = 1 where x >= y, else 0 (a mask for where)"),
    _map("le", ["x", "y"], "z = (x <= y) ? T(1) : T(0);", lambda x, y: {"z": (x <= y).astype(float)},
         "z = 1 where x <= y, else 0 (a mask for where)"),
    _map("madd", [P("A", "matrix"), P("B", "matrix")], "C = A + B;", lambda A, B: {"C": A + B},
         "C = A + B (matrix add)", out="C"),
    # ------------------------------------------------------------ reductions
    EF("dot", "reduce", (P("x", "vector"), P("y", "vector")), (P("r", "scalar"),),
       "acc += x * y;", combine="+", finalize="r = acc;",
       reference=lambda x, y: {"r": np.sum(x * y)}, doc="r = sum(x * y) (no conjugation)", flops=2,
       linear_finalize=True),
    EF("dotc", "reduce", (P("x", "vector"), P("y", "vector")), (P("r", "scalar"),),
       "acc += kf_conj(x) * y;", combine="+", finalize="r = acc;",
       reference=lambda x, y: {"r": np.vdot(x, y)}, doc="r = sum(conj(x) * y)", flops=2),
    EF("nrm2", "reduce", (P("x", "vector"),), (P("r", "scalar", dtype="real"),),
       "acc += kf_abs2(x);", combine="+", finalize="r = kf_sqrt(acc);",
       reference=lambda x: {"r": np.linalg.norm(x)}, doc="r = ||x||_2", flops=2),
    EF("asum", "reduce", (P("x", "vector"),), (P("r", "scalar", dtype="real"),),
       "acc += kf_abs1(x);", combine="+", finalize="r = acc;",
       reference=lambda x: {"r": np.sum(np.abs(x.real) + np.abs(x.imag))},
       doc="r = sum(|Re x| + |Im x|) (BLAS asum)", flops=1),
    EF("sum", "reduce", (P("x", _ELEM),), (P("r", "scalar"),),
       "acc += x;", combine="+", finalize="r = acc;",
       reference=lambda x: {"r": np.sum(x)}, doc="r = sum(x) (over every element, any rank)", flops=1,
       linear_finalize=True),
    EF("max", "reduce", (P("x", _ELEM),), (P("r", "scalar"),),
       "acc = kf_op_max(acc, x);", combine="max", finalize="r = acc;",
       reference=lambda x: {"r": np.max(x)}, doc="r = max(x) (over every element, any rank; real)", flops=1),
    EF("min", "reduce", (P("x", _ELEM),), (P("r", "scalar"),),
       "acc = kf_op_min(acc, x);", combine="min", finalize="r = acc;",
       reference=lambda x: {"r": np.min(x)}, doc="r = min(x) (over every element, any rank; real)", flops=1),
    EF("amax", "reduce", (P("x", "vector"),), (P("r", "scalar", dtype="real"),),
       "acc = kf_op_max(acc, kf_abs(x));", combine="max", finalize="r = acc;",
       reference=lambda x: {"r": np.max(np.abs(x))}, doc="r = max |x|", flops=1),
    # ------------------------------------------------------------ BLAS-2
    EF("gemv", "nested_reduce",
       (P("A", "matrix"), P("x", "vector", "j"), *_scaled_y("i")),
       (P("z", "vector", "i"),),
       "acc += A * x;", combine="+", reduce_axis="j", finalize="z = alpha * acc + beta * y;",
       reference=lambda A, x, alpha=1.0, beta=0.0, y=0.0: {"z": alpha * (A @ x) + beta * y},
       doc="z = alpha * A x + beta * y", flops=2, linear_finalize=True),
    EF("gemv_t", "nested_reduce",
       (P("A", "matrix"), P("x", "vector", "i"), *_scaled_y("j")),
       (P("z", "vector", "j"),),
       "acc += A * x;", combine="+", reduce_axis="i", finalize="z = alpha * acc + beta * y;",
       reference=lambda A, x, alpha=1.0, beta=0.0, y=0.0: {"z": alpha * (A.T @ x) + beta * y},
       doc="z = alpha * A^T x + beta * y (transpose, no conjugation)", flops=2, linear_finalize=True),
    EF("ger", "nested_map",
       (P("A", "matrix"), P("x", "vector", "i"), P("y", "vector", "j"),
        P("alpha", "scalar", optional=True, default=1.0)),
       (P("B", "matrix"),),
       "B = A + alpha * x * y;",
       reference=lambda A, x, y, alpha=1.0: {"B": A + alpha * np.outer(x, y)},
       doc="B = A + alpha * x y^T (rank-1 update, out of place)", flops=3),
    EF("spmv", "sparse_reduce",
       (P("A", "sparse"), P("x", "vector", "j"), *_scaled_y("i")),
       (P("z", "vector", "i"),),
       "acc += A * x;", combine="+", reduce_axis="j", finalize="z = alpha * acc + beta * y;",
       reference=lambda A, x, alpha=1.0, beta=0.0, y=0.0: {"z": alpha * A.matvec(x) + beta * y},
       doc="z = alpha * A x + beta * y for a sparse A (CSR or ELLPACK-R)", flops=2, linear_finalize=True),
    Interior("interior", "map", (P("u", _ELEM), P("inner", _ELEM)), (P("z", _ELEM),), "z = inner;",
             reference=_interior_ref, flops=0,
             doc="z = u with its interior replaced by new (halo per axis: (u.shape - new.shape) / 2)"),
    Assign("assign", "map", (P("u", _ELEM), P("inner", _ELEM)), (P("z", _ELEM),), "z = inner;",
           reference=_interior_ref, flops=0,
           doc="z = u with u[at] = new, the call's window at (v[0, :] = v[-2, :]; new may be a number)"),
    Select("select", "map", (P("x", _ELEM), P("y", _ELEM), P("m", _ELEM)), (P("z", _ELEM),),
           "z = (m != T(0)) ? x : y;", reference=lambda x, y, m: {"z": np.where(np.asarray(m) != 0, x, y)},
           flops=0, doc="z = x where the bool mask m is true, else y (F[mask, :] = values)"),
    Pick("pick", "map", (P("x", "vector"), P("i", "scalar")), (P("z", "scalar"),), "z = x;",
         reference=_pick_ref, flops=0, doc="z = x[i], i an int64 index given at run time (fict[t])"),
    EF("outer", "nested_map", (P("x", "vector", "i"), P("y", "vector", "j")), (P("B", "matrix"),),
       "B = x * y;", reference=lambda x, y: {"B": np.outer(x, y)}, doc="B = x y^T", flops=1),
]


# ------------------------------------------------ NumPy broadcasting of a matrix with a vector
#: elementwise binaries a matrix and a vector broadcast in: name -> (compute, NumPy operator)
BROADCAST_OPS = {
    "add": ("z = x + y;", np.add), "sub": ("z = x - y;", np.subtract),
    "mul": ("z = x * y;", np.multiply), "div": ("z = x / y;", np.divide),
    "maximum": ("z = (x != x || x > y) ? x : y;", np.maximum),
    "minimum": ("z = (x != x || x < y) ? x : y;", np.minimum),
}
#: those whose operands do not commute: the vector-first form (``b - X``) is a function of its own
#: (``add``/``mul``/``maximum``/``minimum`` of ``b`` and ``X`` are those of ``X`` and ``b``)
BROADCAST_REVERSED = ("sub", "div")
#: the NumPy form of the vector along each matrix axis: "j" a row (length n, ``b`` or
#: ``b[None, :]``) added to each row, "i" a column (length m, ``c[:, None]``) to each column
AXIS_WORD = {"j": "row", "i": "col"}


def broadcast_name(op: str, axis: str, vector_first: bool = False) -> str:
    """The library function of ``X op v`` (``v op X`` with ``vector_first``) for a vector ``v``
    along matrix axis ``axis`` ("i": ``c[:, None]``, "j": ``b``): ``add_row``, ``sub_col``,
    ``row_sub`` (``b - X``), ``col_div`` (``c[:, None] / X``)."""
    word = AXIS_WORD[axis]
    return f"{word}_{op}" if vector_first else f"{op}_{word}"


def _broadcast_ref(ufunc, axis: str, vector_first: bool):
    def ref(x, y):
        v = (x if vector_first else y)
        v = v[None, :] if axis == "j" else v[:, None]
        return {"z": ufunc(v, y) if vector_first else ufunc(x, v)}
    return ref


def _broadcast_fn(op: str, axis: str, vector_first: bool = False) -> EF:
    """The nested map ``z = x op y`` with one operand a matrix and the other a vector indexed
    ``axis``: hosted by a gemm kernel's epilogue (``relu(A @ B + b)``), else a tile kernel."""
    compute, ufunc = BROADCAST_OPS[op]
    vec = P("x" if vector_first else "y", "vector", axis)
    mat = P("y" if vector_first else "x", "matrix")
    v = "b[j]" if axis == "j" else "c[i]"
    numpy = "b" if axis == "j" else "c[:, None]"
    sign = {"add": "+", "sub": "-", "mul": "*", "div": "/"}.get(op)
    if sign:
        expr = f"{v} {sign} X[i, j]" if vector_first else f"X[i, j] {sign} {v}"
        form = f"{numpy} {sign} X" if vector_first else f"X {sign} {numpy}"
    else:
        expr, form = f"{op}(X[i, j], {v})", f"{op}(X, {numpy})"
    doc = f"z[i, j] = {expr} (NumPy broadcasting: {form})"
    return EF(broadcast_name(op, axis, vector_first), "nested_map", (vec, mat) if vector_first else (mat, vec),
              (P("z", "matrix"),), compute, reference=_broadcast_ref(ufunc, axis, vector_first), doc=doc, flops=1)


BROADCASTS = [_broadcast_fn(op, axis, rev) for op in BROADCAST_OPS for axis in ("j", "i")
              for rev in ((False, True) if op in BROADCAST_REVERSED else (False,))]
BUILTINS += BROADCASTS


@dataclasses.dataclass(frozen=True)
class Elementwise:
    """A NumPy-style elementwise function of one array: its library function (also
    ``kfuse.<fn>``, and what ``numpy.<name>`` of a traced array calls for each of ``numpy``),
    whether it takes real arrays only, and how a Python number is evaluated at trace time
    (``fold(value, is_complex)``; None: a call of literals is computed by the kernel)."""

    fn: str
    numpy: tuple
    doc: str
    real_only: bool = False
    fold: Optional[Callable] = None


#: the one list of elementwise functions of one array: kfuse.ops, the tracer's folding of
#: literals and NumPy's dispatch on traced arrays are made from it
ELEMENTWISE = (
    Elementwise("sqrt", ("sqrt",), "Elementwise square root.", fold=lambda x, c: cmath.sqrt(x) if c else math.sqrt(x)),
    Elementwise("exp", ("exp",), "Elementwise exponential.", fold=lambda x, c: cmath.exp(x) if c else math.exp(x)),
    Elementwise("abs", ("absolute", "fabs"), "Elementwise absolute value (real result for complex input).",
                fold=lambda x, c: float(abs(x))),
    Elementwise("conj", ("conjugate",), "Elementwise complex conjugate.", fold=lambda x, c: x.conjugate() if c else x),
    Elementwise("log", ("log",), "Elementwise natural logarithm (real arrays).", real_only=True),
    Elementwise("sin", ("sin",), "Elementwise sine (real arrays).", real_only=True),
    Elementwise("cos", ("cos",), "Elementwise cosine (real arrays).", real_only=True),
    Elementwise("tanh", ("tanh",), "Elementwise hyperbolic tangent (real arrays).", real_only=True),
)
