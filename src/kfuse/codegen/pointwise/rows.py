"""The ``rows`` space: a kernel over the rows of sparse matrices (SpMV, and vector maps and
reductions over the same rows)."""
from __future__ import annotations

import dataclasses

from ...ir import ctype, ident
from ..common import KernelSource
from ..emitter import KernelEmitter
from ..finish import clear_vector_reductions, vector_finish
from .vec import emit_vector_call
from ..memory import csr_rows_span, csr_span, nonzero_operands, row_loop, span_aligned, sparse_args
from ..routines import compute_params, finalize_params


@dataclasses.dataclass(frozen=True)
class RowsLaunch:
    """A rows kernel's launch as the rows space's :class:`kfuse.spaces.Geometry` gives it
    (unpacked for printing; nothing here is computed again)."""

    block: int        # threads per block (BS)
    group: int        # threads per row (G)
    iters: int        # serial iterations (ITERS)
    pack: int         # CSR nonzeros per load (PACK)
    stage: int        # groups of BS / G rows a stage collects (SUB); 0: no stage
    span: int         # consecutive rows a group owns (R)
    length: int       # rows (N)
    grid: int         # blocks
    atomic: bool      # reductions finish by atomics into accumulators
    min_blocks: int   # blocks per SM promised in __launch_bounds__ (0: none)


def _launch(emitter, geo) -> RowsLaunch:
    """The rows space's geometry ``geo`` of the kernel (its ``detail`` documents each field)."""
    d = geo.detail
    return RowsLaunch(geo.block[0], d["group"], d["iters"], d["pack"], d["stage"], d["span"], emitter.domain.length,
                      geo.grid[0], d["atomic"], d["min_blocks"])


class RowsLowering(KernelEmitter):
    """A kernel over the rows of sparse matrices: SpMV, and vector maps and reductions over
    the same rows.  A group of G threads (G | 32) walks each row's nonzeros (CSR: ``indptr[i]
    + lane``, step G, or aligned packs of ``vec`` nonzeros per 16-byte load; ELLPACK-R: slot
    ``k`` of row ``i`` at ``k * M + i``, coalesced across rows) and reduces them with shuffles.
    With G > 1 a block iteration is a *stage* of ROWS = SUB * BS / G rows (``stage`` = SUB
    groups of BS / G rows, one after the other): the row results are parked in shared memory
    and, after a barrier, the first ROWS threads run one row's element of every call in
    program order -- the products' finalize and the vector calls -- so that those loads and
    stores are coalesced (SUB = G: every thread of the block takes part).  With G = 1 a
    thread owns its row throughout.  Sample (CG's ``q = A p; pq = dot(p, q)``, CSR, G = 8,
    SUB = 8)::

        constexpr int SUB = 8, ROWS = SUB * BS / G;   // a stage: SUB groups of BS / G rows
        __shared__ float kf_stage_q[ROWS];            // the stage's row results
        const int lane = threadIdx.x & (G - 1);
        for (int it = 0; it < ITERS; ++it) {
            const idx_t base = ((idx_t)blockIdx.x * ITERS + it) * ROWS;
            #pragma unroll 1   // (unrolled, two products spill)
            for (int sub = 0; sub < SUB; ++sub) {   // G threads per row
                const int row = sub * (BS / G) + threadIdx.x / G;
                const idx_t i0 = base + row;
                float q__acc = 0;                               // call 0: q = spmv(A, p)
                if (i0 < N) {
                    const int k_end = A_indptr[i0 + 1];
                    #pragma unroll 4
                    for (int k = A_indptr[i0] + lane; k < k_end; k += G)
                        q_spmv_compute(A_data[k], p[A_indices[k]], q__acc);
                }
                q__acc = kf_lane_reduce<G, kf_op_add_t>(q__acc);
                if (lane == 0) kf_stage_q_[row] = q__acc;
            }
            __syncthreads();
            if (threadIdx.x < ROWS) {   // then a thread per row runs every call (coalesced)
                const idx_t i0 = base + threadIdx.x;
                const float q__acc = kf_stage_q_[threadIdx.x];
                if (i0 < N) {
                    float q__e[VEC]; q_spmv_finalize(q__acc, 1.0f, 0.0f, 0.0f, q__e[0]); q_[i0] = q__e[0];
                    // call 1: pq = dot(p, q) ... pq_dot_compute(p_e[v], q__e[v], pq_acc);
                }
            }
            __syncthreads();   // (ITERS > 1) the next iteration refills the stage
        }
    """

    def emit(self) -> KernelSource:
        space_geo = self.launch_geometry()
        geo = self.geometry = _launch(self, space_geo)
        self.build_args()
        self.args[:] = sparse_args(self.program, self.args)
        reduces = [c for c in self.calls if self.fns[c.id].hof == "reduce"]
        self.add_geometry_workspace(space_geo)
        body = self.body
        self.open_body(f"rows of sparse matrices, M = {geo.length}, {geo.group} thread(s) per row",
                       geo.block, geo.min_blocks)
        body.indices("using idx_t = int;")
        body.indices(f"constexpr idx_t N = {geo.length};")
        body.indices(f"constexpr int BS = {geo.block}, G = {geo.group}, ITERS = {geo.iters}, VEC = 1;")
        if geo.pack > 1:
            body.indices(f"constexpr int PACK = {geo.pack};   // CSR nonzeros per 16-byte load")
        if reduces and geo.grid > 1:
            body.indices(f"constexpr int GRID = {geo.grid};")
        self.emit_scalar_loads(body.invariants)
        self.emit_prologue(body.invariants)
        clear_vector_reductions(self, body.clears, reduces)
        sparse_calls = [c for c in self.calls if self.fns[c.id].hof == "sparse_reduce"]
        if geo.group == 1:
            self.emit_thread_rows(body.loop, sparse_calls)
        elif self.direct():
            self.emit_direct_rows(body.loop, sparse_calls)
        else:
            self.emit_staged_rows(body.loop, sparse_calls)
        if reduces:
            vector_finish(self, body.finish, reduces, geo.grid, geo.atomic)
        return KernelSource(self.kplan.name, body.render(), self.args, (geo.grid, 1, 1), (geo.block, 1, 1),
                            self.kplan, span_aligned(self.program, self.calls, geo.pack), body=body)

    def direct(self) -> bool:
        """Whether the group lanes that hold the row results run the row's calls at once (plan
        parameter ``stage`` 0; products alone with one stage, too): no shared-memory stage, no
        barrier; reductions over the rows gather in those lanes' accumulators."""
        stage = self.geometry.stage
        return stage == 0 or (stage == 1 and all(self.fns[c.id].hof == "sparse_reduce" for c in self.body_calls()))

    def emit_thread_rows(self, code, sparse_calls: list):
        """G = 1: a thread owns its row throughout (walk, then the row's calls)."""
        code("constexpr int lane = 0;")
        with code.block("for (int it = 0; it < ITERS; ++it) {"):
            code("const idx_t i0 = ((idx_t)blockIdx.x * ITERS + it) * BS + threadIdx.x;   // a thread per row")
            for c in sparse_calls:
                self.emit_row_reduce(code, c)
            self.emit_row_if_inside(code)

    def emit_staged_rows(self, code, sparse_calls: list):
        """Groups park their row results in a shared-memory stage; after a barrier a thread per
        row runs every call (the class docstring's sample)."""
        geo = self.geometry
        sub, span = geo.stage, geo.span
        if span > 1:
            code(f"constexpr int SUB = {sub}, R = {span}, ROWS = SUB * BS / G * R;"
                 "   // a stage: SUB sets of BS / G groups of R consecutive rows")
        else:
            code(f"constexpr int SUB = {sub}, ROWS = SUB * BS / G;   // a stage: SUB groups of BS / G rows")
        for c in sparse_calls:
            code(f"__shared__ {self.ctype_of(c.out)} kf_stage_{ident(c.out)}[ROWS];"
                 "   // the stage's row results")
        code("const int lane = threadIdx.x & (G - 1);")
        with code.block("for (int it = 0; it < ITERS; ++it) {"):
            code("const idx_t base = ((idx_t)blockIdx.x * ITERS + it) * ROWS;")
            if sub > 1:
                code("#pragma unroll 1")
            with code.block("for (int sub = 0; sub < SUB; ++sub) {   // G threads per row" if sub > 1 else
                            "{   // G threads per row"):
                grp = "sub * (BS / G) + threadIdx.x / G" if sub > 1 else "threadIdx.x / G"
                code(f"const int row = {grp};" if span == 1 else f"const int row = ({grp}) * R;   // the group's first row")
                code("const idx_t i0 = base + row;")
                for c in sparse_calls:
                    walk = self.emit_row_reduce(code, c)
                    o = ident(c.out)
                    walk.stores(f"if (lane % (G / R) == 0) kf_stage_{o}[row + lane / (G / R)] = {o}_r;" if span > 1
                                else f"if (lane == 0) kf_stage_{o}[row] = {o}_acc;")
            code("__syncthreads();")
            with code.block("if (threadIdx.x < ROWS) {   // then a thread per row runs every call (coalesced)"):
                code("const idx_t i0 = base + threadIdx.x;")
                for c in sparse_calls:
                    out = c.out
                    self.body.step(code, c.id, "stage").loads(
                        f"const {self.ctype_of(out)} {ident(out)}_acc = kf_stage_{ident(out)}[threadIdx.x];")
                self.emit_row_if_inside(code)
            if geo.iters > 1:
                code("__syncthreads();   // the next iteration refills the stage")

    def emit_direct_rows(self, code, sparse_calls: list):
        """No stage: each group reduces its rows' sums across its lanes, and the lane holding a
        row's sum runs the row's calls -- the products' finalize and store, the vector calls,
        its share of the reductions (products alone; any kernel under ``stage`` 0).  The vector
        inputs of the holding lane's row are loaded before the walk, so their latency hides
        under it.  Sample (BiCG's ``q = A p; pq = dot(pt, q)``, G = 16, R = 2)::

            const int lane = threadIdx.x & (G - 1);
            for (int it = 0; it < ITERS; ++it) {
                const idx_t i0 = (((idx_t)blockIdx.x * ITERS + it) * (BS / G) + threadIdx.x / G) * R;
                const bool kf_holds = lane % (G / R) == 0 && i0 + lane / (G / R) < N;
                float pt_e[VEC]; if (kf_holds) pt_e[0] = pt[i0 + lane / (G / R)];   // early
                ... q__acc[R] over the rows' span; const float q__r = kf_lane_reduce_k<G, R, ...>(q__acc);
                if (lane % (G / R) == 0) {   // this lane holds row i0 + lane / (G / R)
                    const idx_t i0 = i0 + lane / (G / R) ... finalize, q_[i0] = ...;
                    pq_dot_compute(pt_e[v], q__e[v], pq_acc);
                }
            }
        """
        one = self.geometry.span == 1
        if not one:
            code(f"constexpr int R = {self.geometry.span};   // consecutive rows per group")
        code("const int lane = threadIdx.x & (G - 1);")
        with code.block("for (int it = 0; it < ITERS; ++it) {   // a group per row" if one else
                        "for (int it = 0; it < ITERS; ++it) {   // a group per R consecutive rows"):
            code("const idx_t i0 = ((idx_t)blockIdx.x * ITERS + it) * (BS / G) + threadIdx.x / G;" if one else
                 "const idx_t i0 = (((idx_t)blockIdx.x * ITERS + it) * (BS / G) + threadIdx.x / G) * R;")
            loaded = self.emit_early_loads(code, "i0" if one else "i0 + lane / (G / R)",
                                           "lane == 0" if one else "lane % (G / R) == 0")
            for c in sparse_calls:
                self.emit_row_reduce(code, c)
            with code.block("if (lane == 0) {   // lane 0 holds the row's sums" if one else
                            "if (lane % (G / R) == 0) {   // this lane holds the sums of row i0 + lane / (G / R)"):
                if one:
                    self.emit_row_if_inside(code, loaded)
                else:
                    code("const idx_t row = i0 + lane / (G / R);")
                    with code.block("{"):
                        code("const idx_t i0 = row;")
                        for c in sparse_calls:
                            o = ident(c.out)
                            self.body.step(code, c.id, "row").loads(f"const {self.ctype_of(c.out)} {o}_acc = {o}_r;")
                        self.emit_row_if_inside(code, loaded)

    def emit_row_if_inside(self, code, loaded: set | None = None):
        """``if (i0 < N) { ... }``: the row's calls, for a row inside the matrix."""
        with code.block("if (i0 < N) {"):
            self.emit_row_body(code, loaded)

    def emit_early_loads(self, code, row: str, holder: str) -> set:
        """The vector inputs the row's calls read (those no call of the kernel produces), loaded
        by the lane that will hold the row's results before the group walks the row; returns
        them (the body then skips their loads).  Each is an ``early`` step of the first call that
        reads it; the ``kf_holds`` line they share is the loop's.  Sample::

            const bool kf_holds = lane == 0 && i0 < N;
            float pt_e[VEC]; if (kf_holds) pt_e[0] = pt[i0];"""
        wanted = {}   # value -> the first call that reads it
        for c in self.body_calls():
            if self.fns[c.id].hof == "sparse_reduce":
                continue
            for p in compute_params(self.fns[c.id]):
                v = c.args.get(p)
                if v is not None and v not in wanted and v not in self.produced and self.kind_of(v) == "vector":
                    wanted[v] = c.id
        if wanted:
            code(f"const bool kf_holds = {holder} && {row} < N;   // this lane will run the row's calls")
        steps = {}
        for v, call in wanted.items():
            if call not in steps:
                steps[call] = self.body.step(code, call, "early")
            steps[call].loads(f"{self.ctype_of(v)} {ident(v)}_e[VEC]; if (kf_holds) {ident(v)}_e[0] = "
                              f"{self.cname(v)}[{row}];   // early: in flight during the walk")
        return set(wanted)

    def emit_row_body(self, code, loaded: set | None = None):
        """Row ``i0``'s element of every call in program order (products' finalize, vector calls);
        ``loaded``: vector inputs already in registers."""
        loaded = set(loaded or ())
        for c in self.body_calls():
            if self.fns[c.id].hof == "sparse_reduce":
                self.emit_row_finalize(code, c)
            else:
                emit_vector_call(self, code, c, loaded)

    def emit_row_reduce(self, code, c):
        """The row's group walks its nonzeros and reduces them with shuffles: the call's ``walk``
        step (the comment its ``loads``; the nonzeros' loads, inside the walk, its ``compute``),
        returned for the caller's store."""
        fn, geo = self.fns[c.id], self.geometry
        o, t, op = self.reduce_names(c)
        A = next(v for p, v in c.args.items() if fn.param(p).kind == "sparse")
        fmt, a, at = self.program.value(A).type.fmt, self.cname(A), ctype(self.program.value(A).type.dtype)
        gathered = {p: v for p, v in c.args.items() if fn.param(p).kind == "vector" and fn.param(p).stage == "compute"}
        step = self.body.step(code, c.id, "walk")
        step.loads(self.comment(c))
        code = step.compute
        packed = fmt == "csr" and geo.pack > 1   # (always so when a group owns R > 1 rows)
        val, col = nonzero_operands(a, fmt, packed)
        args = []
        for p in compute_params(self.fns[c.id]):
            if fn.param(p).kind == "sparse":
                args.append(val)
            elif p in gathered:
                args.append(f"{self.cname(gathered[p])}[{col}]")
            else:
                args.append(self.routine_arg(c, p, lambda v: f"{self.cname(v)}[i0]"))
        if geo.span > 1:
            csr_rows_span(code, c, a, at, args, o, t, op, geo.pack)
            return step
        code(f"{t} {o}_acc = {op}<{t}>::identity();")
        if packed:
            csr_span(code, c, a, at, args, o, geo.pack)
        else:
            row_loop(code, c, a, fmt, args, o)
        code(f"{o}_acc = kf_lane_reduce<G, {op}>({o}_acc);   // every lane takes part (shuffles)")
        return step

    def emit_row_finalize(self, code, c):
        """A product's row result finalized into ``q__e[0]`` (stored if needed later), the call's
        ``finalize`` step::

            float q__e[VEC];
            q_spmv_finalize(q__acc, 1.0f, 0.0f, 0.0f, q__e[0]);
            q_[i0] = q__e[0];
        """
        out = c.out
        o = ident(out)
        args = []
        for p in finalize_params(self.fns[c.id]):
            v = c.args.get(p)
            if v is not None and self.kind_of(v) == "vector":
                args.append(f"{ident(v)}_e[0]" if self.program.base(v) in self.produced else f"{self.cname(v)}[i0]")
            else:
                args.append(self.routine_arg(c, p, lambda v: f"{self.cname(v)}[i0]"))
        step = self.body.step(code, c.id, "finalize")
        step.compute(f"{self.ctype_of(out)} {o}_e[VEC];")
        step.compute(f"{c.name}_finalize({', '.join([o + '_acc'] + args + [o + '_e[0]'])});")
        if out in self.stored:
            step.stores(f"{o}[i0] = {o}_e[0];")
