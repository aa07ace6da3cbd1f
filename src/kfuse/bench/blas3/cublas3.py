"""cuBLAS BLAS-3 through CuPy's bindings (sgemm, strsm, ssyrk) and ctypes (ssymm, strmm, ssyr2k).

cuBLAS is column-major; the suite's matrices are row-major.  A row-major r x c array is the
column-major c x r matrix of its transpose, so (:func:`colmajor_call`):

* GEMM  C = op(A) op(B)      ->  C^T = op(B)^T op(A)^T: sgemm(op_b, op_a, n, m, k, B, A);
* SYMM/TRMM/TRSM (side s, uplo u, trans t) -> (other side, other uplo, same trans), m <-> n
  (the transpose of a lower triangle is an upper one; ``op(A)^T`` of the column-major view is
  ``op`` of it again);
* SYRK/SYR2K (uplo u, trans t) -> (other uplo, other trans).

The handle is our own (device pointer mode, on CuPy's current stream), its math mode
CUBLAS_DEFAULT_MATH for ``ieee`` and CUBLAS_TF32_TENSOR_OP_MATH for ``tf32``.  Outputs are
allocated once per input set and filled with NaN (beta = 0: cuBLAS must not read them).  TRSM
is in place in cuBLAS: each call first copies B into X (cudaMemcpyAsync, n^2 floats, < 1% of
the solve at 1024 and above), as an out-of-place user must.
"""
from __future__ import annotations

import ctypes
from typing import Callable

from .base import Blas3Impl

FILL = {"L": 0, "U": 1}         # CUBLAS_FILL_MODE_LOWER / UPPER
SIDE = {"L": 0, "R": 1}         # CUBLAS_SIDE_LEFT / RIGHT
OP = {"N": 0, "T": 1}           # CUBLAS_OP_N / T
DIAG_NON_UNIT = 0
DEFAULT_MATH, TF32_TENSOR_OP_MATH = 0, 3
FLIP = {"L": "U", "U": "L", "N": "T", "T": "N"}
FLIP_SIDE = {"L": "R", "R": "L"}


def colmajor_call(v, m: int, n: int, k: int) -> dict:
    """The column-major cuBLAS arguments computing the row-major routine ``v`` at (m, n, k):
    enums as letters, sizes, and the leading dimensions (the row lengths of the row-major
    arrays).  Pure, so it is unit-tested against a NumPy model of column-major BLAS."""
    if v.family == "gemm":
        return {"opa": v.transb, "opb": v.transa, "m": n, "n": m, "k": k,
                "lda": m if v.transa == "T" else k,      # row length of A (stored m x k or k x m)
                "ldb": k if v.transb == "T" else n, "ldc": n, "swap_ab": True}
    if v.family in ("symm", "trmm", "trsm"):
        s = m if v.side == "L" else n
        return {"side": FLIP_SIDE[v.side], "uplo": FLIP[v.uplo], "trans": v.trans,
                "m": n, "n": m, "lda": s, "ldb": n, "ldc": n}
    return {"uplo": FLIP[v.uplo], "trans": FLIP[v.trans], "n": n, "k": k,
            "lda": n if v.trans == "T" else k, "ldc": n}


def loaded_cublas_path() -> str | None:
    """The libcublas.so this process has loaded (CuPy's), from /proc/self/maps."""
    try:
        with open("/proc/self/maps") as f:
            for line in f:
                path = line.split()[-1] if line.strip() else ""
                name = path.rsplit("/", 1)[-1]
                if name.startswith("libcublas.so"):
                    return path
    except OSError:
        return None
    return None


def ctypes_cublas():
    """ctypes handles of cublasSsymm_v2, cublasStrmm_v2 and cublasSsyr2k_v2 in CuPy's library."""
    path = loaded_cublas_path()
    if path is None:
        from ctypes import util as ctypes_util

        path = ctypes_util.find_library("cublas")
    if path is None:
        raise OSError("libcublas not found (neither loaded by CuPy nor on the library path)")
    lib = ctypes.CDLL(path)
    P, I = ctypes.c_void_p, ctypes.c_int
    sig = {"cublasSsymm_v2": [P, I, I, I, I, P, P, I, P, I, P, P, I],
           "cublasStrmm_v2": [P, I, I, I, I, I, I, P, P, I, P, I, P, I],
           "cublasSsyr2k_v2": [P, I, I, I, I, P, P, I, P, I, P, P, I]}
    out = {}
    for name, args in sig.items():
        fn = getattr(lib, name)
        fn.argtypes, fn.restype = args, ctypes.c_int
        out[name] = fn
    return out


def _ok(status: int, what: str) -> None:
    if status != 0:
        raise RuntimeError(f"{what} returned cuBLAS status {status}")


class CublasBlas3(Blas3Impl):
    """cuBLAS sgemm/ssymm/strmm/strsm/ssyrk/ssyr2k, default or TF32 tensor-op math."""

    name = "cublas"
    requires = ("cupy", "cupy_backends.cuda.libs.cublas")

    def setup(self, dtype: str = "float32") -> None:
        super().setup(dtype)
        from cupy_backends.cuda.libs import cublas

        self.lib = cublas
        self.handle = cublas.create()
        cublas.setStream(self.handle, self.cupy.cuda.get_current_stream().ptr)
        cublas.setPointerMode(self.handle, cublas.CUBLAS_POINTER_MODE_DEVICE)
        self.fns = ctypes_cublas()
        self.one = self.cupy.asarray(1.0, dtype="float32")
        self.zero = self.cupy.asarray(0.0, dtype="float32")

    def set_precision(self, precision: str) -> None:
        super().set_precision(precision)
        mode = TF32_TENSOR_OP_MATH if precision == "tf32" else DEFAULT_MATH
        self.lib.setMathMode(self.handle, mode)

    def build(self, v, shape: tuple, precision: str):
        return (v, shape)

    def bind(self, built, args: list) -> Callable[[], object]:
        v, (m, n, k) = built
        if v.family == "fused":
            from .fused_cublas import bind as bind_fused

            return bind_fused(self, v, (m, n, k), args)
        c = colmajor_call(v, m, n, k)
        out_shape = (n, n) if v.triangle_out else (m, n)
        C = self.cupy.full(out_shape, float("nan"), dtype="float32")
        h, one, zero = self.handle, self.one.data.ptr, self.zero.data.ptr
        A = args[0].data.ptr
        B = args[1].data.ptr if len(args) > 1 else None
        fam = v.family
        if fam == "gemm":
            def body():
                self.lib.sgemm(h, OP[c["opa"]], OP[c["opb"]], c["m"], c["n"], c["k"], one,
                               B, c["ldb"], A, c["lda"], zero, C.data.ptr, c["ldc"])
                return C
        elif fam == "symm":
            fn = self.fns["cublasSsymm_v2"]

            def body():
                _ok(fn(h, SIDE[c["side"]], FILL[c["uplo"]], c["m"], c["n"], one, A, c["lda"],
                       B, c["ldb"], zero, C.data.ptr, c["ldc"]), "cublasSsymm_v2")
                return C
        elif fam == "trmm":
            fn = self.fns["cublasStrmm_v2"]

            def body():
                _ok(fn(h, SIDE[c["side"]], FILL[c["uplo"]], OP[c["trans"]], DIAG_NON_UNIT,
                       c["m"], c["n"], one, A, c["lda"], B, c["ldb"], C.data.ptr, c["ldc"]),
                    "cublasStrmm_v2")
                return C
        elif fam == "trsm":
            stream = self.cupy.cuda.get_current_stream().ptr
            d2d = self.cupy.cuda.runtime.memcpyDeviceToDevice

            def body():
                self.cupy.cuda.runtime.memcpyAsync(C.data.ptr, B, C.nbytes, d2d, stream)
                self.lib.strsm(h, SIDE[c["side"]], FILL[c["uplo"]], OP[c["trans"]], DIAG_NON_UNIT,
                               c["m"], c["n"], one, A, c["lda"], C.data.ptr, c["ldc"])
                return C
        elif fam == "syrk":
            def body():
                self.lib.ssyrk(h, FILL[c["uplo"]], OP[c["trans"]], c["n"], c["k"], one, A, c["lda"],
                               zero, C.data.ptr, c["ldc"])
                return C
        else:
            fn = self.fns["cublasSsyr2k_v2"]

            def body():
                _ok(fn(h, FILL[c["uplo"]], OP[c["trans"]], c["n"], c["k"], one, A, c["lda"],
                       B, c["lda"], zero, C.data.ptr, c["ldc"]), "cublasSsyr2k_v2")
                return C
        return body
