"""Issue 18, point 1 and 3: the space protocol (kfuse.spaces) and the facts computed once.

Each space refuses an edited plan's bad launch parameters up front with one line naming the
kernel and the field; its geometry is the grid, block and workspace both the model and code
generation use; and a toy space registered from here is planned through the registry (domain,
parameters, variants, traffic) with no edit to fusion/ or model/.
"""
from __future__ import annotations

import dataclasses

import math
import subprocess
import sys

import pytest

import kfuse
from kfuse import library, spaces
from kfuse.codegen import generate
from kfuse.errors import PlanError
from kfuse.fusion import KernelPlan, check_plan, unfused_plan
from kfuse.fusion.legality import check
from kfuse.fusion.search import impl_variants, make_plan
from kfuse.model import load_calibration
from kfuse.model.predict import group_facts, kernel_kind, kernel_traffic, predict_kernel
from kfuse.model.planner import best_plan
from kfuse.spaces import Domain, Geometry, ParamSpec, Space, program_info
from kfuse.codegen import LOWERINGS
from ..toy_space import TOY_SCRIPT, PairsSpace, registered
from .unit_helpers import bound

SPMV_DOT = "csr A(n, n); vector p(n), q(n); scalar pq; input A, p; q = A @ p; pq = dot(p, q); return q, pq;"


VEC_DOT = "vector x(n), y(n), z(n); scalar r; input x, y; z = x + y; r = dot(z, y); return z, r;"


def sparse_program(n: int = 300):
    return kfuse.parse(SPMV_DOT, "rows", "float32").bind({"n": n})


def programs():
    """One program per space: (space, program, call ids of one kernel)."""
    vec = kfuse.parse(VEC_DOT, "vec", "float32").bind({"n": 100000})
    return [("vec", vec, [0, 1]), ("tile", bound("bicgk", m=96, n=200), [0, 1]),
            ("rows", sparse_program(), [0, 1])]


# ------------------------------------------------------------------ schema
@pytest.mark.parametrize("space,change,msg", [
    ("vec", {"blocks": 128}, "a vec kernel takes no parameter 'blocks'"),
    ("vec", {"block": 100}, "block must be a power of two in \\[32, 1024\\], got 100"),
    ("vec", {"iters": "2"}, "parameter 'iters' must be an integer, got '2'"),
    ("tile", {"walk": "sideways"}, "parameter 'walk' must be one of strips, down, up, got 'sideways'"),
    ("tile", {"bx": 64}, "bx must be a power of two <= 32, got 64"),
    ("tile", {"ks": 1.5}, "parameter 'ks' must be an integer, got 1.5"),
    ("tile", {"chunk": 3, "iters": 4}, "chunk=3 must divide iters=4"),
    ("tile", {"regs": 100}, "regs must be 32, 64, 128 or 255, got 100"),
    ("rows", {"group": 64}, "group must be a power of two <= 32, got 64"),
    ("rows", {"stage": True}, "parameter 'stage' must be an integer, got True"),
    ("rows", {"colour": 1}, "a rows kernel takes no parameter 'colour'"),
    ("rows", {"group": 4, "stage": 2, "span": 4, "vec": 4}, "stage \\* span <= group"),
])
def test_edited_params_are_refused_up_front_with_one_line(space, change, msg):
    """check_plan refuses the edit before any code is generated, one line naming kernel and field."""
    prog, calls = next((p, c) for s, p, c in programs() if s == space)
    plan = make_plan(prog, [(calls, spaces.get(space).default_params(
        prog, calls, spaces.kernel_domain(prog, calls), spaces.kernel_dtype(prog, calls), program_info(prog)))])
    check_plan(prog, plan)
    plan.kernels[0].params.update(change)
    with pytest.raises(PlanError, match=msg) as err:
        check_plan(prog, plan)
    assert "\n" not in str(err.value) and str(err.value).startswith(f"kernel {plan.kernels[0].name}")
    with pytest.raises(PlanError) as again:   # code generation refuses it the same way, up front
        generate(prog, plan)
    assert str(again.value) == str(err.value)


@pytest.mark.parametrize("change,msg", [
    ({"finish": "atomic", "iters": 1, "block": 128}, "finish='atomic' refused: .*max"),
])
def test_generate_refuses_an_atomic_finish_the_reductions_do_not_allow(change, msg):
    """An atomic finish of a max reduction (no atomic form) is refused by the space's validate
    before codegen, which no longer asks legality itself."""
    prog = kfuse.parse("vector x(n); scalar m; input x; m = amax(x); return m;", "amax", "float32").bind({"n": 5000})
    plan = unfused_plan(prog)
    plan.kernels[0].params.update(change)
    with pytest.raises(PlanError, match=msg):
        generate(prog, plan)


def test_scalar_space_takes_no_parameter():
    prog = bound("bicgk", m=8, n=8)
    kp = KernelPlan("k0", [0], "scalar", {"bx": 1})
    with pytest.raises(PlanError, match="a scalar kernel takes no parameter 'bx' \\(it takes none\\)"):
        spaces.get("scalar").check_schema(kp)


def test_unknown_space_is_one_clear_error():
    with pytest.raises(PlanError, match="unknown space 'stencil' \\(the spaces are vec, tile, rows, scalar, grid, gemm, trsm\\)"):
        spaces.get("stencil")


def test_schema_documents_every_parameter_with_default_or_required():
    for space in spaces.SPACES.values():
        for spec in space.params:
            assert spec.doc and (spec.required or spec.default is not None or "default" in spec.doc), spec


# ------------------------------------------------------------------ geometry
@pytest.mark.parametrize("space", ["vec", "tile", "rows"])
def test_geometry_is_what_codegen_launches_and_the_model_reads(space):
    """For every variant of a fused kernel: the generated kernel's grid, block and workspace
    equal the space's geometry, and the model's traffic reads the same grid, threads, smem."""
    prog, calls = next((p, c) for s, p, c in programs() if s == space)
    info, dom = program_info(prog), spaces.kernel_domain(prog, calls)
    variants = impl_variants(prog, calls)
    assert len(variants) > 3
    for params in variants:
        geo = spaces.get(space).geometry(prog, calls, params, dom, info)
        src = next(k for k in generate(prog, make_plan(prog, [(calls, params)])).kernels if k.plan)
        assert (tuple(src.grid), tuple(src.block)) == (geo.grid, geo.block), params
        scratch = tuple((a.kind, a.cname, a.nbytes) for a in src.args if a.kind in ("partial", "accum", "counter"))
        assert scratch == geo.workspace, params
        tr = kernel_traffic(prog, calls, params, set())
        assert (tr.grid, tr.threads, tr.smem) == (geo.blocks, geo.threads, geo.shared_static)


def test_tile_geometry_holds_the_reduction_grid_and_chunk():
    prog = bound("bicgk", m=4096, n=4096)
    params = {"bx": 32, "by": 16, "ks": 1, "vec": 4, "iter_axis": "slow", "iters": 64}
    geo = spaces.get("tile").geometry(prog, [0, 1], params, spaces.kernel_domain(prog, [0, 1]), program_info(prog))
    assert geo.grid == (4096 // 128, 4096 // (16 * 64), 1) and geo.block == (32, 16, 1)
    assert geo.blocks_red == {"slow": 32, "fast": 4} and geo.chunk == 16
    assert [f[0] for f in geo.families] == ["slow", "fast"]
    with pytest.raises(dataclasses.FrozenInstanceError):
        geo.chunk = 1   # read-only


# ------------------------------------------------------------------ facts
def test_program_info_is_computed_once_and_rebuilt_after_a_change():
    prog = kfuse.parse(VEC_DOT, "vec", "float32").bind({"n": 64})
    info = program_info(prog)
    assert program_info(prog) is info
    assert info.out(0) == prog.calls[0].out == "z" and info.fn(1).name == "dot" and info.dtype(1) == "float32"
    assert info.domain(0) == Domain("vec", length=64) and info.calls[1].producers == {0}
    assert info.calls[0].readers == {1}
    again = prog.bind({})
    assert program_info(again) is not info


def test_no_import_cycle_between_plan_and_legality():
    """Either module imports first on its own (a cycle would leave a half-built module)."""
    for first in ("kfuse.fusion.legality", "kfuse.fusion.plan", "kfuse.spaces", "kfuse.model.predict"):
        code = f"import {first}"
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
        assert out.returncode == 0, out.stderr


# ------------------------------------------------------------------ a toy space
@pytest.fixture
def pairs_space():
    with registered():
        yield


def test_a_toy_space_plugs_in_through_the_registry(pairs_space):
    prog = kfuse.parse(TOY_SCRIPT, "toy", "float32").bind({"n": 5000})
    assert spaces.call_domain(prog, prog.calls[0]) == Domain("pairs", length=5000)
    plan = unfused_plan(prog)
    assert [k.space for k in plan.kernels] == ["pairs", "pairs"] and plan.kernels[0].params == {"block": 128, "pairs": 2}
    check_plan(prog, plan)
    assert check(prog, [0, 1]) == []                                     # one domain: fusible
    assert impl_variants(prog, [0, 1]) == PairsSpace().variants(None, None, None, None, True, None)
    assert kernel_kind(prog, [0, 1]) == "pairs"
    tr = kernel_traffic(prog, [0, 1], {"block": 256, "pairs": 2}, {"w"}, group_facts(prog, [0, 1]))
    assert tr.grid == math.ceil(5000 / 1024) and tr.read == 2 * 5000 * 4 and tr.write == 5000 * 4
    cal = load_calibration()
    assert 0 < predict_kernel(prog, [0, 1], {"block": 256, "pairs": 2}, {"w"}, cal) < math.inf
    best = best_plan(prog, cal)
    assert [k.space for k in best.kernels] == ["pairs"] and best.kernels[0].calls == [0, 1]
    plan.kernels[0].params["pairs"] = 9
    with pytest.raises(PlanError, match="pairs must be an integer <= 8, got 9"):
        check_plan(prog, plan)
    spaces.unregister("pairs")   # the program's facts follow the registry: vec claims the calls now
    assert spaces.call_domain(prog, prog.calls[0]) == Domain("vec", length=5000)
    spaces.register(PairsSpace())   # (the fixture unregisters it)


def test_a_toy_space_generates_cuda_through_its_own_lowering(pairs_space):
    """The toy's lowering (tests/toy_space.py) prints its kernels through codegen.module.generate,
    with the grid and block of the toy space's geometry, the fused intermediate in registers."""
    prog = kfuse.parse(TOY_SCRIPT, "toy", "float32").bind({"n": 5000})
    fused = make_plan(prog, [([0, 1], {"block": 256, "pairs": 2})])
    mod = generate(prog, fused)
    (k,) = mod.kernels
    assert k.grid == (math.ceil(5000 / 1024), 1, 1) and k.block == (256, 1, 1) and mod.zero is None
    assert [(a.kind, a.value) for a in k.args] == [("in", "x"), ("in", "y"), ("out", "w")]
    assert "z_toy_pair_compute(x_[i], y_[i], z_e);" in k.text and "w_toy_pair_compute(z_e, y_[i], w__e);" in k.text
    assert "w_[i] = w__e;" in k.text and "z[i]" not in k.text and "constexpr int PER = 4;" in k.text
    assert "__launch_bounds__(256)" in k.text and k.text in mod.source
    unfused = generate(prog, unfused_plan(prog))
    assert [len(k.args) for k in unfused.kernels] == [3, 3] and "z[i] = z_e;" in unfused.kernels[0].text
    fused.kernels[0].params["block"] = 100   # an edited plan: refused by the toy's schema up front
    with pytest.raises(PlanError, match="block must be a power of two in \\[32, 1024\\], got 100"):
        generate(prog, fused)


def test_the_toy_space_is_gone_after_its_test():
    assert "pairs" not in spaces.SPACES and "pairs" not in LOWERINGS and "toy_pair" not in library.names()
