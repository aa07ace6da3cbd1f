"""Compile tier of the FP64 tensor-core engine (issue 36, engine ``mma_f64``).

1. Every candidate x {NN, NT, TN, TT} compiles to sm_90 and sm_90a cubins with no spills and no
   stack.
2. The emitted CUDA runs on the CPU (g++, one std::thread per CUDA thread, as in
   ``test_gemm_mma.py``) with ``mma.sync.m16n8k8.f64`` replaced by an emulation written from the
   fragment layouts of ``mma.m16n8k8`` .f64 (``KF_DMMA_EMU`` below: each lane publishes its A and
   B doubles, a barrier, each lane computes its c0..c3 from the *documented* positions): the shared
   layouts and pads, the k slots, the fragment loads, the edge guards, the epilogue's
   accumulator -> (i, j) map and the structure hooks are checked against float64 NumPy (1e-12
   relative: the sums are IEEE double, in another order) without a GPU.  The emulation replaces
   the inline asm, so it cannot see the asm's operand order: the unit tier checks that
   (``test_the_inline_asm_binds_d_a_b_c_in_the_isa_order``).
3. TRSM's GEMM updates, put on mma_f64 by a plan (the TRSM search keeps ffma for float64), run on
   the CPU alike against the float64 solve.
"""
from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from kfuse.codegen.gemm import GemmEpilogue, GemmKernelSpec, GemmOperand, emit_gemm
from kfuse.runtime import nvrtc
from kfuse.spaces.gemm.engines import mma_f64 as rules
from kfuse.spaces.gemm.scheme import GemmScheme
from tests.compile.compile_helpers import ARCH
from tests.compile.test_gemm_emit import run_on_cpu, stored
from tests.compile.test_gemm_emit_struct import COMBOS, general, structured

TRANSPOSES = ((False, False), (False, True), (True, False), (True, True))
SCHEMES = [GemmScheme(engine="mma_f64", **kw) for kw in rules.CANDIDATES]
SMALL = GemmScheme(bm=64, bn=64, bk=16, stages=3, wm=32, wn=32, engine="mma_f64")   # 128 threads
NARROW = GemmScheme(bm=64, bn=32, bk=16, stages=2, wm=32, wn=16, raster=2, engine="mma_f64")   # 4 warps
TOL = 1e-12


def _scheme_id(s: GemmScheme) -> str:
    return f"{s.bm}x{s.bn}x{s.bk}-w{s.wm}x{s.wn}-s{s.stages}"


def _spec(name, m, n, k, ta, tb, scheme, oa="C", ob="C", oc="C", **kw):
    return GemmKernelSpec(name, "float64", m, n, k, GemmOperand("A", ta, oa, kw.pop("lda", None)),
                          GemmOperand("B", tb, ob, kw.pop("ldb", None)), c_order=oc, scheme=scheme, **kw)


def _no_spills(kernels, arch=ARCH):
    res = nvrtc.compile_cuda("\n".join(s.code for s in kernels), arch).resources()
    assert sorted(res) == sorted(s.name for s in kernels)
    for name, r in res.items():
        assert r["spill_stores"] == 0 and r["spill_loads"] == 0 and r["stack"] == 0, f"{arch} {name}: {r}"
        assert 0 < r["registers"] <= 255, f"{name}: {r}"


# ---- sm_90 / sm_90a cubins -----------------------------------------------------------------------
@pytest.mark.parametrize("arch", ["sm_90", "sm_90a"])
@pytest.mark.parametrize("scheme", SCHEMES, ids=_scheme_id)
def test_every_candidate_compiles_without_spills(scheme, arch):
    """Each transpose at a tile multiple (16-byte copies) and at odd sizes (8-byte copies)."""
    kernels = [emit_gemm(_spec(f"g_{'NT'[ta]}{'NT'[tb]}_{m}", m, n, k, ta, tb, scheme))
               for ta, tb in TRANSPOSES for m, n, k in ((1024, 1024, 1024), (999, 1001, 1003))]
    _no_spills(kernels, arch)
    assert all("mma.sync.aligned.m16n8k8.row.col.f64.f64.f64.f64" in s.code for s in kernels)
    assert all(s.shared_bytes <= scheme.shared_bytes("float64") and s.block == (scheme.threads, 1, 1)
               for s in kernels)


def test_the_layouts_pick_the_load_paths():
    """NN: A k-contiguous ([BM][BK + 4] doubles), B j-contiguous ([BK][BN + 4]), every fragment
    element one 8-byte shared load into the mma's register (no 16-byte fragment loads, whose
    halves would need moves); 16-byte cp.async for both; 8-byte where ld is odd."""
    nn = emit_gemm(_spec("g", 1024, 1024, 1024, False, False, SCHEMES[2])).code   # 128 x 64 x 16
    assert "constexpr int A_LD = 20, B_LD = 68;" in nn and "// doubles per stage buffer" in nn
    assert nn.count("kf_cp_async<16>(") == 4 and "kf_vec<double, 2>" not in nn.split("extern")[-1]
    assert "af[mi][1] = p[8 * A_LD];" in nn and "bf[ni][1] = p[4 * B_LD];" in nn
    tt = emit_gemm(_spec("g", 1024, 1024, 1024, True, True, SCHEMES[2])).code
    assert "constexpr int A_LD = 132, B_LD = 20;" in tt and "af[mi][2] = p[4 * A_LD];" in tt
    assert "bf[ni][1] = p[4];" in tt
    odd = emit_gemm(_spec("g", 45, 38, 27, False, False, SMALL, lda=29, ldb=39)).code
    assert "kf_cp_async<16>(" not in odd and "kf_cp_async<8>(" in odd and "float" not in odd.split("extern")[-1]


# ---- running the CUDA C on the CPU with an emulated mma.sync ---------------------------------------
KF_DMMA_EMU = r"""
#define KF_MMA_EMULATE 1
#undef __launch_bounds__
#define __launch_bounds__(...)
static double kf_frag_a[32][32][4], kf_frag_b[32][32][2];
// mma.m16n8k8 .f64 from the fragment tables (lane = 4 g + t):
//   A 16 x 8 (row): a0 (g, t), a1 (g + 8, t), a2 (g, t + 4), a3 (g + 8, t + 4)
//   B 8 x 8 (col):  b0 (k = t, n = g), b1 (k = t + 4, n = g)
//   C 16 x 8:       c0 (g, 2t), c1 (g, 2t + 1), c2 (g + 8, 2t), c3 (g + 8, 2t + 1)
static void kf_mma_f64(double* d, const double* a, const double* b) {
    const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
    for (int q = 0; q < 4; ++q) kf_frag_a[warp][lane][q] = a[q];
    for (int q = 0; q < 2; ++q) kf_frag_b[warp][lane][q] = b[q];
    __syncthreads();
    const int g = lane / 4, t = lane % 4;
    for (int e = 0; e < 4; ++e) {
        const int row = g + 8 * (e / 2), col = 2 * t + e % 2;
        double s = d[e];
        for (int k = 0; k < 8; ++k)
            s += kf_frag_a[warp][4 * (row % 8) + k % 4][(row >= 8) + 2 * (k >= 4)] *
                 kf_frag_b[warp][4 * col + k % 4][k >= 4];
        d[e] = s;
    }
    __syncthreads();
}
"""


def run_dmma_on_cpu(src, arrays, out, scalars=None):
    """:func:`run_on_cpu` of ``src`` with the emulated mma.sync m16n8k8 f64 prepended."""
    return run_on_cpu(dataclasses.replace(src, code=KF_DMMA_EMU + src.code), arrays, out, scalars)


def _rel(got, want) -> float:
    return np.linalg.norm(got - want) / max(np.linalg.norm(want), 1e-300)


def check_on_cpu(m, n, k, ta, tb, oa="C", ob="C", oc="C", scheme=SMALL, pad=0, seed=0):
    rng = np.random.default_rng(seed)
    A, lda, a = stored(rng, m, k, ta, oa, "float64", pad)
    B, ldb, b = stored(rng, k, n, tb, ob, "float64", pad)
    A0, B0 = A.copy(), B.copy()
    C = np.full((m, n), np.nan, np.float64, order=oc)
    src = emit_gemm(_spec("g", m, n, k, ta, tb, scheme, oa, ob, oc, lda=lda, ldb=ldb))
    assert "kf_mma_f64(" in src.code
    got = run_dmma_on_cpu(src, {"A": A, "B": B, "C": C}, "C")
    assert np.array_equal(A, A0) and np.array_equal(B, B0)
    assert np.all(np.isfinite(got)), "unwritten output elements"
    if k == 0:
        assert np.all(got == 0)
        return
    assert _rel(got, a @ b) <= TOL, (_rel(got, a @ b), m, n, k, ta, tb, oa, ob, oc)


DIMS = [(1, 1, 1), (7, 13, 5), (70, 67, 41)]


@pytest.mark.parametrize("order", ["C", "F"])
@pytest.mark.parametrize("ta, tb", TRANSPOSES, ids=lambda t: "NT"[t])
@pytest.mark.parametrize("dims", DIMS, ids=str)
def test_runs_on_cpu_every_layout(dims, ta, tb, order):
    check_on_cpu(*dims, ta, tb, order, order, "F" if order == "C" else "C", seed=sum(dims))


@pytest.mark.parametrize("ta, tb", TRANSPOSES, ids=lambda t: "NT"[t])
def test_runs_on_cpu_at_a_multiple_of_the_tile(ta, tb):
    """128 x 64 x 32 on the 64 x 64 x 16 scheme: two blocks, two k tiles, no edge."""
    check_on_cpu(128, 64, 32, ta, tb, seed=ta + 2 * tb)


def test_runs_on_cpu_with_k_zero_and_mixed_orders():
    check_on_cpu(5, 3, 0, False, True, "F", "C", "C")
    check_on_cpu(37, 21, 19, True, False, "C", "F", "F", seed=1)


@pytest.mark.parametrize("pad", [1, 2])
def test_runs_on_cpu_with_leading_dimensions_that_narrow_the_copies(pad):
    """ld = k + 1 (odd): 8-byte copies; ld = k + 2: 16-byte copies, on both layouts."""
    for ta, tb in ((False, False), (True, True)):
        check_on_cpu(45, 38, 27, ta, tb, pad=pad, seed=pad)


@pytest.mark.parametrize("scheme", [SCHEMES[0], SCHEMES[2], NARROW], ids=_scheme_id)
def test_runs_on_cpu_for_schemes(scheme):
    check_on_cpu(150, 70, 40, False, False, scheme=scheme)
    check_on_cpu(150, 70, 40, True, True, "F", "C", "C", scheme=scheme, seed=3)


def test_runs_on_cpu_with_an_epilogue():
    """alpha * acc + beta * Cin[i, j] + bias[i], relu: the hook gets each accumulator's i and j."""
    rng = np.random.default_rng(5)
    m, n, k = 70, 45, 23
    A, B = rng.standard_normal((m, k)), rng.standard_normal((k, n))
    Cin, bias = rng.standard_normal((m, n)), rng.standard_normal(m)
    epi = GemmEpilogue((("const double", "alpha"), ("const double", "beta"),
                        ("const double* __restrict__", "Cin"), ("const double* __restrict__", "bias")),
                       lambda i, j, acc: [f"const double v = alpha * {acc} + beta * Cin[{i} * {n} + {j}] + bias[{i}];",
                                          f"C[{i} * {n} + {j}] = v > 0.0 ? v : 0.0;"])
    src = emit_gemm(_spec("g", m, n, k, False, False, SMALL, epilogue=epi))
    C = np.full((m, n), np.nan)
    got = run_dmma_on_cpu(src, {"A": A, "B": B, "C": C, "Cin": Cin, "bias": bias}, "C", {"alpha": 0.5, "beta": -2.0})
    want = np.maximum(0.5 * (A @ B) - 2.0 * Cin + bias[:, None], 0)
    assert np.all(np.isfinite(got)) and _rel(got, want) <= TOL


# ---- structured operands, triangular output, SYR2K's second pair ---------------------------------
def _structured(structure, uplo, trans, side, diag, n, other, order="C", scheme=SMALL, seed=0):
    """op(S) B (side "a") or A op(S) (side "b") with S sym/tri: NaN outside its stored triangle."""
    rng = np.random.default_rng(seed)
    S, F = structured(rng, n, structure, uplo, diag, order, "float64")
    op_s = F.T if trans else F
    sop = GemmOperand("A" if side == "a" else "B", trans, order, structure=structure, uplo=uplo, diag=diag)
    if side == "a":
        m, k, nn = n, n, other
        B, b = general(rng, k, nn, False, "C", "float64")
        ops, arrays, want = (sop, GemmOperand("B")), {"A": S, "B": B}, op_s @ b
    else:
        m, k, nn = other, n, n
        A, a = general(rng, m, k, True, "F", "float64")
        ops, arrays, want = (GemmOperand("A", True, "F"), sop), {"A": A, "B": S}, a @ op_s
    C = np.full((m, nn), np.nan)
    got = run_dmma_on_cpu(emit_gemm(GemmKernelSpec("g", "float64", m, nn, k, *ops, scheme=scheme)),
                          {**arrays, "C": C}, "C")
    assert np.all(np.isfinite(got)), "NaN in the output: a read of the unused triangle or an unwritten element"
    assert _rel(got, want) <= TOL, (_rel(got, want), structure, uplo, trans, side, diag, n, other)


#: one of each structure x uplo x side (trans and diag alternate): 8 of the 24 combinations
STRUCT_COMBOS = [c for i, c in enumerate(COMBOS) if i % 3 == 0]


@pytest.mark.parametrize("structure, uplo, trans, side, diag", STRUCT_COMBOS,
                         ids=["-".join(map(str, c)) for c in STRUCT_COMBOS])
def test_structured_operand_on_cpu(structure, uplo, trans, side, diag):
    i = COMBOS.index((structure, uplo, trans, side, diag))
    _structured(structure, uplo, trans, side, diag, (1, 67, 70)[i % 3], 45, order="CF"[i % 2], seed=i + 100)


def _syrk(c_uplo, m, k, second=False, seed=0):
    """C = A A^T (SYRK) or A B^T + B A^T (SYR2K) with c_uplo: (got, want, stored mask)."""
    rng = np.random.default_rng(seed)
    A, a = general(rng, m, k, False, "C", "float64")
    arrays, want = {"A": A}, a @ a.T
    ops, kw = (GemmOperand("A"), GemmOperand("A", True)), {}
    if second:
        B, b = general(rng, m, k, False, "F", "float64")
        arrays["B"] = B
        ops = (GemmOperand("A"), GemmOperand("B", True, "F"))
        kw["second"] = (GemmOperand("B", False, "F"), GemmOperand("A", True))
        want = a @ b.T + b @ a.T
    C = np.full((m, m), np.nan)
    src = emit_gemm(GemmKernelSpec("g", "float64", m, m, k, *ops, scheme=SMALL, c_uplo=c_uplo, **kw))
    got = run_dmma_on_cpu(src, {**arrays, "C": C}, "C")
    mask = {"lower": np.tril, "upper": np.triu}.get(c_uplo, lambda x: x)(np.ones((m, m), bool))
    return got, want, mask


@pytest.mark.parametrize("c_uplo, second", [("lower", False), ("upper", False), ("mirror_lower", False),
                                            ("mirror_lower", True), ("", True)])
def test_triangular_output_and_second_pair_on_cpu(c_uplo, second):
    got, want, mask = _syrk(c_uplo, 70, 29, second, seed=len(c_uplo) + second)
    assert np.all(np.isnan(got[~mask])), "an element outside the triangle was stored"
    assert np.all(np.isfinite(got[mask])) and _rel(got[mask], want[mask]) <= TOL


@pytest.mark.parametrize("scheme, m, n", [(NARROW, 256, 128), (SCHEMES[2], 384, 128)], ids=["raster2", "raster4"])
def test_whole_tiles_in_grouped_tile_orders_on_cpu(scheme, m, n):
    """At multiples of the tiles the copies' guards fold away (``mma_load._inside``): every
    block of a grouped tile order (the last group short: 3 tile rows of RASTER 4) lies inside."""
    check_on_cpu(m, n, 32, False, False, scheme=scheme, seed=m)
    check_on_cpu(m, n, 32, True, True, "F", "C", "C", scheme=scheme, seed=n)


@pytest.mark.parametrize("combo", [COMBOS[0], COMBOS[9], COMBOS[15], COMBOS[21]], ids=lambda c: "-".join(map(str, c)))
def test_whole_tiles_with_structured_operands_on_cpu(combo):
    """Unguarded copies (sizes multiples of the tiles) under a triangular operand's k range
    (kt0, nkt; heaviest tiles first) and a symmetric one: 128 x 128 by 64."""
    _structured(*combo, 128, 64, order="C", seed=7)


@pytest.mark.parametrize("c_uplo, second", [("lower", False), ("mirror_lower", True)])
def test_whole_tiles_with_the_second_pair_on_cpu(c_uplo, second):
    """SYR2K's second pair (k tiles kt - KTILES) and SYRK's triangle with unguarded copies."""
    got, want, mask = _syrk(c_uplo, 128, 32, second, seed=9)
    assert np.all(np.isnan(got[~mask])) and np.all(np.isfinite(got[mask])) and _rel(got[mask], want[mask]) <= TOL


def test_structured_variants_compile_without_spills():
    """SYMM / TRMM operands on every candidate the engine accepts for them (the others are
    refused: their element-wise loader would spill), SYRK's triangles and SYR2K's second pair on
    every candidate, sm_90."""
    kernels, hosts = [], []
    for scheme in SCHEMES:
        if not rules.structure_refusals(scheme, ("sym",)):
            hosts.append(scheme)
            for st, up, tr, side, dg in COMBOS[::2]:
                a = GemmOperand("A", tr if side == "a" else False, structure=st if side == "a" else "general",
                                uplo=up, diag=dg if side == "a" else "nonunit")
                b = GemmOperand("B", tr if side == "b" else False, structure=st if side == "b" else "general",
                                uplo=up, diag=dg if side == "b" else "nonunit")
                kernels.append(emit_gemm(GemmKernelSpec(f"g{len(kernels)}", "float64", 4096, 4096, 4096, a, b,
                                                        scheme=scheme)))
        kernels.append(emit_gemm(GemmKernelSpec(f"g{len(kernels)}", "float64", 4096, 4096, 1024, GemmOperand("A"),
                                                GemmOperand("A", True), c_uplo="lower", scheme=scheme)))
        kernels.append(emit_gemm(GemmKernelSpec(f"g{len(kernels)}", "float64", 4096, 4096, 1024, GemmOperand("A"),
                                                GemmOperand("B", True), c_uplo="mirror_lower", scheme=scheme,
                                                second=(GemmOperand("B"), GemmOperand("A", True)))))
    assert len(hosts) >= 2 and SCHEMES[0] not in hosts
    _no_spills(kernels)


# ---- TRSM's updates, put on mma_f64 by a plan (its search keeps ffma for float64) ------------------
@pytest.mark.parametrize("side, uplo, trans, diag, algorithm", [("left", "lower", False, "nonunit", "recursive"),
                                                               ("right", "upper", True, "unit", "blocked")])
def test_trsm_updates_named_on_mma_f64_run_on_cpu(side, uplo, trans, diag, algorithm):
    from tests.compile.test_trsm_compile import _module
    from tests.compile.trsm_cpu import run_module, solve_reference
    n, nrhs = 70, 37
    rng = np.random.default_rng(n + nrhs)
    A = rng.standard_normal((n, n)) / n
    A[np.diag_indices(n)] = 2 + rng.random(n)
    A[np.triu_indices(n, 1) if uplo == "lower" else np.tril_indices(n, -1)] = np.nan
    if diag == "unit":
        A[np.diag_indices(n)] = np.nan       # never read
    B = rng.standard_normal((n, nrhs) if side == "left" else (nrhs, n))
    edit = dict(engine="mma_f64", bm=64, bn=64, bk=16, stages=3, wm=32, wn=32, algorithm=algorithm, leaf=16, adapt=0)
    prog, mod = _module(side, uplo, trans, diag, n, nrhs, "float64", edit)
    ups = [k for k in mod.kernels if "_update_" in k.name and k.text]
    assert ups and all("mma.sync.aligned.m16n8k8.row.col.f64" in k.text for k in ups)
    first = next(i for i, k in enumerate(mod.kernels) if k.text)
    kernels = list(mod.kernels)
    kernels[first] = dataclasses.replace(kernels[first], text=KF_DMMA_EMU + kernels[first].text)
    out = prog.outputs[0]
    got = run_module(dataclasses.replace(mod, kernels=kernels), {"A": A, "B": B, out: np.full(B.shape, np.nan)}, out)
    want = solve_reference(A, B, uplo, trans, diag, side)
    assert np.all(np.isfinite(got)) and np.abs(got - want).max() / max(1.0, np.abs(want).max()) <= TOL


def test_the_sm80_arm_compiles_without_spills():
    """An A100 (sm_80) has only mma.m8n8k4 f64: the helper's four-m8n8k4 arm compiles, every
    candidate, with no spills."""
    kernels = [emit_gemm(_spec(f"g_{i}", 999, 1001, 1003, False, True, s)) for i, s in enumerate(SCHEMES)]
    _no_spills(kernels, "sm_80")


@pytest.mark.parametrize("arch", ["sm_80", "sm_86", "sm_89", "sm_90"])
def test_the_calibration_peak_probes_compile_on_every_arch_the_engine_serves(arch):
    """``kfuse calibrate --blas3`` compiles its peak probes as one source (each RawKernel the whole
    of it): the DMMA probe must build where mma.m16n8k8 f64 does not exist (sm_80 - sm_89: four
    m8n8k4 per chain, the same flops), or no probe builds there, FFMA's included."""
    from kfuse.calibrate.gemm import PEAK_SRC
    for ctype, fma in (("float", "fmaf"), ("double", "fma")):
        res = nvrtc.compile_cuda(f"#define T {ctype}\n#define FMA {fma}\n" + PEAK_SRC, arch).resources()
        assert {"fma_peak", "mma_peak", "dmma_peak"} <= set(res), res
