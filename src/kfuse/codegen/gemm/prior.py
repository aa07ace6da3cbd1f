"""The seed's prior-kernel adaptor rules: a pass before the gemm kernel that writes a
structured operand in full, so the product reads a general matrix with vector loads.

* ``symmetrize`` (the seed's ``GM_map(X, Symmetry)``): the full symmetric matrix from the stored
  triangle, the other triangle mirrored through a 32 x 32 shared-memory tile (both the read and
  the write run along the contiguous index);
* ``zero_fill`` (``padding_triangular(X)``): the triangle, zeros elsewhere, ones on a unit
  diagonal.

Either reads only the stored triangle's values (a select, so a NaN in the other triangle never
reaches the product) and writes an n x n workspace in the operand's storage order, which the
gemm kernel of the same planned call reads (:class:`kfuse.codegen.gemm.lower.GemmLowering`).
"""
from __future__ import annotations

from ..common import CodeBlock

#: rules this module writes a kernel for
PRIOR_RULES = ("symmetrize", "zero_fill")
TILE = 32
ROWS = 8   # threads along the slow index of a tile (32 x 8 threads, 4 elements each)


def prior_kernel(name: str, src: str, dst: str, n: int, order: str, stored_uplo: str, rule: str,
                 diag: str, ctype: str, comment: list) -> tuple:
    """(CUDA C, grid, block) of the pass ``rule`` writing ``dst`` (n x n, ``order``) from the
    ``stored_uplo`` triangle of ``src``.  In storage coordinates (slow s, fast f: row and column
    for C order, column and row for F), element (s, f) is at ``s * n + f`` and its mirror is
    (f, s).  Sample (symmetrize, lower stored, C order, n = 1000)::

        extern "C" __global__ void __launch_bounds__(256)
        k0_A_full(const float* __restrict__ A, float* __restrict__ A_full)
        {
            constexpr int NN = 1000;   // the stored n x n matrix: (s, f) at s * NN + f
            __shared__ float mirror[32][33];   // the mirror tile: element (f, s) for (s, f)
            const int s0 = blockIdx.y * 32, f0 = blockIdx.x * 32;
            for (int y = threadIdx.y; y < 32; y += 8) {   // read (f0 + y, s0 + x): coalesced
                const int s = f0 + y, f = s0 + threadIdx.x;
                mirror[y][threadIdx.x] = s < NN && f < NN ? A[(long long)s * NN + f] : 0.0f;
            }
            __syncthreads();
            for (int y = threadIdx.y; y < 32; y += 8) {
                const int s = s0 + y, f = f0 + threadIdx.x;
                if (s < NN && f < NN)
                    A_full[(long long)s * NN + f] = f <= s ? A[(long long)s * NN + f] : mirror[threadIdx.x][y];
            }
        }
    """
    lower_c = stored_uplo == "lower"
    # (s, f) is in the stored triangle: C order (s, f) = (row, col), lower: col <= row
    mine = "f <= s" if (order == "C") == lower_c else "f >= s"
    at = "(long long)s * NN + f"
    what = {"symmetrize": f"GM_map({src}, Symmetry): the full symmetric matrix from its {stored_uplo} triangle",
            "zero_fill": f"padding_triangular({src}): its {stored_uplo} triangle, zeros elsewhere"
                         + (", ones on the (unit) diagonal" if diag == "unit" else "")}[rule]
    code = CodeBlock()
    code(f"// {name}: {what} ({order} order), before the gemm kernel")
    code.extend(comment)
    code('extern "C" __global__ void __launch_bounds__(256)')
    code(f"{name}(const {ctype}* __restrict__ {src}, {ctype}* __restrict__ {dst})")
    with code.block("{"):
        code(f"constexpr int NN = {n};   // the stored n x n matrix: (s, f) at s * NN + f")
        code(f"const int s0 = blockIdx.y * {TILE}, f0 = blockIdx.x * {TILE};")
        if rule == "symmetrize":
            code(f"__shared__ {ctype} mirror[{TILE}][{TILE + 1}];   // the mirror tile: element (f, s) for (s, f)")
            loop = f"for (int y = threadIdx.y; y < {TILE}; y += {ROWS}) {{"
            with code.block(loop + "   // read (f0 + y, s0 + x): coalesced"):
                code("const int s = f0 + y, f = s0 + threadIdx.x;")
                code(f"mirror[y][threadIdx.x] = s < NN && f < NN ? {src}[{at}] : ({ctype})0;")
            code("__syncthreads();")
            value = f"{mine} ? {src}[{at}] : mirror[threadIdx.x][y]"
        else:
            own = f"{src}[{at}]" if diag != "unit" else f"(s == f ? ({ctype})1 : {src}[{at}])"
            value = f"{mine} ? {own} : ({ctype})0"
        with code.block(f"for (int y = threadIdx.y; y < {TILE}; y += {ROWS}) {{"):
            code("const int s = s0 + y, f = f0 + threadIdx.x;")
            with code.block("if (s < NN && f < NN)", None):
                code(f"{dst}[{at}] = {value};")
    code("")
    tiles = max(1, -(-n // TILE))
    return "\n".join(code.lines()), (tiles, tiles, 1), (TILE, ROWS, 1)
