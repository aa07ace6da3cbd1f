"""The size of a grid kernel's code: how many evaluations (a call computed at an offset, or an
array loaded at one) its lowering (:class:`kfuse.codegen.grid.lower.GridLowering`) emits for one
point, and the refusal of a fusion whose code would be too large to compile.

The lowering evaluates each (value, offset) once per C block: a value evaluated in an enclosing
block is reused, one evaluated in a sibling block is not.  An ``assign`` or ``interior``
evaluates its window's new values inside a branch (``if (the point is in the window)``), so a
window read at k offsets by a later window evaluates its inputs in k branches, and a chain of
windows multiplies: a shallow-water step fused whole (121 calls, nine window assignments deep)
emits 83,641 evaluations, 333,000 lines that NVRTC compiles in minutes.  The count follows the
lowering's rules and stops at the limit, so it never walks an exponential tree to its end."""
from __future__ import annotations

#: evaluations per point above which a fusion is refused (the largest kernels kfuse builds on
#: purpose emit under a thousand: a fourth-order flux chain, hdiff, 650)
LIMIT = 4096


class _Over(Exception):
    """The count passed the limit."""


def evaluations(program, calls, frame, tiled: frozenset, info, limit: int = LIMIT) -> int:
    """Evaluations the lowering emits per point of the grid kernel of ``calls`` over ``frame``
    (``tiled``: values a halo strategy stages, each evaluated once over its tile and read
    there); ``limit + 1`` once past ``limit``."""
    producer = {program.calls[c].out: program.calls[c] for c in calls}
    count = [0]

    def value_at(chain: list, base: str, d: tuple) -> None:
        key = (base, d)
        if program.value(base).type.kind == "scalar" or any(key in memo for memo in chain):
            return
        count[0] += 1
        if count[0] > limit:
            raise _Over
        call = producer.get(base) if base not in tiled else None
        if call is not None:
            _evaluate(call, chain, d)
        chain[-1].add(key)

    def _evaluate(call, chain: list, d: tuple) -> None:
        reads = {r.param: r for r in frame.reads.get(call.id, ())}
        if info.fn(call.id).name in ("interior", "assign"):
            kept = reads.get("u")
            if kept is not None:
                value_at(chain, kept.base, _add(d, kept.d))
            inner = reads.get("inner")
            if inner is not None:   # a branch: a block of its own
                value_at(chain + [set()], inner.base, _add(d, inner.d))
            return
        for r in reads.values():
            value_at(chain, r.base, _add(d, r.d))

    zero = (0,) * frame.rank
    try:
        for v in sorted(tiled):   # a staged value, over its tile
            if v in producer:
                _evaluate(producer[v], [set()], zero)
        groups: dict = {}
        for c, box in frame.boxes:
            groups.setdefault(box, []).append(c)
        for cids in groups.values():   # one block per box: blocks share loads only
            chain = [set()]
            for c in cids:
                if info.fn(c).is_reduce:
                    _evaluate(program.calls[c], chain, zero)
                else:
                    value_at(chain, program.calls[c].out, zero)
    except _Over:
        return limit + 1
    return count[0]


def size_refusal(program, calls, frame, tiled: frozenset, info) -> str | None:
    """Why the grid kernel of ``calls`` would be too large to build (None: it is not)."""
    n = info.memo(("grid-evaluations", tuple(calls), tiled),
                  lambda: evaluations(program, calls, frame, tiled, info))
    if n <= LIMIT:
        return None
    return (f"its code would evaluate more than {LIMIT:,} calls and loads per point (windows assigned "
            "inside windows evaluate what they read once per branch): NVRTC would take minutes; split "
            "it, or stage the values read at many offsets in shared memory")


def _add(a: tuple, b: tuple) -> tuple:
    return tuple(x + y for x, y in zip(a, b))
