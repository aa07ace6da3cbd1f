"""Sparse kernels compile: SpMV in CSR and ELLPACK-R, alone and with the vector calls it hosts."""
from __future__ import annotations

import pytest

from kfuse.fusion.search import impl_variants, make_plan
from kfuse.frontend import script

from tests import sampling

from .compile_helpers import DTYPES, assert_clean_resources, compile_program

CG_STEP = """{fmt} A(n, n); vector p(n), r(n), x(n), q(n); scalar alpha, pq;
input A, p, r, x, alpha;
q = A @ p;
pq = dot(p, q);
return q, pq;
"""
BICG_SPMVS = """{fmt} A(n, n), At(n, n); vector p(n), pt(n), q(n), qt(n); scalar rho;
input A, At, p, pt;
q = A @ p;
qt = At @ pt;
rho = dot(pt, q);
return q, qt, rho;
"""


@pytest.mark.parametrize("fmt", ["csr", "ell"])
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("text", [CG_STEP, BICG_SPMVS], ids=["cg-step", "bicg-spmvs"])
def test_fused_sparse_kernels_compile(text, dtype, fmt):
    prog = script.parse(text.format(fmt=fmt), "sparse", dtype).bind({"n": 10007})
    exe = compile_program(prog, plan="default")
    assert exe.n_kernels == 1            # the products and the dot share one kernel
    assert_clean_resources(exe)
    # one variant in seven (up to 31), of which the first, the last and 6 others drawn per run (every
    # one in seven under KFTEST_FULL=1; tests/sampling.py)
    every7 = impl_variants(prog, [c.id for c in prog.calls])[::7]
    run = sampling.sample(f"sparse-{fmt}-{dtype}-{len(prog.calls)}", every7, 8, corners=[every7[0], every7[-1]])
    for params in run:
        exe = compile_program(prog, plan=make_plan(prog, [([c.id for c in prog.calls], params)]))
        assert_clean_resources(exe)


@pytest.mark.parametrize("dtype", DTYPES)
def test_csr_span_pack_variants_compile(dtype):
    """Every CSR variant that reads rows in 16-byte packs compiles clean (no spills)."""
    prog = script.parse(BICG_SPMVS.format(fmt="csr"), "sparse", dtype).bind({"n": 10007})
    calls = [c.id for c in prog.calls]
    packed = [p for p in impl_variants(prog, calls) if p.get("vec", 1) > 1]
    if dtype == "complex128":
        assert not packed   # one element is already 16 bytes
    else:
        assert {p["vec"] for p in packed} == {16 // {"float32": 4, "float64": 8, "complex64": 8}[dtype]}
    for params in {(p["group"], p["vec"]): p for p in packed}.values():
        exe = compile_program(prog, plan=make_plan(prog, [(calls, params)]))
        assert "kf_load_span_pack" in exe.source
        assert_clean_resources(exe)


def test_rows_atomic_finish_compiles_and_is_refused_when_deterministic():
    """Full-grid rows kernels may sum block results with atomics into an accumulator the last
    block finalizes and clears; deterministic=True leaves that variant out and refuses it."""
    import kfuse
    from kfuse.errors import PlanError
    prog = script.parse(CG_STEP.format(fmt="csr"), "sparse", "float32").bind({"n": 10007})
    calls = [c.id for c in prog.calls]
    atomic = [p for p in impl_variants(prog, calls) if p.get("finish") == "atomic"]
    assert atomic and all(p["iters"] == 1 for p in atomic)
    exe = compile_program(prog, plan=make_plan(prog, [(calls, atomic[0])]))
    assert "kf_atomic_add(&kf_sum_pq[0]" in exe.source and "kf_sum_pq[0] = " in exe.source
    assert_clean_resources(exe)
    with kfuse.config.override(deterministic=True):
        assert not [p for p in impl_variants(prog, calls) if p.get("finish") == "atomic"]
        with pytest.raises(PlanError, match="deterministic"):
            compile_program(prog, plan=make_plan(prog, [(calls, atomic[0])]))


@pytest.mark.parametrize("dtype", ["float32", "float64", "complex64"])
@pytest.mark.parametrize("hint", [4, 16, 64])
def test_csr_rows_span_variants_compile(dtype, hint):
    """Every span variant (a group owning R consecutive rows) the space offers at a row length
    compiles clean, in BiCG's fused kernel (two products, a dot); CI builds a sample per run."""
    import dataclasses
    prog = script.parse(BICG_SPMVS.format(fmt="csr"), "sparse", dtype).bind({"n": 10007})
    for name, v in list(prog.values.items()):
        if v.type.kind == "sparse":
            prog.values[name] = dataclasses.replace(v, type=dataclasses.replace(v.type, per_row=hint))
    calls = [c.id for c in prog.calls]
    spans = {}
    for p in impl_variants(prog, calls):
        if p.get("span", 1) > 1:
            spans.setdefault((p["group"], p["span"], p.get("stage", 1), p.get("finish")), p)
    assert spans and all(p["group"] * p["vec"] * 2 >= hint * p["span"] for p in spans.values())
    every = list(spans.values())   # per run the first, the last and 2 more (all: KFTEST_FULL=1)
    for params in sampling.sample(f"sparse-spans-{dtype}-{hint}", every, 4, corners=[every[0], every[-1]]):
        exe = compile_program(prog, plan=make_plan(prog, [(calls, params)]))
        assert "kf_lane_reduce_k<G, R," in exe.source
        assert_clean_resources(exe)


ROWS_VEC = """csr A(n, n); vector p(n), r(n), rt(n), x(n), q(n), r2(n), x2(n); scalar a, rr, pq;
input A, p, r, rt, x, a;
q = A @ p; x2 = x + a * p; r2 = r - a * q; rr = dot(r2, rt); pq = dot(p, q); return q, x2, r2, rr, pq;"""


@pytest.mark.parametrize("dtype", ["float32", "float64", "complex64", "complex128"])
def test_rows_without_stage_compile(dtype):
    """``stage`` 0 (the lanes holding the row results run the vector calls): every group, span,
    block and finish the space offers compiles clean, with no stage and no barrier in the
    kernel, its vector inputs loaded before the walk; CI builds a sample per run."""
    import dataclasses
    prog = script.parse(ROWS_VEC, "rows_vec", dtype).bind({"n": 10007})
    for name, v in list(prog.values.items()):
        if v.type.kind == "sparse":
            prog.values[name] = dataclasses.replace(v, type=dataclasses.replace(v.type, per_row=16))
    calls = [c.id for c in prog.calls]
    direct = {(p["group"], p.get("span", 1), p.get("vec", 1), p["block"], p["iters"] > 1, p.get("finish")): p
              for p in impl_variants(prog, calls) if p.get("stage", 1) == 0}
    assert len(direct) >= 8
    every = list(direct.values())   # per run the first, the last and 4 more (all: KFTEST_FULL=1)
    for params in sampling.sample(f"sparse-direct-{dtype}", every, 6, corners=[every[0], every[-1]]):
        exe = compile_program(prog, plan=make_plan(prog, [(calls, params)]))
        body = exe.source[exe.source.index("// kernel "):]
        assert "kf_stage_" not in body and "__syncthreads" not in body
        assert "p_e[VEC]; if (kf_holds) p_e[0] = p[" in body   # x2 = x + a * p reads p per row
        assert_clean_resources(exe)
