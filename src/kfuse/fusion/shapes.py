"""Fusions of one shape: the same computation up to the names of its values.

A time loop unrolled into one step (20 steps of a 3-field FDTD: 303 calls) repeats each fusion
the search considers once per step.  Two fusions whose calls run the same functions on values
of the same types, windows and roles, wired alike (which call reads which value, which values
are one array), and whose outputs are needed outside alike, get the same model predictions and
the same launch refusals (a literal's value is no part of a shape: neither the model nor a
launch check reads it, and a loop's steps differ by one, ``ey[0, :] = 0.1 * t``): the search costs one and gives the other its
implementations with the value names in its parameters renamed (:class:`ShapeShare`).  Only
spaces with ``shares_shapes`` take part; their parameters naming values are ``name_params``.
"""
from __future__ import annotations

from .. import spaces
from ..errors import KfuseError
from .plan import KernelPlan

__all__ = ["ShapeShare", "shape_of"]


def shape_of(program, info, group: tuple, needed: frozenset) -> tuple:
    """(key, names): ``key`` equal for fusions of one shape (module docstring), ``names`` the
    values of ``group`` in the order the key numbers them."""
    index: dict = {}
    names: list = []
    values: list = []
    members = set(group)
    produced = {v for c in group for v in program.calls[c].outs.values()}

    def ref(v: str) -> int:
        k = index.get(v)
        if k is None:
            val = program.value(v)
            base = ref(val.view_of) if val.view_of else None
            k = index[v] = len(names)
            names.append(v)
            out = None
            if v in produced:   # stored or not: needed, read outside, read at all, returned
                readers = info.readers.get(v, ())
                out = (v in needed, any(r not in members for r in readers), bool(readers), v in info.returned)
            values.append((val.type, val.role, val.const is not None, val.host, val.copy_of is not None, val.window,
                           base, out))
        return k

    calls = []
    for c in group:
        call = program.calls[c]
        calls.append((call.fn, tuple((p, ref(v)) for p, v in call.args.items()),
                      tuple((p, ref(v)) for p, v in call.outs.items()), call.at))
    return (tuple(calls), tuple(values)), names


class ShapeShare:
    """What the search learnt of each shape of fusion: an implementation per shape, with the
    values its ``name_params`` name as numbers of the shape (:func:`shape_of`)."""

    def __init__(self, program, analysis):
        self.program = program
        self.analysis = analysis
        self.info = analysis.info
        self.known: dict = {}     # (shape key, wide) -> (best, lean) in shape numbers
        self.given: set = set()      # (group, needed) given an implementation by shape (not costed)
        self.unshared: set = set()   # groups a shared implementation was refused for

    def space_of(self, group: tuple):
        """The space of ``group``'s kernel where it shares by shape, else None."""
        if group in self.unshared:
            return None
        space = spaces.get(self.analysis.kernel_domain(group).space)
        return space if space.shares_shapes else None

    def shape(self, group: tuple, needed: frozenset):
        """(key, names, needed) of ``group`` where it shares by shape, else None."""
        if self.space_of(group) is None:
            return None
        return shape_of(self.program, self.info, group, needed) + (needed,)

    def lookup(self, shape, wide: bool, group: tuple):
        """((cost, params), lean or None) known for ``shape``, named for ``group``, or None."""
        got = self.known.get((shape[0], wide))
        if got is None:
            return None
        space = self.space_of(group)
        best, lean = got
        self.given.add((group, shape[2]))
        return (best[0], self._named(best[1], shape[1], space)), (
            None if lean is None else (lean[0], self._named(lean[1], shape[1], space)))

    def launches(self, group: tuple, needed: frozenset, params: dict) -> bool:
        """Whether ``params``, given ``group`` by shape, pass its space's launch checks (the
        search's last word before a plan: a shape that missed a difference is never planned);
        where not, ``group`` is costed on its own from now on."""
        if (group, needed) not in self.given:
            return True
        space = self.space_of(group)
        try:
            space.validate(self.program, KernelPlan("k", list(group), space.name, dict(params)),
                           self.analysis.kernel_domain(group), self.info)
        except KfuseError:
            self.unshared.add(group)
            return False
        self.given.discard((group, needed))
        return True

    def learn(self, shape, wide: bool, group: tuple, best: tuple, lean) -> None:
        """Remember ``group``'s best (cost, params) and lean implementation for its shape."""
        space = self.space_of(group)
        index = {v: k for k, v in enumerate(shape[1])}
        numbered = [None if x is None else (x[0], self._numbered(x[1], index, space)) for x in (best, lean)]
        if all(x is None or x[1] is not None for x in numbered):
            self.known[shape[0], wide] = tuple(numbered)

    @staticmethod
    def _numbered(params: dict, index: dict, space) -> dict | None:
        out = dict(params)
        for p in space.name_params:
            if p in out:
                names = str(out[p]).split()
                if any(n not in index for n in names):
                    return None
                out[p] = tuple(index[n] for n in names)
        return out

    @staticmethod
    def _named(params: dict, names: list, space) -> dict:
        out = dict(params)
        for p in space.name_params:
            if p in out:
                out[p] = " ".join(names[k] for k in out[p])
        return out
