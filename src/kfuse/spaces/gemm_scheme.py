"""The GEMM optimization scheme as data (issue 20, seed 002: the paper's EPOD script).

CONTRACT (being built; see /work/wt/BLAS3_API.md).  A :class:`GemmScheme` holds the choices of
one tuned block-tiled GEMM: thread grouping (block tile ``bm`` x ``bn``, thread tile ``tm`` x
``tn``), loop tiling (``bk``), shared-memory ``stages``, the operand layouts in shared memory,
the tile order (``raster``), ``splitk`` and the ``engine``.  It is JSON in a plan (the gemm
space's launch parameters) and has a text form that mirrors the paper's scripts::

    thread_grouping(bm=128, bn=128, tm=8, tn=8); loop_tiling(bk=8); loop_unroll(k);
    sm_alloc(A, transpose, stages=2); sm_alloc(B); reg_alloc(C); engine(ffma)

:meth:`GemmScheme.refusals` says why a scheme cannot work for a dtype and sizes.
"""
from __future__ import annotations

import dataclasses

ENGINES = ("ffma", "mma_tf32")


@dataclasses.dataclass(frozen=True)
class GemmScheme:
    """One GEMM scheme (see the module doc).  Defaults: the 128 x 128 x 8 tile, 8 x 8 per thread
    (256 threads), two stages, FFMA."""

    bm: int = 128
    bn: int = 128
    bk: int = 8
    tm: int = 8
    tn: int = 8
    stages: int = 2
    raster: int = 1
    splitk: int = 1
    engine: str = "ffma"

    @property
    def threads(self) -> int:
        """Threads per block: (bm / tm) x (bn / tn)."""
        return (self.bm // self.tm) * (self.bn // self.tn)
