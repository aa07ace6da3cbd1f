"""The ``grid`` space: a stencil kernel over arrays of rank 1 to 4.

Each thread owns one point of the kernel's frame per plane (:mod:`kfuse.spaces.grid.frame`)
and evaluates what the kernel stores there: a value read at an offset is loaded once per
(array, offset) into a register (``u_xm1_e``: ``u`` at x - 1), a value the kernel computes is
recomputed at each offset it is read at, or served by a halo strategy
(:mod:`kfuse.spaces.grid.halo`: a shared-memory tile ``lap_s`` the block filled, halo included,
before a barrier), whose code the strategy prints.  Stores and reductions are guarded by the box
of the array they write."""
from __future__ import annotations

import contextlib

from ...ir import ident, itemsize
from ...library.remap import is_remap
from ...errors import PlanError
from ...spaces.grid.frame import memory_axes
from ...spaces.grid.placement import placed_frame, placement_refusal
from ..common import CodeBlock, KernelSource
from ..emitter import KernelEmitter
from ..finish import clear_vector_reductions, vector_finish
from ..routines import compute_params
from .scope import AXIS_NAMES, POINT, Point, Scope, _add, offset_tag
from . import remap as stencil_remap
from .vector import emit_vector_group


#: the most planes a register queue spans: loads further apart (an assignment's far plane,
#: ``v[0] = v[-2]``) are loaded where used rather than riding a queue of every plane between
QUEUE_SPAN = 8


class GridLowering(KernelEmitter):
    """A stencil kernel (see the module docstring).  Sample (heat-3d, float32, 32 x 4 threads,
    4 planes per block, one point per thread)::

        const int y_p = Y0 + y_b * BY + ty;
        const int x_p = X0 + x_b * BX + tx;
        const int z0_p = Z0 + z_b * ZC;   // the block's first plane: register queues along z
        float u_zm1_e = u[...z0_p - 1...], u_e = u[...z0_p...], u_z1_e;
        for (int k = 0; k < ZC; ++k) {
            const int z_p = Z0 + z_b * ZC + k;
            u_z1_e = u[...z_p + 1...];
            const idx_t u_at = (idx_t)x_p + (idx_t)y_p * 64 + (idx_t)z_p * 1536;
            if (x_p >= 1 && x_p < 63 && y_p >= 1 && y_p < 23 && z_p >= 1 && z_p < 19) {
                // call 1: t2 = add(u[0:18, 1:23, 1:63], u[2:20, 1:23, 1:63])   (at zm1)
                float t2_zm1_e;
                t2_add_compute(u_zm1_e, u_z1_e, t2_zm1_e);
                ...
                t8[t8_at] = t8_e;   // store t8
            }
            u_zm1_e = u_e; u_e = u_z1_e;   // the queue moves a plane
        }
    """

    #: a :class:`kfuse.spaces.grid.placement.Placement`: the kernel on one rank's block (None: whole)
    placement = None

    def launch_geometry(self):
        """The space's geometry, over the placed frame where the kernel is placed."""
        if self.placement is None:
            return super().launch_geometry()
        frame = self.space.frame(self.program, self.kplan.calls, self.kplan.params, self.info)
        why = placement_refusal(self.program, self.kplan.calls, frame, self.kplan.params, self.placement, self.info)
        if why:
            raise PlanError(f"kernel {self.kplan.name}: {why}")
        self.space_geometry = self.space.geometry(self.program, self.kplan.calls, self.kplan.params, self.domain,
                                                  self.info, frame=placed_frame(frame, self.placement))
        return self.space_geometry

    def emit(self) -> KernelSource:
        geo = d = self.geometry = self.launch_geometry()
        self.frame = frame = d.frame
        self.producer = {c.out: c for c in self.calls}
        self.served = {v: s for s, values in d.halos for v in values}   # value -> its halo strategy
        order = sorted(d.staged, key=lambda v: self.producer[v].id if v in self.producer else -1)   # loads first
        self.staged = {v: d.staged[v] for v in order}
        self.build_args()
        self.add_geometry_workspace(geo)
        reduces = [c for c in self.calls if self.fns[c.id].is_reduce]
        body = self.body
        shape = " x ".join(str(frame.extent(a)) for a in reversed(frame.axes)) or "0"
        self.open_body(f"grid {shape} ({frame.order} order), block {d.bx} x {d.by}, "
                       f"{d.zc} plane(s) per block" + (f", staged: {', '.join(self.staged)}" if self.staged else ""),
                       geo.threads)
        self.idx = "long long" if self._largest() >= 2**31 else "int"
        self.emit_indices(body.indices, d, geo)
        self.emit_scalar_loads(body.invariants)
        self.emit_prologue(body.invariants)
        self.emit_block_coords(body.invariants, d)
        clear_vector_reductions(self, body.clears, reduces)
        self.emit_planes(body.loop, d)
        if reduces:
            vector_finish(self, body.finish, reduces, geo.grid[0], False)
        return KernelSource(self.kplan.name, body.render(), self.args, geo.grid, geo.block, self.kplan,
                            self.vector_aligned(d.vec), body=body)

    def vector_aligned(self, vec: int) -> dict:
        """Arrays loaded or stored VEC elements at a time: name -> the byte alignment it needs
        (a misaligned one runs the plan with ``vec`` 1)."""
        if vec == 1:
            return {}
        vector = self.geometry.vector
        return {b: vec * itemsize(self.program.value(b).type.dtype) for b in vector if b not in self.staged}

    def _largest(self) -> int:
        sizes = [self.program.value(v).type.size() for v in self.reads + self.stored
                 if self.kind_of(v) != "scalar"]
        return max(sizes, default=1)

    # ------------------------------------------------------------------ set-up
    def emit_indices(self, code, d, geo):
        """Index type, block shape and the domain per memory axis::

            using idx_t = int;
            constexpr int BX = 32, BY = 8, ZC = 4, BS = 256;
            constexpr int X0 = 1, NBX = 16;   // x: points 1 .. 510
        """
        frame = self.frame
        code(f"using idx_t = {self.idx};")
        uses_bs = bool(self.staged) or any(self.fns[c.id].is_reduce for c in self.calls)
        code(f"constexpr int BX = {d.bx}, BY = {d.by}, PX = {d.px}, PY = {d.py}, VEC = {d.vec}" +
             (f", ZC = {d.zc}" if frame.rank > 2 else "") + (f", BS = {geo.threads};" if uses_bs else ";"))
        if any(self.fns[c.id].is_reduce for c in self.calls) and geo.grid[0] > 1:
            code(f"constexpr int GRID = {geo.grid[0]};")
        for m, a in enumerate(frame.axes):
            lo, hi = frame.box[a]
            if m == 0:
                lo = d.x0   # where the threads' x points start (aligned for vec)
            nb = f", NB{AXIS_NAMES[m].upper()} = {d.tiles[m]}" if m < frame.rank - 1 else ""
            code(f"constexpr int {AXIS_NAMES[m].upper()}0 = {lo}{nb};"
                 f"   // {AXIS_NAMES[m]} (axis {a}): points {lo} .. {hi - 1}")

    def emit_block_coords(self, code, d):
        """The block's tile from its 1-D index (x fastest, so neighbouring blocks share halos in L2)."""
        rank = self.frame.rank
        code("idx_t b = blockIdx.x;")
        for m in range(rank):
            ax = AXIS_NAMES[m]
            if m < rank - 1:
                code(f"const int {ax}_b = (int)(b % NB{ax.upper()}); b /= NB{ax.upper()};")
            else:
                code(f"const int {ax}_b = (int)b;")
        code("const int tx = threadIdx.x % BX, ty = threadIdx.x / BX;")
        if rank > 3:
            code("const int w_p = W0 + w_b;")

    # ------------------------------------------------------------------ the plane loop
    def emit_planes(self, code, d):
        """The streaming loop over ZC planes (rank 3 and 4), or the one plane.  With one point
        per thread, an input read on several planes at one (x, y) offset rides a register queue
        along the loop: one load per plane, the others shifted (2.5-D streaming)."""
        self.queue = Scope(CodeBlock(), None, None, Point(POINT, ("tx", "ty")))
        if self.frame.rank >= 3:
            queues = self.queues() if d.px == d.py == d.vec == 1 else {}
            if queues:
                code("const int y_p = Y0 + y_b * BY + ty;")
                code("const int x_p = X0 + x_b * BX + tx;")
                self.emit_queue_start(code, queues)
            if d.uz > 1:
                code(f"#pragma unroll {d.uz}   // planes in flight")
            with code.block("for (int k = 0; k < ZC; ++k) {"):
                code("const int z_p = Z0 + z_b * ZC + k;")
                for (base, dxy), zs in queues.items():
                    top = self.queue.memo[(base, self.offset(dxy, zs[-1]))]
                    code(f"{top} = {ident(base)}[{self.clamped(base, self.offset(dxy, zs[-1]), POINT)}];")
                self.emit_plane(code, bool(queues))
                for strategy, _ in d.halos:
                    strategy.emit_plane_end(self, code)
                for (base, dxy), zs in queues.items():
                    names = [self.queue.memo[(base, self.offset(dxy, z))] for z in zs]
                    code("; ".join(f"{a} = {b}" for a, b in zip(names, names[1:])) + ";   // the queue moves a plane")
        else:
            self.emit_plane(code)

    def offset(self, dxy: tuple, dz: int) -> tuple:
        """The logical offset with ``dxy`` along the two fastest memory axes and ``dz`` along the third."""
        d = [0] * self.frame.rank
        for m, a in enumerate(self.frame.axes[:2]):
            d[a] = dxy[m]
        d[self.frame.axes[2]] = dz
        return tuple(d)

    def queues(self) -> dict:
        """(input, (dx, dy)) -> the planes (z offsets, contiguous) it is loaded on, where that is
        two or more: the loads a register queue serves."""
        frame, ax = self.frame, self.frame.axes
        produced = set(self.producer)
        evals = {c.id: frame.reach.get(c.out, {(0,) * frame.rank}) for c in self.calls}
        got: dict = {}
        for c in self.calls:
            for r in frame.reads[c.id]:
                if r.base in produced or self.kind_of(r.base) == "scalar":
                    continue
                for e in evals[c.id]:
                    d = _add(e, r.d)
                    got.setdefault((r.base, (d[ax[0]], d[ax[1]])), set()).add(d[ax[2]])
        return {k: list(range(min(z), max(z) + 1)) for k, z in got.items()
                if len(z) >= 2 and max(z) - min(z) <= QUEUE_SPAN}

    def emit_queue_start(self, code, queues):
        """Declare each queue's registers and fill all but its top plane before the loop (the
        loop loads the top plane, uses the queue, then shifts it down a plane)::

            const int z0_p = Z0 + z_b * ZC;   // the block's first plane
            float u_zm1_e = u[... z0_p - 1 ...], u_e = u[... z0_p ...], u_z1_e;
        """
        code("const int z0_p = Z0 + z_b * ZC;   // the block's first plane: register queues along z")
        start = POINT[:2] + ("z0_p",) + POINT[3:]
        for (base, dxy), zs in queues.items():
            names = []
            for z in zs:
                d = self.offset(dxy, z)
                names.append(f"{ident(base)}_{offset_tag(self.frame, d) + '_' if any(d) else ''}e")
                self.queue.memo[(base, d)] = names[-1]
            primed = [f"{n} = {ident(base)}[{self.clamped(base, self.offset(dxy, z), start)}]"
                      for n, z in zip(names[:-1], zs[:-1])]
            code(f"{self.ctype_of(base)} " + ", ".join(primed + [names[-1]]) + ";")

    def emit_plane(self, code, declared: bool = False):
        """The halo strategies' fills (a staged tile behind a barrier), then each of the thread's PY x PX points: one
        guarded block per box of stored outputs and reductions (``declared``: x_p and y_p are
        the loop's)."""
        for v in self.staged:
            self.served[v].emit_fill(self, code, v)
        d = self.geometry
        rank = self.frame.rank
        tile = ["tx", "ty"]
        self.rows = d.rows   # > 1: the PY points on adjacent rows (never with staged tiles)
        with contextlib.ExitStack() as loops:
            if d.py > 1 and rank > 1 and self.rows == 1:   # the thread's rows BY apart
                code("#pragma unroll")
                loops.enter_context(code.block("for (int j = 0; j < PY; ++j) {"))
                tile[1] = "(ty + j * BY)"
            if self.rows > 1 and not declared:
                code("const int y_p = Y0 + (y_b * BY + ty) * PY;   // the first of the thread's PY rows")
                tile[1] = "(ty * PY)"
            elif rank > 1 and not declared:
                code(f"const int y_p = Y0 + y_b * BY * PY + {'j * BY + ' if tile[1] != 'ty' else ''}ty;")
            if d.px > 1:
                code("#pragma unroll")
                loops.enter_context(code.block("for (int i = 0; i < PX; ++i) {"))
                tile[0] = "(tx + i * BX)"
            if d.vec > 1:   # the thread's first of VEC consecutive points
                lane = "(x_b * PX + i) * BX + tx" if d.px > 1 else "x_b * BX + tx"
                code(f"const int x_p = X0 + ({lane}) * VEC;")
                tile[0] = f"{tile[0]} * VEC"
            elif not declared:
                code(f"const int x_p = X0 + x_b * BX * PX + {'i * BX + ' if tile[0] != 'tx' else ''}tx;")
            self.emit_point(code, Point(POINT[:rank], tuple(tile)))

    def emit_point(self, code, main):
        """The thread's point ``main``: its arrays' indices, then a guarded block per box."""
        self.bases = CodeBlock()   # per-point array indices, filled as used
        code.embed(self.bases)
        self.base_done = set()
        groups: dict = {}
        for c, box in self.frame.boxes:
            groups.setdefault(box, []).append(c)
        vec = self.geometry.vec
        for box, cids in groups.items():
            if not all(hi > lo for lo, hi in box):
                continue
            if vec > 1 or self.rows > 1:
                emit_vector_group(self, code, main, box, [self.program.calls[c] for c in cids], vec, self.rows)
                continue
            with code.block(f"if ({self.in_box(main.frame, box)}) {{") as inner:
                scope = Scope(inner, self.queue if main.frame == POINT[:self.frame.rank] else None, box, main)
                for c in cids:
                    self.emit_item(scope, self.program.calls[c])

    def in_box(self, coords: tuple, box: tuple, shift: tuple | None = None) -> str:
        """``x_p >= 1 && x_p < 511 && ...``: the point (``coords`` per memory axis, plus ``shift``
        per logical axis) inside ``box`` (per logical axis)."""
        terms = []
        for m, a in enumerate(self.frame.axes):
            lo, hi = box[a]
            s = shift[a] if shift else 0
            c = coords[m] + (f" + {s}" if s > 0 else f" - {-s}" if s < 0 else "")
            terms.append(f"{c} >= {lo} && {c} < {hi}")
        return " && ".join(terms) or "true"

    def emit_item(self, scope, call, shift: tuple | None = None, collect: dict | None = None):
        """A stored output (its value at the point, stored) or a reduction's contribution;
        ``shift``: the point's offset from the scope's (the v-th of VEC points); ``collect``:
        output -> names, for a vector store after the VEC points (instead of a store each)."""
        d0 = shift or (0,) * self.frame.rank
        fn = self.fns[call.id]
        if fn.is_reduce:
            args = []
            for p in compute_params(fn):
                read = next((r for r in self.frame.reads[call.id] if r.param == p), None)
                args.append(self.value_at(scope, read.base, _add(read.d, d0), call) if read else
                            self.routine_arg(call, p, lambda v: v))
            scope.code(f"{call.name}_compute({', '.join(args + [ident(call.out) + '_acc'])});   "
                       f"// call {call.id}: {call.label}")
            return
        name = self.value_at(scope, call.out, d0, call)
        if collect is not None:
            collect.setdefault(call.out, []).append(name)
            return
        scope.code(f"{ident(call.out)}[{self.index_of(scope, call.out, d0)}] = {name};   "
                   f"// store {self.program.value(call.out).display}")

    # ------------------------------------------------------------------ values
    def value_at(self, scope, base: str, d: tuple, ctx) -> str:
        """The C expression of array ``base`` at offset ``d`` from the scope's point (scalars:
        their name or literal in ``ctx``'s types)."""
        val = self.program.value(base)
        if val.type.kind == "scalar":
            return self.scalar_expr(base, ctx)
        if base in self.served:
            return self.served[base].read(self, scope, base, d)
        key = (base, d)
        got = scope.find(key)
        if got is not None:
            return got
        name = f"{ident(base)}_{offset_tag(self.frame, d) + '_' if any(d) else ''}e"
        if base in self.producer:
            self.emit_compute(scope, self.producer[base], d, name)
        else:
            scope.code(f"const {self.ctype_of(base)} {name} = {ident(base)}[{self.index_of(scope, base, d)}];")
        scope.memo[key] = name
        return name

    def emit_compute(self, scope, call, d: tuple, name: str):
        """``call`` evaluated at offset ``d`` into register ``name`` (``interior``: the new
        interior inside, the kept value on the boundary)."""
        fn = self.fns[call.id]
        tag = offset_tag(self.frame, d)
        comment = f"// call {call.id}: {call.label}" + (f"   (at {tag})" if tag else "")
        reads = {r.param: r for r in self.frame.reads[call.id]}
        if is_remap(fn) and not stencil_remap.plain(self, scope, call, d):
            stencil_remap.emit_remap(self, scope, call, d, name, comment)
            return
        if fn.name in ("interior", "assign"):
            kept = self.value_at(scope, reads["u"].base, _add(d, reads["u"].d), call)
            what = "the new interior" if fn.name == "interior" else "the assigned window"
            scope.code(comment + f": the kept boundary, then {what}")
            scope.code(f"{self.ctype_of(call.out)} {name} = {kept};")
            pos = self.frame.pos[call.out]
            inner = tuple((p + lo, p + hi) for p, (lo, hi) in zip(pos, self.frame.halo[call.id]))
            with scope.code.block(f"if ({self.in_box(scope.point.frame, inner, d)}) {{") as block:
                child = Scope(block, scope, _meet(scope.box, _shift(inner, tuple(-x for x in d))))
                r = reads.get("inner")   # none: a number fills the window
                new = self.value_at(child, r.base, _add(d, r.d), call) if r else \
                    self.value_at(child, call.args["inner"], d, call)
                block(f"{name} = {new};")
            return
        args = []
        for p in compute_params(fn):
            r = reads.get(p)
            args.append(self.value_at(scope, r.base, _add(d, r.d), call) if r else
                        self.routine_arg(call, p, lambda v: v))
        scope.code(comment)
        scope.code(f"{self.ctype_of(call.out)} {name};")
        scope.code(f"{call.name}_compute({', '.join(args + [name])});")

    def index_of(self, scope, base: str, d: tuple) -> str:
        """The linear index of ``base`` at offset ``d`` from the scope's point: from the plane's
        ``base_at`` where the scope's box proves it in range, else clamped per axis."""
        frame = self.frame
        strides = self.strides(base)
        if self.proven(scope, base, d):
            self.declare_base(base)
            off = sum(d[a] * strides[a] for a in range(frame.rank))
            return f"{ident(base)}_at" + (f" + {off}" if off > 0 else f" - {-off}" if off < 0 else "")
        return self.clamped(base, d, scope.point.frame)

    def proven(self, scope, base: str, d: tuple) -> bool:
        """Whether every thread running ``scope`` reads ``base`` at offset ``d`` inside it."""
        frame = self.frame
        bbox = frame.base_box(base)
        return scope.box is not None and scope.point.frame[0] == POINT[0] and all(
            scope.box[a][0] + d[a] >= bbox[a][0] and scope.box[a][1] + d[a] <= bbox[a][1]
            for a in range(frame.rank))

    def clamped(self, base: str, d: tuple, coords: tuple) -> str:
        """The index of ``base`` at offset ``d`` from the point ``coords``, each axis clamped into
        the array (a load every thread may issue, its value used only where it is in range)."""
        frame = self.frame
        shape, strides, pos = frame.stored_shape(base), self.strides(base), frame.stored_pos(base)
        terms = []
        for m, a in enumerate(frame.axes):
            k = d[a] - pos[a]
            c = coords[m] + (f" + {k}" if k > 0 else f" - {-k}" if k < 0 else "")
            clamped = f"min(max({c}, 0), {max(shape[a] - 1, 0)})"
            terms.append(f"(idx_t){clamped}" + (f" * {strides[a]}" if strides[a] != 1 else ""))
        return " + ".join(terms)

    def declare_base(self, base: str):
        """``const idx_t u_at = (z_p - 0) * 262144 + (y_p - 0) * 512 + (x_p - 0);`` once per plane."""
        if base in self.base_done:
            return
        self.base_done.add(base)
        frame = self.frame
        strides = self.strides(base)
        terms = []
        for m, a in enumerate(frame.axes):
            p = frame.stored_pos(base)[a]
            c = f"({POINT[m]} - {p})" if p else POINT[m]
            terms.append(f"(idx_t){c}" + (f" * {strides[a]}" if strides[a] != 1 else ""))
        self.bases(f"const idx_t {ident(base)}_at = {' + '.join(terms)};")

    def strides(self, base: str) -> dict:
        """Logical axis -> element stride of array ``base`` (its own memory order)."""
        t = self.program.value(base).type
        return _strides(self.frame.stored_shape(base), memory_axes(self.frame.rank, t.order))

    # ------------------------------------------------------------------ for the halo strategies
    def fill_scope(self, code, coords: tuple, tile: tuple) -> Scope:
        """A scope of its own for a halo strategy's fill loop ``code``, evaluating at the frame
        point ``coords`` (per memory axis; ``tile``: the tile-relative ones)."""
        return Scope(code, None, None, Point(coords, tile))


def _meet(a, b):
    """The intersection of two boxes (None: unknown)."""
    if a is None or b is None:
        return None
    return tuple((max(x[0], y[0]), min(x[1], y[1])) for x, y in zip(a, b))


def _shift(box: tuple, d: tuple) -> tuple:
    return tuple((lo + s, hi + s) for (lo, hi), s in zip(box, d))


def _strides(shape: tuple, axes: tuple) -> dict:
    """Logical axis -> element stride of a contiguous array of ``shape`` (``axes``: fastest first)."""
    out, acc = {}, 1
    for a in axes:
        out[a] = acc
        acc *= shape[a]
    return out
