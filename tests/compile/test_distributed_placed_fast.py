"""Placed grid kernels with the plan's launch parameters, run on the CPU (g++,
tests/compile/grid_cpu.py): vector accesses (VEC 2 and 4), adjacent rows and tiles staged in
shared memory are kept on a rank's padded block, and steps over several fields whose arrays lie
at different positions of the kernel's frame are placed; after several steps (halos exchanged
over LocalComm) every rank's owned points are bitwise the one-grid run's, float32 and float64,
uneven blocks, 1-D and 2-D splits; every placed kernel compiles for sm_90 without spills."""
from __future__ import annotations

import numpy as np
import pytest

from kfuse import config, spaces
from kfuse.codegen.module import generate
from kfuse.distributed import LocalComm, decompose, exchange_halos, step_halos
from kfuse.distributed.exchange import local_box
from kfuse.distributed.halo import Halo, storage_halo
from kfuse.distributed.placed import placed_plan, rank_module
from kfuse.distributed.reference import scatter
from kfuse.frontend.trace import trace
from kfuse.model import load_calibration
from kfuse.model.planner import best_plan
from kfuse.spaces.registry import program_info
from tests.compile import grid_cpu
from tests.compile.test_distributed_placed import box9, heat3d, jacobi

STEPS = 3


def two_fields(a, b):
    """A stencil of ``a`` plus a window of ``b``: ``b`` lies at (0, -1) of the frame, ``a`` at
    (0, 0); ``b`` relaxes towards ``a`` so that both are the next step's state."""
    c = a.copy()
    c[1:-1, 1:-1] = 0.25 * (a[1:-1, :-2] + a[1:-1, 2:] + a[:-2, 1:-1] + a[2:, 1:-1]) + b[1:-1, 1:-1]
    d = b.copy()
    d[1:-1, 1:-1] = 0.5 * (b[1:-1, 1:-1] + a[1:-1, 1:-1])
    return c, d


def shallow(u, v, h):
    """A shallow-water-like update: each field read at its own windows (u across x, v across y,
    h both ways)."""
    hn = h.copy()
    hn[1:-1, 1:-1] = h[1:-1, 1:-1] - 0.1 * (u[1:-1, 2:] - u[1:-1, :-2] + v[2:, 1:-1] - v[:-2, 1:-1])
    un = u.copy()
    un[1:-1, 1:-1] = u[1:-1, 1:-1] - 0.05 * (h[1:-1, 2:] - h[1:-1, :-2])
    vn = v.copy()
    vn[1:-1, 1:-1] = v[1:-1, 1:-1] - 0.05 * (h[2:, 1:-1] - h[:-2, 1:-1])
    return un, vn, hn


NAMES = {jacobi: ["a"], box9: ["a"], heat3d: ["a"], two_fields: ["a", "b"],
         shallow: ["u", "v", "h"]}


def planned(fn, shape, dtype, params=None):
    """(program, plan) of ``fn`` over arrays of ``shape``; ``params``: the grid kernel's, set
    (checked legal by the grid space)."""
    prog = trace(fn, NAMES[fn], [("a", shape, dtype, "C")] * len(NAMES[fn]), fn.__name__)[0]
    with config.override(search_grid_time_s=0.0):
        plan = best_plan(prog, load_calibration())
    if params is not None:
        k = plan.kernels[0]
        plan.kernels[0] = type(k)(k.name, k.calls, k.space, dict(params))
        why = spaces.get("grid").refusal_of(prog, k.calls, dict(params), program_info(prog))
        assert why is None, why
    return prog, plan


def run_ranks(prog, plan, dims, state, steps, tmp_path):
    """Each rank's owned points after ``steps`` steps of the placed module, halos exchanged
    before each step, assembled into global arrays; and the rank modules."""
    shape = state[0].shape
    d = decompose(shape, int(np.prod(dims)), split=dims)
    store = storage_halo(step_halos(prog, plan, d).values(), d)
    names = list(prog.inputs)
    halos = {n: store for n in list(prog.values)}
    blocks = [scatter(s, d, store) for s in state]
    modules, exes = [], []
    for r in range(d.size):
        (tmp_path / str(r)).mkdir()
        modules.append(rank_module(prog, plan, d, r, halos))
        exes.append(grid_cpu.build([(prog, modules[r])], [b[r] for b in blocks], False, str(tmp_path / str(r))))
    per_rank = [[b[r] for b in blocks] for r in range(d.size)]
    for _ in range(steps):
        per_rank = LocalComm.run(d.size, lambda comm: _exchanged(per_rank[comm.rank], names, d, store, comm))
        per_rank = [grid_cpu.run(exes[r], [0], per_rank[r], str(tmp_path / str(r))) for r in range(d.size)]
    out = [np.full(shape, np.nan, dtype=state[0].dtype) for _ in per_rank[0]]
    for r in range(d.size):
        pad = local_box(d, r, store)
        own = tuple(slice(lo - plo, hi - plo) for (lo, hi), (plo, _) in zip(d.box(r), pad))
        for o, blk in zip(out, per_rank[r]):
            o[tuple(slice(lo, hi) for lo, hi in d.box(r))] = blk[own]
    return out, modules


def _exchanged(state, names, d, store, comm):
    blocks = {n: s.copy() for n, s in zip(names, state)}
    exchange_halos(blocks, d, {n: store for n in names}, comm)
    return [blocks[n] for n in names]


def one_grid(prog, plan, state, steps):
    return grid_cpu.run_schedule([(prog, generate(prog, plan))], [0] * steps, state, contract=False)


def check(fn, shape, dims, dtype, tmp_path, params=None, steps=STEPS):
    prog, plan = planned(fn, shape, dtype, params)
    assert [k.space for k in plan.kernels] == ["grid"] * len(plan.kernels)
    rng = np.random.default_rng(5)
    state = [rng.standard_normal(shape).astype(dtype) for _ in NAMES[fn]]
    want = one_grid(prog, plan, state, steps)
    got, modules = run_ranks(prog, plan, dims, state, steps, tmp_path)
    assert len(got) == len(want)
    for g, w in zip(got, want):
        assert np.array_equal(g, w), np.argwhere(g != w)[:5]
    return prog, plan, modules


VEC4 = {"bx": 32, "by": 4, "vec": 4}
VEC2 = {"bx": 32, "by": 4, "vec": 2}
ROWS = {"bx": 32, "by": 4, "py": 2, "rows": "adjacent", "vec": 2}
STAGED = {"bx": 32, "by": 4, "smem": "a"}

VECTOR_CASES = [
    ("float32", VEC4, (13, 24), (2, 1), "float4"), ("float32", VEC4, (14, 24), (3, 1), "float4"),
    ("float64", VEC2, (13, 24), (2, 1), "double2"), ("float32", VEC2, (13, 26), (2, 2), "float2"),
    ("float64", VEC2, (12, 26), (1, 2), "double2"),   # blocks 14 wide with their halo: aligned
    ("float64", ROWS, (17, 20), (3, 1), "double2"), ("float32", ROWS, (17, 22), (2, 2), "float2"),
]


@pytest.mark.parametrize("dtype, params, shape, dims, vtype", VECTOR_CASES)
def test_vectors_and_adjacent_rows_are_kept_and_bitwise(dtype, params, shape, dims, vtype, tmp_path):
    prog, plan, modules = check(jacobi, shape, dims, dtype, tmp_path, params)
    assert placed_plan(plan).kernels[0].params == plan.kernels[0].params
    for m in modules:
        text = m.kernels[0].text
        assert f"VEC = {params['vec']}" in text and vtype in text
        assert ("PY = 2" in text) == ("py" in params)


def test_blocks_whose_rows_lose_the_alignment_run_an_element_at_a_time(tmp_path):
    prog, plan, modules = check(jacobi, (12, 24), (1, 2), "float32", tmp_path, VEC4)
    texts = [m.kernels[0].text for m in modules]
    assert all("VEC = 4" in t for t in texts)
    assert not any("float4" in t for t in texts)   # blocks 13 wide with their halo: no aligned rows


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("shape, dims", [((13, 20), (2, 1)), ((13, 20), (2, 2)), ((20, 13), (1, 3))])
def test_staged_tiles_are_filled_from_the_padded_block(dtype, shape, dims, tmp_path):
    prog, plan, modules = check(jacobi, shape, dims, dtype, tmp_path, STAGED)
    for m in modules:
        assert "a__s[" in m.kernels[0].text and "__syncthreads" in m.kernels[0].text


def test_a_staged_computed_value_and_box9(tmp_path):
    prog, _ = planned(box9, (12, 16), "float64")
    staged = prog.calls[1].out
    check(box9, (12, 16), (2, 2), "float64", tmp_path, {"bx": 32, "by": 4, "smem": staged})


@pytest.mark.parametrize("fn, shape, dims, dtype", [
    (box9, (12, 16), (2, 2), "float32"), (heat3d, (9, 7, 8), (2, 1, 1), "float64"),
    (heat3d, (9, 7, 8), (2, 2, 1), "float32"),
    (two_fields, (13, 11), (2, 1), "float64"), (two_fields, (13, 11), (2, 2), "float32"),
    (two_fields, (11, 14), (1, 3), "float64"),
    (shallow, (13, 11), (2, 1), "float64"), (shallow, (13, 12), (3, 2), "float32"),
    (shallow, (10, 17), (1, 3), "float64")])
def test_planned_steps_and_several_fields_are_bitwise(fn, shape, dims, dtype, tmp_path):
    check(fn, shape, dims, dtype, tmp_path)


@pytest.mark.parametrize("dims", [(2, 1), (2, 2), (1, 2)])
def test_the_multi_field_step_at_two_frame_positions(dims, tmp_path):
    prog, plan, _ = check(two_fields, (13, 11), dims, "float64", tmp_path)
    poses = [spaces.get("grid").frame(prog, k.calls, k.params, program_info(prog)).pos for k in plan.kernels]
    assert any(p.get("a") not in (None, p.get("b")) and "b" in p for p in poses)   # the case once refused
    halos = step_halos(prog, plan, decompose((13, 11), int(np.prod(dims)), split=dims))
    cut = tuple((1, 1) if n > 1 else (0, 0) for n in dims)
    assert halos == {"a": Halo(cut), "b": Halo(((0, 0), (0, 0)))}   # each output's own reads, no more


@pytest.mark.parametrize("fn, shape, dims, dtype, params", [
    (jacobi, (64, 64), (2, 1), "float32", VEC4), (jacobi, (64, 64), (2, 2), "float64", VEC2),
    (jacobi, (64, 64), (2, 1), "float32", ROWS), (jacobi, (64, 64), (2, 2), "float64", STAGED),
    (box9, (64, 64), (2, 2), "float32", None), (heat3d, (16, 16, 16), (2, 2, 1), "float64", None),
    (two_fields, (64, 64), (2, 2), "float32", None), (shallow, (64, 64), (2, 2), "float64", None)])
def test_every_placed_kernel_compiles_for_sm90_without_spills(fn, shape, dims, dtype, params):
    from kfuse.distributed.rank_step import RankStep
    prog, plan = planned(fn, shape, dtype, params)
    d = decompose(shape, int(np.prod(dims)), split=dims)

    def build(comm):
        step = RankStep(prog, plan, d, comm, arch="sm_90")
        res = step.compiled.resources()
        assert res and all(r["spill_stores"] == r["spill_loads"] == r["stack"] == 0 for r in res.values()), res
        return [k.text for k in step.module.kernels]

    texts = LocalComm.run(d.size, build, timeout=300)
    for t in (t for rank in texts for t in rank):
        if params:
            assert f"VEC = {params.get('vec', 1)}" in t and ("__shared__" in t) == ("smem" in params)


def test_kfuse_jit_on_three_dist_arrays_keeps_the_plan_on_every_rank():
    import threading
    import kfuse
    import kfuse.distributed as kd
    from kfuse.distributed.jit import prepare
    lock = threading.Lock()
    prog, plan = planned(shallow, (13, 22), "float64", ROWS)

    def rank(comm):
        g = kd.Grid((13, 22), comm=comm, split=(2, 2), arrays="numpy")
        u, v, h = (g.scatter(np.full((13, 22), k)) for k in (1.0, 2.0, 3.0))
        with lock:
            entry = prepare(kfuse.jit(shallow, arch="sm_90", plan=plan.to_json()), u, v, h)
        res = entry.step.compiled.resources()
        assert all(r["spill_stores"] == 0 for r in res.values()), res
        return [k.text for k in entry.step.module.kernels]

    for texts in LocalComm.run(4, rank, timeout=300):
        assert len(texts) == 1 and "VEC = 2" in texts[0] and "PY = 2" in texts[0] and "double2" in texts[0]


def test_a_stored_value_not_of_the_grids_shape_is_refused_with_the_reason():
    from kfuse.errors import PlanError

    def lap(a):
        return a[1:-1, 1:-1] * 4.0 - a[:-2, 1:-1] - a[2:, 1:-1]
    prog = trace(lap, ["a"], [("a", (12, 9), "float64", "C")], "lap")[0]
    plan = best_plan(prog, load_calibration())
    d = decompose((12, 9), 2)
    with pytest.raises(PlanError, match=r"stores a value of shape \(10, 7\), not the grid's \(12, 9\)"):
        rank_module(prog, plan, d, 0, step_halos(prog, plan, d))
