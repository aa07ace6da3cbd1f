"""Facts of a bound program, computed once: per call its function, output, dtype and domain,
and the graph's producers, readers and closures.  Every pass (legality, search, model) reads
them from :func:`program_info` instead of looking functions up and re-deriving domains.
"""
from __future__ import annotations

import dataclasses
import functools
import weakref

from .. import library
from ..ir import Program
from ..ir.program import Graph


_MISSING = object()   # a key :meth:`ProgramInfo.memo` has not computed yet
SPARSE_PER_ROW = 16   # nonzeros per row assumed where a sparse type has no hint


def per_row(t) -> float:
    """Nonzeros per row assumed for sparse type ``t``: the traced matrix's mean, else its
    hint, else SPARSE_PER_ROW."""
    return t.row_mean or t.per_row or SPARSE_PER_ROW


@dataclasses.dataclass(frozen=True)
class CallFacts:
    """One call: its ``fn`` (:class:`kfuse.library.ElementaryFunction`), its output value's
    name ``out`` and :class:`kfuse.ir.Value` ``out_value``, the output's ``dtype``, its
    ``domain`` (:func:`kfuse.spaces.call_domain`), and the calls it reads from
    (``producers``) and that read it (``readers``)."""

    call: object
    fn: object
    out: str
    out_value: object
    dtype: str
    domain: object
    producers: frozenset
    readers: frozenset


class ProgramInfo:
    """The facts of one bound program (a snapshot: :func:`program_info` rebuilds it when the
    program's calls or values change).  ``calls[cid]``: :class:`CallFacts`; ``graph``: the
    :class:`kfuse.ir.program.Graph`; ``readers``: value -> ids of the calls reading it;
    ``returned``: the base values the program returns."""

    def __init__(self, program: Program, claim):
        self.program = program
        self.graph = Graph(program)
        self.readers = self.graph.readers()
        self.returned = frozenset(program.base(o) for o in program.outputs)
        self._masks = None
        self._memo: dict = {}
        self.calls = [self._call_facts(program, call, claim) for call in program.calls]

    def _call_facts(self, program: Program, call, claim) -> CallFacts:
        """The facts of ``call`` (``claim``: the registry's domain claim of a call)."""
        fn = library.get(call.fn)
        out = call.out
        value = program.value(out)
        return CallFacts(call, fn, out, value, value.type.dtype, claim(program, call, fn),
                         frozenset(self.graph.pred.get(call.id, ())),
                         frozenset(self.graph.succ.get(call.id, ())))

    def fn(self, cid: int):
        """The elementary function call ``cid`` runs."""
        return self.calls[cid].fn

    def domain(self, cid: int):
        """The domain of call ``cid``."""
        return self.calls[cid].domain

    def out(self, cid: int) -> str:
        """The name of call ``cid``'s output value."""
        return self.calls[cid].out

    def dtype(self, cid: int) -> str:
        """The dtype of call ``cid``'s output."""
        return self.calls[cid].dtype

    def memo(self, key: tuple, compute):
        """``compute()``, computed once per ``key`` for this snapshot of the program: the facts
        of a fusion that do not depend on its launch parameters (the search asks a fusion's
        geometry for each of its implementations).  ``key`` names what the answer depends on
        besides the program (the fact's name, the space, the calls in order, the domain)."""
        hit = self._memo.get(key, _MISSING)
        if hit is _MISSING:
            hit = self._memo[key] = compute()
        return hit

    def stored(self, calls) -> frozenset:
        """The values a kernel running ``calls`` stores: its calls' outputs that a call outside
        it reads or the program returns (a value nobody reads is not stored).  The one
        definition fusion, the model, the spaces and code generation share; memoized per
        tuple of calls."""
        def compute():
            members = set(calls)
            return frozenset(v for c in calls for v in self.program.calls[c].outs.values()
                             if v in self.returned or any(r not in members for r in self.readers.get(v, ())))
        return self.memo(("stored", tuple(calls)), compute)

    def closure(self, start, forward: bool = True) -> set:
        """Calls reachable from ``start`` along data dependencies (``forward=False``: calls from
        which ``start`` is reachable); ``start`` itself only if on a cycle through it."""
        nxt = self.graph.succ if forward else self.graph.pred
        seen, stack = set(), list(start)
        while stack:
            c = stack.pop()
            for d in nxt.get(c, ()):
                if d not in seen:
                    seen.add(d)
                    stack.append(d)
        return seen

    def masks(self):
        """(descendants, ancestors) of each call as bit sets, or None where some edge goes
        from a later call to an earlier one."""
        if self._masks is None and self.graph.ordered:
            n = len(self.calls)
            desc, anc = [0] * n, [0] * n
            for c in range(n - 1, -1, -1):
                m = 0
                for d in self.graph.succ.get(c, ()):
                    m |= desc[d] | (1 << d)
                desc[c] = m
            for c in range(n):
                m = 0
                for d in self.graph.pred.get(c, ()):
                    m |= anc[d] | (1 << d)
                anc[c] = m
            self._masks = (desc, anc)
        return self._masks


def snapshot_key(program: Program) -> tuple:
    """What tells a :class:`ProgramInfo` is still the program's, in O(1) (the search asks for
    it at every cost query): the call and value containers and their lengths, the last call
    object (a builder appends calls), and the outputs.  Binding makes a new program; a program
    is not edited in place once built."""
    calls = program.calls
    return (id(calls), len(calls), id(calls[-1]) if calls else 0, id(program.values), len(program.values),
            tuple(program.outputs))


_HELD: dict = {}   # id(program) -> (weak reference to it, its snapshot key, its ProgramInfo)


def cached_info(program: Program, claim, generation: int) -> ProgramInfo:
    """The program's :class:`ProgramInfo`, kept while the program lives and rebuilt when its
    :func:`snapshot_key` or the registry of spaces (its ``generation``) changed."""
    key = (snapshot_key(program), generation)
    held = _HELD.get(id(program))
    if held is not None and held[0]() is program and held[1] == key:
        return held[2]
    info = ProgramInfo(program, claim)
    ident = id(program)
    _HELD[ident] = (weakref.ref(program, functools.partial(_drop, ident)), key, info)
    return info


def _drop(ident: int, ref) -> None:
    """Forget the facts of a program that died (``ref``: its dead weak reference)."""
    held = _HELD.get(ident) if _HELD is not None else None
    if held is not None and held[0] is ref:
        del _HELD[ident]
