"""Compile tier of the TF32 mma engine (issue 20, engine ``mma_tf32``).

1. mma schemes x {NN, NT, TN, TT} x sizes compile to sm_90 cubins with no spills and no stack.
2. The emitted CUDA runs on the CPU (g++, one std::thread per CUDA thread, as in
   ``test_gemm_emit.py``) with ``mma.sync`` and ``cvt.rna.tf32`` replaced by an emulation written
   from the PTX ISA's fragment tables (``KF_MMA_EMU`` below: each lane publishes its registers,
   a barrier, each lane computes its c0..c3 from the *documented* positions of a0..a3, b0, b1):
   the shared layouts, the permuted k slots, the fragment loads, the edge guards and the
   accumulator -> (i, j) map of the epilogue are checked against float64 NumPy without a GPU.
"""
from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from kfuse.codegen.gemm import GemmEpilogue, GemmKernelSpec, GemmOperand, emit_gemm
from kfuse.runtime import nvrtc
from kfuse.spaces.gemm.engines import mma_tf32 as rules
from kfuse.spaces.gemm.scheme import GemmScheme
from tests.compile.compile_helpers import ARCH
from tests.compile.test_gemm_emit import layout_id, layouts, run_on_cpu, stored

TRANSPOSES = ((False, False), (False, True), (True, False), (True, True))
SIZES = ((1, 1, 1), (7, 13, 5), (129, 67, 33), (256, 256, 256), (1000, 1000, 1000))
SCHEMES = [GemmScheme(engine="mma_tf32", **kw) for kw in rules.CANDIDATES]
SMALL = GemmScheme(bm=64, bn=64, bk=32, stages=3, wm=32, wn=32, engine="mma_tf32")   # 128 threads


def _spec(name, m, n, k, ta, tb, scheme, oa="C", ob="C", oc="C", **kw):
    return GemmKernelSpec(name, "float32", m, n, k, GemmOperand("A", ta, oa, kw.pop("lda", None)),
                          GemmOperand("B", tb, ob, kw.pop("ldb", None)), c_order=oc, scheme=scheme, **kw)


def _no_spills(kernels):
    res = nvrtc.compile_cuda("\n".join(s.code for s in kernels), ARCH).resources()
    assert sorted(res) == sorted(s.name for s in kernels)
    for name, r in res.items():
        assert r["spill_stores"] == 0 and r["spill_loads"] == 0 and r["stack"] == 0, f"{name}: {r}"
        assert 0 < r["registers"] <= 255, f"{name}: {r}"


def test_the_default_mma_scheme_compiles_for_every_transpose_and_size():
    scheme = SCHEMES[0]
    kernels = [emit_gemm(_spec(f"g_{'TN'[ta]}{'TN'[tb]}_{m}_{n}_{k}", m, n, k, ta, tb, scheme))
               for ta, tb in TRANSPOSES for m, n, k in SIZES]
    _no_spills(kernels)
    assert all("mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32" in s.code for s in kernels)
    assert all(s.shared_bytes <= scheme.shared_bytes() and s.block == (scheme.threads, 1, 1) for s in kernels)


@pytest.mark.parametrize("scheme", SCHEMES[1:], ids=lambda s: f"{s.bm}x{s.bn}x{s.bk}-w{s.wm}x{s.wn}-s{s.stages}")
def test_every_mma_candidate_compiles_without_spills(scheme):
    _no_spills([emit_gemm(_spec(f"g_{'TN'[ta]}{'TN'[tb]}_{o}", 1000, 1000, 1000, ta, tb, scheme, o, o, o))
                for ta, tb in TRANSPOSES for o in ("C", "F")])


def test_the_layouts_pick_the_load_paths():
    """NN: A k-contiguous ([BM][BK + 8] rows, one 8-byte fragment load per row pair), B
    j-contiguous ([BK][BN + 4]); 16-byte cp.async for both; rounding to TF32 on every operand."""
    bk32 = GemmScheme(bm=128, bn=128, bk=32, stages=3, wm=64, wn=32, engine="mma_tf32")   # A_LD = BK + 8
    nn = emit_gemm(_spec("g", 1024, 1024, 1024, False, False, bk32)).code
    assert "constexpr int A_LD = 40, B_LD = 132;" in nn
    assert nn.count("kf_cp_async<16>(") == 4 and "kf_tf32(lo.v[0])" in nn and "k0[B_LD]" in nn
    tt = emit_gemm(_spec("g", 1024, 1024, 1024, True, True, bk32)).code
    assert "constexpr int A_LD = 132, B_LD = 40;" in tt and "k0[A_LD + 8]" in tt
    odd = emit_gemm(_spec("g", 45, 38, 27, False, False, bk32, lda=30, ldb=39)).code
    assert "kf_cp_async<16>(" not in odd and "kf_cp_async<8>(" in odd and "kf_cp_async<4>(" in odd


# ---- running the CUDA C on the CPU with an emulated mma.sync -----------------------------------
KF_MMA_EMU = r"""
#define KF_MMA_EMULATE 1
#undef __launch_bounds__
#define __launch_bounds__(...)
#include <cmath>
#include <cstring>
static unsigned kf_frag_a[32][32][4], kf_frag_b[32][32][2];
// cvt.rna.tf32.f32: keep 10 mantissa bits, rounded to nearest, ties away from zero
static inline unsigned kf_tf32(float x) {
    unsigned u;
    std::memcpy(&u, &x, 4);
    if ((u & 0x7f800000u) != 0x7f800000u) u = (u + 0x1000u) & 0xffffe000u;
    return u;
}
static inline float kf_bits(unsigned u) { float f; std::memcpy(&f, &u, 4); return f; }
// fp32 of x rounded toward zero (the tensor core's accumulation truncates: a sum of k products
// drifts toward zero by up to k/4 units in the last place, measured on the H200 as an error growing
// linearly in k; a kernel that accumulates there must bound it)
static inline float kf_toward_zero(double x) {
    float f = (float)x;
    if (std::isfinite(f) && std::fabs((double)f) > std::fabs(x)) f = std::nextafter(f, 0.0f);
    return f;
}
// mma.m16n8k8 .tf32 from the PTX ISA's fragment tables (lane = 4 g + t):
//   A 16 x 8: a0 (g, t), a1 (g + 8, t), a2 (g, t + 4), a3 (g + 8, t + 4)
//   B 8 x 8:  b0 (k = t, n = g), b1 (k = t + 4, n = g)
//   C 16 x 8: c0 (g, 2t), c1 (g, 2t + 1), c2 (g + 8, 2t), c3 (g + 8, 2t + 1)
static void kf_mma_tf32(float* d, const unsigned* a, const unsigned* b) {
    const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
    for (int q = 0; q < 4; ++q) kf_frag_a[warp][lane][q] = a[q];
    for (int q = 0; q < 2; ++q) kf_frag_b[warp][lane][q] = b[q];
    __syncthreads();
    const int g = lane / 4, t = lane % 4;
    for (int e = 0; e < 4; ++e) {
        const int row = g + 8 * (e / 2), col = 2 * t + e % 2;
        float s = d[e];
        for (int h = 0; h < 8; h += 4) {   // the tensor core's adder: exact TF32 products, 4 at a time,
            double x = s;                  // added to the accumulator and truncated (toward zero) to fp32
            for (int k = h; k < h + 4; ++k) {
                const unsigned av = kf_frag_a[warp][4 * (row % 8) + k % 4][(row >= 8) + 2 * (k >= 4)];
                const unsigned bv = kf_frag_b[warp][4 * col + k % 4][k >= 4];
                x += (double)kf_bits(av) * (double)kf_bits(bv);
            }
            s = kf_toward_zero(x);
        }
        d[e] = s;
    }
    __syncthreads();
}
"""


def run_mma_on_cpu(src, arrays, out, scalars=None):
    """:func:`run_on_cpu` of ``src`` with the emulated mma.sync and cvt prepended."""
    return run_on_cpu(dataclasses.replace(src, code=KF_MMA_EMU + src.code), arrays, out, scalars)


def tf32_tolerance(k: int) -> float:
    """Relative Frobenius error bound of a TF32 product of depth k: each operand rounded to 10
    mantissa bits (relative error <= 2^-11 each, 2^-10 for the product), sums in fp32; random
    signs make the errors add like sqrt(k) terms of size ~2^-10 |a||b| while the result grows like
    sqrt(k) |a||b|: about 2^-10 / sqrt(3) ~ 6e-4 relative, whatever k; 2e-3 leaves 3x margin."""
    return 2e-3


def check_on_cpu(m, n, k, ta, tb, oa="C", ob="C", oc="C", scheme=SMALL, pad=0, seed=0):
    rng = np.random.default_rng(seed)
    A, lda, a = stored(rng, m, k, ta, oa, "float32", pad)
    B, ldb, b = stored(rng, k, n, tb, ob, "float32", pad)
    C = np.full((m, n), np.nan, np.float32, order=oc)
    src = emit_gemm(_spec("g", m, n, k, ta, tb, scheme, oa, ob, oc, lda=lda, ldb=ldb))
    got = run_mma_on_cpu(src, {"A": A, "B": B, "C": C}, "C")
    want = a @ b
    assert np.all(np.isfinite(got)), "unwritten output elements"
    if k == 0:
        assert np.all(got == 0)
        return
    err = np.linalg.norm(got - want) / np.linalg.norm(want)
    assert err <= tf32_tolerance(k), (err, m, n, k, ta, tb, oa, ob, oc)


LAYOUTS = layouts("gemm_mma_layouts", [(1, 1, 1), (7, 13, 5), (70, 67, 41)])


@pytest.mark.parametrize("dims, order, ta, tb", LAYOUTS, ids=[layout_id(c) for c in LAYOUTS])
def test_runs_on_cpu_every_layout(dims, order, ta, tb):
    check_on_cpu(*dims, ta, tb, order, order, "F" if order == "C" else "C")


def test_runs_on_cpu_with_k_zero_and_mixed_orders():
    check_on_cpu(5, 3, 0, False, True, "F", "C", "C")
    check_on_cpu(37, 21, 19, True, False, "C", "F", "F", seed=1)


@pytest.mark.parametrize("pad", [1, 2])
def test_runs_on_cpu_with_leading_dimensions_that_narrow_the_copies(pad):
    """ld = k + 1 (odd): 4-byte copies; ld = k + 2: 8-byte copies, on both layouts."""
    for ta, tb in ((False, False), (True, True)):
        check_on_cpu(45, 38, 27, ta, tb, pad=pad, seed=pad)


@pytest.mark.parametrize("scheme", [SCHEMES[0], GemmScheme(bm=64, bn=32, bk=16, stages=2, wm=32, wn=16, raster=2,
                                                           engine="mma_tf32")],
                         ids=["128x128x32-w64x32", "64x32x16-w32x16-r2"])
def test_runs_on_cpu_for_schemes(scheme):
    check_on_cpu(150, 70, 40, False, False, scheme=scheme)
    check_on_cpu(150, 70, 40, True, True, "F", "C", "C", scheme=scheme, seed=3)


def test_runs_on_cpu_with_an_epilogue():
    """alpha * acc + beta * Cin[i, j] + bias[i], relu: the hook gets each accumulator's i and j."""
    rng = np.random.default_rng(5)
    m, n, k = 70, 45, 23
    A, B = rng.standard_normal((m, k)).astype(np.float32), rng.standard_normal((k, n)).astype(np.float32)
    Cin, bias = rng.standard_normal((m, n)).astype(np.float32), rng.standard_normal(m).astype(np.float32)
    epi = GemmEpilogue((("const float", "alpha"), ("const float", "beta"),
                        ("const float* __restrict__", "Cin"), ("const float* __restrict__", "bias")),
                       lambda i, j, acc: [f"const float v = alpha * {acc} + beta * Cin[{i} * {n} + {j}] + bias[{i}];",
                                          f"C[{i} * {n} + {j}] = v > 0.f ? v : 0.f;"])
    src = emit_gemm(_spec("g", m, n, k, False, False, SMALL, epilogue=epi))
    C = np.full((m, n), np.nan, np.float32)
    got = run_mma_on_cpu(src, {"A": A, "B": B, "C": C, "Cin": Cin, "bias": bias}, "C", {"alpha": 0.5, "beta": -2.0})
    want = np.maximum(0.5 * (A.astype(np.float64) @ B) - 2.0 * Cin + bias[:, None], 0)
    assert np.all(np.isfinite(got))
    assert np.linalg.norm(got - want) / np.linalg.norm(want) <= tf32_tolerance(k)
