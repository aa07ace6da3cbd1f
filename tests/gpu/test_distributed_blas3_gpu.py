"""Row-split BLAS-3 over ranks on the GPU (kfuse.distributed.blas3): each rank a LocalComm thread
of one process on one GPU, its blocks CuPy arrays, its product kfuse.blas's (and CuPy's @ as a
second product); the assembled results against NumPy float64, float32 and float64, uneven rows.
Each rank's products are compiled once on the main thread first (kfuse.blas compiles per
signature on the first call), so the threads only launch."""
from __future__ import annotations

import numpy as np
import pytest

from kfuse.distributed import LocalComm
from kfuse.distributed.blas3 import KFUSE, MATMUL, gemm, symmetric, syrk
from kfuse.distributed.rows import row_split, split_rows

TOL = {"float32": 2e-4, "float64": 1e-11}
PRODUCTS = {"kfuse": KFUSE, "matmul": MATMUL}


def _rand(shape, dtype, seed):
    return np.random.default_rng(seed).standard_normal(shape).astype(dtype)


def _close(got, want, dtype):
    np.testing.assert_allclose(got.astype(np.float64), want, rtol=TOL[dtype],
                               atol=TOL[dtype] * float(np.abs(want).max()))


def _ranks(size, fn):
    """``fn(comm)`` on every rank (threads), each result brought to the host."""
    import cupy

    def body(comm):
        out = fn(comm)
        cupy.cuda.get_current_stream().synchronize()
        return cupy.asnumpy(out)
    return LocalComm.run(size, body, timeout=600)


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("size, m", [(2, 203), (3, 130), (4, 97)])
@pytest.mark.parametrize("which", ["kfuse", "matmul"])
def test_gemm_rows_on_one_gpu_assemble_to_the_product(size, m, which, dtype):
    import cupy
    k, n = 64, 96
    a, b, c = _rand((m, k), dtype, 1), _rand((k, n), dtype, 2), _rand((m, n), dtype, 3)
    da, dc = row_split(a.shape, size), row_split(c.shape, size)
    blocks = [(cupy.asarray(split_rows(a, da, r)), cupy.asarray(split_rows(c, dc, r))) for r in range(size)]
    db = cupy.asarray(b)
    for a_r, c_r in blocks:   # compile on the main thread
        PRODUCTS[which].gemm(a_r, db, transa=False, transb=False, alpha=0.5, beta=-1.0, C=c_r, precision=None)

    got = _ranks(size, lambda comm: gemm(blocks[comm.rank][0], db, comm, alpha=0.5, beta=-1.0,
                                         c_rows=blocks[comm.rank][1], products=PRODUCTS[which]))
    _close(np.concatenate(got), 0.5 * a.astype(np.float64) @ b - 1.0 * c, dtype)


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("size, m", [(2, 301), (3, 128), (4, 77)])
@pytest.mark.parametrize("which", ["kfuse", "matmul"])
def test_syrk_ata_on_one_gpu_is_the_gram_matrix(size, m, which, dtype):
    import cupy
    n = 48
    a, c = _rand((m, n), dtype, 4), _rand((n, n), dtype, 5)
    d = row_split(a.shape, size)
    blocks = [cupy.asarray(split_rows(a, d, r)) for r in range(size)]
    dc = cupy.asarray(c)
    for r, a_r in enumerate(blocks):   # compile on the main thread (rank 0 adds beta C)
        PRODUCTS[which].syrk(a_r, uplo="lower", trans=True, alpha=2.0, beta=0.5 if r == 0 else 0.0,
                             C=dc if r == 0 else None, precision=None)

    got = _ranks(size, lambda comm: syrk(blocks[comm.rank], comm, trans=True, uplo="lower", alpha=2.0,
                                         beta=0.5, c=dc, products=PRODUCTS[which]))
    want = 2.0 * a.T.astype(np.float64) @ a + 0.5 * symmetric(c.astype(np.float64), "lower")
    for g in got:
        _close(g, want, dtype)


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("size, m", [(2, 131), (3, 100)])
@pytest.mark.parametrize("which", ["kfuse", "matmul"])
def test_syrk_aat_on_one_gpu_gathers_a(size, m, which, dtype):
    import cupy
    k = 40
    a, c = _rand((m, k), dtype, 6), _rand((m, m), dtype, 7)
    da, dc = row_split(a.shape, size), row_split(c.shape, size)
    blocks = [(cupy.asarray(split_rows(a, da, r)), cupy.asarray(split_rows(c, dc, r))) for r in range(size)]
    whole = cupy.asarray(a)
    for a_r, c_r in blocks:   # compile on the main thread
        PRODUCTS[which].gemm(a_r, whole, transa=False, transb=True, alpha=1.0, beta=2.0, C=c_r, precision=None)

    got = _ranks(size, lambda comm: syrk(blocks[comm.rank][0], comm, beta=2.0, c=blocks[comm.rank][1],
                                         products=PRODUCTS[which]))
    _close(np.concatenate(got), a.astype(np.float64) @ a.T + 2.0 * c, dtype)
