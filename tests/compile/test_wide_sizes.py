"""Sizes of 2^31 and more (issue 30, item 5): each kernel family either indexes in 64 bits (the
source says ``using idx_t = long long`` and NVRTC compiles it, #68/#69 conversions being errors)
or refuses the size with one ShapeError naming the kernel, the value and the axis.  Where every
size fits, the kernels keep 32-bit indices (no cost to the common case).  Generated and compiled
only: nothing here allocates the arrays."""
from __future__ import annotations

import re

import pytest

from kfuse.api import bind_sizes, make_plan
from kfuse.codegen import generate
from kfuse.errors import ShapeError
from kfuse.frontend import script

from .compile_helpers import ARCH, compile_program

BIG = 2**31

#: (family, script, sizes): one axis of 2^31 points; these families index in 64 bits
WIDE = {
    "vec-map": ("vector x(n), y(n), z(n); input x, y; z = x + 2.0 * y; return z;", {"n": BIG}),
    "vec-reduce": ("vector x(n), y(n); scalar r; input x, y; r = dot(x, y); return r;", {"n": BIG + 5}),
    "tile-long-rows": ("matrix A(m, n); vector x(n), y(m); input A, x; y = gemv(A, x); return y;",
                       {"m": 4, "n": BIG}),
    "tile-many-rows": ("matrix A(m, n); vector x(n), y(m); input A, x; y = gemv(A, x); return y;",
                       {"m": BIG, "n": 4}),
    "grid-2d": ("grid a(m, n); input a; b = interior(a, 0.25 * (a[0, -1] + a[0, 1] + a[-1, 0] + a[1, 0])); "
                "return b;", {"m": 2**16 + 2, "n": 2**16}),
    "gemm-flat": ("matrix A(m, k), B(k, n); input A, B; C = A @ B; return C;", {"m": 2**16, "n": 64, "k": 2**16}),
}

#: (family, script, sizes, the value and axis named): an axis of 2^31 points these families refuse
REFUSED = {
    "grid-1d": ("grid a(n); input a; b = interior(a, 0.5 * (a[-1] + a[1])); return b;", {"n": BIG}, "a", 0),
    "gemm-k": ("matrix A(m, k), B(k, n); input A, B; C = A @ B; return C;", {"m": 2, "n": 2, "k": BIG}, "A", 1),
    "gemm-m": ("matrix A(m, k), B(k, n); input A, B; C = A @ B; return C;", {"m": BIG, "n": 2, "k": 2}, "A", 0),
    "rows": ("csr A(n, n); vector x(n), y(n); input A, x; y = A @ x; return y;", {"n": BIG}, "A", 0),
}


def _program(text, sizes):
    return bind_sizes(script.parse(text, "wide", "float32"), sizes)


@pytest.mark.parametrize("family", list(WIDE))
def test_a_wide_size_is_indexed_in_64_bits_and_compiles(family):
    text, sizes = WIDE[family]
    exe = compile_program(_program(text, sizes), plan="default")
    kinds = re.findall(r"using idx_t = ([a-z ]+);", exe.source)
    assert kinds and "long long" in kinds, kinds
    assert exe.compiled.cubin[:4] == b"\x7fELF" and exe.arch == ARCH


@pytest.mark.parametrize("family", list(WIDE))
def test_sizes_that_fit_keep_32_bit_indices(family):
    text, sizes = WIDE[family]
    small = {k: min(v, 4096) for k, v in sizes.items()}
    prog = _program(text, small)
    kinds = re.findall(r"using idx_t = ([a-z ]+);", generate(prog, make_plan(prog)).source)
    assert kinds and set(kinds) == {"int"}, kinds


@pytest.mark.parametrize("family", list(REFUSED))
def test_an_axis_past_32_bits_is_refused_where_a_family_counts_in_int(family):
    text, sizes, value, axis = REFUSED[family]
    prog = _program(text, sizes)
    with pytest.raises(ShapeError, match=rf"kernel \w+: axis {axis} of {value} has {BIG} points; \w+ kernels "
                                         r"count positions along an axis in 32-bit int \(at most 2147483647\)"):
        generate(prog, make_plan(prog))


def test_a_triangular_solve_past_32_bits_is_refused_when_its_sizes_are_bound():
    """(before planning: the solve's launches, one per leaf, would fill the memory)"""
    with pytest.raises(ShapeError, match=r"trsm_lln: A \(2147483648, 2147483648\) and B \(2147483648, 1\): a "
                                         r"dimension of 2147483648 is 2\^31 or more; kfuse's triangular solve "
                                         r"counts rows and columns in 32-bit int"):
        _program("matrix A(m, m), B(m, n); input A, B; X = trsm_lln(A, B); return X;", {"m": BIG, "n": 1})
