"""CuPy array expressions: the sequence written as a CuPy user would write it.

``A @ x``, ``A.T @ y``, ``u[:, None] * v[None, :]``, ``alpha * x + beta * y`` with
Python-float scalars (weakly typed, so float32 stays float32).  The expressions
are the ones in :mod:`kfuse.bench.sequences`, shared with the reference.
"""
from __future__ import annotations

from . import Impl


class CupyImpl(Impl):
    """CuPy expressions; timed with CUDA events like kfuse."""

    name = "cupy"
    requires = ("cupy",)
