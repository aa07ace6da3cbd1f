"""Fusion decisions on the CPU: kernel counts of the default plans, refusals with reasons,
every plan of the space computing what the reference computes, and planning time."""
import os
import time

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

import kfuse
from kfuse import reference
from kfuse.fusion import legality
from kfuse.fusion.plan import check_plan
from kfuse.model.planner import best_plan, ranked_plans

EX = os.path.join(os.path.dirname(kfuse.__file__), "examples")
BLAS1 = {"axpydot", "sscal", "vadd", "waxpby"}
WANT = {"bicgk": 1, "sgemv": 1, "gesummv": 1, "axpydot": 1, "vadd": 1, "waxpby": 1, "madd": 1,
        "sscal": 1, "atax": 2, "sgemvt": 2, "gemver": 2}


def bound(name, big=False, dtype=None):
    sizes = ({"n": 1 << 26} if big else {"n": 1 << 20}) if name in BLAS1 else \
        ({"m": 16384, "n": 16384} if big else {"m": 2048, "n": 2048})
    return kfuse.api.bind_sizes(kfuse.load(os.path.join(EX, name + ".kf"), dtype), sizes)


@pytest.mark.parametrize("big", [False, True])
@pytest.mark.parametrize("name", sorted(WANT))
def test_default_kernel_counts(name, big):
    plan = best_plan(bound(name, big))
    assert len(plan.kernels) == WANT[name]
    check_plan(bound(name, big), plan)


def test_refusals_carry_reasons():
    p = bound("sgemvt")
    why = legality.check(p, [0, 1])
    assert why and "global barrier" in why[0]
    g = bound("gemver")
    assert any("convex" in r for r in legality.check(g, [1, 3]))
    assert legality.check(g, [0, 1, 2]) == []
    assert "fusible" in legality.explain(g, [0, 1])
    a = bound("axpydot")
    assert legality.check(a, [0, 1, 2]) == []
    # a vector call and a matrix call: different nesting depths
    prog = kfuse.parse("matrix A(m, n); vector x(n), y(n), q(m); input A, x, y;"
                       " q = gemv(A, x); y = x + x; return q, y;").bind({"m": 8, "n": 8})
    assert "nesting depths" in legality.check(prog, [0, 1])[0]
    # reading a transpose of a value computed in the same kernel
    prog = kfuse.parse("matrix A(n, n), B(n, n), C(n, n); input A; B = A + A; C = B.T + A;"
                       " return C;").bind({"n": 8})
    assert any("transpose" in r for r in legality.check(prog, [0, 1]))


def _atomic_refusal(prog, calls):
    from kfuse.spaces import finish, program_info
    return finish.atomic_refusal(prog, calls, program_info(prog))


def test_atomic_refusals():
    g = bound("gesummv")
    assert "same kernel" in _atomic_refusal(g, [0, 1])
    assert _atomic_refusal(bound("bicgk"), [0, 1]) is None
    with kfuse.config.override(deterministic=True):
        assert "deterministic" in _atomic_refusal(bound("bicgk"), [0, 1])
        plan = best_plan(bound("bicgk", big=True))
        assert all(k.params.get("finish") != "atomic" for k in plan.kernels)


def test_plan_json_round_trip_and_edit():
    p = bound("bicgk")
    plan = best_plan(p)
    again = kfuse.fusion.Plan.from_json(plan.dumps(p))
    check_plan(p, again)
    # an edit that fuses what may not be fused is refused with the reason
    bad = kfuse.fusion.Plan.from_json(best_plan(bound("atax")).dumps())
    bad.kernels = [kfuse.fusion.KernelPlan("k0", [0, 1], "tile", bad.kernels[0].params)]
    with pytest.raises(kfuse.PlanError, match="global barrier"):
        check_plan(bound("atax"), bad)


OPS = ["+", "-", "*"]


@st.composite
def vector_scripts(draw):
    """Random valid scripts: maps and reductions over vectors, with reuse of earlier values."""
    n_stmts = draw(st.integers(1, 6))
    names, lines, scalars = ["x", "y", "z"], [], []
    for i in range(n_stmts):
        kind = draw(st.sampled_from(["op", "axpy", "dot", "scaled"]))
        a, b = draw(st.sampled_from(names)), draw(st.sampled_from(names))
        if kind == "op":
            lines.append(f"t{i} = {a} {draw(st.sampled_from(OPS))} {b};")
            names.append(f"t{i}")
        elif kind == "axpy":
            lines.append(f"t{i} = axpy(alpha, {a}, {b});")
            names.append(f"t{i}")
        elif kind == "dot":
            lines.append(f"s{i} = dot({a}, {b});")
            scalars.append(f"s{i}")
        else:
            lines.append(f"t{i} = waxpby(alpha, {a}, 2.0, {b});")
            names.append(f"t{i}")
    outs = [n for n in names[3:]] + scalars or ["x"]
    return ("vector x(n), y(n), z(n); scalar alpha; input x, y, z, alpha;\n" + "\n".join(lines)
            + f"\nreturn {', '.join(outs)};")


@settings(max_examples=40, deadline=None)
@given(vector_scripts(), st.sampled_from(["float32", "float64"]))
def test_every_plan_computes_the_reference(text, dtype):
    prog = kfuse.parse(text, dtype=dtype).bind({"n": 37})
    ins = reference.random_inputs(prog, seed=0)
    want = reference.run(prog, ins)
    for _t, plan in ranked_plans(prog, limit=50):
        check_plan(prog, plan)
        got = reference.run_plan(prog, [k.calls for k in plan.kernels], ins)
        for o in prog.outputs:
            assert np.allclose(got[o], want[o])


@st.composite
def matrix_scripts(draw):
    """Random valid scripts over one m x n matrix: rank-1 updates, products, vector maps, dots."""
    lines, vm, vn, mats, outs = [], ["u", "y"], ["v", "x"], ["A"], []
    for i in range(draw(st.integers(1, 6))):
        kind = draw(st.sampled_from(["ger", "gemv", "gemv_t", "mapm", "mapn", "dot", "madd"]))
        M = draw(st.sampled_from(mats))
        if kind == "ger":
            lines.append(f"B{i} = ger({M}, {draw(st.sampled_from(vm))}, {draw(st.sampled_from(vn))});")
            mats.append(f"B{i}")
        elif kind == "madd":
            lines.append(f"B{i} = madd({M}, {draw(st.sampled_from(mats))});")
            mats.append(f"B{i}")
        elif kind == "gemv":
            lines.append(f"m{i} = gemv({M}, {draw(st.sampled_from(vn))}, alpha=2.0, beta=1.0, "
                         f"y={draw(st.sampled_from(vm))});")
            vm.append(f"m{i}")
        elif kind == "gemv_t":
            lines.append(f"n{i} = gemv_t({M}, {draw(st.sampled_from(vm))});")
            vn.append(f"n{i}")
        elif kind == "mapm":
            lines.append(f"m{i} = {draw(st.sampled_from(vm))} - 0.5 * {draw(st.sampled_from(vm))};")
            vm.append(f"m{i}")
        elif kind == "mapn":
            lines.append(f"n{i} = {draw(st.sampled_from(vn))} * {draw(st.sampled_from(vn))};")
            vn.append(f"n{i}")
        else:
            lines.append(f"s{i} = dot({draw(st.sampled_from(vm))}, {draw(st.sampled_from(vm))});")
            outs.append(f"s{i}")
    outs += [v for v in vm[2:] + vn[2:] + mats[1:]]
    return ("matrix A(m, n); vector u(m), y(m), v(n), x(n); input A, u, y, v, x;\n" + "\n".join(lines)
            + f"\nreturn {', '.join(outs or ['A'])};")


@settings(max_examples=40, deadline=None)
@given(matrix_scripts())
def test_every_plan_of_matrix_scripts_computes_the_reference(text):
    prog = kfuse.parse(text, dtype="float64").bind({"m": 5, "n": 7})
    ins = reference.random_inputs(prog, seed=1)
    want = reference.run(prog, ins)
    for _t, plan in ranked_plans(prog, limit=30):
        check_plan(prog, plan)
        got = reference.run_plan(prog, [k.calls for k in plan.kernels], ins)
        for o in prog.outputs:
            assert np.allclose(got[o], want[o])


def test_planning_100_calls_is_fast():
    lines = ["vector x(n), y(n); scalar a; input x, y, a;"]
    prev = "x"
    for i in range(100):
        lines.append(f"v{i} = axpy(a, {prev}, y);" if i % 3 else f"v{i} = {prev} * y;")
        prev = f"v{i}"
    lines.append(f"return {prev};")
    prog = kfuse.parse("\n".join(lines)).bind({"n": 1 << 20})
    t0 = time.perf_counter()
    plan = best_plan(prog)
    assert time.perf_counter() - t0 < 60
    assert len(plan.kernels) < 100     # fused something
    check_plan(prog, plan)


def test_h200_calibration_ships_with_the_package():
    from kfuse.model import load_calibration
    cal = load_calibration("NVIDIA H200")
    assert cal.source.startswith("kfuse calibrate") and len(cal.env_factor) > 100


def test_vector_reductions_may_run_one_pack_per_thread():
    """AXPYDOT's space holds grids of one pack per thread (iters = 1) finished by the last block
    or by atomics; the model counts one atomic per block for the latter and a last-block tail of
    every partial for the former; deterministic=True leaves the atomic ones out."""
    from kfuse.fusion.search import impl_variants
    from kfuse.model import load_calibration
    from kfuse.model.predict import kernel_traffic
    p = bound("axpydot", big=True)
    calls = [c.id for c in p.calls]
    full = [v for v in impl_variants(p, calls) if v["iters"] == 1]
    assert {v.get("finish") for v in full} == {None, "atomic"}
    for v in full:
        tr = kernel_traffic(p, calls, v, set())
        blocks = (1 << 26) // (v["block"] * v["vec"])
        if v.get("finish") == "atomic":
            assert tr.terms.atomics == blocks and tr.terms.partial == 0 and tr.terms.tail_bytes == 0
        else:
            assert tr.terms.atomics == 0 and tr.terms.tail_bytes == blocks * 8
    with kfuse.config.override(deterministic=True):
        assert all(v.get("finish") != "atomic" for v in impl_variants(p, calls))
        assert all(k.params.get("finish") != "atomic" for k in best_plan(p, load_calibration()).kernels)


def test_span_variants_only_for_short_hinted_csr_rows():
    """The space offers span > 1 (a group owning R rows) for CSR matrices whose per-row hint is
    short of the group's step, never for ELLPACK-R or an unknown row length; the model counts
    the smaller grid."""
    import dataclasses
    from kfuse.fusion.search import impl_variants
    from kfuse.model.predict import kernel_traffic
    text = "{fmt} A(n, n); vector p(n), q(n); input A, p; q = A @ p; return q;"

    def prog_of(fmt, hint):
        prog = kfuse.parse(text.format(fmt=fmt), "s", "float32").bind({"n": 100003})
        for name, v in list(prog.values.items()):
            if v.type.kind == "sparse":
                prog.values[name] = dataclasses.replace(v, type=dataclasses.replace(v.type, per_row=hint))
        return prog
    short = [p for p in impl_variants(prog_of("csr", 16), [0]) if p.get("span", 1) > 1]
    assert {(p["group"], p["span"]) for p in short} >= {(8, 2), (16, 4)}
    assert all(16 * p["span"] <= 2 * p["group"] * p["vec"] for p in short)
    assert not [p for p in impl_variants(prog_of("csr", 0), [0]) if p.get("span", 1) > 1]
    assert not [p for p in impl_variants(prog_of("ell", 16), [0]) if p.get("span", 1) > 1]
    prog = prog_of("csr", 16)
    one = kernel_traffic(prog, [0], {"block": 128, "group": 8, "iters": 1, "vec": 4}, set())
    two = kernel_traffic(prog, [0], {"block": 128, "group": 8, "iters": 1, "vec": 4, "span": 2}, set())
    assert one.grid == -(-100003 // 16) and two.grid == -(-100003 // 32)


def test_chunked_finish_shrinks_the_predicted_tail():
    """The model's last-block tail of a strip along the loop is one chunk's rows, not the strip's."""
    from kfuse.model.predict import kernel_traffic
    from .unit_helpers import bound
    prog = bound("bicgk", "float32", m=16384, n=16384)
    base = {"bx": 32, "by": 4, "ks": 4, "vec": 8, "iter_axis": "slow", "iters": 128, "finish": "last_block"}
    whole = kernel_traffic(prog, [0, 1], {**base, "chunk": 128}, set())
    chunked = kernel_traffic(prog, [0, 1], base, set())
    assert whole.terms.tail_bytes == 64 * 16 * 128 * 4 and chunked.terms.tail_bytes == 64 * 256 * 4


def test_rows_space_rules_for_serial_loops_and_big_blocks():
    """Sparse products alone take the full grid (no serial loop) in blocks of 128 or 256; a
    kernel with vector calls may also take blocks of 512 or 1024 threads over the full grid
    (many rows per block reduction, one stage or none); stage 0 (none: the lanes holding the
    row results run the vector calls) is offered for every group > 1 of a kernel with vector
    calls, never for products alone or a thread per row."""
    import dataclasses
    from kfuse.fusion.search import impl_variants

    def prog_of(text, n):
        prog = kfuse.parse(text, "s", "float32").bind({"n": n})
        for name, v in list(prog.values.items()):
            if v.type.kind == "sparse":
                prog.values[name] = dataclasses.replace(v, type=dataclasses.replace(v.type, per_row=16))
        return prog
    lone = impl_variants(prog_of("csr A(n, n); vector p(n), q(n); input A, p; q = A @ p; return q;", 121192), [0])
    assert {p["iters"] for p in lone} == {1} and {p["block"] for p in lone} == {128, 256}
    cg = "csr A(n, n); vector p(n), q(n); scalar pq; input A, p; q = A @ p; pq = dot(p, q); return q, pq;"
    variants = impl_variants(prog_of(cg, 121192), [0, 1])
    big = [p for p in variants if p["block"] > 256]
    assert {p["block"] for p in big} == {512, 1024}
    assert all(p["iters"] == 1 and p.get("stage", 1) in (0, 1) and p["group"] > 1 for p in big)
    assert any(p["iters"] > 1 for p in variants) and any(p.get("stage", 1) > 1 for p in variants)
    shapes = {(p["group"], p.get("vec", 1), p.get("span", 1)) for p in variants if p["group"] > 1}
    assert shapes == {(p["group"], p.get("vec", 1), p.get("span", 1)) for p in variants if p.get("stage", 1) == 0}
    assert all(p["group"] > 1 for p in variants if p.get("stage", 1) == 0)
    assert not [p for p in lone if p.get("stage", 1) != 1]
