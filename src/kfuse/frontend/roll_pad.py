"""``np.roll`` and ``np.pad`` on traced arrays: one read-through call, or window assignments.

Both are NumPy's results exactly.  An array, a window of one or a computed value rolled or
padded (modes "edge", "wrap", "reflect", "symmetric", "constant" with one value) is one call
of :mod:`kfuse.library.remap` (``roll``, ``pad_<mode>``): the source read at remapped indices,
which a grid kernel inlines into the reads of its consumers, never storing the padded array::

    np.roll(u, s, axis=0)   ->  r = roll(u) at ((s, -s), (0, 0))       r[i] = u[(i - s) mod n]
    np.pad(u, 1, "edge")    ->  p = pad_edge(u) at ((1, 1), (1, 1))     p[i] = u[clamp(i - 1, 0, n - 1)]

The others (constant values differing per side, an empty axis, a view with an axis indexed
away) are built from what the grid space fuses: a new array (the ``full`` call, never read
before it is written), a window of the source assigned into each part of it, and plane copies
inside it (``edge``, ``reflect``, ``symmetric``) or window copies (``wrap``)::

    np.roll(u, s, axis=0)   ->  r = empty_like(u); r[s:] = u[:-s]; r[:s] = u[-s:]
    np.pad(u, 1, "edge")    ->  p = full(0, shape); p[1:-1, 1:-1] = u; p[0] = p[1]; p[-1] = p[-2]; ...
"""
from __future__ import annotations

import numbers

import numpy as np

from ..errors import ArgumentError, DTypeError, ShapeError
from ..ir import DENSE_KIND, ArrayType, is_complex
from .plane_versions import may_be_unread, producer, settled
from .site import refusal, traced, user_site

PAD_MODES = ("constant", "edge", "wrap", "reflect", "symmetric")
#: planes a mirror pad reaches into the array beyond its width: reflect skips the edge plane
_MIRROR_SKIP = {"reflect": 1, "symmetric": 0}


def _tensor(a, what: str):
    if not traced(a):
        raise ArgumentError(f"{user_site()}: {what} of a {type(a).__name__}: kfuse takes a traced array here")
    return a


def _ints(x, what: str) -> tuple:
    """``x`` (an int or a sequence of ints) as a tuple of Python ints; ArgumentError otherwise."""
    seq = x if isinstance(x, (tuple, list)) else (x,)
    if not seq or any(isinstance(v, bool) or not isinstance(v, numbers.Integral) for v in seq):
        raise ArgumentError(f"{user_site()}: {what} must be an int or a tuple of ints, got {x!r}")
    return tuple(int(v) for v in seq)


def _window(rank: int, axis: int, lo: int, hi: int, around: tuple | None = None) -> tuple:
    """The index selecting ``lo:hi`` along ``axis`` and ``around[a]`` (default all) elsewhere."""
    key = [slice(*around[a]) if around else slice(None) for a in range(rank)]
    key[axis] = slice(lo, hi)
    return tuple(key)


# ------------------------------------------------------------------ roll
def roll(a, shift, axis=None):
    """``np.roll(a, shift, axis)``: ``shift`` and ``axis`` ints or tuples (NumPy's pairing;
    shifts of one axis add up); ``axis=None`` only for a vector (NumPy flattens other arrays)."""
    a = _seen_through(_tensor(a, "numpy.roll"))
    if axis is None:
        if a.ndim != 1:
            raise refusal("numpy.roll", f"axis=None flattens the array of shape {a.shape}",
                          near="np.roll(u, s, axis=k) along each axis")
        axis = 0
    shifts, axes = _ints(shift, "numpy.roll: shift"), _ints(axis, "numpy.roll: axis")
    if len(shifts) != len(axes) and 1 not in (len(shifts), len(axes)):
        raise ShapeError(f"{user_site()}: numpy.roll: {len(shifts)} shifts for {len(axes)} axes "
                         "(NumPy broadcasts one against the other)")
    pairs = zip(shifts * (len(axes) if len(shifts) == 1 else 1), axes * (len(shifts) if len(axes) == 1 else 1))
    total = [0] * a.ndim
    for s, ax in pairs:
        if not -a.ndim <= ax < a.ndim:
            raise ShapeError(f"{user_site()}: numpy.roll: axis {ax} is out of bounds for an array of "
                             f"{a.ndim} dimension(s)")
        total[ax % a.ndim] += s
    total = [s % n if n else 0 for s, n in zip(total, a.shape)]
    first = producer(a._b, a._name)
    if first is not None and first.fn in ("roll", "copy") and _readable_through(a):
        # a roll of a roll (or of a copy): one roll by the summed shifts
        before = first.at if first.fn == "roll" else ((0, 0),) * a.ndim
        src = _seen(type(a)(a._b, first.args["u" if first.fn == "roll" else "x"]))
        if src.shape == a.shape:
            may_be_unread(a._b, a._name)
            return roll(src, tuple(t + lo for t, (lo, _) in zip(total, before)), tuple(range(a.ndim)))
    if not any(total):
        return a.copy()
    if _readable_through(a):   # the shift of least magnitude: np.roll(u, -1) reads u at +1
        least = [s - n if s > n // 2 else s for s, n in zip(total, a.shape)]
        return _read_through(a, "roll", tuple((s, -s) for s in least),
                             f"np.roll({a._b.values[a._name].display}, shift={tuple(least)})")
    r = a
    for ax, s in enumerate(total):
        if s:
            r = _roll_axis(r, s, ax)
    return r


def _readable_through(a) -> bool:
    """Whether ``a`` can be the source of a read-through call: all its axes kept, no empty
    axis, not a transpose view, and not one plane of a longer axis (LBM's ``F[:, :, i]``, which
    planes.py keeps as a window: its assignment form fuses by recomputation into the kernel
    that computes the plane, where a read-through would store the plane first)."""
    v = a._b.values[a._name]
    if a._drop or a._axis or not all(a.shape) or (v.view_of and v.window is None):
        return False
    base = a._b.values[v.view_of].type.shape if v.view_of else a.shape
    return settled(a._b, v.view_of) or not any(hi - lo == 1 and n > 1 for (lo, hi), n in zip(v.window or (), base))


def _seen_through(a):
    """``a``, or the value a plane of an array assigned plane by plane stands for
    (:func:`.plane_versions.forwarded`; ``a``'s view checked first)."""
    if a._drop or a._axis:
        return a
    name = a.operand_of(a)
    return a if name == a._name else _seen(type(a)(a._b, name))


def _seen(t):
    """``t``, a Tensor the tracer made for a version it read through (plane_versions): its
    value may be a view of an array assigned since, read where that assignment did not reach."""
    t._seen = True
    return t


def _read_through(a, fn: str, at: tuple, text: str, value=None):
    """The :mod:`kfuse.library.remap` call ``fn`` of ``a`` at ``at`` (``(before, after)`` per
    axis; ``value``: the constant of ``pad_constant``): a traced array of the remapped shape."""
    b = a._b
    args = {"u": a.operand_of(a)}
    if value is not None:
        args["value"] = b.const(value, a.dtype.name)
    name = b.call(fn, args)
    call = b.calls[-1]
    shape = tuple(n + lo + hi for n, (lo, hi) in zip(a.shape, at))
    t = a._type
    b.values[name].type = ArrayType(t.kind, t.dtype, shape, t.order)
    call.at = tuple(at)
    call.label = f"{b.values[name].display} = {text}"
    return type(a)(b, name)


def _roll_axis(r, s: int, axis: int):
    """``r`` rolled by ``0 < s < n`` along ``axis``: two window assignments into a new array."""
    n, rank = r.shape[axis], r.ndim
    b = r._b
    t = type(r)(b, b.call("full", {"value": b.const(0.0, r.dtype.name), "like": r.operand_of(r)}))
    t[_window(rank, axis, s, n)] = r[_window(rank, axis, 0, n - s)]
    t[_window(rank, axis, 0, s)] = r[_window(rank, axis, n - s, n)]
    return t


# ------------------------------------------------------------------ pad
def _pairs(x, rank: int, what: str, kind) -> list:
    """NumPy's ``((before, after),) * rank`` of a pad argument given as a number, a pair or a
    pair per axis; each element checked by ``kind`` (a callable raising ArgumentError)."""
    try:
        arr = np.asarray(x, dtype=object)
        full = np.broadcast_to(arr, (rank, 2)) if arr.ndim <= 2 else None
    except ValueError:
        full = None
    if full is None:
        raise ArgumentError(f"{user_site()}: numpy.pad: {what} {x!r} does not fit {rank} axes "
                            "(a number, (before, after) or one pair per axis)")
    return [tuple(kind(v) for v in row) for row in full]


def _width(v) -> int:
    if isinstance(v, bool) or not isinstance(v, numbers.Integral) or int(v) < 0:
        raise ArgumentError(f"{user_site()}: numpy.pad: pad widths must be non-negative ints, got {v!r}")
    return int(v)


def _number(v):
    if isinstance(v, bool) or not isinstance(v, numbers.Number):
        raise ArgumentError(f"{user_site()}: numpy.pad: constant_values must be numbers, got {v!r}")
    return complex(v) if isinstance(v, complex) or np.iscomplexobj(v) else float(v)


def new_array(like, shape: tuple, dtype: str, order: str, value=0.0):
    """A new array of ``shape`` every element ``value`` (a traced array of the class and trace
    of ``like``): the ``full`` call whose ``at`` holds the shape (the output's type is the front
    end's: no operand gives it)."""
    b = like._b
    name = b.call("full", {"value": b.const(value, dtype)})
    call = b.calls[-1]
    b.values[name].type = ArrayType(DENSE_KIND[len(shape)], dtype, tuple(shape), order if len(shape) > 1 else "C")
    call.at = tuple((0, n) for n in shape)
    call.label = f"{b.values[name].display} = full({value!r}, shape={tuple(shape)})"
    return type(like)(b, name)


def pad(array, pad_width, mode="constant", **kwargs):
    """``np.pad(array, pad_width, mode)`` for modes "constant" (``constant_values``), "edge",
    "wrap", "reflect" and "symmetric" (no wider than the array): one read-through call where
    :func:`_readable_through` allows and the constant is one value; else the new array,
    ``array`` assigned into its centre, then each axis's pads (NumPy's order: axis 0 first,
    each over the pads of the axes before it)."""
    a = _tensor(array, "numpy.pad")
    if not isinstance(mode, str) or mode not in PAD_MODES:
        raise refusal("numpy.pad", f"mode={mode!r}", near=f"modes {', '.join(map(repr, PAD_MODES))}")
    allowed = {"constant_values"} if mode == "constant" else set()
    extra = sorted(set(kwargs) - allowed)
    if extra:
        raise refusal("numpy.pad", f"{', '.join(extra)}= with mode={mode!r}")
    if a.ndim == 0:
        raise ShapeError(f"{user_site()}: numpy.pad of a 0-d array")
    widths = _pairs(pad_width, a.ndim, "pad_width", _width)
    values = _pairs(kwargs.get("constant_values", 0), a.ndim, "constant_values", _number)
    dtype = a.dtype.name
    if mode == "constant" and not is_complex(dtype) and any(isinstance(v, complex) for row in values for v in row):
        raise DTypeError(f"{user_site()}: numpy.pad: complex constant_values for a {dtype} array")
    for ax, (n, (lo, hi)) in enumerate(zip(a.shape, widths)):
        if mode != "constant" and n == 0 and lo + hi:
            raise ShapeError(f"{user_site()}: numpy.pad: can't extend the empty axis {ax} with mode {mode!r}")
        if mode in _MIRROR_SKIP and max(lo, hi) > n - _MIRROR_SKIP[mode]:
            raise refusal("numpy.pad", f"mode={mode!r} wider than the array: axis {ax} has {n} element(s), "
                          f"pad widths {(lo, hi)}", near=f"widths up to {n - _MIRROR_SKIP[mode]}, or mode 'edge'")
    shape = tuple(n + lo + hi for n, (lo, hi) in zip(a.shape, widths))
    uniform = len({v for row in values for v in row}) == 1
    if (mode != "constant" or uniform) and _readable_through(a):
        shown = widths[0][0] if len({w for row in widths for w in row}) == 1 else tuple(widths)
        extra = f", constant_values={values[0][0]!r}" if mode == "constant" and values[0][0] else ""
        return _read_through(a, f"pad_{mode}", tuple(widths),
                             f"np.pad({a._b.values[a._name].display}, {shown}, {mode!r}{extra})",
                             values[0][0] if mode == "constant" else None)
    fill = values[0][0] if mode == "constant" and uniform else 0.0
    p = new_array(a, shape, dtype, a._type.order, fill)
    centre = tuple((lo, lo + n) for n, (lo, _) in zip(a.shape, widths))
    p[tuple(slice(lo, hi) for lo, hi in centre)] = a
    for ax, (lo, hi) in enumerate(widths):
        around = tuple((0, shape[k]) if k < ax else centre[k] for k in range(a.ndim))
        n = a.shape[ax]
        if mode == "constant" and not uniform:
            _fill(p, ax, around, (0, lo), values[ax][0])
            _fill(p, ax, around, (lo + n, shape[ax]), values[ax][1])
        elif mode == "edge":
            _edge(p, ax, around, lo, n, shape[ax])
        elif mode == "wrap":
            _wrap_pads(p, ax, around, lo, n, shape[ax])
        elif mode in _MIRROR_SKIP:
            _mirror(p, ax, around, lo, n, hi, _MIRROR_SKIP[mode])
    return p


def _fill(p, ax: int, around: tuple, span: tuple, value):
    if span[1] > span[0]:
        p[_window(p.ndim, ax, *span, around)] = value


def _copy(p, ax: int, around: tuple, dst: int, src: int, k: int):
    """``p[dst:dst+k] = p[src:src+k]`` along ``ax`` (``around`` elsewhere)."""
    p[_window(p.ndim, ax, dst, dst + k, around)] = p[_window(p.ndim, ax, src, src + k, around)]


def _edge(p, ax: int, around: tuple, lo: int, n: int, size: int):
    """Edge pads: the first (last) plane of the centre copied outwards, each copy doubling the
    planes written (log2 of the width assignments per side)."""
    done = 0
    while done < lo:   # [lo - done, lo) holds the edge value
        k = min(max(done, 1), lo - done)
        _copy(p, ax, around, lo - done - k, lo - done if done else lo, k)
        done += k
    end, done = lo + n, 0
    while done < size - end:   # [end, end + done) holds the edge value
        k = min(max(done, 1), size - end - done)
        _copy(p, ax, around, end + done, end + done - k if done else end - 1, k)
        done += k


def _wrap_pads(p, ax: int, around: tuple, lo: int, n: int, size: int):
    """Periodic pads: windows of up to ``n`` planes copied from one period further in."""
    hi = lo
    while hi > 0:   # the before pad, from the centre outwards
        k = min(n, hi)
        _copy(p, ax, around, hi - k, hi - k + n, k)
        hi -= k
    start = lo + n
    while start < size:   # the after pad
        k = min(n, size - start)
        _copy(p, ax, around, start, start - n, k)
        start += k


def _mirror(p, ax: int, around: tuple, lo: int, n: int, hi: int, skip: int):
    """Mirror pads, one plane each: plane ``lo - 1 - j`` is plane ``lo + skip + j`` (reflect
    skips the edge plane, symmetric repeats it), and the same outwards from the far edge."""
    for j in range(lo):
        _copy(p, ax, around, lo - 1 - j, lo + skip + j, 1)
    end = lo + n
    for j in range(hi):
        _copy(p, ax, around, end + j, end - 1 - skip - j, 1)
