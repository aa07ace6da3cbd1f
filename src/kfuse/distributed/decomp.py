"""A Cartesian decomposition of a global grid over ranks: which block of the grid each rank owns.

A :class:`Decomposition` cuts logical axis ``k`` of a grid of ``shape`` into ``dims[k]`` blocks
(``dims[k] == 1``: the axis is not cut).  Ranks are numbered row-major over ``dims`` (the last
axis of ``dims`` varies fastest).  Blocks may be uneven: along an axis of ``n`` elements cut into
``p`` blocks, the first ``n % p`` blocks hold one element more.  A ``periodic`` axis wraps: the
rank past the last block is the first one.  Everything here is pure arithmetic on integers.
"""
from __future__ import annotations

import dataclasses
import itertools
import math

from ..errors import ArgumentError, ShapeError


@dataclasses.dataclass(frozen=True)
class Decomposition:
    """``shape``: global extent per logical axis; ``dims``: ranks per axis (1 = not cut);
    ``periodic``: whether each axis wraps; ``order``: the arrays' memory order ("C"/"F")."""

    shape: tuple
    dims: tuple
    periodic: tuple
    order: str = "C"

    def __post_init__(self):
        if not len(self.shape) == len(self.dims) == len(self.periodic):
            raise ArgumentError(f"dims: {self.dims!r} and periodic: {self.periodic!r} must have one entry "
                                f"per axis of shape {self.shape!r}")

    @property
    def rank(self) -> int:
        """The number of logical axes."""
        return len(self.shape)

    @property
    def size(self) -> int:
        """The number of ranks."""
        return math.prod(self.dims)

    def cut(self, axis: int) -> bool:
        """Whether logical ``axis`` is split over more than one rank."""
        return self.dims[axis] > 1

    def coords(self, rank: int) -> tuple:
        """The block coordinates of ``rank`` (row-major over ``dims``)."""
        if not 0 <= rank < self.size:
            raise ArgumentError(f"rank: {rank} is not in 0..{self.size - 1}")
        out = []
        for p in reversed(self.dims):
            rank, c = divmod(rank, p)
            out.append(c)
        return tuple(reversed(out))

    def rank_of(self, coords) -> int | None:
        """The rank at block ``coords``: wrapped along periodic axes, None outside the grid."""
        if len(coords) != self.rank:
            raise ArgumentError(f"coords: {len(coords)} coordinates for a {self.rank}-D decomposition")
        r = 0
        for c, p, wrap in zip(coords, self.dims, self.periodic):
            if wrap:
                c %= p
            elif not 0 <= c < p:
                return None
            r = r * p + c
        return r

    def bounds(self, axis: int) -> list:
        """(lo, hi) of every block along logical ``axis``, in block order."""
        n, p = self.shape[axis], self.dims[axis]
        q, extra = divmod(n, p)
        out, lo = [], 0
        for b in range(p):
            hi = lo + q + (1 if b < extra else 0)
            out.append((lo, hi))
            lo = hi
        return out

    def smallest_block(self, axis: int) -> int:
        """The fewest elements any block holds along ``axis``."""
        return self.shape[axis] // self.dims[axis]

    def box(self, rank: int) -> tuple:
        """The global box ``rank`` owns: (lo, hi) per logical axis."""
        return tuple(self.bounds(a)[c] for a, c in enumerate(self.coords(rank)))

    def neighbour(self, rank: int, direction) -> int | None:
        """The rank one block away from ``rank`` along ``direction`` (-1, 0 or 1 per axis); None
        past a non-periodic edge."""
        if len(direction) != self.rank or any(d not in (-1, 0, 1) for d in direction):
            raise ArgumentError(f"direction: {tuple(direction)!r} is not one of -1, 0, 1 per axis "
                                f"of a {self.rank}-D decomposition")
        return self.rank_of(tuple(c + d for c, d in zip(self.coords(rank), direction)))


def decompose(shape, size: int, split="auto", periodic=None, order: str = "C") -> Decomposition:
    """A decomposition of a grid of ``shape`` over ``size`` ranks.

    ``split="auto"`` cuts the slowest memory axis (C order: axis 0; F order: the last axis), so
    a halo along it is a run of contiguous rows, and for more ranks picks, among the
    factorisations of ``size`` that cut that axis, the one with the least halo surface (ties: more
    cuts on slower axes).  A tuple ``split`` gives ``dims`` itself."""
    shape = _shape(shape)
    if isinstance(size, bool) or not isinstance(size, int) or size < 1:
        raise ArgumentError(f"size: {size!r} is not a positive number of ranks")
    if order not in ("C", "F"):
        raise ArgumentError(f"order: {order!r} is not 'C' or 'F'")
    periodic = _periodic(periodic, len(shape))
    if isinstance(split, str):
        if split != "auto":
            raise ArgumentError(f"split: {split!r} is not 'auto' or a tuple of ranks per axis")
        dims = _auto(shape, size, order)
    else:
        dims = _given(shape, size, split)
    return Decomposition(shape, dims, periodic, order)


def _shape(shape) -> tuple:
    try:
        shape = tuple(shape)
    except TypeError:
        raise ShapeError(f"shape: {shape!r} is not a tuple of extents") from None
    if not shape or any(isinstance(n, bool) or not isinstance(n, int) or n < 1 for n in shape):
        raise ShapeError(f"shape: {shape!r} must be one or more positive integer extents")
    return shape


def _periodic(periodic, rank: int) -> tuple:
    if periodic is None:
        return (False,) * rank
    if isinstance(periodic, bool):
        return (periodic,) * rank
    try:
        periodic = tuple(periodic)
    except TypeError:
        raise ArgumentError(f"periodic: {periodic!r} is not a bool or one bool per axis") from None
    if len(periodic) != rank or any(not isinstance(p, bool) for p in periodic):
        raise ArgumentError(f"periodic: {periodic!r} must be one bool per axis of a {rank}-D grid")
    return periodic


def _given(shape: tuple, size: int, split) -> tuple:
    try:
        dims = tuple(split)
    except TypeError:
        raise ArgumentError(f"split: {split!r} is not 'auto' or a tuple of ranks per axis") from None
    if len(dims) != len(shape) or any(isinstance(d, bool) or not isinstance(d, int) or d < 1 for d in dims):
        raise ArgumentError(f"split: {split!r} must be {len(shape)} positive integers (ranks per axis)")
    if math.prod(dims) != size:
        raise ArgumentError(f"split: {dims!r} makes {math.prod(dims)} blocks, not the {size} ranks")
    for axis, (d, n) in enumerate(zip(dims, shape)):
        if d > n:
            raise ShapeError(f"split: {d} ranks along axis {axis} of only {n} elements")
    return dims


def _auto(shape: tuple, size: int, order: str) -> tuple:
    slow = list(range(len(shape))) if order == "C" else list(reversed(range(len(shape))))
    fits = [d for d in _factorisations(size, len(shape)) if all(p <= n for p, n in zip(d, shape))]
    if not fits:
        raise ShapeError(f"size: {size} ranks do not fit a grid of shape {shape}")
    cut_first = [d for d in fits if size == 1 or d[slow[0]] > 1]
    fits = cut_first or fits
    return min(fits, key=lambda d: (_surface(shape, d), tuple(-d[a] for a in slow)))


def _factorisations(size: int, rank: int):
    """Every tuple of ``rank`` positive integers whose product is ``size``."""
    divisors = [d for d in range(1, size + 1) if size % d == 0]
    for head in itertools.product(divisors, repeat=rank - 1):
        rest, r = divmod(size, math.prod(head))
        if r == 0:
            yield head + (rest,)


def _surface(shape: tuple, dims: tuple) -> int:
    """Elements on the cut faces of the grid (each cut counted once)."""
    total = math.prod(shape)
    return sum((p - 1) * (total // n) for p, n in zip(dims, shape))
