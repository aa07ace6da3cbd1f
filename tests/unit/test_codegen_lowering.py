"""The lowering registry and the code blocks kernels are built from."""
from __future__ import annotations

import copy

import pytest

from kfuse.api import bind_sizes
from kfuse.codegen import LOWERINGS, generate, register_lowering
from kfuse.codegen.common import CodeBlock, KernelSource
from kfuse.codegen.pointwise.vec import VecLowering
from kfuse.errors import PlanError
from kfuse.frontend import script
from kfuse.fusion.plan import unfused_plan


def test_code_block_indents_nested_blocks():
    code = CodeBlock()
    code("int a;")
    with code.block("for (int i = 0; i < 4; ++i) {"):
        code("a += i;")
        with code.block("if (a > 2)", close=None):
            code("break;")
    assert code.text() == ("int a;\nfor (int i = 0; i < 4; ++i) {\n    a += i;\n    if (a > 2)\n"
                           "        break;\n}\n")


def _axpy_program():
    """AXPYDOT at n = 1000 (two vec kernels unfused)."""
    src = ("vector w(n), v(n), u(n), z(n);\nscalar alpha, r;\ninput w, v, u, alpha;\n"
           "z = w - alpha * v;\nr = dot(z, u);\nreturn z, r;\n")
    return bind_sizes(script.parse(src, "toy", "float32"), {"n": 1000})


def test_a_lowering_may_return_several_kernels(monkeypatch):
    """A registered lowering that returns a list: the module launches each of its kernels."""
    class TwoKernels(VecLowering):
        def emit(self):
            first = super().emit()
            second = copy.copy(first)
            second.name = first.name + "_again"
            second.text = first.text.replace(first.name + "(", second.name + "(")
            return [first, second]

    prog = _axpy_program()
    plan = unfused_plan(prog)
    monkeypatch.setitem(LOWERINGS, "vec", TwoKernels)
    mod = generate(prog, plan)
    names = [k.name for k in mod.kernels]
    assert len(names) == 2 * len(plan.kernels) and names[1] == names[0] + "_again"
    assert all(isinstance(k, KernelSource) for k in mod.kernels)
    assert f"{names[1]}(" in mod.source


def test_unknown_space_is_refused_with_the_known_ones(monkeypatch):
    prog = _axpy_program()
    plan = unfused_plan(prog)
    monkeypatch.delitem(LOWERINGS, "vec")
    with pytest.raises(PlanError, match="no lowering for space 'vec'"):
        generate(prog, plan)


def test_register_lowering_adds_a_space(monkeypatch):
    monkeypatch.setattr("kfuse.codegen.registry.LOWERINGS", dict(LOWERINGS))
    from kfuse.codegen import registry as lowering
    register_lowering("toy", VecLowering)
    assert lowering.LOWERINGS["toy"] is VecLowering


def _fused_kernel(name: str, calls: list, params: dict, rest=(), **sizes):
    """The first kernel of ``name`` (float32), fusing ``calls`` with ``params``; ``rest``: the
    other kernels' (calls, params)."""
    from kfuse.fusion.search import make_plan
    from .unit_helpers import bound
    prog = bound(name, "float32", **sizes)
    return generate(prog, make_plan(prog, [(calls, params), *rest])).kernels[0]


def _printed_in_order(kernel, level: int):
    """Each loop step's loads, compute and stores, indented ``level`` deep, lie in the kernel's
    text one after the other, the steps in order."""
    at = 0
    for step in kernel.body.steps:
        text = "".join(step_block.text() for step_block in (step.loads, step.compute, step.stores)
                       if step_block.lines())
        text = "".join(("    " * level + ln if ln else ln) + "\n" for ln in text.splitlines())
        found = kernel.text.find(text, at)
        assert found >= at, text
        at = found + len(text)


def test_loop_steps_of_a_fused_vec_kernel():
    """AXPYDOT in one vec kernel: a step per call with the call's comment and the loads of its
    own inputs, its compute, the store of a map needed later; phases() lists them in the loop."""
    k = _fused_kernel("axpydot", [0, 1, 2], {"block": 128, "iters": 2}, n=1000)
    steps = k.body.steps
    assert [(s.call, s.part) for s in steps] == [(0, "main"), (1, "main"), (2, "main")]
    for s in steps:
        assert s.loads.lines()[0].startswith(f"// call {s.call}: ")
    t0, t1, t2 = ({b: getattr(s, b).text() for b in ("loads", "compute", "stores")} for s in steps)
    assert "kf_load_pack<VEC>(v_, i0, N, v__e);" in t0["loads"] and "t1_mul_compute(" in t0["compute"]
    assert "kf_load_pack<VEC>(w_, i0, N, w__e);" in t1["loads"] and "z_sub_compute(w__e[v], t1_e[v]" in t1["compute"]
    assert t1["stores"] == "kf_store_pack<VEC>(z, i0, N, z_e);\n"
    assert "kf_load_pack<VEC>(u, i0, N, u_e);" in t2["loads"] and "z_e[VEC]" not in t2["loads"]   # z: produced
    assert "r_dot_compute(z_e[v], u_e[v]" in t2["compute"]
    assert not steps[2].stores.lines() and not steps[0].stores.lines()
    _printed_in_order(k, 3)   # kernel, loop, if (i0 < N)
    loop = k.body.phases()["loop"]
    assert [c["call"] for c in loop["calls"]] == [0, 1, 2] and loop["calls"][1]["stores"] == t1["stores"]


def test_loop_steps_of_a_fused_tile_kernel():
    """BiCGK in one tile kernel walking F: the matrix tile both calls read is loaded in the
    first call's step; GEMVER's two rank-1 updates and the product walking S: the map's
    stored output in its step's stores."""
    k = _fused_kernel("bicgk", [0, 1], {"bx": 32, "by": 8, "ks": 1, "vec": 4, "iter_axis": "fast",
                                        "iters": 2}, m=1000, n=3000)
    first, second = k.body.steps
    assert (first.call, second.call) == (0, 1)
    assert "// load A" in first.loads.text() and "// load: p along F" in first.loads.text()
    assert second.loads.lines() == [second.loads.lines()[0]] and second.loads.lines()[0].startswith("// call 1: ")
    assert "q_gemv_compute(A_e[k][v], p_f[v]" in first.compute.text()
    assert "s_gemv_t_compute(A_e[k][v], r__s[k]" in second.compute.text()
    assert not first.stores.lines() and not second.stores.lines()
    _printed_in_order(k, 2)   # kernel, loop
    params = {"bx": 32, "by": 8, "ks": 1, "vec": 4, "iter_axis": "slow", "iters": 2}
    k = _fused_kernel("gemver", [0, 1, 2], params, [([3], params)], m=300, n=200)
    steps = k.body.steps
    assert [s.call for s in steps] == [0, 1, 2]
    assert "// load A" in steps[0].loads.text() and "B_ger_compute(" in steps[0].compute.text()
    assert "kf_store_pack<VEC, ALL_F>(B_1 + (idx_t)s * F" in steps[1].stores.text()
    assert "x_gemv_t_compute(B_1_e[k][v]" in steps[2].compute.text()
    _printed_in_order(k, 2)   # kernel, loop


@pytest.mark.parametrize("stage", [4, 0])
def test_loop_steps_of_a_fused_rows_kernel(stage):
    """CG's ``q = A @ p; pq = dot(p, q)`` in one rows kernel: the product's code lies at several
    points of the loop, a step (``part``) each -- the walk (the stage store its stores), reading
    the stage back (or, with no stage, p loaded early for the dot), the finalize (the store of q
    its stores) -- then the dot's step."""
    import kfuse
    from kfuse.fusion.search import make_plan
    prog = kfuse.parse("csr A(n, n); vector p(n), q(n); scalar pq; input A, p; q = A @ p; pq = dot(p, q); "
                       "return q, pq;", "cg", "float32").bind({"n": 1001})
    params = {"block": 128, "group": 8, "iters": 1, "vec": 4, "stage": stage}
    k = generate(prog, make_plan(prog, [([0, 1], params)])).kernels[0]
    parts = [(s.call, s.part) for s in k.body.steps]
    steps = dict(zip(parts, k.body.steps))
    walk, final = steps[(0, "walk")], steps[(0, "finalize")]
    assert walk.loads.lines()[0].startswith("// call 0: ") and "q_spmv_compute(" in walk.compute.text()
    assert "q_[i0] = q__e[0];" in final.stores.text() and "q_spmv_finalize(q__acc" in final.compute.text()
    assert steps[(1, "main")].loads.lines()[0].startswith("// call 1: ") and "pq_dot_compute(" in k.text
    if stage:
        assert parts == [(0, "walk"), (0, "stage"), (0, "finalize"), (1, "main")]
        assert walk.stores.text() == "if (lane == 0) kf_stage_q_[row] = q__acc;\n"
        assert steps[(0, "stage")].loads.text() == "const float q__acc = kf_stage_q_[threadIdx.x];\n"
    else:
        assert parts == [(1, "early"), (0, "walk"), (0, "finalize"), (1, "main")]
        assert "if (kf_holds) p_e[0] = p[i0];" in steps[(1, "early")].loads.text()
        assert "kf_load_pack" not in steps[(1, "main")].loads.text()   # p: loaded early
    for s in k.body.steps:
        for block in (s.loads, s.compute, s.stores):
            assert all(line.strip() in k.text for line in block.lines())
