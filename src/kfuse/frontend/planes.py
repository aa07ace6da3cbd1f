"""Arrays with a short last axis taken plane by plane: D2Q9's ``F[y, x, i]`` of nine
distributions (issue 31).

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
from .plane_versions import MAX_PLANES  # noqa: F401 (re-exported)
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
    if op not in ("+", "-", "*", "/") or not (traced(x) and traced(y)) or x._drop or y._drop \
            or x._axis or y._axis:
        return False
    for a, v in ((x, y), (y, x)):
        sa, sv = a.shape, v.shape
        if len(sa) >= 3 and len(sv) == 1 and sa[-1] == sv[0] and 1 <= sv[0] <= MAX_PLANES:
            return True
    return False


def broadcast_last(x, op: str, y, reverse: bool = False):
    """``x op y`` (``y op x`` with ``reverse``) for :func:`is_last_axis_broadcast` operands: a
    new array of the array's shape, plane ``k`` computed with ``v[k]``."""
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
