"""Python front end: tracing a function of arrays into IR.

Inside a traced function the arguments are :class:`Tensor` proxies.  NumPy
operators (``@ .T + - * / -x abs``), ``kfuse.sqrt/exp/outer`` and
``kfuse.blas.*`` record calls through the GraphBuilder; Python numbers in the
body become literals.  Shapes are concrete: one trace per argument signature.
"""
from __future__ import annotations

import numbers
import threading

import numpy as np

from ..errors import ArgumentError, DTypeError, KfuseError, PlanError, ShapeError
from ..ir import DENSE_KIND, ArrayType, Program, complex_of
from ..platform import arrays
from .assign import check_operand, getitem, setitem, window_bounds  # noqa: F401 (window_bounds: re-exported)
from .broadcast import marked_refusal
from .builder import GraphBuilder
from . import creation, loop_index, masked, numpy_api, plane_versions, planes, roll_pad, runtime_index
from .site import user_site
from .specs import ShapeDtype, arg_spec, lower_spec, per_row_hint  # noqa: F401 (re-exported)

_state = threading.local()


class Tensor:
    """A traced value: supports the NumPy operators kfuse can compile."""

    __slots__ = ("_b", "_name", "_drop", "_axis", "_owner", "_at", "_seen")   # _seen: plane_versions
    __array_priority__ = 1000   # NumPy scalars defer to our operators
    __hash__ = object.__hash__   # == gives a mask (numpy_api.equal); identity stays the hash
    kfuse_traced = True          # what numpy_api recognises (it does not import this module)

    def operand_of(self, x, marked: bool = False) -> str:
        """The value name of ``x`` in this trace (:func:`as_operand`)."""
        return as_operand(self._b, x, marked)

    # ------------------------------------------------------- NumPy's protocols (numpy_api)
    def __array_ufunc__(self, ufunc, method, *inputs, **kwargs):
        """``np.exp(u)``, ``np.maximum(a, b)``, ``2.0 * u`` with a NumPy scalar: kfuse calls."""
        return numpy_api.array_ufunc(ufunc, method, inputs, kwargs)

    def __array_function__(self, func, types, args, kwargs):
        """``np.sum(u)``, ``np.zeros_like(u)``, ``np.roll(u, 1, axis=0)``: kfuse calls; any
        other NumPy function is one error naming it and the user's line."""
        return numpy_api.array_function(func, args, kwargs)

    def __array__(self, dtype=None, copy=None):
        raise numpy_api.unsupported("numpy.asarray / numpy.array", "a traced array has no values while "
                                    "tracing", hint="use the array itself (it already is one inside kfuse.jit)")

    def __getattr__(self, name):
        if name.startswith("_"):
            raise AttributeError(name)
        raise numpy_api.unsupported(f"the array attribute .{name}", hint=numpy_api.METHOD_HINTS.get(name))

    def __init__(self, builder: GraphBuilder, name: str, drop: tuple = (), axis: str | None = None):
        # _drop: the axes an integer index removed (u[-2, :]); the value keeps them (length 1)
        # _axis: a vector with a new axis, "i" for c[:, None] (a column), "j" for b[None, :] (a row):
        # only an operand of a broadcasting binary with a matrix (frontend/broadcast.py)
        self._b, self._name, self._drop, self._axis = builder, name, drop, axis
        # _owner, _at: for a view taken by indexing, the Tensor of the array it shows and its
        # window there (per axis, dropped axes included): writes through the view go to the owner
        self._owner, self._at = None, ()

    # -------------------------------------------------------------- attributes
    @property
    def _type(self) -> ArrayType:
        return self._b.type_of(self._name)

    @property
    def shape(self) -> tuple:
        if self._axis:
            return (self._type.shape[0], 1) if self._axis == "i" else (1, self._type.shape[0])
        return tuple(n for a, n in enumerate(self._type.shape) if a not in self._drop)

    @property
    def ndim(self) -> int:
        return len(self.shape)

    @property
    def dtype(self):
        return np.dtype(self._type.dtype)

    @property
    def T(self) -> "Tensor":
        return Tensor(self._b, self._b.transpose(as_operand(self._b, self)))

    def transpose(self, *axes) -> "Tensor":
        """NumPy's ``a.transpose()``, ``a.transpose(1, 0)`` or ``a.transpose((1, 0))``: the axes
        reversed (:attr:`T`); another order of the axes is refused."""
        axes = tuple(axes[0]) if len(axes) == 1 and isinstance(axes[0], (tuple, list)) else axes
        rank = len(self.shape)
        if axes and tuple(axes) != tuple(range(rank - 1, -1, -1)):
            raise ShapeError(f"{self._b.values[self._name].display}.transpose{tuple(axes)}: kfuse reverses "
                             "the axes only (a.T, a.transpose()); another order of the axes is not supported")
        return self.T

    def __repr__(self):
        return f"<kfuse traced {self._b.values[self._name].display}: {self._type.describe()}>"

    def __bool__(self):
        raise KfuseError("a traced array has no value while tracing: data-dependent Python control "
                         "flow (if/while on array values) cannot be compiled")

    def __len__(self):
        return self.shape[0] if self.shape else 0

    def __iter__(self):
        raise KfuseError(f"{user_site()}: cannot iterate over a traced array (for row in u): a loop over "
                         "its elements would unroll; write it vectorized, with slices of the whole array "
                         "(u[1:] - u[:-1], r[1:-1] = ...) or NumPy functions (np.sum(u), np.roll(u, 1))")

    def __index__(self):
        raise KfuseError(f"{user_site()}: a traced array is used as a Python int (range(T), an index, a "
                         "size): its value is not known while tracing; pass it as a static argument: "
                         "kfuse.jit(f, static_argnames=('T',))")

    __int__ = __index__

    def __float__(self):
        raise KfuseError(f"{user_site()}: a traced array is used as a Python float (float(u), math.sqrt(u)): "
                         "its value is not known while tracing; keep it an array (np.sqrt(u); 0-d results "
                         "broadcast in arithmetic)")

    __complex__ = __float__

    @property
    def size(self) -> int:
        return int(np.prod(self.shape))

    def __getitem__(self, key):
        """A basic slice ``u[1:-1, 2:, :-2]`` (step 1, ``...`` allowed): a window view, no copy.
        An integer index (``u[-2, :]``) drops its axis: such a plane is only meant as the value
        of an assignment (``v[0, :] = v[-2, :]``).  ``c[:, None]`` / ``b[None, :]`` of a vector:
        a column / a row, only an operand of ``+ - * /`` with a matrix (NumPy broadcasting)."""
        keys = key if isinstance(key, tuple) else (key,)
        if masked.is_mask_key(self, key):          # F[mask, :]: a masked value
            return masked.read(self, key)
        key = loop_index.as_key(self, key)         # fict[t], t a folding loop's index: a step input
        if runtime_index.is_runtime_index(key) or runtime_index.is_argument_element(self, key):
            return runtime_index.pick(self, key)     # fict[t], t a Python int argument; src[2]
        if any(k is None for k in keys):
            return self._new_axis(keys)
        if self._axis:
            raise marked_refusal(self._b.values[self._name].display, self._axis, "indexed again")
        return getitem(self, key)

    def _new_axis(self, keys: tuple) -> "Tensor":
        """``c[:, None]`` (axis "i") or ``b[None, :]`` (axis "j") of a vector (``c[1:, None]``
        slices first); any other use of ``None`` in an index is refused with one ShapeError."""
        display = self._b.values[self._name].display
        rest = [k for k in keys if k is not None]
        if self.ndim != 1 or self._drop or self._axis or len(keys) != 2 or len(rest) != 1 \
                or not isinstance(rest[0], slice):
            raise ShapeError(f"{display}[{', '.join(_key_text(k) for k in keys)}]: a new axis (None) is supported "
                             "only as c[:, None] or b[None, :] of a vector, an operand of + - * / with a "
                             "matrix (NumPy broadcasting)")
        t = getitem(self, rest[0])
        return Tensor(self._b, t._name, axis="i" if keys[1] is None else "j")

    def __setitem__(self, key, value):
        """``v[0, :] = v[-2, :]``, ``v[:, 0] = 0.0``: NumPy's assignment into an array created in
        the function (a functional update: ``v`` is rebound to the new array).  Assignment into
        an argument is refused (kfuse returns new arrays; assign into ``u.copy()``)."""
        loop_index.touch_key(key)                  # u[t, :] = ..., t a folding loop's index: it unrolls
        if masked.is_mask_key(self, key):          # F[mask, :] = masked value, or a number
            return masked.write(self, key, value)
        if any(isinstance(k, Tensor) for k in (key if isinstance(key, tuple) else (key,))):
            raise ShapeError(f"{user_site()}: {self._b.values[self._name].display}[...] = ...: an index holding a "
                             "traced array is supported in an assignment only as a bool argument mask "
                             "(F[mask, :] = ...); a comparison (u > 0) is a 0/1 mask of u's type, not a bool "
                             "array: write u[...] = np.where(u > 0, value, u)")
        setitem(self, key, value, as_operand)

    def copy(self, order: str = "K") -> "Tensor":
        """A copy of the array (NumPy's ``u.copy()``, ``u.copy(order="F")``: the same values
        whatever the order): a new array to assign into."""
        if order not in ("K", "A", "C", "F"):
            raise ArgumentError(f"{user_site()}: copy(order={order!r}): NumPy takes 'K', 'A', 'C' or 'F'")
        return Tensor(self._b, self._b.call("copy", {"x": as_operand(self._b, self)}))

    # -------------------------------------------------------------- operators
    def _bin(self, op, other, reverse=False):
        if op == "+" and numpy_api.is_mask(self) and numpy_api.is_mask(other):
            raise DTypeError(f"{user_site()}: the sum of two comparisons (m1 + m2): NumPy adds bool arrays as "
                             "a logical or (True + True is True), kfuse's comparisons are 0/1 masks of the "
                             "operands' type (1 + 1 is 2); write np.maximum(m1, m2) for the or")
        r = self._bin_value(op, other, reverse)
        if op in (">", "<", ">=", "<="):
            numpy_api.mark_mask(r)
        return r

    def _bin_value(self, op, other, reverse=False):
        """``self op other`` recorded (:meth:`_bin` without the comparison masks' bookkeeping)."""
        if planes.is_last_axis_broadcast(op, self, other):   # F * c, c along F's short last axis
            return planes.broadcast_last(self, op, other, reverse)
        drop = _plane_drop(self, other)
        if drop:   # u[1, :] - u[2, :]: computed on the planes with their axes kept, then dropped again
            kept = Tensor(self._b, self._name)
            other = Tensor(self._b, other._name) if isinstance(other, Tensor) else other
            return Tensor(self._b, kept._bin(op, other, reverse)._name, drop)
        o, me = as_operand(self._b, other, marked=True), as_operand(self._b, self, marked=True)
        axes = (getattr(other, "_axis", None), self._axis)
        a, b = (o, me) if reverse else (me, o)
        return Tensor(self._b, self._b.binary(op, a, b, axes=axes if reverse else axes[::-1]))

    def __add__(self, o): return self._bin("+", o)
    def __radd__(self, o): return self._bin("+", o, True)
    def __sub__(self, o): return self._bin("-", o)
    def __rsub__(self, o): return self._bin("-", o, True)
    def __mul__(self, o): return self._bin("*", o)
    def __rmul__(self, o): return self._bin("*", o, True)
    def __truediv__(self, o): return self._bin("/", o)
    def __rtruediv__(self, o): return self._bin("/", o, True)
    def __gt__(self, o): return self._bin(">", o)
    def __lt__(self, o): return self._bin("<", o)
    def __ge__(self, o): return self._bin(">=", o)
    def __le__(self, o): return self._bin("<=", o)
    def __matmul__(self, o): return self._bin("@", o)
    def __rmatmul__(self, o): return self._bin("@", o, True)
    def __iadd__(self, o): return self._inplace("+", o)
    def __isub__(self, o): return self._inplace("-", o)
    def __imul__(self, o): return self._inplace("*", o)
    def __itruediv__(self, o): return self._inplace("/", o)
    def __ipow__(self, o): return self._inplace("**", o)
    def __imatmul__(self, o): return self._inplace("@", o)

    def _inplace(self, op, other):
        """``u += x``: NumPy updates ``u`` in place (the caller's array, when ``u`` is an
        argument), so the Tensor is rebound to the result, as an assignment into ``u[...]``.
        A view's in-place update (``w = u[1:-1]; w += x``, ``u[1:-1] += x``) writes the array
        it shows; Python's following ``u[1:-1] = w`` is then the identity, skipped."""
        new = numpy_api.power(self, other) if op == "**" else self._bin(op, other)
        v = self._b.values[self._name]
        if self._owner is None and (self._drop or self._axis or v.view_of is not None):
            raise KfuseError(f"an in-place update ({op}=) of {v.display}, a view that is no window of an array "
                             "(a transpose or a new axis): update the array itself")
        self[...] = new    # through a view: into the array it shows (NumPy writes its memory)
        return self
    def __neg__(self): return self._unary("-")
    def __pos__(self): return self
    def __abs__(self): return self._unary("abs")

    def _unary(self, op):
        kept = Tensor(self._b, self._name) if self._drop else self
        return Tensor(self._b, self._b.unary(op, as_operand(self._b, kept)), self._drop)

    def conj(self) -> "Tensor":
        return Tensor(self._b, self._b.unary("conj", as_operand(self._b, self)))

    conjugate = conj
    def __pow__(self, o): return numpy_api.power(self, o)
    def __rpow__(self, o): return numpy_api.power(o, self)
    def __eq__(self, o): return numpy_api.equal(self, o)
    def __ne__(self, o): return numpy_api.not_equal(self, o)
    def __floordiv__(self, o): raise numpy_api.unsupported("// (numpy.floor_divide)", hint=numpy_api.FLOOR)
    def __rfloordiv__(self, o): raise numpy_api.unsupported("// (numpy.floor_divide)", hint=numpy_api.FLOOR)
    def __mod__(self, o): raise numpy_api.unsupported("% (numpy.remainder)", hint=numpy_api.MOD)
    def __rmod__(self, o): raise numpy_api.unsupported("% (numpy.remainder)", hint=numpy_api.MOD)
    def __and__(self, o): raise numpy_api.unsupported("& (numpy.bitwise_and)", hint=numpy_api.LOGICAL)
    def __or__(self, o): raise numpy_api.unsupported("| (numpy.bitwise_or)", hint=numpy_api.LOGICAL)
    def __xor__(self, o): raise numpy_api.unsupported("^ (numpy.bitwise_xor)", hint=numpy_api.LOGICAL)
    def __invert__(self): raise numpy_api.unsupported("~ (numpy.invert)", hint=numpy_api.LOGICAL)
    __rand__, __ror__, __rxor__ = __and__, __or__, __xor__

    # ------------------------------------------------------------ array methods
    def sum(self, *a, **k): return numpy_api.FUNCTIONS["sum"](self, *a, **k)
    def max(self, *a, **k): return numpy_api.FUNCTIONS["max"](self, *a, **k)
    def min(self, *a, **k): return numpy_api.FUNCTIONS["min"](self, *a, **k)
    def mean(self, *a, **k): return numpy_api.mean(self, *a, **k)
    def clip(self, lo=None, hi=None): return numpy_api.clip(self, lo, hi)
    def dot(self, o): return numpy_api.dot(self, o)
    def astype(self, dtype, *a, **k): return numpy_api.astype(self, dtype, *a, **k)
    def reshape(self, *shape, **k): return numpy_api.reshape(self, *shape, **k)


def _plane_drop(a: Tensor, b) -> tuple:
    """The dropped axes of integer-indexed planes combined by an operator (``u[1, :] - u[2, :]``):
    () when neither operand is such a plane; ShapeError unless both Tensor operands are planes of
    the same shape with the same axes dropped (a number goes with any)."""
    ts = [t for t in (a, b) if isinstance(t, Tensor) and t._type.kind != "scalar"]   # a 0-d value: a number
    if not any(t._drop for t in ts):
        return ()
    first = ts[0]
    for t in ts:
        if t._drop != first._drop or tuple(t._type.shape) != tuple(first._type.shape) or t._axis:
            shown = " and ".join(f"{t._b.values[t._name].display} (shape {t.shape})" for t in ts)
            raise ShapeError(f"{shown}: an integer-indexed plane (u[-2, :]) combines only with a number or "
                             "a plane of the same shape indexed on the same axes; use slices "
                             "(u[-2:-1, :]) to keep the axis")
    return first._drop


def _key_text(k) -> str:
    """An index element as written (``:``, ``1:``, ``None``, ``...``)."""
    if isinstance(k, slice):
        return f"{'' if k.start is None else k.start}:{'' if k.stop is None else k.stop}" + \
            ("" if k.step is None else f":{k.step}")
    return "..." if k is Ellipsis else repr(k)


def _new_array(shape: tuple, dtype: str, order: str, value: float):
    """The traced array of ``np.zeros(shape, dtype)`` and kin (:mod:`kfuse.frontend.creation`),
    or None where no trace runs on this thread."""
    b = current_builder()
    return None if b is None else roll_pad.new_array(Tensor(b, b.inputs[0] if b.inputs else ""), shape,
                                                     dtype, order if len(shape) > 1 else "C", value)


def current_builder() -> GraphBuilder | None:
    return getattr(_state, "builder", None)


def as_operand(builder: GraphBuilder, x, marked: bool = False) -> str:
    """A value name for ``x``: a Tensor of this trace, or a Python number (a literal).  A vector
    with a new axis (``c[:, None]``) only where ``marked`` (an operand of a binary operator)."""
    if isinstance(x, Tensor):
        if x._b is not builder:
            raise KfuseError("a traced array from another kfuse function was used here")
        check_operand(x)
        if x._axis and not marked:
            raise marked_refusal(builder.values[x._name].display, x._axis,
                                 "here (as a function's argument, a result, a transpose or an index)")
        return plane_versions.forwarded(builder, x._name)
    if loop_index.is_step(x) and loop_index.operand(builder, x):   # t * dt, t a folding loop's index
        return loop_index.operand(builder, x)                      # (a number set at each step)
    if isinstance(x, numbers.Number) and not isinstance(x, bool):
        return builder.const(complex(x) if isinstance(x, complex) or np.iscomplexobj(x) else float(x))
    if hasattr(x, "shape") and hasattr(x, "dtype") or arrays.is_torch(x):
        captures = getattr(_state, "captures", None)
        if captures is not None and captures.builder is builder:
            return captures.operand(x)   # a hidden input (kfuse.jit binds it at every call)
        raise ArgumentError("an array captured from outside the traced function was used: "
                            "pass it as an argument so kfuse can check and bind it")
    static = next((n for n, v in getattr(_state, "statics", ()) if v is x), None)
    if static is not None:
        raise ArgumentError(f"unsupported operand {type(x).__name__} in a kfuse function: argument {static!r} "
                            f"is static (a {type(x).__name__} is passed to the function as its Python value, "
                            "not as an array)")
    raise ArgumentError(f"unsupported operand {type(x).__name__} in a kfuse function")


def scalar_dtype(specs: list, kind: str) -> str:
    """Element type given to Python-number arguments: that of the first array argument."""
    for s in specs:
        if s[0] in ("a", "d", "s"):
            d = {"a": lambda: s[2], "d": lambda: s[1], "s": lambda: s[3]}[s[0]]()
            return complex_of(d) if kind == "complex" else d
    return "complex128" if kind == "complex" else "float64"


def _add_input(b: GraphBuilder, n: str, s: tuple) -> None:
    """Declare input ``n`` of spec ``s`` (:func:`arg_spec`)."""
    if s[0] == "a":
        kind = DENSE_KIND[len(s[1])]
        b.add_input(n, ArrayType(kind, s[2], s[1], s[3]))
    elif s[0] == "d":
        b.add_input(n, ArrayType("scalar", s[1]))
    elif s[0] == "s":
        b.add_input(n, ArrayType("sparse", s[3], s[2], "C", s[1], s[4] if len(s) > 4 else 0,
                                 s[5] if len(s) > 5 else 0.0))
    else:   # a Python number: typed by its uses, as NumPy types Python scalars
        b.add_number_input(n, s[1] == "complex")


def trace(fn, names: list, specs: list, name: str | None = None, assemble=None,
          captured: list | None = None, statics: list = (), loops: list | None = None) -> tuple:
    """Trace ``fn`` for argument ``specs``; returns (Program, output structure).

    ``assemble`` maps the traced arguments (in ``names`` order) to ``(args, kwargs)`` of the
    call (default: positional).  ``captured``: a list that receives ``(input name, array,
    spec)`` for each array the function captured from outside, which becomes a hidden input
    after the arguments (:mod:`kfuse.frontend.captured`); without it such an array is refused.
    ``statics``: (name, value) of the static arguments, named where one is misused as an array.
    ``loops``: a list that receives, per ``for ... in range(...)`` loop of ``fn``'s own code,
    whether it folded (then the Program is a :class:`kfuse.frontend.loop_split.Folded`) or why
    it unrolled (:mod:`kfuse.frontend.loop_fold`); without it loops unroll."""
    from .captured import Captures
    from . import loop_fold
    # literals (and calls on literals only, like kfuse.sqrt(2.0)) take the arguments' element type
    b = GraphBuilder(name or getattr(fn, "__name__", "kernel"), scalar_dtype(specs, "real"))
    args = []
    for n, s in zip(names, specs):
        _add_input(b, n, s)
        args.append(Tensor(b, n))
    call_args, call_kw = assemble(args) if assemble is not None else (args, {})
    prev = (current_builder(), getattr(_state, "captures", None), getattr(_state, "statics", ()))
    caps = Captures(b, _add_input, lower_spec) if captured is not None else None
    _state.builder, _state.captures, _state.statics = b, caps, statics
    fold = loop_fold.Context(b, args, getattr(fn, "__code__", None)) if loops is not None else None
    creation.install(_new_array)   # np.zeros(F.shape, dtype=F.dtype) in fn: a traced array
    try:
        with loop_fold.using(fold):
            result = (loop_fold.wrap(fn, fold) if fold else fn)(*call_args, **call_kw)
    except PlanError as e:   # too many calls: say why a loop unrolled
        why = [r.reason for r in fold.records if r.reason] if fold else []
        if not why:
            raise
        raise PlanError(f"{e}; {'; '.join(why)}") from None
    finally:
        creation.uninstall()
        _state.builder, _state.captures, _state.statics = prev
    if caps is not None:
        captured.extend(caps.items)
    written = {n: t._name for n, t in zip(names, args) if t._name != n}
    if result is None and written:
        result = ()
    single = not isinstance(result, (tuple, list))
    outs = [result] if single else list(result)
    names_out = []
    for k, o in enumerate(outs):
        if not isinstance(o, Tensor):
            raise KfuseError(f"{b.name}: return value {k} is not an array computed from the arguments "
                             f"(got {type(o).__name__})")
        as_operand(b, o)   # not a stale view, not an integer-indexed plane
        if b.is_number(o._name):   # a Python number (2 * s): in its own kind
            o = Tensor(b, b.typed_number(o._name))
            if b.values[o._name].role == "input":
                names_out.append(o._name)
                continue
        if b.values[o._name].role == "const":   # kfuse.sqrt(2.0) folded to a literal: still an output
            names_out.append(b.call("copy", {"x": o._name}))
            continue
        names_out.append(o._name)
    structure = "none" if not outs else ("single" if single else type(result).__name__)
    if fold is not None:
        folded = _folded(b, fold, args, names, names_out, loops)
        if folded is not None:
            return folded, structure
        failed = next((r for r in fold.records if r.K is not None or r.inputs), None)
        if failed is not None:   # it cannot stay folded (or its traced steps read the index): traced again, unrolled
            loops.extend([failed.reason] if failed.K is not None else [])
            loop_fold.check_replay(fn, fold, failed.reason)
            return _retrace(fn, names, specs, name, assemble, captured, statics)
    finals = list(dict.fromkeys(w for w in written.values() if w not in names_out))
    program: Program = b.finish(names_out + finals)
    at = {w: k for k, w in enumerate(names_out + finals)}
    program.writes = {n: program.outputs[at[w]] for n, w in written.items()}
    program.results = len(names_out) if written else -1
    return program, structure


def _folded(b: GraphBuilder, fold, args: list, names: list, names_out: list, loops: list):
    """The :class:`~kfuse.frontend.loop_split.Folded` of a trace whose loop folded (None if
    none did, or it cannot: the reason is then the record's); the other loops' reasons go into
    ``loops``."""
    from .loop_split import split
    rec = next((r for r in fold.records if r.K is not None), None)
    others = [r.reason or f"{r.where()} is left by break or return, so it unrolls" for r in fold.records if r is not rec]
    if rec is None:
        loops.extend(others)
        return None
    outputs = [b.materialized(o) if not b.values[o].view_of or b.values[o].window else b.call("copy", {"x": o})
               for o in names_out]   # a result that is a view (a window, a transpose): its own array
    res = split(b, rec, args, names, outputs, b.name)
    if isinstance(res, str):
        rec.reason = f"{rec.where()}: {res}"
        loops.extend(others)
        return None
    loops.extend([res.describe()] + others)
    return res


def _retrace(fn, names, specs, name, assemble, captured, statics):
    """The trace with every loop unrolled (the captured arrays recorded again)."""
    if captured is not None:
        del captured[:]
    return trace(fn, names, specs, name, assemble, captured, statics, None)
