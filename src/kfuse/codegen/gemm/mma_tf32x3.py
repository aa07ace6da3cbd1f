"""The error-compensated fp32 GEMM engine (``mma_tf32x3``): 3xTF32 on ``mma.sync.m16n8k8``.

:func:`emit_gemm_mma_tf32x3` writes, for a float32 :class:`~kfuse.codegen.gemm.spec.GemmKernelSpec`
whose scheme's engine is ``mma_tf32x3``, the TF32 engine's kernel (:mod:`kfuse.codegen.gemm.mma`:
blocks, warps, loads, structured operands, epilogue) in which every fragment element ``x`` is
split as it is read from shared memory into a head ``hi`` (``x`` truncated to TF32: a finite ``x``
never has an infinite head) and a tail ``lo = tf32(x - hi)`` (none for an Inf or a NaN, whose head
is itself; :mod:`kfuse.spaces.gemm.engines.mma_tf32x3` says why), and each mma tile
runs three ``mma.sync``, the small terms first, into a partial from zero that is then added to
the fp32 accumulators in fp32 (the tensor core's adder truncates: accumulated there, a sum
drifts toward zero by up to a unit in the last place at every mma.sync, 5.8e-5 relative at k = 8192
with positive terms on the H200, three times fp32's tolerance)::

    unsigned af[MI][4], bf[NI][2], al[MI][4], bl[NI][2];   // heads and tails
    kf_tf32_split(lo.v[0], af[mi][0], al[mi][0]); ...
    kf_mma_tf32x3(acc[mi][ni], af[mi], bf[ni], al[mi], bl[ni]);
        // p = 0; kf_mma_tf32(p, al, bf); kf_mma_tf32(p, af, bl); kf_mma_tf32(p, af, bf); d += p
"""
from __future__ import annotations

from .mma import MMA_HELPERS, _MmaEmitter, refuse_unsupported
from .spec import GemmKernelSpec, GemmSource, check_spec

X3_HELPERS = r"""
#ifndef KF_MMA_X3_HELPERS
#define KF_MMA_X3_HELPERS
// x = hi + lo + r, |r| <= 2^-22 |x| (normal tails): hi = x truncated to TF32 (never overflows to Inf),
// lo = tf32(x - hi) (x - hi is exact in fp32); an Inf is its own head, a NaN a NaN the mma reads, no tail
__device__ __forceinline__ void kf_tf32_split(float x, unsigned& hi, unsigned& lo) {
    const unsigned head = __float_as_uint(x) & 0xffffe000u;
    const bool finite = isfinite(x);
    hi = finite || isinf(x) ? head : 0x7fffffffu;
    lo = finite ? kf_tf32(x - __uint_as_float(head)) : 0u;
}
// d += (ah + al) (bh + bl) less al bl: the tails' products first, the heads' last (3xTF32), into a
// partial p from zero, then added to d in fp32 (rounded to nearest): the tensor core's adder truncates,
// so d accumulated there would drift toward zero by up to a unit in the last place per mma
__device__ __forceinline__ void kf_mma_tf32x3(float* d, const unsigned* ah, const unsigned* bh,
                                              const unsigned* al, const unsigned* bl) {
    float p[4] = {0.f, 0.f, 0.f, 0.f};
    kf_mma_tf32(p, al, bh);
    kf_mma_tf32(p, ah, bl);
    kf_mma_tf32(p, ah, bh);
#pragma unroll
    for (int e = 0; e < 4; ++e) d[e] += p[e];
}
#endif  // KF_MMA_X3_HELPERS
"""


def emit_gemm_mma_tf32x3(spec: GemmKernelSpec) -> GemmSource:
    """The CUDA C of ``spec`` on 3xTF32 tensor cores; a KfuseError for what the engine refuses
    (as the TF32 engine: float64, a structured operand with a second pair, the scheme's refusals
    of :func:`kfuse.spaces.gemm.engines.mma_tf32x3.refusals`)."""
    refuse_unsupported(spec, "mma_tf32x3", "float32", "float32 on 3xTF32 tensor cores")
    check_spec(spec)
    return _X3Emitter(spec).source()


class _X3Emitter(_MmaEmitter):
    """The TF32 emitter with split fragments and three mma per tile (see the module doc)."""

    HELPERS = MMA_HELPERS + X3_HELPERS
    COMPUTE = "// compute: BK / 8 steps of MI x NI x 3 mma.m16n8k8 (3xTF32) per warp"
    FRAGS, MMA_ARGS = "af[MI][4], bf[NI][2], al[MI][4], bl[NI][2]", "af[mi], bf[ni], al[mi], bl[ni]"
    MMA = "kf_mma_tf32x3"
    SLOTS = "tf32 heads (af, bf) and tails (al, bl): slots tg, tg + 4 = k's kk + 2tg, + 1"
    ON = "float32 on 3xTF32 tensor cores (error-compensated)"
    FORMULA = "sum_k op(A)[i, k] * op(B)[k, j] as (hi + lo)(hi + lo) less lo lo, hi lo in TF32"

    @staticmethod
    def _cvt(frag: str, slot: str, value: str) -> str:
        return f"kf_tf32_split({value}, {frag}{slot}, {frag[0]}l{slot});"
