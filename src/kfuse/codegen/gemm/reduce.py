"""Row and column sums of epilogue values inside a GEMM kernel (the FFMA emitter's epilogue).

A :class:`GemmReduction` sums a value the epilogue computes at (i, j) along one axis of the
output: ``axis="row"`` gives one value per row i (summed over j: ``y = C @ x``, gemv), ``"col"``
one per column j (summed over i: ``x @ C``, gemv_t).  Each thread adds its TM x TN elements into
per-thread partials (``name[r]`` for a row sum, ``name[q]`` for a column sum; ``r``, ``q`` are
the emitter's loop indices of the thread tile, so the epilogue's ``lines`` write into them);
then the block combines them: the threads of a warp that share a row (column) by
``__shfl_xor_sync``, the block's warps that share it through shared memory (the k loop's
buffers, free once every copy has landed), and one thread per row (column) of the block tile
runs the lowering's ``finish(index, total, origin)`` statements -- a store of the finalized value
where one block spans the summed axis, else one atomic add into an output zeroed before the
kernel.  Sample (a row sum ``y``, float32, 8 threads of a warp along n, 2 warps along n)::

    // ---- epilogue reductions: row sums y_acc (2 warps of 8 lanes share a row) ----
    kf_cp_async_wait<0>();
    __syncthreads();   // every copy has landed and every thread left the k loop: the shared tiles are free
    {
        float* red = reinterpret_cast<float*>(kf_smem);
        #pragma unroll
        for (int r = 0; r < TM; ++r) {
            float v = y_acc[r];
            #pragma unroll
            for (int off = 4; off > 0; off /= 2) v += __shfl_xor_sync(0xffffffffu, v, off);
            if (lane % 8 == 0) red[warp % 2 * BM + r / AF * (TY * AF) + ty * AF + r % AF] = v;
        }
        __syncthreads();
        for (int x = tid; x < BM; x += THREADS) {
            const int i = row0 + x;
            if (i < M) {
                float total = red[x];
                for (int g = 1; g < 2; ++g) total += red[g * BM + x];
                ... finish(i, total, col0): kf_atomic_add(&y[i], ...)
            }
        }
    }
"""
from __future__ import annotations

import dataclasses
from typing import Callable

from ...errors import ArgumentError, PlanError
from ..common import CodeBlock

AXES = ("row", "col")


@dataclasses.dataclass(frozen=True)
class GemmReduction:
    """One sum of epilogue values along an axis of the output tile (see the module doc).

    ``name``: the C identifier of the per-thread partials (``T name[TM]`` for a row sum,
    ``T name[TN]`` for a column sum, zeroed before the epilogue).  ``axis``: "row" or "col".
    ``finish(index, total, origin)``: the statements that finish output element ``index`` (a C
    expression of the row or column, in range) from the block's sum ``total``; ``origin`` is the
    block tile's first column (row sums) or row (column sums), 0 in the first block along the
    summed axis (where a constant term is added once).  ``ctype``: the partials' C type ("" = the kernel's element type)."""

    name: str
    axis: str
    finish: Callable[[str, str, str], list]
    ctype: str = ""


def check_reductions(spec) -> None:
    """Raise a KfuseError where the epilogue's reductions of ``spec`` cannot be emitted."""
    reds = spec.epilogue.reduce if spec.epilogue is not None else ()
    if not reds:
        return
    if spec.epilogue.lines is None:
        raise ArgumentError("GEMM epilogue reductions need the epilogue's lines (which add into the partials)")
    if spec.c_uplo or spec.second:
        raise ArgumentError("GEMM epilogue reductions of a symmetric or triangular result (c_uplo, second) "
                            "are not built")
    for red in reds:
        if not isinstance(red, GemmReduction) or red.axis not in AXES:
            raise ArgumentError(f"GEMM epilogue reduction {red!r}: a GemmReduction with axis 'row' or 'col'")
    names = [r.name for r in reds]
    if len(set(names)) != len(names):
        raise ArgumentError(f"GEMM epilogue reductions: partials names {names} repeat")


def partial_lines(reds, t: str) -> list:
    """The per-thread partials of every reduction, zeroed."""
    lines = []
    for red in reds:
        size = "TM" if red.axis == "row" else "TN"
        ct = red.ctype or t
        lines += [f"{ct} {red.name}[{size}];   // {red.axis} partials of this thread's tile",
                  "#pragma unroll",
                  f"for (int e = 0; e < {size}; ++e) {red.name}[e] = ({ct})0;"]
    return lines


def scratch_elems(red, scheme, wx: int) -> int:
    """Shared elements a reduction's combine needs: one row (column) of the block tile per
    warp that shares it."""
    tx, ty = scheme.bn // scheme.tn, scheme.bm // scheme.tm
    if red.axis == "row":
        return tx // wx * scheme.bm
    return ty // (32 // wx) * scheme.bn


def combine_lines(reds, t: str, scheme, dtype_bytes: int, shared_bytes: int, wx: int) -> list:
    """The block's combine of every reduction and its finish (see the module doc): reads the
    emitter's ``lane``, ``warp``, ``tx``, ``ty``, ``tid``, ``row0``, ``col0`` and reuses the
    dynamic shared memory ``kf_smem`` of the k loop (``shared_bytes`` of it)."""
    if not reds:
        return []
    if wx <= 0:
        raise PlanError(f"GEMM epilogue reductions: the scheme {scheme.to_text()} has no warp shape")
    tx, ty = scheme.bn // scheme.tn, scheme.bm // scheme.tm
    code = CodeBlock()
    code("")
    code("// ---- epilogue reductions: per-thread partials combined across the block, one finish per "
         "row / column of the tile ----")
    code("kf_cp_async_wait<0>();")
    code("__syncthreads();   // every copy has landed and every thread left the k loop: the shared tiles are free")
    for n, red in enumerate(reds):
        ct = red.ctype or t
        need = scratch_elems(red, scheme, wx) * dtype_bytes
        if need > shared_bytes:
            raise PlanError(f"GEMM epilogue reduction {red.name}: needs {need} bytes of shared memory, the "
                            f"scheme {scheme.to_text()} has {shared_bytes}")
        if n:
            code("__syncthreads();   // the previous reduction has read the shared scratch")
        with code.block("{"):
            _one(code, red, ct, tx, ty, wx)
    return code.lines()


def _one(code: CodeBlock, red, ct: str, tx: int, ty: int, wx: int):
    """One reduction's shuffles, shared scratch and finish, added to ``code``."""
    wy = 32 // wx
    if red.axis == "row":
        groups, size, tile, lim, origin = tx // wx, "TM", "BM", "M", "row0"
        offs = f"int off = {wx // 2}; off > 0; off /= 2"
        leader = f"lane % {wx} == 0"
        slot = f"warp % {groups} * BM + r / AF * (TY * AF) + ty * AF + r % AF"
        idx, first, what = "i", "col0", f"row sums {red.name} ({groups} warp(s) of {wx} lanes share a row)"
        it = "r"
    else:
        groups, size, tile, lim, origin = ty // wy, "TN", "BN", "N", "col0"
        offs = f"int off = 16; off >= {wx}; off /= 2"
        leader = f"lane < {wx}"
        slot = f"warp / {tx // wx} * BN + q / BF * (TX * BF) + tx * BF + q % BF"
        idx, first, what = "j", "row0", f"column sums {red.name} ({groups} warp(s) of {wy} lanes share a column)"
        it = "q"
    code(f"// {what}")
    code(f"{ct}* red = reinterpret_cast<{ct}*>(kf_smem);")
    code("#pragma unroll")
    with code.block(f"for (int {it} = 0; {it} < {size}; ++{it}) {{"):
        code(f"{ct} v = {red.name}[{it}];")
        code("#pragma unroll")
        code(f"for ({offs}) v += __shfl_xor_sync(0xffffffffu, v, off);")
        code(f"if ({leader}) red[{slot}] = v;")
    code("__syncthreads();")
    with code.block(f"for (int x = tid; x < {tile}; x += THREADS) {{"):
        code(f"const int {idx} = {origin} + x;")
        with code.block(f"if ({idx} < {lim}) {{"):
            code(f"{ct} total = red[x];")
            if groups > 1:
                code(f"for (int g = 1; g < {groups}; ++g) total += red[g * {tile} + x];")
            code.extend(red.finish(idx, "total", first))
