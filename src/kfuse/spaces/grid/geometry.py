"""The launch geometry of a grid kernel: the common :class:`kfuse.spaces.base.Geometry` plus
the block's shape over the frame, typed (what the grid lowering and the grid model read)."""
from __future__ import annotations

import dataclasses
import types

from ..base import Geometry


def _empty() -> types.MappingProxyType:
    return types.MappingProxyType({})


@dataclasses.dataclass(frozen=True, kw_only=True)
class GridGeometry(Geometry):
    """A grid kernel's launch (:meth:`kfuse.spaces.grid.space.GridSpace.geometry`): the
    common launch plus the fields below (keywords, all given)."""

    #: the kernel's :class:`kfuse.spaces.grid.frame.Frame`
    frame: object
    #: threads per block along the two fastest memory axes; planes of the streaming axis per block
    bx: int
    by: int
    zc: int
    #: points per thread along x and y, ``vec`` consecutive ones along x per point
    px: int
    py: int
    vec: int
    #: the PY points on adjacent rows sharing one scope: PY, else 1
    rows: int
    #: the threads' first x point, and the arrays accessed ``vec`` elements at a time
    x0: int
    vector: tuple
    #: the plane loop's unrolling
    uz: int
    #: blocks per memory axis
    tiles: tuple
    #: value -> (width, height) of its shared-memory tile (values a halo strategy tiles), by name
    staged: types.MappingProxyType = dataclasses.field(default_factory=_empty)
    #: ((halo strategy, the values it serves), ...): the strategies serving values
    halos: tuple = ()

    @property
    def points(self) -> int:
        """Points of a block's tile on one plane."""
        return self.bx * self.by * self.px * self.py * self.vec
