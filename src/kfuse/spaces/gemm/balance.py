"""How unevenly a gemm kernel's blocks are loaded: the k tiles each block runs.

A triangular operand whose zero k tiles are skipped (TRMM's ``skip`` rule) gives the tiles of
one row (op(A) lower) or column (op(B) upper) of blocks 1 .. K / BK k tiles; a symmetric result
(SYRK, SYR2K) leaves the blocks outside its triangle without work.  The flops alone (half of
GEMM's) then overstate the speed: at n = 1024 a 64 x 128 TRMM with split-k 2 has 256 blocks,
one wave, and lasts as long as its heaviest block, which runs as many k tiles as a GEMM's (H200:
15-17 TFLOP/s against the GEMM's 35).  :func:`block_work` lists the work per block; the model
(:func:`kfuse.spaces.gemm.model.engine_seconds`) schedules it over the GPU's slots.

>>> block_work(4, 1, 8, lower_rows=True)             # 4 row blocks, the k range grows with the row
[8, 6, 4, 2]
>>> block_work(4, 1, 8, 2, lower_rows=True)          # split-k 2: each tile's range in two chunks
[4, 4, 3, 3, 2, 2, 1, 1]
>>> block_work(2, 2, 4, empty=lambda r, c: c > r)     # a lower result: the upper block is empty
[4, 4, 4, 0]
"""
from __future__ import annotations

import math


def block_work(gm: int, gn: int, ktiles: int, splitk: int = 1, lower_rows: bool = False,
               lower_cols: bool = False, empty=None) -> list:
    """k tiles run by each of the gm x gn x splitk blocks, heaviest first: a block of tile row r
    has ``(r + 1) * ktiles / gm`` of them with ``lower_rows`` (its k range ends at the tile's
    last row; likewise columns with ``lower_cols``), none where ``empty(r, c)``; split-k shares
    each tile's range as the kernel does (chunks of ceil(range / splitk))."""
    out = []
    for r in range(gm):
        kr = min(ktiles, math.ceil((r + 1) * ktiles / gm)) if lower_rows else ktiles
        for c in range(gn):
            kt = min(kr, math.ceil((c + 1) * ktiles / gn)) if lower_cols else kr
            if empty is not None and empty(r, c):
                kt = 0
            chunk = -(-kt // splitk) if kt else 0
            out += [max(0, min(chunk, kt - s * chunk)) for s in range(splitk)]
    return sorted(out, reverse=True)


def kernel_block_work(fn, skipped: tuple, scheme, m: int, n: int, k: int) -> list | None:
    """:func:`block_work` of a gemm kernel computing library function ``fn`` with ``scheme``,
    ``skipped`` the operands ("A", "B") whose triangle's zero k tiles the loader skips; None
    where every block runs the same k tiles (a plain GEMM: the model's wave quantisation)."""
    rows, cols = "A" in skipped, "B" in skipped
    c_uplo = getattr(fn, "c_uplo", "")
    if not (rows or cols or c_uplo):
        return None
    gm, gn = max(1, math.ceil(m / scheme.bm)), max(1, math.ceil(n / scheme.bn))
    ktiles = max(1, math.ceil(k / scheme.bk)) * (2 if getattr(fn, "second", False) else 1)
    empty = None
    if c_uplo:   # one triangle of blocks (either: the same count of empty ones)
        empty = lambda r, c: c * scheme.bn > r * scheme.bm + scheme.bm - 1   # noqa: E731
    return block_work(gm, gn, ktiles, max(1, scheme.splitk), rows, cols, empty)


def compact(work: list) -> tuple:
    """``work`` (heaviest first) as ((k tiles, blocks), ...) pairs: what the traffic carries.

    >>> compact([4, 4, 3, 0])
    ((4, 2), (3, 1), (0, 1))
    """
    out: list = []
    for w in work:
        if out and out[-1][0] == w:
            out[-1][1] += 1
        else:
            out.append([w, 1])
    return tuple((w, c) for w, c in out)


def makespan_waves(pairs: tuple, pool: int) -> float:
    """How much longer than an even share the busiest of ``pool`` slots runs, when the blocks of
    ``pairs`` (heaviest first, as the kernel orders them) go each to the least loaded slot:
    makespan x pool / total.  Equal blocks give the wave quantisation ceil(T / P) / (T / P).

    >>> makespan_waves(((8, 1), (6, 1), (4, 1), (2, 1)), 2)   # loads 8+2, 6+4: even
    1.0
    >>> makespan_waves(((32, 128), (0, 128)), 132)           # one block each, 4 SMs idle
    1.03125
    """
    total = sum(w * c for w, c in pairs)
    if total <= 0 or pool <= 0:
        return 1.0
    import heapq
    loads = [0] * pool
    for w, c in pairs:
        if w <= 0:
            break
        for _ in range(c):
            heapq.heapreplace(loads, loads[0] + w)
    return max(loads) * pool / total


__all__ = ["block_work", "kernel_block_work", "compact", "makespan_waves"]
