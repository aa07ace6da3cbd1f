"""Unit tier of TRSM's "inverse" algorithm (issue 20, round 4): its steps as GEMMs, its leaf sizes
and refusals, the lowered launches (copy to R, one inversion, leaves and updates as GEMMs with no
aliasing), the model's choice and explain's lines."""
from __future__ import annotations

import pytest

from kfuse import blas
from kfuse.api import make_plan
from kfuse.codegen import generate
from kfuse.errors import PlanError
from kfuse.frontend.trace import trace
from kfuse.model.planner import best_plan
from kfuse.spaces.trsm import space as ts


def _prog(n=300, nrhs=70, side="left", uplo="lower", dtype="float32", diag="nonunit"):
    bshape = (n, nrhs) if side == "left" else (nrhs, n)
    return trace(lambda A, B: blas.trsm(A, B, side=side, uplo=uplo, diag=diag), ["A", "B"],
                 [("a", (n, n), dtype, "C"), ("a", bshape, dtype, "C")])[0]


def _module(prog, **edit):
    pj = make_plan(prog).to_json()
    pj["kernels"][0]["params"].update(edit)
    return generate(prog, make_plan(prog, pj))


def test_gemm_steps_turn_each_leaf_into_a_square_gemm():
    steps = ts.solve_steps("inverse", 300, 128, True)
    assert steps == ts.solve_steps("recursive", 300, 128, True)    # the same recursion
    g = ts.gemm_steps("inverse", steps)
    assert [s[0] for s in g] == ["update"] * len(steps)
    assert [(s[1], s[2], s[3], s[4]) for s, o in zip(g, steps) if o[0] == "leaf"] == \
        [(0, 128, 0, 128), (128, 128, 128, 128), (256, 44, 256, 44)]
    assert ts.gemm_steps("recursive", steps) == [s for s in steps if s[0] == "update"]


@pytest.mark.parametrize("leaf, dtype", [(128, "float32"), (128, "float64"), (16, "float64"), (64, "float32")])
def test_inverse_allows_leaves_the_recursive_leaf_cannot(leaf, dtype):
    assert ts.leaf_refusals(leaf, dtype, "inverse") == []
    assert (ts.leaf_refusals(leaf, dtype) == []) == (leaf <= ts.MAX_LEAF)


@pytest.mark.parametrize("leaf, dtype, words", [
    (256, "float32", "shared memory"), (256, "float64", "shared memory"), (2048, "float32", "thread per column"),
    (8, "float32", "under 16"), (96, "float32", "power of two"), (0, "float32", "positive"),
])
def test_inverse_leaf_refusals_name_the_reason(leaf, dtype, words):
    assert any(words in w for w in ts.leaf_refusals(leaf, dtype, "inverse"))


def test_edited_inverse_leaf_too_large_is_refused():
    prog = _prog()
    with pytest.raises(PlanError, match="inversion kernel keeps the 256 x 256 block"):
        _module(prog, algorithm="inverse", leaf=256)


def test_inversion_shared_memory_and_launch():
    from kfuse.codegen.trsm.inverse import invert_launch
    assert ts.inv_shared_bytes(128, 4) == 128 * 129 * 4       # the block, rows padded by one
    assert invert_launch(300, 128, 8) == ((3, 1, 1), (256, 1, 1), 128 * 129 * 8)   # a 4 x 4 tile a thread
    assert invert_launch(1, 16, 4) == ((1, 1, 1), (16, 1, 1), 16 * 17 * 4)
    assert ts.leaf_refusals(128, "float64", "inverse") == []    # 132096 bytes fit


def test_inversion_has_no_barrier_per_row():
    """The blocked inversion: a barrier after the load, two around the sub-blocks' store, four a
    merge level (in a loop over the levels), none in the sub-blocks' row loops (the row-by-row
    kernel took two a row: 256 at leaf 128, 0.098 ms on the H200)."""
    from kfuse.codegen.trsm.inverse import emit_invert_kernel
    text = emit_invert_kernel("k", "float32", 1024, 128, True, False, (1024, 1))
    assert text.count("__syncthreads()") == 7
    assert "for (int b = D; b < NB; b *= 2)" in text and "D = 16, TM = 4, TN = 4, THREADS = 256" in text
    rows = text[text.index("col[D];"):text.index("__syncthreads();   // every thread has read")]
    assert "__sync" not in rows


def test_inversion_model_counts_levels_and_barriers():
    """Leaf 128: 3 merge levels (16, 32, 64) of 4 barriers and 2 x b x 16 FMAs a thread."""
    c = ts.inversion_cycles
    assert c(16) < c(32) < c(64) < c(128)
    levels = 3 * 4 * ts.INV_BARRIER_CYCLES + 2 * 16 * (16 + 32 + 64) * ts.INV_FMA_CYCLES
    assert c(128) == pytest.approx(ts.INV_FIXED_CYCLES + 2 * 64 * ts.INV_ELEM_CYCLES + 120 * ts.INV_CHAIN_CYCLES
                                   + levels)
    assert ts.inversion_seconds(1024, 128) < 15e-6


@pytest.mark.parametrize("side", ["left", "right"])
def test_lowered_launches_copy_invert_then_gemms_without_aliasing(side):
    n, leaf = 300, 64
    prog = _prog(n=n, nrhs=70, side=side)
    mod = _module(prog, algorithm="inverse", leaf=leaf)
    steps = ts.solve_steps("inverse", n, leaf, True if side == "left" else False)
    names = [k.name for k in mod.kernels]
    assert len(names) == 2 + len(steps)
    assert names[0].endswith("_copy") and names[1].endswith("_invert")
    for k, st in zip(mod.kernels[2:], steps):
        assert ("_invleaf_" in k.name) == (st[0] == "leaf")
        writes = [a for a in k.args if a.cname in ("X", "R")]
        reads = {a.value for a in k.args if a.cname not in ("X", "R") and a.kind in ("in", "partial")}
        assert len(writes) == 1 and writes[0].value not in reads        # no GEMM reads what it writes
        assert writes[0].cname == ("X" if st[0] == "leaf" else "R")
    inv = mod.kernels[1]
    assert inv.grid == (-(-n // leaf), 1, 1) and inv.block == (ts.inv_threads(leaf), 1, 1)
    work = {a.value.rsplit("_", 1)[-1]: a.nbytes for k in mod.kernels for a in k.args
            if a.kind == "partial" and a.cname in ("R", "Rk", "Ainv")}
    assert work == {"R": n * 70 * 4, "Ainv": 5 * leaf * leaf * 4}
    assert "X[x_off + " in mod.source and "] = acc" in mod.source and "R[x_off + " in mod.source
    assert "__syncthreads();" in inv.text and "Ainv[(long long)blockIdx.x * NB * NB + e] = W[e / NB * LD + e % NB];" in inv.text


@pytest.mark.parametrize("uplo, diag, words", [
    ("lower", "nonunit", "c <= r"), ("upper", "nonunit", "c >= r"), ("lower", "unit", "c < r"),
    ("upper", "unit", "c > r"),
])
def test_inversion_reads_only_its_triangle(uplo, diag, words):
    mod = _module(_prog(n=70, nrhs=5, uplo=uplo, diag=diag), algorithm="inverse", leaf=32)
    inv = next(k for k in mod.kernels if k.name.endswith("_invert"))
    assert f"&& {words}) ? A[" in inv.text
    assert ("--i" in inv.text) == (uplo == "upper")


def test_empty_right_hand_sides_copy_only():
    mod = _module(_prog(n=50, nrhs=0), algorithm="inverse", leaf=32)
    assert [k.name.rsplit("_", 1)[-1] for k in mod.kernels] == ["copy"]


def test_model_prefers_inverse_where_the_leaves_dominate():
    """The recursive leaves (one thread per right-hand side walking 64 rows: 16.8 us each on the
    H200) make the inverse the model's choice at 1024; explain lists it per leaf."""
    plan = best_plan(_prog(n=1024, nrhs=1024))
    assert plan.kernels[0].params["algorithm"] == "inverse"
    text = "\n".join(plan.notes)
    for leaf in ts.LEAVES:
        assert f"algorithm=inverse leaf={leaf}: " in text
    chosen = [ln for ln in plan.notes if "<- chosen" in ln]
    assert len(chosen) == 1 and "algorithm=inverse" in chosen[0]


def test_inversion_time_grows_with_the_leaf_and_the_waves():
    assert ts.inversion_seconds(1024, 64) < ts.inversion_seconds(1024, 128)
    assert ts.inversion_seconds(128 * 133, 128) == pytest.approx(2 * ts.inversion_seconds(1024, 128))


@pytest.mark.parametrize("side", ["left", "right"])
def test_an_empty_solve_still_stores_its_result(side):
    """0 right-hand sides under the inverse plan: its copy wrote only the workspace R, so no
    kernel stored X and the runtime had no array for it (H100 GPU tier: KeyError 't1')."""
    prog = _prog(n=200, nrhs=0, side=side)
    mod = _module(prog, algorithm="inverse", leaf=128)
    stored = {a.value for k in mod.kernels for a in k.args if a.kind == "out"}
    assert prog.outputs[0] in stored


def test_the_emitters_sample_is_current():
    """Every line of trsm_inv's docstring sample (lower, non-unit, float32, NB 32, N 40) is a
    line of the kernel it writes, in order."""
    from kfuse.codegen.trsm import inverse as trsm_inv
    doc = trsm_inv.__doc__
    sample = [ln.strip() for ln in doc[doc.index("abridged)::"):].splitlines()[1:] if ln.strip()]
    text = [ln.strip() for ln in trsm_inv.emit_invert_kernel("k0_invert", "float32", 40, 32, True, False,
                                                               (40, 1)).splitlines()]
    at = 0
    for ln in sample:
        if ln == "...":
            continue
        assert ln in text[at:], ln
        at = text.index(ln, at) + 1
