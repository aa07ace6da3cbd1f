"""TRSM's updates on TF32 tensor cores: which GEMM schemes the ``trsm``
space's updates take under precision "tf32" (:mod:`kfuse.spaces.trsm.space`).

Under ``kfuse.config`` precision "tf32" a float32 solve runs its updates
``X'[c0..] -= A'[c0.., k0..] @ X'[k0..]`` on engine ``mma_tf32`` (operands rounded to TF32,
fp32 sums: :mod:`kfuse.codegen.gemm.mma`); the leaves (the diagonal blocks) stay exact FFMA, and
float64 stays "ieee".  An update whose grid leaves SMs idle (the short ones near the leaves:
64 x 4096 x 64 has 32 tiles of 128 x 128 on 132 SMs) takes a smaller mma tile under ``adapt``,
as the FFMA updates do (the mma engine has no split-k).

>>> from kfuse.spaces.gemm.scheme import GemmScheme
>>> big = GemmScheme(engine="mma_tf32", bm=128, bn=128, bk=16, stages=4, wm=64, wn=64)
>>> s = mma_update_scheme(big, "float32", 64, 4096, 64)
>>> (s.bm, s.bn, s.wm, s.wn)
(64, 32, 32, 16)
>>> mma_update_scheme(big, "float32", 2048, 4096, 2048) == big
True
"""
from __future__ import annotations

import dataclasses

from ... import config
from ..gemm.space import product_engine
from ..gemm.scheme import GemmScheme

#: the mma schemes an update whose grid leaves SMs idle falls back to (``adapt`` 1), in order:
#: the first with a tile per SM wins, else the one with the most tiles (64 x 32 for the left
#: problem's short, wide updates; 32 x 64 for the right side's tall, narrow ones)
MMA_SMALL_SCHEMES = (dict(bm=64, bn=64, bk=32, stages=4, wm=32, wn=32),
                     dict(bm=64, bn=32, bk=32, stages=3, wm=32, wn=16),
                     dict(bm=32, bn=64, bk=32, stages=3, wm=32, wn=16),
                     # the same tiles at bk=16, for an engine that takes no deeper k tile (mma_tf32x3)
                     dict(bm=64, bn=64, bk=16, stages=4, wm=32, wn=32),
                     dict(bm=64, bn=32, bk=16, stages=3, wm=32, wn=16),
                     dict(bm=32, bn=64, bk=16, stages=3, wm=32, wn=16))


def _tiles(s, m: int, n: int) -> int:
    return max(1, -(-m // s.bm)) * max(1, -(-n // s.bn))


def mma_update_scheme(scheme: GemmScheme, dtype: str, m: int, n: int, k: int, adapt: int = 1) -> GemmScheme:
    """The mma scheme of an update of m x n x k: the plan's, or under ``adapt`` 1 where its grid
    has fewer tiles than the GPU has SMs, the first of :data:`MMA_SMALL_SCHEMES` (the rules
    accept) with a tile per SM, else the one with the most tiles; never fewer tiles than the
    plan's."""
    sms = config.get().sm_count
    if not adapt or _tiles(scheme, m, n) >= sms:
        return scheme
    options = [dataclasses.replace(scheme, **kw) for kw in MMA_SMALL_SCHEMES]
    options = [s for s in options if not s.refusals(dtype, m, n, k)]
    if not options:
        return scheme
    best = next((s for s in options if _tiles(s, m, n) >= sms), max(options, key=lambda s: _tiles(s, m, n)))
    return best if _tiles(best, m, n) > _tiles(scheme, m, n) else scheme


def update_engine_schemes(dtype: str, schemes: list) -> list:
    """The updates' schemes (as dicts) the trsm search tries: ``schemes`` (FFMA, split-k) where
    the product's engine splits k (precision "ieee", float64), else the first two candidates of
    its engine (the first two of :data:`kfuse.spaces.gemm.engines.mma_tf32.CANDIDATES` under "tf32")."""
    eng = product_engine(dtype)
    if eng.splits_k:
        return schemes
    return [dataclasses.asdict(GemmScheme(**kw)) for kw in eng.candidates(dtype)[:2]]


__all__ = ["mma_update_scheme", "update_engine_schemes", "MMA_SMALL_SCHEMES"]
