"""Issue 30 items 5, 11 and 12 on the GPU: values named as C names run right, a float32 literal
past float32's range gives NumPy's inf, a program name holding a preprocessor line runs the
kernel it names, and a vector of more than 2^31 elements is indexed in 64 bits."""
from __future__ import annotations

import numpy as np
import pytest

import kfuse


def test_values_named_null_and_fma_in_a_gemm_epilogue_run_right():
    import cupy
    rng = np.random.default_rng(3)
    A, B, v = rng.standard_normal((70, 40)), rng.standard_normal((40, 90)), rng.standard_normal(90)

    def f(A, B, fma, NULL):
        return kfuse.ops.maximum(A @ B + fma, 0.0) * NULL
    got = kfuse.jit(f)(cupy.asarray(A), cupy.asarray(B), cupy.asarray(v), 1.5)
    want = np.maximum(A @ B + v, 0.0) * 1.5
    assert np.allclose(cupy.asnumpy(got), want, rtol=1e-12, atol=1e-12)


def test_a_float32_product_with_1e300_is_numpys_inf():
    import cupy
    x = np.random.default_rng(4).standard_normal(10_000).astype(np.float32)
    got = cupy.asnumpy(kfuse.jit(lambda x: x * 1e300)(cupy.asarray(x)))
    with np.errstate(over="ignore"):
        want = x * 1e300
    assert want.dtype == np.float32 and np.isinf(want).all()
    assert got.dtype == np.float32 and np.array_equal(got, want)


@pytest.mark.parametrize("name", ["p\n#define blockIdx threadIdx\n//", "a\n#include </etc/hostname>\n"])
def test_a_program_name_with_a_preprocessor_line_runs_its_kernel(name):
    import cupy
    x = cupy.arange(100_000, dtype=cupy.float32)
    got = kfuse.jit(lambda x: x * 2.0 + 1.0, name=name)(x)
    assert cupy.array_equal(got, x * 2.0 + 1.0)


def _wait_for_free_memory(nbytes: int, seconds: float = 120.0) -> None:
    """Wait until the GPU has ``nbytes`` free (the tier's other workers hold memory in their pools
    for a while; one run saw this test's second 8 GiB array refused); skip, with the figures,
    where it never comes (run the file alone)."""
    import time

    import cupy
    cupy.get_default_memory_pool().free_all_blocks()
    end = time.monotonic() + seconds
    while cupy.cuda.runtime.memGetInfo()[0] < nbytes and time.monotonic() < end:
        time.sleep(2.0)
    free = cupy.cuda.runtime.memGetInfo()[0]
    if free < nbytes:
        pytest.skip(f"needs {nbytes / 2**30:.1f} GiB free on the GPU, {free / 2**30:.1f} GiB were for "
                    f"{seconds:.0f} s (other tests hold the rest): run this file alone")


def test_a_vector_of_more_than_2_to_the_31_elements_is_indexed_in_64_bits():
    """12 GiB of float32 (x, y and z): the elements past 2^31 are computed and stored."""
    import cupy
    n = 2**31 + 64
    _wait_for_free_memory(3 * 4 * n + 2**30)
    x = cupy.ones(n, dtype=cupy.float32)
    y = cupy.full(n, 2.0, dtype=cupy.float32)
    tail = cupy.arange(128, dtype=cupy.float32)
    x[-128:] = tail
    z = kfuse.jit(lambda x, y: x + 2.0 * y)(x, y)
    assert z.shape == (n,) and float(z[0]) == 5.0 and float(z[2**31 - 65]) == 5.0
    assert cupy.array_equal(z[-128:], tail + 4.0)
    del x, y, z
    cupy.get_default_memory_pool().free_all_blocks()
