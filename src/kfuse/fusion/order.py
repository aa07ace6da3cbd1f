"""The order kernels run in: a partition of the calls into groups runs as kernels one after
another when its graph of groups has no cycle (convex groups form a DAG)."""
from __future__ import annotations

import heapq

from ..ir import Program

__all__ = ["order_groups", "closes_cycle", "cycle_through"]


def order_groups(program: Program, groups: list, graph=None) -> list:
    """Groups in an order that respects data dependencies (convex groups form a DAG): of the
    groups whose inputs are ready, the one with the first call goes first.  ``graph``: the
    program's :class:`kfuse.ir.program.Graph`, when the caller has it."""
    where = {c: i for i, g in enumerate(groups) for c in g}
    deps = {i: set() for i in range(len(groups))}
    for src, dst, _ in (graph or program.graph()).edges:
        if where[src] != where[dst]:
            deps[where[dst]].add(where[src])
    users: dict = {}
    for i, d in deps.items():
        for j in d:
            users.setdefault(j, []).append(i)
    waiting = {i: len(d) for i, d in deps.items()}
    ready = [(min(groups[i]), i) for i in range(len(groups)) if not waiting[i]]
    heapq.heapify(ready)
    order = []
    while ready:
        _first, i = heapq.heappop(ready)
        order.append(sorted(groups[i]))
        for j in users.get(i, ()):
            waiting[j] -= 1
            if not waiting[j]:
                heapq.heappush(ready, (min(groups[j]), j))
    if len(order) < len(groups):
        raise ValueError("fusions form a cycle")
    return order


def closes_cycle(program, graph, pair: tuple, result: tuple, groups: set) -> bool:
    """Whether replacing the groups ``pair`` of the partition ``groups`` by ``result`` (their
    union, or its fission's parts) leaves kernels that depend on each other both ways.  (A
    group-level path may go back to lower call ids: groups need not be contiguous, so no bound
    by call ids prunes the check.)"""
    try:
        order_groups(program, [list(x) for x in groups - set(pair)] + [list(u) for u in result], graph)
    except ValueError:
        return True
    return False


def cycle_through(graph, group_of: dict, result: tuple) -> bool:
    """Whether, in the partition ``group_of`` (call -> its group) with the groups ``result``
    put in (their calls moved to them), a path of kernels leaves one of ``result`` and comes
    back to it.  Where the partition was acyclic before, that is :func:`closes_cycle`: a new
    cycle passes through a new group.  Walks only the kernels reachable from ``result``."""
    moved = {c: u for u in result for c in u}
    succ = graph.succ
    for u in result:
        seen, stack = {u}, [u]
        while stack:
            g = stack.pop()
            for c in g:
                for d in succ.get(c, ()):
                    h = moved.get(d) or group_of[d]
                    if h == u:
                        if g != u:
                            return True
                    elif h not in seen:
                        seen.add(h)
                        stack.append(h)
    return False
