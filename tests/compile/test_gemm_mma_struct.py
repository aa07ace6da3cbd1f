"""Compile tier of the TF32 mma engine's structure hooks (issue 20, round 3): sym/tri operands
(mirrored / zero-filled in the loader, zero k tiles skipped), the triangular output (``c_uplo``,
``mirror_lower``) and SYR2K's second pair, on engine ``mma_tf32``.

1. The emitted CUDA C runs on the CPU (g++, the PTX ISA's mma.sync emulated: see
   ``test_gemm_mma.py``) against float64 NumPy with TF32's tolerance; the unused triangle of a
   sym/tri operand (and a unit diagonal) holds NaN and the output is NaN-poisoned, so a read of
   the wrong triangle or an unwritten element fails.
2. Every structured variant (and the programs of ``kfuse.blas.symm/trmm/syrk/syr2k`` under
   precision "tf32") compiles to sm_90 cubins with no spills and no stack.
"""
from __future__ import annotations

import numpy as np
import pytest

import kfuse
from kfuse.codegen.gemm import GemmEpilogue, GemmKernelSpec, GemmOperand, emit_gemm
from kfuse.spaces.gemm.engines import mma_tf32 as rules
from kfuse.spaces.gemm.scheme import GemmScheme
from tests import sampling
from tests.compile.compile_helpers import assert_clean_resources, compile_program
from tests.compile.test_blas3_compile import CASES, program
from tests.compile.test_gemm_emit_struct import COMBOS, combos, general, structured
from tests.compile.test_gemm_mma import _no_spills, run_mma_on_cpu, tf32_tolerance

SMALL = GemmScheme(bm=64, bn=64, bk=32, stages=3, wm=32, wn=32, engine="mma_tf32")   # 128 threads
NARROW = GemmScheme(bm=64, bn=32, bk=16, stages=2, wm=32, wn=16, raster=2, engine="mma_tf32")
SCHEMES = [GemmScheme(engine="mma_tf32", **kw) for kw in rules.CANDIDATES]


def _rel(got, want):
    return np.linalg.norm(got - want) / max(np.linalg.norm(want), 1e-300)


def check(structure, uplo, trans, side, diag, n, other, order="C", scheme=SMALL, seed=0):
    """op(S) B (side "a") or A op(S) (side "b") with S sym/tri, on the emulated mma engine."""
    rng = np.random.default_rng(seed)
    S, F = structured(rng, n, structure, uplo, diag, order, "float32")
    op_s = F.T if trans else F
    sop = GemmOperand("A" if side == "a" else "B", trans, order, structure=structure, uplo=uplo, diag=diag)
    if side == "a":
        m, k, nn = n, n, other
        B, b = general(rng, k, nn, False, "C", "float32")
        ops, arrays, want = (sop, GemmOperand("B")), {"A": S, "B": B}, op_s @ b
    else:
        m, k, nn = other, n, n
        A, a = general(rng, m, k, True, "F", "float32")
        ops, arrays, want = (GemmOperand("A", True, "F"), sop), {"A": A, "B": S}, a @ op_s
    C = np.full((m, nn), np.nan, np.float32)
    src = emit_gemm(GemmKernelSpec("g", "float32", m, nn, k, *ops, scheme=scheme))
    assert "kf_mma_tf32(" in src.code
    got = run_mma_on_cpu(src, {**arrays, "C": C}, "C")
    assert np.all(np.isfinite(got)), "NaN in the output: a read of the unused triangle or an unwritten element"
    assert _rel(got, want) <= tf32_tolerance(k), (_rel(got, want), structure, uplo, trans, side, diag, n, other)


CPU_COMBOS = combos("gemm_mma_struct_combos")


@pytest.mark.parametrize("structure, uplo, trans, side, diag", CPU_COMBOS,
                         ids=["-".join(map(str, c)) for c in CPU_COMBOS])
def test_structured_operand_on_cpu(structure, uplo, trans, side, diag):
    i = COMBOS.index((structure, uplo, trans, side, diag))   # n of 1, 97, 130 and both orders across the combos
    check(structure, uplo, trans, side, diag, (1, 97, 130)[i % 3], 45, order="CF"[i % 2], seed=i + 100)


def test_structured_operand_with_a_narrow_scheme_and_raster():
    check("tri", "upper", True, "a", "unit", 75, 40, order="F", scheme=NARROW, seed=7)
    check("sym", "lower", False, "b", "nonunit", 70, 33, scheme=NARROW, seed=8)


def test_tri_skips_zero_k_tiles_on_mma():
    code = emit_gemm(GemmKernelSpec("g", "float32", 512, 512, 512, GemmOperand("A", structure="tri"),
                                    GemmOperand("B"), scheme=SCHEMES[0])).code
    assert "khi = min(khi, row0 + BM);" in code and "for (int t = 0; t < nkt; ++t)" in code
    code = emit_gemm(GemmKernelSpec("g", "float32", 512, 512, 512, GemmOperand("A"),
                                    GemmOperand("B", True, structure="tri"), scheme=SCHEMES[0])).code
    assert "khi = min(khi, col0 + BN);" in code and "klo = max" not in code


def _syrk(c_uplo, m, k, second=False, order="C", order_b="C", scheme=SMALL, epilogue=None, seed=0):
    """C = A A^T (+ B A^T + ... with second) with c_uplo: (got, want, stored mask)."""
    rng = np.random.default_rng(seed)
    A, a = general(rng, m, k, False, order, "float32")
    arrays, want = {"A": A}, a @ a.T
    ops, kw = (GemmOperand("A", False, order), GemmOperand("A", True, order)), {}
    if second:
        B, b = general(rng, m, k, False, order_b, "float32")
        arrays["B"] = B
        ops = (GemmOperand("A", False, order), GemmOperand("B", True, order_b))
        kw["second"] = (GemmOperand("B", False, order_b), GemmOperand("A", True, order))   # pointers shared
        want = a @ b.T + b @ a.T
    C = np.full((m, m), np.nan, np.float32)
    src = emit_gemm(GemmKernelSpec("g", "float32", m, m, k, *ops, scheme=scheme, c_uplo=c_uplo,
                                   epilogue=epilogue, **kw))
    got = run_mma_on_cpu(src, {**arrays, "C": C}, "C", {"alpha": 2.0} if epilogue else None)
    mask = {"lower": np.tril, "upper": np.triu}.get(c_uplo, lambda x: x)(np.ones((m, m), bool))
    return got, want, mask


@pytest.mark.parametrize("c_uplo", ["", "lower", "upper", "mirror_lower"])
@pytest.mark.parametrize("m, k", [(1, 1), (129, 33)], ids=str)
def test_triangular_output_on_cpu(c_uplo, m, k):
    got, want, mask = _syrk(c_uplo, m, k, seed=m)
    assert np.all(np.isnan(got[~mask])), "an element outside the triangle was stored"
    assert np.all(np.isfinite(got[mask]))
    assert _rel(got[mask], want[mask]) <= tf32_tolerance(k)


@pytest.mark.parametrize("c_uplo", ["", "mirror_lower"])
@pytest.mark.parametrize("m, k", [(1, 1), (97, 41)], ids=str)
def test_second_product_on_cpu(c_uplo, m, k):
    """SYR2K: A B^T + B A^T, the second pair copied into the same shared buffers."""
    got, want, mask = _syrk(c_uplo, m, k, second=True, seed=m + 1)
    assert np.all(np.isnan(got[~mask])) and np.all(np.isfinite(got[mask]))
    assert _rel(got[mask], want[mask]) <= tf32_tolerance(k)


def test_second_pair_with_other_layouts_runs_its_own_fragment_loads():
    """A in C order, B in F order: the second pair's tiles lie the other way round (the compute
    branches on the product); the results still match."""
    src = emit_gemm(GemmKernelSpec("g", "float32", 70, 70, 30, GemmOperand("A"), GemmOperand("B", True, "F"),
                                   scheme=SMALL, c_uplo="mirror_lower",
                                   second=(GemmOperand("B", False, "F"), GemmOperand("A", True))))
    assert src.code.count("if (t < KTILES) {   // first product") == 1
    got, want, mask = _syrk("mirror_lower", 70, 30, second=True, order_b="F", seed=3)
    assert np.all(np.isfinite(got)) and _rel(got, want) <= tf32_tolerance(30)


def test_mirror_with_an_epilogue_on_cpu():
    m, k = 70, 19
    epi = GemmEpilogue((("const float", "alpha"),),
                       lambda i, j, acc: [f"const float v = alpha * {acc};", f"C[{i} * {m} + {j}] = v;"],
                       lambda i, j: [f"C[{j} * {m} + {i}] = v;"])
    got, want, _ = _syrk("mirror_lower", m, k, epilogue=epi, seed=4)
    assert np.all(np.isfinite(got)) and _rel(got, 2 * want) <= tf32_tolerance(k)
    with pytest.raises(kfuse.KfuseError, match="needs its mirror stores"):
        emit_gemm(GemmKernelSpec("g", "float32", m, m, k, GemmOperand("A"), GemmOperand("A", True), scheme=SMALL,
                                 c_uplo="mirror_lower", epilogue=GemmEpilogue(epi.params, epi.lines)))


# ---- sm_90 cubins ------------------------------------------------------------------------------
def _scheme_id(s: GemmScheme) -> str:
    return f"{s.bm}x{s.bn}x{s.bk}-w{s.wm}x{s.wn}-s{s.stages}"


# 3 of the 7 candidate schemes per run (each compiles 21 structured kernels, 15-95 s): always the
# 64 x 64 warp tile with the fewest threads (the most accumulators and loads per thread: the
# likeliest to spill), 2 others drawn; KFTEST_FULL=1 compiles all (tests/sampling.py)
STRUCTURED_SCHEMES = sampling.sample("gemm_mma_struct_schemes", SCHEMES, 3,
                                     corners=[lambda s: _scheme_id(s) == "128x128x16-w64x64-s4"])


@pytest.mark.parametrize("scheme", STRUCTURED_SCHEMES, ids=_scheme_id)
def test_every_structured_variant_compiles_without_spills(scheme):
    kernels = []
    for st, up, tr, side, dg in COMBOS:
        a = GemmOperand("A", tr if side == "a" else False, structure=st if side == "a" else "general",
                        uplo=up, diag=dg if side == "a" else "nonunit")
        b = GemmOperand("B", tr if side == "b" else False, structure=st if side == "b" else "general",
                        uplo=up, diag=dg if side == "b" else "nonunit")
        kernels.append(emit_gemm(GemmKernelSpec(f"g{len(kernels)}", "float32", 4096, 4096, 4096, a, b,
                                                scheme=scheme)))
    for c_uplo in ("lower", "upper", "mirror_lower"):
        kernels.append(emit_gemm(GemmKernelSpec(f"g{len(kernels)}", "float32", 4096, 4096, 1024, GemmOperand("A"),
                                                GemmOperand("A", True), c_uplo=c_uplo, scheme=scheme)))
        kernels.append(emit_gemm(GemmKernelSpec(f"g{len(kernels)}", "float32", 4096, 4096, 1024, GemmOperand("A"),
                                                GemmOperand("B", True), c_uplo=c_uplo, scheme=scheme,
                                                second=(GemmOperand("B"), GemmOperand("A", True)))))
    _no_spills(kernels)


@pytest.mark.parametrize("case", CASES, ids=["-".join(str(x) for x in c if x != "") for c in CASES])
def test_blas3_routine_compiles_on_mma_under_tf32(case):
    """The routine's program planned under precision "tf32": one kernel on engine mma_tf32,
    a clean sm_90 cubin."""
    with kfuse.config.override(precision="tf32"):
        exe = compile_program(program(*case, "float32"), {}, plan="default")
    assert exe.n_kernels == 1 + ("symmetrize" in exe.plan["kernels"][0]["params"].values())   # SYMM: a pass first
    assert [k.params["engine"] for k in exe.plan_obj.kernels] == ["mma_tf32"]
    assert "kf_mma_tf32(" in exe.source
    assert_clean_resources(exe)
