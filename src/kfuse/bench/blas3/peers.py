"""The implementations the BLAS-3 suite times (on :class:`kfuse.bench.impls.Impl`).

* ``kfuse``: ``@kfuse.jit`` of ``A @ B`` (``.T`` views choose the transposes) for exact
  GEMM (float32, or float64 on the FP64 tensor cores: engine mma_f64); ``kfuse.blas.<routine>(...)`` with the BLAS arguments otherwise (BLAS3_API.md).  A
  routine or precision kfuse does not provide yet is recorded as "not built" with kfuse's own
  message, never timed;
* ``cublas``: cuBLAS through CuPy and ctypes (:mod:`.cublas3`), default / TF32 tensor-op math
  (the S routines for float32, the D routines for float64);
* ``cupy``: ``cupy.matmul`` (compute type FP32 or TF32; float64 its default) and
  ``cupyx.scipy.linalg.solve_triangular``;
* ``torch``: ``torch.matmul`` (``allow_tf32`` off / on), ``torch.linalg.solve_triangular``;
* ``inductor`` / ``inductor-max-autotune``: ``torch.compile`` (mode ``default`` and
  ``max-autotune-no-cudagraphs``) of the same torch function, compile time reported apart.

Peers without the routine: SYMM and TRMM are a dense matmul of the filled matrix (symmetrized or
triangle-masked once per input set, outside the timed call: the peer's best case), SYRK is
``A @ A.T``, SYR2K ``A @ B.T + B @ A.T`` (the full matrix; the check reads one triangle).
torch.compile runs for GEMM, SYRK and SYR2K only: for SYMM/TRMM (the same dense matmul as GEMM)
and TRSM (one aten call) it compiles to the eager call.

Every peer computes in the dtype of its inputs (the point's); float64 points are ``ieee`` only.

Fused workloads and NPBench chains (:mod:`.fused`): every peer runs the same user function
(torch.compile too: fusing them is its job); kfuse is "not built" unless its plan fuses a fused
workload (an NPBench chain runs as kfuse plans it).

Every implementation the suite knows is one entry of :data:`REGISTRY`.
"""
from __future__ import annotations

from ...pipeline.tune_points import kfuse_blas_kwargs
from ..impls import first_line
from ..impls.torch_impl import TorchImpl
from . import fused as F
from . import workloads as W
from .base import Blas3Impl


class NotBuilt(Exception):
    """kfuse does not provide this routine or precision yet (the message says which)."""


# ---------------------------------------------------------------------------
# array-library peers: one function per variant over an ops namespace
# ---------------------------------------------------------------------------

def dense_fill(xp, v, a):
    """What a peer without SYMM/TRMM multiplies by: the filled symmetric / masked triangle."""
    if v.family == "symm":
        return W.sym(xp, a, v.uplo)
    return W.tri(xp, a, v.uplo)


def array_fn(v, matmul, solve):
    """The routine on arrays, given ``matmul(x, y)`` and ``solve(A, B, lower, left, trans)``."""
    T = (lambda x, t: x.T if t == "T" else x)
    f = v.family
    if f == "gemm":
        return lambda A, B: matmul(T(A, v.transa), T(B, v.transb))
    if f == "symm" or f == "trmm":
        t = v.trans if f == "trmm" else "N"
        if v.side == "L":
            return lambda A, B: matmul(T(A, t), B)
        return lambda A, B: matmul(B, T(A, t))
    if f == "trsm":
        return lambda A, B: solve(A, B, v.uplo == "L", v.side == "L", v.trans == "T")
    if f == "syrk":
        return (lambda A: matmul(A, A.T)) if v.trans == "N" else (lambda A: matmul(A.T, A))
    if v.trans == "N":
        return lambda A, B: matmul(A, B.T) + matmul(B, A.T)
    return lambda A, B: matmul(A.T, B) + matmul(B.T, A)


class CupyBlas3(Blas3Impl):
    """cupy.matmul and cupyx.scipy.linalg.solve_triangular (TF32 through CuPy's compute type
    for matmul and the math mode of CuPy's cuBLAS handle for the solve, restored after)."""

    name = "cupy"
    requires = ("cupy",)

    def setup(self, dtype: str = "float32") -> None:
        super().setup(dtype)
        from cupy._core import _routines_linalg as rl

        self.rl = rl
        self.saved_compute = rl.get_compute_type(self.cupy.float32)
        from cupy_backends.cuda.libs import cublas

        self.cublas = cublas
        self.handle = self.cupy.cuda.device.get_cublas_handle()
        self.saved_math = cublas.getMathMode(self.handle)

    def set_precision(self, precision: str) -> None:
        super().set_precision(precision)
        tf32 = precision == "tf32"
        self.rl.set_compute_type(self.cupy.float32,
                                 self.rl.COMPUTE_TYPE_TF32 if tf32 else self.rl.COMPUTE_TYPE_FP32)
        self.cublas.setMathMode(self.handle, 3 if tf32 else 0)

    def restore(self) -> None:
        """Give CuPy its compute type and its handle's math mode back."""
        self.rl.set_compute_type(self.cupy.float32, self.saved_compute)
        self.cublas.setMathMode(self.handle, self.saved_math)

    def build(self, v, shape, precision):
        import cupyx.scipy.linalg as L

        def solve(A, B, lower, left, trans):
            if left:
                return L.solve_triangular(A, B, trans=int(trans), lower=lower, check_finite=False)
            # X op(A) = B  <=>  op(A)^T X^T = B^T
            return L.solve_triangular(A, B.T, trans=int(not trans), lower=lower,
                                      check_finite=False).T

        if v.family == F.FAMILY:
            return (F.cupy_fn(v, self.cupy), v)
        return (array_fn(v, self.cupy.matmul, solve), v)

    def prepare(self, built, native):
        v = built[1]
        if v.family in ("symm", "trmm"):
            return [dense_fill(self.cupy, v, native[0])] + native[1:]
        return native


class TorchBlas3(TorchImpl, Blas3Impl):
    """torch.matmul / torch.linalg.solve_triangular, ``allow_tf32`` per precision."""

    name = "torch"
    requires = ("torch", "cupy")
    odd_check = True

    def setup(self, dtype: str = "float32") -> None:
        TorchImpl.setup(self, dtype)
        self.precision = "ieee"

    def set_precision(self, precision: str) -> None:
        self.precision = precision
        tf32 = precision == "tf32"
        self.torch.backends.cuda.matmul.allow_tf32 = tf32
        self.torch.set_float32_matmul_precision("high" if tf32 else "highest")

    def torch_fn(self, v):
        torch = self.torch

        def solve(A, B, lower, left, trans):
            a = A.T if trans else A
            return torch.linalg.solve_triangular(a, B, upper=(lower == trans), left=left)

        if v.family == F.FAMILY:
            return F.torch_fn(v, torch)
        return array_fn(v, torch.matmul, solve)

    def build(self, v, shape, precision):
        return (self.torch_fn(v), v)

    def prepare(self, built, native):
        v = built[1]
        if v.family in ("symm", "trmm"):
            a = native[0]
            t = self.torch
            if v.family == "symm":
                low = t.tril(a) if v.uplo == "L" else t.triu(a)
                strict = t.tril(a, -1) if v.uplo == "L" else t.triu(a, 1)
                return [(low + strict.T).contiguous()] + native[1:]
            return [(t.tril(a) if v.uplo == "L" else t.triu(a)).contiguous()] + native[1:]
        return native


class InductorBlas3(TorchBlas3):
    """torch.compile(fn, mode=..., dynamic=False) of the torch function; one compile per point
    (``torch._dynamo.reset()`` first), the first call (trace + compile) reported apart."""

    name = "inductor"
    requires = ("torch", "triton", "cupy")
    mode = "default"
    families = ("gemm", "syrk", "syr2k", F.FAMILY)
    odd_check = False       # a second compile (an autotune for max-autotune) per variant

    def build(self, v, shape, precision):
        torch = self.torch
        torch._dynamo.reset()
        fn = self.torch_fn(v)
        return (torch.compile(fn, mode=self.mode, dynamic=False), v)


class InductorMaxAutotuneBlas3(InductorBlas3):
    """torch.compile(fn, mode="max-autotune-no-cudagraphs", dynamic=False)."""

    name = "inductor-max-autotune"
    mode = "max-autotune-no-cudagraphs"


# ---------------------------------------------------------------------------
# kfuse
# ---------------------------------------------------------------------------

def jit_source(v) -> str:
    """``def gemm_nt(A, B): return A @ B.T``: the user's code for a GEMM variant."""
    a = "A.T" if v.transa == "T" else "A"
    b = "B.T" if v.transb == "T" else "B"
    return f"def {v.name.lower().replace('-', '_')}(A, B):\n    return {a} @ {b}\n"


class KfuseBlas3(Blas3Impl):
    """kfuse through the user-facing API; "not built" for what it does not provide yet."""

    name = "kfuse"
    requires = ("kfuse", "cupy")

    def setup(self, dtype: str = "float32") -> None:
        super().setup(dtype)
        import kfuse

        self.kfuse = kfuse

    def build(self, v, shape, precision):
        kfuse = self.kfuse
        if v.family == F.FAMILY:
            return self.build_fused(v, shape)
        if v.family == "gemm" and precision == "ieee":
            ns: dict = {}
            exec(compile(jit_source(v), f"<blas3 {v.name}>", "exec"), ns)   # noqa: S102 - our template
            fn = next(x for k, x in ns.items() if not k.startswith("__"))
            return (kfuse.jit(fn), v)
        blas = getattr(kfuse, "blas", None)
        routine = getattr(blas, v.family, None)
        if routine is None:
            raise NotBuilt(f"kfuse.blas.{v.family} does not exist yet")
        kwargs = dict(kfuse_blas_kwargs(v), precision=precision)
        return ((lambda *xs: routine(*xs, **kwargs)), v)

    def build_fused(self, v, shape):
        """``kfuse.jit`` of the workload, after checking on the host that kfuse's plan fuses it
        (:func:`.fused.plan_problem`; NotBuilt with kfuse's reason otherwise)."""
        prog, plan = F.kfuse_plan(v, *shape, dtype=self.dtype)
        problem = F.plan_problem(v, prog, plan)
        if problem:
            raise NotBuilt(problem)
        self.plan_note = F.describe_plan(plan)
        return (self.kfuse.jit(F.kfuse_fn(v)), v)

    def prepare(self, built, native):
        """For a fused workload: the plan the jit compiled for these arrays must fuse it too (an
        NPBench chain: whatever it planned, recorded)."""
        fn, v = built
        if v.family == F.FAMILY:
            kernels = fn.plan_for(*native)["kernels"]
            spaces = [kern["space"] for kern in kernels]
            desc = " + ".join(f"{kern['space']}{list(kern['calls'])}" for kern in kernels)
            if v.max_kernels is not None and (len(kernels) > v.max_kernels or
                                              spaces.count("gemm") > v.max_gemm):
                raise NotBuilt(f"kfuse.jit compiled {v.name} as {desc}, not fused")
            self.plan_note = desc
        return native


def is_not_built(impl: Blas3Impl, exc: BaseException) -> bool:
    """True when ``exc`` (from kfuse's build or first call) says kfuse lacks the feature."""
    if not impl.name.startswith("kfuse"):
        return False
    from ...errors import KfuseError

    return isinstance(exc, (NotBuilt, NotImplementedError, KfuseError))


def _cublas() -> Blas3Impl:
    from .cublas3 import CublasBlas3

    return CublasBlas3()


# name -> factory; the order is the default run order
REGISTRY: dict = {"kfuse": KfuseBlas3, "cublas": _cublas, "cupy": CupyBlas3, "torch": TorchBlas3,
                  "inductor": InductorBlas3, "inductor-max-autotune": InductorMaxAutotuneBlas3}
DEFAULT_IMPLS = tuple(REGISTRY)


def get(name: str) -> Blas3Impl:
    """The implementation ``name`` (one of :data:`DEFAULT_IMPLS`)."""
    if name not in REGISTRY:
        raise KeyError(f"unknown implementation {name!r}; known: {', '.join(DEFAULT_IMPLS)}")
    return REGISTRY[name]()


__all__ = ["REGISTRY", "DEFAULT_IMPLS", "get", "is_not_built", "first_line", "NotBuilt"]
