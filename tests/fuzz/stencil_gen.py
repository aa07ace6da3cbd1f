"""A seeded generator of random stencil programs, reproducible from the seed alone.

``generate_stencil(seed)`` returns a :class:`~tests.fuzz.stencil_prog.StencilProgram` written as
users write stencils: grids of 1 to 4 axes (odd, small and size-1 extents, C or F order,
float32 or float64), random chains of

- stencil reads: sums of shifted slices with coefficients (``0.5 * u[2:, 1:-1] - u[:-2, 1:-1]``),
  products of two slices, slices of earlier results, now and then a read from the far side;
- pointwise maps (``abs``, ``-``, ``sqrt(abs(x) + 1)``, ``exp``, ``maximum``, ``minimum``,
  continuous ``where``, products, sums with scalars);
- ``kfuse.interior(u, inner)`` and ``u.copy()``;
- window assignments into one array, several in a row: periodic planes ``v[0, :] = v[-2, :]``,
  corners ``v[0, 0] = v[-2, -2]``, numbers, scalars and reductions into planes, overlapping
  slabs ``v[2:4, 1:-1] = v[3:5, 1:-1]``, expressions of the window's shape, with reads of the
  array between them;
- reductions (``sum``, ``max``, ``min``) of stencil results, used as coefficients later;

as a Python function (``kfuse.jit``) or a ``.kf`` script, with the fusion search or one kernel
per call.  About one program in twelve ends with a statement kfuse must refuse with a
KfuseError (assignment into an input, a view or alias read after its array was assigned into,
mismatched slice shapes, a slice step, an index out of range, an integer-indexed plane used as
an operand).  Static bounds of each value's magnitude and rounding error go with it
(:meth:`StencilProgram.tolerance`).
"""
from __future__ import annotations

import dataclasses
import math
import random
import re

from .stencil_prog import Line, StencilProgram, reduce_k

SIZES = (1, 2, 3, 4, 5, 6, 7, 8, 9, 11, 13, 16, 17, 31, 32, 33, 64, 65, 127, 129, 257)
SYMBOLS = {1: ("nx",), 2: ("ny", "nx"), 3: ("nz", "ny", "nx"), 4: ("nt", "nz", "ny", "nx")}
LITERALS = (0.5, 0.25, -1.0, 2.0, 0.2, -0.5, 1.5, 0.1, -0.25, 3.0)
HI_CAP = 1e6


@dataclasses.dataclass
class SV:
    """A value of the generated program and what the generator knows about it."""

    name: str
    shape: tuple                # () for a 0-d result
    hi: float                   # |value| <= hi
    err: float                  # rounding error <= err * u
    owned: bool = False         # made in the program and not a view: may be assigned into
    view_of: str = ""           # a bare slice of this owned array
    inp: bool = False


class _Gen:
    """The generator's state for one program."""

    def __init__(self, seed: int, big: bool):
        self.r = r = random.Random(seed)
        self.seed, self.big = seed, big
        self.dtype = r.choice(("float32", "float64"))
        self.front = "py" if r.random() < 0.55 else "kf"
        self.ndim = r.choices((1, 2, 3, 4), (2, 4, 3, 1))[0]
        self.order = "F" if self.ndim > 1 and r.random() < 0.35 else "C"
        cap = (1 << 21) if big else (1 << 14)
        shape = [r.choice(SIZES) for _ in range(self.ndim)]
        while math.prod(shape) > cap:
            a = shape.index(max(shape))
            shape[a] = r.choice([s for s in SIZES if s < shape[a]])
        if big and r.random() < 0.5:    # some large grids on the device
            a = r.randrange(self.ndim)
            while math.prod(shape) * 2 + 3 <= cap:
                shape[a] = shape[a] * 2 + r.choice((1, 3))
        self.shape = tuple(shape)
        self.syms = SYMBOLS[self.ndim]
        self.pool: list = []
        self.arrays: list = []
        self.scalars: list = []
        self.lines: list = []
        self.tags: set = set()
        self.stale: set = set()         # views of arrays assigned into since (kfuse refuses them)
        self.count = 0

    # ------------------------------------------------------------ values
    def new_input(self) -> SV:
        name = f"u{len(self.arrays)}"
        self.arrays.append((name, self.syms, self.order))
        v = SV(name, self.shape, 1.0, 0.0, inp=True)
        self.pool.append(v)
        return v

    def fresh(self) -> str:
        self.count += 1
        return f"t{self.count}"

    def emit(self, name, py, kf, shape, hi, err, what, owned=True, view_of="") -> SV | None:
        self.lines.append(Line(f"{name} = {py}", f"{name} = {kf}", what))
        v = SV(name, tuple(shape), hi, err, owned=owned and not view_of, view_of=view_of)
        self.pool.append(v)
        return v

    def arrays_at_least(self, shape: tuple, near: int | None = 4) -> list:
        return [v for v in self.pool if len(v.shape) == len(shape) and
                all(s >= n and (near is None or s - n <= near) for s, n in zip(v.shape, shape))]

    def coef(self) -> tuple:
        """(text, hi, err) of a coefficient: a literal, a scalar input or a 0-d result."""
        x = self.r.random()
        zero_d = [v for v in self.pool if v.shape == ()]
        if x < 0.6 or (x < 0.85 and not zero_d):
            c = self.r.choice(LITERALS)
            return (f"({c!r})" if c < 0 else repr(c)), abs(c), abs(c)     # rounded to the dtype
        if x < 0.85:
            v = self.r.choice(zero_d)
            return v.name, v.hi, v.err
        if len(self.scalars) < 3 and (not self.scalars or self.r.random() < 0.5):
            self.scalars.append(f"c{len(self.scalars)}")
        return self.r.choice(self.scalars), 1.0, 1.0

    # ------------------------------------------------------------ slices
    def slice_text(self, v: SV, start: tuple, length: tuple) -> str:
        """``v[...]`` selecting ``length`` points from ``start`` on each axis (NumPy's forms:
        ``:``, ``1:``, ``:-2``, ``1:-1``; trailing ``:`` dropped or ``...`` now and then)."""
        parts = []
        for s, n, size in zip(start, length, v.shape):
            stop = s + n
            a = "" if s == 0 else str(s)
            b = "" if stop == size else str(stop - size)
            parts.append(":" if not a and not b else f"{a}:{b}")
        if all(p == ":" for p in parts):
            return v.name
        if parts[0] == ":" and self.r.random() < 0.2 and len(parts) > 1:
            while parts and parts[0] == ":":
                parts.pop(0)
            return f"{v.name}[..., {', '.join(parts)}]"
        if self.r.random() < 0.5:
            while parts[-1] == ":":
                parts.pop()
        return f"{v.name}[{', '.join(parts)}]"

    def term(self, shape: tuple, base: SV | None = None, far: bool = False) -> tuple | None:
        """(text, hi, err) of a window of ``shape`` of ``base`` or a pool array."""
        cand = [base] if base is not None else self.arrays_at_least(shape, None if far else 4)
        if not cand:
            return None
        v = self.r.choice(cand)
        start = tuple(self.r.randint(0, s - n) for s, n in zip(v.shape, shape))
        return self.slice_text(v, start, shape), v.hi, v.err

    def expr(self, shape: tuple, base: SV | None = None, nterms: int | None = None) -> tuple | None:
        """(text, hi, err) of a sum of coefficients times windows (or products of windows) of
        ``shape``; the first term reads ``base`` when given."""
        nterms = nterms or self.r.randint(1, 5 if self.big else 4)
        parts, hi, err = [], 0.0, 0.0
        for k in range(nterms):
            t = self.term(shape, base if k == 0 else None, far=self.r.random() < 0.1)
            if t is None:
                return None
            text, th, te = t
            if self.r.random() < 0.15:
                t2 = self.term(shape)
                if t2 is not None:
                    text, th, te = f"{text} * {t2[0]}", th * t2[1], th * t2[2] + t2[1] * te + 2 * th * t2[1]
            if self.r.random() < 0.6:
                c, ch, ce = self.coef()
                text, th, te = f"{c} * {text}" if " * " not in text else f"{c} * ({text})", ch * th, \
                    ch * te + th * ce + 2 * ch * th
            sign = "" if k == 0 else self.r.choice((" + ", " - "))
            parts.append(sign + text)
            hi, err = hi + th, err + te
        err += (4 + 2 * nterms) * hi
        if hi > HI_CAP:
            return None
        return "".join(parts), hi, err

    def out_shape(self, v: SV, widths=(0, 0, 1, 2, 2, 3)) -> tuple:
        return tuple(max(1, s - self.r.choice(widths)) if s > 1 else 1 for s in v.shape)

    def grids(self) -> list:
        return [v for v in self.pool if v.shape]

    def owned(self) -> list:
        return [v for v in self.pool if v.owned and v.shape]

    def assigned(self, v: SV, hi: float, err: float):
        """After an assignment into ``v``: its bounds grow, views of it leave the pool."""
        v.hi, v.err = max(v.hi, hi), max(v.err, err)
        self.stale.update(w.name for w in self.pool if w.view_of == v.name)
        self.pool = [w for w in self.pool if w.view_of != v.name]


def _ints_key(g: _Gen, v: SV, axes: dict, inner: bool) -> str:
    """An index of ``v`` with integers on ``axes`` (axis -> int) and ``:`` (or ``1:-1`` on every
    other axis when ``inner``) elsewhere; ``v[0]`` / ``v[..., 0]`` forms where they apply."""
    parts = []
    for a, n in enumerate(v.shape):
        if a in axes:
            parts.append(str(axes[a]))
        else:
            parts.append("1:-1" if inner and n >= 3 else ":")
    if len(axes) == 1 and g.r.random() < 0.3:
        (a,) = axes
        if all(p == ":" for i, p in enumerate(parts) if i > a):
            return f"{v.name}[{', '.join(parts[:a + 1])}]"
        if a == len(parts) - 1 and all(p == ":" for p in parts[:-1]):
            return f"{v.name}[..., {parts[-1]}]"
    return f"{v.name}[{', '.join(parts)}]"


# ------------------------------------------------------------------ operations
# Each emits one or more statements (or returns None: not applicable now).

def op_stencil(g: _Gen, base: SV | None = None):
    """t = a sum of shifted windows (a stencil read), of ``base`` when given."""
    grids = g.grids()
    base = base or (g.r.choice(grids) if grids else None)
    if base is None:
        return None
    shape = g.out_shape(base)
    e = g.expr(shape, base)
    if e is None:
        return None
    text, hi, err = e
    bare = text.split("[")[0] if re.fullmatch(r"\w+(\[[^\]]*\])?", text) else ""   # a view (NumPy)
    src = next((v for v in g.pool if v.name == bare), None)
    view_of = src.name if src is not None and src.owned else (src.view_of if src is not None else "")
    return g.emit(g.fresh(), text, text, shape, hi, err, "stencil", owned=not bare, view_of=view_of)


def op_map(g: _Gen):
    """A pointwise map of one or two arrays of one shape."""
    grids = g.grids()
    if not grids:
        return None
    x = g.r.choice(grids)
    shape = x.shape
    y = g.term(shape) or (x.name, x.hi, x.err)
    k = g.r.choice(("abs", "neg", "sqrt", "exp", "maximum", "minimum", "where", "where0", "mul", "addc"))
    if k == "abs":
        py, kf, hi, err = f"kfuse.abs({x.name})", f"abs({x.name})", x.hi, x.err + 1
    elif k == "neg":
        py = kf = f"-{x.name}"
        hi, err = x.hi, x.err
    elif k == "sqrt":
        py, kf = f"kfuse.sqrt(kfuse.abs({x.name}) + 1.0)", f"sqrt(abs({x.name}) + 1.0)"
        hi = math.sqrt(x.hi + 1)
        err = 0.5 * x.err + 8 * hi
    elif k == "exp":
        if x.hi > 8:
            return None
        py, kf = f"kfuse.exp(0.25 * {x.name})", f"exp(0.25 * {x.name})"
        hi = math.exp(0.25 * x.hi)
        err = hi * 0.25 * x.err + 8 * hi
    elif k in ("maximum", "minimum"):
        py, kf = f"kfuse.{k}({x.name}, {y[0]})", f"{k}({x.name}, {y[0]})"
        hi, err = max(x.hi, y[1]), x.err + y[2] + 1
    elif k == "where":
        py = f"kfuse.where({x.name} > {y[0]}, {x.name}, {y[0]})"
        hi, err, kf = max(x.hi, y[1]), x.err + y[2] + 1, py.replace("kfuse.", "")
    elif k == "where0":
        py = f"kfuse.where({x.name} >= 0, {x.name}, 0.5 * {x.name})"
        hi, err, kf = x.hi, x.err + 2, py.replace("kfuse.", "")
    elif k == "mul":
        py = kf = f"{x.name} * {y[0]}"
        hi, err = x.hi * y[1], x.hi * y[2] + y[1] * x.err + 2 * x.hi * y[1]
    else:
        c, ch, ce = g.coef()
        py = kf = f"{x.name} + {c}" if g.r.random() < 0.5 else f"{c} - {x.name}"
        hi, err = x.hi + ch, x.err + ce + 2 * (x.hi + ch)
    if hi > HI_CAP:
        return None
    return g.emit(g.fresh(), py, kf, shape, hi, err, "map")


def op_interior(g: _Gen):
    """t = kfuse.interior(u, inner): u's boundary kept, its interior replaced."""
    grids = [v for v in g.grids() if any(s >= 3 for s in v.shape)]
    if not grids:
        return None
    u = g.r.choice(grids)
    h = [g.r.choice((1, 1, 1, 2, 0)) for _ in u.shape]
    h = [min(k, (s - 1) // 2) for k, s in zip(h, u.shape)]
    if not any(h):
        return None
    shape = tuple(s - 2 * k for s, k in zip(u.shape, h))
    e = g.expr(shape, u if g.r.random() < 0.7 else None)
    if e is None:
        return None
    text, hi, err = e
    py, kf = f"kfuse.interior({u.name}, {text})", f"interior({u.name}, {text})"
    return g.emit(g.fresh(), py, kf, u.shape, max(u.hi, hi), max(u.err, err), "interior")


def op_copy(g: _Gen):
    grids = g.grids()
    if not grids:
        return None
    x = g.r.choice(grids)
    return g.emit(g.fresh(), f"{x.name}.copy()", f"copy({x.name})", x.shape, x.hi, x.err, "copy")


def op_reduce(g: _Gen, base: SV | None = None):
    """s = sum / max / min of a stencil expression (of ``base`` when given: a 0-d result)."""
    grids = g.grids()
    if not grids:
        return None
    x = base or g.r.choice(grids)
    shape = g.out_shape(x, (0, 1, 2))
    e = g.expr(shape, x, g.r.randint(1, 3)) if g.r.random() < 0.7 else (x.name, x.hi, x.err)
    if e is None:
        return None
    text, hi, err = e
    n = math.prod(shape)
    k = g.r.choice(("sum", "max", "min", "maxabs"))
    if k == "sum":
        rhi, rerr = n * hi, n * err + reduce_k(n) * n * hi
        py = f"kfuse.sum({text})"
    elif k == "maxabs":
        rhi, rerr = hi, err + 2
        py = f"kfuse.max(kfuse.abs({text}))"
    else:
        rhi, rerr = hi, err + 2
        py = f"kfuse.{k}({text})"
    if rhi > HI_CAP:
        return None
    return g.emit(g.fresh(), py, py.replace("kfuse.", ""), (), rhi, rerr, "reduce", owned=False)


def _assign_one(g: _Gen, v: SV) -> bool:
    """One window assignment into ``v`` (a periodic plane, a corner, a number or scalar into a
    plane, an overlapping slab, an expression of the window's shape)."""
    nd = len(v.shape)
    k = g.r.choice(("plane", "plane", "corner", "const", "slab", "expr"))
    if k in ("plane", "const"):
        a = g.r.randrange(nd)
        n = v.shape[a]
        i = g.r.choice([x for x in (0, -1, 1, -2, n - 1) if -n <= x < n])
        inner = g.r.random() < 0.3
        key = _ints_key(g, v, {a: i}, inner)
        if k == "plane":
            j = g.r.choice([x for x in (-2, 1, 0, -1, 2, n - 2) if -n <= x < n])
            val, hi, err = _ints_key(g, v, {a: j}, inner), v.hi, v.err
        else:
            c, hi, err = g.coef()
            val = c
        stmt = f"{key} = {val}"
    elif k == "corner":
        axes = list(range(nd)) if nd <= 2 or g.r.random() < 0.5 else g.r.sample(range(nd), 2)
        at = {a: g.r.choice([x for x in (0, -1, 1) if -v.shape[a] <= x < v.shape[a]]) for a in axes}
        src = {a: g.r.choice([x for x in (-2, 1, -1, 0) if -v.shape[a] <= x < v.shape[a]]) for a in axes}
        stmt = f"{_ints_key(g, v, at, False)} = {_ints_key(g, v, src, False)}"
        hi, err = v.hi, v.err
    else:
        start, length = [], []
        for n in v.shape:
            w = g.r.randint(1, min(n, 3)) if g.r.random() < 0.6 else max(1, n - 2)
            s = g.r.randint(0, n - w)
            start.append(s)
            length.append(w)
        key = _slab(v, start, length)
        if k == "slab":
            src = [g.r.randint(0, n - w) for n, w in zip(v.shape, length)]
            val, hi, err = _slab(v, src, length), v.hi, v.err
        else:
            e = g.expr(tuple(length), None, g.r.randint(1, 3))
            if e is None:
                return False
            val, hi, err = e
        stmt = f"{key} = {val}"
    g.lines.append(Line(stmt, stmt, f"assign-{k}"))
    g.assigned(v, hi, err)
    return True


def _slab(v: SV, start, length) -> str:
    """``v[s:e, ...]`` with explicit starts and stops (negative where they reach the end)."""
    parts = []
    for s, w, n in zip(start, length, v.shape):
        stop = s + w
        parts.append(f"{s if s else ''}:{stop - n if stop < n else ''}")
    return f"{v.name}[{', '.join(parts)}]"


def op_assigns(g: _Gen):
    """Several window assignments into one array, reads of it in between."""
    owned = g.owned()
    v = g.r.choice(owned) if owned and g.r.random() < 0.7 else (op_copy(g) if g.r.random() < 0.5
                                                                 else op_interior(g) or op_copy(g))
    if v is None:
        return None
    g.tags.add("assign")
    for _ in range(g.r.randint(1, 4)):
        _assign_one(g, v)
        if g.r.random() < 0.35:
            g.tags.add("read-between")
            (op_stencil if g.r.random() < 0.75 else op_reduce)(g, v)
    return v


OPS = ((op_stencil, 6), (op_map, 3), (op_interior, 2), (op_copy, 1), (op_assigns, 4), (op_reduce, 2))


# ------------------------------------------------------------------ invalid statements
def _owned_for_invalid(g: _Gen) -> SV:
    owned = g.owned()
    return g.r.choice(owned) if owned else op_copy(g)


def invalid_lines(g: _Gen) -> tuple:
    """(kind, name of the refused result) after appending statements kfuse must refuse."""
    kinds = ["stale-view", "step", "oob"]
    if g.front == "py":   # a Python function writes its arguments as NumPy does (issue 31)
        kinds += ["shape", "int-operand"]
    else:                 # a script's inputs are read only
        kinds += ["alias", "assign-input"]
    kind = g.r.choice(kinds)
    u = g.arrays and next(v for v in g.pool if v.name == g.arrays[0][0])
    out = g.fresh()
    if kind == "assign-input":
        stmt = f"{_ints_key(g, u, {0: 0}, False)} = 1.0"
        g.lines.append(Line(stmt, stmt))
        g.lines.append(Line(f"{out} = 2.0 * {u.name}", f"{out} = 2.0 * {u.name}"))
    elif kind in ("stale-view", "alias"):
        v = _owned_for_invalid(g)
        w = g.fresh()
        view = v.name if kind == "alias" else g.slice_text(v, (0,) * len(v.shape), v.shape[:1] and
                                                           (max(1, v.shape[0] - 1),) + v.shape[1:])
        if view == v.name and kind == "stale-view":
            view = f"{v.name}[:]"
        g.lines.append(Line(f"{w} = {view}", f"{w} = {view}"))
        stmt = f"{_ints_key(g, v, {0: -1}, False)} = 1.0"
        g.lines.append(Line(stmt, stmt))
        g.lines.append(Line(f"{out} = 2.0 * {w}", f"{out} = 2.0 * {w}"))
    elif kind == "step":
        g.lines.append(Line(f"{out} = {u.name}[::2]", f"{out} = {u.name}[::2]"))
    elif kind == "oob":
        v = _owned_for_invalid(g)
        stmt = f"{v.name}[{v.shape[0]}] = 0.0"
        g.lines.append(Line(stmt, stmt))
        g.lines.append(Line(f"{out} = 2.0 * {v.name}", f"{out} = 2.0 * {v.name}"))
    elif kind == "shape":
        n = u.shape[0]
        a, b = (f"{u.name}[1:]", f"{u.name}[2:]") if n >= 2 else (u.name, f"{u.name}[1:]")
        g.lines.append(Line(f"{out} = {a} + {b}", ""))
    else:   # an integer-indexed plane as an operand: NumPy's plane, which kfuse refuses
        v = _owned_for_invalid(g)
        g.lines.append(Line(f"{out} = 2.0 * {_ints_key(g, v, {0: 0}, False)}", ""))
    return kind, out


def _names(text: str) -> list:
    return re.findall(r"\b[tuc]\d+\b", text)


def pick_outputs(g: _Gen) -> list:
    """Values no later statement reads (each array's last version), and a few more."""
    last_write, reads = {}, {}
    for i, ln in enumerate(g.lines):
        lhs, rhs = ln.py.split(" = ", 1)
        target = _names(lhs)[0]
        for n in _names(rhs) + (_names(lhs)[1:] if "[" in lhs else []):
            reads[n] = i
        if "[" in lhs:
            reads[target] = i
        last_write[target] = i
    names = [n for n in last_write if n.startswith("t") and n not in g.stale]
    outs = [n for n in names if reads.get(n, -1) <= last_write[n]]
    outs += [n for n in names if n not in outs and g.r.random() < 0.2]
    return sorted(outs, key=lambda n: last_write[n])[:5] or names[-1:]


def generate_stencil(seed: int, big: bool = False, max_ops: int | None = None) -> StencilProgram:
    """The stencil program of ``seed`` (``big``, the device's: grids up to 2^21 points and
    chains of up to 7 statements besides the assignments; else 2^14 points and 4 statements,
    which keeps the CI tier's planning within its time)."""
    g = _Gen(seed, big)
    max_ops = max_ops or (7 if big else 4)
    for _ in range(g.r.choice((1, 1, 2, 3))):
        g.new_input()
    n_ops = g.r.randint(1, max_ops)
    fns, weights = zip(*OPS)
    tries = 0
    while sum(not ln.what.startswith("assign") for ln in g.lines) < n_ops and tries < 20 * n_ops:
        tries += 1
        g.r.choices(fns, weights)[0](g)
    if not g.lines:
        op_copy(g)
    outs = pick_outputs(g)
    bounds = {o: next((v.hi, v.err) for v in reversed(g.pool) if v.name == o) for o in outs}
    valid, kind = True, ""
    if g.r.random() < 0.08:
        kind, out = invalid_lines(g)
        outs.append(out)
        valid = False
    plan = "unfused" if g.r.random() < 0.2 else "default"
    if any(s <= 2 for s in g.shape):
        g.tags.add("small")
    sizes = dict(zip(g.syms, g.shape))
    return StencilProgram(seed, g.front, g.dtype, sizes, g.arrays, g.scalars, g.lines, outs, bounds,
                          valid, kind, plan, g.tags)
