"""Resident solver iterations: which CG and BiCG systems can run as one persistent kernel, in
what shape, and how the rows are shared out.

A resident run (:mod:`kfuse.codegen.resident` writes the kernel) launches one block per slot
the GPU can hold at once (a cooperative launch), and runs many iterations of the solver inside
that one launch: each block owns a contiguous range of rows, two grid-wide barriers per
iteration separate the matrix pass from the updates and the updates from the next pass, and
the matrix is re-read from L2 when it fits there.  What changes the kernel is a
:class:`ResidentShape`: the solver, the element type, how Aᵀ·p̃ is formed for BiCG
(``transpose``), threads per block, lanes per row and the shared-memory window of the Aᵀ
scatter.

``transpose`` (BiCG only):

- ``"same"``: A equals Aᵀ (checked on the device), so Aᵀ·p̃ = A·p̃ is gathered in the same pass
  over A: one read of A, no atomics, deterministic;
- ``"scatter"``: Aᵀ·p̃ is scattered from the same pass over A's rows (entry a_ij adds a_ij p̃_i
  to (Aᵀp̃)_j): into a shared-memory window of ``window`` columns per block when the column
  lies in it, else by a global atomic; one read of A; sums in an order that varies from run to
  run (last-bit differences between runs).

Pure functions of host data (NumPy)."""
from __future__ import annotations

import dataclasses

import numpy as np

SOLVERS = ("cg", "bicg")
TRANSPOSES = ("same", "scatter")
THREADS = (256, 512)
LANES = (4, 8, 16, 32)
ROWS = (1, 2, 4, 8)
TILES = (0, 4, 8, 16)
#: the most rows (and entries) a resident kernel takes: its int32 loop indices step past the last
#: row or entry by up to a block's stride (threads x rows, a tile of tile x threads entries, the
#: scatter window) before the loop test, so they stay this far below 2^31 - 1
MAX_ROWS = 2 ** 31 - 1 - 2 ** 16


@dataclasses.dataclass(frozen=True)
class ResidentShape:
    """What the resident kernel is compiled for (see the module docstring)."""

    solver: str
    dtype: str
    transpose: str = ""      # BiCG: "same" or "scatter"; CG: ""
    threads: int = 256
    lanes: int = 8           # lanes of a warp that share one row of the matrix pass
    window: int = 0          # scatter: columns of Aᵀp̃ summed in shared memory per block
    rows: int = 1            # rows a lane group (and a thread of the updates) has in flight at once
    tile: int = 0            # 0: lane groups walk rows; k: the block streams row-aligned tiles of
                             # up to k x threads entries, each thread loading k entries at once

    @property
    def ctype(self) -> str:
        return {"float32": "float", "float64": "double"}[self.dtype]

    @property
    def item(self) -> int:
        return np.dtype(self.dtype).itemsize

    @property
    def shared_bytes(self) -> int:
        """Dynamic shared memory per block: the scatter window, a tile's products (and for the
        scatter its entries and columns, for the symmetric gather the second products)."""
        window = self.window * self.item if self.transpose == "scatter" else 0
        per_entry = self.item + {"scatter": self.item + 4, "same": self.item}.get(self.transpose, 0)
        return window + self.capacity * per_entry

    @property
    def name(self) -> str:
        """The kernel's name: solver, element type, transpose mode and shape."""
        t = f"_{self.transpose}" if self.transpose else ""
        tile = f"_e{self.tile}" if self.tile else ""
        return f"kfuse_{self.solver}_resident_{self.dtype}{t}_t{self.threads}_l{self.lanes}_u{self.rows}{tile}"

    @property
    def kernel(self) -> str:
        """The kernel's name, as a launch names it (:func:`kfuse.runtime.launch.allow_shared`)."""
        return self.name

    @property
    def capacity(self) -> int:
        """Entries a tile holds at most (0: no tiles)."""
        return self.tile * self.threads


def refusal(solver: str, dtype: str, n: int, nnz: int) -> str:
    """Why a system cannot run resident ('' when it can)."""
    if solver not in SOLVERS:
        return f"no resident kernel for solver {solver!r} (known: {', '.join(SOLVERS)})"
    if dtype not in ("float32", "float64"):
        return f"resident iterations take float32 and float64 matrices, not {dtype}"
    if n == 0:
        return "the system is empty"
    if n > MAX_ROWS or nnz > MAX_ROWS:
        return f"{n} rows, {nnz} entries: past the int32 indices of the resident kernel"
    return ""


def default_lanes(nnz: int, n: int) -> int:
    """Lanes per row: the power of two nearest the mean entries per row, 4 to 32."""
    per_row = nnz / max(1, n)
    return next((lanes for lanes in LANES if lanes >= per_row / 2), LANES[-1])


def shape_for(solver: str, dtype: str, n: int, nnz: int, transpose: str = "", threads: int = 256,
              lanes: int = 0, window: int = -1, rows: int = 1, tile: int = 0) -> ResidentShape:
    """The default shape of a system (``lanes`` 0: from the entries per row; ``window`` -1:
    2048 columns for the scatter, else none; ``rows``: rows in flight per lane group)."""
    if solver == "bicg" and transpose not in TRANSPOSES:
        raise ValueError(f"BiCG needs transpose in {TRANSPOSES}, got {transpose!r}")
    if threads not in THREADS:
        raise ValueError(f"threads must be one of {THREADS}, got {threads}")
    lanes = lanes or default_lanes(nnz, n)
    if lanes not in LANES:
        raise ValueError(f"lanes must be one of {LANES}, got {lanes}")
    if rows not in ROWS:
        raise ValueError(f"rows must be one of {ROWS}, got {rows}")
    if tile not in TILES:
        raise ValueError(f"tile must be one of {TILES}, got {tile}")
    if window < 0:
        window = 2048 if transpose == "scatter" else 0
    return ResidentShape(solver, dtype, transpose if solver == "bicg" else "", threads, lanes,
                         window if transpose == "scatter" else 0, rows, tile)


def partition(indptr: np.ndarray, blocks: int) -> np.ndarray:
    """Row starts of ``blocks`` contiguous row ranges with about equal work (entries plus one
    per row), ``blocks + 1`` int32 values from 0 to n."""
    indptr = np.asarray(indptr, dtype=np.int64)
    n = len(indptr) - 1
    work = indptr + np.arange(n + 1)            # entries before row i, plus i
    targets = work[-1] * np.arange(blocks + 1) / max(1, blocks)
    starts = np.searchsorted(work, targets, side="left").clip(0, n)
    starts[0], starts[-1] = 0, n
    return starts.astype(np.int32)


def tiles(indptr: np.ndarray, capacity: int, max_rows: int) -> np.ndarray:
    """First rows of row-aligned tiles of at most ``capacity`` entries and ``max_rows`` rows
    (a row longer than ``capacity`` alone in its tile: the caller refuses it), ending with n."""
    indptr = np.asarray(indptr, dtype=np.int64)
    n = len(indptr) - 1
    starts, r = [0], 0
    while r < n:
        # the last row whose end stays within capacity of the tile's first entry
        end = int(np.searchsorted(indptr, indptr[r] + capacity, side="right")) - 1
        end = min(max(end, r + 1), r + max_rows, n)
        starts.append(end)
        r = end
    return np.asarray(starts, dtype=np.int32)


def longest_row(indptr) -> int:
    """Entries of the longest row."""
    indptr = np.asarray(indptr, dtype=np.int64)
    return int(np.diff(indptr).max()) if len(indptr) > 1 else 0


def partition_tiles(indptr: np.ndarray, tile_rows: np.ndarray, blocks: int) -> np.ndarray:
    """Tile starts of ``blocks`` contiguous tile ranges with about equal work (entries plus one
    per row), ``blocks + 1`` int32 values from 0 to the number of tiles."""
    indptr = np.asarray(indptr, dtype=np.int64)
    rows = np.asarray(tile_rows, dtype=np.int64)
    work = indptr[rows] + rows
    targets = work[-1] * np.arange(blocks + 1) / max(1, blocks)
    out = np.searchsorted(work, targets, side="left").clip(0, len(rows) - 1)
    out[0], out[-1] = 0, len(rows) - 1
    return out.astype(np.int32)


def windows(indptr: np.ndarray, indices: np.ndarray, starts: np.ndarray, window: int) -> np.ndarray:
    """First column of each block's shared-memory window for the Aᵀ scatter: the block's
    lowest column when its columns span at most ``window``, else the window centred on the
    block's rows (columns outside it go to global atomics).  int32, one per block."""
    indptr = np.asarray(indptr, dtype=np.int64)
    indices = np.asarray(indices)
    out = np.zeros(len(starts) - 1, dtype=np.int64)
    for b in range(len(starts) - 1):
        lo_e, hi_e = indptr[starts[b]], indptr[starts[b + 1]]
        if hi_e <= lo_e:
            out[b] = starts[b]
            continue
        cols = indices[lo_e:hi_e]
        cmin, cmax = int(cols.min()), int(cols.max())
        if cmax - cmin < window:
            out[b] = cmin
        else:
            out[b] = max(0, (int(starts[b]) + int(starts[b + 1])) // 2 - window // 2)
    return out.astype(np.int32)


def in_window(indptr, indices, starts, lows, window: int) -> float:
    """The share of A's entries whose column falls in its block's window (1.0: no global
    atomics in the scatter)."""
    indptr = np.asarray(indptr, dtype=np.int64)
    indices = np.asarray(indices, dtype=np.int64)
    nnz = int(indptr[-1])
    if nnz == 0:
        return 1.0
    counts = np.diff(np.asarray(starts, dtype=np.int64))
    block_of_row = np.repeat(np.arange(len(counts)), counts)
    row_of_entry = np.repeat(np.arange(len(indptr) - 1), np.diff(indptr))
    lo = np.asarray(lows, dtype=np.int64)[block_of_row[row_of_entry]]
    inside = (indices >= lo) & (indices < lo + window)
    return float(inside.mean())
