"""NumPy-style functions usable inside ``@kfuse.jit`` (and eagerly on CuPy arrays)."""
from __future__ import annotations

from . import library as _library
from .blas import _body, _run


def outer(x, y):
    """``x y^T``: the outer product of two vectors."""
    return _run("outer", _body("outer", ("x", "y")), (x, y), {})


def maximum(x, y):
    """Elementwise maximum (NaN propagates, as ``numpy.maximum``)."""
    return _run("maximum", _body("maximum", ("x", "y")), (x, y), {})


def minimum(x, y):
    """Elementwise minimum (NaN propagates, as ``numpy.minimum``)."""
    return _run("minimum", _body("minimum", ("x", "y")), (x, y), {})


def where(cond, x, y):
    """``x`` where ``cond`` is nonzero (a comparison such as ``a > 0``), else ``y``."""
    return _run("where", _body("where", ("cond", "x", "y")), (cond, x, y), {})


def interior(u, new):
    """``u`` with its interior replaced by ``new``, the boundary kept: ``new`` is smaller by
    ``2 h`` along each axis, ``h`` the halo on each side.  NumPy equivalent::

        r = u.copy(); r[h0:-h0, h1:-h1] = new
    """
    return _run("interior", _body("interior", ("u", "inner")), (u, new), {})


def sum(x):  # noqa: A001 - mirrors numpy.sum
    """The sum of every element (a 0-d array)."""
    return _run("sum", _body("sum", ("x",)), (x,), {})


def max(x):  # noqa: A001 - mirrors numpy.max
    """The largest element (a 0-d array; real arrays)."""
    return _run("max", _body("max", ("x",)), (x,), {})


def min(x):  # noqa: A001 - mirrors numpy.min
    """The smallest element (a 0-d array; real arrays)."""
    return _run("min", _body("min", ("x",)), (x,), {})


def _np_body(name: str, names=("x",)):
    """The body of a NumPy-named call: :mod:`kfuse.frontend.numpy_api`'s ``name`` (static
    options as keywords)."""
    from .frontend import numpy_api

    def body(b, *args, **static):
        fn = numpy_api.FUNCTIONS.get(name) or numpy_api.UFUNCS[name]
        return fn(*args, **static)
    body.arg_names = names
    return body


def _static(x):
    """A hashable form of a static option (nested lists as tuples)."""
    return tuple(_static(v) for v in x) if isinstance(x, (list, tuple)) else x


def zeros_like(x):
    """A new array of ``x``'s shape, type and layout filled with 0 (``x`` is not read)."""
    return _run("zeros_like", _np_body("zeros_like"), (x,), {})


def ones_like(x):
    """A new array like ``x`` filled with 1."""
    return _run("ones_like", _np_body("ones_like"), (x,), {})


def empty_like(x):
    """A new array like ``x`` (filled with 0: deterministic)."""
    return _run("empty_like", _np_body("empty_like"), (x,), {})


def full_like(x, fill_value):
    """A new array like ``x`` filled with the number ``fill_value``."""
    return _run("full_like", _np_body("full_like"), (x,), {"fill_value": fill_value})


def roll(x, shift, axis=None):
    """``numpy.roll``: window assignments into a new array (``axis=None`` for vectors only)."""
    return _run("roll", _np_body("roll"), (x,), {"shift": _static(shift), "axis": _static(axis)})


def pad(x, pad_width, mode="constant", constant_values=0):
    """``numpy.pad`` with modes "constant", "edge", "wrap", "reflect" and "symmetric": a new
    array, ``x`` assigned into its centre and its pads assigned from it."""
    extra = {"constant_values": _static(constant_values)} if mode == "constant" else {}
    return _run("pad", _np_body("pad"), (x,), {"pad_width": _static(pad_width), "mode": mode, **extra})


def _elementwise(e):
    """``kfuse.<e.fn>``: the library's elementwise function ``e`` (real-only ones through
    NumPy's name, which says so at the user's line for a complex array)."""
    body = _np_body(e.numpy[0]) if e.real_only else _body(e.fn, ("x",))

    def fn(x):
        return _run(e.fn, body, (x,), {})
    fn.__name__ = fn.__qualname__ = e.fn
    fn.__doc__ = e.doc
    return fn


#: the elementwise functions of one array (:data:`kfuse.library.ELEMENTWISE`), one per entry
ELEMENTWISE = tuple(e.fn for e in _library.ELEMENTWISE)
globals().update({e.fn: _elementwise(e) for e in _library.ELEMENTWISE})
