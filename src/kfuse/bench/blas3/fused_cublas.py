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
* ``shared_operand``: two sgemm;
* ``2mm`` (NPBench): T = alpha A B (sgemm, alpha = 1.5), D' = T C + beta D (D copied into the
  output, then sgemm with beta = 1.2): PolyBench's own two-GEMM form;
* ``3mm``: E = A B, F = C D, G = E F: three sgemm.

A float64 point runs the D routines (dgemm, dgemv) with float64 scalars (the suite's
:meth:`.cublas3.CublasBlas3.routine` and :meth:`~.cublas3.CublasBlas3.scalar`), the CuPy
kernels on doubles.
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


class Calls:
    """The cuBLAS calls of one workload in the dtype of its inputs: ``gemm`` and ``gemv`` on
    row-major CuPy arrays, ``empty`` outputs, device scalars, the CuPy kernels."""

    def __init__(self, impl, dtype: str):
        self.impl, self.dtype, self.h = impl, dtype, impl.handle
        self.cupy = impl.cupy
        self.K = kernels(impl.cupy)
        self._gemm, self._gemv = impl.routine("gemm", dtype), impl.routine("gemv", dtype)

    def s(self, value: float) -> int:
        """A device scalar of the dtype."""
        return self.impl.scalar(value, self.dtype)

    def empty(self, *shape):
        return self.cupy.empty(shape, dtype=self.dtype)

    def gemm(self, a, b, c, rows, cols, inner, alpha=1.0, beta=0.0):
        """c = alpha a @ b + beta c (a rows x inner, b inner x cols, row-major)."""
        self._gemm(self.h, OP_N, OP_N, cols, rows, inner, self.s(alpha), b.data.ptr, cols,
                   a.data.ptr, inner, self.s(beta), c.data.ptr, cols)

    def gemv(self, a, x, y, rows, cols):
        """y = a @ x, a row-major rows x cols."""
        self._gemv(self.h, OP_T, cols, rows, self.s(1.0), a.data.ptr, cols, x.data.ptr, 1,
                   self.s(0.0), y.data.ptr, 1)


def bind(impl, w, shape: tuple, args: list) -> Callable[[], object]:
    """The timed call of workload ``w`` at ``shape`` = (m, n, k) on CuPy ``args``; ``impl`` is
    the suite's :class:`.cublas3.CublasBlas3` (handle in device pointer mode; ``routine`` and
    ``scalar`` of the inputs' dtype).  Outputs are allocated here, outside the timed call."""
    x = Calls(impl, str(args[0].dtype))
    return BODIES[w.name](x, shape, args)


def _gemm_bias_relu(x, shape, args):
    (m, n, k), (A, B, bias) = shape, args
    C = x.empty(m, n)

    def body():
        x.gemm(A, B, C, m, n, k)
        x.K["bias_relu"](bias, n, C)
        return C
    return body


def _gemm_gemv(x, shape, args):
    (m, n, k), (A, B, v) = shape, args
    C, y = x.empty(m, n), x.empty(m)

    def body():
        x.gemm(A, B, C, m, n, k)
        x.gemv(C, v, y, m, n)
        return C, y
    return body


def _abx(x, shape, args):
    (m, n, k), (A, B, v) = shape, args
    t, y = x.empty(k), x.empty(m)

    def body():
        x.gemv(B, v, t, k, n)
        x.gemv(A, t, y, m, k)
        return y
    return body


def _residual_norms(x, shape, args):
    (m, n, k), (A, X, B, _) = shape, args
    R = x.empty(m, n)

    def body():
        R[...] = B
        x.gemm(A, X, R, m, n, k, alpha=-1.0, beta=1.0)
        return x.K["colnorm"](R, axis=0)
    return body


def _prologue(x, shape, args):
    (m, n, k), (A, B) = shape, args
    T, C = x.empty(m, k), x.empty(m, n)

    def body():
        x.K["relu"](A, T)
        x.gemm(T, B, C, m, n, k)
        return C
    return body


def _shared_operand(x, shape, args):
    (m, n, k), (A, B1, B2) = shape, args
    C1, C2 = x.empty(m, n), x.empty(m, n)

    def body():
        x.gemm(A, B1, C1, m, n, k)
        x.gemm(A, B2, C2, m, n, k)
        return C1, C2
    return body


def _2mm(x, shape, args):
    """PolyBench's 2mm: tmp = alpha A B; D' = tmp C + beta D (into a copy of D)."""
    from .fused import ALPHA, BETA

    (m, n, k), (A, B, C, D) = shape, args
    T, out = x.empty(m, n), x.empty(m, n)

    def body():
        x.gemm(A, B, T, m, n, k, alpha=ALPHA)
        out[...] = D
        x.gemm(T, C, out, m, n, n, beta=BETA)
        return out
    return body


def _3mm(x, shape, args):
    (m, n, k), (A, B, C, D) = shape, args
    E, F, G = x.empty(m, n), x.empty(n, n), x.empty(m, n)

    def body():
        x.gemm(A, B, E, m, n, k)
        x.gemm(C, D, F, n, n, k)
        x.gemm(E, F, G, m, n, n)
        return G
    return body


BODIES = {"gemm_bias_relu": _gemm_bias_relu, "gemm_gemv": _gemm_gemv, "abx": _abx,
          "residual_norms": _residual_norms, "prologue": _prologue,
          "shared_operand": _shared_operand, "2mm": _2mm, "3mm": _3mm}
