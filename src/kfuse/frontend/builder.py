"""The graph builder shared by both front ends.

Script parser and Python tracer both call :class:`GraphBuilder`: it creates
values, checks each call against the library's metadata (shapes, element
types) and lowers NumPy-style operators to elementary functions.
"""
from __future__ import annotations

import dataclasses
import math

from .. import library
from ..library import ELEMENTWISE
from .broadcast import ORDERED, marked_refusal, resolve
from .structured import mark, product_fn
from ..errors import DTypeError, KfuseError, PlanError, ShapeError
from .dead_base import drop_dead_bases
from .plane_versions import drop_replaced
from .reassociate import reassociate
from ..ir import (INDEX_DTYPE, ArrayType, Call, Program, Value, check_dtype, check_name_length, complex_of, ident,
                  is_complex, real_dtype)

#: the most calls a program may hold: planning time and memory grow as the square of the calls
#: (``benchmarks/plan_scaling.py`` measures them), so a larger program is refused at the call
#: that passes the limit rather than planned for long
MAX_CALLS = 2048

BINARY_OPS = {"+": "add", "-": "sub", "*": "mul", "/": "div", ">": "gt", "<": "lt", ">=": "ge", "<=": "le"}
#: comparisons: their result is a 0/1 mask of the operands' type (for ``where``)
COMPARISONS = frozenset({"gt", "lt", "ge", "le"})
UNARY_OPS = {"-": "neg", **{e.fn: e.fn for e in ELEMENTWISE}}
#: elementwise built-ins evaluated at trace time on a literal: f(value, is_complex)
_FOLD_UNARY = {"neg": lambda x, c: -x, **{e.fn: e.fold for e in ELEMENTWISE if e.fold}}
#: elementwise built-ins that keep a Python number a Python number (``2 * s``, ``abs(s)``)
_NUMBER_FNS = frozenset({"add", "sub", "mul", "div"}) | frozenset(_FOLD_UNARY)


@dataclasses.dataclass
class _Number:
    """A Python number of a traced function whose element type each use decides, as NumPy
    does for Python scalars: a Python-number argument (``arg``), or an elementwise built-in
    (``fn``) of such numbers and literals.  ``typed``: element type -> the value holding it."""
    cplx: bool
    arg: str | None = None
    fn: str | None = None
    args: dict = dataclasses.field(default_factory=dict)
    typed: dict = dataclasses.field(default_factory=dict)


class GraphBuilder:
    """Accumulates values and calls; :meth:`finish` returns the Program."""

    def __init__(self, name: str, default_dtype: str = "float32"):
        check_name_length(name, "program")
        self.name = name
        self.default_dtype = check_dtype(default_dtype)
        self.values: dict = {}
        self.inputs: list = []
        self.calls: list = []
        self._tmp = 0
        self.masks: set = set()   # values that are comparisons' 0/1 masks (NumPy's bool arrays)
        self._consts: dict = {}
        self._idents: dict = {}   # C identifier -> how many values' names give it
        self._counted = 0         # values counted in _idents
        self._views: dict = {}    # matrix -> its transpose view
        self._windows: dict = {}  # (base, window) -> its window view
        self._numbers: dict = {}  # value name -> _Number (Python numbers of a traced function)
        # fresh_name's memory (names of one base are tried once each, not once per new version:
        # 10,000 reassignments of one name): base -> the first suffix not known to be taken, and
        # C identifier of a taken name -> the bases whose walk passed it
        self._next_suffix: dict = {}
        self._walked: dict = {}

    # ---------------------------------------------------------------- values
    def fresh_name(self, base: str | None = None) -> str:
        """A new SSA name: ``base``, ``base.1``, ... or ``t1``, ``t2`` ...

        A name is taken if it, or the C identifier generated code gives it, is
        already used: ``B.1`` and ``B_1`` would both become ``B_1`` in CUDA.
        """
        idents = self._ident_counts()

        def taken(n):
            return n in self.values or ident(n) in idents

        if base is None:
            self._tmp += 1
            while taken(f"t{self._tmp}"):
                self._tmp += 1
            return f"t{self._tmp}"
        k = self._next_suffix.get(base, 0)   # base, base.1 ... base.{k-1}: known taken
        name = base if not k else f"{base}.{k}"
        while taken(name):
            self._walked.setdefault(ident(name), set()).add(base)
            k += 1
            name = f"{base}.{k}"
        self._next_suffix[base] = k
        return name

    def _released(self, name: str) -> None:
        """Forget what :meth:`fresh_name` knew to be taken through ``name``'s C identifier,
        which no value's name gives any more (``name`` was renamed or removed)."""
        for base in self._walked.pop(ident(name), ()):
            self._next_suffix.pop(base, None)

    def _ident_counts(self) -> dict:
        """C identifier -> count over the values' names, kept as values are added and renamed
        (rebuilt if ``values`` changed another way)."""
        if self._counted != len(self.values):
            self._idents = {}
            self._next_suffix.clear()   # names may have been freed: fresh_name walks again
            self._walked.clear()
            for n in self.values:
                self._idents[ident(n)] = self._idents.get(ident(n), 0) + 1
            self._counted = len(self.values)
        return self._idents

    def add_value(self, type_: ArrayType, role="temp", name=None, **kw) -> str:
        name = name or self.fresh_name()
        check_name_length(name, "value")
        if name in self.values:
            raise KfuseError(f"value {name!r} defined twice")
        idents = self._ident_counts()
        self.values[name] = Value(name, type_, role, **kw)
        idents[ident(name)] = idents.get(ident(name), 0) + 1
        self._counted += 1
        return name

    def rename_value(self, old: str, new: str) -> Value:
        """Give value ``old`` the name ``new`` (calls that use it are the caller's to update)."""
        check_name_length(new, "value")
        v = self.remove_value(old)
        idents = self._ident_counts()
        v.name = new
        self.values[new] = v
        idents[ident(new)] = idents.get(ident(new), 0) + 1
        self._counted += 1
        return v

    def remove_value(self, name: str) -> Value:
        """Take value ``name`` out of the builder (calls that use it are the caller's to update)."""
        idents = self._ident_counts()
        v = self.values.pop(name)
        idents[ident(name)] -= 1
        if not idents[ident(name)]:
            del idents[ident(name)]
            self._released(name)
        self._counted -= 1
        return v

    def add_input(self, name: str, type_: ArrayType, host: bool = False) -> str:
        """Declare a program input (``host`` for scalars passed by value)."""
        if name in self.values:
            raise KfuseError(f"input {name!r} given twice")
        self.add_value(type_, "input", name, host=host, user_name=name)
        self.inputs.append(name)
        return name

    def add_number_input(self, name: str, cplx: bool) -> str:
        """A Python-number argument of a traced function (a host scalar).  Like a literal it
        takes its element type from each use: real (the program's precision) with real
        operands, complex with complex ones; the first type used is the input's own, another
        one gets a second input filled from the same number at call time (``copy_of``).
        Unused, it is real or complex as the number is."""
        self.add_input(name, ArrayType("scalar", self._number_dtype(cplx)), host=True)
        self._numbers[name] = _Number(cplx, arg=name)
        return name

    def _number_dtype(self, cplx: bool) -> str:
        return complex_of(self.default_dtype) if cplx else real_dtype(self.default_dtype)

    def is_number_argument(self, name: str) -> bool:
        """Whether Python number ``name`` is an argument itself (not computed from numbers)."""
        return self._numbers[name].arg is not None

    def number_is_complex(self, name: str) -> bool:
        return self._numbers[name].cplx

    def is_number(self, name: str) -> bool:
        """Whether ``name`` is a Python number of a traced function (its type not yet fixed)."""
        return name in self._numbers

    def typed_number(self, name: str, dtype: str | None = None, fn: str = "") -> str:
        """The value holding Python number ``name`` as ``dtype`` (default: its own kind in the
        program's precision), made on first use; DTypeError for a complex number with real
        operands (NumPy would promote the arrays)."""
        w = self._numbers[name]
        dtype = dtype or self._number_dtype(w.cplx)
        if w.cplx and not is_complex(dtype):
            args = ", ".join(repr(a) for a in self._number_args(name))
            raise DTypeError(f"{fn or 'operation'}: the Python complex number of argument(s) {args} "
                             f"meets {dtype} operands: NumPy would promote the result to "
                             f"{complex_of(dtype)}, kfuse does not promote arrays; convert the operands "
                             f"to {complex_of(dtype)} first or pass a real number")
        if dtype in w.typed:
            return w.typed[dtype]
        if w.arg is not None and not w.typed:     # first use: the argument's own input
            self.values[w.arg].type = ArrayType("scalar", dtype)
            out = w.arg
        elif w.arg is not None:                   # another type: a second input, same number
            out = self.add_value(ArrayType("scalar", dtype), "input", self.fresh_name(f"{w.arg}.{dtype}"),
                                 host=True, user_name=w.arg, copy_of=w.arg)
            self.inputs.append(out)
        else:
            out = self._emit(library.get(w.fn), {k: self._operand_as(v, w.fn, dtype) for k, v in w.args.items()})
        w.typed[dtype] = out
        return out

    def _operand_as(self, v: str, fn_name: str, dtype: str) -> str:
        """Operand ``v`` of a deferred ``fn_name`` computed in ``dtype``: abs reads a complex
        operand as complex."""
        cplx = self._numbers[v].cplx if v in self._numbers else is_complex(self.values[v].type.dtype)
        want = complex_of(dtype) if (fn_name == "abs" and cplx) else dtype
        if v in self._numbers:
            return self.typed_number(v, want, fn_name)
        return self.const(self.values[v].const, want)

    def _number_args(self, name: str) -> list:
        w = self._numbers[name]
        if w.arg is not None:
            return [w.arg]
        return [a for v in w.args.values() if v in self._numbers for a in self._number_args(v)]

    def _defer(self, fn_name: str, args: dict) -> str:
        """``fn_name(args)`` of Python numbers and literals only: a Python number again, computed
        in the type its uses need."""
        kinds = [self._numbers[v].cplx if v in self._numbers else is_complex(self.values[v].type.dtype)
                 for v in args.values()]
        cplx = fn_name != "abs" and any(kinds)
        name = self.add_value(ArrayType("scalar", self._number_dtype(cplx)), "number", self.fresh_name("num"))
        self._numbers[name] = _Number(cplx, fn=fn_name, args=dict(args))
        return name

    def const(self, value, dtype: str | None = None) -> str:
        """A literal scalar; literals adapt their element type to the other operands.

        Without ``dtype`` a literal takes the precision of the builder's default type and the
        kind of its value, as a NumPy Python scalar does: ``0.5`` is real (float32 in a
        complex64 program, so ``abs(z) * 0.5`` stays real), ``1j`` complex.  A real literal
        given a complex ``dtype`` is widened (it then meets complex operands); a complex
        literal is never narrowed to a real type.
        """
        if isinstance(value, bool) or not isinstance(value, (int, float, complex)):
            raise KfuseError(f"unsupported literal {value!r}")
        if isinstance(value, complex):
            dtype = complex_of(dtype or self.default_dtype)
        else:
            value = float(value)
            dtype = dtype or real_dtype(self.default_dtype)
        # -0.0 == 0.0: the key keeps the signs of zeros apart (x / -(2 - 2) is -inf, as NumPy has it)
        parts = (value.real, value.imag) if isinstance(value, complex) else (value,)
        key = (value, dtype, tuple(math.copysign(1.0, p) for p in parts))
        if key not in self._consts:
            self._consts[key] = self.add_value(ArrayType("scalar", dtype), "const",
                                               self.fresh_name(f"c{len(self._consts)}"), const=value)
        return self._consts[key]

    def type_of(self, name: str) -> ArrayType:
        return self.values[name].type

    def transpose(self, name: str) -> str:
        """A transpose view of a matrix (no copy); vectors and scalars are returned as they are
        (NumPy's ``.T`` of them); arrays of 3 or 4 axes are refused."""
        v = self.values[name]
        if v.type.kind == "sparse":
            raise ShapeError(f"{v.display}.T: kfuse does not transpose sparse matrices on the fly; store the "
                             "transpose as a matrix of its own (kfuse.sparse.CSR.T), as the paper does")
        if v.type.kind == "grid":   # NumPy reverses the axes: kfuse transposes matrices only
            raise ShapeError(f"{v.display}.T: transposing an array of {len(v.type.shape)} axes is not "
                             "supported (kfuse transposes matrices); index it in the other order, or "
                             "transpose it before the call (numpy.ascontiguousarray(a.T))")
        if v.type.kind != "matrix":
            return name
        if v.window is not None:
            raise ShapeError(f"{v.display}.T: transposing a slice is not supported")
        if v.view_of:  # transpose of a transpose is the base
            return v.view_of
        known = self._views.get(name)   # views are made here only: one per matrix
        if known in self.values and self.values[known].view_of == name:
            return known
        self._views[name] = self.add_value(v.type.transposed(), v.role if v.role != "const" else "temp",
                                           self.fresh_name(f"{name}.T"), view_of=name,
                                           user_name=f"{v.display}.T", host=False)
        return self._views[name]

    def window(self, name: str, bounds: tuple) -> str:
        """A window view of ``name`` (no copy): ``bounds`` holds one ``(start, stop)`` per axis,
        in range (the tracer and the script parser normalise slices).  A window of a window is
        a window of the base; the full extent is the value itself."""
        v = self.values[name]
        shape = v.type.shape
        if v.type.kind in ("scalar", "sparse"):
            raise ShapeError(f"{v.display}: a {v.type.kind} cannot be sliced")
        if v.view_of and v.window is None:
            raise ShapeError(f"{v.display}: slicing a transpose view is not supported; slice the array, "
                             "then transpose")
        if len(bounds) != len(shape):
            raise ShapeError(f"{v.display}: {len(bounds)} slice(s) for {len(shape)} axes")
        for a, ((lo, hi), n) in enumerate(zip(bounds, shape)):
            if not (0 <= lo <= hi <= n):
                raise ShapeError(f"{v.display}: axis {a}: slice {lo}:{hi} is not within 0:{n}")
        if all(lo == 0 and hi == n for (lo, hi), n in zip(bounds, shape)):
            return name
        base, off = (v.view_of, v.offset) if v.window else (name, (0,) * len(shape))
        window = tuple((o + lo, o + hi) for o, (lo, hi) in zip(off, bounds))
        key = (base, window)
        known = self._windows.get(key)
        if known is not None:
            return known
        t = self.values[base].type
        wtype = dataclasses.replace(t, shape=tuple(hi - lo for lo, hi in window))
        text = ", ".join(f"{lo}:{hi}" for lo, hi in window)
        self._windows[key] = self.add_value(wtype, "temp", self.fresh_name(f"{base}.w"), view_of=base,
                                            user_name=f"{self.values[base].display}[{text}]", window=window)
        return self._windows[key]

    def materialized(self, name: str) -> str:
        """``name``, or a copy of it when it is a window view (what calls other than flat maps and
        reductions, and returned values, need)."""
        if self.values[name].window is None:
            return name
        return self.call("copy", {"x": name})

    # ---------------------------------------------------------------- calls
    def call(self, fn_name: str, args: dict, label: str = "", loc=None, out: str | None = None,
             at: tuple | None = None, axes: dict | None = None) -> str:
        """Append ``out = fn_name(args)`` after checking it; returns the output value name
        (``at``: the window an ``assign`` replaces).  A matrix and a vector broadcast as in
        NumPy (``axes``: parameter -> "i" for an operand ``c[:, None]``, "j" for ``b[None, :]``;
        :func:`kfuse.frontend.broadcast.resolve`)."""
        args = {k: v for k, v in args.items() if v is not None}
        fn_name, args = resolve(self, fn_name, args, axes)
        fn = library.get(fn_name)
        folded = self._fold_call(fn_name, args) if out is None else None
        if folded is not None:
            return folded
        if (out is None and fn_name in _NUMBER_FNS and any(v in self._numbers for v in args.values())
                and all(v in self._numbers or self.values[v].role == "const" for v in args.values())):
            return self._defer(fn_name, args)
        return self._emit(fn, args, label, loc, out, at)

    def _emit(self, fn, args: dict, label: str = "", loc=None, out: str | None = None, at=None) -> str:
        """Append the call of ``fn`` (its literals and Python numbers given their types)."""
        fn_name = fn.name
        if fn.hof not in ("map", "reduce") and any(self.values[v].window for v in args.values()):
            args = {k: self.materialized(v) for k, v in args.items()}
        if fn_name in COMPARISONS or fn_name in ("maximum", "minimum", "max", "min") or fn_name in ORDERED:
            for v in args.values():
                if is_complex(self.values[v].type.dtype):
                    raise DTypeError(f"{fn_name}: complex numbers are not ordered ({self.values[v].display} "
                                     f"is {self.values[v].type.dtype})")
        for k, v in args.items():
            if self.values[v].type.dtype == "bool" and k not in getattr(fn, "mask_params", ()):
                from .site import user_site
                raise KfuseError(f"{user_site()}: {self.values[v].display} is a bool array: kfuse takes it only as a mask, "
                                 "F[mask, ...] (read, then assigned back with the same mask: "
                                 "F[mask, :] = values)")
        args = self._adapt_consts(fn, args)
        weak = frozenset(k for k, v in args.items() if self.values[v].role == "const")
        otype = fn.infer({k: self.values[v].type for k, v in args.items()}, weak).general()
        if len(self.calls) >= MAX_CALLS:
            from .site import user_frame
            frame = user_frame()
            where = f"; call {MAX_CALLS + 1} is at {frame[0]}:{frame[1]}, in {frame[2]}()" if frame else ""
            raise PlanError(f"program {self.name!r} has more than {MAX_CALLS} calls (kfuse's limit: planning "
                            f"time and memory grow faster than the program); split it into several programs{where} "
                            "(a time loop folds into one step only in the jitted function's own code: a loop in "
                            "a function it calls, or inside another loop, unrolls)")
        name = self.fresh_name(out) if out else self.fresh_name()
        self.add_value(otype, "temp", name, user_name=out)
        cid = len(self.calls)
        self.calls.append(Call(cid, fn_name, dict(args), {fn.output.name: name},
                               label or self._label(fn_name, args, name), loc, at))
        return name

    def _adapt_consts(self, fn, args: dict) -> dict:
        """Give literals and Python numbers the element type of the call's other operands."""
        strong = [self.values[v].type.dtype for v in args.values()
                  if self.values[v].role != "const" and v not in self._numbers and self.values[v].type.dtype != "bool"]
        if not strong:
            # literals only (``1 + 2j``): they share the widest literal type, so a complex
            # literal is not truncated to the real type of the first one
            weak = [self.values[v].type.dtype for v in args.values()]
            dtype = next((d for d in weak if is_complex(d)), weak[0] if weak else None)
            return {k: (self.typed_number(v, dtype, fn.name) if v in self._numbers else
                        v if self.values[v].type.dtype == dtype else self.const(self.values[v].const, dtype))
                    for k, v in args.items()}
        dtype = strong[0]
        out = {}
        for k, v in args.items():
            val = self.values[v]
            if k in getattr(fn, "index_params", ()):   # an index (pick's i): int64, as it is
                out[k] = self.typed_number(v, INDEX_DTYPE, fn.name) if v in self._numbers else v
                continue
            if v in self._numbers:
                out[k] = self.typed_number(v, dtype, fn.name)
                continue
            if val.role == "const" and val.type.dtype != dtype:
                if is_complex(val.type.dtype) and not is_complex(dtype):
                    out[k] = v  # let infer() report the complex-literal error
                    continue
                out[k] = self.const(val.const, dtype)
            else:
                out[k] = v
        return out

    def _label(self, fn_name: str, args: dict, out: str) -> str:
        disp = lambda v: (repr(self.values[v].const) if self.values[v].role == "const"  # noqa: E731
                          else self.values[v].display)
        return f"{self.values[out].display} = {fn_name}({', '.join(disp(v) for v in args.values())})"

    # ---------------------------------------------------------------- operators
    def binary(self, op: str, a: str, b: str, loc=None, out=None, axes: tuple = (None, None)) -> str:
        """Lower ``a op b`` (``+ - * / @``) to a library call (``axes``: per operand "i" for a
        vector ``c[:, None]``, "j" for ``b[None, :]``, None as it is; NumPy broadcasting)."""
        if op == "@":
            for name, axis in zip((a, b), axes):
                if axis:
                    raise marked_refusal(self.values[name].display, axis, "in a matrix product (@)")
            return self.matmul(a, b, loc, out)
        folded = self._fold(op, a, b)
        if folded is not None:
            return folded
        return self.call(BINARY_OPS[op], {"x": a, "y": b}, loc=loc, out=out, axes=dict(zip("xy", axes)))

    def unary(self, op: str, a: str, loc=None, out=None) -> str:
        folded = self._fold(op, a) if op == "-" else None
        if folded is not None:
            return folded
        return self.call(UNARY_OPS[op], {"x": a}, loc=loc, out=out)

    def _fold(self, op: str, *names):
        """``2 * 3`` or ``(1 - 2j)``: a new literal, which adapts to its operands like any other
        (a call on literals would fix its element type too early).  None if not all literals."""
        vals = [self.values[n] for n in names]
        if not all(v.role == "const" for v in vals):
            return None
        xs = [v.const for v in vals]
        try:
            r = -xs[0] if len(xs) == 1 else {"+": lambda a, b: a + b, "-": lambda a, b: a - b,
                                              "*": lambda a, b: a * b, "/": lambda a, b: a / b}[op](*xs)
        except (ZeroDivisionError, OverflowError):
            return None  # leave it to the generated code (inf / nan)
        dtype = next((v.type.dtype for v in vals if is_complex(v.type.dtype)), vals[0].type.dtype)
        return self.const(r, dtype)

    def _fold_call(self, fn_name: str, args: dict):
        """``sqrt(2.0)``, ``exp(1)``, ``abs(-3)``: a built-in elementwise function of literals only
        is a literal too, so it adapts to the operands it meets (``kfuse.sqrt(2.0) * z`` with a
        complex ``z``).  None when not foldable (the call then computes it: nan, inf)."""
        vals = [self.values[v] for v in args.values()]
        if not vals or not all(v.role == "const" for v in vals):
            return None
        if fn_name in _FOLD_UNARY and list(args) == ["x"]:
            x, cplx = vals[0].const, is_complex(vals[0].type.dtype)
            try:
                r = _FOLD_UNARY[fn_name](complex(x) if cplx else x, cplx)
            except ValueError:       # sqrt(-1.0): NumPy's nan for a real argument
                r = math.nan
            except OverflowError:    # exp(1000.0)
                r = math.inf
            dtype = vals[0].type.dtype if fn_name != "abs" else real_dtype(vals[0].type.dtype)
            return self.const(r, dtype)
        inv = {v: k for k, v in BINARY_OPS.items()}
        if fn_name in inv and sorted(args) == ["x", "y"]:
            return self._fold(inv[fn_name], args["x"], args["y"])
        return None

    def matmul(self, a: str, b: str, loc=None, out=None) -> str:
        """``A @ x`` -> gemv, ``A.T @ x`` -> gemv_t on A, ``x @ A`` -> gemv_t, ``x @ y`` -> dot."""
        ta, tb = self.type_of(a), self.type_of(b)
        if ta.kind == "sparse" and tb.kind == "vector":
            return self.call("spmv", {"A": a, "x": b}, loc=loc, out=out)
        if "sparse" in (ta.kind, tb.kind):
            raise ShapeError(f"@ with a sparse matrix needs sparse @ vector, got {ta.describe()} @ {tb.describe()}")
        if ta.kind == "matrix" and tb.kind == "vector":
            base = self.values[a].view_of if self.values[a].window is None else None
            if base:
                return self.call("gemv_t", {"A": base, "x": b}, loc=loc, out=out)
            return self.call("gemv", {"A": a, "x": b}, loc=loc, out=out)
        if ta.kind == "vector" and tb.kind == "matrix":
            return self.matmul(self.transpose(b), a, loc, out)
        if ta.kind == "vector" and tb.kind == "vector":
            return self.call("dot", {"x": a, "y": b}, loc=loc, out=out)
        if ta.kind == "matrix" and tb.kind == "matrix":
            return self.gemm(a, b, loc=loc, out=out)
        raise ShapeError(f"@ needs vectors or matrices, got {ta.describe()} and {tb.describe()}")

    def gemm(self, a: str, b: str, alpha: str | None = None, beta: str | None = None, c: str | None = None,
             loc=None, out=None) -> str:
        """``A @ B`` of two matrices -> ``gemm`` (a contraction).  Transpose views stay views: the
        gemm kernel reads them transposed, with no copy.  ShapeError names both shapes when the
        inner dimensions differ, DTypeError mismatched or complex element types."""
        ta, tb = self.type_of(a), self.type_of(b)
        for v, t in ((a, ta), (b, tb)):
            if is_complex(t.dtype):
                raise DTypeError(f"{self.values[v].display} @ ...: complex matrices ({t.dtype}) are not supported by "
                                 "the matrix product yet (float32 and float64 are)")
        if ta.dtype != tb.dtype:
            raise DTypeError(f"matrix product of {self.values[a].display} ({ta.dtype}) and {self.values[b].display} "
                             f"({tb.dtype}): mismatched element types; convert explicitly, kfuse does not promote")
        if ta.rank == 2 and tb.rank == 2 and isinstance(ta.shape[1], int) and isinstance(tb.shape[0], int) \
                and ta.shape[1] != tb.shape[0]:
            raise ShapeError(f"matrix product: shapes {tuple(ta.shape)} ({self.values[a].display}) and "
                             f"{tuple(tb.shape)} ({self.values[b].display}) do not match: "
                             f"{ta.shape[1]} columns against {tb.shape[0]} rows")
        fn, a, b = product_fn(self, a, b)
        args = {"A": a, "B": b, "alpha": alpha, "beta": beta, "C": c}
        return self.call(fn, args, loc=loc, out=out)

    def mark(self, name: str, structure: str, uplo: str, unit: bool = False) -> str:
        """``name`` marked symmetric or triangular (:func:`kfuse.frontend.structured.mark`)."""
        return mark(self, name, structure, uplo, unit)

    # ---------------------------------------------------------------- result
    def finish(self, outputs: list) -> Program:
        """The program returning ``outputs`` (value names); drops unused literals."""
        if not outputs:
            raise KfuseError(f"{self.name}: nothing is returned")
        for o in outputs:
            if o not in self.values:
                raise KfuseError(f"{self.name}: returned value {o!r} is not defined")
        outputs = [self.materialized(o) for o in outputs]
        drop_replaced(self, outputs)   # plane assignments a second one of the same plane replaced
        drop_dead_bases(self, outputs)
        reassociate(self, outputs)
        used = set(self.inputs) | set(outputs)
        for c in self.calls:
            used.update(c.args.values())
            used.update(c.outs.values())
        used.update(self.values[u].view_of for u in list(used) if self.values[u].view_of)
        values = {n: v for n, v in self.values.items() if n in used}
        return Program(self.name, values, list(self.inputs), list(outputs), list(self.calls))
