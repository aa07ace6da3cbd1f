"""Lowering of script expressions to builder calls, with grids read at neighbour offsets.

The parser (:mod:`kfuse.frontend.script`) turns each right-hand side into a small tree of
:class:`Node`; :class:`Lowering` emits it through the GraphBuilder.

Every array value stands for a box of grid points: its *domain*, an origin (the point of its
element 0) and a shape.  Declared arrays start at point 0.  ``u[0, -1]`` (offsets) stands for
the points ``p`` whose neighbour ``p + (0, -1)`` lies in ``u``.  A NumPy slice ``u[1:-1, :-2]``
holds ``u``'s elements from ``(1, 0)`` on, as in NumPy.  An elementwise operation on operands of
different domains (offsets, or different shapes) is computed over the points where every operand
is defined, each operand read there through a window view; operands of the same shape without
offsets combine element by element as in NumPy (their result stands for the mean origin of the
arrays read, so a symmetric slice stencil keeps its centre).  Expressions without slices or
offsets take the plain path: the calls the parser always made, in the same order.
"""
from __future__ import annotations

import dataclasses
from fractions import Fraction

from ..errors import KfuseError, ShapeError
from .trace import window_bounds


class NeedSizes(Exception):
    """A window or an alignment needs a symbolic size's value (the parser retries with sizes)."""


@dataclasses.dataclass(eq=False)
class Node:
    """One node of an expression: ``num`` (data: value), ``name``, ``offset`` (data: ints),
    ``slice`` (data: the key; tok: the ``[``), ``bin`` (data: operator), ``neg``, ``transpose``,
    ``call`` (data: (library function, parameter names of ``kids``)); ``depth``: the longest
    path to a leaf (1 for a leaf)."""
    kind: str
    tok: object
    kids: list = dataclasses.field(default_factory=list)
    data: object = None
    name_tok: object = None
    depth: int = dataclasses.field(default=1, init=False)

    def __post_init__(self):
        self.depth = 1 + max((k.depth for k in self.kids), default=0)


@dataclasses.dataclass(frozen=True)
class Dom:
    """The points an array value stands for: ``origin`` (Fractions) and ``shape`` per axis;
    ``rel``: read at an offset somewhere below; ``moved``: slices or offsets are involved;
    ``weight``: arrays read (for the mean origin of NumPy-style combinations)."""
    origin: tuple
    shape: tuple
    rel: bool = False
    moved: bool = False
    weight: int = 1


def _ints(shape) -> tuple:
    if any(isinstance(d, str) for d in shape):
        raise NeedSizes()
    return tuple(int(d) for d in shape)


def _zeros(rank) -> tuple:
    return (Fraction(0),) * rank


def show_origin(origin) -> str:
    return "(" + ", ".join(str(o) for o in origin) + ")"


class Lowering:
    """Emits one statement's expression tree through the parser's builder."""

    def __init__(self, parser):
        self.p = parser
        self.b = parser.b
        self.info: dict = {}      # id(node) -> (Dom or None, mode, inner Dom for reductions)
        self.opaque: dict = {}    # id(node) -> value computed in the domain pass
        self.stencil = False

    # ------------------------------------------------------------------ entry
    def lower(self, node) -> tuple:
        """(value name, Dom or None) of the whole expression."""
        self.stencil = self._stencil(node)
        if not self.stencil:
            return self.emit(node, None), None
        d = self.dom(node)
        return self.emit(node, d), d

    def _stencil(self, node) -> bool:
        """Whether the tree reads slices, offsets or values that came from them."""
        if node.kind in ("offset", "slice"):
            return True
        if node.kind == "name":
            return self.p.lookup(node.tok) in self.p.moved
        return any(self._stencil(k) for k in node.kids)

    def describe_node(self, node) -> str:
        """Source text of an operand for messages (``'a[0, -1]'``, ``'flx'``, ``an operand``)."""
        if node.kind == "name":
            return repr(node.tok.text)
        if node.kind in ("offset", "slice"):
            toks = self.p.toks
            j = k = toks.index(node.tok)
            while toks[k].text != "]":
                k += 1
            return repr(node.name_tok.text + self.p.source_text(j, k + 1))
        return "an operand"

    def wrap(self, tok, fn, *a, **kw):
        return self.p.wrap(tok, fn, *a, **kw)

    # ------------------------------------------------------------------ domains
    def value_dom(self, val) -> Dom | None:
        t = self.b.values[val].type
        if t.kind == "scalar":
            return None
        origin = self.p.origins.get(val, _zeros(t.rank))
        return Dom(origin, tuple(t.shape), moved=val in self.p.moved)

    def dom(self, node) -> Dom | None:
        """The domain of ``node`` (None for scalars), computed once."""
        key = id(node)
        if key not in self.info:
            self.info[key] = self._dom(node)
        return self.info[key][0]

    def _dom(self, node) -> tuple:
        k = node.kind
        if k == "num":
            return None, None, None
        if k == "name":
            return self.value_dom(self.p.lookup(node.tok)), None, None
        if k == "offset":
            return self._offset_dom(node), None, None
        if k == "slice":
            return self._slice_dom(node), None, None
        if k == "neg":
            return self.dom(node.kids[0]), "point", None
        if k == "bin" and node.data != "@":
            d, mode = self.combine(node, node.kids)
            return d, mode, None
        if k == "call":
            fn = node.data[0]
            if fn.hof == "map" and fn.name != "interior":
                d, mode = self.combine(node, node.kids)
                return d, mode, None
            if fn.hof == "reduce":
                d, mode = self.combine(node, node.kids)
                return None, mode, d
        return self._opaque_dom(node), None, None

    def _offset_dom(self, node) -> Dom:
        val = self.p.lookup(node.name_tok)
        d = self.value_dom(val)
        if d is None:
            raise self.p.err(f"{node.name_tok.text!r} is a scalar: it has no neighbours to read at an offset",
                             node.tok)
        offs = node.data
        if len(offs) != len(d.shape):
            raise self.p.err(f"{node.name_tok.text!r} has {len(d.shape)} axis(es): give {len(d.shape)} "
                             f"offset(s), one per axis, got {len(offs)}", node.tok)
        origin = tuple(o - x for o, x in zip(d.origin, offs))
        return Dom(origin, d.shape, rel=True, moved=True)

    def _slice_dom(self, node) -> Dom:
        val = self.p.lookup(node.name_tok)
        d = self.value_dom(val)
        if d is None:
            raise self.p.err(f"{node.name_tok.text!r} is a scalar: it cannot be sliced", node.tok)
        shape = _ints(d.shape)
        try:
            bounds = window_bounds(shape, node.data)
        except KfuseError as e:
            raise self.p.err(f"{node.name_tok.text}[...]: {e}", node.tok) from None
        origin = tuple(o + lo for o, (lo, _) in zip(d.origin, bounds))
        return Dom(origin, tuple(hi - lo for lo, hi in bounds), moved=True)

    def combine(self, node, kids) -> tuple:
        """(Dom, mode) of an elementwise operation on ``kids``: ``point`` (aligned by points),
        ``index`` (NumPy: same shapes, element by element) or ``plain`` (nothing to align)."""
        doms = [(k, self.dom(k)) for k in kids]
        arrs = [(k, d) for k, d in doms if d is not None]
        if not arrs:
            return None, "point"
        ds = [d for _, d in arrs]
        rel, moved, weight = any(d.rel for d in ds), any(d.moved for d in ds), sum(d.weight for d in ds)
        first = ds[0]
        if all(d.origin == first.origin and d.shape == first.shape for d in ds):
            return Dom(first.origin, first.shape, rel, moved, weight), "point"
        if len({len(d.shape) for d in ds}) > 1 or not moved:
            return Dom(first.origin, first.shape, rel, moved, weight), "plain"
        if not rel and all(d.shape == first.shape for d in ds):
            centre = tuple(sum(d.origin[a] * d.weight for d in ds) / weight for a in range(len(first.shape)))
            return Dom(centre, first.shape, rel, moved, weight), "index"
        return self._intersect(node, arrs, rel, moved, weight), "point"

    def _intersect(self, node, arrs, rel, moved, weight) -> Dom:
        """The points where every operand is defined; ScriptError if they cannot line up."""
        ds = [d for _, d in arrs]
        rank = len(ds[0].shape)
        lo, shape = [], []
        for a in range(rank):
            fracs = {d.origin[a] - (d.origin[a].numerator // d.origin[a].denominator) for d in ds}
            if len(fracs) > 1:
                what = ", ".join(f"{self.describe_node(k)} from point {show_origin(d.origin)}" for k, d in arrs)
                raise self.p.err(f"cannot line up the operands on axis {a}: {what} (values made from NumPy "
                                 "slices of different shapes stand between grid points; slice them to one "
                                 "shape, or write the stencil with offsets)", node.tok)
            start = max(d.origin[a] for d in ds)
            stop = min(d.origin[a] + _ints(d.shape)[a] for d in ds)
            if stop < start:
                what = ", ".join(f"{self.describe_node(k)} covers points {d.origin[a]}.."
                                 f"{d.origin[a] + _ints(d.shape)[a] - 1}" for k, d in arrs)
                raise self.p.err(f"no point has every operand in range on axis {a}: {what} (the grid is "
                                 "too small for this stencil)", node.tok)
            lo.append(start)
            shape.append(int(stop - start))
        return Dom(tuple(lo), tuple(shape), rel, moved, weight)

    def _opaque_dom(self, node) -> Dom | None:
        """Calls that do not line up their operands (interior, BLAS, ``@``, ``.T``): computed now
        over their operands' own domains; interior stands for ``u``'s points."""
        val = self._emit_opaque(node)
        self.opaque[id(node)] = val
        t = self.b.values[val].type
        if t.kind == "scalar":
            return None
        if node.kind == "call" and node.data[0].name == "interior":
            u = self.dom(node.kids[0])
            if u is not None:
                return Dom(u.origin, u.shape, moved=u.moved)
        return Dom(_zeros(t.rank), tuple(t.shape))

    def _check_interior(self, node, u: Dom | None, inner: Dom | None):
        """The interior written with offsets must be centred in ``u`` (a NumPy-style one is
        centred by its shape, as kfuse.interior does)."""
        if u is None or inner is None or not inner.rel or len(u.shape) != len(inner.shape):
            return
        us, ins = _ints(u.shape), _ints(inner.shape)
        for a in range(len(us)):
            h = Fraction(us[a] - ins[a], 2)
            if inner.origin[a] != u.origin[a] + h:
                raise self.p.err(f"interior: on axis {a} the new values stand for points {inner.origin[a]}.."
                                 f"{inner.origin[a] + ins[a] - 1} of {self.describe_node(node.kids[0])} "
                                 f"(points {u.origin[a]}..{u.origin[a] + us[a] - 1}): not a centred interior "
                                 "(make the stencil's reach the same on both sides)", node.tok)

    # ------------------------------------------------------------------ emission
    def kid_dom(self, node, kid, D):
        """The box ``kid`` is emitted over when ``node`` is emitted over ``D``."""
        kd = self.dom(kid)
        if kd is None or D is None:
            return kd
        own, mode, inner = self.info[id(node)]
        if mode == "index":
            nd = own or inner
            return Dom(tuple(o + a - b for o, a, b in zip(kd.origin, D.origin, nd.origin)), D.shape)
        if mode == "plain":
            return kd
        return D

    def emit(self, node, D):
        """The value of ``node`` over box ``D`` (None for scalars and on the plain path)."""
        k = node.kind
        if k == "num":
            return self.b.const(node.data)
        if k in ("name", "offset", "slice"):
            return self._leaf(node, D)
        loc = (node.tok.line, node.tok.col)
        if not self.stencil:
            return self._plain(node)
        if id(node) in self.opaque:
            val, nd = self.opaque[id(node)], self.dom(node)
            return val if nd is None or D is None else self._window(node, val, nd, D, ())
        if k == "neg":
            x = self.emit(node.kids[0], self.kid_dom(node, node.kids[0], D))
            return self.wrap(node.tok, self.b.unary, "-", x, loc)
        if k == "bin":
            a, c = (self.emit(x, self.kid_dom(node, x, D)) for x in node.kids)
            return self.wrap(node.tok, self.b.binary, node.data, a, c, loc)
        fn, params = node.data
        box = self.info[id(node)][2] if fn.hof == "reduce" else D
        args = {p: self.emit(x, self.kid_dom(node, x, box)) for p, x in zip(params, node.kids)}
        return self.wrap(node.tok, self.b.call, fn.name, args, "", loc)

    def _plain(self, node):
        """The plain path: what the parser always emitted, operands first, left to right."""
        loc = (node.tok.line, node.tok.col)
        if node.kind == "neg":
            return self.wrap(node.tok, self.b.unary, "-", self.emit(node.kids[0], None), loc)
        if node.kind == "transpose":
            return self.wrap(node.tok, self.b.transpose, self.emit(node.kids[0], None))
        if node.kind == "bin":
            a, c = (self.emit(x, None) for x in node.kids)
            return self.wrap(node.tok, self.b.binary, node.data, a, c, loc)
        fn, params = node.data
        args = {p: self.emit(x, None) for p, x in zip(params, node.kids)}
        return self.wrap(node.tok, self.b.call, fn.name, args, "", loc)

    def _emit_opaque(self, node):
        """A call, ``@`` or ``.T`` (stencil path) with each operand over its own domain."""
        loc = (node.tok.line, node.tok.col)
        if node.kind == "transpose":
            return self.wrap(node.tok, self.b.transpose, self.emit(node.kids[0], self.dom(node.kids[0])))
        if node.kind == "bin":
            a, c = (self.emit(x, self.dom(x)) for x in node.kids)
            return self.wrap(node.tok, self.b.binary, "@", a, c, loc)
        fn, params = node.data
        if fn.name == "interior" and len(node.kids) == 2:
            self._check_interior(node, self.dom(node.kids[0]), self.dom(node.kids[1]))
        args = {p: self.emit(x, self.dom(x)) for p, x in zip(params, node.kids)}
        return self.wrap(node.tok, self.b.call, fn.name, args, "", loc)

    def _leaf(self, node, D):
        if node.kind == "name":
            val = self.p.lookup(node.tok)
            return val if D is None else self._window(node, val, self.value_dom(val), D, ())
        val = self.p.lookup(node.name_tok)
        shift = node.data if node.kind == "offset" else ()
        return self._window(node, val, self.value_dom(val), D or self.dom(node), shift)

    def _window(self, node, val, vd: Dom, D: Dom, shift: tuple):
        """The window of ``val`` (domain ``vd``) holding the points of box ``D``, each read at
        offset ``shift`` (point p is element p + shift - origin)."""
        shift = shift or (0,) * len(vd.origin)
        lo = tuple(a - b + x for a, b, x in zip(D.origin, vd.origin, shift))
        if all(x == 0 for x in lo) and D.shape == vd.shape:
            return val
        shape = _ints(vd.shape)
        bounds = []
        for a, (x, n) in enumerate(zip(lo, _ints(D.shape))):
            if x.denominator != 1:
                raise self.p.err(f"cannot line up {self.describe_node(node)} on axis {a}: it stands between "
                                 "grid points", node.tok)
            bounds.append((int(x), int(x) + n))
        for a, ((x, y), n) in enumerate(zip(bounds, shape)):
            if x < 0 or y > n:
                raise self.p.err(f"{self.describe_node(node)} is read at points outside it on axis {a} "
                                 f"(elements {x}..{y - 1} of {n})", node.tok)
        try:
            return self.b.window(val, tuple(bounds))
        except ShapeError as e:
            raise self.p.err(str(e), node.tok) from None


__all__ = ["Node", "Dom", "Lowering", "NeedSizes", "show_origin"]
