"""``(A @ B) @ x`` evaluated as ``A @ (B @ x)`` when the product is not kept (issue 20,
item 6): the plan has two matrix-vector kernels and no product, and the result is NumPy's."""
from __future__ import annotations

import numpy as np
import pytest

import kfuse
from kfuse import reference
from kfuse.api import make_plan
from kfuse.frontend.trace import trace


def sp(*shape, dtype="float64"):
    return ("a", shape, dtype, "C")


CASES = {
    "P@x": (lambda A, B, x: (A @ B) @ x, dict(A=sp(40, 30), B=sp(30, 20), x=sp(20)),
            lambda A, B, x: (A @ B) @ x),
    "x@P": (lambda A, B, x: x @ (A @ B), dict(A=sp(40, 30), B=sp(30, 20), x=sp(40)),
            lambda A, B, x: x @ (A @ B)),
    "P.T@x": (lambda A, B, x: (A @ B).T @ x, dict(A=sp(40, 30), B=sp(30, 20), x=sp(40)),
              lambda A, B, x: (A @ B).T @ x),
    "views": (lambda A, B, x: (A.T @ B.T) @ x, dict(A=sp(30, 40), B=sp(20, 30), x=sp(20)),
              lambda A, B, x: (A.T @ B.T) @ x),
    "two uses": (lambda A, B, x, y: kfuse.sum(((lambda P: P @ x)(A @ B)) * ((lambda P: P @ x)(A @ B))),
                 dict(A=sp(7, 5), B=sp(5, 3), x=sp(3), y=sp(1)),
                 lambda A, B, x, y: np.sum(((A @ B) @ x) ** 2)),
    "chain": (lambda A, B, C, x: ((A @ B) @ C) @ x, dict(A=sp(9, 8), B=sp(8, 7), C=sp(7, 6), x=sp(6)),
              lambda A, B, C, x: ((A @ B) @ C) @ x),
}


def program(name):
    f, specs, _ = CASES[name]
    return trace(f, list(specs), list(specs.values()))[0]


@pytest.mark.parametrize("name", list(CASES))
def test_product_not_formed_and_result_is_numpys(name):
    f, specs, np_f = CASES[name]
    prog = program(name)
    assert "gemm" not in [c.fn for c in prog.calls], [c.label for c in prog.calls]
    assert all("reassociated" in c.label for c in prog.calls if c.fn in ("gemv", "gemv_t"))
    rng = np.random.default_rng(3)
    ins = {n: rng.standard_normal(s[1]) for n, s in specs.items()}
    got = reference.run(prog, ins)[prog.outputs[0]]
    np.testing.assert_allclose(got, np_f(*ins.values()), rtol=1e-12, atol=1e-12)
    plan = make_plan(prog)
    assert all(k.space != "gemm" for k in plan.kernels)


def test_a_kept_or_scaled_product_is_formed():
    kept = trace(lambda A, B, x: (lambda P: (P @ x, P))(A @ B), ["A", "B", "x"],
                 [sp(4, 3), sp(3, 2), sp(2)])[0]
    assert [c.fn for c in kept.calls].count("gemm") == 1
    scaled = trace(lambda A, B, x: kfuse.blas.gemm(A, B, alpha=2.0) @ x, ["A", "B", "x"],
                   [sp(4, 3), sp(3, 2), sp(2)])[0]
    assert [c.fn for c in scaled.calls].count("gemm") == 1
    reread = trace(lambda A, B, x: (lambda P: P @ x + P[0:4, 0:2].T @ x[0:4] if False else
                                    (P @ x) * 2.0 + kfuse.sum(P * P))(A @ B),
                   ["A", "B", "x"], [sp(4, 3), sp(3, 4), sp(4)])[0]
    assert [c.fn for c in reread.calls].count("gemm") == 1   # an elementwise consumer keeps it
