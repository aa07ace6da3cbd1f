"""Line 10 of Algorithm 1, for every space: block, warp and grid reductions, and the finishes
after them (the last block of the grid or strip, or atomics into accumulators).

A 1-D kernel (``vec``, ``rows``) reduces into one value per reduction: :func:`vector_finish`.
A tile kernel reduces into vectors along one axis per *family* of reductions:
:func:`tile_finish_in_block` (lane shuffles or shared memory), then the strips' last blocks
(:func:`tile_last_block`, :func:`tile_last_blocks`) or atomics (:func:`atomic_contribution`).
Every finish ends in :func:`finalize_call`."""
from __future__ import annotations

import dataclasses

from ..ir import ident
from .routines import finalize_params


@dataclasses.dataclass(frozen=True)
class TileReduction:
    """Where a tile reduction's output lies and how its finish goes (from the tile geometry)."""

    out: str               # output value
    out_axis: str          # physical axis of the output: 'slow' or 'fast'
    reduced_axis: str      # the other axis, reduced
    reducing_blocks: int   # blocks along the reduced axis (1: the block's result is final)
    output_blocks: int     # blocks along the output axis (strips)
    accumulated: bool      # the loop walks the reduced axis: registers accumulate over it
    per_thread: str        # register count per thread: 'KS' (rows) or 'VEC' (columns)
    length: str            # extent of the output axis (S or F, as a number)


# ================================================================= shared pieces
def finalize_call(em, code, c, acc: str, index: str, target: str | None, suffix: str = "_o",
                  zero_vectors: bool = False):
    """``target = finalize(acc)`` at output index ``index``: finalize-stage vectors are read
    there (from registers if an earlier reduction of the kernel computed them; 0 if
    ``zero_vectors``)::

        float q_o;
        q_gemv_finalize(q_a, 1.0f, 0.0f, y[s], q_o);
        q[s] = q_o;
    """
    out = c.out
    args = []
    for p in finalize_params(em.fns[c.id]):
        v = c.args.get(p)
        if v is not None and em.kind_of(v) == "vector" and zero_vectors:
            args.append(f"{em.ctype_of(v)}(0)")
        elif v is not None and em.kind_of(v) == "vector":
            b = em.program.base(v)
            args.append(f"{ident(b)}_o" if b in em.produced else f"{em.cname(v)}[{index}]")
        else:
            args.append(em.routine_arg(c, p, lambda v: f"{em.cname(v)}[{index}]"))
    code(f"{em.ctype_of(out)} {ident(out)}{suffix};")
    code(f"{c.name}_finalize({', '.join([acc] + args + [ident(out) + suffix])});")
    if out in em.stored and target is not None:
        code(f"{target} = {ident(out)}{suffix};")


# ================================================================= 1-D kernels (vec, rows)
def clear_vector_reductions(em, code, reduces):
    """Line 5: one cleared accumulator per reduction::

        float r_acc = kf_op_add_t<float>::identity();   // clear output of accumulated reduction
    """
    for c in reduces:
        o, t, op = em.reduce_names(c)
        code(f"{t} {o}_acc = {op}<{t}>::identity();   // clear output of accumulated reduction")


def vector_finish(em, code, reduces, grid: int, accumulate: bool):
    """Block reductions, then (``grid`` > 1) partials and one last-block handshake for all, or
    one atomic per block and the accumulated finish.  Sample (``r = dot(z, u)``, GRID > 1)::

        // finish the reduction of call 2 (r = dot(z, u)) in the block
        {
            __shared__ float kf_red_r[(BS + 31) / 32];
            r_acc = kf_block_reduce<BS, kf_op_add_t>(r_acc, kf_red_r);
            if (threadIdx.x == 0) kf_part_r[blockIdx.x] = r_acc;
        }
        // the last block to finish combines the partial results of all blocks
        if (kf_last_block(kf_count, GRID)) { ... kf_block_reduce of the partials; r[0] = r_f; }
    """
    for c in reduces:
        o, t, op = em.reduce_names(c)
        code(f"// finish the reduction of call {c.id} ({c.label}) in the block")
        with code.block("{"):
            code(f"__shared__ {t} kf_red_{o}[(BS + 31) / 32];")
            code(f"{o}_acc = kf_block_reduce<BS, {op}>({o}_acc, kf_red_{o});")
            if grid == 1:
                with code.block("if (threadIdx.x == 0) {"):
                    finalize_call(em, code, c, f"{o}_acc", "0", f"{o}[0]", suffix="_f")
            elif accumulate:
                code(f"if (threadIdx.x == 0) kf_atomic_add(&kf_sum_{o}[0], {o}_acc);   // one atomic per block")
            else:
                code(f"if (threadIdx.x == 0) kf_part_{o}[blockIdx.x] = {o}_acc;")
    if grid == 1:
        return
    if accumulate:
        accumulated_finish(em, code, reduces)
        return
    code("// the last block to finish combines the partial results of all blocks")
    with code.block("if (kf_last_block(kf_count, GRID)) {"):
        for c in reduces:
            o, t, op = em.reduce_names(c)
            with code.block("{"):
                code(f"{t} acc = {op}<{t}>::identity();")
                code(f"for (int b = threadIdx.x; b < GRID; b += BS) acc = {op}<{t}>::apply(acc, "
                     f"kf_ldcg(&kf_part_{o}[b]));")
                code(f"__shared__ {t} kf_red2_{o}[(BS + 31) / 32];")
                code(f"acc = kf_block_reduce<BS, {op}>(acc, kf_red2_{o});")
                with code.block("if (threadIdx.x == 0) {"):
                    finalize_call(em, code, c, "acc", "0", f"{o}[0]", suffix="_f")


def accumulated_finish(em, code, reduces):
    """The last block finalizes the accumulated sums and clears them for the next launch.
    Sample (``pq = dot(p, q)``)::

        if (kf_last_block(kf_count, GRID) && threadIdx.x == 0) {
            {
                const float acc = kf_ldcg(&kf_sum_pq[0]);
                kf_sum_pq[0] = kf_op_add_t<float>::identity();   // ready for the next launch
                float pq_f;
                pq_dot_finalize(acc, pq_f);
                pq[0] = pq_f;
            }
        }
    """
    code("// the last block to finish finalizes the sums the blocks' atomics built, and clears them")
    with code.block("if (kf_last_block(kf_count, GRID) && threadIdx.x == 0) {"):
        for c in reduces:
            o, t, op = em.reduce_names(c)
            with code.block("{"):
                code(f"const {t} acc = kf_ldcg(&kf_sum_{o}[0]);")
                code(f"kf_sum_{o}[0] = {op}<{t}>::identity();   // ready for the next launch")
                finalize_call(em, code, c, "acc", "0", f"{o}[0]", suffix="_f")


# ================================================================= tile kernels
def atomic_contribution(em, code, c, acc: str, index: str, block: str):
    """Add this block's share of ``c``'s output at ``index`` atomically: the first block along
    the reduced axis adds finalize(acc); the others add finalize(acc) - finalize(0) with the
    finalize-stage vectors taken as 0, so the constant part (beta * y) is added once, exactly::

        float y_c;
        if (blockIdx.x == 0) {
            ... y_c = y_f;
        } else {
            ... y_c = y_f - y_z;
        }
        kf_atomic_add(&y[s], y_c);
    """
    out = c.out
    t, oi = em.ctype_of(out), ident(out)
    code(f"{t} {oi}_c;")
    with code.block(f"if ({block} == 0) {{", close=None):
        finalize_call(em, code, c, acc, index, None, suffix="_f")
        code(f"{oi}_c = {oi}_f;")
    with code.block("} else {"):
        finalize_call(em, code, c, acc, index, None, suffix="_f", zero_vectors=True)
        finalize_call(em, code, c, f"{t}(0)", index, None, suffix="_z", zero_vectors=True)
        code(f"{oi}_c = {oi}_f - {oi}_z;")
    code(f"kf_atomic_add(&{oi}[{index}], {oi}_c);")


def tile_finish_output(em, code, c, fam, acc: str, index: str, block: str, extent: str):
    """The block's result ``acc`` for output index ``index``: final when one block spans the
    reduced axis, else added atomically or written as the partial of block ``block``."""
    red = em.reduction(c)
    out = ident(red.out)
    if red.reducing_blocks == 1:
        finalize_call(em, code, c, acc, index, f"{out}[{index}]")
    elif em.is_atomic(fam):
        atomic_contribution(em, code, c, acc, index, block)
    else:
        code(f"kf_part_{out}[(idx_t){block} * {extent} + {index}] = {acc};")


def _finish_row(em, code, fam, acc: str):
    """Row ``s`` of thread row k: each reduction of ``fam`` finishes its block result ``acc``
    (a pattern of the output identifier ``o``) there, if the row exists."""
    code("const idx_t s = sb + ty + k * BY;")
    with code.block("if (ALL_S || s < S) {"):
        for c in fam:
            o = ident(em.reduction(c).out)
            tile_finish_output(em, code, c, fam, acc.format(o=o), "s", "blockIdx.x", "S")


def tile_finish_in_block(em, code, fam):
    """Reduce a family's per-thread partials across the block (lane shuffles along F, shared
    memory along S); finalize or write block partials.  Sample (rows along S, BX lanes)::

        // finish reduction(s) q = gemv(A, p) across the block
        {
            #pragma unroll
            for (int k = 0; k < KS; ++k) q_acc[k] = kf_lane_reduce<BX, kf_op_add_t>(q_acc[k]);
            if (tx == 0) { ... for each row k: q[s] = finalize(q_acc[k]) ... }
        }
    """
    red = em.reduction(fam[0])
    labels = "; ".join(c.label for c in fam)
    code(f"// finish reduction(s) {labels} across the block")
    with code.block("{"):
        if red.reduced_axis == "fast" and em.multi_lane():
            for c in fam:
                o, t, op = em.reduce_names(c)
                code(f"const {t} {o}_r = kf_lane_reduce_k<BX, KS, {op}>({o}_acc);   // row k = tx / (BX / KS)")
            with code.block("if (tx % (BX / KS) == 0) {"):
                code("const int k = tx / (BX / KS);")
                _finish_row(em, code, fam, "{o}_r")
        elif red.reduced_axis == "fast":
            for c in fam:
                o, t, op = em.reduce_names(c)
                code("#pragma unroll")
                code(f"for (int k = 0; k < KS; ++k) {o}_acc[k] = kf_lane_reduce<BX, {op}>({o}_acc[k]);")
            with code.block("if (tx == 0) {"):
                code("#pragma unroll")
                with code.block("for (int k = 0; k < KS; ++k) {"):
                    _finish_row(em, code, fam, "{o}_acc[k]")
        else:
            _finish_columns(em, code, fam)


def _finish_columns(em, code, fam):
    """Along S: the BY thread rows' partials meet in shared memory; row 0 combines them."""
    for c in fam:
        o, t, op = em.reduce_names(c)
        code(f"__shared__ {t} kf_sm_{o}[BY][TF];")
        code("#pragma unroll")
        code(f"for (int v = 0; v < VEC; ++v) kf_sm_{o}[ty][tx * VEC + v] = {o}_acc[v];")
    code("__syncthreads();")
    with code.block("if (ty == 0) {"):
        code("#pragma unroll")
        with code.block("for (int v = 0; v < VEC; ++v) {"):
            code("const idx_t f = fb + tx * VEC + v;")
            with code.block("if (ALL_F || f < F) {"):
                for c in fam:
                    o, t, op = em.reduce_names(c)
                    code(f"{t} {o}_a = kf_sm_{o}[0][tx * VEC + v];")
                    code(f"for (int y = 1; y < BY; ++y) {o}_a = {op}<{t}>::apply({o}_a, kf_sm_{o}[y][tx * VEC + v]);")
                    tile_finish_output(em, code, c, fam, f"{o}_a", "f", "blockIdx.y", "F")
    code("__syncthreads();")


def counter_name(fam) -> str:
    """The last-block counter of a family: ``kf_count_<first output>``."""
    return f"kf_count_{ident(fam[0].out)}"


def strip_of(em, fam) -> str:
    """The block index that names ``fam``'s strip (the blocks sharing its outputs)."""
    return "blockIdx.y" if em.reduction(fam[0]).out_axis == "slow" else "blockIdx.x"


def tile_last_blocks(em, code, fams):
    """The two families of a tile (outputs along S and along F) finished by their strips'
    last blocks after the loop: one counter round trip for both (``kf_last_blocks``; in turn
    they cost two), then each family's
    combine.  Sample (BiCGK, grid 16 x 16)::

        // the last blocks of their strips finish q = gemv(A, p) | s = gemv_t(A, r)
        unsigned int* const kf_counters[2] = {kf_count_q + blockIdx.y, kf_count_s_ + blockIdx.x};
        const unsigned int kf_blocks[2] = {16u, 16u};
        bool kf_last[2];
        kf_last_blocks<2>(kf_counters, kf_blocks, kf_last);
        if (kf_last[0]) {
            const idx_t lo = (idx_t)blockIdx.y * (TS * ITERS);
            ... sum the 16 partials of each row of the strip, finalize, store q ...
        }
        if (kf_last[1]) { ... }
    """
    n = len(fams)
    code("// the last blocks of their strips finish " + " | ".join("; ".join(c.label for c in f) for f in fams))
    code(f"unsigned int* const kf_counters[{n}] = {{"
         + ", ".join(f"{counter_name(f)} + {strip_of(em, f)}" for f in fams) + "};")
    code(f"const unsigned int kf_blocks[{n}] = {{"
         + ", ".join(f"{em.reduction(f[0]).reducing_blocks}u" for f in fams) + "};")
    code(f"bool kf_last[{n}];")
    code(f"kf_last_blocks<{n}>(kf_counters, kf_blocks, kf_last);")
    for i, fam in enumerate(fams):
        _combine(em, code, fam, f"kf_last[{i}]")


def _combine(em, code, fam, cond: str):
    """``if (cond)``: sum the strip's partials of ``fam`` and finalize (after the loop)."""
    geo, red = em.geometry, em.reduction(fam[0])
    tile = "TS" if red.out_axis == "slow" else "TF"
    span = f"{tile} * ITERS" if geo.iter_axis == red.out_axis else tile
    with code.block(f"if ({cond}) {{"):
        if geo.walk != "strips" and geo.iter_axis != red.out_axis:   # the block's own rows (columns), as walked
            code(f"const idx_t lo = {'sb' if red.out_axis == 'slow' else 'fb'};")
        else:
            code(f"const idx_t lo = (idx_t){strip_of(em, fam)} * ({span});")
        _combine_rows(em, code, fam, span)


def _combine_rows(em, code, fam, span: str):
    """The loop over a strip's outputs from ``lo`` summing each one's partials."""
    red = em.reduction(fam[0])
    code(f"const idx_t hi = lo + ({span}) < {red.length} ? lo + ({span}) : {red.length};")
    with code.block("for (idx_t x = lo + tx + ty * BX; x < hi; x += BX * BY) {"):
        for c in fam:
            o, t, op = em.reduce_names(c)
            code(f"{t} {o}_a = {op}<{t}>::identity();")
            code(f"for (int b = 0; b < {red.reducing_blocks}; ++b) {o}_a = {op}<{t}>::apply({o}_a, "
                 f"kf_ldcg(&kf_part_{o}[(idx_t)b * {red.length} + x]));")
            finalize_call(em, code, c, f"{o}_a", "x", f"{o}[x]")


def tile_last_block(em, code, fam, chunked: bool = False):
    """The last block of each strip combines the family's partials and finalizes, in call
    order.  ``chunked``: inside the loop, after every CHUNK iterations, the last block to
    finish them combines the rows they covered (one counter per strip and chunk).  Sample
    (BiCGK's ``q = A p``, rows along S, 64 blocks per row)::

        if ((it + 1) % CHUNK == 0) {   // the rows of the last CHUNK iterations are done
            if (kf_last_block(kf_count_q + blockIdx.y * (ITERS / CHUNK) + it / CHUNK, 64)) {
                const idx_t lo = ((idx_t)blockIdx.y * ITERS + it + 1 - CHUNK) * TS;
                const idx_t hi = lo + (TS * CHUNK) < 16384 ? lo + (TS * CHUNK) : 16384;
                for (idx_t x = lo + tx + ty * BX; x < hi; x += BX * BY) { ... sum 64 partials ... }
            }
        }
    """
    red = em.reduction(fam[0])
    strip = strip_of(em, fam)
    labels = "; ".join(c.label for c in fam)
    if not chunked:
        code(f"// the last block of each strip finishes {labels}")
        _combine(em, code, fam, f"kf_last_block({counter_name(fam)} + {strip}, {red.reducing_blocks})")
        return
    tile = "TS" if red.out_axis == "slow" else "TF"
    with code.block("if ((it + 1) % CHUNK == 0) {   // the rows of the last CHUNK iterations are done: "
                    "the last block to finish them"):
        code(f"// combines {labels} there")
        with code.block(f"if (kf_last_block({counter_name(fam)} + {strip} * (ITERS / CHUNK) + it / CHUNK, "
                        f"{red.reducing_blocks})) {{"):
            code(f"const idx_t lo = ((idx_t){strip} * ITERS + it + 1 - CHUNK) * {tile};")
            _combine_rows(em, code, fam, f"{tile} * CHUNK")
