"""Elementwise prologues on a gemm operand (issue 20, part 4 P): the one fused kernel of
``relu(A) @ B`` and friends compiles to an sm_90 cubin without spills (float32, float64) and,
run on the CPU (g++, one thread per CUDA thread: the shim of test_gemm_emit.py), matches a
float64 NumPy reference on odd shapes, both operand orders, windows, k = 0 and size 1."""
from __future__ import annotations

import numpy as np
import pytest

import kfuse
from kfuse.api import bind_sizes, make_plan
from kfuse.frontend import script
from tests.compile import trsm_cpu

from .compile_helpers import assert_clean_resources, compile_program

PROGRAMS = {
    "relu": ("matrix A(m, k), B(k, n); input A, B; C = maximum(A, 0.0) @ B; return C;",
             lambda A, B: np.maximum(A, 0) @ B),
    "scaled": ("matrix A(m, k), B(k, n); input A, B; C = (2.0 * A) @ B; return C;",
               lambda A, B: (2 * A) @ B),
    "hadamard": ("matrix A(m, k), D(m, k), B(k, n); input A, D, B; C = (A * D) @ B; return C;",
                 lambda A, D, B: (A * D) @ B),
    "b-minus": ("matrix A(m, k), B(k, n), E(k, n); input A, B, E; C = A @ (B - E); return C;",
                lambda A, B, E: A @ (B - E)),
    # both operands, the inputs in other orders, a shift that zero-padding must not see
    "both-F": ("matrix A(m, k, order=F), D(m, k), B(k, n, order=F); input A, D, B; "
               "C = maximum(A * D, 0.0) @ (B + 1.0); return C;",
               lambda A, D, B: np.maximum(A * D, 0) @ (B + 1)),
    # an epilogue too: one kernel runs both ends
    "with-epilogue": ("matrix A(m, k), B(k, n), Z(m, n); input A, B, Z; C = maximum((A - 0.5) @ B + Z, 0.0); "
                      "return C;", lambda A, B, Z: np.maximum((A - 0.5) @ B + Z, 0)),
}


def _prog(name, dtype, m, n, k):
    text, _ = PROGRAMS[name]
    return bind_sizes(script.parse(text, name.replace("-", "_"), dtype), {"m": m, "n": n, "k": k})


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_prologue_programs_compile_to_one_kernel_without_spills(name, dtype):
    prog = script.parse(PROGRAMS[name][0], name.replace("-", "_"), dtype)
    exe = compile_program(prog, {"m": 129, "n": 67, "k": 33}, plan="default")
    assert exe.n_kernels == 1
    # the 4 x 4 per-thread scheme spilled 12 words here with a prologue (float32): it is left out
    assert_clean_resources(exe)


def test_prologue_with_a_host_scalar_compiles():
    prog = script.parse("matrix A(m, k), B(k, n); scalar s; input A, B, s; C = maximum(s * A, 0.0) @ B; return C;",
                        "host_scalar", "float32")
    exe = compile_program(prog, {"m": 300, "n": 260, "k": 70}, plan="default")
    assert exe.n_kernels == 1
    assert_clean_resources(exe)


def _with_routines(module):
    """The module's kernels, each text preceded by the module's routines (``*_compute``), for
    :func:`tests.compile.trsm_cpu.run_module` (which runs kernel texts only)."""
    src = module.source
    head = src.index("// ===================== routines =====================")
    routines = src[head:src.index("// ===================== kernels =====================")]

    class K:
        def __init__(self, k):
            self.text, self.args, self.grid, self.block, self.name = routines + k.text, k.args, k.grid, k.block, k.name

    class Mod:
        kernels = [K(k) for k in module.kernels]
    return Mod


def _inputs(prog, rng, dtype):
    """Fresh random inputs of the program, stored in their declared orders."""
    out = {}
    for v in prog.inputs:
        t = prog.value(v).type
        a = rng.standard_normal(tuple(int(d) for d in t.shape)).astype(dtype)
        out[v] = np.asfortranarray(a) if t.order == "F" else np.ascontiguousarray(a)
    return out


def check_cpu(name, dtype, m, n, k, params=None, seed=0):
    prog = _prog(name, dtype, m, n, k)
    plan = make_plan(prog)
    assert [kp.space for kp in plan.kernels] == ["gemm"] and plan.kernels[0].calls == [c.id for c in prog.calls]
    if params:
        d = plan.to_json()
        d["kernels"][0]["params"].update(params)
        plan = make_plan(prog, d)
    mod = kfuse.codegen.generate(prog, plan)
    rng = np.random.default_rng(seed)
    arrays = _inputs(prog, rng, dtype)
    out = prog.outputs[0]
    arrays[out] = np.full((m, n), np.nan, dtype)   # poisoned
    got = trsm_cpu.run_module(_with_routines(mod), arrays, out)
    ref = PROGRAMS[name][1](*(arrays[v].astype(np.float64) for v in prog.inputs))
    tol = 1e-4 if dtype == "float32" else 1e-11
    np.testing.assert_allclose(got, ref, rtol=tol, atol=tol * max(1, k))


@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_prologue_runs_on_cpu_odd_shapes(name):
    check_cpu(name, "float64", 37, 21, 19)


@pytest.mark.parametrize("dims", [(1, 1, 1), (5, 3, 0), (1, 9, 2), (130, 7, 17)])
def test_prologue_runs_on_cpu_tiny_and_empty_k(dims):
    check_cpu("both-F", "float32", *dims, seed=sum(dims))


def test_prologue_under_split_k_loads_its_own_k_range_and_compiles():
    """Split-k: each block maps the k tiles of its share (``kt0 + kt``, issue and store alike)."""
    prog = _prog("hadamard", "float32", 40, 30, 700)
    d = make_plan(prog).to_json()
    d["kernels"][0]["params"].update({"bm": 32, "bn": 32, "bk": 8, "tm": 4, "tn": 4, "splitk": 3, "stages": 2})
    mod = kfuse.codegen.generate(prog, make_plan(prog, d))
    text = mod.kernels[0].text
    assert text.count("const int kf_kg = (kt0 + kt) * BK + kf_kr") == 4   # prologue + main loop, issue + store
    exe = compile_program(prog, {}, plan=make_plan(prog, d))
    assert_clean_resources(exe)
