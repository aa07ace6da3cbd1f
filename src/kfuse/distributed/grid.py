"""A grid decomposed over the ranks and the arrays that live on it.

A :class:`Grid` is a global shape cut into one block per rank (:func:`decompose`) on a
communicator.  A :class:`DistArray` is one array of that shape: on each rank its own block, on
the rank's GPU, padded by a *storage halo* (the rows and columns of the neighbours' blocks that a
step reads, kept beside the owned points).  ``kfuse.jit`` functions take DistArrays where they
take CuPy arrays: the unchanged single-GPU step runs on each rank's block, the halos exchanged
inside the step (:mod:`kfuse.distributed.jit`).

Every rank runs the same program (SPMD): each call of this module is made on every rank, with
the same arguments, in the same order."""
from __future__ import annotations

import numpy as np

from ..errors import ArgumentError, DTypeError, ShapeError
from .decomp import Decomposition, decompose
from .exchange import local_box, to_local
from .halo import Halo


class Grid:
    """``shape`` decomposed over the ranks of ``comm`` (default: :func:`kfuse.distributed.init`),
    ``split``: "auto" or ranks per axis; ``order``: the memory order of the blocks; ``arrays``:
    where blocks live, "cupy" (this rank's GPU) or "numpy" (host memory: runs the flow without
    a GPU, kernels excepted); ``overlap``: whether steps on this grid compute their interior while
    the halos are exchanged (None: the setting ``overlap``); ``periodic``: a bool, or one per
    axis, the axes that wrap: a step may read across their edges (``np.roll``,
    ``np.pad(mode="wrap")``) where the ranks cut them, each block padded past the grid's edge
    with the other end's values.  The boundary is the grid's, not a step's: every array of a
    grid has one layout, so the steps of a loop pass their arrays on without copies."""

    def __init__(self, shape, comm=None, split="auto", order: str = "C", arrays: str = "cupy",
                 overlap: bool | None = None, periodic=None):
        if arrays not in ("cupy", "numpy"):
            raise ArgumentError(f"arrays: {arrays!r} is not 'cupy' or 'numpy'")
        if overlap is not None and not isinstance(overlap, bool):
            raise ArgumentError(f"overlap: {overlap!r} is not True, False or None")
        self.overlap = overlap
        if comm is None:
            from .join import init
            comm = init()
        self.comm, self.arrays = comm, arrays
        self.decomp: Decomposition = decompose(shape, comm.size, split=split, periodic=periodic, order=order)

    @property
    def xp(self):
        """The array module of the blocks (cupy or numpy)."""
        if self.arrays == "numpy":
            return np
        from ..platform import device
        device.require_gpu("a Grid's arrays on the GPU (Grid(..., arrays='numpy') holds them in host memory)")
        import cupy
        return cupy

    @property
    def shape(self) -> tuple:
        return tuple(self.decomp.shape)

    @property
    def rank(self) -> int:
        return self.comm.rank

    @property
    def box(self) -> tuple:
        """This rank's own points: ((lo, hi) per axis) in global indices."""
        return self.decomp.box(self.comm.rank)

    def __repr__(self) -> str:
        return (f"Grid({self.shape}, ranks {self.decomp.dims}, rank {self.rank} owns "
                f"{' x '.join(f'{lo}:{hi}' for lo, hi in self.box)})")

    def no_halo(self) -> Halo:
        return Halo(((0, 0),) * len(self.shape))

    def empty(self, dtype="float64", halo: Halo | None = None) -> "DistArray":
        """An array of the grid, its values unset (NaN where the setting ``poison`` is on)."""
        halo = halo or self.no_halo()
        shape = tuple(hi - lo for lo, hi in local_box(self.decomp, self.rank, halo))
        return DistArray(self, self.xp.empty(shape, _dtype(dtype), order=self.decomp.order), halo)

    def zeros(self, dtype="float64") -> "DistArray":
        """An array of the grid filled with zeros."""
        a = self.empty(dtype)
        a.block.fill(0)
        return a

    def full(self, value, dtype="float64") -> "DistArray":
        """An array of the grid filled with ``value``."""
        from .indexing import as_value
        a = self.empty(dtype)
        v = as_value(value, a.dtype)
        if v.ndim:
            raise ArgumentError(f"value: a number, got an array of shape {v.shape} (scatter() an array)")
        a.block.fill(v.astype(a.dtype)[()])
        return a

    def scatter(self, whole, dtype=None) -> "DistArray":
        """This rank's block of ``whole``, an array of the grid's shape every rank holds (NumPy or
        CuPy): its own points copied to this rank's GPU (``dtype``: default ``whole``'s)."""
        if not hasattr(whole, "shape") or not hasattr(whole, "dtype"):
            raise ArgumentError(f"whole: a NumPy or CuPy array of shape {self.shape}, got {type(whole).__name__}")
        if tuple(whole.shape) != self.shape:
            raise ShapeError(f"whole: shape {tuple(whole.shape)}, the grid's is {self.shape}")
        dt = _dtype(whole.dtype if dtype is None else dtype)
        own = whole[tuple(slice(lo, hi) for lo, hi in self.box)]
        if self.arrays == "numpy" and not isinstance(own, np.ndarray):
            own = own.get()
        return DistArray(self, self.xp.array(own, dtype=dt, order=self.decomp.order), self.no_halo())

    def fromfunction(self, fn, dtype="float64") -> "DistArray":
        """The array whose element at global index ``(i, j, ...)`` is ``fn(i, j, ...)``, ``fn``
        called once on this rank's index arrays (of the blocks' module, as ``numpy.fromfunction``
        calls it): the whole grid never needs to fit on one rank."""
        xp = self.xp
        idx = xp.meshgrid(*[xp.arange(lo, hi, dtype=np.int64) for lo, hi in self.box], indexing="ij")
        values = xp.asarray(fn(*idx))
        own = tuple(hi - lo for lo, hi in self.box)
        if values.shape != own:
            if values.ndim:   # a shape that broadcasts to one rank's block need not to another's
                raise ShapeError(f"fn: returned shape {tuple(values.shape)} for this rank's block of {own}: "
                                 "a number or an array of its index arrays' shape")
            values = xp.broadcast_to(values, own)
        return DistArray(self, xp.array(values, dtype=_dtype(dtype), order=self.decomp.order), self.no_halo())

    def gather(self, array: "DistArray", root: int | None = 0):
        """The whole array as a NumPy array on rank ``root`` (None on the others); ``root=None``:
        on every rank.  Every rank sends its own points (one exchange)."""
        from .gather import gather
        return gather(self, _of(self, array, "array"), root)


class DistArray:
    """One array of ``grid``: this rank's ``block`` (a CuPy array on its GPU) padded by ``halo``
    (a :class:`Halo`; the padded box is :func:`local_box`).  ``local`` is the owned part."""

    __kfuse_distributed__ = True

    def __init__(self, grid: Grid, block, halo: Halo):
        self.grid, self.block, self.halo = grid, block, halo

    @property
    def shape(self) -> tuple:
        """The global shape."""
        return self.grid.shape

    @property
    def dtype(self):
        return self.block.dtype

    @property
    def ndim(self) -> int:
        return len(self.grid.shape)

    @property
    def order(self) -> str:
        return self.grid.decomp.order

    @property
    def padded_box(self) -> tuple:
        """The global box the block holds (owned points and halo)."""
        return local_box(self.grid.decomp, self.grid.rank, self.halo)

    @property
    def local(self):
        """The owned points of the block (a view)."""
        return self.block[to_local(self.grid.box, self.padded_box)]

    def with_halo(self, halo: Halo) -> "DistArray":
        """This array stored with ``halo`` (the same array when it already is; else a new block,
        the owned points copied, the halo unset until the next exchange)."""
        _check_halo(halo, self.ndim)
        if halo.widths == self.halo.widths:
            return self if halo == self.halo else DistArray(self.grid, self.block, halo)
        out = self.grid.empty(self.dtype, halo)
        out.local[...] = self.local
        return out

    def gather(self, root: int | None = 0):
        """:meth:`Grid.gather` of this array."""
        return self.grid.gather(self, root)

    def __getitem__(self, key):
        """The elements ``key`` (integers, slices, ...) selects of the whole array, as a NumPy
        array on every rank (:func:`kfuse.distributed.indexing.getitem`)."""
        from .indexing import getitem
        return getitem(self, key)

    def __setitem__(self, key, value) -> None:
        """Write ``value`` at the elements ``key`` selects (each rank its own points;
        :func:`kfuse.distributed.indexing.setitem`)."""
        from .indexing import setitem
        setitem(self, key, value)

    def sum(self):
        """The sum of every element, the same on every rank (one all-reduce)."""
        from .indexing import reduce
        return reduce(self, "sum")

    def max(self):
        """The largest element, the same on every rank (one all-reduce)."""
        from .indexing import reduce
        return reduce(self, "max")

    def min(self):
        """The smallest element, the same on every rank (one all-reduce)."""
        from .indexing import reduce
        return reduce(self, "min")

    def __repr__(self) -> str:
        return f"DistArray({self.shape}, {self.dtype}, rank {self.grid.rank}: block {tuple(self.block.shape)})"


def store_with(x: DistArray, halo) -> None:
    """Give ``x`` the storage halo a step's kernels address (its owned values kept)."""
    if x.halo.widths != halo.widths:
        y = x.with_halo(halo)
        x.block, x.halo = y.block, y.halo
    elif x.halo != halo:
        x.halo = halo


def is_distributed(x) -> bool:
    """Whether ``x`` is a :class:`DistArray`."""
    return getattr(type(x), "__kfuse_distributed__", False) is True


def _of(grid: Grid, array, name: str) -> DistArray:
    if not is_distributed(array):
        raise ArgumentError(f"{name}: a DistArray of this grid, got {type(array).__name__}")
    if array.grid is not grid and array.grid.decomp != grid.decomp:
        raise ArgumentError(f"{name}: an array of another grid ({array.grid.decomp.dims} ranks over "
                            f"{array.grid.shape}; this one: {grid.decomp.dims} over {grid.shape})")
    return array


def _check_halo(halo, ndim: int) -> None:
    if not isinstance(halo, Halo):
        raise ArgumentError(f"halo: a kfuse.distributed.Halo, got {type(halo).__name__}")
    w = halo.widths
    count = lambda x: isinstance(x, (int, np.integer)) and not isinstance(x, bool) and x >= 0   # noqa: E731
    if (not isinstance(w, tuple) or len(w) != ndim
            or any(not isinstance(p, tuple) or len(p) != 2 or not all(map(count, p)) for p in w)):
        raise ArgumentError(f"halo: widths {w!r} must be (lo, hi) non-negative integers per axis of a {ndim}-D grid")


def _dtype(dtype) -> np.dtype:
    try:
        dt = np.dtype(dtype)
    except TypeError:
        raise DTypeError(f"dtype: {dtype!r} is not a NumPy dtype") from None
    if dt.kind not in "fciub":
        raise DTypeError(f"dtype: {dt} is not a number type")
    return dt
