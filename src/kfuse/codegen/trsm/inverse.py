"""The inversion kernel of TRSM's "inverse" algorithm (:mod:`kfuse.codegen.trsm.lower`): the
inverses of ALL leaf x leaf diagonal blocks of the left problem's A' in one launch, into a
workspace ``Ainv`` (block b at ``b * NB * NB``, row-major, the other triangle zero), which the
leaf GEMMs ``X'[r0..] = Ainv_b @ R'[r0..]`` then read.

One CUDA block per diagonal block, blocked and recursive (no barrier per row):

1. the block of A' goes to shared memory ``W`` (row stride ``LD = NB + 1``: the tiles' column
   reads hit distinct banks): its triangle, ones on the diagonal for a unit diagonal, the other
   triangle zero, a last partial block padded with the identity;
2. its ``D x D`` diagonal sub-blocks (D = 16) are inverted in parallel, one thread per column
   of the inverse, the column in ``D`` registers: row i (lower: forward; upper: backward) is
   ``inv[i][j] = -sum_k L[i][k] inv[k][j] / L[i][i]``, ``inv[i][i] = 1 / L[i][i]``; the thread
   reads only L, so no barrier until the columns are stored over the sub-blocks;
3. the inverses merge upward: for b = D, 2D, .. NB/2, every pair of adjacent b-blocks of a 2b
   diagonal block, lower ``inv21 = -inv22 @ (L21 @ inv11)``, upper ``inv12 = -inv11 @ (U12 @
   inv22)``: two small shared-memory GEMMs over all threads (a TM x TN register tile each; the
   k loop skips the zeros of the triangular factor), each computed in registers, then stored
   over the off-diagonal block in place (four barriers a level);
4. ``W`` is stored to ``Ainv``.

A sample (lower, non-unit, float32, NB 32, N 40; abridged)::

    extern "C" __global__ void __launch_bounds__(32)
    k0_invert(const float* __restrict__ A, float* __restrict__ Ainv)
    {
        constexpr int NB = 32, LD = NB + 1, D = 16, TM = 4, TN = 4, THREADS = 32, N = 40;
        ...
        float col[D];   // column j of the inverse of this thread's D x D diagonal sub-block
        if (tid < NB) {
            #pragma unroll
            for (int i = 0; i < D; ++i) {   // forward: row i from the rows above
                float acc = 0.0f;
                #pragma unroll
                for (int k = 0; k < i; ++k) acc = fmaf(W[(o + i) * LD + o + k], col[k], acc);
                const float d = W[(o + i) * LD + o + i];
                col[i] = i == j ? 1.0f / d : (i > j ? -acc / d : 0.0f);
            }
        }
        ...
        for (int b = D; b < NB; b *= 2) {   // merge pairs of b x b inverses into 2b x 2b ones
            ...
            const int ro = o + b, co = o;   // the off-diagonal block L21 (rows ro.., columns co..)
            float acc[TM][TN];
            // L21 @ inv11 (inv11 lower: rows k >= tc of its columns tc..)
            ...
                #pragma unroll 4
                for (int k = tc; k < b; ++k) {
                    float a[TM], w[TN];
                    ...
        }
        #pragma unroll 16
        for (int q = 0; q < NB * NB / THREADS; ++q) {   // row-major, unpadded
            const int e = q * THREADS + tid;
            Ainv[(long long)blockIdx.x * NB * NB + e] = W[e / NB * LD + e % NB];
        }
    }
"""
from __future__ import annotations

from ...ir import ctype
from ..common import CodeBlock
from ...spaces.trsm.space import INV_DIAG, INV_TM, INV_TN, inv_shared_bytes, inv_threads


def invert_launch(n: int, nb: int, es: int) -> tuple:
    """(grid, block, shared bytes) of the inversion kernel of an n x n A' in nb x nb blocks."""
    return (max(1, -(-n // nb)), 1, 1), (inv_threads(nb), 1, 1), inv_shared_bytes(nb, es)


def _load(code: CodeBlock, t: str, lower: bool, unit: bool, a_strides: tuple):
    """Step 1: the block of A' into W (its triangle; the identity elsewhere and past the last
    row); the faster index runs along A's unit stride so the reads coalesce."""
    zero, one = ("0.0f", "1.0f") if t == "float" else ("0.0", "1.0")
    tri = ("c < r" if lower else "c > r") if unit else ("c <= r" if lower else "c >= r")
    rc = "r = e % NB, c = e / NB" if abs(a_strides[0]) == 1 and abs(a_strides[1]) != 1 else "r = e / NB, c = e % NB"
    code("#pragma unroll 16   // a constant trip count: 16 global reads in flight a thread")
    with code.block("for (int q = 0; q < NB * NB / THREADS; ++q) {"):
        code(f"const int e = q * THREADS + tid, {rc};   "
             "// the triangle; the identity elsewhere (and past the last row)")
        code(f"W[r * LD + c] = (r < rows && c < rows && {tri}) ? A[(r0 + r) * ASR + (r0 + c) * ASC] : "
             f"(r == c ? {one} : {zero});")
    code("__syncthreads();")


def _diagonal(code: CodeBlock, t: str, lower: bool):
    """Step 2: each D x D diagonal sub-block inverted by D threads (one column each, in
    registers: the thread reads only L, no barrier), then stored over the sub-block."""
    zero, one, fma = ("0.0f", "1.0f", "fmaf") if t == "float" else ("0.0", "1.0", "fma")
    if lower:
        walk, terms, place = ("for (int i = 0; i < D; ++i) {   // forward: row i from the rows above",
                              "for (int k = 0; k < i; ++k)", "i > j")
    else:
        walk, terms, place = ("for (int i = D - 1; i >= 0; --i) {   // backward: row i from the rows below",
                              "for (int k = D - 1; k > i; --k)", "i < j")
    code("const int o = tid / D * D, j = tid % D;   // this thread's sub-block (rows and columns o..) and column")
    code(f"{t} col[D];   // column j of the inverse of this thread's D x D diagonal sub-block")
    with code.block("if (tid < NB) {"):
        code("#pragma unroll")
        with code.block(walk):
            code(f"{t} acc = {zero};")
            code("#pragma unroll")
            code(f"{terms} acc = {fma}(W[(o + i) * LD + o + k], col[k], acc);")
            code(f"const {t} d = W[(o + i) * LD + o + i];")
            code(f"col[i] = i == j ? {one} / d : ({place} ? -acc / d : {zero});")
    code("__syncthreads();   // every thread has read its sub-block of L")
    with code.block("if (tid < NB) {"):
        code("#pragma unroll")
        code("for (int i = 0; i < D; ++i) W[(o + i) * LD + o + j] = col[i];")
    code("__syncthreads();")


def _product(code: CodeBlock, t: str, a: str, w: str, k_range: str, title: str, sign: str):
    """One merge GEMM: ``acc = a @ w`` over ``k_range`` (a TM x TN tile a thread; ``a`` and ``w``
    the shared-memory addresses of ``a[r][k]`` and ``w[k][c]``), then, after a barrier (every
    thread has read the block it overwrites), ``sign * acc`` stored over the off-diagonal block."""
    zero, fma = ("0.0f", "fmaf") if t == "float" else ("0.0", "fma")
    code(f"// {title}")
    code("#pragma unroll")
    code(f"for (int i = 0; i < TM; ++i) for (int q = 0; q < TN; ++q) acc[i][q] = {zero};")
    with code.block("if (on) {"):
        code("#pragma unroll 4")
        with code.block(f"{k_range} {{"):
            code(f"{t} a[TM], w[TN];")
            code("#pragma unroll")
            code(f"for (int i = 0; i < TM; ++i) a[i] = {a};")
            code("#pragma unroll")
            code(f"for (int q = 0; q < TN; ++q) w[q] = {w};")
            code("#pragma unroll")
            code(f"for (int i = 0; i < TM; ++i) for (int q = 0; q < TN; ++q) acc[i][q] = {fma}(a[i], w[q], acc[i][q]);")
    code("__syncthreads();")
    with code.block("if (on) {"):
        code("#pragma unroll")
        code(f"for (int i = 0; i < TM; ++i) for (int q = 0; q < TN; ++q) W[(ro + tr + i) * LD + co + tc + q] = "
             f"{sign}acc[i][q];")
    code("__syncthreads();")


def _merge(code: CodeBlock, t: str, lower: bool):
    """Step 3: log2(NB / D) levels, each two products per pair of b-blocks (see the module doc)."""
    if lower:
        block = "const int ro = o + b, co = o;   // the off-diagonal block L21 (rows ro.., columns co..)"
        first = ("L21 @ inv11 (inv11 lower: rows k >= tc of its columns tc..)", "for (int k = tc; k < b; ++k)")
        second = ("inv21 = -inv22 @ (L21 @ inv11) (inv22 lower: columns k <= tr + TM - 1 of its rows tr..)",
                  "for (int k = 0; k < tr + TM; ++k)")
    else:
        block = "const int ro = o, co = o + b;   // the off-diagonal block U12 (rows ro.., columns co..)"
        first = ("U12 @ inv22 (inv22 upper: rows k < tc + TN of its columns tc..)", "for (int k = 0; k < tc + TN; ++k)")
        second = ("inv12 = -inv11 @ (U12 @ inv22) (inv11 upper: columns k >= tr of its rows tr..)",
                  "for (int k = tr; k < b; ++k)")
    off_a = "W[(ro + tr + i) * LD + co + k]"           # L21 / U12
    inv_w = "W[(co + k) * LD + co + tc + q]"           # the inverse on the off-block's column side
    inv_a = "W[(ro + tr + i) * LD + ro + k]"           # the inverse on its row side
    prod_w = "W[(ro + k) * LD + co + tc + q]"          # the first product, stored over the off-block
    with code.block("for (int b = D; b < NB; b *= 2) {   // merge pairs of b x b inverses into 2b x 2b ones"):
        code("const int per = (b / TM) * (b / TN);   // tiles of a b x b product; NB / (2b) pairs")
        code("const bool on = tid < NB / (2 * b) * per;")
        code("const int o = tid / per * 2 * b, tr = tid % per / (b / TN) * TM, tc = tid % per % (b / TN) * TN;")
        code(block)
        code(f"{t} acc[TM][TN];")
        _product(code, t, off_a, inv_w, first[1], first[0], "")
        _product(code, t, inv_a, prod_w, second[1], second[0], "-")


def emit_invert_kernel(kname: str, dtype: str, n: int, nb: int, lower: bool, unit: bool, a_strides: tuple,
                       comment: str = "") -> str:
    """The kernel ``kname(A, Ainv)`` inverting every nb x nb diagonal block of the n x n A'
    (``A'[r][c] = A[r * ASR + c * ASC]``; see the module doc)."""
    t = ctype(dtype)
    threads = inv_threads(nb)
    code = CodeBlock()
    if comment:
        code.extend([comment])
    code(f"// TRSM inverse: the {nb} x {nb} diagonal blocks of the {'lower' if lower else 'upper'} A' "
         f"({'unit' if unit else 'non-unit'} diagonal) inverted, one block each, into Ainv "
         f"({min(INV_DIAG, nb)} x {min(INV_DIAG, nb)} sub-blocks, then merged pairwise)")
    code(f'extern "C" __global__ void __launch_bounds__({threads})')
    code(f"{kname}(const {t}* __restrict__ A, {t}* __restrict__ Ainv)")
    with code.block("{"):
        code(f"constexpr int NB = {nb}, LD = NB + 1, D = {min(INV_DIAG, nb)}, TM = {INV_TM}, TN = {INV_TN}, "
             f"THREADS = {threads}, N = {n};")
        code(f"constexpr long long ASR = {a_strides[0]}, ASC = {a_strides[1]};   // A'[r][c] = A[r * ASR + c * ASC]")
        code('static_assert(NB * NB % THREADS == 0 && NB % D == 0, "whole copies a thread, whole sub-blocks");')
        code("extern __shared__ __align__(16) unsigned char kf_smem[];")
        code(f"{t}* W = reinterpret_cast<{t}*>(kf_smem);   "
             "// the block of A' (row stride LD), overwritten by its inverse")
        code("const int r0 = blockIdx.x * NB, rows = min(NB, N - r0), tid = threadIdx.x;")
        _load(code, t, lower, unit, a_strides)
        _diagonal(code, t, lower)
        _merge(code, t, lower)
        code("#pragma unroll 16")
        with code.block("for (int q = 0; q < NB * NB / THREADS; ++q) {   // row-major, unpadded"):
            code("const int e = q * THREADS + tid;")
            code("Ainv[(long long)blockIdx.x * NB * NB + e] = W[e / NB * LD + e % NB];")
    code("")
    return "\n".join(code.lines())


__all__ = ["emit_invert_kernel", "invert_launch"]
