"""The row-split GEMM workload of the multi-GPU suite: ``C = A B`` with ``shape = (M, N, K)``
(A is M x K, B is K x N), A's rows and C's rows split over the ranks, B whole on every rank;
strong scaling (the same product on every GPU count).  One "step" is one product.  A and B are
functions of the global index, so each rank builds its own rows; the check is the rank's rows
against a float64 NumPy product, relative to the largest value."""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .stencil_workload import ScaledWorkload, init_block


@dataclass(frozen=True)
class GemmWorkload(ScaledWorkload):
    """``shape``: (M, N, K) of the product."""

    relative_check = True

    def boxes(self, gpus: int) -> list:
        """Each rank's rows of C: ((lo, hi), (0, N)), M cut into near-equal blocks."""
        from ...distributed import decompose

        m, n = self.shape[0], self.shape[1]
        d = decompose((m, n), gpus, split=(gpus, 1))
        return [d.box(r) for r in range(gpus)]

    def operands(self, box: tuple, dtype: str) -> tuple:
        """(the rank's rows of A, B) on the host."""
        k = self.shape[2]
        return init_block((box[0], (0, k)), np, dtype), init_block(((0, k), (0, self.shape[1])), np, dtype)

    def _rows(self, gpus: int) -> int:
        return max(hi - lo for (lo, hi), _ in self.boxes(gpus))

    def bytes_per_step(self, gpus: int, dtype: str) -> int:
        """DRAM bytes of one product on the busiest GPU: its rows of A and C, B, once each."""
        m, n, k = self._rows(gpus), self.shape[1], self.shape[2]
        return (m * k + k * n + m * n) * np.dtype(dtype).itemsize

    def flops_per_step(self, gpus: int, dtype: str) -> int:
        return 2 * self._rows(gpus) * self.shape[1] * self.shape[2]

    def halo_bytes(self, gpus: int, dtype: str) -> int:
        return 0

    def reference(self, gpus: int, box: tuple, steps: int) -> np.ndarray:
        a, b = self.operands(box, "float64")
        return a @ b

    def tolerance(self, dtype: str) -> float:
        return {"float32": 1e-4, "float64": 1e-12}[dtype]
