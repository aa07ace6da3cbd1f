"""Trace a workload's NumPy-style code on shapes alone: output shapes, operation count, flops.

A :class:`Sym` stands for an array of a given shape.  Running a workload function with ``Sym``
fields and :data:`SYM_OPS` records every elementwise operation (arithmetic, comparison,
``where``, ``maximum``, ``minimum``, ``sqrt``, ``abs``, ``exp``) and reduction (``sum``,
``max``): one *operation* each, and as many *flops* as elements it produces (reductions: as
many as they read).  Slices (window views) and ``interior`` cost nothing.  No array is ever
allocated, so a 512^3 workload is traced in microseconds.
"""
from __future__ import annotations

import math
from types import SimpleNamespace

import numpy as np


class Counter:
    """Operations and flops recorded while tracing one call."""

    def __init__(self):
        self.ops = 0
        self.flops = 0

    def add(self, shape: tuple, flops: int | None = None) -> None:
        self.ops += 1
        self.flops += math.prod(shape) if flops is None else flops


class Sym:
    """An array of ``shape`` whose operations are counted on ``counter``."""

    __array_priority__ = 1000   # numpy scalars defer to Sym's reflected operators

    def __init__(self, shape: tuple, counter: Counter):
        self.shape = tuple(int(s) for s in shape)
        self.counter = counter

    @property
    def ndim(self) -> int:
        return len(self.shape)

    def __getitem__(self, idx) -> "Sym":
        """A basic slice: the shape NumPy gives (checked on a zero-stride dummy array)."""
        dummy = np.broadcast_to(np.zeros(1, dtype=np.int8), self.shape)
        return Sym(dummy[idx].shape, self.counter)

    def _binary(self, other) -> "Sym":
        shape = np.broadcast_shapes(self.shape, _shape(other))
        self.counter.add(shape)
        return Sym(shape, self.counter)

    __add__ = __radd__ = __sub__ = __rsub__ = __mul__ = __rmul__ = _binary
    __truediv__ = __rtruediv__ = __gt__ = __lt__ = __ge__ = __le__ = _binary

    def __neg__(self) -> "Sym":
        self.counter.add(self.shape)
        return Sym(self.shape, self.counter)

    __abs__ = __neg__


def _shape(x) -> tuple:
    """Shape of a Sym or a Python/NumPy scalar."""
    return x.shape if isinstance(x, Sym) else ()


def _counter(*xs) -> Counter:
    for x in xs:
        if isinstance(x, Sym):
            return x.counter
    raise TypeError("no traced array among the arguments")


def _elementwise(*xs) -> Sym:
    shape = np.broadcast_shapes(*(_shape(x) for x in xs))
    c = _counter(*xs)
    c.add(shape)
    return Sym(shape, c)


def _reduce(x) -> Sym:
    x.counter.add((), flops=math.prod(x.shape))
    return Sym((), x.counter)


def _interior(u: Sym, new: Sym) -> Sym:
    """Same shape as ``u``; the halo must be even per axis (as every framework's interior)."""
    from .opsets import halo_index

    halo_index(u.shape, new.shape)   # raises on a bad pair
    return Sym(u.shape, u.counter)


SYM_OPS = SimpleNamespace(
    where=_elementwise, maximum=_elementwise, minimum=_elementwise,
    sqrt=_elementwise, abs=_elementwise, exp=_elementwise,
    interior=_interior, max=_reduce, sum=_reduce)


def trace(fn, shapes: list[tuple], consts: dict | None = None) -> dict:
    """``{"out_shapes": [...], "ops": int, "flops": int}`` of ``fn(SYM_OPS, *fields, **consts)``
    for fields of the given shapes."""
    counter = Counter()
    out = fn(SYM_OPS, *(Sym(s, counter) for s in shapes), **(consts or {}))
    outs = out if isinstance(out, (tuple, list)) else (out,)
    return {"out_shapes": [o.shape for o in outs], "ops": counter.ops, "flops": counter.flops}
