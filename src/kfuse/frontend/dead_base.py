"""Arrays assigned whole: an assignment chain whose windows cover every element that anything
reads afterwards starts from a new array, not from the old one.

NumPy programs often overwrite all of an array in pieces: the interior, then each edge
(``u[1:-1, 1:-1] = ...; u[0, :] = 0; u[-1, :] = 0; u[:, 0] = 0; u[:, -1] = 0``) or whole
(``tOut[...] = expr``).  Functionalized, that is ``u1 = assign(u, ...)``, ``u2 = assign(u1, ...)``
and so on: every version keeps the old ``u`` outside its windows, so the kernel would load ``u``
at every point only to replace it.  When the windows cover every point any reader of a version
sees (and every point of a returned version), the old values are never observable: the first
``assign`` takes a ``full`` call instead (a new array, never read before it is written), so no
kernel reads ``u`` for it, and a written argument whose old values nobody else reads can be
stored into in place.  A call left with no reader by this (``r = u.copy()`` before ``r`` is
assigned whole) is dropped.  The ``full`` call's label says why, and plans and the CUDA show it.
"""
from __future__ import annotations

import dataclasses
import itertools

from ..ir import DTYPES, ArrayType, Call, Value
from ..library.builtins import placed
from .reassociate import renumber

MAX_WINDOWS = 24   # windows of one chain checked for coverage (more: the chain is kept as it is)


def drop_dead_bases(b, outputs: list) -> None:
    """Rewrite the assignment chains of ``b`` (a graph builder or a program: its ``calls`` and
    ``values``) in place (module doc); ``outputs``: the value names returned (read whole)."""
    i, olds = 0, []
    while i < len(b.calls):
        c = b.calls[i]
        if c.fn == "assign" and _covered_chain(b, c, set(outputs)):
            olds.append(c.args["u"])
            _start_new(b, i)
        i += 1
    drop_unread(b, outputs, olds)


def _readers(b, value: str) -> list:
    """(call, parameter, region) for each read of ``value``: region the window read (in
    ``value``'s coordinates), None for all of it."""
    views = {n: v.window for n, v in b.values.items() if v.view_of == value}
    out = []
    for c in b.calls:
        for p, a in c.args.items():
            if a == value:
                out.append((c, p, None))
            elif a in views:
                out.append((c, p, views[a]))
    return out


def _covered_chain(b, c, outputs: set) -> bool:
    """Whether every point of ``c``'s old array that is observable through the chain of
    assignments starting at ``c`` lies in one of the chain's windows."""
    old = b.values[c.args["u"]]
    shape = old.type.shape
    if old.type.kind in ("scalar", "sparse") or old.type.dtype not in DTYPES or not shape \
            or any(not isinstance(n, int) for n in shape) or old.view_of or _made_by_full(b, c.args["u"]):
        return False
    whole = tuple((0, n) for n in shape)
    covered, cur = [_window(b, c)], c.out
    while True:
        if len(covered) > MAX_WINDOWS:
            return False
        uses = _readers(b, cur)
        nxt = [u for u in uses if u[0].fn == "assign" and u[1] == "u" and u[2] is None]
        others = [u for u in uses if u not in nxt]
        if len(nxt) > 1 or (cur in outputs and not inside(whole, covered)):
            return False
        if not all(inside(r or whole, covered) for _, _, r in others):
            return False
        if not nxt:
            return True
        covered.append(_window(b, nxt[0][0]))
        cur = nxt[0][0].out


def _window(b, c) -> tuple:
    """The window ``(start, stop)`` per axis that assignment ``c`` replaces (its ``at``; without
    one, the centred window of its new values' shape, as ``assign``'s reference places it)."""
    if c.at is not None:
        return tuple(tuple(w) for w in c.at)
    inner = b.values[c.args["inner"]].type
    return tuple(placed(b.values[c.args["u"]].type.shape, () if inner.kind == "scalar" else inner.shape, None))


def _made_by_full(b, name: str) -> bool:
    """Whether ``name`` is a ``full`` call's result (already a new array)."""
    return any(c.fn == "full" and c.out == name for c in b.calls)


def inside(region: tuple, boxes: list) -> bool:
    """Whether the box ``region`` (one ``(start, stop)`` per axis) lies in the union of
    ``boxes``: each cell of the grid their edges cut ``region`` into lies in one box."""
    if any(lo >= hi for lo, hi in region):
        return True
    cuts = []
    for a, (lo, hi) in enumerate(region):
        edges = {lo, hi} | {e for box in boxes for e in box[a] if lo < e < hi}
        cuts.append(sorted(edges))
    for cell in itertools.product(*[list(zip(e, e[1:])) for e in cuts]):
        if not any(all(blo <= lo and hi <= bhi for (lo, hi), (blo, bhi) in zip(cell, box)) for box in boxes):
            return False
    return True


def _start_new(b, i: int) -> None:
    """Give the assignment ``b.calls[i]`` a new array (a ``full`` call placed before it) in
    place of its old one."""
    c = b.calls[i]
    old = b.values[c.args["u"]]
    t = old.type
    zero = _fresh(b, f"{old.name}.zero")
    b.values[zero] = Value(zero, ArrayType("scalar", t.dtype), "const", const=0.0)
    name = _fresh(b, f"{old.name}.new")
    b.values[name] = Value(name, t, "temp", user_name=f"{old.display}.new")
    shape = tuple(t.shape)
    label = (f"{old.display}.new = full(0, shape=({', '.join(str(n) for n in shape)}))  [every element of "
             f"{old.display} is assigned before it is read: its old values are not loaded]")
    new = Call(i, "full", {"value": zero}, {"z": name}, label=label, loc=c.loc, at=tuple((0, n) for n in shape))
    b.calls[i] = dataclasses.replace(c, args={**c.args, "u": name})
    b.calls.insert(i, new)
    renumber(b)


def _fresh(b, base: str) -> str:
    """``base``, or ``base`` with a number, not yet a value of ``b``."""
    name, k = base, 0
    while name in b.values:
        k += 1
        name = f"{base}{k}"
    return name


def drop_unread(b, outputs: list, olds: list) -> None:
    """Remove the producers of the old arrays ``olds`` that nothing reads or returns any more,
    and then the producers of their operands that this leaves unread, and so on."""
    todo = list(olds)
    while todo:
        name = todo.pop()
        made = [c for c in b.calls if name in c.outs.values()]
        if len(made) != 1 or _read_anywhere(b, made[0], outputs):
            continue
        b.calls.remove(made[0])
        renumber(b)
        todo.extend(b.values[a].view_of or a for a in made[0].args.values())


def _read_anywhere(b, call, outputs: list) -> bool:
    """Whether a result of ``call`` (or a view of one) is read by a call or returned."""
    outs = set(call.outs.values())
    mine = outs | {n for n, v in b.values.items() if v.view_of in outs}
    return bool(mine & set(outputs)) or any(mine & set(c.args.values()) for c in b.calls)
