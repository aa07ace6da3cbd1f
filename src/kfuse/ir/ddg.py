"""The seed's data-dependency graph (DDG) and order-of-execution graph (OEG), as DOT and JSON.

Algorithm 1 of Wahib and Maruyama (HPDC'15): one node per call *invocation*, tagged with its
order, and one node per array *version*; edges array -> call (a read) and call -> array (a
write).  An array written when it already has a node gets a new version (``x@1``), so the
graph stays acyclic whatever memory the calls share.

Arrays are memory, not SSA values: a view (a transpose, a window such as ``u[1:-1, 2:]``)
is its base, and ``buffers`` (value -> the array it is stored in) places values in other
values' memory, as ``out=`` does when a step writes into the buffer an earlier step read (a
ping-pong time loop) or an in-place update.  A read through a window is labelled with the
offsets it reads the base at (the window's starts, ``Value.window``).

The OEG has the calls only, with the precedences that must not be violated: read after
write (a call reads a version another wrote), write after read (a call overwrites an array
version another call reads) and write after write, each naming the array.

Repairs are reported as lines (:attr:`DDG.repairs`): a read/write cycle between arrays and
calls (A reads X and writes Y, B writes X and reads Y) is broken by precedence to the call
launched first, through a new version; an array written by several calls gets one instance
(version) per write.  Both graphs round-trip through JSON (:meth:`DDG.from_json`,
:meth:`OEG.from_json`).
"""
from __future__ import annotations

import dataclasses

from .. import files
from ..errors import KfuseError
from .program import Program

DDG_VERSION = OEG_VERSION = 1


@dataclasses.dataclass(frozen=True)
class CallNode:
    """One call invocation: its id, function, source text, launch order, and whether it is a
    fusion target (``eligible``; ``reason`` says why not)."""

    id: int
    fn: str
    label: str
    order: int
    eligible: bool = True
    reason: str | None = None

    def to_json(self) -> dict:
        d = {"id": self.id, "fn": self.fn, "label": self.label, "order": self.order}
        if not self.eligible:
            d.update(eligible=False, reason=self.reason)
        return d

    @staticmethod
    def from_json(d: dict) -> "CallNode":
        return CallNode(int(d["id"]), d["fn"], d.get("label", ""), int(d["order"]),
                        bool(d.get("eligible", True)), d.get("reason"))


@dataclasses.dataclass(frozen=True)
class ArrayNode:
    """One version of an array (a base value's memory): ``x@0`` as first read or written."""

    array: str
    version: int
    role: str
    label: str

    @property
    def id(self) -> str:
        return f"{self.array}@{self.version}"


@dataclasses.dataclass(frozen=True)
class Access:
    """A DDG edge: ``kind`` ``read`` (array version -> call) or ``write`` (call -> version),
    through the call's parameter ``param``; ``offsets`` where a read goes through a window."""

    kind: str
    call: int
    array: str
    param: str
    offsets: tuple | None = None

    def to_json(self) -> dict:
        src, dst = (self.array, f"call:{self.call}") if self.kind == "read" else (f"call:{self.call}", self.array)
        d = {"from": src, "to": dst, "kind": self.kind, "param": self.param}
        if self.offsets is not None:
            d["offsets"] = list(self.offsets)
        return d

    @staticmethod
    def from_json(d: dict) -> "Access":
        kind = d["kind"]
        call, array = (d["to"], d["from"]) if kind == "read" else (d["from"], d["to"])
        offs = d.get("offsets")
        return Access(kind, int(call.split(":", 1)[1]), array, d["param"],
                      tuple(offs) if offs is not None else None)


@dataclasses.dataclass(frozen=True)
class Precedence:
    """An OEG edge: call ``src`` must run before call ``dst``; ``deps`` ((kind, array
    version), ...) with kind ``raw``, ``war`` or ``waw``."""

    src: int
    dst: int
    deps: tuple

    def to_json(self) -> dict:
        return {"from": self.src, "to": self.dst, "deps": [{"kind": k, "array": a} for k, a in self.deps]}

    @staticmethod
    def from_json(d: dict) -> "Precedence":
        return Precedence(int(d["from"]), int(d["to"]), tuple((x["kind"], x["array"]) for x in d["deps"]))


@dataclasses.dataclass(frozen=True)
class DDG:
    """The data-dependency graph of a program (see the module docstring)."""

    program: str
    calls: tuple
    arrays: tuple
    accesses: tuple
    repairs: tuple = ()

    def to_json(self) -> dict:
        return {"kfuse_ddg": DDG_VERSION, "program": self.program,
                "calls": [c.to_json() for c in self.calls],
                "arrays": [{"id": a.id, "array": a.array, "version": a.version, "role": a.role,
                            "label": a.label} for a in self.arrays],
                "edges": [e.to_json() for e in self.accesses], "repairs": list(self.repairs)}

    @staticmethod
    def from_json(d) -> "DDG":
        d = _load(d, "kfuse_ddg", DDG_VERSION, "DDG")
        arrays = tuple(ArrayNode(a["array"], int(a["version"]), a["role"], a.get("label", a["array"]))
                       for a in d["arrays"])
        return DDG(d["program"], tuple(CallNode.from_json(c) for c in d["calls"]), arrays,
                   tuple(Access.from_json(e) for e in d["edges"]), tuple(d.get("repairs", ())))

    def to_dot(self) -> str:
        """Graphviz DOT: array versions as ellipses (inputs filled), calls as boxes tagged with
        their order (ineligible ones dashed), reads labelled with the parameter and offsets."""
        lines = [f'digraph "{_esc(self.program)} DDG" {{', "  rankdir=TB;", '  node [fontname="Helvetica"];']
        for a in self.arrays:
            style = ',style=filled,fillcolor="#dbe9f6"' if a.role == "input" and a.version == 0 else ""
            shown = a.id if a.label == a.array else f"{a.id}\\n({a.label})"
            lines.append(f'  "{_esc(a.id)}" [label="{_esc(shown)}"{style}];')
        for c in self.calls:
            lines.append(f'  "call:{c.id}" [{_call_style(c)},label="#{c.order} {c.id}: {c.fn}\\n{_esc(c.label)}"];')
        for e in self.accesses:
            label = e.param + (f" {list(e.offsets)}" if e.offsets is not None else "")
            if e.kind == "read":
                lines.append(f'  "{_esc(e.array)}" -> "call:{e.call}" [label="{_esc(label)}"];')
            else:
                lines.append(f'  "call:{e.call}" -> "{_esc(e.array)}";')
        for r in self.repairs:
            lines.append(f"  // repair: {r}")
        return "\n".join(lines + ["}"]) + "\n"


@dataclasses.dataclass(frozen=True)
class OEG:
    """The order-of-execution graph: calls and the precedences between them."""

    program: str
    calls: tuple
    edges: tuple

    def to_json(self) -> dict:
        return {"kfuse_oeg": OEG_VERSION, "program": self.program,
                "calls": [c.to_json() for c in self.calls], "edges": [e.to_json() for e in self.edges]}

    @staticmethod
    def from_json(d) -> "OEG":
        d = _load(d, "kfuse_oeg", OEG_VERSION, "OEG")
        return OEG(d["program"], tuple(CallNode.from_json(c) for c in d["calls"]),
                   tuple(Precedence.from_json(e) for e in d["edges"]))

    def to_dot(self, clusters=None, note: str = "") -> str:
        """Graphviz DOT of the calls and precedences; ``clusters`` ((name, call ids), ...) draws
        one ``subgraph cluster_k<N>`` per kernel (the new OEG: move a ``"call:N";`` line to
        another cluster, or into a new one, to fuse differently); ``note`` is a comment."""
        lines = [f'digraph "{_esc(self.program)} OEG" {{', "  rankdir=TB;", '  node [fontname="Helvetica"];']
        if note:
            lines.append(f"  // {note}")
        node = {c.id: f'"call:{c.id}" [{_call_style(c)},label="{c.id}: {c.fn}\\n{_esc(c.label)}"];'
                for c in self.calls}
        placed = set()
        for i, (name, ids) in enumerate(clusters or ()):
            lines.append(f"  subgraph cluster_k{i} {{")
            lines.append(f'    label="{_esc(name)}"; style="dotted"; color="red";')
            lines += [f"    {node[c]}" for c in ids]
            lines.append("  }")
            placed.update(ids)
        lines += [f"  {node[c.id]}" for c in self.calls if c.id not in placed]
        for e in self.edges:
            label = ", ".join(f"{k} {a}" for k, a in e.deps)
            lines.append(f'  "call:{e.src}" -> "call:{e.dst}" [label="{_esc(label)}"];')
        return "\n".join(lines + ["}"]) + "\n"

    def order(self) -> list:
        """Call ids in launch order."""
        return [c.id for c in sorted(self.calls, key=lambda c: c.order)]


def _call_style(c: CallNode) -> str:
    if c.eligible:
        return 'shape=box,style="rounded,filled",fillcolor="#fde9c9"'
    return f'shape=box,style="rounded,dashed",color="gray40",tooltip="{_esc(c.reason or "")}"'


def _esc(s: str) -> str:
    return str(s).replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")


def _load(d, key: str, version: int, what: str) -> dict:
    if isinstance(d, (str, bytes)):
        d = files.loads(d, f"the {what}")
    if not isinstance(d, dict) or d.get(key) != version:
        raise KfuseError(f"not a kfuse {what} JSON (missing or wrong {key!r} version)")
    return d


# --------------------------------------------------------------------- construction
def offsets_of(program: Program, value: str) -> tuple | None:
    """The offsets a read of ``value`` reads its base at: the starts of its window (``u[1:-1,
    2:]`` -> (1, 2)); None for a value that is not a window view."""
    window = getattr(program.value(value), "window", None)
    return tuple(int(lo) for lo, _hi in window) if window else None


def build(program: Program, buffers: dict | None = None, excluded: dict | None = None) -> tuple:
    """(DDG, OEG) of ``program`` (Algorithm 1).  ``buffers``: value name -> the name of the
    array it is stored in (default: each value its own, views their base's); ``excluded``: call
    id -> why it is not a fusion target (kept in both graphs, tagged ineligible)."""
    buffers, excluded = dict(buffers or {}), dict(excluded or {})
    for v in buffers:
        program.value(v)   # an unknown name is one clear error

    def memory(v: str) -> str:
        b = program.base(v)
        return buffers.get(b, b)

    current: dict = {}      # array -> its latest version
    arrays: list = []
    writer: dict = {}       # version id -> call writing it
    readers: dict = {}      # version id -> calls reading it
    accesses, deps = [], {}
    writes_of: dict = {}    # array -> calls writing it

    def node(mem: str, version: int):
        val = program.values.get(mem)
        arrays.append(ArrayNode(mem, version, val.role if val else "temp", val.display if val else mem))
        current[mem] = version
        return f"{mem}@{version}"

    def precede(a: int, b: int, kind: str, vid: str):
        if a != b:
            deps.setdefault((a, b), []).append((kind, vid))

    for order, c in enumerate(program.calls):
        for p, v in c.args.items():
            if program.value(v).role == "const":
                continue
            mem = memory(v)
            vid = f"{mem}@{current[mem]}" if mem in current else node(mem, 0)
            accesses.append(Access("read", c.id, vid, p, offsets_of(program, v)))
            readers.setdefault(vid, []).append(c.id)
            if vid in writer:
                precede(writer[vid], c.id, "raw", vid)
        for p, v in c.outs.items():
            mem = memory(v)
            old = f"{mem}@{current[mem]}" if mem in current else None
            vid = node(mem, current[mem] + 1 if mem in current else 0)
            if old is not None:
                if old in writer:
                    precede(writer[old], c.id, "waw", mem)
                for r in readers.get(old, ()):
                    precede(r, c.id, "war", mem)
            writer[vid] = c.id
            writes_of.setdefault(mem, []).append((c.id, vid))
            accesses.append(Access("write", c.id, vid, p))
    calls = tuple(CallNode(c.id, c.fn, c.label or c.fn, i, c.id not in excluded, excluded.get(c.id))
                  for i, c in enumerate(program.calls))
    repairs = tuple(_cycle_repairs(program, memory, current) + _writer_repairs(writes_of))
    ddg = DDG(program.name, calls, tuple(arrays), tuple(accesses), repairs)
    oeg = OEG(program.name, calls, tuple(Precedence(a, b, tuple(d)) for (a, b), d in sorted(deps.items())))
    return ddg, oeg


def _writer_repairs(writes_of: dict) -> list:
    """A line per array written by several calls: each write is its own instance (version)."""
    out = []
    for mem, writes in writes_of.items():
        if len(writes) > 1:
            calls = ", ".join(str(c) for c, _ in writes)
            out.append(f"array {mem} is written by calls {calls}: one instance per write "
                       f"({', '.join(v for _, v in writes)}); the OEG keeps their order (write after write)")
    return out


def _cycle_repairs(program: Program, memory, current: dict) -> list:
    """A line per read/write cycle of the graph without versions (arrays and calls, edges
    read and write), broken by precedence to the call launched first."""
    succ: dict = {}
    for c in program.calls:
        me = ("call", c.id)
        for v in c.args.values():
            if program.value(v).role != "const":
                succ.setdefault(("array", memory(v)), set()).add(me)
        for v in c.outs.values():
            succ.setdefault(me, set()).add(("array", memory(v)))
    out = []
    for comp in _sccs(succ):
        calls = sorted(n for k, n in comp if k == "call")
        mems = sorted(n for k, n in comp if k == "array")
        if len(comp) == 1:
            continue
        first = calls[0]
        if len(calls) == 1:
            out.append(f"call {first} reads and writes {', '.join(mems)} in place: broken by a new version "
                       f"({', '.join(f'{m}@{current[m]}' for m in mems)})")
            continue
        out.append(f"read/write cycle through calls {', '.join(map(str, calls))} and arrays {', '.join(mems)}: "
                   f"broken by precedence to call {first} (launched first); later writes are new versions")
    return out


def _sccs(succ: dict) -> list:
    """Strongly connected components of a graph (node -> set of successors), iteratively
    (Tarjan), each a sorted list, in order of their smallest node."""
    nodes = sorted(set(succ) | {m for s in succ.values() for m in s})
    index, low, on, stack, comps, counter = {}, {}, set(), [], [], [0]
    for root in nodes:
        if root in index:
            continue
        work = [(root, iter(sorted(succ.get(root, ()))))]
        index[root] = low[root] = counter[0]
        counter[0] += 1
        stack.append(root)
        on.add(root)
        while work:
            v, it = work[-1]
            w = next(it, None)
            if w is not None:
                if w not in index:
                    index[w] = low[w] = counter[0]
                    counter[0] += 1
                    stack.append(w)
                    on.add(w)
                    work.append((w, iter(sorted(succ.get(w, ())))))
                elif w in on:
                    low[v] = min(low[v], index[w])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[v])
            if low[v] == index[v]:
                comp = []
                while True:
                    w = stack.pop()
                    on.discard(w)
                    comp.append(w)
                    if w == v:
                        break
                comps.append(sorted(comp))
    return sorted(comps)
