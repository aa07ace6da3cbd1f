"""GPU tier of the GEMM emitter's round 2 (issue 20): the pipeline knobs (frags, min_blocks,
store_vec, tload) on every transpose, and the structure hooks (sym/tri operands on either side,
every uplo x trans x diag; c_uplo; the second product) at odd sizes against float64 NumPy, the
unused triangle of a structured operand and the output NaN-poisoned."""
import itertools

import numpy as np
import pytest

from kfuse.codegen.gemm import GemmKernelSpec, GemmOperand, emit_gemm
from kfuse.spaces.gemm.scheme import GemmScheme
from tests.gpu.test_gemm_emit_gpu import check as check_general
from tests.gpu.test_gemm_emit_gpu import launch
from tests.gpu.helpers import every_input_unchanged  # noqa: F401 - autouse: inputs never change

cupy = pytest.importorskip("cupy")
TRANSPOSES = ((False, False), (False, True), (True, False), (True, True))
KNOBS = [GemmScheme(frags=2), GemmScheme(bk=16, min_blocks=2), GemmScheme(tload=2, stages=4),
         GemmScheme(bk=16, frags=2, store_vec=4, min_blocks=2, raster=8), GemmScheme(tload=2, stages=3, min_blocks=2),
         GemmScheme(bm=256, bn=128, tm=16, tn=8, tload=2, stages=4),
         GemmScheme(bm=128, bn=256, tm=8, tn=16, bk=16, stages=3)]
COMBOS = [(st, up, tr, side, dg) for st, up, tr, side in itertools.product(
    ("sym", "tri"), ("lower", "upper"), (False, True), ("a", "b"))
    for dg in (("nonunit",) if st == "sym" else ("nonunit", "unit"))]


@pytest.mark.parametrize("scheme", KNOBS, ids=lambda s: s.to_text().split("loop_tiling")[1])
def test_pipeline_knobs(scheme):
    for ta, tb in TRANSPOSES:
        for m, n, k, orders in ((1031, 517, 301, ()), (7, 13, 5, ("F", "F", "F"))):
            if scheme.refusals("float32", m, n, k):   # refused there with its reason (it spills)
                continue
            check_general("float32", m, n, k, ta, tb, *orders, scheme=scheme, seed=2)
    check_general("float32", 512, 512, 512, False, False, scheme=scheme)


def structured(rng, n, structure, uplo, diag, order):
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
    stored = stored.astype(np.float32)
    return cupy.asarray(stored, order=order), full.astype(np.float32).astype(np.float64)


@pytest.mark.parametrize("structure, uplo, trans, side, diag", COMBOS, ids=["-".join(map(str, c)) for c in COMBOS])
@pytest.mark.parametrize("n, other, scheme", [(1, 3, GemmScheme()), (129, 70, GemmScheme(stages=3)),
                                              (257, 33, GemmScheme(bk=16, tload=2, stages=4)),
                                              (1024, 1024, GemmScheme())], ids=str)
def test_structured_operand(structure, uplo, trans, side, diag, n, other, scheme):
    rng = np.random.default_rng(n)
    order = "F" if n == 129 else "C"
    S, F = structured(rng, n, structure, uplo, diag, order)
    op_s = F.T if trans else F
    sop = GemmOperand("S", trans, order, structure=structure, uplo=uplo, diag=diag)
    g = rng.standard_normal((n, other) if side == "a" else (other, n)).astype(np.float32)
    G = cupy.asarray(g)
    if side == "a":
        m, nn, ops, args, want = n, other, (sop, GemmOperand("G")), (S, G), op_s @ g
    else:
        m, nn, ops, args, want = other, n, (GemmOperand("G"), sop), (G, S), g.astype(np.float64) @ op_s
    C = cupy.full((m, nn), np.nan, np.float32)
    launch(emit_gemm(GemmKernelSpec("gs", "float32", m, nn, n, *ops, scheme=scheme)), (*args, C))
    got = cupy.asnumpy(C)
    assert np.all(np.isfinite(got)), "NaN: the unused triangle was read or an element was not written"
    err = np.linalg.norm(got - want) / max(np.linalg.norm(want), 1e-30)
    assert err <= 2e-7 * np.sqrt(n) * 4, err


@pytest.mark.parametrize("c_uplo", ["", "lower", "upper", "mirror_lower"])
@pytest.mark.parametrize("second", [False, True])
@pytest.mark.parametrize("m, k", [(1, 1), (7, 5), (257, 129), (1000, 64)], ids=str)
def test_triangular_output_and_second(c_uplo, second, m, k):
    rng = np.random.default_rng(m)
    a = rng.standard_normal((m, k)).astype(np.float32)
    b = rng.standard_normal((m, k)).astype(np.float32)
    A, B = cupy.asarray(a), cupy.asarray(b)
    a64, b64 = a.astype(np.float64), b.astype(np.float64)
    kw = dict(second=(GemmOperand("B"), GemmOperand("A", True))) if second else {}
    ops = (GemmOperand("A"), GemmOperand("B" if second else "A", True))
    want = a64 @ b64.T + b64 @ a64.T if second else a64 @ a64.T
    C = cupy.full((m, m), np.nan, np.float32)
    src = emit_gemm(GemmKernelSpec("gu", "float32", m, m, k, *ops, c_uplo=c_uplo, **kw))
    launch(src, tuple({"A": A, "B": B, "C": C}[p[1]] for p in src.params))
    got = cupy.asnumpy(C)
    mask = {"lower": np.tril, "upper": np.triu}.get(c_uplo, lambda x: x)(np.ones((m, m), bool))
    assert np.all(np.isnan(got[~mask])) and np.all(np.isfinite(got[mask]))
    assert np.max(np.abs(got[mask] - want[mask])) <= 1e-5 * max(1.0, np.max(np.abs(want)))
