"""The ``vec`` space: a 1-D kernel over vectors of length N (unnested map and reduce)."""
from __future__ import annotations

from ...ir import ident, itemsize
from ..common import KernelSource
from ..emitter import KernelEmitter
from ..finish import clear_vector_reductions, vector_finish
from ..memory import load_pack, store_pack
from ..routines import compute_params


def emit_vector_call(em, code, c, loaded: set):
    """One call's VEC elements at ``i0``, a step of the kernel body placed at the current point
    of ``code``: the comment and pack loads of its vector inputs (once per kernel iteration:
    ``loaded``), the routine per element, a pack store of a map's stored output::

        // call 2: r = dot(z, u)   [dot: reduce, line 6]
        float z_e[VEC]; kf_load_pack<VEC>(z, i0, N, z_e);
        float u_e[VEC]; kf_load_pack<VEC>(u, i0, N, u_e);
        #pragma unroll
        for (int v = 0; v < VEC; ++v) if (i0 + v < N) r_dot_compute(z_e[v], u_e[v], r_acc);
    """
    step = em.body.step(code, c.id)
    step.loads(em.comment(c))
    for p in compute_params(em.fns[c.id]):
        v = c.args.get(p)
        if v is None or em.kind_of(v) == "scalar" or v in loaded or v in em.produced:
            continue
        loaded.add(v)
        load_pack(em, step.loads, v)
    args = [em.routine_arg(c, p, lambda v: f"{ident(v)}_e[v]") for p in compute_params(em.fns[c.id])]
    out, compute = c.out, step.compute
    if em.fns[c.id].is_reduce:
        compute("#pragma unroll")
        compute(f"for (int v = 0; v < VEC; ++v) if (i0 + v < N) "
                f"{c.name}_compute({', '.join(args + [ident(out) + '_acc'])});")
    else:
        compute(f"{em.ctype_of(out)} {ident(out)}_e[VEC];")
        compute("#pragma unroll")
        compute(f"for (int v = 0; v < VEC; ++v) {c.name}_compute({', '.join(args + [ident(out) + '_e[v]'])});")
        if out in em.stored:
            store_pack(step.stores, out)


class VecLowering(KernelEmitter):
    """A 1-D kernel over vectors of length N (unnested map and reduce).

    Thread ``t`` of block ``b`` handles, in serial iteration ``it``, the VEC
    consecutive elements from ``i0 = ((b * ITERS + it) * BS + t) * VEC`` (one
    16-byte load per array when VEC * sizeof(T) == 16).  Reductions fold into a
    per-thread ``acc``, then the block reduces, writes one partial per block,
    and the last block to finish combines the partials and finalizes.
    Sample (``r = dot(z, u)``, N = 100000, float32)::

        extern "C" __global__ void __launch_bounds__(256)
        k2_r_dot(const float* __restrict__ z, const float* __restrict__ u, float* __restrict__ r,
                 float* __restrict__ kf_part_r, unsigned int* __restrict__ kf_count)
        {
            using idx_t = int;
            constexpr idx_t N = 100000;
            constexpr int BS = 256, VEC = 4, ITERS = 1;
            constexpr int GRID = 98;
            float r_acc = kf_op_add_t<float>::identity();   // clear output of accumulated reduction
            for (int it = 0; it < ITERS; ++it) {
                const idx_t i0 = (((idx_t)blockIdx.x * ITERS + it) * BS + threadIdx.x) * VEC;
                if (i0 < N) {
                    // call 2: r = dot(z, u)   [dot: reduce, line 6]
                    float z_e[VEC]; kf_load_pack<VEC>(z, i0, N, z_e);
                    float u_e[VEC]; kf_load_pack<VEC>(u, i0, N, u_e);
                    #pragma unroll
                    for (int v = 0; v < VEC; ++v) if (i0 + v < N) r_dot_compute(z_e[v], u_e[v], r_acc);
                }
            }
            ... block reduction; partial per block; the last block finalizes r[0]
        }
    """

    def emit(self) -> KernelSource:
        """The kernel, its launch geometry read from the vec space (grid, block, workspace;
        detail: vec, iters, unroll, atomic)."""
        geo = self.geometry = self.launch_geometry()
        detail, grid, length = geo.detail, geo.grid[0], self.domain.length
        self.build_args()
        reduces = [c for c in self.calls if self.fns[c.id].is_reduce]
        self.add_geometry_workspace(geo)
        body = self.body
        self.open_body(f"vec, N = {length}", geo.threads)
        body.indices(f"using idx_t = {'long long' if length * 2 >= 2**31 else 'int'};")
        body.indices(f"constexpr idx_t N = {length};")
        body.indices(f"constexpr int BS = {geo.threads}, VEC = {detail['vec']}, ITERS = {detail['iters']};")
        body.indices(f"constexpr int GRID = {grid};" if reduces and grid > 1
                     else f"// grid: {grid} block(s)")
        self.emit_scalar_loads(body.invariants)
        self.emit_prologue(body.invariants)
        clear_vector_reductions(self, body.clears, reduces)
        self.emit_loop(body.loop)
        if reduces:
            vector_finish(self, body.finish, reduces, grid, detail["atomic"])
        return KernelSource(self.kplan.name, body.render(), self.args, geo.grid, geo.block,
                            self.kplan, self.aligned_inputs(detail["vec"]), body=body)

    def emit_loop(self, code):
        """The serial loop: each thread's VEC elements at ``i0``, every call in order."""
        unroll = self.geometry.detail["unroll"]
        if unroll > 1:
            code(f"#pragma unroll {unroll}   // more loads in flight")
        with code.block("for (int it = 0; it < ITERS; ++it) {"):
            code("const idx_t i0 = (((idx_t)blockIdx.x * ITERS + it) * BS + threadIdx.x) * VEC;")
            with code.block("if (i0 < N) {"):
                loaded = set()
                for c in self.body_calls():
                    emit_vector_call(self, code, c, loaded)

    def aligned_inputs(self, vec: int) -> dict:
        """Arrays read or written with VEC-wide packs: value -> required byte alignment."""
        if vec == 1:
            return {}
        return {v: vec * itemsize(self.program.value(v).type.dtype) for v in self.reads
                if self.kind_of(v) == "vector"}
