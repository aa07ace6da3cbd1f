"""What every multi-GPU peer shares: a rank's row slab of the grid (owned rows, padded rows,
the rows it updates, which of them read a halo row), the stencil update written once over any
array module with NumPy slicing (NumPy, torch), and the interface a peer's run has."""
from __future__ import annotations

from dataclasses import dataclass

#: stencil -> (weight of the point, weight of each neighbour)
WEIGHTS = {"jacobi-2d": (0.2, 0.2), "heat-3d": (0.25, 0.125)}


@dataclass(frozen=True)
class Slab:
    """Rank ``rank`` of ``size`` on a grid of ``shape`` cut along axis 0: it owns global rows
    ``own`` and stores rows ``pad`` (one halo row on each side that has a neighbour)."""

    shape: tuple
    rank: int
    size: int
    own: tuple
    pad: tuple

    @property
    def padded_shape(self) -> tuple:
        return (self.pad[1] - self.pad[0],) + tuple(self.shape[1:])

    @property
    def box(self) -> tuple:
        """The owned box, (lo, hi) per axis."""
        return (self.own,) + tuple((0, s) for s in self.shape[1:])

    @property
    def owned_rows(self) -> slice:
        """The owned rows in the padded block."""
        return slice(self.own[0] - self.pad[0], self.own[1] - self.pad[0])

    @property
    def update(self) -> tuple:
        """Local rows [r0, r1) the step computes: owned rows that are not the grid's boundary."""
        lo, hi = max(self.own[0], 1), min(self.own[1], self.shape[0] - 1)
        return lo - self.pad[0], max(lo, hi) - self.pad[0]

    @property
    def edges(self) -> list:
        """The updated local rows that read a halo row (computed first when overlapping)."""
        r0, r1 = self.update
        return sorted({r for r, has in ((r0, self.below is not None), (r1 - 1, self.above is not None))
                       if has and r0 <= r < r1})

    @property
    def below(self):
        return self.rank - 1 if self.rank > 0 else None

    @property
    def above(self):
        return self.rank + 1 if self.rank < self.size - 1 else None

    def sends(self) -> list:
        """[(neighbour, local row sent to it, local halo row received from it)]."""
        n = self.pad[1] - self.pad[0]
        out = []
        if self.below is not None:
            out.append((self.below, 1, 0))
        if self.above is not None:
            out.append((self.above, n - 2, n - 1))
        return out


def slab(wl, gpus: int, rank: int) -> Slab:
    """Rank ``rank``'s slab of workload ``wl`` on ``gpus`` GPUs."""
    shape = wl.global_shape(gpus)
    lo, hi = wl.boxes(gpus)[rank][0]
    return Slab(tuple(shape), rank, gpus, (lo, hi), (max(lo - 1, 0), min(hi + 1, shape[0])))


def _shift(s: slice, k: int) -> slice:
    """``s`` (positive bounds, or the inner slice 1:-1) moved by ``k``."""
    stop = s.stop + k if s.stop > 0 else (s.stop + k or None)
    return slice(s.start + k, stop)


def update_rows(a, b, r0: int, r1: int, stencil: str) -> None:
    """``b`` = one step of ``stencil`` from ``a`` on local rows [r0, r1), inner columns only."""
    if r1 <= r0:
        return
    center, nb = WEIGHTS[stencil]
    d = a.ndim
    inner = (slice(r0, r1),) + (slice(1, -1),) * (d - 1)
    acc = None
    for axis in range(d):
        for shift in (-1, 1):
            idx = list(inner)
            idx[axis] = _shift(idx[axis], shift)
            term = a[tuple(idx)]
            acc = term if acc is None else acc + term
    b[inner] = nb * acc if not center else center * a[inner] + nb * acc


class NotApplicable(Exception):
    """Raised by a peer's ``build`` for a workload it has no fair form of (the reason): the
    record is "skipped" with it."""


class Refused(Exception):
    """Raised by a peer's ``build`` when its library refuses the workload (the library's
    reason): the record is "refused" with it."""


class PeerRun:
    """A peer's built workload on one rank: ``run(what, steps)`` runs ``steps`` back-to-back
    steps of ``what`` ("step": exchange and compute; "compute": no exchange; "halo": exchange
    only; "allreduce": the reduction alone) and returns the seconds they took on the device;
    ``owned()`` is (the global box, the rank's values there as a NumPy array) after the steps
    run so far."""

    whats = ("step", "compute", "halo")

    def run(self, what: str, steps: int) -> float:
        raise NotImplementedError

    def owned(self) -> tuple:
        raise NotImplementedError
