"""Resident CG and BiCG runs: many iterations in one cooperative launch
(:mod:`kfuse.spaces.resident` says what qualifies and in what shape, :mod:`kfuse.codegen.resident`
writes the kernel, :mod:`kfuse.model.resident` predicts it).

:func:`run` takes the state a solver starts from (x, r, r̃ and rho = r̃·r), launches the kernel
with one block per slot the GPU holds at once (the driver refuses a cooperative launch that
would not fit, so the grid barrier cannot hang), at most ``LAUNCH_ITERATIONS`` iterations per
launch, and reads back after each launch how many ran, why they stopped and r·r after every
iteration.  The kernel stops at the first iteration whose residual meets the tolerance."""
from __future__ import annotations

import ctypes
import dataclasses
import numbers
import time

import numpy as np

from .codegen.resident import module_source
from .errors import CompileError
from .spaces import resident as space

#: iterations per launch at most (the host reads the residual history between launches)
LAUNCH_ITERATIONS = 512
STATUS = {0: "maxiter", 1: "converged", 2: "breakdown", 3: "nan"}


@dataclasses.dataclass
class Loaded:
    """A compiled, loaded resident kernel and the grid it runs on."""

    shape: object
    function: object
    module: object
    blocks: int          # the cooperative grid: blocks per SM x SMs
    per_sm: int


_LOADED: dict = {}


def _occupancy(fn, threads: int, shared: int) -> int:
    from cupy.cuda import driver
    get = getattr(driver, "occupancyMaxActiveBlocksPerMultiprocessor", None)
    if get is not None:
        return int(get(fn.ptr, threads, shared))
    lib = ctypes.CDLL("libcuda.so.1")
    out = ctypes.c_int()
    status = lib.cuOccupancyMaxActiveBlocksPerMultiprocessor(ctypes.byref(out), ctypes.c_void_p(fn.ptr),
                                                              threads, ctypes.c_size_t(shared))
    if status:
        raise CompileError(f"cuOccupancyMaxActiveBlocksPerMultiprocessor failed ({status})")
    return out.value


def load(shape, per_sm: int = 0) -> Loaded:
    """The kernel of ``shape`` on the current device (compiled and loaded once), on a grid of
    ``per_sm`` blocks per SM (0: as many as fit)."""
    import cupy

    from .platform import device
    from .runtime.cache import compile_cached
    from .runtime.launch import DEFAULT_SHARED, allow_shared
    from . import config
    dev = cupy.cuda.runtime.getDevice()
    arch = device.current_arch()
    st = config.get()   # what changes the cubin besides the source: the target and NVRTC's options
    key = (shape, per_sm, dev, arch, st.fmad, tuple(st.nvrtc_extra_options))
    if key in _LOADED:
        return _LOADED[key]
    res, _hit = compile_cached(module_source(shape), arch, name=shape.name + ".cu")
    module = cupy.cuda.function.Module()
    module.load(res.cubin)
    fn = module.get_function(shape.name)
    if shape.shared_bytes > DEFAULT_SHARED:   # the attribute, refused past the device's opt-in limit
        allow_shared(fn, shape, int(cupy.cuda.Device(dev).attributes["MaxSharedMemoryPerBlockOptin"]))
    fit = _occupancy(fn, shape.threads, shape.shared_bytes)
    if fit < 1:
        raise CompileError(f"{shape.name}: no block fits on an SM ({shape.threads} threads, "
                           f"{shape.shared_bytes} bytes of shared memory)")
    per_sm = min(per_sm, fit) if per_sm else fit
    out = _LOADED[key] = Loaded(shape, fn, module, per_sm * device.sm_count(), per_sm)
    return out


class _Args:
    """A cooperative launch's parameter block (the addresses of each argument's value)."""

    def __init__(self, values: list):
        self.held = []
        for v in values:   # Python or NumPy numbers: whole ones are the kernel's ints, others doubles
            if isinstance(v, numbers.Integral):
                self.held.append(ctypes.c_int(int(v)))
            elif isinstance(v, numbers.Real):
                self.held.append(ctypes.c_double(float(v)))
            else:
                self.held.append(ctypes.c_void_p(v.data.ptr))
        self.block = (ctypes.c_void_p * len(self.held))(
            *[ctypes.cast(ctypes.pointer(h), ctypes.c_void_p) for h in self.held])

    @property
    def address(self) -> int:
        return ctypes.addressof(self.block)


def _launch(loaded: Loaded, values: list) -> None:
    """One cooperative launch of ``loaded`` with ``values`` on the current stream (the driver
    copies the parameter block at the call)."""
    import cupy
    from cupy.cuda import driver
    args = _Args(values)
    shape = loaded.shape
    driver.launchCooperativeKernel(loaded.function.ptr, loaded.blocks, 1, 1, shape.threads, 1, 1,
                                   shape.shared_bytes, cupy.cuda.get_current_stream().ptr, args.address)


@dataclasses.dataclass
class Layout:
    """The host-made arrays of a system (device): the block starts (rows, or tiles where the
    shape streams tiles), the tiles' first rows, the scatter windows, and the share of entries
    inside the windows."""

    starts: object
    tile_rows: object
    lows: object
    inside: float


def layout(A, shape, blocks: int) -> Layout:
    """Rows (or row-aligned tiles) shared out among ``blocks`` blocks by work, the scatter
    windows (once per run)."""
    import cupy
    indptr = A.indptr.get()
    if shape.tile:
        if space.longest_row(indptr) > shape.capacity:
            raise ValueError(f"a row of {space.longest_row(indptr)} entries does not fit a tile of "
                             f"{shape.capacity}")
        tile_rows = space.tiles(indptr, shape.capacity, 4 * shape.threads)
        starts = space.partition_tiles(indptr, tile_rows, blocks)
        rows = tile_rows[starts]
    else:
        starts = rows = space.partition(indptr, blocks)
        tile_rows = starts
    if shape.transpose == "scatter":
        indices = A.indices.get()
        lows = space.windows(indptr, indices, rows, shape.window)
        inside = space.in_window(indptr, indices, rows, lows, shape.window)
    else:
        lows, inside = np.zeros(blocks, dtype=np.int32), 1.0
    return Layout(cupy.asarray(starts), cupy.asarray(tile_rows), cupy.asarray(lows), inside)


def symmetric(A) -> bool:
    """Whether the device CSR matrix A (column indices sorted in each row) equals Aᵀ: its
    entries sorted by (column, row) are its entries sorted by (row, column), transposed."""
    import cupy
    m, n = A.shape
    if m != n:
        return False
    rows = cupy.searchsorted(A.indptr[1:], cupy.arange(A.nnz, dtype=A.indptr.dtype), side="right")
    rows = rows.astype(A.indices.dtype)
    order = cupy.lexsort(cupy.stack([rows, A.indices]))
    return bool(cupy.array_equal(A.indices[order], rows) and cupy.array_equal(rows[order], A.indices)
                and cupy.array_equal(A.data[order], A.data))


@dataclasses.dataclass
class Outcome:
    """What a resident run did: status, iterations, r·r after every iteration, seconds of the
    launches (``seconds``) and of the setup before them (compile, load, layout: ``setup_s``)."""

    status: str
    iterations: int
    rr: list
    seconds: float
    setup_s: float
    shape: object
    blocks: int
    inside: float


def run(shape, A, x, r, rt, rho: float, stop: float, maxiter: int, per_sm: int = 0,
        chunk: int = LAUNCH_ITERATIONS) -> Outcome:
    """Iterate from x, r (BiCG: r̃) and rho until r·r <= ``stop`` or ``maxiter`` iterations;
    x, r and r̃ are updated in place."""
    import cupy
    t0 = time.perf_counter()
    maxiter, chunk = int(maxiter), int(chunk)
    loaded = load(shape, per_sm)
    lay = layout(A, shape, loaded.blocks)
    n, dt = A.shape[0], np.dtype(shape.dtype)
    bicg = shape.solver == "bicg"
    p = [cupy.zeros(n, dt), cupy.zeros(n, dt)]
    q = cupy.zeros(n, dt)
    pt = [cupy.zeros(n, dt), cupy.zeros(n, dt)] if bicg else []
    qt = [cupy.zeros(n, dt), cupy.zeros(n, dt)] if bicg else []
    part = cupy.zeros(2 * loaded.blocks * 4, np.float64)
    barrier = cupy.zeros(64, np.uint32)
    scalars = cupy.asarray(np.array([rho, 0.0, 0.0, 0.0]))
    history = cupy.zeros(chunk, np.float64)
    cupy.cuda.get_current_stream().synchronize()
    t1 = time.perf_counter()
    rr, it, status = [], 0, "maxiter"
    while it < maxiter:
        k = min(chunk, maxiter - it)
        if bicg:
            qt[0].fill(0)
        vecs = [x, r, p[0], p[1], q] + ([rt, pt[0], pt[1], qt[0], qt[1]] if bicg else [])
        _launch(loaded, [A.indptr, A.indices, A.data, lay.starts, lay.tile_rows, lay.lows, *vecs, part, barrier,
                         scalars, history, n, k, float(stop)])
        s = scalars.get()
        done = int(s[2])
        rr += history[:done].get().tolist()
        it += done
        if done & 1:   # the last iteration wrote p (and p̃) into the second buffer
            p.reverse()
            pt.reverse()
        status = STATUS[int(s[3])]
        if status != "maxiter" or done < k:
            break
    cupy.cuda.get_current_stream().synchronize()
    t2 = time.perf_counter()
    return Outcome(status, it, rr, t2 - t1, t1 - t0, shape, loaded.blocks, lay.inside)
