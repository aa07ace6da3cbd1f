"""VEC consecutive points per thread in a grid kernel: one 8- or 16-byte load per aligned run of
VEC elements an array is read at, one vector store per output (the grid space checked the
alignment of every array; the executable checks the pointers and runs the plan with ``vec`` 1
where one is not aligned).  Threads whose points straddle the edge of a box take them one by
one.  With ``rows`` ``adjacent`` the thread's PY points sit on consecutive rows and join the same
scope (an offset two rows read is loaded once).  Sample (jacobi-2d, float32, VEC = 4)::

    if (x_p >= 1 && x_p + 3 < 8191 && y_p >= 1 && y_p < 8191) {
        const float4 a_q = *reinterpret_cast<const float4*>(&a[a_at]);
        const float a_xm1_e = a[a_at - 1];
        ... four points from a_q.x ... a_q.w and the loads around them ...
        *reinterpret_cast<float4*>(&b[b_at]) = make_float4(b_e, b_x1_e, b_x2_e, b_x3_e);
    } else {
        if (x_p + 0 >= 1 && x_p + 0 < 8191 && ...) { ... one point ... }
        ...
    }
"""
from __future__ import annotations

from ...ir import ident
from .scope import Scope, _add, offset_tag

VECTOR_TYPES = {("float", 2): "float2", ("float", 4): "float4", ("double", 2): "double2"}
LANES = "xyzw"


def emit_vector_group(em, code, main, box: tuple, calls: list, vec: int, rows: int = 1):
    """The calls of one box (stored outputs, reductions) at the thread's VEC x ROWS points (VEC
    consecutive along x, ROWS adjacent rows along y): threads whose points all lie in the box
    share one scope, so a value read by several of its points is loaded once; the others take
    their points one by one."""
    frame = em.frame
    x = frame.axes[0]
    y = frame.axes[1] if frame.rank > 1 else None
    core = box
    for call in calls:   # the boundary an interior keeps goes the slow way: its points are few
        if call.id in frame.halo and em.fns[call.id].name == "interior":   # an assign's guard stays
            pos, win = frame.pos[call.out], frame.halo[call.id]
            core = tuple((max(lo, p + a), min(hi, p + b)) for (lo, hi), p, (a, b) in zip(core, pos, win))
    reach = {x: vec - 1, y: rows - 1}
    inner = tuple((lo, hi - reach.get(a, 0)) for a, (lo, hi) in enumerate(core))
    points = [_shift(frame, v, j) for j in range(rows) for v in range(vec)]
    fast = all(hi > lo for lo, hi in inner)
    if fast:
        with code.block(f"if ({em.in_box(main.frame, inner)}) {{   // all {vec * rows} points inside",
                        None) as block:
            scope = Scope(block, None, inner, main)
            preload(em, scope, vec, rows)
            names: dict = {}
            for d in points:
                for call in calls:
                    em.emit_item(scope, call, shift=d, collect=names)
            for out, vals in names.items():
                for j in range(rows):
                    row = vals[j * vec:(j + 1) * vec]
                    if vec > 1 and out in em.geometry.vector:
                        store(em, scope, out, row, _shift(frame, 0, j))
                        continue
                    for v, val in enumerate(row):   # rows not aligned for vectors: one by one
                        d = _shift(frame, v, j)
                        block(f"{ident(out)}[{em.index_of(scope, out, d)}] = {val};   // store "
                              f"{em.program.value(out).display}")
        code("} else {   // the points one by one")
    with code.block(None, "}" if fast else None):
        for d in points:
            with code.block(f"if ({em.in_box(main.frame, box, d)}) {{") as one:
                scope = Scope(one, None, tuple((lo - k, hi - k) for (lo, hi), k in zip(box, d)), main)
                for call in calls:
                    em.emit_item(scope, call, shift=d)


def _shift(frame, v: int, j: int = 0) -> tuple:
    """The offset of the thread's point ``v`` along x and ``j`` along y."""
    d = [0] * frame.rank
    d[frame.axes[0]] = v
    if j:
        d[frame.axes[1]] = j
    return tuple(d)


def preload(em, scope, vec: int, rows: int = 1):
    """One vector load per aligned run of VEC elements of an input the VEC points read at (the
    elements then come from its lanes)::

        const float4 a_ym1_q = *reinterpret_cast<const float4*>(&a[a_at - 8192]);
    """
    frame = em.frame
    x = frame.axes[0]
    vector = em.geometry.vector
    for base, offs in sorted(frame.loads.items()):
        if base in em.staged or base not in vector:
            continue
        t = VECTOR_TYPES.get((em.ctype_of(base), vec))
        if t is None:
            continue
        runs: dict = {}
        for d in offs:
            for j in range(rows):
                for v in range(vec):
                    e = list(_add(d, _shift(frame, v, j)))
                    runs.setdefault(tuple(0 if a == x else k for a, k in enumerate(e)), set()).add(e[x])
        for row, xs in sorted(runs.items()):
            lo, hi = min(xs) // vec * vec, max(xs)
            for c in range(lo, hi + 1, vec):
                if not all(c + k in xs for k in range(vec)):
                    continue
                d = list(row)
                d[x] = c
                d = tuple(d)
                last = tuple(c + vec - 1 if a == x else k for a, k in enumerate(d))
                if not (em.proven(scope, base, d) and em.proven(scope, base, last)):
                    continue   # read only under a guard (an interior's): loaded one by one there
                tag = _tag(frame, d)
                name = f"{ident(base)}_{tag + '_' if tag else ''}q"
                scope.code(f"const {t} {name} = *reinterpret_cast<const {t}*>(&{ident(base)}"
                           f"[{em.index_of(scope, base, d)}]);")
                for k in range(vec):
                    e = list(d)
                    e[x] = c + k
                    scope.memo[(base, tuple(e))] = f"{name}.{LANES[k]}"


def _tag(frame, d: tuple) -> str:
    return offset_tag(frame, d)


def store(em, scope, out: str, vals: list, d: tuple):
    """``*reinterpret_cast<float4*>(&b[b_at]) = make_float4(...)``: the VEC points of ``out``
    in the thread's row at offset ``d``."""
    t = VECTOR_TYPES[(em.ctype_of(out), len(vals))]
    scope.code(f"*reinterpret_cast<{t}*>(&{ident(out)}[{em.index_of(scope, out, d)}]) = "
               f"make_{t}({', '.join(vals)});   // store {em.program.value(out).display}")
