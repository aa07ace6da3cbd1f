"""Arrays with a short last axis taken plane by plane: D2Q9's ``F[y, x, i]`` of nine
distributions.

kfuse's grid kernels are elementwise over one grid with static shapes, so what NumPy does along
a short axis of static length is unrolled into its planes, each an integer-indexed plane
(``F[:, :, k]``, the axis dropped) or a window of one plane (``F[:, :, k:k+1]``):

* ``np.roll(F[:, :, i], s, axis=1)``: the plane's axes are the array's others; rolled as the
  window of one plane, then the plane again;
* ``F * c`` of a grid ``F`` and a vector ``c`` as long as its last axis (NumPy broadcasts ``c`` along it):
  a new array whose plane ``k`` is ``F[..., k] * c[k]`` (``c[k]``: ``pick(c, k)``, a 0-d value
  read once by the kernel's scalar prologue);
* a 0-d value (``c[k]``, ``np.sum(u)``) combines with a plane as a number does.
"""
from __future__ import annotations

import numbers

from ..errors import ShapeError
from ..ir import INDEX_DTYPE
from .plane_versions import MAX_PLANES, forwarded, producer
from .roll_pad import new_array, roll as _roll
from .site import refusal, traced


def roll(a, shift, axis=None):
    """``np.roll``; of an integer-indexed plane (``F[:, :, i]``), the roll of its window along
    the array's matching axes, a plane again."""
    if not (traced(a) and a._drop):
        return _roll(a, shift, axis)
    kept_axes = [ax for ax in range(a._type.rank) if ax not in a._drop]
    if axis is None:
        if len(kept_axes) != 1:
            raise refusal("numpy.roll", f"axis=None flattens the plane of shape {a.shape}",
                          near="np.roll(u, s, axis=k) along each axis")
        axis = 0
    axes = axis if isinstance(axis, (tuple, list)) else (axis,)
    mapped = []
    for ax in axes:
        if isinstance(ax, bool) or not isinstance(ax, numbers.Integral) or not -len(kept_axes) <= ax < len(kept_axes):
            raise ShapeError(f"numpy.roll: axis {ax!r} is out of bounds for a plane of {len(kept_axes)} dimension(s)")
        mapped.append(kept_axes[int(ax) % len(kept_axes)])
    kept = type(a)(a._b, a._name)
    r = _roll(kept, shift, tuple(mapped) if isinstance(axis, (tuple, list)) else mapped[0])
    return type(a)(a._b, r._name, a._drop)


def is_last_axis_broadcast(op: str, x, y) -> bool:
    """Whether ``x op y`` (``op`` one of ``+ - * /``) is a grid (3 or 4 axes, the last of 1 to
    32) and a vector as long as that axis (either way round): NumPy broadcasts the vector
    along it.  (A matrix and a vector keep their own broadcasting, :mod:`.broadcast`.)"""
    if is_planewise(op, x, y):
        return True
    if op not in ("+", "-", "*", "/") or not (traced(x) and traced(y)) or x._drop or y._drop \
            or x._axis or y._axis:
        return False
    for a, v in ((x, y), (y, x)):
        sa, sv = a.shape, v.shape
        if len(sa) >= 3 and len(sv) == 1 and sa[-1] == sv[0] and 1 <= sv[0] <= MAX_PLANES:
            return True
    return False


def is_planewise(op: str, x, y) -> bool:
    """Whether ``x op y`` (``op`` one of ``+ - * /``) is best computed plane by plane: ``x``
    an array whose every plane of its short last axis is a value assigned into it
    (:func:`assembled`), ``y`` a Python number or such an array of the same shape and dtype
    (D2Q9's ``F - Feq``, ``-(1/tau) * (F - Feq)``, ``F += ...``): each plane then reads the
    assigned values, not the array evaluated through its chain of assignments."""
    if op not in ("+", "-", "*", "/") or not assembled(x):
        return False
    if isinstance(y, numbers.Real) and not isinstance(y, bool):
        return True
    return traced(y) and y.shape == x.shape and y.dtype == x.dtype and assembled(y)


def assembled(t) -> bool:
    """Whether ``t`` (3 or 4 axes, its last 2 to MAX_PLANES long, not a view) has every plane
    of its last axis decided by a value assigned into it (:func:`.plane_versions.forwarded`)."""
    if not traced(t) or t._drop or t._axis or t._owner is not None or not 3 <= len(t.shape) <= 4 \
            or not 2 <= t.shape[-1] <= MAX_PLANES:
        return False
    b = t._b
    if b.values[t._name].view_of is not None or not _planes_assigned(b, t._name, tuple(t.shape)):
        return False
    whole = tuple((0, n) for n in t.shape[:-1])
    return all(b.values[forwarded(b, b.window(t._name, whole + ((k, k + 1),)))].view_of is None
               for k in range(t.shape[-1]))


def _planes_assigned(b, name: str, shape: tuple) -> bool:
    """Whether value ``name`` is made by assignments into each plane of its last axis (a
    chain of them down from it; an assignment of the whole array counts when its value is
    made so too)."""
    seen: set = set()
    while len(seen) < shape[-1]:
        c = producer(b, name)
        if c is None or c.fn != "assign" or c.at is None \
                or any(a != (0, m) for a, m in zip(tuple(c.at)[:-1], shape[:-1])):
            return False
        lo, hi = c.at[-1]
        if (lo, hi) == (0, shape[-1]):
            inner = c.args["inner"]
            return tuple(b.values[inner].type.shape) == shape and _planes_assigned(b, inner, shape)
        if hi - lo != 1:
            return False
        seen.add(lo)
        name = c.args["u"]
    return True


def planewise(x, op: str, y, reverse: bool = False):
    """``x op y`` (``y op x`` with ``reverse``) for :func:`is_planewise` operands: a new array,
    plane ``k`` computed from the planes ``k`` (or the number)."""
    rank = len(x.shape)
    out = new_array(x, tuple(x.shape), x.dtype.name, x._type.order)
    for k in range(x.shape[-1]):
        at = (slice(None),) * (rank - 1) + (slice(k, k + 1),)
        out[at] = x[at]._bin(op, y[at] if traced(y) else y, reverse)
    return out


def broadcast_last(x, op: str, y, reverse: bool = False):
    """``x op y`` (``y op x`` with ``reverse``) for :func:`is_last_axis_broadcast` operands: a
    new array of the array's shape, plane ``k`` computed with ``v[k]``; for :func:`is_planewise`
    ones, :func:`planewise`."""
    if is_planewise(op, x, y):
        return planewise(x, op, y, reverse)
    a, v = (x, y) if len(x.shape) >= 3 else (y, x)
    b = a._b
    rank = len(a.shape)
    out = new_array(a, tuple(a.shape), a.dtype.name, a._type.order)
    for k in range(a.shape[-1]):
        at = (slice(None),) * (rank - 1) + (slice(k, k + 1),)
        plane = a[at]
        elem = type(a)(b, b.call("pick", {"x": v._name, "i": b.const(float(k), INDEX_DTYPE)}))
        px, py = (plane, elem) if a is x else (elem, plane)   # what stands for x and for y
        out[at] = px._bin(op, py, reverse)
    return out
