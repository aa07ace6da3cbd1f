"""cuBLAS BLAS-3 through CuPy's bindings (s/dgemm, s/dtrsm, s/dsyrk) and ctypes (s/dsymm,
s/dtrmm, s/dsyr2k): the S routines for float32 points, the D routines for float64
(:func:`routine_names`), alpha and beta device scalars of the point's dtype.

cuBLAS is column-major; the suite's matrices are row-major.  A row-major r x c array is the
column-major c x r matrix of its transpose, so (:func:`colmajor_call`):

* GEMM  C = op(A) op(B)      ->  C^T = op(B)^T op(A)^T: sgemm(op_b, op_a, n, m, k, B, A);
* SYMM/TRMM/TRSM (side s, uplo u, trans t) -> (other side, other uplo, same trans), m <-> n
  (the transpose of a lower triangle is an upper one; ``op(A)^T`` of the column-major view is
  ``op`` of it again);
* SYRK/SYR2K (uplo u, trans t) -> (other uplo, other trans).

The handle is our own (device pointer mode, on CuPy's current stream), its math mode
CUBLAS_DEFAULT_MATH for ``ieee`` (float64: DGEMM on the FP64 tensor cores where the GPU has
them, cuBLAS's default) and CUBLAS_TF32_TENSOR_OP_MATH for ``tf32`` (float32 only).  Outputs are
allocated once per input set and filled with NaN (beta = 0: cuBLAS must not read them).  TRSM
is in place in cuBLAS: each call first copies B into X (cudaMemcpyAsync, n^2 elements, < 1% of
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
PREFIX = {"float32": "s", "float64": "d"}     # cuBLAS's letter of a real dtype
CTYPES_ROUTINES = ("symm", "trmm", "syr2k")     # not in CuPy's binding: through ctypes


def routine_names(dtype: str) -> dict:
    """{family or "gemv": the cuBLAS routine of ``dtype``}: CuPy binding names (``dgemm``) or,
    for :data:`CTYPES_ROUTINES`, the library's symbol (``cublasDsymm_v2``); KeyError for a
    dtype cuBLAS's real routines do not have."""
    p = PREFIX[dtype]
    out = {f: p + f for f in ("gemm", "trsm", "syrk", "gemv")}
    out.update({f: f"cublas{p.upper()}{f}_v2" for f in CTYPES_ROUTINES})
    return out


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
    """ctypes handles of cublas{S,D}symm_v2, cublas{S,D}trmm_v2 and cublas{S,D}syr2k_v2 in
    CuPy's library (device pointer mode: every scalar and array is a pointer)."""
    path = loaded_cublas_path()
    if path is None:
        from ctypes import util as ctypes_util

        path = ctypes_util.find_library("cublas")
    if path is None:
        raise OSError("libcublas not found (neither loaded by CuPy nor on the library path)")
    lib = ctypes.CDLL(path)
    P, I = ctypes.c_void_p, ctypes.c_int
    args = {"symm": [P, I, I, I, I, P, P, I, P, I, P, P, I],
            "trmm": [P, I, I, I, I, I, I, P, P, I, P, I, P, I],
            "syr2k": [P, I, I, I, I, P, P, I, P, I, P, P, I]}
    sig = {routine_names(dt)[f]: a for dt in PREFIX for f, a in args.items()}
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
    """cuBLAS ?gemm/?symm/?trmm/?trsm/?syrk/?syr2k (S: float32, D: float64), default or TF32
    tensor-op math."""

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
        self.scalars: dict = {}

    def scalar(self, value: float, dtype: str) -> int:
        """The device pointer of ``value`` as a ``dtype`` scalar (kept for the process)."""
        key = (float(value), str(dtype))
        if key not in self.scalars:
            self.scalars[key] = self.cupy.asarray(value, dtype=dtype)
        return self.scalars[key].data.ptr

    def routine(self, family: str, dtype: str):
        """The callable cuBLAS routine of ``family`` in ``dtype`` (CuPy's binding or ctypes)."""
        name = routine_names(dtype)[family]
        if family in CTYPES_ROUTINES:
            fn = self.fns[name]
            return lambda *a: _ok(fn(*a), name)
        return getattr(self.lib, name)

    def set_precision(self, precision: str) -> None:
        super().set_precision(precision)
        mode = TF32_TENSOR_OP_MATH if precision == "tf32" else DEFAULT_MATH
        self.lib.setMathMode(self.handle, mode)

    def build(self, v, shape: tuple, precision: str):
        return (v, shape)

    def bind(self, built, args: list) -> Callable[[], object]:
        """The timed call on ``args`` (CuPy arrays; their dtype picks S or D routines)."""
        v, (m, n, k) = built
        if v.family == "fused":
            from .fused_cublas import bind as bind_fused

            return bind_fused(self, v, (m, n, k), args)
        dt = str(args[0].dtype)
        out_shape = (n, n) if v.triangle_out else (m, n)
        C = self.cupy.full(out_shape, float("nan"), dtype=dt)
        call = BODIES[v.family](self, colmajor_call(v, m, n, k), self.routine(v.family, dt),
                                (self.scalar(1.0, dt), self.scalar(0.0, dt)), args, C)

        def body():
            call()
            return C
        return body


def _gemm(impl, c, fn, s, args, C):
    A, B = args[0].data.ptr, args[1].data.ptr
    return lambda: fn(impl.handle, OP[c["opa"]], OP[c["opb"]], c["m"], c["n"], c["k"], s[0],
                      B, c["ldb"], A, c["lda"], s[1], C.data.ptr, c["ldc"])


def _symm(impl, c, fn, s, args, C):
    A, B = args[0].data.ptr, args[1].data.ptr
    return lambda: fn(impl.handle, SIDE[c["side"]], FILL[c["uplo"]], c["m"], c["n"], s[0], A,
                      c["lda"], B, c["ldb"], s[1], C.data.ptr, c["ldc"])


def _trmm(impl, c, fn, s, args, C):
    A, B = args[0].data.ptr, args[1].data.ptr
    return lambda: fn(impl.handle, SIDE[c["side"]], FILL[c["uplo"]], OP[c["trans"]], DIAG_NON_UNIT,
                      c["m"], c["n"], s[0], A, c["lda"], B, c["ldb"], C.data.ptr, c["ldc"])


def _trsm(impl, c, fn, s, args, C):
    """X = B copied into C, then the in-place solve (what an out-of-place user does)."""
    cupy = impl.cupy
    A, B = args[0].data.ptr, args[1].data.ptr
    stream = cupy.cuda.get_current_stream().ptr
    d2d = cupy.cuda.runtime.memcpyDeviceToDevice

    def call():
        cupy.cuda.runtime.memcpyAsync(C.data.ptr, B, C.nbytes, d2d, stream)
        fn(impl.handle, SIDE[c["side"]], FILL[c["uplo"]], OP[c["trans"]], DIAG_NON_UNIT,
           c["m"], c["n"], s[0], A, c["lda"], C.data.ptr, c["ldc"])
    return call


def _syrk(impl, c, fn, s, args, C):
    A = args[0].data.ptr
    return lambda: fn(impl.handle, FILL[c["uplo"]], OP[c["trans"]], c["n"], c["k"], s[0], A,
                      c["lda"], s[1], C.data.ptr, c["ldc"])


def _syr2k(impl, c, fn, s, args, C):
    A, B = args[0].data.ptr, args[1].data.ptr
    return lambda: fn(impl.handle, FILL[c["uplo"]], OP[c["trans"]], c["n"], c["k"], s[0], A,
                      c["lda"], B, c["lda"], s[1], C.data.ptr, c["ldc"])


# family -> the builder of its call: (impl, column-major arguments, routine, (one, zero), args, C)
BODIES = {"gemm": _gemm, "symm": _symm, "trmm": _trmm, "trsm": _trsm, "syrk": _syrk,
          "syr2k": _syr2k}
