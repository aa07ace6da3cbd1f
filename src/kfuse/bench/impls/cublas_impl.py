"""The paper's CUBLAS baseline: in-place cuBLAS calls through CuPy's bindings.

Written as a C programmer would write it against cuBLAS: output buffers and
device-side scalars are allocated once per input set (in ``bind``), and every
call issues only the cuBLAS calls plus the copies that the in-place cuBLAS API
forces (``cudaMemcpyAsync`` device to device), e.g. SGEMV copies y into z before
``gemv`` updates z in place, GEMVER copies A into B before the two ``ger``.
Pointer mode is DEVICE, so no call waits for the host.

Row-major A (m x n) is the column-major n x m matrix with lda = n: ``A @ x`` is
``gemv(OP_T, n, m)``, ``A.T @ y`` is ``gemv(OP_N, n, m)``, ``A += u v^T`` is
``ger(n, m, v, u)``.
"""
from __future__ import annotations

from typing import Callable

from . import Impl


class CublasImpl(Impl):
    """cuBLAS level-1/2 calls (and ``geam`` for MADD) with the copies they force."""

    name = "cublas"
    requires = ("cupy", "cupy_backends.cuda.libs.cublas")

    def setup(self, dtype: str) -> None:
        super().setup(dtype)
        from cupy_backends.cuda.libs import cublas

        self.lib = cublas
        # a handle of our own: CuPy's shared handle expects host pointer mode for its own
        # calls (the float64 reference runs through it), ours uses device pointer mode
        self.handle = cublas.create()
        cublas.setStream(self.handle, self.cupy.cuda.get_current_stream().ptr)
        cublas.setPointerMode(self.handle, cublas.CUBLAS_POINTER_MODE_DEVICE)
        prefix = "d" if dtype == "float64" else "s"
        self.routines = {name: getattr(cublas, prefix + name)
                         for name in ("gemv", "ger", "axpy", "scal", "dot", "geam")}
        self.d2d = self.cupy.cuda.runtime.memcpyDeviceToDevice
        self.one = self.scalar(1.0)
        self.zero = self.scalar(0.0)

    # -- helpers ---------------------------------------------------------------
    def scalar(self, value: float):
        """A 0-d device array holding ``value`` (pointer mode DEVICE)."""
        return self.cupy.asarray(value, dtype=self.dtype)

    def fn(self, name: str):
        """The s/d variant of a cuBLAS routine."""
        return self.routines[name]

    def copy(self, dst, src) -> None:
        """dst <- src with cudaMemcpyAsync on the current stream."""
        self.cupy.cuda.runtime.memcpyAsync(dst.data.ptr, src.data.ptr, src.nbytes, self.d2d,
                                           self.cupy.cuda.get_current_stream().ptr)

    def gemv(self, trans: bool, alpha, A, x, beta, y) -> None:
        """y <- alpha * op(A) x + beta * y for row-major A; op = transpose if ``trans``."""
        m, n = A.shape
        op = self.lib.CUBLAS_OP_N if trans else self.lib.CUBLAS_OP_T
        self.fn("gemv")(self.handle, op, n, m, alpha.data.ptr, A.data.ptr, n,
                        x.data.ptr, 1, beta.data.ptr, y.data.ptr, 1)

    def ger(self, alpha, u, v, A) -> None:
        """A <- A + alpha * u v^T for row-major A (u: m, v: n)."""
        m, n = A.shape
        self.fn("ger")(self.handle, n, m, alpha.data.ptr, v.data.ptr, 1, u.data.ptr, 1,
                       A.data.ptr, n)

    def axpy(self, alpha, x, y) -> None:
        """y <- y + alpha * x."""
        self.fn("axpy")(self.handle, x.size, alpha.data.ptr, x.data.ptr, 1, y.data.ptr, 1)

    def scal(self, alpha, x) -> None:
        """x <- alpha * x."""
        self.fn("scal")(self.handle, x.size, alpha.data.ptr, x.data.ptr, 1)

    def dot(self, x, y, result) -> None:
        """result (0-d device array) <- x . y."""
        self.fn("dot")(self.handle, x.size, x.data.ptr, 1, y.data.ptr, 1, result.data.ptr)

    def geam(self, A, B, C) -> None:
        """C <- A + B (elementwise; any consistent layout)."""
        m, n = A.shape
        op = self.lib.CUBLAS_OP_N
        self.fn("geam")(self.handle, op, op, n, m, self.one.data.ptr, A.data.ptr, n,
                        self.one.data.ptr, B.data.ptr, n, C.data.ptr, n)

    def empty(self, shape):
        """An output buffer, zeroed once so that no call ever reads garbage."""
        return self.cupy.zeros(shape, dtype=self.dtype)

    # -- binding -------------------------------------------------------------------
    def bind(self, built, args: list) -> Callable[[], object]:
        """Allocate outputs and device scalars for this input set; return the call."""
        body = getattr(self, "_" + built.script)(*args)

        def call():
            return body()

        return call

    def build(self, seq, sizes: dict, dtype: str):
        return seq

    # -- the sequences, in the paper's Table 1 order ----------------------------------
    def _axpydot(self, w, v, u, alpha):
        z, r, neg = self.empty(w.shape), self.empty(()), self.scalar(-alpha)

        def body():
            self.copy(z, w)
            self.axpy(neg, v, z)
            self.dot(z, u, r)
            return z, r
        return body

    def _atax(self, A, x):
        t, y = self.empty(A.shape[0]), self.empty(A.shape[1])

        def body():
            self.gemv(False, self.one, A, x, self.zero, t)
            self.gemv(True, self.one, A, t, self.zero, y)
            return (y,)
        return body

    def _bicgk(self, A, p, r):
        q, s = self.empty(A.shape[0]), self.empty(A.shape[1])

        def body():
            self.gemv(False, self.one, A, p, self.zero, q)
            self.gemv(True, self.one, A, r, self.zero, s)
            return q, s
        return body

    def _sgemv(self, A, x, y, alpha, beta):
        z, a, b = self.empty(A.shape[0]), self.scalar(alpha), self.scalar(beta)

        def body():
            self.copy(z, y)
            self.gemv(False, a, A, x, b, z)
            return (z,)
        return body

    def _sgemvt(self, A, y, z, alpha, beta):
        x, w = self.empty(A.shape[1]), self.empty(A.shape[0])
        a, b = self.scalar(alpha), self.scalar(beta)

        def body():
            self.copy(x, z)
            self.gemv(True, b, A, y, self.one, x)
            self.gemv(False, a, A, x, self.zero, w)
            return x, w
        return body

    def _sscal(self, x, alpha):
        out, a = self.empty(x.shape), self.scalar(alpha)

        def body():
            self.copy(out, x)
            self.scal(a, out)
            return (out,)
        return body

    def _gemver(self, A, u1, v1, u2, v2, y, z, alpha, beta):
        B, x, w = self.empty(A.shape), self.empty(A.shape[1]), self.empty(A.shape[0])
        a, b = self.scalar(alpha), self.scalar(beta)

        def body():
            self.copy(B, A)
            self.ger(self.one, u1, v1, B)
            self.ger(self.one, u2, v2, B)
            self.copy(x, z)
            self.gemv(True, b, B, y, self.one, x)
            self.gemv(False, a, B, x, self.zero, w)
            return B, x, w
        return body

    def _gesummv(self, A, B, x, alpha, beta):
        y, a, b = self.empty(A.shape[0]), self.scalar(alpha), self.scalar(beta)

        def body():
            self.gemv(False, a, A, x, self.zero, y)
            self.gemv(False, b, B, x, self.one, y)
            return (y,)
        return body

    def _madd(self, A, B):
        C = self.empty(A.shape)

        def body():
            self.geam(A, B, C)
            return (C,)
        return body

    def _vadd(self, w, y, z):
        x = self.empty(w.shape)

        def body():
            self.copy(x, w)
            self.axpy(self.one, y, x)
            self.axpy(self.one, z, x)
            return (x,)
        return body

    def _waxpby(self, x, y, alpha, beta):
        w, a, b = self.empty(x.shape), self.scalar(alpha), self.scalar(beta)

        def body():
            self.copy(w, y)
            self.scal(b, w)
            self.axpy(a, x, w)
            return (w,)
        return body
