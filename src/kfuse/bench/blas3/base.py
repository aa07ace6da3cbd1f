"""The base class of the BLAS-3 suite's implementations (on :class:`kfuse.bench.impls.Impl`)."""
from __future__ import annotations

from typing import Callable

from ..impls import Impl
from . import workloads as W


class Blas3Impl(Impl):
    """Base: per point ``set_dtype``, ``set_precision``, ``build(variant, shape, precision)``
    then ``bind(built, inputs)`` (inputs of the point's dtype)."""

    families: tuple = W.FAMILIES + ("fused",)     # the 6 BLAS-3 families and the fused workloads
    odd_check = True        # also check each variant once at an odd size (a second build)
    dtype = "float32"       # the point's dtype (:meth:`set_dtype`)

    def setup(self, dtype: str = "float32") -> None:
        super().setup(dtype)
        self.precision = "ieee"

    def set_dtype(self, dtype: str) -> None:
        """The dtype of the next point (``float32`` or ``float64``), before its precision."""
        self.dtype = dtype

    def set_precision(self, precision: str) -> None:
        """Switch to ``ieee`` (exact) or ``tf32`` math before a point."""
        self.precision = precision

    def supports(self, v, precision: str) -> str | None:
        """A one-line reason to skip this variant/precision (in the dtype set), or None."""
        if v.family not in self.families:
            return f"{self.name} does not run {v.family.upper()} (see the suite's notes)"
        allowed = W.DTYPE_PRECISIONS.get(self.dtype, ())
        if precision not in allowed:
            return f"{self.dtype} has no {precision} mode (only {', '.join(allowed) or 'none'})"
        return None

    def bind(self, built, args: list) -> Callable[[], object]:
        native = [self.convert(a) for a in args]
        prepared = self.prepare(built, native)
        return lambda: built[0](*prepared)

    def prepare(self, built, native: list) -> list:
        """Per input set, outside the timed call (dense fill of a structured operand)."""
        return native
