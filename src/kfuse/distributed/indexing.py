"""NumPy's global indexing and whole-array reductions on a :class:`~kfuse.distributed.grid.DistArray`.

``u[key]`` reads the elements ``key`` selects of the whole array, as NumPy would return them
from the gathered array, on every rank (each rank sends the part its block owns: one exchange).
``u[key] = value`` writes them: each rank writes the selected points it owns (``value`` a number
or an array broadcastable to the selection, the same on every rank; no communication; the halos
are refreshed by the next step's exchange, as always before they are read).  Keys are integers,
slices (any step) and ``...``; fancy and boolean indexing are refused with the reason.
``sum``, ``max`` and ``min`` reduce over the owned points, then all-reduce on the device: the
same value on every rank (a sum in NumPy's result type: int64 for booleans and small integers)."""
from __future__ import annotations

import numpy as np

from ..errors import ArgumentError, DTypeError
from .protocol import array_module, to_host


def axis_indices(key, shape: tuple) -> tuple:
    """(per axis the sorted-as-selected global indices, per axis whether it is kept in the
    result) of a basic NumPy ``key`` over ``shape``."""
    key = key if isinstance(key, tuple) else (key,)
    if sum(k is Ellipsis for k in key) > 1:
        raise ArgumentError("index: an index can only have a single ellipsis ('...')")
    if any(k is Ellipsis for k in key):
        i = key.index(Ellipsis)
        key = key[:i] + (slice(None),) * (len(shape) - len(key) + 1) + key[i + 1:]
    if len(key) > len(shape):
        raise ArgumentError(f"index: {len(key)} indices for an array of {len(shape)} dimension(s)")
    key = key + (slice(None),) * (len(shape) - len(key))
    out, kept = [], []
    for axis, (k, n) in enumerate(zip(key, shape)):
        if isinstance(k, slice):
            if k.step is not None and not (isinstance(k.step, (int, np.integer)) and not isinstance(k.step, bool)):
                raise ArgumentError(f"index: slice step {k.step!r} along axis {axis} is not an integer")
            if k.step == 0:
                raise ArgumentError(f"index: slice step cannot be zero (axis {axis})")
            out.append(np.arange(n)[k])
            kept.append(True)
        elif isinstance(k, (int, np.integer)) and not isinstance(k, bool):
            if not -n <= int(k) < n:
                raise ArgumentError(f"index {int(k)} is out of bounds for axis {axis} with size {n}")
            out.append(np.array([int(k) % n]))
            kept.append(False)
        else:
            raise ArgumentError(f"index: {type(k).__name__} indices are not supported on a DistArray "
                                "(integers, slices and ... are; gather() for the rest)")
    return tuple(out), tuple(kept)


def _mine(indices: tuple, box: tuple) -> tuple:
    """Per axis (positions in the selection, global indices) of the selected points in ``box``."""
    out = []
    for idx, (lo, hi) in zip(indices, box):
        pos = np.nonzero((idx >= lo) & (idx < hi))[0]
        out.append((pos, idx[pos]))
    return tuple(out)


def getitem(a, key):
    """``a[key]`` (see the module docstring): a NumPy array (or a NumPy scalar) on every rank."""
    grid, comm = a.grid, a.grid.comm
    indices, kept = axis_indices(key, a.shape)
    xp = array_module(a.block)
    pieces = {}
    for r in range(comm.size):
        sel = _mine(indices, grid.decomp.box(r))
        pieces[r] = sel
    mine = pieces[comm.rank]
    local = a.local
    own_lo = [lo for lo, _ in grid.box]
    part = local[np.ix_(*[g - lo for (_, g), lo in zip(mine, own_lo)])] if all(len(g) for _, g in mine) else None
    part = xp.ascontiguousarray(part) if part is not None else None
    sends = [(p, part) for p in range(comm.size) if p != comm.rank and part is not None]
    recvs = [(p, xp.empty(tuple(len(g) for _, g in pieces[p]), dtype=a.dtype)) for p in range(comm.size)
             if p != comm.rank and all(len(g) for _, g in pieces[p])]
    comm.exchange(sends, recvs)
    out = np.empty(tuple(len(i) for i in indices), dtype=a.dtype)
    for p, buf in recvs + ([(comm.rank, part)] if part is not None else []):
        out[np.ix_(*[pos for pos, _ in pieces[p]])] = to_host(buf)
    result = out.reshape(tuple(len(i) for i, k in zip(indices, kept) if k))
    ellipsis = any(k is Ellipsis for k in (key if isinstance(key, tuple) else (key,)))
    return result[()] if result.ndim == 0 and not ellipsis else result   # NumPy: u[0, 0, ...] is 0-d


def setitem(a, key, value) -> None:
    """``a[key] = value`` (see the module docstring), on this rank's owned points."""
    indices, _ = axis_indices(key, a.shape)
    if getattr(type(value), "__kfuse_distributed__", False):
        _set_from(a, indices, value)
        return
    sel_shape = tuple(len(i) for i in indices)
    kept_shape = tuple(len(i) for i, k in zip(indices, axis_indices(key, a.shape)[1]) if k)
    xp = array_module(a.block)
    v = as_value(value, a.dtype)
    shape = v.shape
    element = not kept_shape and not any(k is Ellipsis for k in (key if isinstance(key, tuple) else (key,)))
    while len(shape) > len(kept_shape) and shape[0] == 1 and not element:   # NumPy drops leading 1s
        shape = shape[1:]                                                     # (not for one element)
    try:
        v = np.broadcast_to(v.reshape(shape), kept_shape).reshape(sel_shape)
    except ValueError:
        raise ArgumentError(f"value: shape {v.shape} does not broadcast to the selection's {kept_shape}") from None
    mine = _mine(indices, a.grid.box)
    if not all(len(g) for _, g in mine):
        return
    own_lo = [lo for lo, _ in a.grid.box]
    part = v[np.ix_(*[pos for pos, _ in mine])]
    local = a.local
    local[np.ix_(*[g - lo for (_, g), lo in zip(mine, own_lo)])] = xp.asarray(part, dtype=a.dtype)


def as_value(value, dtype, what: str = "value"):
    """``value`` as a NumPy array, refused (DTypeError) where NumPy's ``a[...] = value`` into an
    array of ``dtype`` refuses it: a number, a list or ``None`` converted as NumPy stores it
    (NaN into an integer array, a complex number into a real one, an integer out of range are
    refused); a numeric array cast later, unsafely, as NumPy casts it."""
    if type(value).__module__.split(".")[0] == "cupy":
        value = to_host(value)
    if isinstance(value, np.ndarray) and value.dtype.kind not in "OSUV":
        return value
    try:
        shape = np.shape(value)
    except ValueError:
        raise ArgumentError(f"{what}: a ragged sequence, not an array or a number") from None
    out = np.empty(shape, dtype)
    try:
        out[...] = value
    except (TypeError, ValueError, OverflowError) as e:
        raise DTypeError(f"{what}: {_short(value)} cannot be stored in an array of {np.dtype(dtype)} ({e})") from None
    return out


def _short(value) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _set_from(a, indices: tuple, value) -> None:
    """``a[...] = value`` for a DistArray ``value`` of the same grid (each rank copies its own
    points); another selection of a DistArray is refused."""
    whole = all(len(i) == n and (i == np.arange(n)).all() for i, n in zip(indices, a.shape))
    if not whole or value.grid.decomp != a.grid.decomp:
        raise ArgumentError("value: a DistArray is written only whole into an array of the same grid "
                            "(u[...] = v); gather() it, or pass a NumPy or CuPy array")
    a.local[...] = value.local.astype(a.dtype, copy=False)


#: reduction -> (the array method on the owned points, the all-reduce op, the value of no points)
REDUCTIONS = {"sum": ("sum", "sum", 0), "max": ("max", "max", None), "min": ("min", "min", None)}


def reduce(a, how: str):
    """The ``how`` ("sum", "max", "min") of every element of ``a``, the same on every rank: a
    0-d array of the blocks' module."""
    method, op, empty = REDUCTIONS[how]
    xp = array_module(a.block)
    local = a.local
    dt = np.add.reduce(np.zeros(1, a.dtype)).dtype if how == "sum" else a.dtype   # NumPy's sum type
    if local.size:
        part = local.sum(dtype=dt) if how == "sum" else getattr(local, method)()
    elif empty is not None:
        part = xp.zeros((), dtype=dt)
    elif dt.kind == "b":
        part = xp.full((), how == "min", dtype=dt)
    else:   # no points here: the identity of max / min
        info = np.finfo(dt) if dt.kind in "fc" else np.iinfo(dt)
        part = xp.full((), info.min if how == "max" else info.max, dtype=dt)
    out = xp.array(part, dtype=dt).reshape(1)
    a.grid.comm.all_reduce(out, op)
    return out.reshape(())

