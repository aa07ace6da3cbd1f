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
