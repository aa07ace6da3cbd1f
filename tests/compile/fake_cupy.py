"""A stand-in for CuPy backed by host memory, for running kfuse's host call paths on the CPU.

:func:`installed` puts it in ``sys.modules`` as ``cupy`` (and ``cupy.cuda``...): arrays are
NumPy buffers addressed by their real host pointers, ``fill`` writes them, and every kernel
launch -- through the stub (``cupy.cuda.driver.launchKernel``: its parameter block is decoded
from memory) or the general path (``Function.__call__``) -- is recorded with the address each
pointer parameter received, and each ``fill`` with its byte range, so a test can check what a
call would have written (:class:`Record`).  Kernels do not run.  CUDA graphs cannot be captured
(``begin_capture`` raises as a driver would inside another capture): the stub then launches."""
from __future__ import annotations

import contextlib
import ctypes
import sys
import types

import numpy as np


class Record:
    """What the calls did: ``launches`` [(kernel name, [(kind, cname, address or value)])], the
    path of each (``paths``: "stub" or "general") and ``fills`` [(first byte, one past the last)]."""

    def __init__(self):
        self.launches: list = []
        self.paths: list = []
        self.fills: list = []

    def clear(self) -> None:
        self.launches.clear()
        self.paths.clear()
        self.fills.clear()


class _Mem:
    def __init__(self, buf):
        self.buf = buf


class _Pointer:
    """``ndarray.data``: the address, the device and the memory it keeps alive."""

    def __init__(self, ptr: int, mem):
        self.ptr, self.mem, self.device_id = ptr, mem, 0


class ndarray:
    """A host array that passes for a device one: shape, dtype, strides and an address."""

    def __init__(self, shape, dtype, strides, ptr: int, mem):
        self.shape, self.dtype = tuple(int(s) for s in shape), np.dtype(dtype)
        self.strides, self.ndim, self.itemsize = tuple(strides), len(self.shape), self.dtype.itemsize
        self.size = int(np.prod(self.shape, dtype=np.int64))
        self.nbytes = self.size * self.itemsize
        self.data = _Pointer(ptr, mem)
        self.device = types.SimpleNamespace(id=0)
        self._c_contiguous = self._contiguous("C")
        self._f_contiguous = self._contiguous("F")
        self.flags = types.SimpleNamespace(c_contiguous=self._c_contiguous, f_contiguous=self._f_contiguous)

    def _contiguous(self, order: str) -> bool:
        axes = range(self.ndim - 1, -1, -1) if order == "C" else range(self.ndim)
        step = self.itemsize
        for a in axes:
            if self.shape[a] != 1 and self.strides[a] != step:
                return False
            step *= self.shape[a]
        return True

    @property
    def T(self) -> "ndarray":
        return ndarray(self.shape[::-1], self.dtype, self.strides[::-1], self.data.ptr, self.data.mem)

    def fill(self, value) -> None:
        if self.size:
            RECORD.fills.append((self.data.ptr, self.data.ptr + self.nbytes))

    def host(self) -> np.ndarray:
        """The elements as a NumPy view of the same memory."""
        return np.lib.stride_tricks.as_strided(
            np.frombuffer((ctypes.c_char * max(1, self.nbytes)).from_address(self.data.ptr), self.dtype,
                          count=self.size) if self.size else np.empty(0, self.dtype), self.shape, self.strides)


ndarray.__module__ = "cupy"
RECORD = Record()


def _strides(shape, itemsize, order):
    out, acc = [0] * len(shape), itemsize
    for a in (range(len(shape) - 1, -1, -1) if order == "C" else range(len(shape))):
        out[a] = acc
        acc *= shape[a]
    return tuple(out)


def empty(shape, dtype=np.float32, order="C", offset: int = 0):
    """A new array; ``offset`` bytes past a 64-byte aligned address (an offset view's)."""
    shape = (shape,) if isinstance(shape, (int, np.integer)) else tuple(shape)
    dtype = np.dtype(dtype)
    nbytes = int(np.prod(shape, dtype=np.int64)) * dtype.itemsize
    buf = np.zeros(nbytes + offset + 128, np.uint8)
    base = buf.ctypes.data
    ptr = base + (-base) % 64 + offset
    return ndarray(shape, dtype, _strides(shape, dtype.itemsize, order), ptr, _Mem(buf))


def zeros(shape, dtype=np.float32, order="C"):
    return empty(shape, dtype, order)


def from_host(a: np.ndarray, order: str = "C", offset: int = 0) -> ndarray:
    """A fake device copy of ``a`` (C or F order, ``offset`` bytes past alignment)."""
    x = empty(a.shape, a.dtype, order, offset)
    x.host()[...] = a
    return x


class _Stream:
    ptr = 0

    def __init__(self, non_blocking=False):
        pass

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False

    def is_capturing(self) -> bool:
        return False

    def begin_capture(self, mode=None):
        raise CUDADriverError("capture is not simulated")


class CUDADriverError(RuntimeError):
    pass


class _Function:
    def __init__(self, name: str, launches: dict):
        self.name, self.launch = name, launches[name]
        self.ptr = id(self)
        _BY_PTR[self.ptr] = self

    def __call__(self, grid, block, args, shared_mem=0):
        got = []
        for a, x in zip(self.launch.args, args):
            got.append((a.kind, a.cname, x.data.ptr if isinstance(x, ndarray) else x))
        RECORD.launches.append((self.name, got))
        RECORD.paths.append("general")


_BY_PTR: dict = {}
_LAUNCHES: dict = {}   # kernel name -> Launch (the spec) of the module being loaded


class _Module:
    def load(self, cubin):
        pass

    def get_function(self, name):
        return _Function(name, _LAUNCHES)


def _launch_kernel(fp, gx, gy, gz, bx, by, bz, shared, stream, params, extra):
    """``cuLaunchKernel`` through the stub: each parameter read back from its parameter block."""
    fn = _BY_PTR[fp]
    got = []
    for i, a in enumerate(fn.launch.args):
        slot = ctypes.c_uint64.from_address(params + 8 * i).value
        got.append((a.kind, a.cname, ctypes.c_uint64.from_address(slot).value
                    if a.kind in ("in", "out", "partial", "counter", "accum") else None))
    RECORD.launches.append((fn.name, got))
    RECORD.paths.append("stub")


def _module() -> types.ModuleType:
    cp = types.ModuleType("cupy")
    cp.ndarray, cp.empty, cp.zeros, cp.__version__ = ndarray, empty, zeros, "fake"
    cuda = types.ModuleType("cupy.cuda")
    runtime = types.SimpleNamespace(getDevice=lambda: 0, streamCaptureModeThreadLocal=1,
                                    CUDARuntimeError=CUDADriverError)
    driver = types.ModuleType("cupy.cuda.driver")
    driver.launchKernel, driver.CUDADriverError = _launch_kernel, CUDADriverError
    driver.funcGetAttribute = lambda attr, fn: 0
    driver.funcSetAttribute = lambda fn, attr, value: None
    driver.CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES, driver.CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES = 1, 8
    function = types.ModuleType("cupy.cuda.function")
    function.Module = _Module
    function.CPointer = type("CPointer", (), {"__init__": lambda self, p: None})
    cuda.runtime, cuda.driver, cuda.function, cuda.Stream = runtime, driver, function, _Stream
    cuda.get_current_stream = lambda: _Stream()
    cuda.Device = lambda dev=0: types.SimpleNamespace(compute_capability="90",
                                                      attributes={"MaxSharedMemoryPerBlockOptin": 232448})
    cp.cuda = cuda
    return cp


@contextlib.contextmanager
def installed(monkeypatch):
    """``cupy`` is this module while the block runs (kfuse sees a usable GPU of sm_90)."""
    from kfuse.platform import device
    cp = _module()
    for name, mod in (("cupy", cp), ("cupy.cuda", cp.cuda), ("cupy.cuda.driver", cp.cuda.driver),
                      ("cupy.cuda.function", cp.cuda.function)):
        monkeypatch.setitem(sys.modules, name, mod)
    monkeypatch.setattr(device, "require_gpu", lambda what="kfuse": None)
    from kfuse.runtime import executable
    load = executable.load_steps

    def load_steps(module, launches, dev):   # the fake functions learn their parameters
        _LAUNCHES.update({launch.kernel: launch for launch in launches})
        return load(module, launches, dev)
    monkeypatch.setattr(executable, "load_steps", load_steps)
    RECORD.clear()
    yield cp
