"""Issue 17, code generation without NVRTC: the static shared-memory budget of a plan (bug 2),
loads of one vector along both axes of a tile (bug 1) and launchable grids for empty axes (bug 5)."""
from __future__ import annotations

import dataclasses
import math

import pytest

import kfuse
from kfuse.codegen import generate
from kfuse.errors import PlanError
from kfuse.frontend.trace import trace
from kfuse.fusion import unfused_plan
from kfuse.spaces.budget import SMEM_STATIC_LIMIT, shared_bytes, smem_refusal
from kfuse.fusion.search import impl_variants
from kfuse.model import load_calibration
from kfuse.model.planner import best_plan
from kfuse.model.predict import predict_kernel

from .unit_helpers import DTYPES


def three_gemv_t(dtype, m=256, n=2900):
    v = ("a", (m,), dtype, "C")
    return trace(lambda A, x, y, z: (A.T @ x, A.T @ y, A.T @ z), ["A", "x", "y", "z"],
                 [("a", (m, n), dtype, "C"), v, v, v], "three")[0]


BIG = {"bx": 32, "by": 16, "ks": 1, "vec": 4, "iter_axis": "slow", "iters": 2, "finish": "last_block"}


@pytest.mark.parametrize("dtype", ["float64", "complex64"])
def test_over_budget_tile_is_counted_and_refused_with_the_reason(dtype):
    prog = three_gemv_t(dtype)
    # three 16 x 128 tiles of 8-byte elements, and the handshake flags: what NVRTC refused
    assert shared_bytes(prog, [0, 1, 2], BIG) == 3 * 16 * 128 * 8 + 16 > SMEM_STATIC_LIMIT
    why = smem_refusal(prog, [0, 1, 2], BIG)
    assert "49,168 B of static shared memory" in why and "48 KiB" in why
    assert smem_refusal(prog, [0, 1, 2], {**BIG, "by": 8}) is None


@pytest.mark.parametrize("dtype", DTYPES)
def test_space_and_model_know_the_budget(dtype):
    prog = three_gemv_t(dtype)
    variants = impl_variants(prog, [0, 1, 2])
    assert variants and all(shared_bytes(prog, [0, 1, 2], p) <= SMEM_STATIC_LIMIT for p in variants)
    cal = load_calibration()
    if shared_bytes(prog, [0, 1, 2], BIG) > SMEM_STATIC_LIMIT:
        assert predict_kernel(prog, [0, 1, 2], BIG, set(), cal) == math.inf
    plan = best_plan(prog, cal)
    assert [k.calls for k in plan.kernels] == [[0, 1, 2]]
    assert all(smem_refusal(prog, k.calls, k.params) is None for k in plan.kernels)


def test_edited_plan_over_budget_is_refused_by_generate():
    prog = three_gemv_t("float64")
    plan = best_plan(prog)
    k = plan.kernels[0]
    edited = dataclasses.replace(plan, kernels=[dataclasses.replace(k, params=dict(BIG))])
    with pytest.raises(PlanError, match=rf"kernel {k.name}: needs 49,168 B of static shared memory"):
        generate(prog, edited)


def test_a_fusion_with_no_variant_in_budget_is_never_chosen():
    # 12 transposed products of one complex128 matrix: 4 KiB of tile per output at the
    # smallest pack-wide tile, so all twelve in one kernel fit no variant
    K = 12
    names = ["A"] + [f"x{i}" for i in range(K)]
    specs = [("a", (2048, 2048), "complex128", "C")] + [("a", (2048,), "complex128", "C")] * K
    prog = trace(lambda A, *xs: tuple(A.T @ x for x in xs), names, specs, "many")[0]
    assert impl_variants(prog, list(range(K))) == []
    plan = best_plan(prog)
    assert len(plan.kernels) > 1
    for k in plan.kernels:
        assert smem_refusal(prog, k.calls, k.params) is None
    generate(prog, plan)


def test_one_vector_on_both_axes_is_loaded_along_each():
    prog = trace(lambda A, x: kfuse.blas.ger(A, x, x), ["A", "x"],
                 [("a", (7, 7), "float32", "C"), ("a", (7,), "float32", "C")], "gerxx")[0]
    src = generate(prog, unfused_plan(prog)).source
    body = src[src.index("extern \"C\" __global__ void __launch_bounds__"):]
    assert "float x__s[KS];" in body and "float x__f[VEC];" in body
    assert "t1_ger_compute(A_e[k][v], x__s[k], x__f[v]" in body


@pytest.mark.parametrize("shape", [(5, 0), (0, 5), (0, 0)], ids=str)
def test_empty_axes_launch_one_block_with_bounds_checks(shape):
    m, n = shape
    prog = trace(lambda A, x, y: (A @ x, A.T @ y), ["A", "x", "y"],
                 [("a", (m, n), "float32", "C"), ("a", (n,), "float32", "C"), ("a", (m,), "float32", "C")],
                 "empty")[0]
    mod = generate(prog, unfused_plan(prog))
    for k in mod.launches:
        assert min(k.grid) >= 1, (k.name, k.grid)
    if m == 0:
        assert "ALL_S = false" in mod.source
    if n == 0:
        assert "ALL_F = false" in mod.source
    assert "kf_part_" not in mod.source   # one block spans an empty reduced axis: no partials


def test_explain_names_a_fusion_no_launch_shape_fits(monkeypatch):
    """A legal fusion with no launch shape inside the budget says so in explain(), with the
    bytes its default shape needs (the search never picks it)."""
    from kfuse.spaces import budget
    prog = three_gemv_t("float64")
    assert kfuse.explain(prog, calls=[0, 1, 2]).startswith("fusible")
    monkeypatch.setattr(budget, "SMEM_STATIC_LIMIT", 1024)
    text = kfuse.explain(prog, calls=[0, 1, 2])
    assert text.startswith("not fusible") and "no launch shape fits the shared-memory budget" in text
    assert "B of static shared memory, over the 1 KiB" in text
