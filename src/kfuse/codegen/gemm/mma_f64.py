"""The FP64 tensor-core GEMM engine (``mma_f64``): ``mma.sync.m16n8k8`` on doubles (DMMA).

:func:`emit_gemm_mma_f64` writes, for a float64 :class:`~kfuse.codegen.gemm.spec.GemmKernelSpec`
whose scheme's engine is ``mma_f64``, one kernel computing
``C[i, j] = epilogue(sum_k op(A)[i, k] * op(B)[k, j], i, j)`` with double accumulators; every
product and sum is rounded in IEEE double as FFMA's are, in another order (the tensor core's).
:func:`kfuse.codegen.gemm.emit_gemm` sends such specs here.

The kernel is the TF32 engine's (:mod:`kfuse.codegen.gemm.mma`: blocks and warps, multi-stage
``cp.async`` loads of each operand as it lies in global memory, the structured operands, SYR2K's
second pair, the epilogue) on doubles, with k slots in their natural order:

* **The mma**: ``mma.sync.aligned.m16n8k8.row.col.f64`` (sm_90+), whose fragments lie as
  ``m16n8k8`` .tf32's (A a0..a3 at (g, t), (g + 8, t), (g, t + 4), (g + 8, t + 4); B b0, b1 at
  (t, g), (t + 4, g); C c0..c3 at (g, 2t), (g, 2t + 1), (g + 8, 2t), (g + 8, 2t + 1)).  On the
  H200 it runs at the FP64 tensor peak (66 TFLOP/s), twice ``m8n8k4``'s (33;
  ``benchmarks/probes/dmma_shapes.py``).  For sm_80 - sm_89, which have only ``m8n8k4`` f64,
  the helper computes the same tile as four ``m8n8k4`` (rows g from a0, a2; rows g + 8 from
  a1, a3), so one source serves both.
* **Fragments** are doubles read straight from shared memory (no conversion), k slot t of the
  step at k kk + t (no permutation), each element one 8-byte load into the register the mma
  reads: the mma takes A as one aligned group (a0, a1, a2, a3) = rows (g, g + 8, g, g + 8), so
  a 16-byte load of a row's two k's would land in the wrong registers and cost eight moves per
  fragment.
* **Shared rows**: the pads of :func:`kfuse.spaces.gemm.engines.mma_f64.pad_elems` (doubles).
"""
from __future__ import annotations

from ...spaces.gemm.engines import mma_f64 as rules
from .mma import _MmaEmitter, refuse_unsupported
from .spec import GemmKernelSpec, GemmSource, check_spec

DMMA_HELPERS = r"""
#ifndef KF_DMMA_HELPERS
#define KF_DMMA_HELPERS
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 800
#error "kfuse engine mma_f64 needs sm_80 or newer (mma.sync f64)"
#endif
#ifndef KF_MMA_EMULATE
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 900
// d[0..1] += A (8 x 4, a) * B (4 x 8, b) for one warp (mma.m8n8k4 f64, the sm_80 - sm_89 shape).
__device__ __forceinline__ void kf_mma_f64_m8(double* d, double a, double b) {
    asm volatile("mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64 "
                 "{%0, %1}, {%2}, {%3}, {%0, %1};\n"
                 : "+d"(d[0]), "+d"(d[1])
                 : "d"(a), "d"(b));
}
#endif
// d[0..3] += A (16 x 8, a[0..3]) * B (8 x 8, b[0..1]) for one warp, double accumulators (DMMA).
__device__ __forceinline__ void kf_mma_f64(double* d, const double* a, const double* b) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 900
    kf_mma_f64_m8(d, a[0], b[0]);       // rows g, k slots 0-3
    kf_mma_f64_m8(d, a[2], b[1]);       // rows g, k slots 4-7
    kf_mma_f64_m8(d + 2, a[1], b[0]);   // rows g + 8
    kf_mma_f64_m8(d + 2, a[3], b[1]);
#else
    asm volatile("mma.sync.aligned.m16n8k8.row.col.f64.f64.f64.f64 "
                 "{%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%0, %1, %2, %3};\n"
                 : "+d"(d[0]), "+d"(d[1]), "+d"(d[2]), "+d"(d[3])
                 : "d"(a[0]), "d"(a[1]), "d"(a[2]), "d"(a[3]), "d"(b[0]), "d"(b[1]));
#endif
}
#endif
#endif  // KF_DMMA_HELPERS
"""


def emit_gemm_mma_f64(spec: GemmKernelSpec) -> GemmSource:
    """The CUDA C of ``spec`` on FP64 tensor cores; a KfuseError for what the engine refuses
    (float32, a structured operand together with a second operand pair, and the scheme's
    refusals: :func:`kfuse.spaces.gemm.engines.mma_f64.refusals`).  The kernel's text is the TF32
    engine's with double fragments and accumulators (see the module doc)."""
    refuse_unsupported(spec, "mma_f64", "float64", "float64 on FP64 tensor cores")
    check_spec(spec)
    return _DmmaEmitter(spec).source()


class _DmmaEmitter(_MmaEmitter):
    """The TF32 emitter on doubles: the f64 mma, double fragments read without conversion."""

    RULES = rules
    CTYPE, ELEM = "double", 8
    HELPERS = DMMA_HELPERS
    TILES = "constexpr int MI = WM / 16, NI = WN / 8;   // mma.m16n8k8 f64 tiles per warp (m x n)"
    COMPUTE = "// compute: BK / 8 steps of MI x NI mma.m16n8k8 f64 per warp"
    FRAG, MMA = "double", "kf_mma_f64"
    ZERO, ACC_NOTE = "0.0", "double accumulators"
    SLOTS = "k slots tg, tg + 4 = k's kk + tg, kk + tg + 4"
    ON, FORMULA = "float64 on FP64 tensor cores", "sum_k op(A)[i, k] * op(B)[k, j]"

    @staticmethod
    def _frag_a(o) -> list:
        """Statements filling af[mi][0..3] = rows r, r + 8 at k slot tg, then at tg + 4."""
        ld = f"{o.role}_LD"
        if o.kcontig:
            return [f"const double* p = &as[r * {ld} + kk + tg];",
                    f"af[mi][0] = p[0]; af[mi][1] = p[8 * {ld}]; af[mi][2] = p[4]; af[mi][3] = p[8 * {ld} + 4];"]
        return [f"const double* p = &as[(kk + tg) * {ld} + r];",
                f"af[mi][0] = p[0]; af[mi][1] = p[8]; af[mi][2] = p[4 * {ld}]; af[mi][3] = p[4 * {ld} + 8];"]

    @staticmethod
    def _frag_b(o) -> list:
        """Statements filling bf[ni][0..1] = column c at k slots tg, tg + 4."""
        ld = f"{o.role}_LD"
        if o.kcontig:
            return [f"const double* p = &bs[c * {ld} + kk + tg];", "bf[ni][0] = p[0]; bf[ni][1] = p[4];"]
        return [f"const double* p = &bs[(kk + tg) * {ld} + c];", f"bf[ni][0] = p[0]; bf[ni][1] = p[4 * {ld}];"]
