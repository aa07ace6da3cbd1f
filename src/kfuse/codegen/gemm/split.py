"""Split-k and the vector-store epilogue of the FFMA GEMM emitter (:mod:`kfuse.codegen.gemm.ffma`): SPLITK blocks share one
output tile, each summing a share of the k tiles (``blockIdx.z``); the last to finish adds the
partial tiles in split order and runs the epilogue, so any epilogue (alpha, beta * C, maps)
runs once per element, and the sum is the same whichever block is last.
"""
from __future__ import annotations

from ..common import CodeBlock


def split_workspace(spec, es: int) -> tuple:
    """Split-k's scratch as (parameter name, kind, bytes): every block's partial tile
    (SPLITK x tiles x TM*TN x THREADS elements of ``es`` bytes) and one arrival counter per
    output tile (zero at allocation; the last block of a tile sets it back to zero)."""
    s = spec.scheme
    tiles = max(1, -(-spec.m // s.bm)) * max(1, -(-spec.n // s.bn))
    return (("kf_part", "partial", s.splitk * tiles * s.tm * s.tn * s.threads * es),
            ("kf_count", "counter", tiles * 4))


def split_fixup_lines(t: str) -> list:
    """Statements between the k loop and the epilogue: every block stores its partial tile;
    the last of a tile's SPLITK blocks to arrive adds them all in split order, resets the
    tile's counter and goes on to the epilogue; the others return.  Sample::

        kf_part[((long long)(pid * SPLITK + split) * (TM * TN) + r * TN + q) * THREADS + tid] = acc[r][q];
        __threadfence(); __syncthreads();
        if (tid == 0) kf_last = atomicAdd(&kf_count[pid], 1u) == SPLITK - 1;
        __syncthreads();
        if (!kf_last) return;
    """
    part = "kf_part[((long long)(pid * SPLITK + {s}) * (TM * TN) + r * TN + q) * THREADS + tid]"
    code = CodeBlock()
    code("")
    code("// ---- split-k: partial tiles stored; the last block of this tile sums them in split order ----")
    code("__shared__ int kf_last;")
    code("#pragma unroll")
    with code.block("for (int r = 0; r < TM; ++r)", None):
        code("#pragma unroll")
        code(f"for (int q = 0; q < TN; ++q) {part.format(s='split')} = acc[r][q];")
    code("__threadfence();   // this block's partial tile is visible before it counts itself in")
    code("__syncthreads();")
    code("if (tid == 0) kf_last = atomicAdd(&kf_count[pid], 1u) == SPLITK - 1;")
    code("__syncthreads();")
    code("if (!kf_last) return;")
    code("__threadfence();")
    code("if (tid == 0) kf_count[pid] = 0u;   // ready for the next launch")
    code("#pragma unroll")
    with code.block("for (int r = 0; r < TM; ++r)", None):
        code("#pragma unroll")
        with code.block("for (int q = 0; q < TN; ++q) {"):
            code(f"{t} sum = ({t})0;")
            with code.block("for (int sk = 0; sk < SPLITK; ++sk)", None):
                code(f"sum += sk == split ? acc[r][q] : {part.format(s='sk')};")
            code("acc[r][q] = sum;")
    return code.lines()


def vector_store_lines(sp, v: int, t: str, ldc: int) -> list:
    """The default epilogue with stores of ``store_vec`` elements along the output's
    contiguous index (j for C order, i for F order; the output is 16-byte aligned and its ld
    a multiple of store_vec), scalars where a vector would cross the matrix's edge."""
    rowwise = sp.c_order == "C"
    outer, inner = ("r", "q") if rowwise else ("q", "r")
    n_out, n_in = ("TM", "TN") if rowwise else ("TN", "TM")
    ix = {"r": "const int i = row0 + r / AF * (TY * AF) + ty * AF + r % AF;",
          "q": "const int j = col0 + q / BF * (TX * BF) + tx * BF + q % BF;"}
    addr = f"(idx_t)i * {ldc} + j" if rowwise else f"i + (idx_t)j * {ldc}"
    x, lim = ("j", "N") if rowwise else ("i", "M")
    y, ylim = ("i", "M") if rowwise else ("j", "N")
    elem = "acc[r][q + e]" if rowwise else "acc[r + e][q]"
    shifted = (f"{sp.c}[{addr} + e]")
    code = CodeBlock()
    code("")
    code(f"// ---- epilogue: store acc to {sp.c} ({sp.c_order} order, ld {ldc}) as vectors of "
         f"{v} along {x}, scalars at the edge ----")
    code("#pragma unroll")
    with code.block(f"for (int {outer} = 0; {outer} < {n_out}; ++{outer}) {{"):
        code(ix[outer])
        code("#pragma unroll")
        with code.block(f"for (int {inner} = 0; {inner} < {n_in}; {inner} += {v}) {{"):
            code(ix[inner])
            with code.block(f"if ({y} < {ylim} && {x} + {v} <= {lim}) {{", None):
                code(f"kf_vec<{t}, {v}> w;")
                code("#pragma unroll")
                code(f"for (int e = 0; e < {v}; ++e) w.v[e] = {elem};")
                code(f"*reinterpret_cast<kf_vec<{t}, {v}>*>(&{sp.c}[{addr}]) = w;")
            with code.block(f"}} else if ({y} < {ylim}) {{"):
                code("#pragma unroll")
                with code.block(f"for (int e = 0; e < {v}; ++e)", None):
                    code(f"if ({x} + e < {lim}) {shifted} = {elem};")
    return code.lines()
