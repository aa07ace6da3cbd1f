"""NumPy broadcasting (issue 20, part B) to sm_90 cubins without spills: a gemm kernel whose
epilogue adds a row or column vector (``relu(A @ B + b)``: one kernel), and the broadcast maps
alone in the tile space."""
from __future__ import annotations

import pytest

import kfuse
from kfuse.api import bind_sizes
from kfuse.frontend.trace import trace

from .compile_helpers import assert_clean_resources, compile_program

M, N, K = 129, 67, 33


def traced(fn, dtype, **shapes):
    specs = [("a", s, dtype, "C") for s in shapes.values()]
    return bind_sizes(trace(fn, list(shapes), specs)[0], {})


EPILOGUES = {
    "row": lambda A, B, b, c: kfuse.maximum(A @ B + b, 0.0),
    "col": lambda A, B, b, c: kfuse.maximum(A @ B * c[:, None], 0.0),
    "row-first": lambda A, B, b, c: kfuse.maximum(b - A @ B, 0.0),
    "col-first": lambda A, B, b, c: c[:, None] / (A @ B) + b,
}


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("name", sorted(EPILOGUES))
def test_gemm_with_broadcast_epilogue_is_one_clean_kernel(name, dtype):
    prog = traced(EPILOGUES[name], dtype, A=(M, K), B=(K, N), b=(N,), c=(M,))
    exe = compile_program(prog, plan="default")
    assert exe.n_kernels == 1
    assert_clean_resources(exe)


@pytest.mark.parametrize("dtype", ["float32", "float64", "complex64"])
def test_standalone_broadcasts_compile_in_the_tile_space(dtype):
    prog = traced(lambda X, b, c: (X * c[:, None], b - X, X / b, c[:, None] - X), dtype, X=(M, N), b=(N,), c=(M,))
    exe = compile_program(prog, plan="default")
    assert {k["space"] for k in exe.plan["kernels"]} == {"tile"}
    assert_clean_resources(exe)


@pytest.mark.parametrize("decl,expr", [("sym=lower", "A @ B + b"), ("tri=upper, unit", "B @ A - b")])
def test_script_with_structure_and_bias_is_one_clean_kernel(decl, expr):
    """A script's declared structure (sym=/tri=) and a row bias: SYMM/TRMM with the epilogue."""
    from kfuse.frontend import script
    prog = script.parse(f"matrix A(n, n, {decl}), B(n, n); vector b(n); input A, B, b; C = {expr}; return C;", "s")
    exe = compile_program(prog, {"n": 97}, plan="default")
    assert len(exe.plan["kernels"]) == 1   # one planned kernel (SYMM may lead it with a symmetrize pass)
    assert exe.n_kernels == 1 + ("symmetrize" in exe.plan["kernels"][0]["params"].values())
    assert_clean_resources(exe)
