"""Fusion decisions of a whole program in words (``kfuse explain``, ``Lowered.explain``).

:func:`explain_program` lists, for a bound program, every pair of calls that touch the same
data with :func:`kfuse.fusion.search.explain_fusion`'s answer, then the plan it is given.  It
is pure (no search, no model): the API picks the plan and passes it in.
"""
from __future__ import annotations

from ..errors import KfuseError
from ..ir import Program
from .plan import Plan
from .search import explain_fusion

__all__ = ["explain_program", "related_pairs"]


def explain_program(program: Program, plan: Plan | None = None, calls=None, excluded: dict | None = None) -> str:
    """Fusion decisions of a bound ``program`` in words: for ``calls`` (ids), whether they fuse
    and why not (:func:`explain_fusion`); without them, every pair of calls that touch the same
    data, then ``plan`` (with its predicted time when it has one).  ``excluded`` (call id ->
    reason: the calls ``kfuse stages``' targets keep out of fusion) adds each one's reason to
    the decisions it takes part in, and lists them.  ``kfuse.explain`` and ``Lowered.explain``
    print it."""
    excluded = dict(excluded or {})
    if calls is not None:
        bad = [c for c in calls if not 0 <= c < len(program.calls)]
        if bad:
            raise KfuseError(f"{program.name} has no call {bad[0]} (calls are 0..{len(program.calls) - 1})")
        return _with_exclusions(program, calls, explain_fusion(program, calls), excluded)
    lines = [program.describe(), "", "fusion decisions:"]
    for a, b in related_pairs(program):
        text = _with_exclusions(program, [a, b], explain_fusion(program, [a, b]), excluded)
        lines.append("  " + text.replace("\n", "\n  "))
    if excluded:
        lines += ["", "excluded from fusion targets (each runs alone):"]
        lines += [f"  call {c} ({program.calls[c].label}): {why}" for c, why in sorted(excluded.items())]
    if plan is not None:
        lines += ["", plan.describe(program)]
        if plan.predicted_s is not None:
            lines.append(f"predicted time per call: {plan.predicted_s * 1e6:.1f} us")
    return "\n".join(lines)


def _with_exclusions(program: Program, calls, text: str, excluded: dict) -> str:
    """``text`` (:func:`explain_fusion` of ``calls``) with the reason of each call of two or
    more that is no fusion target: a fusible set becomes not fusible, for that reason."""
    ids = sorted(set(calls))
    why = [f"  - call {c} ({program.calls[c].label}) is not a fusion target: {excluded[c]}"
           for c in ids if c in excluded]
    if len(ids) < 2 or not why:
        return text
    if text.startswith("fusible: "):
        text = "not fusible: " + text[len("fusible: "):].split(" can run in one kernel")[0]
    return text + "\n" + "\n".join(why)


def related_pairs(program: Program) -> list:
    """Sorted (a, b) call ids, a < b, of calls that touch the same data: a producer and a
    consumer, or two readers of one value."""
    related = {(min(src, dst), max(src, dst)) for src, dst, _ in program.edges()}
    readers: dict = {}
    for c in program.calls:
        for v in c.args.values():
            readers.setdefault(program.base(v), set()).add(c.id)
    for ids in readers.values():
        ids = sorted(ids)
        related.update((a, b) for i, a in enumerate(ids) for b in ids[i + 1:])
    return sorted(related)
