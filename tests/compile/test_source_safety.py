"""Names C or CUDA own, program names with a preprocessor line, float32 literals past float32's
range and unknown architectures, through NVRTC (issue 30, items 11 and 12): every kernel kind
compiles with values named ``NULL`` (and the other names below), the GEMM epilogue with a
value named ``fma``, a float32 ``x * 1e300`` multiplies by inf, and a name holding
``#define blockIdx threadIdx`` compiles the kernel it would without it."""
from __future__ import annotations

import numpy as np
import pytest

import kfuse
from kfuse.api import bind_sizes
from kfuse.errors import ConfigError
from kfuse.frontend import script
from kfuse.frontend.trace import trace

from tests import sampling

from .compile_helpers import assert_clean_resources, compile_program

#: one program per kernel kind, its values named {a}, {b}, {c} (sizes m, n, k)
KINDS = {
    "vec-map": "vector {a}(n), {b}(n), {c}(n); input {a}, {b}; {c} = {a} + 2.0 * {b}; return {c};",
    "vec-reduce": "vector {a}(n), {b}(n); scalar {c}; input {a}, {b}; {c} = dot({a}, {b}); return {c};",
    "tile": "matrix {a}(m, n); vector {b}(n), {c}(m); input {a}, {b}; {c} = gemv({a}, {b}); return {c};",
    "rows": "csr {a}(n, n); vector {b}(n), {c}(n); input {a}, {b}; {c} = {a} @ {b}; return {c};",
    "stencil": "grid {a}(m, n); input {a}; {b} = interior({a}, 0.25 * ({a}[0, -1] + {a}[0, 1] + {a}[-1, 0] "
               "+ {a}[1, 0])); return {b};",
    "gemm": "matrix {a}(m, k), {b}(k, n); vector {c}(n); input {a}, {b}, {c}; C = gemm({a}, {b}) + {c}; return C;",
    "trsm": "matrix {a}(m, m), {b}(m, n); input {a}, {b}; X = trsm_lln({a}, {b}); return X;",
}
NAMES = (("NULL", "fma", "printf"), ("main", "threadIdx", "INFINITY"), ("__global__", "_Bool", "sqrtf"))


# per run: every name set on the vector map, every kind with one name set drawn, 10 of the 21 in all
# (a TRSM build takes ~13 CPU s; all under KFTEST_FULL=1, tests/sampling.py)
NAMED = sampling.sample("source_safety_names", [(k, n) for k in KINDS for n in NAMES], 10,
                        corners=[("vec-map", n) for n in NAMES], strata=lambda c: c[0])


@pytest.mark.parametrize("kind, names", NAMED, ids=[f"{k}-{'-'.join(n)}" for k, n in NAMED])
def test_every_kernel_kind_compiles_with_values_named_as_c_names(kind, names):
    a, b, c = names
    prog = script.parse(KINDS[kind].format(a=a, b=b, c=c), "names", "float32")
    exe = compile_program(prog, {"m": 96, "n": 128, "k": 64}, plan="default")
    assert exe.compiled.cubin[:4] == b"\x7fELF"
    assert set(exe.resources) == {k.name for k in exe.module.launches}   # (TRSM launches its leaf twice)


@pytest.mark.parametrize("precision", ["ieee", "tf32"])
def test_a_gemm_epilogue_reading_a_value_named_fma_compiles(precision):
    def f(A, B, fma, NULL):
        return kfuse.ops.maximum(A @ B + fma, 0.0) * NULL
    with kfuse.config.override(precision=precision):
        prog = bind_sizes(trace(f, ["A", "B", "fma", "NULL"], [("a", (64, 48), "float32", "C"),
                                                               ("a", (48, 80), "float32", "C"),
                                                               ("a", (80,), "float32", "C"), ("h", "real")],
                                "epilogue")[0], {})
        exe = compile_program(prog, plan="default")
    assert "fma_" in exe.source and "NULL_" in exe.source
    assert_clean_resources(exe)


def test_a_float32_literal_past_float32_compiles_to_inf():
    prog = bind_sizes(trace(lambda x: x * 1e300 + 1e-50, ["x"], [("a", (1000,), "float32", "C")], "big")[0], {})
    exe = compile_program(prog, plan="default")
    assert "__int_as_float(0x7f800000)" in exe.source
    with np.errstate(over="ignore"):
        assert np.isinf(np.float32(2.0) * np.float32(1e300))   # what NumPy computes: inf


@pytest.mark.parametrize("name", ["p\n#define blockIdx threadIdx\n//", "a\n#include </etc/hostname>\n"])
def test_a_program_name_with_a_preprocessor_line_compiles_the_same_kernel(name):
    def f(x):
        return x * 2.0
    plain = compile_program(bind_sizes(trace(f, ["x"], [("a", (1000,), "float32", "C")], "p")[0], {}), plan="default")
    named = compile_program(bind_sizes(trace(f, ["x"], [("a", (1000,), "float32", "C")], name)[0], {}), plan="default")
    assert named.source.split("\n", 1)[1] == plain.source.split("\n", 1)[1]   # all but the header comment
    assert "hostname" not in named.compiled.log


def test_an_arch_nvrtc_cannot_target_is_one_config_error():
    prog = script.parse(KINDS["vec-map"].format(a="x", b="y", c="z"), "arch", "float32")
    with kfuse.config.override(arch="sm_1"):
        with pytest.raises(ConfigError, match=r"setting arch \(KFUSE_ARCH\) = 'sm_1': this NVRTC cannot compile "
                                              r"for it \(it supports .*sm_90"):
            compile_program(prog, {"n": 100}, arch="sm_1")
