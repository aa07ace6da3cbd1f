"""Checking and converting call arguments: CuPy arrays, PyTorch tensors (DLPack), scalars.

One clear ArgumentError/ShapeError/DTypeError per bad argument, naming it.
"""
from __future__ import annotations

import numbers

import numpy as np

from ..errors import ArgumentError, DTypeError, ShapeError
from ..ir import is_complex
from . import device


def is_torch(x) -> bool:
    return type(x).__module__.startswith("torch") and hasattr(x, "__dlpack__")


#: DLPack device types of GPU memory kfuse reads (kDLCUDA, kDLCUDAManaged)
DLPACK_CUDA = (2, 13)


def dlpack_device(x) -> int | None:
    """The DLPack device type of an array that exports DLPack (JAX, CuPy, torch...), else None."""
    if not (hasattr(x, "__dlpack__") and hasattr(x, "__dlpack_device__")):
        return None
    try:
        return int(x.__dlpack_device__()[0])
    except Exception:  # noqa: BLE001 - a broken exporter is simply not a DLPack array
        return None


def describe(x) -> str:
    if hasattr(x, "shape") and hasattr(x, "dtype"):
        return f"{type(x).__module__.split('.')[0]}.{type(x).__name__} {tuple(x.shape)} {x.dtype}"
    return type(x).__name__


def _host_refusal(name: str, x):
    """The error for an argument that is not on a device (None if it may be)."""
    if isinstance(x, np.ndarray):
        return ArgumentError(f"argument {name!r} is a host (NumPy) array; pass a device array "
                             "(cupy.asarray(x)) so kfuse does not copy behind your back")
    if is_torch(x):
        return None if x.is_cuda else ArgumentError(
            f"argument {name!r} is a CPU tensor; move it to the GPU (tensor.cuda())")
    if type(x).__module__.split(".")[0] == "cupy" and hasattr(x, "shape"):
        return None
    dev = dlpack_device(x)
    if dev in DLPACK_CUDA and hasattr(x, "shape") and hasattr(x, "dtype"):
        return None   # a JAX (or any DLPack) array on the GPU: imported without a copy
    if dev is not None:
        return ArgumentError(f"argument {name!r} ({describe(x)}) is not in GPU memory (DLPack device type "
                             f"{dev}); put it on the GPU first (jax.device_put, tensor.cuda(), cupy.asarray)")
    return ArgumentError(f"argument {name!r} must be a CuPy array or a CUDA tensor, got {describe(x)}")


def to_cupy(name: str, x):
    """``x`` as a CuPy array without copying; refuses host arrays with a clear message (before
    anything touches the device) and raises NoGPUError where no GPU is usable."""
    bad = _host_refusal(name, x)
    if bad is not None:
        raise bad
    device.require_gpu(f"argument {name!r}")
    import cupy
    if isinstance(x, cupy.ndarray):
        return x
    return cupy.from_dlpack(x)


def precheck(name: str, x, kind: str, shape: tuple, dtype: str, order: str) -> None:
    """Everything about an array argument that its metadata tells, without touching the device:
    where it lives (host arrays, CPU tensors), rank, shape, element type and layout."""
    bad = _host_refusal(name, x)
    if bad is not None:
        raise bad
    got = tuple(int(d) for d in x.shape)
    dt = str(x.dtype).replace("torch.", "")
    if kind == "scalar":
        if got not in ((), (1,)):
            raise ShapeError(f"argument {name!r} must be a 0-d array (a scalar), got shape {got}")
    elif len(got) != len(shape):
        raise ShapeError(f"argument {name!r} has {len(got)} dimension(s) {got}, expected a {kind} of "
                         f"shape {tuple(shape)}")
    elif got != tuple(shape):
        raise ShapeError(f"argument {name!r} has shape {got}, expected {tuple(shape)} ({kind})")
    if dt != dtype:
        raise DTypeError(f"argument {name!r} has element type {dt}, expected {dtype}")
    if kind == "scalar" or min(got, default=0) <= 1 and kind == "vector":
        return
    step = x.itemsize if hasattr(x, "itemsize") else x.element_size() if is_torch(x) else np.dtype(dt).itemsize
    strides = byte_strides(x, step)
    if kind == "vector" and strides[0] != step:
        raise ArgumentError(f"argument {name!r} is a strided vector; pass a contiguous one "
                            "(cupy.ascontiguousarray)")
    if kind in ("matrix", "grid") and 0 not in got:
        want = contiguous_strides(got, step, order)
        ok = all(s == w or n == 1 for s, w, n in zip(strides, want, got))
        if not ok:
            want = "C-contiguous (row-major)" if order == "C" else "F-contiguous (column-major)"
            raise ArgumentError(f"argument {name!r} must be {want}; pass cupy.ascontiguousarray / "
                                "cupy.asfortranarray, or a matching view")


def byte_strides(x, step: int) -> tuple:
    """The byte strides of an array from its metadata: CuPy's, torch's (in elements), or C-order
    for a DLPack array that shows none (JAX arrays are row-major)."""
    if is_torch(x):
        return tuple(st * step for st in x.stride())
    if hasattr(x, "strides") and x.strides is not None:
        return tuple(x.strides)
    return contiguous_strides(tuple(int(d) for d in x.shape), step, "C")


def contiguous_strides(shape: tuple, step: int, order: str) -> tuple:
    """Byte strides of a contiguous array of ``shape`` in ``order`` (``step``: the item size)."""
    axes = range(len(shape) - 1, -1, -1) if order == "C" else range(len(shape))
    out, acc = [0] * len(shape), step
    for a in axes:
        out[a] = acc
        acc *= shape[a]
    return tuple(out)


def check_array(name: str, a, kind: str, shape: tuple, dtype: str, order: str):
    """Shape, element type, memory layout and device of an array argument."""
    import cupy
    if a.ndim != len(shape) or tuple(a.shape) != tuple(shape):
        raise ShapeError(f"argument {name!r} has shape {tuple(a.shape)}, expected {tuple(shape)} ({kind})")
    if a.dtype.name != dtype:
        raise DTypeError(f"argument {name!r} has element type {a.dtype.name}, expected {dtype}")
    if kind in ("matrix", "grid"):
        ok = a.flags.c_contiguous if order == "C" else a.flags.f_contiguous
        if not ok:
            want = "C-contiguous (row-major)" if order == "C" else "F-contiguous (column-major)"
            raise ArgumentError(f"argument {name!r} must be {want}; pass cupy.ascontiguousarray / "
                                "cupy.asfortranarray, or a matching view")
    elif kind == "vector" and a.size > 1 and a.strides[0] != a.itemsize:
        raise ArgumentError(f"argument {name!r} is a strided vector; pass a contiguous one "
                            "(cupy.ascontiguousarray)")
    if a.size and a.data.ptr % a.itemsize:
        raise ArgumentError(f"argument {name!r} is not aligned to its element size")
    dev = cupy.cuda.runtime.getDevice()
    if a.device.id != dev:
        raise ArgumentError(f"argument {name!r} lives on device {a.device.id}, but the current device is {dev}")


def host_scalar(name: str, x, dtype: str):
    """A number for a by-value scalar parameter, as a NumPy scalar of ``dtype``."""
    if hasattr(x, "ndim") and getattr(x, "ndim", 1) == 0 and not isinstance(x, np.generic):
        x = x.item()  # 0-d device array: costs a device-to-host copy
    if isinstance(x, np.ndarray) and x.ndim == 0:
        x = x.item()
    if isinstance(x, bool) or not isinstance(x, numbers.Number):
        raise ArgumentError(f"argument {name!r} must be a number, got {describe(x)}")
    if isinstance(x, complex) or np.iscomplexobj(x):
        if not is_complex(dtype):
            if complex(x).imag != 0:
                raise DTypeError(f"argument {name!r} is complex but the program is {dtype}")
            x = complex(x).real
    return np.dtype(dtype).type(x)


def device_scalar(name: str, x, dtype: str):
    """A 0-d device array for a scalar read from device memory."""
    a = to_cupy(name, x)
    if a.ndim != 0 and a.shape != (1,):
        raise ShapeError(f"argument {name!r} must be a 0-d array (a scalar), got shape {tuple(a.shape)}")
    if a.dtype.name != dtype:
        raise DTypeError(f"argument {name!r} has element type {a.dtype.name}, expected {dtype}")
    return a
