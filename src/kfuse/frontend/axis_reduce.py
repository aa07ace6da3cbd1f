"""A reduction over one short axis: ``np.sum(F, 2)`` of ``F[y, x, i]`` with ``i`` of a few
static values (D2Q9's nine distributions).

kfuse keeps every array's shape static and its kernels elementwise over one grid, so such a
sum is not a reduction kernel: it is the unrolled sum of the axis's planes, ``F[:, :, 0] +
F[:, :, 1] + ...``, an integer-indexed plane (the axis dropped, as NumPy's result has it)
computed at every point by the grid kernel that uses it.  Like ``F[:, :, k]`` it combines with
numbers and planes of the same shape and is assigned into windows (``Feq[:, :, i] = rho * w``).

Summation order, NumPy's (so float results agree bitwise with NumPy on C- and F-order
arrays): along the axis fastest in memory (the last of a C-order array, the first of an
F-order one) NumPy's pairwise sum: below 8 planes one after another, from 8 up eight partial
sums ``r[j] = p[j] + p[j + 8] + ...``, combined as ``((r0 + r1) + (r2 + r3)) + ((r4 + r5) +
(r6 + r7))``, then the remaining planes; along any other axis, one plane after another.
``max``/``min`` (NaN propagates, as NumPy's) and ``mean`` (the sum divided by the length) too.
"""
from __future__ import annotations

import numbers

from .site import refusal

#: the longest axis a reduction unrolls (longer ones are refused)
MAX_PLANES = 32


def reduce_axis(x, fn: str, name: str, axis):
    """``fn`` ("sum", "max", "min" or "mean") of traced ``x`` over ``axis`` (an int), as above;
    one UnsupportedError naming ``name`` for an axis kfuse does not unroll."""
    if x._drop or x._axis:
        raise refusal(name, f"axis={axis!r} of an integer-indexed plane or a vector with a new axis",
                      "index the array once and reduce it", ())
    shape = tuple(x.shape)
    if isinstance(axis, bool) or not isinstance(axis, numbers.Integral) or not -len(shape) <= axis < len(shape):
        raise refusal(name, f"axis={axis!r}: one axis of the array's {len(shape)} is taken (an int)",
                      f"{name.replace('numpy', 'np')}(x, k) with 0 <= k < {len(shape)}", ())
    axis = int(axis) % len(shape)
    n = shape[axis]
    if len(shape) < 2 or not 1 <= n <= MAX_PLANES:
        raise refusal(name, f"axis={axis} of length {n}: kfuse unrolls a reduction over an axis of 1 to "
                      f"{MAX_PLANES} elements of an array of 2 or more axes",
                      f"{name.replace('numpy', 'np')}(x) over the whole array, or sums of slices", ())
    planes = [x[(slice(None),) * axis + (slice(k, k + 1),)] for k in range(n)]
    if fn in ("max", "min"):   # NumPy's maximum / minimum (NaN propagates)
        acc = planes[0]
        for p in planes[1:]:
            acc = type(x)(x._b, x._b.call("maximum" if fn == "max" else "minimum",
                                          {"x": acc.operand_of(acc), "y": p.operand_of(p)}))
    else:
        fastest = axis == (len(shape) - 1 if x._type.order == "C" else 0)
        acc = _pairwise(planes) if fastest else _sequential(planes)
        if fn == "mean":
            acc = acc / float(n)
    if n == 1 and fn != "mean":
        acc = acc.copy()
    return type(x)(x._b, acc._name, (axis,))


def _sequential(ps: list):
    acc = ps[0]
    for p in ps[1:]:
        acc = acc + p
    return acc


def _pairwise(ps: list):
    """NumPy's pairwise sum of up to 128 terms (``pairwise_sum`` in its loops)."""
    n = len(ps)
    if n < 8:
        return _sequential(ps)
    r = list(ps[:8])
    i = 8
    while i < n - n % 8:
        r = [r[j] + ps[i + j] for j in range(8)]
        i += 8
    acc = ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]))
    for p in ps[i:]:
        acc = acc + p
    return acc
