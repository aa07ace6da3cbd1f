"""``np.zeros(F.shape, dtype=F.dtype)`` (also ``ones``, ``empty``, ``full``) inside a traced
function: a new traced array, as ``np.zeros_like`` is.

NumPy does not dispatch these to an array's protocols (no argument is an array), so while
:func:`kfuse.frontend.trace.trace` runs, the four names of the ``numpy`` module are wrappers: a
call from the traced function's own code (any module outside kfuse and NumPy) on the tracing
thread makes the ``full`` call of the trace; any other call (another thread, kfuse, NumPy
itself, no trace running) is NumPy's own, and so is a vector or a number (a constant the trace
captures, as before).  Shapes must be static ints, dtypes real floating
point (float64 by default, as NumPy's); ``empty`` is zeros (deterministic).  Anything else is
one kfuse error naming the user's line.
"""
from __future__ import annotations

import numbers
import sys
import threading

import numpy as np

from ..errors import ArgumentError, DTypeError
from .site import user_site

#: NumPy's creation functions the trace takes, with their fill value (None: the argument)
NAMES = {"zeros": 0.0, "ones": 1.0, "empty": 0.0, "full": None}
_lock = threading.Lock()
_state = {"depth": 0, "orig": {}}
_here = threading.local()   # traces running on this thread (other threads get NumPy's own calls)


def install(make) -> None:
    """Wrap NumPy's creation functions (once per nesting of traces); ``make(shape, dtype,
    order, value)`` gives the traced array, or None where no trace runs on this thread."""
    _here.depth = getattr(_here, "depth", 0) + 1
    with _lock:
        _state["depth"] += 1
        if _state["depth"] > 1:
            return
        for name in NAMES:
            orig = getattr(np, name)
            _state["orig"][name] = orig
            setattr(np, name, _wrapper(name, orig, make))


def uninstall() -> None:
    """Undo :func:`install` (NumPy's own functions again once the last trace ends)."""
    _here.depth -= 1
    with _lock:
        _state["depth"] -= 1
        if _state["depth"] > 0:
            return
        for name, orig in _state["orig"].items():
            setattr(np, name, orig)
        _state["orig"].clear()


def _from_user(depth: int = 2) -> bool:
    """Whether the caller ``depth`` frames up is user code (not kfuse's, not NumPy's)."""
    mod = sys._getframe(depth).f_globals.get("__name__", "")
    return not (mod == "kfuse" or mod.startswith(("kfuse.", "numpy")))


def _wrapper(name: str, orig, make):
    fill = NAMES[name]

    def create(shape, *args, **kwargs):
        if not getattr(_here, "depth", 0) or not _from_user():
            return orig(shape, *args, **kwargs)
        given = (args, dict(kwargs))   # NumPy's call as written, where no trace takes it
        if name == "full":
            if not args and "fill_value" not in kwargs:
                return orig(shape, *args, **kwargs)   # NumPy's own TypeError
            value = args[0] if args else kwargs.pop("fill_value")
            args = args[1:]
        else:
            value = fill
        if _rank(shape) < 2:
            return orig(shape, *given[0], **given[1])   # a vector or a number: NumPy's (a captured constant)
        dtype = args[0] if args else kwargs.pop("dtype", None)
        order = args[1] if len(args) > 1 else kwargs.pop("order", "C")
        made = make(_shape(name, shape), _dtype(name, dtype), _order(name, order, kwargs), _value(name, value))
        return orig(shape, *given[0], **given[1]) if made is None else made
    create.__name__ = create.__qualname__ = name
    create.__doc__ = orig.__doc__
    create.__wrapped__ = orig
    return create


def _rank(shape) -> int:
    """Axes of a shape argument (2 where it is no sequence: :func:`_shape` refuses it)."""
    if isinstance(shape, numbers.Integral):
        return 1
    try:
        return 2 if getattr(shape, "kfuse_traced", False) else len(tuple(shape))
    except TypeError:
        return 2


def _shape(name: str, shape) -> tuple:
    dims = (shape,) if isinstance(shape, numbers.Integral) else shape
    try:
        dims = None if getattr(dims, "kfuse_traced", False) else tuple(dims)
    except TypeError:
        dims = None
    if dims is None or not 2 <= len(dims) <= 4 or any(
            isinstance(d, bool) or not isinstance(d, numbers.Integral) or int(d) < 0 for d in dims):
        raise ArgumentError(f"{user_site()}: numpy.{name}: the shape must be 2 to 4 non-negative ints "
                            f"inside kfuse functions, got {shape!r} (x.shape of a traced array is one)")
    return tuple(int(d) for d in dims)


def _dtype(name: str, dtype) -> str:
    d = np.dtype("float64" if dtype is None else getattr(dtype, "name", dtype) if not isinstance(dtype, type)
                 else dtype)
    if d.name not in ("float32", "float64"):
        raise DTypeError(f"{user_site()}: numpy.{name}: dtype {d.name} inside kfuse functions; float32 and "
                         "float64 arrays are made (dtype=u.dtype)")
    return d.name


def _order(name: str, order, rest: dict) -> str:
    if rest.pop("like", None) is not None or rest:
        raise ArgumentError(f"{user_site()}: numpy.{name}: {', '.join(rest) or 'like'}= is not taken "
                            "inside kfuse functions")
    if order not in ("C", "F"):
        raise ArgumentError(f"{user_site()}: numpy.{name}: order must be 'C' or 'F', got {order!r}")
    return order


def _value(name: str, value) -> float:
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise ArgumentError(f"{user_site()}: numpy.{name}: the fill value must be a real number inside "
                            f"kfuse functions, got {type(value).__name__}")
    return float(value)
