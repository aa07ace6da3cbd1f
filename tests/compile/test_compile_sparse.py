"""Sparse kernels compile: SpMV in CSR and ELLPACK-R, alone and with the vector calls it hosts."""
from __future__ import annotations

import pytest

from kfuse.fusion.space import impl_variants, make_plan
from kfuse.frontend import script

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
    for params in impl_variants(prog, [c.id for c in prog.calls])[::7]:
        exe = compile_program(prog, plan=make_plan(prog, [([c.id for c in prog.calls], params)]))
        assert_clean_resources(exe)
