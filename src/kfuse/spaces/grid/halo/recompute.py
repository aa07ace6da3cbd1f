"""Recomputation, the grid kernel's default halo strategy: each thread loads the inputs its
point reads at their offsets (halo points re-read through L1/L2, neighbouring blocks reading
the same halo) and evaluates a computed value again at each offset it is reached at.

It owns no parameter and prints no code of its own (the lowering's evaluation of a value at
an offset is recomputation); it owns the model's halo term: each loaded array's tile grows by
the span of its offsets, re-read from L2 (a tile spanning the whole fastest axis reads no
halo along it), and the loads a point has in flight.  Values another strategy stages are
filled from global memory over the same grown tile, so the term holds for them too.
"""
from __future__ import annotations

from ..frame import input_offsets, window_reads
from ..work import owns_axis
from .base import HaloStrategy


class Recompute(HaloStrategy):
    """Halos re-read and computed values recomputed per offset (see the module docstring)."""

    name = "recompute"

    def traffic(self, geometry, params: dict, facts: dict) -> dict:
        """``l2``: the halo re-reads of every loaded array; ``loads``: loads per point."""
        info = facts["info"]
        frame = geometry.frame
        l2 = loads = 0
        sizes = (geometry.bx * geometry.px * geometry.vec, geometry.by * geometry.py, geometry.zc)
        owned = owns_axis(frame, geometry)
        for nbytes, spans, count in input_spans(info.program, frame, info):
            grow = 1.0
            for k, span in enumerate(spans[1:] if owned else spans, start=int(owned)):
                grow *= (sizes[k] + span) / sizes[k]
            l2 += int(nbytes * (grow - 1))
            loads += count
        return {"l2": l2, "loads": loads}


def input_spans(program, frame, info) -> tuple:
    """Per array the kernel loads at every point (the windows assignments read left out:
    :func:`kfuse.spaces.grid.frame.window_reads`): (bytes, span of its offsets along the first
    three loop axes, how many offsets); computed once per frame."""
    def compute():
        out = []
        for base, offs in input_offsets(frame, window_reads(frame, info)).items():
            if base in program.values:
                spans = tuple(max(o[a] for o in offs) - min(o[a] for o in offs) for a in frame.axes[:3])
                out.append((program.value(base).type.nbytes(), spans, len(offs)))
        return tuple(out)
    return info.memo(("grid-spans", id(frame)), compute)
