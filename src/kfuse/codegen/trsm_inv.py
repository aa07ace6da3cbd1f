"""The inversion kernel of TRSM's "inverse" algorithm (issue 20, round 4; :mod:`kfuse.codegen.
lower_trsm`): the inverses of ALL leaf x leaf diagonal blocks of the left problem's A' in one
launch, into a workspace ``Ainv`` (block b at ``b * NB * NB``, row-major, the other triangle
zero), which the leaf GEMMs ``X'[r0..] = Ainv_b @ R'[r0..]`` then read.

One CUDA block per diagonal block, ``NB x S`` threads: thread (j, s) owns column j of the
inverse and every S-th term of its sums.  The block of A' goes to shared memory (its triangle,
ones on the diagonal for a unit diagonal; a last partial block padded with the identity) and is
overwritten row by row by its inverse: row i of ``inv(L)`` needs row i of L and rows < i of the
inverse (lower; upper walks the rows backward), ``inv[i][j] = -sum_{j<=k<i} L[i][k] inv[k][j] /
L[i][i]``, ``inv[i][i] = 1 / L[i][i]``.  Two barriers a row: the partial sums written, then row
i of the inverse stored over row i of L.  A sample (lower, non-unit, float32, NB 4; abridged)::

    extern "C" __global__ void __launch_bounds__(16)
    k0_invert(const float* __restrict__ A, float* __restrict__ Ainv)
    {
        constexpr int NB = 4, S = 4, THREADS = NB * S, N = 10;
        ...
        for (int i = 0; i < NB; ++i) {   // forward: row i of the inverse from its rows above
            const float d = W[i * NB + i];
            float acc = 0.0f;
            for (int k = j + s; k < i; k += S) acc = fmaf(W[i * NB + k], W[k * NB + j], acc);
            P[s * NB + j] = acc;
            __syncthreads();
            if (s == 0) {
                float sum = 0.0f;
                #pragma unroll
                for (int q = 0; q < S; ++q) sum += P[q * NB + j];
                W[i * NB + j] = j == i ? 1.0f / d : (j < i ? -sum / d : 0.0f);
            }
            __syncthreads();
        }
        for (int e = threadIdx.x; e < NB * NB; e += THREADS) Ainv[(long long)blockIdx.x * NB * NB + e] = W[e];
    }
"""
from __future__ import annotations

from ..spaces.trsm import inv_shared_bytes, inv_split

CTYPES = {"float32": "float", "float64": "double"}


def invert_launch(n: int, nb: int, es: int) -> tuple:
    """(grid, block, shared bytes) of the inversion kernel of an n x n A' in nb x nb blocks."""
    return (max(1, -(-n // nb)), 1, 1), (nb * inv_split(nb), 1, 1), inv_shared_bytes(nb, es)


def emit_invert_kernel(kname: str, dtype: str, n: int, nb: int, lower: bool, unit: bool, a_strides: tuple,
                       comment: str = "") -> str:
    """The kernel ``kname(A, Ainv)`` inverting every nb x nb diagonal block of the n x n A'
    (``A'[r][c] = A[r * ASR + c * ASC]``; see the module doc)."""
    t = CTYPES[dtype]
    zero, one = ("0.0f", "1.0f") if dtype == "float32" else ("0.0", "1.0")
    fma = "fmaf" if dtype == "float32" else "fma"
    s = inv_split(nb)
    tri = ("c < r" if lower else "c > r") if unit else ("c <= r" if lower else "c >= r")
    if lower:
        walk = "for (int i = 0; i < NB; ++i) {   // forward: row i of the inverse from its rows above"
        terms = "for (int k = j + s; k < i; k += S)"
        place = "j < i"
    else:
        walk = "for (int i = NB - 1; i >= 0; --i) {   // backward: row i of the inverse from its rows below"
        terms = "for (int k = i + 1 + s; k <= j; k += S)"
        place = "j > i"
    body = [
        f"constexpr int NB = {nb}, S = {s}, THREADS = NB * S, N = {n};",
        f"constexpr long long ASR = {a_strides[0]}, ASC = {a_strides[1]};   // A'[r][c] = A[r * ASR + c * ASC]",
        "extern __shared__ __align__(16) unsigned char kf_smem[];",
        f"{t}* W = reinterpret_cast<{t}*>(kf_smem);   // the block of A', overwritten row by row by its inverse",
        f"{t}* P = W + NB * NB;                        // partial sums of one row: P[s * NB + j]",
        "const int r0 = blockIdx.x * NB, rows = min(NB, N - r0);",
        "for (int e = threadIdx.x; e < NB * NB; e += THREADS) {",
        "    const int r = e / NB, c = e % NB;   // the triangle; the identity elsewhere (and past the last row)",
        f"    W[e] = (r < rows && c < rows && {tri}) ? A[(r0 + r) * ASR + (r0 + c) * ASC] : (r == c ? {one} : {zero});",
        "}",
        "__syncthreads();",
        "const int j = threadIdx.x % NB, s = threadIdx.x / NB;   // column j of the inverse, every S-th term",
        walk,
        f"    const {t} d = W[i * NB + i];",
        f"    {t} acc = {zero};",
        f"    {terms} acc = {fma}(W[i * NB + k], W[k * NB + j], acc);",
        "    P[s * NB + j] = acc;",
        "    __syncthreads();",
        "    if (s == 0) {",
        f"        {t} sum = {zero};",
        "        #pragma unroll",
        "        for (int q = 0; q < S; ++q) sum += P[q * NB + j];",
        f"        W[i * NB + j] = j == i ? {one} / d : ({place} ? -sum / d : {zero});",
        "    }",
        "    __syncthreads();",
        "}",
        "for (int e = threadIdx.x; e < NB * NB; e += THREADS) Ainv[(long long)blockIdx.x * NB * NB + e] = W[e];",
    ]
    head = [comment] if comment else []
    return "\n".join(head + [
        f"// TRSM inverse: the {nb} x {nb} diagonal blocks of the {'lower' if lower else 'upper'} A' "
        f"({'unit' if unit else 'non-unit'} diagonal) inverted, one block each, into Ainv",
        f'extern "C" __global__ void __launch_bounds__({nb * s})',
        f"{kname}(const {t}* __restrict__ A, {t}* __restrict__ Ainv)",
        "{", *("    " + ln for ln in body), "}", ""])


__all__ = ["emit_invert_kernel", "invert_launch"]
