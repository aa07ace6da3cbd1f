"""The CG workload of the multi-GPU suite: conjugate gradients on the 7-point Poisson matrix of a
3-D grid (diagonal 6, -1 per neighbour inside the grid), weak scaling (each GPU's grid stacked
along axis 0).  Rank ``r`` owns the rows of a slab of planes; its rows read one plane of ghosts
from each neighbour rank.

Everything here is NumPy and pure: each rank's rows built without the whole matrix
(:func:`poisson_rows`, global or local column numbers), the right-hand side as a function of the
global index, the nonzeros, DRAM bytes and flops of one iteration, and the float64 reference
(plain CG on the matrix-free operator, the iterate after a fixed number of iterations).
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .stencil_workload import ScaledWorkload, init_block

#: Vector passes of one single-reduction CG iteration at the DRAM limit: the product reads the
#: extended r and writes w (2), the dots read r and w (2), the update reads x, r, p, s, w and
#: writes x, r, p, s (9).
VECTOR_PASSES = 13
#: Flops per row of one iteration besides the product's 2 per nonzero: two dots (4), the update (8).
FLOPS_PER_ROW = 12


def _neighbours(shape: tuple) -> tuple:
    """The column offsets of a row's 7 entries, in ascending order."""
    plane = shape[1] * shape[2]
    return (-plane, -shape[2], -1, 0, 1, shape[2], plane)


def _mask(shape: tuple, planes: tuple) -> np.ndarray:
    """(rows, 7) bool: which of each row's 7 entries lie inside the grid."""
    K, k1, k2 = shape
    m = planes[1] - planes[0]
    i = np.arange(planes[0], planes[1])[:, None, None]
    j = np.arange(k1)[None, :, None]
    k = np.arange(k2)[None, None, :]
    valid = (i > 0, j > 0, k > 0, np.ones((1, 1, 1), bool), k < k2 - 1, j < k1 - 1, i < K - 1)
    return np.stack([np.broadcast_to(v, (m, k1, k2)) for v in valid], axis=-1).reshape(-1, 7)


def poisson_rows(shape: tuple, planes: tuple, dtype: str, local: bool = False) -> tuple:
    """``(indptr, indices, data)`` of the rows of planes ``[p0, p1)`` of the grid ``shape``
    (int32 indices), columns in ascending order: global numbers, or with ``local`` renumbered
    ``[owned | plane below | plane above]`` (the ghosts that exist)."""
    plane = shape[1] * shape[2]
    lo, hi = planes[0] * plane, planes[1] * plane
    mask = _mask(shape, planes)
    offs = np.asarray(_neighbours(shape), dtype=np.int64)
    cols = np.arange(lo, hi, dtype=np.int64)[:, None] + offs
    vals = np.where(offs == 0, 6.0, -1.0).astype(dtype)
    indices = cols[mask]
    if local:
        below = plane if planes[0] > 0 else 0
        n = hi - lo
        indices = np.where(indices < lo, n + indices - (lo - plane),
                           np.where(indices >= hi, n + below + indices - hi, indices - lo))
    indptr = np.concatenate([[0], np.cumsum(mask.sum(axis=1))]).astype(np.int32)
    data = np.broadcast_to(vals, mask.shape)[mask]
    return indptr, indices.astype(np.int32), np.ascontiguousarray(data)


def nnz(shape: tuple, planes: tuple) -> int:
    """The nonzeros of the rows of planes ``[p0, p1)`` (no matrix built)."""
    K, k1, k2 = shape
    p0, p1 = planes
    m = p1 - p0
    return (m * k1 * k2 + ((p1 - max(p0, 1)) + (min(p1, K - 1) - p0)) * k1 * k2
            + 2 * m * (k1 - 1) * k2 + 2 * m * k1 * (k2 - 1))


def laplacian(u: np.ndarray) -> np.ndarray:
    """The Poisson matrix applied to a grid ``u`` (zero outside the grid)."""
    out = 6.0 * u
    for axis in range(3):
        lo = [slice(None)] * 3
        hi = [slice(None)] * 3
        lo[axis], hi[axis] = slice(0, -1), slice(1, None)
        out[tuple(lo)] -= u[tuple(hi)]
        out[tuple(hi)] -= u[tuple(lo)]
    return out


def cg_reference(b: np.ndarray, iters: int) -> tuple:
    """``(x, |r|)`` after ``iters`` plain CG iterations from ``x = 0`` on the grid ``b`` (float64)."""
    x, r = np.zeros_like(b), b.copy()
    p, rr = r.copy(), float(np.vdot(r, r))
    for _ in range(iters):
        q = laplacian(p)
        alpha = rr / float(np.vdot(p, q))
        x += alpha * p
        r -= alpha * q
        rr, rr_old = float(np.vdot(r, r)), rr
        p = r + (rr / rr_old) * p
    return x, rr ** 0.5


@dataclass(frozen=True)
class CGWorkload(ScaledWorkload):
    """CG on the Poisson matrix of the grid ``shape`` per GPU (weak) or in all (strong); one
    "step" is one CG iteration."""

    relative_check = True

    def planes(self, gpus: int, rank: int) -> tuple:
        return self.boxes(gpus)[rank][0]

    def rows(self, gpus: int, rank: int) -> tuple:
        """Rank ``rank``'s first row and row count."""
        shape = self.global_shape(gpus)
        p0, p1 = self.planes(gpus, rank)
        plane = shape[1] * shape[2]
        return p0 * plane, (p1 - p0) * plane

    def rhs(self, box: tuple, dtype: str) -> np.ndarray:
        """The rows of ``b`` on ``box``, flattened: a function of the global index."""
        return init_block(box, np, dtype).ravel()

    def _busiest(self, gpus: int) -> tuple:
        return max((b[0] for b in self.boxes(gpus)), key=lambda p: p[1] - p[0])

    def bytes_per_step(self, gpus: int, dtype: str) -> int:
        """DRAM bytes of one iteration on the busiest GPU: its rows of the matrix (values, int32
        columns and row pointers) once and :data:`VECTOR_PASSES` vector passes."""
        shape, planes = self.global_shape(gpus), self._busiest(gpus)
        rows = (planes[1] - planes[0]) * shape[1] * shape[2]
        item = np.dtype(dtype).itemsize
        return nnz(shape, planes) * (item + 4) + (rows + 1) * 4 + VECTOR_PASSES * rows * item

    def flops_per_step(self, gpus: int, dtype: str) -> int:
        shape, planes = self.global_shape(gpus), self._busiest(gpus)
        rows = (planes[1] - planes[0]) * shape[1] * shape[2]
        return 2 * nnz(shape, planes) + FLOPS_PER_ROW * rows

    def reference(self, gpus: int, box: tuple, steps: int) -> np.ndarray:
        """The float64 iterate on ``box`` after ``steps`` CG iterations on the whole grid."""
        full = tuple((0, s) for s in self.global_shape(gpus))
        x, _ = cg_reference(init_block(full, np, "float64"), steps)
        return x[box[0][0]:box[0][1]]

    def tolerance(self, dtype: str) -> float:
        return {"float32": 1e-4, "float64": 1e-10}[dtype]
