"""The stencil workloads of the multi-GPU suite, as data: a stencil, its grid (global for strong
scaling, per GPU for weak), the axis the ranks split, and the dtypes.

Each stencil is the stencil suite's PolyBench step that keeps the boundary (jacobi-2d 5-point,
heat-3d 7-point, written once over an ops namespace): over NumPy it is the float64 reference,
over kfuse the step kfuse traces.  The grid is cut into row slabs along the slowest axis (axis 0,
C order) by :func:`kfuse.distributed.decompose`; a rank's padded block is its slab plus one halo
row on each cut side.  The initial grid is a function of the global index
(:func:`init_block`), so every rank builds its own block without the whole grid.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ...errors import ArgumentError
from ..stencils import opsets
from ..stencils.workloads import heat3d_step, jacobi2d_step

DTYPES = ("float32", "float64")
SCALINGS = ("strong", "weak")


def _stepper(fn, name: str):
    """A one-argument step ``name(a)`` of ``fn(ops, a)`` over ``ops``."""

    def make(ops):
        def step(a):
            return fn(ops, a)

        step.__name__ = step.__qualname__ = name
        return step

    return make


#: stencil name -> (its step over an ops namespace, its rank)
STENCILS = {"jacobi-2d": (_stepper(jacobi2d_step, "jacobi_2d"), 2), "heat-3d": (_stepper(heat3d_step, "heat_3d"), 3)}


@dataclass(frozen=True)
class ScaledWorkload:
    """``shape``: the global grid (``strong``) or each GPU's grid (``weak``, stacked along
    axis 0); ``stencil``: a key of :data:`STENCILS` (or a slot's kind when not ``ready``)."""

    name: str
    stencil: str
    shape: tuple
    scaling: str
    dtypes: tuple = DTYPES
    ready: bool = True

    #: the check's error is relative to the reference's largest value (else absolute)
    relative_check = False

    @property
    def kind(self) -> str:
        """What the workload computes: the stencil's name, or "cg", "gemm", "app"."""
        return self.stencil

    def global_shape(self, gpus: int) -> tuple:
        """The whole grid on ``gpus`` GPUs."""
        if self.scaling == "strong":
            return tuple(self.shape)
        return (self.shape[0] * gpus,) + tuple(self.shape[1:])

    def step(self, ops=None):
        """The stencil's one-argument step over ``ops`` (an ops namespace of
        :mod:`kfuse.bench.stencils.opsets`; default NumPy's)."""
        return STENCILS[self.stencil][0](ops or opsets.get("numpy"))

    def boxes(self, gpus: int) -> list:
        """Each rank's owned box ((lo, hi) per axis), cut along axis 0."""
        from ...distributed import decompose

        shape = self.global_shape(gpus)
        d = decompose(shape, gpus, split=(gpus,) + (1,) * (len(shape) - 1))
        return [d.box(r) for r in range(gpus)]

    def bytes_per_step(self, gpus: int, dtype: str) -> int:
        """DRAM bytes of one step on the busiest GPU: its slab read once and written once."""
        box = max(self.boxes(gpus), key=lambda b: b[0][1] - b[0][0])
        return 2 * int(np.prod([hi - lo for lo, hi in box])) * np.dtype(dtype).itemsize

    def halo_bytes(self, gpus: int, dtype: str) -> int:
        """Bytes one interior rank sends per step (one row to each neighbour)."""
        if gpus < 2:
            return 0
        row = int(np.prod(self.global_shape(gpus)[1:])) * np.dtype(dtype).itemsize
        return row * (2 if gpus > 2 else 1)

    def flops_per_step(self, gpus: int, dtype: str):
        """Flops of one step on the busiest GPU (None: the stencils are rated by bytes alone)."""
        return None

    def tolerance(self, dtype: str) -> float:
        """The check's tolerance (relative to the grid's largest value, 1)."""
        return {"float32": 1e-5, "float64": 1e-12}[dtype]

    def reference(self, gpus: int, box: tuple, steps: int) -> np.ndarray:
        """The float64 values on ``box`` after ``steps`` steps (computed on the box widened by
        ``steps`` rows along axis 0, the domain of dependence, so it equals the whole grid's)."""
        n0 = self.global_shape(gpus)[0]
        (lo, hi), rest = box[0], tuple(box[1:])
        wlo, whi = max(lo - steps, 0), min(hi + steps, n0)
        if rest != tuple((0, s) for s in self.global_shape(gpus)[1:]):
            raise ArgumentError(f"box {box}: the reference takes row slabs (whole along every axis but 0)")
        a = init_block(((wlo, whi),) + rest, np, "float64")
        step = self.step()
        for _ in range(steps):
            a = step(a)   # a window edge that is not the grid's goes stale one row per step, outside the box
        return a[lo - wlo: hi - wlo]


def init_block(box: tuple, xp, dtype: str):
    """The initial grid on ``box`` (global (lo, hi) per axis), built with ``xp`` (numpy, cupy,
    torch-like modules with ``arange``): ((7 i + 13 j + 5 k) mod 97) / 97 of the global index."""
    coeff = (7, 13, 5)
    total = 0
    for axis, (lo, hi) in enumerate(box):
        shape = [1] * len(box)
        shape[axis] = hi - lo
        total = total + (xp.arange(lo, hi) * coeff[axis]).reshape(shape)
    return ((total % 97) / 97.0).astype(dtype)
