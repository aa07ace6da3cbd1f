"""Value names never meet the names generated kernels declare (kfuse.codegen.shadow).

1. Every local declared in the kernels of a spread of programs (BLAS-1/2 examples, solvers,
   stencils, GEMM with epilogues, reductions and prologues, the BLAS-3 routines on both
   engines, TRSM) is a name no value can take: ``ident(local) != local``.
2. Programs whose values are named after the GEMM emitters' locals (``j``, ``t``, ``c``,
   ``valid``, ...) are generated without a clash, in both precisions.
3. ``gemm(A, B, alpha=j) + u`` runs right on the CPU (g++): the FFMA epilogue's column index
   ``j`` once hid the scalar ``j`` and scaled column j by j.
4. The check itself refuses a kernel that declares a parameter's name again.
"""
from __future__ import annotations

import numpy as np
import pytest

import kfuse
from kfuse.api import bind_sizes, make_plan
from kfuse.codegen.common import KArg, KernelSource
from kfuse.codegen.module import check_names, generate
from kfuse.codegen.shadow import declared, shadowed
from kfuse.errors import CompileError
from kfuse.frontend import script
from kfuse.frontend.trace import trace
from kfuse.ir import ident
from tests.golden import corpus

F32 = "float32"


def _traced(fn, names, shapes, precision="ieee", name="names"):
    specs = [("a", s, F32, "C") if s else ("h", "real") for s in shapes]
    with kfuse.config.override(precision=precision):
        prog = bind_sizes(trace(fn, names, specs, name)[0], {})
        return prog, make_plan(prog)


def _blas3(precision):
    """(program, plan) of the BLAS-3 routines and the GEMM fusions in ``precision``."""
    b, ops = kfuse.blas, kfuse.ops
    sq = (96, 96)
    cases = [
        (lambda A, B: b.gemm(A, B, transa=True), ["A", "B"], [sq, sq]),
        (lambda A, B, C: b.gemm(A, B, alpha=2.0, beta=0.5, C=C), ["A", "B", "C"], [sq, sq, sq]),
        (lambda A, B: b.symm(A, B, side="right", uplo="upper"), ["A", "B"], [sq, sq]),
        (lambda A, B: b.trmm(A, B, side="right", trans=True), ["A", "B"], [sq, sq]),
        (lambda A: b.syrk(A, trans=True), ["A"], [sq]),
        (lambda A, B: b.syr2k(A, B), ["A", "B"], [sq, sq]),
        (lambda A, B: b.trsm(A, B), ["A", "B"], [(1024, 1024), (1024, 64)]),
        (lambda A, B, v: ops.maximum(A @ B + v, 0.0), ["A", "B", "v"], [sq, sq, (96,)]),
        (lambda A, B, x: ((A @ B), (A @ B) @ x), ["A", "B", "x"], [(1024, 1024), (1024, 1024), (1024,)]),
        (lambda A, B: ops.maximum(A, 0.0) @ B, ["A", "B"], [sq, sq]),
        (lambda A, B, C: (A @ B, A @ C), ["A", "B", "C"], [sq, sq, sq]),
    ]
    return [_traced(f, n, s, precision) for f, n, s in cases]


def _others():
    """(program, plan) of examples, a solver step and stencils from the golden corpus."""
    progs = [corpus.bound_example(n, F32, {"m": 33, "n": 1000}) for n in ("bicgk", "gemver", "atax")]
    progs.append(corpus.bound_example("axpydot", "complex64", {"n": 1000}))
    progs.append(corpus.traced_solver("bicg_step", F32, 4))
    progs.append(corpus.grid_program("example", "hdiff", F32, {"k": 3, "m": 37, "n": 41}))
    progs.append(corpus.grid_program("program", "box27", F32, (11, 13, 37)))
    return [(p, make_plan(p)) for p in progs]


def _kernels(prog, plan, precision="ieee"):
    with kfuse.config.override(precision=precision):
        return generate(prog, plan).launches


def test_every_local_of_a_generated_kernel_is_a_name_no_value_takes():
    seen, bad = set(), []
    for precision, cases in (("ieee", _blas3("ieee")), ("tf32", _blas3("tf32")), ("ieee", _others())):
        for prog, plan in cases:
            for k in _kernels(prog, plan, precision):
                for local in declared(k.text):
                    seen.add(local)
                    if ident(local) == local:
                        bad.append((k.name, local))
    assert len(seen) > 150      # the scan found the kernels' locals
    assert not bad, f"locals a value could be named (add them to kfuse.ir.program.RESERVED): {sorted(set(bad))}"


#: locals of the GEMM emitters (FFMA and mma) a value was once free to be named
GEMM_LOCALS = ("j", "t", "c", "g", "q", "tg", "kk", "mi", "ni", "af", "bs", "valid", "wrow", "wcol", "idx",
               "src", "sum", "xg", "kr")


@pytest.mark.parametrize("precision", ["ieee", "tf32"])
def test_values_named_after_gemm_locals_generate_without_a_clash(precision):
    for name in GEMM_LOCALS:
        for fn, shapes in ((lambda A, B, s: kfuse.ops.maximum(A @ B + s, 0.0), [(64, 64), (64, 64), (64,)]),
                           (lambda A, B, s: kfuse.blas.gemm(A, B, alpha=s), [(64, 64), (64, 64), None])):
            prog, plan = _traced(fn, ["A", "B", name], shapes, precision)
            for k in _kernels(prog, plan, precision):
                params = [a.cname for a in k.args]
                assert ident(name) in params and not shadowed(k.text, params), (name, k.name)


def test_a_scalar_named_j_scales_the_product_on_the_cpu():
    """j (the alpha of the product) shares its name with the FFMA epilogue's column index: run
    on the CPU against float64 (this read j * column index before j was reserved)."""
    from tests.compile.test_gemm_reduce import one_kernel_plan, run_kernel_on_cpu
    src = "matrix A(m, k), B(k, n); vector u(n); scalar j; input A, B, u, j; C = gemm(A, B, alpha=j) + u; return C;"
    prog = bind_sizes(script.parse(src, "names", F32), {"m": 37, "n": 45, "k": 19})
    plan = one_kernel_plan(prog, F32, bm=32, bn=32, bk=8, tm=4, tn=4, stages=2)
    rng = np.random.default_rng(7)
    A, B, u = rng.standard_normal((37, 19)), rng.standard_normal((19, 45)), rng.standard_normal(45)
    j = 1.75
    got, ks = run_kernel_on_cpu(prog, plan, {"A": A, "B": B, "u": u, "C": np.full((37, 45), np.nan)}, {"j": j})
    want = j * (A @ B) + u
    assert np.linalg.norm(got["C"] - want) / np.linalg.norm(want) < 1e-5
    assert "j_" in {a.cname for a in ks.args}


def test_check_names_refuses_a_kernel_that_declares_a_parameter_again():
    text = ('extern "C" __global__ void __launch_bounds__(32)\nk0(const float* __restrict__ x_, const float w)\n{\n'
            "    for (int i = 0; i < 4; ++i) { const int w = i; (void)w; }\n}\n")
    args = [KArg("x_", "const float* __restrict__ x_", "in", "x"), KArg("w", "const float w", "host", "w")]
    ks = KernelSource("k0", text, args, (1, 1, 1), (32, 1, 1), None)
    with pytest.raises(CompileError, match=r"kernel k0: the generated code declares w, the name of a parameter"):
        check_names([ks])
    check_names([KernelSource("k0", text.replace("int w = i; (void)w;", "int u = i; (void)u;"), args,
                              (1, 1, 1), (32, 1, 1), None)])   # no clash: no error


def test_values_named_as_cpp_keywords_and_include_guards_compile():
    """C++ words Python allows as names (``constexpr``, ``xor``, ``alignas``) and the helpers'
    include guards (``KF_GEMM_HELPERS``, a macro) take a trailing ``_`` and compile (NVRTC)."""
    def f(A, B, constexpr, xor, KF_GEMM_HELPERS, alignas):
        return kfuse.ops.maximum(kfuse.blas.gemm(A, B, alpha=xor) + constexpr, 0.0) * KF_GEMM_HELPERS + alignas
    lo = kfuse.jit(f).lower(*[kfuse.ShapeDtype(s, F32) for s in ((40, 24), (24, 36), (36,))], 2.0, 0.5, 1.5)
    assert "__global__" in lo.source and lo.resources   # compiled to a cubin
    for name in ("constexpr", "xor", "KF_GEMM_HELPERS", "alignas"):
        assert ident(name) == name + "_" and f"{name}_" in lo.source
