"""NumPy's own names on traced arrays: ``np.exp(u)``, ``np.sum(u)``, ``u.clip(0, 1)``, ``u ** 2``.

A :class:`kfuse.frontend.trace.Tensor` takes part in NumPy's protocols as CuPy and JAX arrays
do: ``__array_ufunc__`` sends a ufunc here (:func:`array_ufunc`), ``__array_function__`` any
other NumPy function (:func:`array_function`), each recorded as kfuse's own calls.  What kfuse
cannot compile is one :class:`UnsupportedError` naming the NumPy function, the user's
``file:line`` and the nearest kfuse form, never a NumPy or Python error about the proxy.
"""
from __future__ import annotations

import inspect
import numbers

import numpy as np

from ..errors import ArgumentError, DTypeError, ShapeError
from ..ir import is_complex
from ..library import ELEMENTWISE
from .axis_reduce import reduce_axis
from .planes import roll as _roll_any
from .roll_pad import pad as _pad
from .site import UnsupportedError, refusal, traced, user_site  # noqa: F401 (UnsupportedError: re-exported)


#: NumPy names kfuse refuses, with the nearest kfuse form
NEAREST = {
    "numpy.linalg.solve": "kfuse.linalg.solve_triangular for triangular systems, kfuse.solvers.cg / "
                          "kfuse.solvers.bicg outside kfuse.jit",
    "numpy.linalg.inv": "kfuse.linalg.solve_triangular (triangular systems)",
    "numpy.einsum": "@ (kfuse.blas.gemm / gemv) and elementwise * with np.sum",
    "numpy.concatenate": "np.zeros_like / np.pad and window assignments (r[:n] = a; r[n:] = b)",
    "numpy.stack": "window assignments into a new array",
    "numpy.reshape": "slicing (u[1:-1, 1:-1]); kfuse keeps each array's shape",
    "numpy.prod": "np.exp(np.sum(np.log(x))) for positive x",
    "numpy.floor_divide": "true division (/); kfuse has no floor or remainder",
    "numpy.remainder": "window assignments for periodic indices (np.roll)",
    "numpy.fmod": "window assignments for periodic indices (np.roll)",
    "numpy.tensordot": "@ (kfuse.blas.gemm)",
    "numpy.diff": "slices: u[1:] - u[:-1]",
    "numpy.gradient": "slices: (u[2:] - u[:-2]) / 2",
}


FLOOR, MOD = NEAREST["numpy.floor_divide"], NEAREST["numpy.remainder"]
#: the nearest form of ``& | ^ ~``: comparisons are 0/1 masks of the operands' type, not bool arrays
LOGICAL = "0/1 masks: m1 * m2 for and, np.maximum(m1, m2) for or, 1 - m for not"


def qualified(func) -> str:
    """NumPy's dotted name of a function or ufunc: ``numpy.fft.fft``, ``numpy.exp``."""
    if isinstance(func, np.ufunc):
        return f"numpy.{func.__name__}"
    module = getattr(func, "__module__", None) or "numpy"
    module = "numpy" if module in ("numpy.core.fromnumeric", "numpy._core.fromnumeric", "numpy.core.numeric",
                                   "numpy._core.numeric", "numpy.core.multiarray", "numpy._core.multiarray",
                                   "numpy.lib.function_base", "numpy.lib._function_base_impl") else module
    return f"{module}.{getattr(func, '__name__', repr(func))}"


def unsupported(name: str, why: str = "", hint: str | None = None) -> UnsupportedError:
    """The one error for NumPy's ``name`` in a traced function (``why``: what is missing; the
    nearest kfuse form: ``hint``, else :data:`NEAREST`'s, else near names kfuse takes)."""
    return refusal(name, why, hint or NEAREST.get(name), SUPPORTED)


# ------------------------------------------------------------------ helpers
def _first(*xs):
    """The first traced array among ``xs``: its builder and class make the results."""
    return next(x for x in xs if traced(x))


def _wrap(like, name: str):
    return type(like)(like._b, name)


def _binary(op: str, x, y):
    """``x op y`` by the Tensor operators (literals, broadcasting marks and folding kept)."""
    return x._bin(op, y) if traced(x) else y._bin(op, x, True)


def _call(fn: str, **operands):
    """``fn(operands)`` recorded (vectors with a new axis broadcast as in Tensor operators)."""
    t = _first(*operands.values())
    args = {k: t.operand_of(v, marked=True) for k, v in operands.items()}
    axes = {k: getattr(v, "_axis", None) for k, v in operands.items()}
    return _wrap(t, t._b.call(fn, args, axes=axes))


def _unary(fn: str, x):
    return _wrap(x, x._b.call(fn, {"x": x.operand_of(x)}))


def _real_only(name: str, *xs):
    for x in xs:
        dt = x.dtype.name if traced(x) else ("complex128" if isinstance(x, complex) else "float64")
        if is_complex(dt):
            raise DTypeError(f"{user_site()}: {name}: complex operands are not supported ({dt}); "
                             "real float32 and float64 are")


def power(x, y):
    """``x ** y``: ``x ** 2`` is ``x * x`` (as NumPy computes it), ``0.5`` a square root, ``-1``
    a reciprocal, ``1`` a copy, ``0`` ones; other exponents the real ``pow``."""
    if isinstance(y, bool) or isinstance(x, bool):
        raise ArgumentError(f"{user_site()}: ** with a boolean is not supported")
    if traced(x) and isinstance(y, numbers.Real):
        y = float(y)
        if y == 2.0:
            return x * x
        if y == 1.0:
            return copy(x)
        if y == 0.5:
            return _unary("sqrt", x)
        if y == -1.0:
            return 1.0 / x
        if y == 0.0:
            return full_like(x, 1.0)
    _real_only("numpy.power", x, y)
    return _call("pow", x=x, y=y)


def _no_floor(name: str):
    def refuse(*_args, **_kw):
        raise unsupported(name, "kfuse has no floor or remainder on its arrays")
    return refuse


def equal(x, y):
    """``x == y`` as a 0/1 mask of the operands' type (NaN equals nothing, as in NumPy)."""
    return mark_mask(_binary(">=", x, y) * _binary("<=", x, y))


def not_equal(x, y):
    """``x != y`` as a 0/1 mask (1 where :func:`equal` is 0)."""
    return mark_mask(1.0 - equal(x, y))


def mark_mask(t):
    """Record traced ``t`` as a comparison's 0/1 mask (NumPy's bool array); returns ``t``."""
    if traced(t):
        t._b.masks.add(t._name)
    return t


def is_mask(t) -> bool:
    """Whether ``t`` is a traced comparison's 0/1 mask (:func:`mark_mask`), a bool array in NumPy."""
    return traced(t) and t._name in t._b.masks


def clip(x, lo=None, hi=None):
    """``np.clip(x, lo, hi)``: ``minimum(maximum(x, lo), hi)`` as NumPy defines it (a bound may
    be None)."""
    if lo is None and hi is None:
        raise ArgumentError(f"{user_site()}: clip: give at least one of the bounds (NumPy refuses too)")
    _real_only("numpy.clip", x, *(v for v in (lo, hi) if v is not None))
    r = x if lo is None else _call("maximum", x=x, y=lo)
    return r if hi is None else _call("minimum", x=r, y=hi)


def copy(x, order="K", subok=False):
    """A new array equal to ``x`` (``np.copy(x)``, ``x.copy()``)."""
    return _unary("copy", x)


def _dtype(name: str, dtype) -> np.dtype:
    """NumPy's dtype of ``dtype`` (a torch dtype by its name); one DTypeError if there is none."""
    try:
        return np.dtype(str(dtype).replace("torch.", "") if type(dtype).__module__.startswith("torch") else dtype)
    except TypeError:
        raise DTypeError(f"{user_site()}: {name}: {dtype!r} is not an element type") from None


def _check_like(name: str, x, dtype, shape, order="K"):
    if dtype is not None and _dtype(name, dtype) != x.dtype:
        raise DTypeError(f"{user_site()}: {name}(..., dtype={np.dtype(dtype).name}) of a {x.dtype.name} array: "
                         "kfuse does not convert element types; make the array of the type wanted")
    if shape is not None and tuple(np.atleast_1d(shape)) != tuple(x.shape):
        raise ShapeError(f"{user_site()}: {name}(..., shape={shape}) of an array of shape {x.shape}: kfuse "
                         "makes new arrays of the shape of an existing one")
    if order not in ("K", "A", "C", "F", None):
        raise ArgumentError(f"{user_site()}: {name}: order={order!r} is not a memory order")


def full_like(x, fill_value, dtype=None, order="K", subok=True, shape=None):
    """A new array of ``x``'s shape, type and layout, every element ``fill_value`` (``x`` is
    not read): what later window assignments write into."""
    if not traced(x):
        raise ArgumentError(f"{user_site()}: full_like needs a traced array to take the shape of")
    _check_like("numpy.full_like", x, dtype, shape, order)
    b = x._b
    if traced(fill_value) and fill_value.ndim == 0:   # a 0-d result (np.mean(u)): read on the device
        return _wrap(x, b.call("full", {"value": x.operand_of(fill_value), "like": x.operand_of(x)}))
    if isinstance(fill_value, bool) or not isinstance(fill_value, numbers.Number):
        raise ArgumentError(f"{user_site()}: full_like: the fill value must be a number, got "
                            f"{type(fill_value).__name__}")
    if isinstance(fill_value, complex) and not is_complex(x.dtype.name):
        raise DTypeError(f"{user_site()}: full_like: a complex fill value for a {x.dtype.name} array")
    return _wrap(x, b.call("full", {"value": b.const(fill_value, x.dtype.name), "like": x.operand_of(x)}))


def zeros_like(x, dtype=None, order="K", subok=True, shape=None):
    """``np.zeros_like``: :func:`full_like` with 0."""
    _check_like("numpy.zeros_like", x, dtype, shape, order)
    return full_like(x, 0.0)


def ones_like(x, dtype=None, order="K", subok=True, shape=None):
    """``np.ones_like``: :func:`full_like` with 1."""
    _check_like("numpy.ones_like", x, dtype, shape, order)
    return full_like(x, 1.0)


def empty_like(x, dtype=None, order="K", subok=True, shape=None):
    """``np.empty_like``: zeros (deterministic; NumPy leaves the values undefined)."""
    _check_like("numpy.empty_like", x, dtype, shape, order)
    return full_like(x, 0.0)


# ------------------------------------------------------------------ reductions
def _whole(name: str, axis=None, dtype=None, out=None, keepdims=False, **rest):
    """Refuse the arguments of a reduction kfuse does not take (it reduces every element)."""
    if axis is not None:
        raise unsupported(name, f"axis={axis!r}: kfuse reduces over every element",
                          hint=f"{name.replace('numpy', 'np')}(x) over the whole array, or sums of slices")
    if out is not None:
        raise unsupported(name, "out=: return the result instead")
    if keepdims:
        raise unsupported(name, "keepdims=True is not taken (kfuse's result drops the reduced axes)")
    if dtype is not None:
        raise unsupported(name, f"dtype={dtype!r}: kfuse reduces in the array's own type")
    extra = {k: v for k, v in rest.items() if v is not np._NoValue}
    if extra:
        raise unsupported(name, f"{', '.join(extra)}= is not taken")


def _reduce(fn: str, name: str):
    def reduce(x, axis=None, dtype=None, out=None, keepdims=False, **rest):
        _whole(name, None, dtype, out, keepdims, **rest)
        if fn != "sum":
            _real_only(name, x)
        if axis is not None and not (x.ndim == 1 and axis in (0, -1)):   # np.sum(F, 2): its planes' sum
            return reduce_axis(x, fn, name, axis)
        return _unary(fn, x)
    reduce.__name__ = fn
    return reduce


def mean(x, axis=None, dtype=None, out=None, keepdims=False, **rest):
    """``np.mean(x)``: the sum over every element divided by their count."""
    _whole("numpy.mean", None, dtype, out, keepdims, **rest)
    if axis is not None and not (x.ndim == 1 and axis in (0, -1)):
        return reduce_axis(x, "mean", "numpy.mean", axis)
    n = int(np.prod(x.shape))
    return _unary("sum", x) / float(n)


def dot(a, b, out=None):
    """``np.dot``: ``@`` for vectors and matrices, ``*`` when one side is a number."""
    if out is not None:
        raise unsupported("numpy.dot", "out=: return the result instead")
    if not (traced(a) and traced(b)):
        return _binary("*", a, b)
    return _binary("@", a, b)


def vdot(a, b):
    """``np.vdot`` of two vectors: ``sum(conj(a) * b)``."""
    if not (traced(a) and traced(b)) or a.ndim != 1 or b.ndim != 1:
        raise unsupported("numpy.vdot", "kfuse takes two vectors (NumPy flattens other arrays)")
    return _call("dotc", x=a, y=b)


def where(cond, x=None, y=None):
    """``np.where(cond, x, y)``: ``x`` where ``cond`` (a comparison mask) is nonzero, else ``y``."""
    if x is None or y is None:
        raise unsupported("numpy.where", "the one-argument form gives indices",
                          hint="np.where(cond, x, y)")
    if isinstance(cond, (bool, np.bool_)):
        raise ArgumentError(f"{user_site()}: np.where: the condition is a Python bool ({cond}); an "
                            "array comparison (u > 0) is needed (== of arrays gives a mask in kfuse)")
    _real_only("numpy.where", cond)
    return _call("where", cond=cond, x=x, y=y)


def outer(a, b, out=None):
    """``np.outer`` of two vectors."""
    if out is not None:
        raise unsupported("numpy.outer", "out=: return the result instead")
    return _call("outer", x=a, y=b)


def norm(x, ord=None, axis=None, keepdims=False):
    """``np.linalg.norm(x)``: the 2-norm of a vector, the Frobenius norm of a matrix or grid
    (``sqrt(sum(|x|**2))``); other orders and axes are refused."""
    if ord is not None or axis is not None or keepdims:
        raise unsupported("numpy.linalg.norm", "ord=, axis= and keepdims= are not taken",
                          hint="np.sqrt(np.sum(x * x)) or np.max(np.abs(x))")
    m = _unary("abs", x) if is_complex(x.dtype.name) else x
    return _unary("sqrt", _unary("sum", m * m))


def transpose(a, axes=None):
    """``np.transpose`` of a matrix (``a.T``)."""
    if axes is not None:
        raise unsupported("numpy.transpose", "axes=: kfuse transposes matrices only", hint="a.T")
    return a.T


def astype(x, dtype, order="K", casting="unsafe", subok=True, copy=True):
    """``x.astype(dtype)``: a copy when ``dtype`` is ``x``'s own; kfuse has no conversion."""
    want = _dtype("the array method .astype", dtype)
    if want != x.dtype:
        raise unsupported(f"the array method .astype({want.name})", f"kfuse does not convert {x.dtype.name} "
                          f"arrays to {want.name}", hint="arguments of the element type wanted")
    return globals()["copy"](x) if copy else x


def reshape(x, *shape, order="C", **kw):
    """``x.reshape(shape)``: only to the array's own shape (kfuse keeps shapes)."""
    want = shape[0] if len(shape) == 1 and isinstance(shape[0], (tuple, list)) else shape
    if tuple(want) != tuple(x.shape) or kw:
        raise unsupported(f"the array method .reshape{tuple(want)}", f"the array has shape {x.shape}",
                          hint=NEAREST["numpy.reshape"])
    return x


#: array attributes kfuse refuses, with the nearest kfuse form
METHOD_HINTS = {
    "ravel": "slices of the array itself", "flatten": "slices of the array itself",
    "fill": "np.full_like(u, value)", "prod": NEAREST["numpy.prod"],
    "cumsum": None, "any": "np.max(mask)", "all": "np.min(mask)", "std": "np.sqrt(np.mean((u - np.mean(u)) ** 2))",
    "item": "keep the value a 0-d array", "tolist": None, "get": "return the array: kfuse.jit's result is a device array",
}


#: ufuncs: NumPy name -> f(*inputs)
UFUNCS = {
    "add": lambda x, y: _binary("+", x, y),
    "subtract": lambda x, y: _binary("-", x, y),
    "multiply": lambda x, y: _binary("*", x, y),
    "true_divide": lambda x, y: _binary("/", x, y),
    "divide": lambda x, y: _binary("/", x, y),
    "greater": lambda x, y: _binary(">", x, y),
    "less": lambda x, y: _binary("<", x, y),
    "greater_equal": lambda x, y: _binary(">=", x, y),
    "less_equal": lambda x, y: _binary("<=", x, y),
    "equal": equal,
    "not_equal": not_equal,
    "matmul": lambda x, y: _binary("@", x, y),
    "negative": lambda x: -x,
    "positive": lambda x: copy(x),
    "square": lambda x: x * x,
    "reciprocal": lambda x: 1.0 / x,
    "power": power,
    "maximum": lambda x, y: (_real_only("numpy.maximum", x, y), _call("maximum", x=x, y=y))[1],
    "minimum": lambda x, y: (_real_only("numpy.minimum", x, y), _call("minimum", x=x, y=y))[1],
    "floor_divide": _no_floor("numpy.floor_divide"),
    "remainder": _no_floor("numpy.remainder"),
}


def _elementwise(e, name: str):
    """NumPy's ``name`` on a traced array: the library's elementwise function ``e.fn``."""
    if e.real_only:
        return lambda x: (_real_only(f"numpy.{name}", x), _unary(e.fn, x))[1]
    return lambda x: _unary(e.fn, x)


UFUNCS.update({name: _elementwise(e, name) for e in ELEMENTWISE for name in e.numpy})

#: other NumPy functions: name -> f(*args, **kwargs)
FUNCTIONS = {
    "sum": _reduce("sum", "numpy.sum"), "max": _reduce("max", "numpy.max"), "amax": _reduce("max", "numpy.amax"),
    "min": _reduce("min", "numpy.min"), "amin": _reduce("min", "numpy.amin"), "mean": mean,
    "dot": dot, "vdot": vdot, "where": where, "clip": clip, "copy": copy, "outer": outer,
    "zeros_like": zeros_like, "ones_like": ones_like, "full_like": full_like, "empty_like": empty_like,
    "roll": _roll_any, "pad": _pad, "transpose": transpose, "linalg.norm": norm,
    "shape": lambda a: a.shape, "ndim": lambda a: a.ndim, "size": lambda a, axis=None: (
        int(np.prod(a.shape)) if axis is None else a.shape[axis]),
}
#: every NumPy name a traced array takes (the near matches of a refusal)
SUPPORTED = frozenset(UFUNCS) - {"floor_divide", "remainder"} | frozenset(FUNCTIONS) | {"abs"}


def array_ufunc(ufunc, method: str, inputs: tuple, kwargs: dict):
    """``Tensor.__array_ufunc__``: a ufunc called on traced arrays, as kfuse calls."""
    name = f"numpy.{ufunc.__name__}"
    if method != "__call__":
        raise unsupported(f"{name}.{method}", f"ufunc method {method!r}",
                          hint="np.sum / np.max / np.min over the whole array" if method == "reduce" else None)
    if kwargs.get("out") is not None:
        raise unsupported(name, "out=: assign the result instead (r[...] = ...)")
    extra = sorted(k for k in kwargs if k != "out")
    if extra:
        raise unsupported(name, f"{', '.join(extra)}= is not taken")
    fn = UFUNCS.get(ufunc.__name__)
    if fn is None:
        raise unsupported(name)
    return fn(*inputs)


def array_function(func, args: tuple, kwargs: dict):
    """``Tensor.__array_function__``: a NumPy function called on traced arrays."""
    name = qualified(func)
    fn = FUNCTIONS.get(name[len("numpy."):]) if name.startswith("numpy.") else None
    if fn is None:
        raise unsupported(name)
    try:
        inspect.signature(fn).bind(*args, **kwargs)
    except TypeError as e:   # an argument kfuse does not take
        raise unsupported(name, f"these arguments are not taken: {e}") from None
    return fn(*args, **kwargs)
