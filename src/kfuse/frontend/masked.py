"""Boolean-mask indexing with static shapes: Mocz's D2Q9 bounce-back::

    bndryF = F[cylinder, :]                            # the distributions inside the cylinder
    bndryF = bndryF[:, [0, 5, 6, 7, 8, 1, 2, 3, 4]]    # reflected
    ...
    F[cylinder, :] = bndryF                            # put back after the collision

``F[mask, ...]`` has as many rows as ``mask`` has true elements: a shape that depends on the
data, so it cannot be an array of the trace.  It is a :class:`Masked` value instead: ``F``'s
values at the read (a copy per plane of the axes after the mask's, as NumPy's advanced
indexing copies) and the mask.  A permutation of its last axis by a static list, ``+ - * /``
with numbers and negation keep it masked (computed at every point, used only where the mask
is true).  Assigning it back with the same mask, ``F[mask, :] = masked``, is ``F = where(mask,
masked, F)`` plane by plane (``select(x, y, m)``), computed at every point.  A number assigned
with a mask (``F[mask] = 0.0``) fills where the mask is true.  Any other use of a masked value
(a reduction, another mask, a NumPy function, returning it, its shape) is one kfuse error
naming the line and this pattern.

The mask is a bool array argument of the shape of ``F``'s leading axes.  When ``F`` has one
more axis (the nine distributions), the mask is read by kernels over ``F``'s grid as the grid
``mask[..., None]``: its type in the program gains a trailing axis of length 1 (the same
memory), and a call takes the caller's array of the mask's own shape for it.
"""
from __future__ import annotations

import dataclasses
import numbers

from ..errors import KfuseError, ShapeError
from ..ir import DENSE_KIND, ArrayType
from .site import user_site

PATTERN = ("kfuse takes a boolean mask as v = F[mask, :] (then v[:, [static list]], + - * / with numbers), "
           "assigned back with the same mask: F[mask, :] = v, or F[mask] = number")


def refuse(what: str) -> KfuseError:
    """The one error for an unsupported use of a mask or a masked value."""
    return KfuseError(f"{user_site()}: {what}: a boolean-mask read has a shape that depends on the data; "
                      f"{PATTERN}")


def is_mask_key(t, key) -> bool:
    """Whether index ``key`` of traced ``t`` starts with a traced bool array (a mask)."""
    keys = key if isinstance(key, tuple) else (key,)
    k = keys[0] if keys else None
    return getattr(k, "kfuse_traced", False) and k._b is t._b and k._type.dtype == "bool"


@dataclasses.dataclass
class Masked:
    """``F[mask, ...]``: the values of ``F`` at the read as keep-dims traced values (``planes``:
    one per index of the last axis where the mask covers all of ``F``'s axes but the last,
    else ``F`` itself) and the mask's value; ``of_shape``: ``F``'s."""

    mask: str
    planes: list
    of_shape: tuple      # F's shape (its own is NumPy's (count, ...), known only from the data)
    by_plane: bool

    kfuse_masked = True

    def __getitem__(self, key):
        keys = key if isinstance(key, tuple) else (key,)
        if not self.by_plane or len(keys) != 2 or keys[0] != slice(None) or not isinstance(keys[1], (list, tuple)):
            raise refuse(f"masked value[{_text(key)}]")
        perm, n = keys[1], len(self.planes)
        if any(isinstance(i, bool) or not isinstance(i, numbers.Integral) or not -n <= i < n for i in perm):
            raise ShapeError(f"{user_site()}: masked value[:, {list(perm)}]: the indices must be ints in "
                             f"[-{n}, {n})")
        return Masked(self.mask, [self.planes[int(i) % n] for i in perm], self.of_shape[:-1] + (len(perm),), True)

    def _map(self, fn) -> "Masked":
        return Masked(self.mask, [fn(p) for p in self.planes], self.of_shape, self.by_plane)

    def _number(self, other, op: str):
        if isinstance(other, bool) or not isinstance(other, numbers.Number):
            raise refuse(f"masked value {op} {type(other).__name__}")
        return other

    def __add__(self, o): return self._map(lambda p: p + self._number(o, "+"))
    def __radd__(self, o): return self._map(lambda p: self._number(o, "+") + p)
    def __sub__(self, o): return self._map(lambda p: p - self._number(o, "-"))
    def __rsub__(self, o): return self._map(lambda p: self._number(o, "-") - p)
    def __mul__(self, o): return self._map(lambda p: p * self._number(o, "*"))
    def __rmul__(self, o): return self._map(lambda p: self._number(o, "*") * p)
    def __truediv__(self, o): return self._map(lambda p: p / self._number(o, "/"))
    def __rtruediv__(self, o): return self._map(lambda p: self._number(o, "/") / p)
    def __neg__(self): return self._map(lambda p: -p)

    def __array_ufunc__(self, ufunc, method, *inputs, **kwargs):
        raise refuse(f"numpy.{ufunc.__name__} of a masked value")

    def __array_function__(self, func, types, args, kwargs):
        raise refuse(f"numpy.{getattr(func, '__name__', func)} of a masked value")

    def __getattr__(self, name):
        if name.startswith("_"):
            raise AttributeError(name)
        raise refuse(f"masked value.{name}")

    def __iter__(self):
        raise refuse("iterating over a masked value")

    def __len__(self):
        raise refuse("len() of a masked value")

    def __bool__(self):
        raise refuse("the truth of a masked value")


def _text(key) -> str:
    keys = key if isinstance(key, tuple) else (key,)
    return ", ".join(":" if k == slice(None) else "..." if k is Ellipsis else repr(k) for k in keys)


def read(t, key) -> Masked:
    """``t[mask, :]`` / ``t[mask]`` / ``t[mask, ...]``: the :class:`Masked` value (copies of
    ``t``'s planes at the read: NumPy's advanced indexing copies)."""
    mask, by_plane = _mask_of(t, key)
    b, T = t._b, type(t)
    if not by_plane:
        return Masked(mask, [T(b, b.call("copy", {"x": t.operand_of(t)}))], tuple(t.shape), False)
    rank = len(t.shape)
    planes = [_kept(t, t.operand_of(t[(slice(None),) * (rank - 1) + (slice(k, k + 1),)]))
              for k in range(t.shape[-1])]
    return Masked(mask, planes, tuple(t.shape), True)


def _kept(t, x: str):
    """The value ``x`` (a plane of ``t``) as a masked read keeps it: a copy of a view (later
    assignments into its array must not show), the value itself where a plane assigned whole
    was seen through to it (kfuse.frontend.plane_versions: no assignment changes it)."""
    b = t._b
    return type(t)(b, x if b.values[x].view_of is None else b.call("copy", {"x": x}))


def write(t, key, value) -> None:
    """``t[mask, :] = value``: ``value`` a :class:`Masked` of the same mask and shape, or a
    number: plane by plane ``t = select(value, t, mask)``."""
    mask, by_plane = _mask_of(t, key)
    b, T = t._b, type(t)
    shown = f"{b.values[t._name].display}[{b.values[mask].display}, ...]"
    n = t.shape[-1] if by_plane else 1
    if isinstance(value, Masked):
        if value.mask != mask or tuple(value.of_shape) != tuple(t.shape) or value.by_plane != by_plane:
            raise refuse(f"{shown} = a masked value of {value.of_shape} read with mask "
                         f"{b.values[value.mask].display}: the mask and the shape must be the same")
        sources = [p._name for p in value.planes]
    elif isinstance(value, numbers.Real) and not isinstance(value, bool):
        sources = [b.const(float(value))] * n
    else:
        raise refuse(f"{shown} = a {type(value).__name__}")
    rank = len(t.shape)
    for k, src in enumerate(sources):
        at = (slice(None),) * (rank - 1) + (slice(k, k + 1),) if by_plane else (Ellipsis,)
        new = T(b, b.call("select", {"x": src, "y": t.operand_of(t[at]), "m": mask}))
        t[at] = new


def _mask_of(t, key) -> tuple:
    """(the mask's value name, whether ``t`` has one axis more than the mask: then it is
    retyped to ``t``'s grid ``mask[..., None]`` on first use) of index ``key`` of ``t``; one
    kfuse error for any other index or mask."""
    keys = key if isinstance(key, tuple) else (key,)
    mask, rest = keys[0], keys[1:]
    b = t._b
    v = b.values[mask._name]
    shown = f"{b.values[t._name].display}[{v.display}, ...]"
    if t._drop or t._axis or any(not (k is Ellipsis or k == slice(None)) for k in rest) \
            or sum(k is Ellipsis for k in rest) > 1:
        raise refuse(f"{shown} with an index other than : after the mask")
    if v.role != "input":
        raise refuse(f"{shown}: the mask is no bool array argument")
    shape, mshape = tuple(t.shape), tuple(v.type.shape)
    if mshape == shape and not any(k == slice(None) for k in rest):
        return mask._name, False
    if mshape == shape[:-1] + (1,):
        return mask._name, True                                   # retyped by an earlier use
    if len(shape) != len(mshape) + 1 or mshape != shape[:-1] or len(rest) > 1:
        raise ShapeError(f"{user_site()}: {shown}: a mask of shape {mshape} for an array of shape {shape}; "
                         "kfuse takes a mask of the array's shape (F[mask]) or of all its axes but the "
                         "last (F[mask, :])")
    if any(mask._name in c.args.values() for c in b.calls):
        raise refuse(f"{shown}: the mask is used with arrays of another shape too")
    grid = mshape + (1,)
    b.values[mask._name].type = ArrayType(DENSE_KIND[len(grid)], "bool", grid, v.type.order if len(mshape) > 1 else "C")
    return mask._name, True
