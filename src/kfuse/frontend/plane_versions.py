"""The versions of an array assigned plane by plane (D2Q9's ``F[:, :, i] = ...``), seen
through: what a read of one plane stands for.

An assignment into a plane of a short last axis makes a new version of the whole array
(:mod:`.assign`).  Read back plane by plane, each version would be evaluated through the
whole chain of assignments before it, at every point a kernel reads it.  A plane of a version
is known while tracing, so a read of it is forwarded to what decides it:

* the value assigned into that very plane (``F[:, :, i] = r; F[:, :, i]`` reads ``r``);
* for another plane, the version before the assignment (planes are disjoint), and so on
  down the chain;
* within an assignment of a larger window (``F += x`` assigns all of ``F``), the matching
  window of the assigned value.

Only the operand a call reads changes: the Tensor keeps its view, so a view taken before a
later assignment into its array is still refused where it is used (:func:`.assign.check_operand`).
Assigning a plane twice (``F[:, :, i] = roll(...)`` along x, then along y) replaces the first
assignment, whose version nothing reads then.
"""
from __future__ import annotations

import weakref

#: the longest last axis taken plane by plane (a vector broadcast along it, a plane's versions)
MAX_PLANES = 32

#: builder -> [calls indexed so far, {output value name: call}]
_PRODUCERS: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()
#: builder -> {window view name: the value it is forwarded to}
_FORWARDED: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()
#: builder -> calls before this index are not looked through (a folding loop's step start)
_FENCE: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()
#: builder -> values a rewrite may have left unread: versions a second assignment of the same
#: plane replaced, rolls a second roll was composed with
_REPLACED: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()


def producer(b, name: str):
    """The call of builder ``b`` whose output is value ``name`` (None for inputs, literals and
    values made before the :func:`fence`)."""
    c, i = _made(b, name)
    return c if c is not None and i >= _FENCE.get(b, 0) else None


def settled(b, name: str) -> bool:
    """Whether value ``name`` of builder ``b`` is an input or was made before the :func:`fence`
    (a folding loop's state at the step's start: read as the inputs are)."""
    c, i = _made(b, name)
    return name in b.inputs or (c is not None and i < _FENCE.get(b, 0))


def _made(b, name: str) -> tuple:
    """(the call of builder ``b`` that made value ``name``, its index), or (None, None)."""
    seen = _PRODUCERS.setdefault(b, [0, {}])
    for i, c in enumerate(b.calls[seen[0]:], start=seen[0]):
        for out in c.outs.values():
            seen[1][out] = (c, i)
    seen[0] = len(b.calls)
    return seen[1].get(name, (None, None))


def fence(b) -> None:
    """Look through no call builder ``b`` has made so far: a folding loop's step reads its state
    as the array it is, as every step does (step 0 reads the arguments), not through the
    previous step's assignments."""
    _FENCE[b] = len(b.calls)


def is_plane(bounds: tuple, shape: tuple) -> bool:
    """Whether window ``bounds`` of an array of ``shape`` (3 or more axes) is one plane of its
    last axis (2 to :data:`MAX_PLANES` long), whole along the others."""
    if len(shape) < 3 or len(bounds) != len(shape):
        return False
    (lo, hi), n = bounds[-1], shape[-1]
    return 2 <= n <= MAX_PLANES and hi - lo == 1 and \
        all(b == (0, m) for b, m in zip(bounds[:-1], shape[:-1]))


def _disjoint(a: tuple, b: tuple) -> bool:
    return any(ahi <= blo or bhi <= alo for (alo, ahi), (blo, bhi) in zip(a, b))


def _covers(a: tuple, b: tuple) -> bool:
    return all(alo <= blo and bhi <= ahi for (alo, ahi), (blo, bhi) in zip(a, b))


def forwarded(b, name: str) -> str:
    """What value ``name`` of builder ``b`` stands for as an operand: for a view of one plane
    of an array made by assignments, the value that decides it (module docstring); else
    ``name``."""
    memo = _FORWARDED.setdefault(b, {})
    if name not in memo:
        memo[name] = _forward(b, name)
        if memo[name] != name:   # the version read through may be left unread (F * c's new array)
            may_be_unread(b, b.values[name].view_of)
    return memo[name]


def _forward(b, name: str) -> str:
    v = b.values[name]
    if v.view_of is None or v.window is None:
        return name
    base, bounds = v.view_of, tuple(v.window)
    if not is_plane(bounds, tuple(b.values[base].type.shape)):
        return name
    shape = tuple(hi - lo for lo, hi in bounds)
    cur = base
    while True:
        c = producer(b, cur)
        if c is None or c.fn != "assign" or c.at is None:
            break
        at, inner = tuple(c.at), c.args["inner"]
        if _disjoint(at, bounds):
            cur = c.args["u"]
            continue
        if _covers(at, bounds) and tuple(b.values[inner].type.shape) == tuple(hi - lo for lo, hi in at):
            sub = tuple((lo - alo, hi - alo) for (lo, hi), (alo, _) in zip(bounds, at))
            out = b.window(inner, sub)
            return forwarded(b, out) if tuple(b.values[out].type.shape) == shape else name
        break
    return name if cur == base else b.window(cur, bounds)


def replaced_assignment(b, name: str, at: tuple) -> str:
    """The array an assignment of plane ``at`` into value ``name`` starts from: ``name``, or,
    where ``name`` is itself that plane's assignment, the version before it (the first
    assignment is replaced)."""
    c = producer(b, name)
    if c is not None and c.fn == "assign" and c.at is not None and tuple(c.at) == tuple(at) \
            and is_plane(tuple(at), tuple(b.values[name].type.shape)):
        may_be_unread(b, name)
        return c.args["u"]
    return name


def may_be_unread(b, name: str) -> None:
    """Note value ``name`` of builder ``b`` as one a rewrite may have left unread
    (:func:`drop_replaced` removes its call if nothing reads it when the trace ends)."""
    _REPLACED.setdefault(b, []).append(name)


def drop_replaced(b, outputs: list) -> None:
    """Remove the calls of the values :func:`may_be_unread` noted (the assignments
    :func:`replaced_assignment` replaced, rolls composed into another) where nothing reads
    them, and what only they read (``outputs``: the values returned)."""
    from .dead_base import drop_unread
    replaced = _REPLACED.pop(b, [])
    if replaced:
        drop_unread(b, outputs, replaced)
