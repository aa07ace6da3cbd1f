"""NumPy-style functions usable inside ``@kfuse.jit`` (and eagerly on CuPy arrays)."""
from __future__ import annotations

from .blas import _body, _run


def outer(x, y):
    """``x y^T``: the outer product of two vectors."""
    return _run("outer", _body("outer", ("x", "y")), (x, y), {})


def sqrt(x):
    """Elementwise square root."""
    return _run("sqrt", _body("sqrt", ("x",)), (x,), {})


def exp(x):
    """Elementwise exponential."""
    return _run("exp", _body("exp", ("x",)), (x,), {})


def abs(x):  # noqa: A001 - mirrors numpy.abs
    """Elementwise absolute value (real result for complex input)."""
    return _run("abs", _body("abs", ("x",)), (x,), {})


def conj(x):
    """Elementwise complex conjugate."""
    return _run("conj", _body("conj", ("x",)), (x,), {})


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
