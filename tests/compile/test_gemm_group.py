"""Compile tier of grouped GEMMs (issue 20, part G): products sharing an operand in one launch.

1. Grouped programs (shared A, shared B, a shared transposed operand, three products, each with
   its own epilogue) compile to sm_90 cubins in ONE kernel, without spills, float32 and float64,
   and under precision tf32 (the mma engine's kernels grouped alike).
2. The grouped kernel runs on the CPU (g++, one std::thread per CUDA thread: the runner of
   ``test_gemm_reduce``) against float64 NumPy on random inputs, outputs poisoned with NaN: the
   dispatch of blocks to products and tiles, each product's epilogue, odd and non-square sizes.
"""
from __future__ import annotations

import numpy as np
import pytest

from tests.compile.compile_helpers import assert_clean_resources, compile_program
from tests.compile.test_gemm_reduce import run_kernel_on_cpu
import kfuse
from kfuse.api import bind_sizes, make_plan
from kfuse.frontend import script
from kfuse.fusion.plan import plan_from_json

PROGRAMS = {
    # C1 = A @ B1, C2 = A @ B2: A shared in role A; an epilogue on the first
    "shared_a": ("matrix A(m, k), B1(k, n), B2(k, n), Z(m, n); input A, B1, B2, Z; "
                 "C1 = maximum(A @ B1 + Z, 0.0); C2 = A @ B2; return C1, C2;"),
    # C1 = B1 @ A, C2 = B2 @ A: A shared in role B; alpha/beta on the second
    "shared_b": ("matrix A(k, n), B1(m, k), B2(m, k), Z(m, n); input A, B1, B2, Z; "
                 "C1 = B1 @ A; C2 = gemm(B2, A, alpha=2.0, beta=0.5, C=Z); return C1, C2;"),
    # q, k, v projections of x stored transposed: X.T shared, three products, a scalar epilogue
    "qkv": ("matrix X(k, m), Wq(k, n), Wk(k, n), Wv(k, n, order=F); scalar s; input X, Wq, Wk, Wv, s; "
            "Yq = s * (X.T @ Wq); Yk = X.T @ Wk; Yv = X.T @ Wv; return Yq, Yk, Yv;"),
}


def reference(name, ins):
    """float64 NumPy results of program ``name`` by output name."""
    f = {k: (np.asarray(v, np.float64) if not isinstance(v, float) else v) for k, v in ins.items()}
    if name == "shared_a":
        return {"C1": np.maximum(f["A"] @ f["B1"] + f["Z"], 0.0), "C2": f["A"] @ f["B2"]}
    if name == "shared_b":
        return {"C1": f["B1"] @ f["A"], "C2": 2.0 * (f["B2"] @ f["A"]) + 0.5 * f["Z"]}
    X = f["X"].T
    return {"Yq": f["s"] * (X @ f["Wq"]), "Yk": X @ f["Wk"], "Yv": X @ f["Wv"]}


def program(name, dtype, sizes):
    return bind_sizes(script.parse(PROGRAMS[name], name, dtype), sizes)


def grouped_plan(prog, **scheme):
    """The default plan, checked to be one gemm kernel running every call, its scheme fields
    replaced by ``scheme``."""
    d = make_plan(prog).to_json()
    assert [k["space"] for k in d["kernels"]] == ["gemm"], d["kernels"]
    assert sorted(d["kernels"][0]["calls"]) == list(range(len(prog.calls)))
    d["kernels"][0]["params"].update(scheme)
    return plan_from_json(d)


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_grouped_programs_compile_to_one_kernel_without_spills(name, dtype):
    prog = program(name, dtype, {"m": 129, "n": 67, "k": 33})
    exe = compile_program(prog, plan=grouped_plan(prog))
    assert exe.n_kernels == 1
    assert_clean_resources(exe)
    text = exe.module.kernels[0].text
    assert text.count("static __device__ __forceinline__ void") == len(prog.outputs)


@pytest.mark.parametrize("name", ["shared_a", "qkv"])
def test_grouped_programs_compile_on_the_mma_engine(name):
    prog = program(name, "float32", {"m": 256, "n": 136, "k": 64})
    with kfuse.config.override(precision="tf32"):
        plan = grouped_plan(prog)
        assert plan.kernels[0].params["engine"] == "mma_tf32"
        exe = compile_program(prog, plan=plan)
    assert exe.n_kernels == 1
    assert_clean_resources(exe)


# ---- the grouped kernel on the CPU ------------------------------------------------------------------
def check_on_cpu(name, dtype, m, n, k, scheme, seed=0):
    prog = program(name, dtype, {"m": m, "n": n, "k": k})
    plan = grouped_plan(prog, **scheme)
    rng = np.random.default_rng(seed)
    ins, scalars = {}, {}
    for v in prog.inputs:
        val = prog.value(v)
        if val.type.kind == "scalar":
            scalars[v] = ins[v] = float(rng.standard_normal())
        else:
            a = rng.standard_normal(tuple(int(d) for d in val.type.shape))
            ins[v] = np.asfortranarray(a) if val.type.order == "F" else a
    want = reference(name, ins)
    arrays = {v: ins[v] for v in ins if v not in scalars}
    for v in prog.outputs:
        arrays[v] = np.full(want[v].shape, np.nan)
    got, ks = run_kernel_on_cpu(prog, plan, arrays, scalars)
    assert ks.grid[0] > 1 and ks.grid[0] % len(prog.outputs) == 0
    tol = (2e-5 if dtype == "float32" else 1e-12) * max(1.0, np.sqrt(k))
    for v in prog.outputs:
        assert np.all(np.isfinite(got[v])), f"{v}: unwritten elements"
        err = np.linalg.norm(got[v] - want[v]) / max(np.linalg.norm(want[v]), 1e-300)
        assert err <= tol, (v, err, tol)


SMALL = {"bm": 64, "bn": 64, "bk": 16, "tm": 8, "tn": 4, "stages": 3}


@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_grouped_kernels_run_on_cpu(name):
    """Several tiles along both axes (3 x 2 tiles of 64 x 64 per product), partial edge tiles."""
    check_on_cpu(name, "float32", 131, 70, 37, SMALL)


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_grouped_kernels_run_on_cpu_odd_sizes(dtype):
    """A single row, and k = 1, in one tile per product."""
    check_on_cpu("shared_a", dtype, 1, 13, 5, SMALL, seed=1)
    check_on_cpu("shared_b", dtype, 7, 3, 1, SMALL, seed=2)
