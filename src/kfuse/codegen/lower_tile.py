"""The ``tile`` space: a 2-D kernel over an S x F matrix domain (nested map and nested reduce)."""
from __future__ import annotations

import dataclasses

from ..errors import PlanError
from ..fusion.legality import atomic_refusal
from ..fusion.plan import tile_grid, walk_refusal
from ..fusion.space import finish_chunk
from ..ir import ident, itemsize
from .common import KernelSource
from .emitter import KernelEmitter, budget_blocks, output_of
from .finish import TileReduction, tile_finish_in_block, tile_last_block, tile_last_blocks
from .memory import contiguous, load_matrix, load_vector, store_matrix
from .routines import compute_params


@dataclasses.dataclass(frozen=True)
class TileGeometry:
    """A tile kernel's validated parameters, launch geometry and finishes."""

    bx: int            # threads along F (BX)
    by: int            # threads along S (BY)
    ks: int            # rows per thread (KS)
    vec: int           # columns per thread (VEC)
    iters: int         # serial iterations (ITERS)
    iter_axis: str     # the axis the loop walks: 'slow' or 'fast'
    walk: str          # strips / down / up
    unroll: int        # unroll of the serial loop
    slow: int          # S
    fast: int          # F
    grid_x: int
    grid_y: int
    chunk: int         # iterations a strip combines at once (CHUNK)
    min_blocks: int    # blocks per SM promised in __launch_bounds__
    families: tuple    # reductions grouped by the axis of their outputs (tuples of calls)
    atomic: tuple      # per family: finishes by atomics


def _output_axis(emitter, c) -> str:
    """The physical axis ('slow'/'fast') of reduction ``c``'s output."""
    return emitter.domain.axis_of(emitter.fns[c.id].output.index)


def _launch_geometry(emitter) -> TileGeometry:
    """Everything this lowering asks beyond printing (to become the tile space's ``validate``
    and ``geometry``): parameter ranges, the grid (``tile_grid``), the finish chunk
    (``finish_chunk``), the walk (``walk_refusal``), the register budget and, per family of
    reductions, whether atomics may finish it (``atomic_refusal``)."""
    name, prm, dom = emitter.kplan.name, emitter.kplan.params, emitter.domain
    bx, by = int(prm["bx"]), int(prm["by"])
    ks, vec = int(prm.get("ks", 1)), int(prm.get("vec", 1))
    iters, iter_axis = int(prm["iters"]), prm.get("iter_axis", "slow")
    if bx < 1 or bx > 32 or bx & (bx - 1):
        raise PlanError(f"{name}: bx must be a power of two <= 32, got {bx}")
    if bx * by > 1024 or by < 1 or (bx * by) % 32:
        raise PlanError(f"{name}: bx*by must be a multiple of 32 and at most 1024")
    if iter_axis not in ("slow", "fast") or iters < 1 or ks < 1 or vec < 1 or vec & (vec - 1):
        raise PlanError(f"{name}: bad tile parameters {prm}")
    if vec > 1 and dom.fast % vec:
        raise PlanError(f"{name}: vec={vec} needs the fast extent ({dom.fast}) to be a multiple of {vec}")
    grid_x, grid_y = (max(1, g) for g in tile_grid(dom, prm))   # an empty axis: one block finalizes identities
    if grid_y > 65535:
        raise PlanError(f"{name}: grid.y = {grid_y} exceeds 65535; raise iters or ks")
    chunk = finish_chunk(prm, by * ks if iter_axis == "slow" else bx * vec)
    if chunk < 1 or iters % chunk:
        raise PlanError(f"{name}: chunk={chunk} must divide iters={iters}")
    why = walk_refusal(emitter.program, [c.id for c in emitter.calls], prm)
    if why:
        raise PlanError(f"{name}: {why}")
    # a register budget (``regs`` per thread, 64 unless the plan says; the build raises it to
    # 128, then 255, for a kernel that would spill): without one ptxas sinks each row's loads
    # next to their use, and a warp then has one row in flight rather than KS
    min_blocks = budget_blocks(emitter.kplan, bx * by, 64)
    families: dict = {}
    for c in emitter.calls:
        if emitter.fns[c.id].is_reduce:
            families.setdefault(_output_axis(emitter, c), []).append(c)
    atomic = []
    for fam in families.values():
        reducing = grid_x if _output_axis(emitter, fam[0]) == "slow" else grid_y
        atomic.append(prm.get("finish", "last_block") == "atomic" and reducing > 1)
        why = atomic[-1] and atomic_refusal(emitter.program, [c.id for c in fam])
        if why:
            raise PlanError(f"{name}: finish=atomic is not possible: {why}")
    return TileGeometry(bx, by, ks, vec, iters, iter_axis, prm.get("walk", "strips"), int(prm.get("unroll", 1)),
                        dom.slow, dom.fast, grid_x, grid_y, chunk, min_blocks,
                        tuple(tuple(f) for f in families.values()), tuple(atomic))


class TileLowering(KernelEmitter):
    """A 2-D kernel over an S x F matrix domain (nested map and nested reduce).

    ``F`` is the fast (contiguous) axis of the lead matrix, ``S`` the slow one.
    A block of BX x BY threads handles a tile of TS = BY*KS rows by TF = BX*VEC
    columns: thread (tx, ty) holds elements ``s = sb + ty + k*BY`` and the VEC
    consecutive ``f = fb + tx*VEC + v`` in registers (one 16-byte load per row
    when VEC * sizeof(T) == 16).  Serial iterations walk the tile along
    ``iter_axis``; vectors along the other axis are invariant and loaded once
    (Algorithm 1, line 4).  Reductions along the fast axis use warp shuffles,
    along the slow axis shared memory.  Reductions whose outputs follow the same
    axis form a *family*: they finish together, so one may read another's
    result in its finalize (GESUMMV's ``y = beta*B x + t`` with ``t = alpha*A x``).
    When several blocks share an output, each writes partial results and the
    last block of each strip combines them and finalizes.
    Sample (``q = gemv(A, p)``, A 1000 x 3000 row-major, iterating along F)::

        extern "C" __global__ void __launch_bounds__(256, 4)
        k0_q_gemv(const float* __restrict__ A, const float* __restrict__ p, float* __restrict__ q)
        {
            using idx_t = int;
            constexpr idx_t S = 1000, F = 3000;   // slow x fast extent
            constexpr int BX = 32, BY = 8, KS = 1, VEC = 4, TF = BX * VEC, TS = BY * KS;
            constexpr int ITERS = 24;   // serial iterations; grid 1 x 125
            constexpr bool ALL_S = true, ALL_F = false;   // the grid covers S (F) exactly: no bounds checks along it
            const int tx = threadIdx.x, ty = threadIdx.y;
            const idx_t sb = (idx_t)blockIdx.y * TS;          // invariant: the loop walks along F
            float q_acc[KS];          // clear output of reduction q = gemv(A, p)
            for (int r = 0; r < KS; ++r) q_acc[r] = kf_op_add_t<float>::identity();
            for (int it = 0; it < ITERS; ++it) {
                const idx_t fb = ((idx_t)blockIdx.x * ITERS + it) * TF;
                // call 0: q = gemv(A, p)   [gemv: nested_reduce, line 5]
                float A_e[KS][VEC];                        // load A
                for (int k = 0; k < KS; ++k) { ... kf_load_pack<VEC>(A + s * F, fb + tx * VEC, F, A_e[k]); }
                float p_f[VEC]; kf_load_pack<VEC>(p, fb + tx * VEC, F, p_f);     // load: p along F
                for k, v: if ((ALL_S || s < S) && (ALL_F || f < F)) q_gemv_compute(A_e[k][v], p_f[v], q_acc[k]);
            }
            // finish: q_acc[k] = kf_lane_reduce<BX, kf_op_add_t>(q_acc[k]); tx == 0 finalizes q[s]
        }
    """

    def emit(self) -> KernelSource:
        geo = self.geometry = _launch_geometry(self)
        self._atomic = {fam[0].id: a for fam, a in zip(geo.families, geo.atomic)}
        self.build_args()
        self.add_reduction_workspace()
        dom, body = self.domain, self.body
        self.open_body(f"tile {dom.rows} x {dom.cols} (lead order {dom.lead}), iterating along {geo.iter_axis}",
                       geo.bx * geo.by, geo.min_blocks)
        self.emit_indices(body.indices)
        self.emit_invariants(body.invariants)
        for fam in geo.families:
            if self.reduction(fam[0]).accumulated:
                for c in fam:
                    self.clear_acc(body.clears, c)
        self.emit_loop(body.loop)
        self.emit_finish(body.finish)
        zero = [self.reduction(c).out for fam in geo.families if self.reduction(fam[0]).reducing_blocks > 1
                and self.is_atomic(fam) for c in fam]
        return KernelSource(self.kplan.name, body.render(), self.args, (geo.grid_x, geo.grid_y, 1),
                            (geo.bx, geo.by, 1), self.kplan, self.aligned_inputs(geo.vec), zero)

    def add_reduction_workspace(self):
        """Partials and last-block counters (one per strip and chunk) of families finished by
        their strips' last blocks."""
        geo = self.geometry
        for fam in geo.families:
            red = self.reduction(fam[0])
            if red.reducing_blocks > 1 and not self.is_atomic(fam):
                for c in fam:
                    out = output_of(c)
                    self.add_workspace("partial", f"kf_part_{ident(out)}", self.ctype_of(out),
                                       red.reducing_blocks * self.program.value(out).type.nbytes())
                chunks = geo.iters // geo.chunk if self.chunked(fam) else 1
                self.add_workspace("counter", f"kf_count_{ident(output_of(fam[0]))}", "",
                                   4 * red.output_blocks * chunks)

    def emit_indices(self, code):
        """Index type, extents, the tile's constants, whether the grid covers each axis exactly."""
        geo = self.geometry
        S, F = geo.slow, geo.fast
        code(f"using idx_t = {'long long' if S * F * 2 >= 2**31 else 'int'};")
        code(f"constexpr idx_t S = {S}, F = {F};   // slow x fast extent")
        code(f"constexpr int BX = {geo.bx}, BY = {geo.by}, KS = {geo.ks}, VEC = {geo.vec}, "
             "TF = BX * VEC, TS = BY * KS;")
        code(f"constexpr int ITERS = {geo.iters};   // serial iterations; grid {geo.grid_x} x {geo.grid_y}")
        if any(self.chunked(f) for f in geo.families):
            code(f"constexpr int CHUNK = {geo.chunk};   // iterations whose rows a strip combines at once")
        ts, tf = geo.by * geo.ks, geo.bx * geo.vec
        all_s = S > 0 and S % (ts * (geo.iters if geo.iter_axis == "slow" else 1)) == 0
        all_f = F > 0 and F % (tf * (geo.iters if geo.iter_axis == "fast" else 1)) == 0
        code(f"constexpr bool ALL_S = {str(all_s).lower()}, ALL_F = {str(all_f).lower()};"
             "   // the grid covers S (F) exactly: no bounds checks along it")
        code("const int tx = threadIdx.x, ty = threadIdx.y;")

    def emit_invariants(self, code):
        """Scalars, the scalar prologue, the block's coordinate across the walk, and the
        vectors along that axis (loaded once)."""
        geo = self.geometry
        self.emit_scalar_loads(code)
        self.emit_prologue(code)
        if geo.iter_axis == "slow":
            code("const idx_t fb = (idx_t)blockIdx.x * TF;          // invariant: the loop walks along S")
        elif geo.walk == "up":
            code("const idx_t sb = (idx_t)(gridDim.y - 1 - blockIdx.y) * TS;   // invariant: the loop walks "
                 "along F; walk up: block rows from the last")
        else:
            code("const idx_t sb = (idx_t)blockIdx.y * TS;          // invariant: the loop walks along F")
        self.invariant_loaded = set()   # (value, axis) pairs in registers: a vector may be read along both axes
        for c in self.body_calls():
            for p in compute_params(c):
                v = c.args.get(p)
                if v is None or v in self.produced or self.kind_of(v) != "vector":
                    continue
                key = self.load_key(c, p)
                if key[1] != geo.iter_axis and key not in self.invariant_loaded:
                    load_vector(self, code, v, key[1], "invariant load")
                    self.invariant_loaded.add(key)

    def emit_loop(self, code):
        """The serial loop: the walk, then per iteration the loads, computes and stores of every
        call, the block finish of families whose outputs the loop walks, chunked combines."""
        geo = self.geometry
        if geo.unroll > 1:
            code(f"#pragma unroll {geo.unroll}   // more loads in flight")
        with code.block("for (int it = 0; it < ITERS; ++it) {"):
            self.emit_walk(code)
            walking = [fam for fam in geo.families if not self.reduction(fam[0]).accumulated]
            for fam in walking:
                for c in fam:
                    self.clear_acc(code, c)
            loaded = set(self.invariant_loaded)
            for c in self.body_calls():
                self.emit_call(code, c, loaded)
            for fam in walking:
                tile_finish_in_block(self, code, fam)
            for fam in geo.families:
                if self.chunked(fam):
                    tile_last_block(self, code, fam, chunked=True)

    def emit_finish(self, code):
        """After the loop: the block finish of accumulated families, then the strips' last blocks."""
        last = []
        for fam in self.geometry.families:
            if self.reduction(fam[0]).accumulated:
                tile_finish_in_block(self, code, fam)
        for fam in self.geometry.families:
            if self.reduction(fam[0]).reducing_blocks > 1 and not self.is_atomic(fam) and not self.chunked(fam):
                last.append(fam)
        if len(last) == 1:
            tile_last_block(self, code, last[0])
        elif last:
            tile_last_blocks(self, code, last)

    def emit_walk(self, code):
        """The tile this iteration covers (plan parameter ``walk``; see
        :func:`kfuse.fusion.plan.walk_refusal`).  ``strips``: each block its own strip::

            const idx_t sb = ((idx_t)blockIdx.y * ITERS + it) * TS;

        ``down`` (iterating along S): the blocks take the strips' tile rows in turn, so the grid
        moves down the matrix; ``up``: the same from the bottom (iterating along F: the block
        rows from the last, each row's columns from the right)::

            const idx_t sb = ((idx_t)it * gridDim.y + blockIdx.y) * TS;   // walk down: ...
            const idx_t sb = ((idx_t)(ITERS - it) * gridDim.y - 1 - blockIdx.y) * TS;   // walk up: ...
            const idx_t fb = ((idx_t)blockIdx.x * ITERS + ITERS - 1 - it) * TF;   // walk up: ...
        """
        walk = self.geometry.walk
        if self.geometry.iter_axis == "fast":
            code("const idx_t fb = ((idx_t)blockIdx.x * ITERS + ITERS - 1 - it) * TF;   // walk up: columns from "
                 "the right" if walk == "up" else "const idx_t fb = ((idx_t)blockIdx.x * ITERS + it) * TF;")
        elif walk == "down":
            code("const idx_t sb = ((idx_t)it * gridDim.y + blockIdx.y) * TS;   // walk down: the grid moves "
                 "down the matrix")
        elif walk == "up":
            code("const idx_t sb = ((idx_t)(ITERS - it) * gridDim.y - 1 - blockIdx.y) * TS;   "
                 "// walk up: the grid moves up from the last tile row")
        else:
            code("const idx_t sb = ((idx_t)blockIdx.y * ITERS + it) * TS;")

    # ------------------------------------------------------------------ the finish's questions
    def reduction(self, c) -> TileReduction:
        """Where reduction ``c``'s output lies and how many blocks share it."""
        geo = self.geometry
        out_axis = _output_axis(self, c)
        reduced = "fast" if out_axis == "slow" else "slow"
        return TileReduction(output_of(c), out_axis, reduced,
                             geo.grid_x if reduced == "fast" else geo.grid_y,
                             geo.grid_y if reduced == "fast" else geo.grid_x,
                             geo.iter_axis == reduced, "KS" if out_axis == "slow" else "VEC",
                             geo.slow if out_axis == "slow" else geo.fast)

    def is_atomic(self, fam) -> bool:
        """Whether ``fam`` finishes by atomics (plan parameter ``finish``; default: last block)."""
        return self._atomic[fam[0].id]

    def multi_lane(self) -> bool:
        """Whether the KS row results of a lane group reduce together (``kf_lane_reduce_k``:
        log2(BX) + KS - 1 shuffles rather than KS * log2(BX), and KS lanes store in parallel)."""
        ks = self.geometry.ks
        return 1 < ks <= self.geometry.bx and not ks & (ks - 1)

    def chunked(self, fam) -> bool:
        """Whether ``fam``'s strips are combined chunk by chunk inside the loop: its outputs
        follow the loop (a row's partials are complete once the loop has passed it), several
        blocks share them (last-block finish) and the loop is longer than one chunk."""
        red = self.reduction(fam[0])
        return (not red.accumulated and red.reducing_blocks > 1 and not self.is_atomic(fam)
                and self.geometry.iters > self.geometry.chunk)

    # ------------------------------------------------------------------ per call
    def aligned_inputs(self, vec: int) -> dict:
        """Arrays read in VEC-wide packs (contiguous matrices, vectors along F): their alignment."""
        if vec == 1:
            return {}
        out = {}
        for c in self.calls:
            for p, v in c.args.items():
                b = self.program.base(v)
                t = self.program.value(v).type
                packed = (contiguous(self, v) if t.kind == "matrix" else
                          t.kind == "vector" and self.fns[c.id].param(p).kind == "vector"
                          and self.vec_axis(c, p) == "fast")
                if b in self.reads and packed:
                    out[b] = vec * itemsize(t.dtype)
        return out

    def vec_axis(self, c, p: str) -> str:
        """Physical axis ('slow'/'fast') a vector parameter follows."""
        prm = self.fns[c.id].param(p)
        if prm.kind == "vector":
            return self.domain.axis_of(prm.index)
        raise PlanError(f"{c.label}: parameter {p} is not a vector")

    def load_key(self, c, p: str) -> tuple:
        """What a load of ``c``'s argument ``p`` puts in registers: (value, axis) of a vector
        (``x_s[KS]`` along S and ``x_f[VEC]`` along F are two loads of one vector ``x``, as in
        ``ger(A, x, x)``), (value, None) of a matrix tile."""
        v = c.args[p]
        return (v, self.vec_axis(c, p) if self.kind_of(v) == "vector" else None)

    def elem(self, c, p: str) -> str:
        """The register holding element (k, v) of ``c``'s argument ``p``."""
        v = c.args[p]
        if self.kind_of(v) == "matrix":
            return f"{ident(v)}_e[k][v]"
        return f"{ident(v)}_s[k]" if self.vec_axis(c, p) == "slow" else f"{ident(v)}_f[v]"

    def clear_acc(self, code, c):
        """``float q_acc[KS];`` set to the combine's identity."""
        red = self.reduction(c)
        o, t, op = self.reduce_names(c)
        code(f"{t} {o}_acc[{red.per_thread}];          // clear output of reduction {c.label}")
        code("#pragma unroll")
        code(f"for (int r = 0; r < {red.per_thread}; ++r) {o}_acc[r] = {op}<{t}>::identity();")

    def emit_call(self, code, c, loaded: set):
        """One call over the thread's KS x VEC elements: loads, the routine, a map's store."""
        fn = self.fns[c.id]
        code(self.comment(c))
        for p in compute_params(c):
            v = c.args.get(p)
            if v is None or v in self.produced or self.kind_of(v) not in ("matrix", "vector"):
                continue
            key = self.load_key(c, p)
            if key in loaded:
                continue
            if key[1] is None:
                load_matrix(self, code, v)
            else:
                load_vector(self, code, v, key[1], "load")
            loaded.add(key)
        out = output_of(c)
        args = [self.routine_arg(c, p, lambda v, p=p: self.elem(c, p)) for p in compute_params(c)]
        if not fn.is_reduce:
            code(f"{self.ctype_of(out)} {ident(out)}_e[KS][VEC];")
        code("#pragma unroll")
        with code.block("for (int k = 0; k < KS; ++k) {"):
            code("#pragma unroll")
            with code.block("for (int v = 0; v < VEC; ++v) {"):
                code("const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;")
                if fn.is_reduce:
                    acc = f"{ident(out)}_acc[{'k' if self.reduction(c).out_axis == 'slow' else 'v'}]"
                    code(f"if ((ALL_S || s < S) && (ALL_F || f < F)) {c.name}_compute({', '.join(args + [acc])});")
                else:
                    code("(void)s; (void)f;")
                    code(f"{c.name}_compute({', '.join(args + [ident(out) + '_e[k][v]'])});")
        if not fn.is_reduce and out in self.stored:
            store_matrix(self, code, out)
