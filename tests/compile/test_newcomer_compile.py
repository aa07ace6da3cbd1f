"""Item 18 of issue 30 through NVRTC: a precision named by a product inside kfuse.jit compiles
the function on that engine; compile_script takes an example's name as the CLI does."""
from __future__ import annotations

import kfuse
from kfuse import blas, linalg

S, T = kfuse.ShapeDtype((64, 48), "float32"), kfuse.ShapeDtype((48, 40), "float32")


def _engines(lo) -> list:
    return [k["params"].get("engine") for k in lo.plan["kernels"] if k["space"] in ("gemm", "trsm")]


def test_tf32_named_inside_jit_compiles_on_the_tensor_cores():
    """Before: ArgumentError 'precision='tf32' inside kfuse.jit, where the setting is 'ieee''."""
    assert kfuse.config.get().precision == "ieee"
    assert _engines(kfuse.jit(lambda A, B: blas.gemm(A, B, precision="tf32")).lower(S, T)) == ["mma_tf32"]
    assert _engines(kfuse.jit(lambda A, B: blas.gemm(A, B)).lower(S, T)) == ["ffma"]
    L = kfuse.ShapeDtype((48, 48), "float32")
    lo = kfuse.jit(lambda A, B: linalg.solve_triangular(A, B, lower=True, precision="tf32")).lower(L, T)
    assert _engines(lo) == ["mma_tf32"]
    assert kfuse.config.get().precision == "ieee"   # the setting is left as it was


def test_compile_script_takes_an_examples_name():
    exe = kfuse.compile_script("bicgk", sizes={"m": 40, "n": 24})
    assert exe.program.name == "bicgk" and exe.compiled.cubin[:4] == b"\x7fELF"
