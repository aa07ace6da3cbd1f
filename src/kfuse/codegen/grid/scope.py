"""The pieces a grid kernel's lowering and its vector path share: memory-axis names, the point
code evaluates at, scopes of evaluated registers, offset tags (see
:mod:`kfuse.codegen.grid.lower`)."""
from __future__ import annotations

import dataclasses

AXIS_NAMES = ("x", "y", "z", "w")      # memory axes, fastest first
POINT = ("x_p", "y_p", "z_p", "w_p")   # the thread's frame point per memory axis


@dataclasses.dataclass
class Point:
    """Where code evaluates: frame coordinates per memory axis, and tile-relative ones along
    the two fastest (to index shared-memory tiles)."""

    frame: tuple
    tile: tuple


class Scope:
    """A C block and the registers evaluated in it (``memo``: (array, offset) -> name); a child
    scope sees its parents' registers.  ``box``: the frame box every thread running the block
    lies in (None: unknown, loads are clamped into their arrays)."""

    def __init__(self, code, parent=None, box=None, point=None):
        self.code, self.parent, self.box = code, parent, box
        self.point = point if point is not None else parent.point
        self.memo: dict = {}

    def find(self, key):
        s = self
        while s is not None:
            if key in s.memo:
                return s.memo[key]
            s = s.parent
        return None


def offset_tag(frame, d: tuple) -> str:
    """``xm1_y2`` for an offset of -1 along x and 2 along y (memory axes); "" for none."""
    parts = []
    for m, a in enumerate(frame.axes):
        if d[a]:
            parts.append(f"{AXIS_NAMES[m]}{'m' if d[a] < 0 else ''}{abs(d[a])}")
    return "_".join(parts)


def _add(a, b):
    return tuple(x + y for x, y in zip(a, b))
