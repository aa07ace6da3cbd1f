"""The ``tile`` space: a 2-D kernel over an S x F matrix domain (nested map and nested reduce)."""
from __future__ import annotations

import dataclasses

from ...errors import PlanError
from ...ir import ident, itemsize
from ..common import KernelSource
from ..emitter import KernelEmitter
from ..finish import TileReduction, tile_finish_in_block, tile_last_block, tile_last_blocks
from ..memory import contiguous, load_matrix, load_vector, store_matrix
from ..routines import compute_params


@dataclasses.dataclass(frozen=True)
class TileLaunch:
    """A tile kernel's launch as the tile space's :class:`kfuse.spaces.Geometry` gives it
    (unpacked for printing; nothing here is computed again)."""

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
    all_s: bool        # the grid covers S exactly (ALL_S)
    all_f: bool        # the grid covers F exactly (ALL_F)
    min_blocks: int    # blocks per SM promised in __launch_bounds__
    blocks_red: dict   # output axis -> blocks that combine a reduction's partial results
    blocks_out: dict   # output axis -> strips (blocks along the output axis)
    families: tuple    # reductions grouped by the axis of their outputs (tuples of calls)
    fam_axis: tuple    # per family: the physical axis of its outputs
    atomic: tuple      # per family: finishes by atomics
    chunked: tuple     # per family: strips combined chunk by chunk inside the loop


def _launch(emitter, geo) -> TileLaunch:
    """The tile space's geometry ``geo`` of the kernel (:class:`kfuse.spaces.tile.TileGeometry`)."""
    dom = emitter.domain
    calls = emitter.program.calls
    fams = geo.families   # (axis, call ids, accumulated, atomic, chunked)
    return TileLaunch(geo.block[0], geo.block[1], geo.ks, geo.vec, geo.iters, geo.iter_axis, geo.walk,
                      geo.unroll, dom.slow, dom.fast, geo.grid[0], geo.grid[1], geo.chunk, geo.all_s,
                      geo.all_f, geo.min_blocks, geo.blocks_red, geo.blocks_out,
                      tuple(tuple(calls[i] for i in f[1]) for f in fams), tuple(f[0] for f in fams),
                      tuple(f[3] for f in fams), tuple(f[4] for f in fams))


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
        k0_q_gemv(const float* __restrict__ A, const float* __restrict__ p, float* __restrict__ q_)
        {
            using idx_t = int;
            constexpr idx_t S = 1000, F = 3000;   // slow x fast extent
            constexpr int BX = 32, BY = 8, KS = 1, VEC = 4, TF = BX * VEC, TS = BY * KS;
            constexpr int ITERS = 24;   // serial iterations; grid 1 x 125
            constexpr bool ALL_S = true, ALL_F = false;   // the grid covers S (F) exactly: no bounds checks along it
            const int tx = threadIdx.x, ty = threadIdx.y;
            const idx_t sb = (idx_t)blockIdx.y * TS;          // invariant: the loop walks along F
            float q__acc[KS];          // clear output of reduction q = gemv(A, p)
            for (int r = 0; r < KS; ++r) q__acc[r] = kf_op_add_t<float>::identity();
            for (int it = 0; it < ITERS; ++it) {
                const idx_t fb = ((idx_t)blockIdx.x * ITERS + it) * TF;
                // call 0: q = gemv(A, p)   [gemv: nested_reduce, line 5]
                float A_e[KS][VEC];                        // load A
                for (int k = 0; k < KS; ++k) { ... kf_load_pack<VEC>(A + s * F, fb + tx * VEC, F, A_e[k]); }
                float p_f[VEC]; kf_load_pack<VEC>(p, fb + tx * VEC, F, p_f);     // load: p along F
                for k, v: if ((ALL_S || s < S) && (ALL_F || f < F)) q_gemv_compute(A_e[k][v], p_f[v], q__acc[k]);
            }
            // finish: q__acc[k] = kf_lane_reduce<BX, kf_op_add_t>(q__acc[k]); tx == 0 finalizes q_[s]
        }
    """

    def emit(self) -> KernelSource:
        space_geo = self.launch_geometry()
        geo = self.geometry = _launch(self, space_geo)
        self._family = {c.id: i for i, fam in enumerate(geo.families) for c in fam}
        self.build_args()
        self.add_geometry_workspace(space_geo)
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
                            (geo.bx, geo.by, 1), self.kplan, self.aligned_inputs(geo.vec), zero, body=body)

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
        code(f"constexpr bool ALL_S = {str(geo.all_s).lower()}, ALL_F = {str(geo.all_f).lower()};"
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
            for p in compute_params(self.fns[c.id]):
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
        :meth:`kfuse.spaces.tile.TileSpace.walk_refusal`).  ``strips``: each block its own strip::

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
        out_axis = geo.fam_axis[self._family[c.id]]
        reduced = "fast" if out_axis == "slow" else "slow"
        return TileReduction(c.out, out_axis, reduced, geo.blocks_red[out_axis], geo.blocks_out[out_axis],
                             geo.iter_axis == reduced, "KS" if out_axis == "slow" else "VEC",
                             geo.slow if out_axis == "slow" else geo.fast)

    def is_atomic(self, fam) -> bool:
        """Whether ``fam`` finishes by atomics (plan parameter ``finish``; default: last block)."""
        return self.geometry.atomic[self._family[fam[0].id]]

    def multi_lane(self) -> bool:
        """Whether the KS row results of a lane group reduce together (``kf_lane_reduce_k``:
        log2(BX) + KS - 1 shuffles rather than KS * log2(BX), and KS lanes store in parallel)."""
        ks = self.geometry.ks
        return 1 < ks <= self.geometry.bx and not ks & (ks - 1)

    def chunked(self, fam) -> bool:
        """Whether ``fam``'s strips are combined chunk by chunk inside the loop: its outputs
        follow the loop (a row's partials are complete once the loop has passed it), several
        blocks share them (last-block finish) and the loop is longer than one chunk."""
        return self.geometry.chunked[self._family[fam[0].id]]

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
        """One call over the thread's KS x VEC elements, a step of the kernel body placed at the
        current point of ``code``: the comment and loads, the routine, a map's store."""
        fn = self.fns[c.id]
        step = self.body.step(code, c.id)
        step.loads(self.comment(c))
        for p in compute_params(self.fns[c.id]):
            v = c.args.get(p)
            if v is None or v in self.produced or self.kind_of(v) not in ("matrix", "vector"):
                continue
            key = self.load_key(c, p)
            if key in loaded:
                continue
            if key[1] is None:
                load_matrix(self, step.loads, v)
            else:
                load_vector(self, step.loads, v, key[1], "load")
            loaded.add(key)
        out, compute = c.out, step.compute
        args = [self.routine_arg(c, p, lambda v, p=p: self.elem(c, p)) for p in compute_params(self.fns[c.id])]
        if not fn.is_reduce:
            compute(f"{self.ctype_of(out)} {ident(out)}_e[KS][VEC];")
        compute("#pragma unroll")
        with compute.block("for (int k = 0; k < KS; ++k) {"):
            compute("#pragma unroll")
            with compute.block("for (int v = 0; v < VEC; ++v) {"):
                compute("const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;")
                if fn.is_reduce:
                    acc = f"{ident(out)}_acc[{'k' if self.reduction(c).out_axis == 'slow' else 'v'}]"
                    compute(f"if ((ALL_S || s < S) && (ALL_F || f < F)) {c.name}_compute({', '.join(args + [acc])});")
                else:
                    compute("(void)s; (void)f;")
                    compute(f"{c.name}_compute({', '.join(args + [ident(out) + '_e[k][v]'])});")
        if not fn.is_reduce and out in self.stored:
            store_matrix(self, step.stores, out)
