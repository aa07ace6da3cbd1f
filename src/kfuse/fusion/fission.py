"""Kernel fission (Wahib and Maruyama's Algorithm 2), lazily.

A group of calls that cannot launch as it wants (no launch variant fits the shared-memory
budget, or, in the grid space, the values it would stage in shared memory exceed the budget
at every block shape, so it falls back to recomputing them) is split along its field
dependencies: the connected components of its field-dependency graph, where two calls are
linked when one reads (directly or through a window view) an array the other computes.  So
the parts are disjoint and complete, and each array the group computes (staged in shared
memory or recomputed) goes, with every operation on it, to exactly one part: no array
crosses parts, and the parts depend on each other through nothing (they may read the same
inputs).  Where the group is one component, there is no fission (the seed's "no separable
arrays").

The search (:class:`kfuse.fusion.search.Search`, :mod:`kfuse.fusion.local`,
:mod:`kfuse.fusion.gga`) asks :func:`fission` only where a merge meets such a group, and then
also tries the merge as its parts (the seed's lazy fission).  Pure functions over
``(program, calls)``::

    f = fission(program, [0, 1, 2, 3])
    f.parts    # ((0, 2), (1, 3))
    f.reason   # "with its default staging it needs 52,224 B of shared memory (limit 49,152 B) ..."
"""
from __future__ import annotations

import dataclasses

from .. import spaces
from ..ir import Program
from ..spaces import kernel_domain, program_info
from ..spaces import budget
from ..spaces.budget import shared_bytes, smem_refusal, smem_terms

__all__ = ["Fission", "field_parts", "launch_refusal", "fission"]


@dataclasses.dataclass(frozen=True)
class Fission:
    """``group`` (sorted call ids) split into ``parts`` (sorted call tuples, by their first
    call), and why the group needed it."""
    group: tuple
    parts: tuple
    reason: str

    def describe(self, program: Program) -> str:
        """One line per part: ``part 1: [0: t1 = ...; 2: ...]``."""
        return "\n".join(f"part {i + 1}: [" + "; ".join(f"{c}: {program.calls[c].label}" for c in part) + "]"
                         for i, part in enumerate(self.parts))


def field_parts(program: Program, calls) -> tuple:
    """The connected components of the field-dependency graph of ``calls``: a call is linked to
    the calls of the group that read what it computes (through window views too).  Sorted call
    tuples, ordered by their first call."""
    ids = sorted(set(calls))
    parent = {c: c for c in ids}

    def root(c):
        while parent[c] != c:
            parent[c] = parent[parent[c]]
            c = parent[c]
        return c

    made = {v: c for c in ids for v in program.calls[c].outs.values()}
    for c in ids:
        for a in program.calls[c].args.values():
            src = made.get(program.base(a))
            if src is not None and src != c:
                ra, rb = root(src), root(c)
                if ra != rb:
                    parent[max(ra, rb)] = min(ra, rb)
    parts: dict = {}
    for c in ids:
        parts.setdefault(root(c), []).append(c)
    return tuple(sorted(tuple(p) for p in parts.values()))


def launch_refusal(program: Program, calls) -> str | None:
    """Why the group ``calls`` cannot launch as it wants, or None: its space's answer
    (:meth:`kfuse.spaces.Space.launch_refusal`): for every space, no launch variant fits the
    shared-memory budget; for the grid space, also the values it stages by default
    (:func:`kfuse.spaces.grid.halo.shared.default_smem`) exceeding the budget at every block shape
    (only recomputing them fits)."""
    calls = sorted(set(calls))
    dom = kernel_domain(program, calls)
    space = spaces.get(dom.space)
    info = program_info(program)
    default = space.default_params(program, calls, dom, spaces.kernel_dtype(program, calls), info)
    return space.launch_refusal(program, calls, dom, default, lambda: _fitting(program, calls, dom),
                                lambda params: smem_refusal(program, calls, params), info)


def _fitting(program: Program, calls: list, dom) -> list:
    """The launch variants of ``calls`` within the shared-memory budget (as
    :func:`kfuse.fusion.search.impl_variants` gives them, which imports this module)."""
    space, info = spaces.get(dom.space), program_info(program)
    terms = smem_terms(program, calls)
    return [p for p in space.variants(program, calls, dom, spaces.kernel_dtype(program, calls), True, info)
            if shared_bytes(program, calls, p, terms) <= budget.SMEM_STATIC_LIMIT]


def fission(program: Program, calls) -> Fission | None:
    """The fission of the group ``calls`` (see the module), or None where it launches as it
    wants or its field-dependency graph is connected (nothing to split)."""
    group = tuple(sorted(set(calls)))
    if len(group) < 2:
        return None
    parts = field_parts(program, group)
    if len(parts) < 2:
        return None
    why = launch_refusal(program, group)
    if why is None:
        return None
    return Fission(group, parts, f"{why}; split along its field dependencies into {len(parts)} kernels")
