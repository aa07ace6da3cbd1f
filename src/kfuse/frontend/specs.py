"""Argument specs of traced functions: what one argument is to a trace (its kind, shape,
element type and layout), from device arrays (:func:`arg_spec`, the jit cache key), from NumPy
arrays, :class:`ShapeDtype` and metadata-only tensors (:func:`lower_spec`, no GPU needed)."""
from __future__ import annotations

import math
import numbers

import numpy as np

from ..errors import ArgumentError, DTypeError, ShapeError
from ..ir import DENSE_KIND, DTYPES, MAX_RANK, check_dtype
from ..platform import arrays


def per_row_hint(nnz: int, rows: int) -> int:
    """Average nonzeros per row rounded to a power of two (at least 1): the planner's hint for
    how many threads should share a row; matrices of the same shape and hint share a plan.
    (ELLPACK-R passes its stored slots: its row lengths live on the device.)"""
    avg = nnz / max(1, rows)
    return 1 << max(0, round(math.log2(avg))) if avg >= 1 else 1


def arg_spec(name: str, x) -> tuple:
    """The part of the jit cache key for one argument: kind, shape, dtype, layout."""
    if isinstance(x, bool):
        raise ArgumentError(f"argument {name!r}: booleans are not supported")
    if isinstance(x, numbers.Number):
        return ("h", "complex" if isinstance(x, complex) or np.iscomplexobj(x) else "real")
    if isinstance(x, ShapeDtype):
        raise ArgumentError(f"argument {name!r} is a ShapeDtype: it describes an argument for "
                            "lower(); a call needs the array itself")
    if isinstance(x, np.ndarray):
        raise ArgumentError(f"argument {name!r} is a host (NumPy) array; pass a device array "
                            "(cupy.asarray(x)), or lower the function for it (kfuse.jit(f).lower(...))")
    from .. import sparse
    if isinstance(x, (sparse.CSR, sparse.ELL)):
        if not x.device:
            raise ArgumentError(f"argument {name!r} is a sparse matrix on the host; pass .to_device()")
        return ("s", x.fmt, tuple(x.shape), x.dtype.name, per_row_hint(x.stored, x.shape[0]),
                round(x.stored / max(1, x.shape[0]), 1))
    if not (hasattr(x, "shape") and hasattr(x, "dtype")):
        raise ArgumentError(f"argument {name!r}: unsupported type {type(x).__name__}")
    if arrays.is_torch(x) and not x.is_cuda:
        raise ArgumentError(f"argument {name!r} is a CPU tensor; move it to the GPU (tensor.cuda())")
    dtype = check_dtype(str(x.dtype).replace("torch.", ""), f"argument {name!r}", masks=len(x.shape) > 0)
    nd = len(x.shape)
    if nd == 0:
        return ("d", dtype)
    if nd > MAX_RANK:
        raise ShapeError(f"argument {name!r} has {nd} dimensions; kfuse handles arrays of 1 to {MAX_RANK}")
    a = arrays.to_cupy(name, x)
    if nd == 1:
        if a.size > 1 and a.strides[0] != a.itemsize:
            raise ArgumentError(f"argument {name!r} is a strided vector; pass a contiguous one")
        return ("a", (int(a.shape[0]),), dtype, "C")
    if a.flags.c_contiguous:
        order = "C"
    elif a.flags.f_contiguous:
        order = "F"
    else:
        raise ArgumentError(f"argument {name!r} is a non-contiguous {DENSE_KIND[nd]}; pass "
                            "cupy.ascontiguousarray(x) or a transpose of a contiguous array")
    return ("a", tuple(int(d) for d in a.shape), dtype, order)


class ShapeDtype:
    """The shape, element type and memory order of an array argument, without its data: what
    :meth:`kfuse.JitFunction.lower` traces, plans and compiles for on a machine with no GPU.

    >>> kfuse.ShapeDtype((4096, 1024), "float32", order="F")
    ShapeDtype(shape=(4096, 1024), dtype='float32', order='F')

    ``shape`` has 0 (a device scalar) to 4 non-negative ints; ``order`` is ``"C"``
    (row-major) or ``"F"`` (column-major, arrays of 2 or more axes).  Bad specs raise ShapeError,
    DTypeError or ArgumentError naming the field.
    """

    __slots__ = ("shape", "dtype", "order")

    def __init__(self, shape, dtype, order: str = "C"):
        if isinstance(shape, numbers.Integral) and not isinstance(shape, bool):
            shape = (shape,)
        try:
            dims = tuple(shape)
        except TypeError:
            raise ShapeError(f"ShapeDtype: shape must be a tuple of ints, got {shape!r}") from None
        for d in dims:
            if isinstance(d, bool) or not isinstance(d, numbers.Integral) or int(d) < 0:
                raise ShapeError(f"ShapeDtype: shape must be a tuple of non-negative ints, got {shape!r}")
        if len(dims) > MAX_RANK:
            raise ShapeError(f"ShapeDtype: shape {dims} has {len(dims)} dimensions; kfuse handles "
                             f"arrays of 0 to {MAX_RANK}")
        if order not in ("C", "F"):
            raise ArgumentError(f"ShapeDtype: order must be 'C' (row-major) or 'F' (column-major), got {order!r}")
        if order == "F" and len(dims) < 2:
            order = "C"   # a vector (or scalar) is both
        if dtype is None:
            raise DTypeError(f"ShapeDtype: dtype is required (one of {', '.join(DTYPES)})")
        dtype = _torch_dtype_name(dtype)
        self.shape = tuple(int(d) for d in dims)
        self.dtype = check_dtype(dtype, "ShapeDtype: dtype")
        self.order = order

    @property
    def ndim(self) -> int:
        return len(self.shape)

    def __repr__(self):
        return f"ShapeDtype(shape={self.shape}, dtype={self.dtype!r}, order={self.order!r})"

    def __eq__(self, other):
        return isinstance(other, ShapeDtype) and (self.shape, self.dtype, self.order) == \
            (other.shape, other.dtype, other.order)

    def __hash__(self):
        return hash((self.shape, self.dtype, self.order))


def _torch_dtype_name(dtype):
    """A torch dtype (``torch.float32``) as NumPy's name; any other dtype as it is."""
    if type(dtype).__module__.split(".")[0] == "torch":
        return str(dtype).replace("torch.", "")
    return dtype


def _metadata_spec(name: str, x) -> tuple:
    """:func:`lower_spec` of a torch tensor on any device (``meta`` included) or a DLPack array
    (JAX, on any device): its shape, element type and layout, no data touched."""
    dims = tuple(int(d) for d in x.shape)
    dtype = check_dtype(_torch_dtype_name(x.dtype), f"argument {name!r}", masks=len(dims) > 0)
    if not dims:
        return ("d", dtype)
    if len(dims) > MAX_RANK:
        raise ShapeError(f"argument {name!r} has {len(dims)} dimensions; kfuse handles arrays of 1 to {MAX_RANK}")
    step = np.dtype(dtype).itemsize
    strides = arrays.byte_strides(x, step)
    order = next((o for o in ("C", "F") if all(s == w or n == 1 for s, w, n in
                  zip(strides, arrays.contiguous_strides(dims, step, o), dims))), None)
    if order is None or (len(dims) == 1 and order != "C"):
        raise ArgumentError(f"argument {name!r} is not contiguous (strides {strides}); pass a contiguous "
                            "array or a transpose of one")
    return ("a", dims, dtype, order if len(dims) > 1 else "C")


def lower_spec(name: str, x) -> tuple:
    """:func:`arg_spec` for lowering (no GPU needed): a NumPy array or a :class:`ShapeDtype`
    stands for a device array of its shape, type and layout; a sparse matrix may be on the
    host; device arrays and Python numbers are taken as by :func:`arg_spec`."""
    if isinstance(x, ShapeDtype):
        if x.ndim == 0:
            return ("d", x.dtype)
        return ("a", x.shape, x.dtype, x.order)
    if isinstance(x, np.ndarray):
        dtype = check_dtype(x.dtype, f"argument {name!r}", masks=x.ndim > 0)
        if x.ndim == 0:
            return ("d", dtype)
        if x.ndim > MAX_RANK:
            raise ShapeError(f"argument {name!r} has {x.ndim} dimensions; kfuse handles arrays of 1 to {MAX_RANK}")
        if x.ndim == 1:
            if x.size > 1 and x.strides[0] != x.itemsize:
                raise ArgumentError(f"argument {name!r} is a strided vector; pass a contiguous one")
            return ("a", (int(x.shape[0]),), dtype, "C")
        if not (x.flags.c_contiguous or x.flags.f_contiguous):
            raise ArgumentError(f"argument {name!r} is a non-contiguous array; pass "
                                "numpy.ascontiguousarray(x) or a transpose of a contiguous array")
        return ("a", tuple(int(d) for d in x.shape), dtype, "C" if x.flags.c_contiguous else "F")
    if arrays.is_torch(x) or (arrays.dlpack_device(x) is not None and hasattr(x, "shape")
                              and type(x).__module__.split(".")[0] != "cupy"):
        return _metadata_spec(name, x)
    from .. import sparse
    if isinstance(x, (sparse.CSR, sparse.ELL)) and not x.device:
        return ("s", x.fmt, tuple(x.shape), x.dtype.name, per_row_hint(x.stored, x.shape[0]),
                round(x.stored / max(1, x.shape[0]), 1))
    return arg_spec(name, x)
