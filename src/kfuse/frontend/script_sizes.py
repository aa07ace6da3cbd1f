"""Stencil scripts before their sizes are bound.

A slice or an offset of ``u(n)`` needs ``n``'s value.  Without sizes the parser runs with a
stand-in value per size (:data:`PROBE` apart, far from any real offset), and the program's shapes
are shown by name again (``n-2``); :meth:`ScriptProgram.bind` parses the script once more with
the real sizes, so every window gets its exact bounds and every range error its position.
"""
from __future__ import annotations

import dataclasses
import re

from ..errors import ShapeError
from ..ir import Program

#: stand-in value of the k-th unbound size is PROBE * k + 7; a dimension within REACH of it is
#: that size plus a constant
PROBE, REACH = 10_000_000, 1_000_000


def unprobe(d, probes: dict):
    """A dimension computed from a stand-in size, by name: ``n``, ``n-2``, ``n+1``."""
    if isinstance(d, str):
        return d
    for s, p in probes.items():
        if abs(int(d) - p) < REACH:
            k = int(d) - p
            return s if k == 0 else f"{s}{k:+d}"
    return d


def _unprobe_text(text, probes: dict):
    """``a[1:10000006]`` -> ``a[1:n-1]`` in names and labels."""
    if not text:
        return text
    return re.sub(r"\d{7,}", lambda m: str(unprobe(int(m.group()), probes)), text)


def _base_symbol(d):
    return re.match(r"[A-Za-z_][A-Za-z_0-9]*", d).group() if isinstance(d, str) else None


def symbolic_program(prog: Program, probes: dict, script: tuple) -> "ScriptProgram":
    """``prog`` (parsed with stand-in sizes ``probes``) with its sizes shown by name again."""
    values = {}
    for n, v in prog.values.items():
        shape = tuple(unprobe(d, probes) for d in v.type.shape)
        window = None if v.window is None else tuple(tuple(unprobe(x, probes) for x in w) for w in v.window)
        values[n] = dataclasses.replace(v, type=dataclasses.replace(v.type, shape=shape), window=window,
                                        user_name=_unprobe_text(v.user_name, probes))
    calls = [dataclasses.replace(c, label=_unprobe_text(c.label, probes)) for c in prog.calls]
    used = [s for s in probes if any(_base_symbol(d) == s for v in values.values() for d in v.type.shape)]
    return ScriptProgram(prog.name, values, prog.inputs, prog.outputs, calls, dict(prog.sizes),
                         script=script, declared=tuple(used))


@dataclasses.dataclass
class ScriptProgram(Program):
    """A stencil script before its sizes are bound: shapes read ``n-2``; :meth:`bind` parses
    the script again with the sizes (a plain Program, bound)."""

    script: tuple = ()      # (parse function, text, dtype, source, sizes given when parsed)
    declared: tuple = ()    # its size names, in first-use order

    def symbols(self) -> list:
        return list(self.declared)

    def bind(self, sizes: dict) -> Program:
        parse, text, dtype, source, given = self.script
        used = {}
        for s in self.declared:
            if s not in sizes:
                raise ShapeError(f"size {s!r} is not bound (give it with --size {s}=N)")
            d = sizes[s]
            if isinstance(d, bool) or not hasattr(d, "__index__") or int(d) < 0:
                raise ShapeError(f"sizes must be non-negative integers (0: an empty axis), got {d!r}")
            used[s] = int(d)
        prog = parse(text, self.name, dtype, source, {**given, **used})
        prog.sizes = {**self.sizes, **used}
        return prog
