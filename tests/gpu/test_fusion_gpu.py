"""The 11 sequences under every combination of fusions of their space, and a spread of
implementations (block shapes, packs, loop axis, serial iterations) of the chosen one,
at odd and non-square sizes, float32 and float64."""
import glob
import os

import pytest

import kfuse
from kfuse import reference
from kfuse.fusion.search import impl_variants, make_plan
from kfuse.model.planner import ranked_plans

from .helpers import check_outputs

EXAMPLES = sorted(p for p in glob.glob(os.path.join(os.path.dirname(kfuse.__file__), "examples", "*.kf"))
                  if os.path.basename(p)[:-3] not in ("hdiff", "jacobi2d", "periodic2d"))   # test_script_stencil_gpu.py
BLAS1 = {"axpydot", "sscal", "vadd", "waxpby"}
VARIANTS_PER_KERNEL = 10


def _sizes(name):
    if name in BLAS1:
        return [{"n": 1001}, {"n": (1 << 20) + 4}]
    return [{"m": 1000, "n": 3001}, {"m": 257, "n": 4100}]


CASES = [(os.path.basename(p)[:-3], p, s, d) for p in EXAMPLES for s in _sizes(os.path.basename(p)[:-3])
         for d in ("float32", "float64")]


def _check_seeds(prog, exe, dtype, what, seeds):
    """``exe`` on fresh random inputs for each seed (calls in a row: counters and accumulators
    the kernels leave behind must be clear), checked against the reference."""
    import cupy
    for seed in seeds:
        ins = reference.random_inputs(prog, seed=seed, xp=cupy)
        refs = reference.run(prog, ins)
        check_outputs([prog.value(o).display for o in prog.outputs], exe(*ins.values()),
                      [refs[o] for o in prog.outputs], dtype, f"{what} seed {seed}")


def _check(prog, plan, ins, refs, dtype, what):
    exe = kfuse.pipeline.stages.build(prog, plan)
    outs = exe(*ins.values())
    check_outputs([prog.value(o).display for o in prog.outputs], outs, [refs[o] for o in prog.outputs],
                  dtype, what)
    return exe


@pytest.mark.parametrize("name,path,sizes,dtype", CASES,
                         ids=[f"{c[0]}-{'x'.join(map(str, c[2].values()))}-{c[3]}" for c in CASES])
def test_every_combination(name, path, sizes, dtype):
    import cupy
    prog = kfuse.api.bind_sizes(kfuse.load(path, dtype), sizes)
    ins = reference.random_inputs(prog, seed=3, xp=cupy)
    refs = reference.run(prog, ins)
    plans = ranked_plans(prog)
    assert plans, "the space has at least the unfused combination"
    for _t, plan in plans:
        _check(prog, plan, ins, refs, dtype, f"{name} {[k.calls for k in plan.kernels]}")


@pytest.mark.parametrize("name,path,sizes,dtype", CASES,
                         ids=[f"{c[0]}-{'x'.join(map(str, c[2].values()))}-{c[3]}" for c in CASES])
def test_implementations_of_best(name, path, sizes, dtype):
    import cupy
    prog = kfuse.api.bind_sizes(kfuse.load(path, dtype), sizes)
    ins = reference.random_inputs(prog, seed=4, xp=cupy)
    refs = reference.run(prog, ins)
    best = ranked_plans(prog, limit=None)[0][1]
    for ki, k in enumerate(best.kernels):
        variants = impl_variants(prog, k.calls)
        step = max(1, len(variants) // VARIANTS_PER_KERNEL)
        for params in variants[::step]:
            kernels = [(kk.calls, params if j == ki else kk.params) for j, kk in enumerate(best.kernels)]
            _check(prog, make_plan(prog, kernels), ins, refs, dtype, f"{name} kernel {ki} {params}")


def test_default_kernel_counts():
    """The default plan's kernel counts (the fusion decisions of the issue)."""
    want = {"bicgk": 1, "sgemv": 1, "gesummv": 1, "axpydot": 1, "vadd": 1, "waxpby": 1, "madd": 1,
            "sscal": 1, "atax": 2, "sgemvt": 2, "gemver": 2}
    for path in EXAMPLES:
        name = os.path.basename(path)[:-3]
        sizes = {"n": 1 << 20} if name in BLAS1 else {"m": 2048, "n": 2048}
        assert kfuse.compile_script(path, sizes=sizes).n_kernels == want[name], name


TILE_EXACT = [n for n in (os.path.basename(p)[:-3] for p in EXAMPLES) if n not in BLAS1]


@pytest.mark.parametrize("dtype", ["float32", "complex128"])
@pytest.mark.parametrize("name", TILE_EXACT)
def test_exact_tiles_and_row_groups(name, dtype):
    """Sizes the grid covers exactly (no bounds checks compiled: ALL_S, ALL_F) and rows reduced
    KS at a time across the lanes (kf_lane_reduce_k), under every tile shape with KS > 1 of the
    best plan's kernels, beside a size that is not covered exactly."""
    import cupy
    path = os.path.join(os.path.dirname(kfuse.__file__), "examples", name + ".kf")
    for sizes in ({"m": 512, "n": 2048}, {"m": 509, "n": 2052}):
        prog = kfuse.api.bind_sizes(kfuse.load(path, dtype), sizes)
        ins = reference.random_inputs(prog, seed=5, xp=cupy)
        refs = reference.run(prog, ins)
        best = ranked_plans(prog, limit=None)[0][1]
        for ki, k in enumerate(best.kernels):
            if k.space != "tile":
                continue
            seen = set()
            for params in impl_variants(prog, k.calls):
                shape = (params["ks"], params["iter_axis"], params.get("finish"), params["iters"] > 1)
                if params["ks"] == 1 or shape in seen:
                    continue
                seen.add(shape)
                kernels = [(kk.calls, params if j == ki else kk.params) for j, kk in enumerate(best.kernels)]
                exe = _check(prog, make_plan(prog, kernels), ins, refs, dtype, f"{name} {sizes} kernel {ki} {params}")
                if sizes["m"] == 512 and params["iters"] == 1 and params["iter_axis"] == "slow":
                    assert "ALL_S = true" in exe.source


@pytest.mark.parametrize("finish", [None, "atomic"])
@pytest.mark.parametrize("dtype", ["float32", "float64", "complex64"])
def test_vector_reduction_one_pack_per_thread(dtype, finish):
    """A reduction over a grid of one pack per thread (thousands of blocks): the last block reads
    every partial, or atomics sum them into an accumulator the last block finalizes and clears
    (run twice: the second call must start from a cleared accumulator)."""
    import cupy
    path = os.path.join(os.path.dirname(kfuse.__file__), "examples", "axpydot.kf")
    prog = kfuse.api.bind_sizes(kfuse.load(path, dtype), {"n": (1 << 20) + 4})
    refs = None
    params = {"block": 256, "vec": 2 if dtype == "complex64" else 4, "iters": 1,
              **({"finish": finish} if finish else {})}
    exe = kfuse.pipeline.stages.build(prog, make_plan(prog, [([c.id for c in prog.calls], params)]))
    assert exe.n_kernels == 1 and exe.module.kernels[0].grid[0] > 1000
    for seed in (6, 7):
        ins = reference.random_inputs(prog, seed=seed, xp=cupy)
        refs = reference.run(prog, ins)
        outs = exe(*ins.values())
        check_outputs([prog.value(o).display for o in prog.outputs], outs, [refs[o] for o in prog.outputs],
                      dtype, f"axpydot {params}")


def test_register_budget_raised_for_a_spilling_tile_kernel():
    """A tile shape that spills under 64 registers is rebuilt with ``regs`` = 128 (no spills),
    and still computes what the reference computes."""
    import cupy
    path = os.path.join(os.path.dirname(kfuse.__file__), "examples", "atax.kf")
    prog = kfuse.api.bind_sizes(kfuse.load(path, "float32"), {"m": 4096, "n": 4096})
    best = ranked_plans(prog, limit=None)[0][1]
    spill = {"bx": 32, "by": 8, "ks": 1, "vec": 8, "iter_axis": "fast", "iters": 8, "finish": "atomic"}
    kernels = [(k.calls, spill if j == 0 else k.params) for j, k in enumerate(best.kernels)]
    ins = reference.random_inputs(prog, seed=8, xp=cupy)
    refs = reference.run(prog, ins)
    exe = _check(prog, make_plan(prog, kernels), ins, refs, "float32", "atax regs")
    assert all(r["spill_stores"] == 0 for r in exe.resources.values())


@pytest.mark.parametrize("dtype", ["float32", "float64", "complex64"])
@pytest.mark.parametrize("name,axis", [("bicgk", "slow"), ("bicgk", "fast"), ("gesummv", "slow"),
                                       ("atax", "slow")])
def test_strips_combined_chunk_by_chunk(name, axis, dtype):
    """A reduction whose outputs follow the loop is combined chunk by chunk inside it (the last
    block to finish a chunk of a strip sums that chunk's partials): chunks of 1, 2 and 4
    iterations, sizes the tiles do not cover exactly, and two calls in a row (the per-chunk
    counters must be left at zero)."""
    path = os.path.join(os.path.dirname(kfuse.__file__), "examples", name + ".kf")
    prog = kfuse.api.bind_sizes(kfuse.load(path, dtype), {"m": 1001, "n": 777})
    best = ranked_plans(prog, limit=None)[0][1]
    ki = next(i for i, k in enumerate(best.kernels) if k.space == "tile")
    chunked = 0
    for chunk in (1, 2, 4):
        params = {"bx": 32, "by": 4, "ks": 2, "vec": 1, "iter_axis": axis, "iters": 8, "chunk": chunk,
                  "finish": "last_block"}
        kernels = [(kk.calls, params if j == ki else kk.params) for j, kk in enumerate(best.kernels)]
        try:
            exe = kfuse.pipeline.stages.build(prog, make_plan(prog, kernels))
        except kfuse.errors.PlanError:
            continue
        chunked += "CHUNK" in exe.source
        _check_seeds(prog, exe, dtype, f"{name} {params}", (8, 9))
    assert chunked >= 2, f"{name} along {axis}: no chunked finish was generated"


WALKS = [("atax", 0, {"iter_axis": "fast", "iters": 2, "finish": "last_block", "walk": "up"}),
         ("atax", 1, {"iter_axis": "slow", "iters": 8, "finish": "atomic", "walk": "up"}),
         ("atax", 1, {"iter_axis": "slow", "iters": 8, "finish": "atomic", "walk": "down"}),
         ("sgemvt", 0, {"iter_axis": "slow", "iters": 8, "finish": "atomic", "walk": "down"}),
         ("sgemvt", 1, {"iter_axis": "fast", "iters": 2, "finish": "atomic", "walk": "up"}),
         ("gemver", 0, {"iter_axis": "slow", "iters": 4, "finish": "atomic", "walk": "up"}),
         ("gemver", 1, {"iter_axis": "fast", "iters": 1, "finish": "last_block", "walk": "up"})]


@pytest.mark.parametrize("dtype", ["float32", "float64", "complex64"])
@pytest.mark.parametrize("name,ki,walk", WALKS, ids=[f"{w[0]}-k{w[1]}-{w[2]['walk']}-{w[2]['iter_axis']}" for w in WALKS])
def test_walk_orders(name, ki, walk, dtype):
    """Kernels walking ``down`` or ``up`` their matrix (the orders that let a second pass find
    the end of the first in L2) compute what the reference computes: tiles that cover the
    matrix exactly and not, a strip's last block combining the rows its blocks walked from the
    bottom, atomics, two calls in a row; and the default plan at n = 4096 takes them."""
    path = os.path.join(os.path.dirname(kfuse.__file__), "examples", name + ".kf")
    for sizes in ({"m": 1001, "n": 777}, {"m": 512, "n": 2048}):
        prog = kfuse.api.bind_sizes(kfuse.load(path, dtype), sizes)
        best = ranked_plans(prog, limit=None)[0][1]
        params = {"bx": 32, "by": 4, "ks": 2, "vec": 2 if dtype == "complex64" else 4, **walk}
        if sizes["n"] % params["vec"]:
            params["vec"] = 1
        kernels = [(k.calls, params if j == ki else k.params) for j, k in enumerate(best.kernels)]
        exe = kfuse.pipeline.stages.build(prog, make_plan(prog, kernels))
        assert "// walk " in exe.source
        _check_seeds(prog, exe, dtype, f"{name} {sizes} kernel {ki} {params}", (10, 11))
    if dtype == "float32":
        prog = kfuse.api.bind_sizes(kfuse.load(path, dtype), {"m": 4096, "n": 4096})
        exe = kfuse.compile_script(path, sizes={"m": 4096, "n": 4096})
        assert [k.params.get("walk") for k in exe.plan_obj.kernels][1] == "up"
        _check_seeds(prog, exe, dtype, f"{name} 4096 default plan", (12,))


@pytest.mark.parametrize("dtype", ["float32", "float64", "complex64"])
@pytest.mark.parametrize("name", ["bicgk", "atax", "gemver"])
def test_zeroing_kernel_before_atomic_finishes(name, dtype):
    """Every kernel of the plan finishing by atomics: one zeroing kernel runs first for all of
    them (poisoned outputs come out right), call after call, with graphs on and off."""
    path = os.path.join(os.path.dirname(kfuse.__file__), "examples", name + ".kf")
    prog = kfuse.api.bind_sizes(kfuse.load(path, dtype), {"m": 1001, "n": 777})
    best = ranked_plans(prog, limit=None)[0][1]
    kernels = [(k.calls, {**k.params, "finish": "atomic"} if "finish" in k.params else k.params)
               for k in best.kernels]
    exe = kfuse.pipeline.stages.build(prog, make_plan(prog, kernels))
    assert exe.module.zero is not None and len(exe.module.launches) == len(kernels) + 1
    _check_seeds(prog, exe, dtype, f"{name} all atomic", (30, 31))
    import cupy
    ins = reference.random_inputs(prog, seed=32, xp=cupy)
    refs = [reference.run(prog, ins)[o] for o in prog.outputs]
    names = [prog.value(o).display for o in prog.outputs]
    with kfuse.config.override(poison=False):
        for i in range(4):   # the same arguments: launches twice, then a captured graph replays
            check_outputs(names, exe(*ins.values()), refs, dtype, f"{name} all atomic, call {i}")
        assert exe.stub is not None and exe.stub.graphs.captured == 1
        with kfuse.config.override(auto_graph=False):
            check_outputs(names, exe(*ins.values()), refs, dtype, f"{name} all atomic, launches")
