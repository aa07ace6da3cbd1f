"""Where in the user's code a traced function did something kfuse refuses, and the refusal.

Errors raised while tracing (an unsupported NumPy function, iterating over a traced array,
``range(T)`` of a traced value) name the line of the user's code that did it: the innermost
frame of the call stack outside kfuse and NumPy.
"""
from __future__ import annotations

import difflib
import os
import sys

import numpy as np

from ..errors import UnknownFunctionError

_KFUSE_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
_NUMPY_DIR = os.path.dirname(os.path.abspath(np.__file__))


def _foreign(filename: str) -> bool:
    """Whether a frame of ``filename`` belongs to kfuse, NumPy or Python's machinery."""
    if filename.startswith(("<__array_function__", "<frozen")):   # NumPy's dispatch, importlib
        return True
    if filename.startswith("<"):   # <stdin>, <string>, a notebook cell: the user's
        return False
    path = os.path.abspath(filename)
    return path.startswith(_KFUSE_DIR + os.sep) or path.startswith(_NUMPY_DIR + os.sep)


def user_site(skip: int = 1) -> str:
    """``file:line`` of the innermost frame of the user's code calling into kfuse or NumPy
    (``"<unknown>"`` when every frame is kfuse's or NumPy's)."""
    found = user_frame(skip + 1)
    return f"{found[0]}:{found[1]}" if found else "<unknown>"


def user_frame(skip: int = 1):
    """(file, line, function) of the innermost frame of the user's code calling into kfuse or
    NumPy (None when every frame is kfuse's or NumPy's)."""
    frame = sys._getframe(skip)
    while frame is not None:
        if not _foreign(frame.f_code.co_filename):
            return frame.f_code.co_filename, frame.f_lineno, frame.f_code.co_name
        frame = frame.f_back
    return None


def at_site(message: str) -> str:
    """``message`` prefixed with the user's ``file:line``."""
    return f"{user_site(2)}: {message}"


class UnsupportedError(UnknownFunctionError, AttributeError):
    """A NumPy function, ufunc or array attribute kfuse does not compile (also an
    AttributeError, so ``hasattr`` on a traced array stays False for it)."""


def refusal(name: str, why: str = "", near: str | None = None, known=()) -> UnsupportedError:
    """The one error for NumPy's ``name`` in a traced function: the user's line, what is missing
    (``why``) and the nearest kfuse form (``near``, else the names of ``known`` close to it)."""
    if near is None:
        close = difflib.get_close_matches(name.rsplit(".", 1)[-1], sorted(known), n=2, cutoff=0.75)
        near = ", ".join(f"np.{c}" for c in close) or None
    text = f"{user_site()}: {name} is not supported inside kfuse functions"
    text += f" ({why})" if why else ""
    text += f"; nearest kfuse form: {near}" if near else ""
    return UnsupportedError(text)


def traced(x) -> bool:
    """Whether ``x`` is a traced array (a :class:`kfuse.frontend.trace.Tensor`, which says so:
    the NumPy-name modules do not import the tracer, they use what its arrays carry)."""
    return getattr(type(x), "kfuse_traced", False)
