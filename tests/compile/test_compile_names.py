"""Scripts whose names collide with what the generated code uses, and hand-made plans, still compile."""
from __future__ import annotations

import os

import pytest

import kfuse
from kfuse.api import bind_sizes
from kfuse.frontend import script
from kfuse.fusion import check_plan, unfused_plan
from kfuse.pipeline.stages import build

from .compile_helpers import ARCH, DTYPES, assert_clean_resources, compile_program

NAME_CASES = {
    # reserved words and the generated code's own locals used as value names
    "reserved": "vector s(n), int(n), N(n), i(n), T(n), z(n); scalar e; input s, int, N, i, T, e;"
                "z = s + int + N * e + i - T; return z;",
    "reserved-tile": "matrix S(m, n), F(m, n); vector it(n), k(m), x(n); input S, F, it;"
                     "k = gemv(S, it); x = gemv_t(F, k, beta=1, y=it); return k, x;",
    # names ending like the register arrays of other values (A -> A_e, w -> w_e, r -> r_acc)
    "suffix-tile": "matrix A(m, n), A_e(m, n), C(m, n); input A, A_e; C = madd(A, A_e); return C;",
    "suffix-vec": "vector w(n), w_e(n), z(n); input w, w_e; z = w + w_e; return z;",
    "suffix-reduce": "vector r(n), r_acc(n), r_f(n); scalar q; input r, r_acc, r_f; q = dot(r + r_f, r_acc); return q;",
    "suffix-gemv": "matrix A(m, n), A_e(m, n); vector x(n), x_f(n), q(m); input A, A_e, x, x_f;"
                   "q = gemv(A, x) + gemv(A_e, x_f); return q;",
    # an SSA version (B.1) and a user name (B_1) that would both be B_1 in C
    "ssa-vs-user": "matrix A(m, n), B(m, n), B_1(m, n), C(m, n); vector u(m), v(n); input A, B_1, u, v;"
                   "B = ger(A, u, v); B = ger(B, u, v); C = madd(B, B_1); return C;",
    "ssa-routines": "vector x(n), x_1(n); input x; x = scal(2, x); x_1 = scal(3, x); return x_1;",
    # a reserved word and the same name with the underscore the escaping adds
    "escape-vs-user": "vector x(n), x_(n), y(n); input x, x_; y = x + x_; return y;",
    # an input named like the routine of the call that reads it (z = x + ... calls z_add_compute)
    "routine-name": "vector x(n), z_add_compute(n); input x, z_add_compute; z = x + z_add_compute; return z;",
}


@pytest.mark.parametrize("case", list(NAME_CASES))
@pytest.mark.parametrize("dtype", ["float32", "complex128"])
def test_colliding_names_compile(case, dtype):
    prog = script.parse(NAME_CASES[case], case.replace("-", "_"), dtype)
    exe = compile_program(prog, {"m": 100, "n": 256})
    assert_clean_resources(exe)


def fused(prog, groups):
    plan = unfused_plan(prog)
    kernels = []
    for g in groups:
        k = plan.kernels[g[0]]
        k.calls = list(g)
        kernels.append(k)
    plan.kernels = kernels
    check_plan(prog, plan)
    return plan


@pytest.mark.parametrize("n", [3001, 4096])
@pytest.mark.parametrize("dtype", DTYPES)
def test_independent_calls_in_one_tile_kernel(n, dtype):
    path = os.path.join(os.path.dirname(kfuse.__file__), "examples", "bicgk.kf")
    prog = bind_sizes(script.load(path, dtype), {"m": 1000, "n": n})
    exe = build(prog, fused(prog, [[0, 1]]), ARCH)
    assert exe.n_kernels == 1
    assert_clean_resources(exe)


@pytest.mark.parametrize("dtype", DTYPES)
def test_independent_reductions_in_one_vec_kernel(dtype):
    prog = bind_sizes(script.parse("vector x(n), y(n); input x, y; r = dot(x, y); s = sum(x); z = x + y;"
                                   "return r, s, z;", "three", dtype), {"n": 100_000})
    exe = build(prog, fused(prog, [[0, 1, 2]]), ARCH)
    assert exe.n_kernels == 1
    assert_clean_resources(exe)
