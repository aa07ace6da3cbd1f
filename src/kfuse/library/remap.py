"""Remapped reads: ``np.pad`` and ``np.roll`` as an array read at remapped indices, never a copy.

``z = pad_<mode>(u)`` (``roll(u)``) at the call's ``at``, one ``(before, after)`` per axis, is
the array of extent ``n + before + after`` whose element ``i`` is ``u`` at ``R(i - before)``
along each axis, ``R`` the mode's index map of ``[0, n)``:

* ``edge``: ``clamp(k, 0, n - 1)`` (NumPy's ``mode="edge"``);
* ``wrap``: ``k mod n`` (``mode="wrap"``; ``roll`` by ``s`` is the wrap with ``(s, -s)``);
* ``reflect`` / ``symmetric``: the mirror without / with the edge repeated (widths up to the
  extent, as the front end checks);
* ``constant``: ``u`` inside, ``value`` outside.

A grid kernel never stores such a value: the calls reading it read ``u`` through the index map
(:meth:`Remap.index_helper` is the CUDA function it calls, one per call), so windows of a padded
array fuse as ordinary offset reads and the map costs only where the read may leave ``u``.
"""
from __future__ import annotations

import numpy as np

from .base import ElementaryFunction as EF, Param as P

#: mode -> the body of ``int <call>_index(int k, int n)``: ``k`` relative to ``u``'s element 0
#: along one axis, ``n`` the axis's extent; the result always lies in ``[0, n)`` (a load every
#: thread may issue, even at points a kernel evaluates but never uses)
INDEX_BODIES = {
    "edge": ("return min(max(k, 0), n - 1);",),
    "wrap": ("return k < 0 ? k + n : k >= n ? k - n : k;   // k in [-n, 2n): one period off at most",),
    "reflect": ("k = k < 0 ? -k : k >= n ? 2 * n - 2 - k : k;   // mirrored about the edge element",
                "return min(max(k, 0), n - 1);"),
    "symmetric": ("k = k < 0 ? -1 - k : k >= n ? 2 * n - 1 - k : k;   // mirrored, the edge element repeated",
                  "return min(max(k, 0), n - 1);"),
    "constant": ("return min(max(k, 0), n - 1);   // the load stays in u; outside, the value is the constant",),
}
#: mode -> the body of ``int <call>_index_far(int k, int n)`` for any ``k`` (where the map's own
#: body takes a bounded one): a read the kernel cannot bound within a period (a pad wider than
#: ``u``, a staged tile's halo)
FAR_BODIES = {"wrap": ("k %= n;", "return k < 0 ? k + n : k;")}


class Remap(EF):
    """``pad_<mode>(u[, value])`` / ``roll(u)``: ``u`` read at remapped indices (module doc).
    ``mode``: the index map's name (a key of :data:`INDEX_BODIES`).  Its output's type is the
    front end's (the call's ``at`` gives the extents, no operand does); without ``at`` (a
    script's call) the widths are zero: ``u`` itself."""

    mode: str = "edge"


    def index_helper(self, call_name: str, label: str) -> str:
        """The CUDA index map of one call (``<call_name>_index``), commented with its call."""
        out = ""
        for suffix, bodies in (("", INDEX_BODIES), ("_far", FAR_BODIES)):
            if self.mode in bodies:
                body = "\n".join("    " + line for line in bodies[self.mode])
                out += (f"// index map of {label} [{self.name}{', any k' if suffix else ''}]: u's element along "
                        f"one axis for element k - before\n"
                        f"__device__ __forceinline__ int {call_name}_index{suffix}(int k, const int n) {{\n{body}\n}}\n")
        return out


def widths(call, rank: int) -> tuple:
    """The call's ``(before, after)`` per axis (zeros where it has no ``at``)."""
    return tuple(call.at) if call.at is not None else ((0, 0),) * rank


def is_remap(fn) -> bool:
    """Whether ``fn`` is read through (a :class:`Remap`): grid kernels inline it, never store it."""
    return isinstance(fn, Remap)


def remap_indices(mode: str, extent: int, before: int, after: int, n: int) -> np.ndarray:
    """``R(i - before)`` for ``i`` in ``[0, extent)`` (NumPy), the index map of :data:`INDEX_BODIES`."""
    k = np.arange(extent) - before
    if mode == "wrap":
        return np.mod(k, n)
    if mode == "reflect":
        k = np.where(k < 0, -k, np.where(k >= n, 2 * n - 2 - k, k))
    elif mode == "symmetric":
        k = np.where(k < 0, -1 - k, np.where(k >= n, 2 * n - 1 - k, k))
    return np.clip(k, 0, n - 1)


def _reference(mode: str):
    def ref(u, value=0.0, at=None):
        u = np.asarray(u)
        at = at if at is not None else ((0, 0),) * u.ndim
        if mode == "constant":
            out = np.full(tuple(n + lo + hi for n, (lo, hi) in zip(u.shape, at)), value, dtype=u.dtype)
            out[tuple(slice(lo, lo + n) for n, (lo, _) in zip(u.shape, at))] = u
            return {"z": out}
        idx = [remap_indices(mode, n + lo + hi, lo, hi, n) for n, (lo, hi) in zip(u.shape, at)]
        return {"z": u[np.ix_(*idx)] if idx else u.copy()}
    return ref


def _remap(name: str, mode: str, doc: str, value: bool = False) -> Remap:
    params = (P("u", "elem"),) + ((P("value", "scalar"),) if value else ())
    fn = Remap(name, "map", params, (P("z", "elem"),), "z = u;", reference=_reference(mode), doc=doc, flops=0)
    fn.mode = mode
    return fn


REMAPS = [
    _remap("pad_edge", "edge", "z = u padded by its edge values (np.pad mode 'edge'), read through, never stored"),
    _remap("pad_wrap", "wrap", "z = u padded periodically (np.pad mode 'wrap'), read through, never stored"),
    _remap("pad_reflect", "reflect", "z = u padded by its mirror (np.pad mode 'reflect'), read through"),
    _remap("pad_symmetric", "symmetric", "z = u padded by its mirror, edge repeated (np.pad mode 'symmetric'), "
           "read through"),
    _remap("pad_constant", "constant", "z = u padded by value (np.pad mode 'constant'), read through",
           value=True),
    _remap("roll", "wrap", "z = u rolled (np.roll: the wrap with (shift, -shift) per axis), read through"),
]
