"""The TRSM leaf and copy kernels (:mod:`kfuse.codegen.trsm.lower`).

A leaf solves one diagonal block ``A'[r0:r0+rows, r0:r0+rows] X'[r0:r0+rows, :] = X'[..]`` in
place, where the left problem's A' and X' are index maps of the stored A and X (strides ``asr``,
``asc`` and ``xsr``, ``xsc``: side right reads both transposed, never copied).  The block of A'
goes to shared memory (its triangle only: the other one is never read; the diagonal's inverses
beside it, ones for a unit diagonal); each thread owns one column j of X' (the right-hand sides
in parallel), keeps it in NB registers and walks the block column by column (right-looking: the
FMAs of one column step are independent).  One ``__noinline__`` device function per solve, one
small ``extern "C"`` kernel per leaf calling it with its rows.  A sample (lower, float32, NB 4)::

    __device__ __noinline__ void k0_trsm_leaf(const float* __restrict__ A, float* __restrict__ X,
                                              const int r0, const int rows)
    {
        ...
        float x[NB];
        #pragma unroll
        for (int r = 0; r < NB; ++r) x[r] = r < rows ? X[(idx_t)(r0 + r) * XSR + (idx_t)j * XSC] : 0.0f;
        // forward: column c final, then subtracted from the rows below it
        #pragma unroll
        for (int c = 0; c < NB; ++c) {
            x[c] *= Dinv[c];
            #pragma unroll
            for (int r = c + 1; r < NB; ++r) x[r] = fmaf(-Ls[r * NB + c], x[c], x[r]);
        }
        ...
    }
    extern "C" __global__ void __launch_bounds__(32)
    k0_trsm_leaf0(const float* __restrict__ A, float* __restrict__ X) { k0_trsm_leaf(A, X, 0, 4); }
"""
from __future__ import annotations

from ...ir import ctype
from ..common import CodeBlock


def leaf_shared_bytes(nb: int, es: int) -> int:
    """Dynamic shared memory of a leaf block: the nb x nb block and nb inverses of the diagonal."""
    return (nb * nb + nb) * es


def emit_leaf_function(name: str, dtype: str, nb: int, nrhs: int, threads: int, lower: bool, unit: bool,
                       a_strides: tuple, x_strides: tuple) -> str:
    """The device function ``name(A, X, r0, rows)`` solving one leaf (see the module doc)."""
    t = ctype(dtype)
    zero, one = ("0.0f", "1.0f") if dtype == "float32" else ("0.0", "1.0")
    fma = "fmaf" if dtype == "float32" else "fma"
    tri = "c < r" if lower else "c > r"
    guard = f"KF_TRSM_LEAF_{name.upper()}"
    code = CodeBlock()
    code(f"#ifndef {guard}")
    code(f"#define {guard}")
    code(f"// TRSM leaf of {name}: {'lower' if lower else 'upper'} A' ({'unit' if unit else 'non-unit'} "
         f"diagonal), {nrhs} right-hand sides, one per thread")
    code(f"__device__ __noinline__ void {name}(const {t}* __restrict__ A, {t}* __restrict__ X, "
         "const int r0, const int rows)")
    with code.block("{"):
        code(f"constexpr int NB = {nb}, NRHS = {nrhs}, THREADS = {threads};")
        code(f"constexpr long long ASR = {a_strides[0]}, ASC = {a_strides[1]};   // A'[r][c] = A[r * ASR + c * ASC]")
        code(f"constexpr long long XSR = {x_strides[0]}, XSC = {x_strides[1]};   // X'[r][j] = X[r * XSR + j * XSC]")
        code("extern __shared__ __align__(16) unsigned char kf_smem[];")
        code(f"{t}* Ls = reinterpret_cast<{t}*>(kf_smem);   // the block of A' (its triangle; zeros elsewhere)")
        code(f"{t}* Dinv = Ls + NB * NB;                     // 1 / A'[r][r] (ones: unit diagonal or padding)")
        with code.block("for (int e = threadIdx.x; e < NB * NB; e += THREADS) {"):
            code("const int r = e / NB, c = e % NB;")
            code(f"Ls[e] = (r < rows && c < rows && {tri}) ? A[(r0 + r) * ASR + (r0 + c) * ASC] : {zero};")
        with code.block("for (int r = threadIdx.x; r < NB; r += THREADS)", None):
            code(f"Dinv[r] = {one};   // unit diagonal: never read" if unit else
                 f"Dinv[r] = r < rows ? {one} / A[(r0 + r) * (ASR + ASC)] : {one};")
        code("__syncthreads();")
        code("const int j = blockIdx.x * THREADS + threadIdx.x;   // this thread's right-hand side")
        code("if (j >= NRHS) return;")
        code(f"{t} x[NB];")
        code("#pragma unroll")
        code(f"for (int r = 0; r < NB; ++r) x[r] = r < rows ? X[(r0 + r) * XSR + j * XSC] : {zero};")
        _walk(code, lower, unit, fma)
        code("#pragma unroll")
        with code.block("for (int r = 0; r < NB; ++r)", None):
            code("if (r < rows) X[(r0 + r) * XSR + j * XSC] = x[r];")
    code(f"#endif  // {guard}")
    code("")
    return "\n".join(code.lines())


def _walk(code: CodeBlock, lower: bool, unit: bool, fma: str):
    """The solve's column walk over the block: forward (lower) or backward (upper)."""
    if lower:
        code("// forward: column c final, then subtracted from the rows below it")
        head, inner = "for (int c = 0; c < NB; ++c) {", "for (int r = c + 1; r < NB; ++r)"
    else:
        code("// backward: column c final, then subtracted from the rows above it")
        head, inner = "for (int c = NB - 1; c >= 0; --c) {", "for (int r = 0; r < c; ++r)"
    code("#pragma unroll")
    with code.block(head):
        if not unit:
            code("x[c] *= Dinv[c];")
        code("#pragma unroll")
        code(f"{inner} x[r] = {fma}(-Ls[r * NB + c], x[c], x[r]);")


def emit_leaf_kernel(kname: str, fname: str, dtype: str, threads: int, helper: str = "") -> str:
    """The leaf kernel every leaf launch of a solve shares: ``helper`` (the device function's
    text) and a kernel calling it for rows r0 .. r0 + rows (``long long`` parameters of each
    launch)::

        extern "C" __global__ void __launch_bounds__(32)
        k0_X_trsm_leaf(const float* __restrict__ A, float* __restrict__ X, const long long r0, const long long rows)
        { k0_X_trsm_leaf_solve(A, X, (int)r0, (int)rows); }
    """
    t = ctype(dtype)
    return (helper + "// leaf: rows r0 .. r0 + rows - 1 of the left problem (each launch passes r0 and rows)\n"
            f'extern "C" __global__ void __launch_bounds__({threads})\n'
            f"{kname}(const {t}* __restrict__ A, {t}* __restrict__ X, const long long r0, const long long rows)\n"
            f"{{ {fname}(A, X, (int)r0, (int)rows); }}\n")


def emit_copy_kernel(kname: str, dtype: str, m: int, n: int, b_decl: str, b_index: str, alpha_decl: str,
                     alpha_expr: str, comment: str, target: str = "X") -> str:
    """``X = alpha * B``: X (``target``) row-major m x n, B read at ``b_index`` (a C expression of i, j)."""
    t = ctype(dtype)
    x = target
    params = ", ".join(p for p in (b_decl, f"{t}* __restrict__ {x}", alpha_decl) if p)
    code = CodeBlock()
    code.extend([f"// {comment}"])
    code(f"// copy: {x} = alpha * B ({x} row-major {m} x {n}), the right-hand sides the solve then works on in place")
    code('extern "C" __global__ void __launch_bounds__(256)')
    code(f"{kname}({params})")
    with code.block("{"):
        code(f"const long long total = (long long){m} * {n};")
        code(f"const {t} alpha_v = {alpha_expr};")
        with code.block("for (long long e = (long long)blockIdx.x * 256 + threadIdx.x; e < total; "
                        "e += (long long)gridDim.x * 256) {"):
            code(f"const long long i = e / {max(n, 1)}, j = e % {max(n, 1)};")
            code(f"{x}[e] = alpha_v * B[{b_index}];")
    code("")
    return "\n".join(code.lines())
