"""Shared-memory arithmetic the mma engines share (:mod:`.mma_tf32`, :mod:`.mma_f64`): the
wavefronts of a warp's access phases, the smallest row pad whose fragment loads take the fewest,
and the bytes of a block's stage buffers.  Each engine supplies its own access pattern
(``wavefronts``) and pad granularity."""
from __future__ import annotations


def worst_wavefronts(phases) -> int:
    """Wavefronts of the worst of ``phases`` (each a list of lanes, each lane the 32-bit words it
    reads): per phase, the most distinct words falling in one of the 32 banks (1: conflict-free)."""
    worst = 0
    for phase in phases:
        banks: dict = {}
        for lane in phase:
            for w in lane:
                banks.setdefault(w % 32, set()).add(w // 32)
        worst = max(worst, max(len(v) for v in banks.values()))
    return worst


def smallest_pad(wavefronts, k_contiguous: bool, row: int, pads) -> int:
    """The first of ``pads`` (elements, in increasing order) giving a shared row of ``row``
    elements the fewest ``wavefronts(k_contiguous, ld)``; the first conflict-free one ends the
    search."""
    best = None
    for pad in pads:
        w = wavefronts(k_contiguous, row + pad)
        if best is None or w < best[0]:
            best = (w, pad)
        if w == 1:
            break
    return best[1]


def tile_elems(pad_elems, k_contiguous: bool, x: int, bk: int) -> int:
    """Elements of one stage of an operand tile of x rows (or columns) and bk k's, padded by
    ``pad_elems(k_contiguous, row)``."""
    if k_contiguous:
        return x * (bk + pad_elems(True, bk))
    return bk * (x + pad_elems(False, x))


def stage_bytes(pad_elems, s, elem: int) -> int:
    """Dynamic shared memory of a block of scheme ``s``: ``s.stages`` buffers of both operand
    tiles, each in the larger of its two layouts (either may be chosen by the operand's order)."""
    per = max(tile_elems(pad_elems, True, s.bm, s.bk), tile_elems(pad_elems, False, s.bm, s.bk)) + \
        max(tile_elems(pad_elems, True, s.bn, s.bk), tile_elems(pad_elems, False, s.bn, s.bk))
    return s.stages * per * elem
