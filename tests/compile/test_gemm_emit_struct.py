"""Compile tier of the GEMM emitter's structure hooks (issue 20, round 2): sym/tri operands,
the triangular output (c_uplo) and a second product, run on the CPU (the emitted CUDA C compiled
by g++, see test_gemm_emit.py) against float64 NumPy.  The triangle of a sym/tri operand that is
never to be read is filled with NaN (so is a unit diagonal), and the output is NaN-poisoned: a read
of the wrong triangle or an unwritten element fails.  Every structure x uplo x trans x side x diag
at odd sizes (1, 7, 129, 257), and the sm_90 cubins compile without spills."""
from __future__ import annotations

import itertools

import numpy as np
import pytest

import kfuse

from tests import sampling
from tests.compile.compile_helpers import ARCH
from tests.compile.test_gemm_emit import run_on_cpu
from kfuse.codegen.gemm import GemmKernelSpec, GemmOperand, emit_gemm
from kfuse.runtime import nvrtc
from kfuse.spaces.gemm.scheme import GemmScheme

SMALL = GemmScheme(bm=64, bn=64, tm=8, tn=4)
COMBOS = [(st, up, tr, side, dg) for st, up, tr, side in itertools.product(
    ("sym", "tri"), ("lower", "upper"), (False, True), ("a", "b"))
    for dg in (("nonunit",) if st == "sym" else ("nonunit", "unit"))]


def combos(name: str) -> list:
    """The structured operands run on the CPU this run: 12 of the 24, every structure x uplo x
    side, trans and diag drawn (tests/sampling.py; all under KFTEST_FULL=1)."""
    return sampling.sample(name, COMBOS, 12, strata=lambda c: (c[0], c[1], c[3]))


CPU_COMBOS = combos("gemm_emit_struct_combos")


def structured(rng, n, structure, uplo, diag, order, dtype):
    """(stored X with NaN outside the triangle that holds data, the full logical matrix F in
    float64: mirrored (sym) or zero outside (tri), ones on a unit diagonal)."""
    x = rng.standard_normal((n, n))
    keep = np.tril(np.ones((n, n), bool)) if uplo == "lower" else np.triu(np.ones((n, n), bool))
    if structure == "sym":
        full = np.where(keep, x, 0) + np.where(keep, x, 0).T - np.diag(np.diag(x))
    else:
        full = np.where(keep, x, 0.0)
        if diag == "unit":
            np.fill_diagonal(full, 1.0)
    stored = np.where(keep, x, np.nan)
    if diag == "unit":
        np.fill_diagonal(stored, np.nan)
    stored = stored.astype(dtype)
    stored = np.asfortranarray(stored) if order == "F" else np.ascontiguousarray(stored)
    # the logical matrix of what is actually stored (float32 rounding included)
    return stored, full.astype(dtype).astype(np.float64)


def general(rng, rows, cols, trans, order, dtype):
    shape = (cols, rows) if trans else (rows, cols)
    x = rng.standard_normal(shape).astype(dtype)
    x = np.asfortranarray(x) if order == "F" else np.ascontiguousarray(x)
    return x, (x.T if trans else x).astype(np.float64)


def check(structure, uplo, trans, side, diag, n, other, order="C", dtype="float32", scheme=SMALL, seed=0):
    rng = np.random.default_rng(seed)
    S, F = structured(rng, n, structure, uplo, diag, order, dtype)
    op_s = F.T if trans else F
    sop = GemmOperand("A" if side == "a" else "B", trans, order, structure=structure, uplo=uplo, diag=diag)
    if side == "a":
        m, k, nn = n, n, other
        B, b = general(rng, k, nn, False, "C", dtype)
        spec_ops, arrays, want = (sop, GemmOperand("B")), {"A": S, "B": B}, op_s @ b
    else:
        m, k, nn = other, n, n
        A, a = general(rng, m, k, True, "C", dtype)
        spec_ops, arrays, want = (GemmOperand("A", True), sop), {"A": A, "B": S}, a @ op_s
    C = np.full((m, nn), np.nan, dtype)
    src = emit_gemm(GemmKernelSpec("g", dtype, m, nn, k, *spec_ops, scheme=scheme))
    got = run_on_cpu(src, {**arrays, "C": C}, "C")
    assert np.all(np.isfinite(got)), "NaN in the output: a read of the unused triangle or an unwritten element"
    err = np.linalg.norm(got - want) / max(np.linalg.norm(want), 1e-300)
    assert err <= (1e-6 if dtype == "float32" else 1e-14) * max(1.0, np.sqrt(k)), err


@pytest.mark.parametrize("structure, uplo, trans, side, diag", CPU_COMBOS,
                         ids=["-".join(map(str, c)) for c in CPU_COMBOS])
def test_structured_operand_on_cpu(structure, uplo, trans, side, diag):
    i = COMBOS.index((structure, uplo, trans, side, diag))
    n = (1, 129, 257)[i % 3]
    check(structure, uplo, trans, side, diag, 7, 13, seed=i)
    check(structure, uplo, trans, side, diag, n, 70, order="CF"[i % 2], seed=i + 100)


def test_float64_and_default_scheme():
    check("tri", "lower", True, "a", "unit", 131, 9, order="F", dtype="float64", scheme=GemmScheme(bn=64, tn=4))
    check("sym", "upper", False, "b", "nonunit", 150, 33, scheme=GemmScheme(stages=3), seed=5)


def test_tri_skips_zero_k_tiles():
    """op(A) lower: a block's k range ends at row0 + BM; op(B) upper (lower stored, trans): at col0 + BN."""
    code = emit_gemm(GemmKernelSpec("g", "float32", 512, 512, 512, GemmOperand("A", structure="tri"),
                                    GemmOperand("B"))).code
    assert "khi = min(khi, row0 + BM);" in code and "for (int t = 0; t < nkt; ++t)" in code
    code = emit_gemm(GemmKernelSpec("g", "float32", 512, 512, 512, GemmOperand("A"),
                                    GemmOperand("B", True, structure="tri"))).code
    assert "khi = min(khi, col0 + BN);" in code and "klo = max" not in code


def _syrk(c_uplo, m, k, second=False, epilogue=None, order="C", scheme=SMALL, seed=0):
    """C = A A^T (+ B B'^T with second) with c_uplo: (got, want, stored mask)."""
    rng = np.random.default_rng(seed)
    A, a = general(rng, m, k, False, order, "float32")
    arrays, want = {"A": A}, a @ a.T
    ops = (GemmOperand("A", False, order), GemmOperand("A", True, order))
    kw = {}
    if second:
        B, b = general(rng, m, k, False, "C", "float32")
        arrays["B"] = B
        ops = (GemmOperand("A", False, order), GemmOperand("B", True))
        kw["second"] = (GemmOperand("B"), GemmOperand("A", True, order))   # pointers shared
        want = a @ b.T + b @ a.T
    C = np.full((m, m), np.nan, np.float32)
    src = emit_gemm(GemmKernelSpec("g", "float32", m, m, k, *ops, scheme=scheme, c_uplo=c_uplo, **kw))
    got = run_on_cpu(src, {**arrays, "C": C}, "C")
    mask = {"lower": np.tril, "upper": np.triu}.get(c_uplo, lambda x: x)(np.ones((m, m), bool))
    return got, want, mask


def outputs(name: str, c_uplos, sizes, k: int) -> list:
    """(m, k, c_uplo) run on the CPU this run: ``k`` of them, every c_uplo, the sizes drawn
    (tests/sampling.py; all under KFTEST_FULL=1)."""
    return sampling.sample(name, [(m, kk, c) for c in c_uplos for m, kk in sizes], k, strata=lambda x: x[2])


TRI_RUNS = outputs("gemm_emit_struct_tri", ["", "lower", "upper", "mirror_lower"],
                   [(1, 1), (7, 5), (129, 33), (257, 20)], 8)
SECOND_RUNS = outputs("gemm_emit_struct_second", ["", "lower", "mirror_lower"], [(1, 1), (7, 5), (129, 33)], 5)


@pytest.mark.parametrize("m, k, c_uplo", TRI_RUNS, ids=["-".join(map(str, x)) for x in TRI_RUNS])
def test_triangular_output_on_cpu(c_uplo, m, k):
    got, want, mask = _syrk(c_uplo, m, k, seed=m)
    assert np.all(np.isnan(got[~mask])), "an element outside the triangle was stored"
    assert np.all(np.isfinite(got[mask]))
    assert np.max(np.abs(got[mask] - want[mask])) <= 1e-5 * max(1.0, np.max(np.abs(want)))


@pytest.mark.parametrize("m, k, c_uplo", SECOND_RUNS, ids=["-".join(map(str, x)) for x in SECOND_RUNS])
def test_second_product_on_cpu(c_uplo, m, k):
    """SYR2K: A B^T + B A^T, the second pair's operands read into the same shared buffers."""
    got, want, mask = _syrk(c_uplo, m, k, second=True, seed=m + 1)
    assert np.all(np.isnan(got[~mask])) and np.all(np.isfinite(got[mask]))
    assert np.max(np.abs(got[mask] - want[mask])) <= 1e-5 * max(1.0, np.max(np.abs(want)))


def test_second_with_register_staging_and_knobs():
    """The second pair's loads through registers (tload=1) and cp.async (tload=2), F order."""
    for scheme in (GemmScheme(bm=64, bn=64, tm=8, tn=4, stages=3), GemmScheme(tload=2, stages=4)):
        got, want, mask = _syrk("mirror_lower", 130, 41, second=True, order="F", scheme=scheme, seed=9)
        assert np.max(np.abs(got - want)) <= 1e-5 * np.max(np.abs(want))


def test_mirror_with_an_epilogue():
    from kfuse.codegen.gemm import GemmEpilogue
    rng = np.random.default_rng(4)
    m, k = 70, 19
    A, a = general(rng, m, k, False, "C", "float32")
    epi = GemmEpilogue((("const float", "alpha"),),
                       lambda i, j, acc: [f"const float v = alpha * {acc};", f"C[{i} * {m} + {j}] = v;"],
                       lambda i, j: [f"C[{j} * {m} + {i}] = v;"])   # the same value, stored again
    src = emit_gemm(GemmKernelSpec("g", "float32", m, m, k, GemmOperand("A"), GemmOperand("A", True),
                                   scheme=SMALL, c_uplo="mirror_lower", epilogue=epi))
    got = run_on_cpu(src, {"A": A, "C": np.full((m, m), np.nan, np.float32)}, "C", {"alpha": 2.0})
    assert np.max(np.abs(got - 2 * a @ a.T)) <= 1e-5 * np.max(np.abs(2 * a @ a.T))
    no_mirror = GemmEpilogue(epi.params, epi.lines)
    with pytest.raises(kfuse.KfuseError, match="needs its mirror stores"):
        emit_gemm(GemmKernelSpec("g", "float32", m, m, k, GemmOperand("A"), GemmOperand("A", True),
                                 scheme=SMALL, c_uplo="mirror_lower", epilogue=no_mirror))


def test_structures_compile_without_spills():
    kernels = []
    for i, (st, up, tr, side, dg) in enumerate(COMBOS):
        for scheme in (GemmScheme(), GemmScheme(bk=16, min_blocks=2), GemmScheme(tload=2, stages=4)):
            a = GemmOperand("A", tr if side == "a" else False, structure=st if side == "a" else "general",
                            uplo=up, diag=dg if side == "a" else "nonunit")
            b = GemmOperand("B", tr if side == "b" else False, structure=st if side == "b" else "general",
                            uplo=up, diag=dg if side == "b" else "nonunit")
            kernels.append(emit_gemm(GemmKernelSpec(f"g{len(kernels)}", "float32", 4096, 4096, 4096, a, b,
                                                    scheme=scheme)))
    for c_uplo in ("lower", "upper", "mirror_lower"):
        kernels.append(emit_gemm(GemmKernelSpec(f"g{len(kernels)}", "float32", 4096, 4096, 1024, GemmOperand("A"),
                                                GemmOperand("A", True), c_uplo=c_uplo)))
        kernels.append(emit_gemm(GemmKernelSpec(f"g{len(kernels)}", "float32", 4096, 4096, 1024, GemmOperand("A"),
                                                GemmOperand("B", True), c_uplo=c_uplo,
                                                second=(GemmOperand("B2"), GemmOperand("A2", True)))))
    res = nvrtc.compile_cuda("\n".join(s.code for s in kernels), ARCH).resources()
    assert len(res) == len(kernels)
    for name, r in res.items():
        assert r["spill_stores"] == 0 and r["spill_loads"] == 0 and r["stack"] == 0, f"{name}: {r}"


WHOLE = [("tri", "lower", False, "b", "nonunit", "C"), ("tri", "upper", True, "b", "unit", "F"),
         ("sym", "lower", False, "b", "nonunit", "C"), ("sym", "upper", True, "a", "nonunit", "C"),
         ("tri", "lower", False, "a", "unit", "F"), ("tri", "upper", False, "a", "nonunit", "F")]


@pytest.mark.parametrize("structure, uplo, trans, side, diag, order", WHOLE, ids=["-".join(map(str, c)) for c in WHOLE])
def test_whole_tiles_inside_the_triangle_take_vector_copies_on_cpu(structure, uplo, trans, side, diag, order):
    """n = 256 (16-byte rows): tiles entirely inside the stored triangle use the straight
    path's vector copies, the diagonal tiles the element-wise one; NaN is stored outside the
    triangle (and on a unit diagonal), so a whole-tile test one element too wide shows."""
    op = GemmOperand("S", trans, order, structure=structure, uplo=uplo, diag=diag)
    ops = (op, GemmOperand("B")) if side == "a" else (GemmOperand("A", True), op)
    dims = (256, 40, 256) if side == "a" else (40, 256, 256)
    code = emit_gemm(GemmKernelSpec("g", "float32", *dims, *ops, scheme=SMALL)).code
    assert "16-byte copies where it lies inside the stored triangle" in code
    check(structure, uplo, trans, side, diag, 256, 40, order=order, seed=7)
