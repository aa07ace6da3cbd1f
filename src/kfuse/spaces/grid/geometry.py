"""The launch geometry of a grid kernel: the common :class:`kfuse.spaces.base.Geometry` plus
the block's shape over the frame, typed (what the grid lowering and the grid model read)."""
from __future__ import annotations

import dataclasses
import types

from ..base import Geometry


def _empty() -> types.MappingProxyType:
    return types.MappingProxyType({})


@dataclasses.dataclass(frozen=True)
class GridGeometry(Geometry):
    """A grid kernel's launch (:meth:`kfuse.spaces.grid.space.GridSpace.geometry`).

    ``frame``: its :class:`kfuse.spaces.grid.frame.Frame`; ``bx`` x ``by`` threads per block,
    ``zc`` planes of the streaming axis per block, ``px`` x ``py`` points per thread (``vec``
    consecutive ones along x per point); ``rows``: the PY points on adjacent rows sharing one
    scope (PY, else 1); ``x0``: the threads' first x point; ``vector``: the arrays accessed
    ``vec`` elements at a time; ``uz``: the plane loop's unrolling; ``tiles``: blocks per memory
    axis; ``staged``: value -> (width, height) of its tile (values a halo strategy keeps in
    shared memory), by name; ``halos``: ((strategy, the values it serves), ...)."""

    frame: object = None
    bx: int = 1
    by: int = 1
    zc: int = 1
    px: int = 1
    py: int = 1
    vec: int = 1
    rows: int = 1
    x0: int = 0
    vector: tuple = ()
    uz: int = 1
    tiles: tuple = ()
    staged: types.MappingProxyType = dataclasses.field(default_factory=_empty)
    halos: tuple = ()

    @property
    def points(self) -> int:
        """Points of a block's tile on one plane."""
        return self.bx * self.by * self.px * self.py * self.vec
