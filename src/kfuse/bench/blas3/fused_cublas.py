"""The cuBLAS + CuPy elementwise peer of the fused workloads (:mod:`.fused`): what a programmer
writes by hand with the vendor library (the ``cublas`` implementation of the suite).

Row-major r x c arrays are column-major c x r matrices (:mod:`.cublas3`), so with ``gemm``
below ``C = A @ B`` (A m x k, B k x n) is ``sgemm(N, N, n, m, k, B, n, A, k, C, n)`` and
``y = C @ x`` is ``sgemv(T, n, m, C, n, x, y)``.  Per workload (outputs allocated once per input
set, outside the timed call):

* ``gemm_bias_relu``: sgemm, then one CuPy ElementwiseKernel ``max(c + bias[j], 0)`` in place;
* ``gemm_gemv``: sgemm, then sgemv on C;
* ``abx``: the hand-reassociated ``A @ (B @ x)``: two sgemv (a BLAS user calls GEMV; the
  array peers run the code as written and form the product);
* ``residual_norms``: copy B into R, sgemm with alpha = -1, beta = 1 into R, then one CuPy
  ReductionKernel ``sqrt(sum(r * r))`` over the columns;
* ``prologue``: one CuPy ElementwiseKernel ``max(a, 0)`` into a temporary, then sgemm;
* ``shared_operand``: two sgemm.
"""
from __future__ import annotations

from typing import Callable

OP_N, OP_T = 0, 1


def kernels(cupy) -> dict:
    """The CuPy elementwise / reduction kernels (compiled on first use)."""
    return {
        "bias_relu": cupy.ElementwiseKernel("raw T bias, int64 n", "T c",
                                            "c = max(c + bias[i % n], (T)0)", "bench_bias_relu"),
        "relu": cupy.ElementwiseKernel("T a", "T b", "b = max(a, (T)0)", "bench_relu"),
        "colnorm": cupy.ReductionKernel("T r", "T s", "r * r", "a + b", "s = sqrt(a)", "0",
                                        "bench_colnorm"),
    }


def bind(impl, w, shape: tuple, args: list) -> Callable[[], object]:
    """The timed call of workload ``w`` at ``shape`` = (m, n, k) on CuPy ``args``; ``impl`` is
    the suite's :class:`.cublas3.CublasBlas3` (handle in device pointer mode, scalars 1 and 0)."""
    cupy, lib, h = impl.cupy, impl.lib, impl.handle
    m, n, k = shape
    one, zero = impl.one.data.ptr, impl.zero.data.ptr
    minus = cupy.asarray(-1.0, dtype="float32")
    K = kernels(cupy)
    f32 = "float32"

    def gemm(a, b, c, rows, cols, inner, alpha=one, beta=zero):
        lib.sgemm(h, OP_N, OP_N, cols, rows, inner, alpha, b.data.ptr, cols, a.data.ptr, inner,
                  beta, c.data.ptr, cols)

    def gemv(a, x, y, rows, cols):      # y = a @ x, a row-major rows x cols
        lib.sgemv(h, OP_T, cols, rows, one, a.data.ptr, cols, x.data.ptr, 1, zero, y.data.ptr, 1)

    if w.name == "gemm_bias_relu":
        A, B, bias = args
        C = cupy.empty((m, n), dtype=f32)

        def body():
            gemm(A, B, C, m, n, k)
            K["bias_relu"](bias, n, C)
            return C
    elif w.name == "gemm_gemv":
        A, B, x = args
        C, y = cupy.empty((m, n), dtype=f32), cupy.empty(m, dtype=f32)

        def body():
            gemm(A, B, C, m, n, k)
            gemv(C, x, y, m, n)
            return C, y
    elif w.name == "abx":
        A, B, x = args
        t, y = cupy.empty(k, dtype=f32), cupy.empty(m, dtype=f32)

        def body():
            gemv(B, x, t, k, n)
            gemv(A, t, y, m, k)
            return y
    elif w.name == "residual_norms":
        A, X, B, _ = args
        R = cupy.empty((m, n), dtype=f32)

        def body():
            R[...] = B
            gemm(A, X, R, m, n, k, alpha=minus.data.ptr, beta=one)
            return K["colnorm"](R, axis=0)
    elif w.name == "prologue":
        A, B = args
        T, C = cupy.empty((m, k), dtype=f32), cupy.empty((m, n), dtype=f32)

        def body():
            K["relu"](A, T)
            gemm(T, B, C, m, n, k)
            return C
    else:
        A, B1, B2 = args
        C1, C2 = cupy.empty((m, n), dtype=f32), cupy.empty((m, n), dtype=f32)

        def body():
            gemm(A, B1, C1, m, n, k)
            gemm(A, B2, C2, m, n, k)
            return C1, C2
    body.keep = (minus,)        # the device scalar lives as long as the call
    return body
