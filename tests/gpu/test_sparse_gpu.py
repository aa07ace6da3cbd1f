"""Sparse products on the GPU: CSR and ELLPACK-R, alone and fused with the vector calls they host."""
import numpy as np
import pytest

import kfuse
from kfuse import reference, sparse

from .helpers import TOL, check_outputs

DTYPES = ["float32", "float64", "complex64", "complex128"]
SHAPES = [(1, 1), (31, 37), (1000, 3001), (4097, 4097)]


@pytest.mark.parametrize("fmt", ["csr", "ell"])
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("m,n", SHAPES)
def test_spmv(fmt, dtype, m, n):
    import cupy
    prog = kfuse.parse(f"{fmt} A(m, n); vector x(n), y(m); scalar a, b; input A, x, y, a, b;"
                       " z = spmv(A, x, alpha=a, beta=b, y=y); return z;", "spmv", dtype).bind({"m": m, "n": n})
    ins = reference.random_inputs(prog, seed=m + n, xp=cupy)
    exe = kfuse.compile_program(prog)
    check_outputs(["z"], exe(*ins.values()), exe.reference(*ins.values()), dtype, f"spmv {fmt}")


CG_STEP = """{fmt} A(n, n); vector p(n), q(n); scalar pq; input A, p;
q = A @ p; pq = dot(p, q); return q, pq;"""
BICG = """{fmt} A(n, n), At(n, n); vector p(n), pt(n), q(n), qt(n); scalar rho; input A, At, p, pt;
q = A @ p; qt = At @ pt; rho = dot(pt, q); return q, qt, rho;"""


PARTS = 4   # the variants (236 for CSR) split over this many tests, so that workers share them


@pytest.mark.parametrize("part", range(PARTS))
@pytest.mark.parametrize("fmt", ["csr", "ell"])
@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("text", [CG_STEP, BICG], ids=["cg-step", "bicg-spmvs"])
def test_fused_sparse_kernels(text, dtype, fmt, part):
    """The default plan is one kernel; every launch variant of the fusion (the ``part``-th of
    each ``PARTS``) matches the reference, an atomic finish twice in a row."""
    import cupy
    from kfuse.fusion.search import impl_variants, make_plan
    prog = kfuse.parse(text.format(fmt=fmt), "sp", dtype).bind({"n": 20011})
    ins = reference.random_inputs(prog, seed=5, xp=cupy)
    refs = reference.run(prog, ins)
    names = [prog.value(o).display for o in prog.outputs]
    if part == 0:
        exe = kfuse.compile_program(prog)
        assert exe.n_kernels == 1
        check_outputs(names, exe(*ins.values()), [refs[o] for o in prog.outputs], dtype, "default")
    calls = [c.id for c in prog.calls]
    variants = impl_variants(prog, calls)
    assert any(p.get("finish") == "atomic" for p in variants)
    for params in variants[part::PARTS]:
        e = kfuse.pipeline.stages.build(prog, make_plan(prog, [(calls, params)]))
        check_outputs(names, e(*ins.values()), [refs[o] for o in prog.outputs], dtype, str(params))
        if params.get("finish") == "atomic":   # the accumulators were cleared for the next launch
            check_outputs(names, e(*ins.values()), [refs[o] for o in prog.outputs], dtype, f"again {params}")


@pytest.mark.parametrize("dtype", ["float32", "float64", "complex64"])
@pytest.mark.parametrize("group", [2, 4, 8, 32])
def test_csr_span_packs(dtype, group):
    """CSR rows read in aligned 16-byte packs: empty rows, rows shorter than a pack, spans that
    start and end anywhere inside packs, the last row ending at the array's end (nnz = 4491, not
    a multiple of the pack); then values and indices at misaligned addresses, which must take the
    one-at-a-time fallback and still be right."""
    import cupy
    from kfuse.fusion.search import make_plan
    A = sparse.random_sparse(1001, 777, 9, dtype, seed=1)
    assert A.nnz % 4 == 3 and (np.diff(A.indptr) == 0).any()
    prog = kfuse.parse("csr A(m, n); vector x(n), y(m); input A, x; y = A @ x; return y;", "span",
                       dtype).bind({"m": 1001, "n": 777})
    pack = 16 // np.dtype(dtype).itemsize
    exe = kfuse.pipeline.stages.build(prog, make_plan(prog, [([0], {"block": 128, "group": group, "iters": 1,
                                                             "vec": pack})]))
    assert "kf_load_span_pack<PACK>" in exe.source
    x = reference.random_inputs(prog, seed=2, xp=cupy)["x"]
    want = A.matvec(x)   # float64 / complex128
    y = exe(A.to_device(), x)
    y = y[0] if isinstance(y, tuple) else y
    assert reference.rel_error(y, want) <= TOL[dtype]
    # parts one element past an aligned address: the plan's packs do not fit, the fallback runs
    d = A.to_device()
    data = cupy.empty(d.data.size + 1, d.data.dtype)[1:]
    data[...] = d.data
    idx = cupy.empty(d.indices.size + 1, d.indices.dtype)[1:]
    idx[...] = d.indices
    B = sparse.CSR(d.indptr, idx, data, d.shape)
    assert exe.misaligned({"A#data": B.data, "A#indices": B.indices})
    y2 = exe(B, x)
    y2 = y2[0] if isinstance(y2, tuple) else y2
    assert reference.rel_error(y2, want) <= TOL[dtype]


def test_jit_sparse_matmul_and_profiles():
    import cupy
    A = sparse.profile("cop20k_A", "float64").to_device()
    f = kfuse.jit(lambda A, x, b: (A @ x + b, (A @ x) @ x))
    x = cupy.asarray(np.random.default_rng(0).uniform(-1, 1, A.shape[1]))
    b = cupy.asarray(np.random.default_rng(1).uniform(-1, 1, A.shape[0]))
    y, s = f(A, x, b)
    want = A.matvec(x.get())
    assert reference.rel_error(y, want + b.get()) <= TOL["float64"]
    assert reference.rel_error(s, want @ x.get()) <= TOL["float64"]
    e = A.to_ell() if hasattr(A, "to_ell") else None
    y2, _ = f(e, x, b)
    assert reference.rel_error(y2, want + b.get()) <= TOL["float64"]


def test_sparse_bad_input():
    import cupy
    A = sparse.random_sparse(40, 30, 4, "float32")
    exe = kfuse.compile_script("csr A(m, n); vector x(n); input A, x; z = A @ x; return z;",
                               sizes={"m": 40, "n": 30})
    x = cupy.ones(30, np.float32)
    with pytest.raises(kfuse.ArgumentError, match="host"):
        exe(A, x)
    with pytest.raises(kfuse.ArgumentError, match="ELL"):
        exe(A.to_ell().to_device(), x)
    with pytest.raises(kfuse.ShapeError, match="shape"):
        exe(sparse.random_sparse(41, 30, 4, "float32").to_device(), x)
    with pytest.raises(kfuse.DTypeError):
        exe(A.astype("float64").to_device(), x)


@pytest.mark.parametrize("dtype", ["float32", "float64", "complex64"])
def test_csr_rows_span(dtype):
    """A group owning R consecutive CSR rows (plan parameter ``span``): rows of 0 to 40
    nonzeros, a row count that is not a multiple of R or of a stage, in BiCG's fused kernel
    (two products and a dot, its vector calls run by every thread of a stage), under every
    kind of span variant the space offers at 16 nonzeros per row; run twice (atomic finishes
    must leave their accumulators cleared)."""
    import cupy
    from kfuse.fusion.search import impl_variants, make_plan
    m = 4099
    A = sparse.random_sparse(m, m, 40, dtype, seed=3)
    At = sparse.random_sparse(m, m, 23, dtype, seed=4)
    assert (np.diff(A.indptr) == 0).any() and np.diff(A.indptr).max() > 32
    prog = _with_hint(kfuse.parse(BICG.format(fmt="csr"), "bicg_span", dtype).bind({"n": m}), 16)
    ins = reference.random_inputs(prog, seed=5, xp=cupy)
    ins["A"], ins["At"] = A.to_device(), At.to_device()
    refs = reference.run(prog, ins)
    names = [prog.value(o).display for o in prog.outputs]
    variants = [v for v in impl_variants(prog, [0, 1, 2]) if v.get("span", 1) > 1]
    assert {v["span"] for v in variants} == {2, 4}
    pack = 16 // np.dtype(dtype).itemsize   # and a stage of SUB groups (the space offers it for big grids)
    variants += [{"block": 128, "group": 8, "iters": 1, "vec": pack, "span": 2, "stage": 4},
                 {"block": 256, "group": 16, "iters": 2, "vec": pack, "span": 4, "stage": 4}]
    seen = set()
    for params in variants:
        key = (params["group"], params["span"], params.get("stage", 1), params["iters"] > 1, params.get("finish"))
        if key in seen:
            continue
        seen.add(key)
        exe = kfuse.pipeline.stages.build(prog, make_plan(prog, [([0, 1, 2], params)]))
        assert "int A_b[R + 1]" in exe.source
        for run in (1, 2):
            check_outputs(names, exe(*ins.values()), [refs[o] for o in prog.outputs], dtype,
                          f"{params} run {run}")
    assert len(seen) >= 4


ROWS_VEC = """{fmt} A(n, n); vector p(n), r(n), rt(n), x(n), q(n), r2(n), x2(n); scalar a, rr, pq;
input A, p, r, rt, x, a;
q = A @ p; x2 = x + a * p; r2 = r - a * q; rr = dot(r2, rt); pq = dot(p, q); return q, x2, r2, rr, pq;"""


@pytest.mark.parametrize("dtype", ["float32", "float64", "complex64"])
@pytest.mark.parametrize("hint", [4, 16, 64])
def test_rows_without_stage(dtype, hint):
    """Plan parameter ``stage`` 0: the lanes holding the row results run the vector calls and
    the reductions' shares themselves (vector inputs loaded before the walk).  Rows of 0 to 40
    nonzeros, a row count that is no multiple of a block's rows; every group, span, block,
    serial loop and finish the space offers without a stage at the hint; run twice (atomic
    finishes must leave their accumulators cleared)."""
    import cupy
    from kfuse.fusion.search import impl_variants, make_plan
    m = 4099
    A = sparse.random_sparse(m, m, 40, dtype, seed=7)
    assert (np.diff(A.indptr) == 0).any() and np.diff(A.indptr).max() > 32
    prog = _with_hint(kfuse.parse(ROWS_VEC.format(fmt="csr"), "rows_vec", dtype).bind({"n": m}), hint)
    calls = [c.id for c in prog.calls]
    ins = reference.random_inputs(prog, seed=8, xp=cupy)
    ins["A"] = A.to_device()
    refs = reference.run(prog, ins)
    names = [prog.value(o).display for o in prog.outputs]
    seen = set()
    for params in impl_variants(prog, calls):
        if params.get("stage", 1) != 0:
            continue
        key = (params["group"], params.get("span", 1), params.get("vec", 1), params["block"] > 256,
               params["iters"] > 1, params.get("finish"))
        if key in seen:
            continue
        seen.add(key)
        exe = kfuse.pipeline.stages.build(prog, make_plan(prog, [(calls, params)]))
        body = exe.source[exe.source.index("// kernel "):]
        assert "kf_stage_" not in body and "__syncthreads" not in body and "early: in flight" in body
        for run in (1, 2):
            check_outputs(names, exe(*ins.values()), [refs[o] for o in prog.outputs], dtype,
                          f"{params} run {run}")
    assert len(seen) >= 6


def _with_hint(prog, hint):
    """``prog`` with its sparse matrices typed as having ``hint`` nonzeros per row."""
    import dataclasses
    for name, v in list(prog.values.items()):
        if v.type.kind == "sparse":
            prog.values[name] = dataclasses.replace(v, type=dataclasses.replace(v.type, per_row=hint))
    return prog
