"""Row-split BLAS-3 over ranks (kfuse.distributed.blas3, .rows) on the CPU: LocalComm threads,
the arrays' own @ as each rank's product (kfuse.blas needs a GPU); every assembled result is
checked against NumPy float64, the communication counted, bad input refused on every rank."""
from __future__ import annotations

import numpy as np
import pytest

from kfuse.distributed import LocalComm
from kfuse.distributed.blas3 import MATMUL, Products, gemm, symmetric, syrk
from kfuse.distributed.rows import gather_rows, row_split, share, split_rows
from kfuse.errors import ArgumentError, DTypeError, ShapeError

TOL = {"float32": 2e-4, "float64": 1e-12}


class Counting:
    """A communicator that counts its calls (and the bytes all-reduced) and passes them on."""

    def __init__(self, comm):
        self.comm, self.rank, self.size = comm, comm.rank, comm.size
        self.calls = []

    def all_reduce(self, array, op="sum", stream=None):
        self.calls.append(("all_reduce", array.nbytes))
        self.comm.all_reduce(array, op, stream)

    def exchange(self, sends, recvs, stream=None):
        self.calls.append(("exchange", sum(a.nbytes for _, a in sends)))
        self.comm.exchange(sends, recvs, stream)


def _rand(shape, dtype, seed=0):
    return np.random.default_rng(seed).standard_normal(shape).astype(dtype)


def _close(got, want, dtype):
    scale = max(1.0, float(np.abs(want).max()))
    assert np.abs(got.astype(np.float64) - want).max() <= TOL[dtype] * scale * 10


def _run(size, fn):
    def body(comm):
        counted = Counting(comm)
        return fn(counted), counted.calls
    return LocalComm.run(size, body, timeout=20)


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("size, m", [(1, 7), (2, 9), (3, 10), (4, 4)])
@pytest.mark.parametrize("trans_a, trans_b", [(False, False), ("T", "N"), ("N", True)])
def test_gemm_rows_assemble_to_the_whole_product(size, m, trans_a, trans_b, dtype):
    k, n = 5, 6
    a, b, c = _rand((m, k), dtype, 1), _rand((k, n), dtype, 2), _rand((m, n), dtype, 3)
    d = row_split((m, n), size)

    def rank(comm):
        a_r = split_rows(a, row_split(a.shape, size), comm.rank)
        a_r = np.ascontiguousarray(a_r.T) if trans_a in (True, "T") else a_r
        b_r = np.ascontiguousarray(b.T) if trans_b in (True, "T") else b
        return gemm(a_r, b_r, comm, alpha=0.5, beta=-2.0, c_rows=split_rows(c, d, comm.rank),
                    trans_a=trans_a, trans_b=trans_b, products=MATMUL)

    out = _run(size, rank)
    got = np.concatenate([r for r, _ in out])
    want = 0.5 * a.astype(np.float64) @ b.astype(np.float64) - 2.0 * c
    _close(got, want, dtype)
    assert all(calls == [("all_reduce", 8 * size * 6)] for _, calls in out)   # only the check


def test_gemm_without_check_does_not_communicate_and_empty_rows_give_0_x_n():
    a, b = _rand((3, 4), "float64"), _rand((4, 2), "float64")
    blocks = [a[:2], a[2:3], a[3:]]   # rank 2 holds no row

    out = _run(3, lambda comm: gemm(blocks[comm.rank], b, comm, products=MATMUL, check=False))
    assert [r.shape for r, _ in out] == [(2, 2), (1, 2), (0, 2)]
    assert all(calls == [] for _, calls in out)
    np.testing.assert_allclose(np.concatenate([r for r, _ in out]), a @ b, rtol=1e-12)


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("size, m", [(1, 5), (2, 7), (3, 11), (4, 6)])
@pytest.mark.parametrize("uplo", ["lower", "U"])
def test_syrk_ata_is_one_all_reduce_of_the_partials(size, m, uplo, dtype):
    n = 4
    a, c = _rand((m, n), dtype, 4), _rand((n, n), dtype, 5)   # c not symmetric: one triangle read
    d = row_split(a.shape, size)

    def rank(comm):
        return syrk(split_rows(a, d, comm.rank), comm, trans=True, uplo=uplo, alpha=2.0, beta=0.5, c=c,
                    products=MATMUL, check=False)

    out = _run(size, rank)
    want = 2.0 * a.T.astype(np.float64) @ a + 0.5 * symmetric(c.astype(np.float64), "lower" if uplo == "lower" else "upper")
    for got, calls in out:
        _close(got, want, dtype)
        assert calls == [("all_reduce", n * n * np.dtype(dtype).itemsize)]


def test_syrk_ata_with_check_adds_one_small_all_reduce_and_handles_empty_blocks():
    a = _rand((3, 4), "float32", 6)
    blocks = [a[:0], a[:3], a[3:]]   # ranks 0 and 2 hold no row: rank 0 still adds beta C
    c = np.eye(4, dtype="float32")

    out = _run(3, lambda comm: syrk(blocks[comm.rank], comm, trans="T", beta=1.0, c=c, products=MATMUL))
    for got, calls in out:
        _close(got, a.T.astype(np.float64) @ a + np.eye(4), "float32")
        assert [k for k, _ in calls] == ["all_reduce", "all_reduce"]
        assert calls[1][1] == 4 * 4 * 4


@pytest.mark.parametrize("size, m", [(1, 4), (2, 5), (3, 8), (4, 9)])
def test_syrk_aat_gathers_a_and_returns_the_rank_rows(size, m):
    k = 3
    a, c = _rand((m, k), "float64", 7), _rand((m, m), "float64", 8)
    d = row_split(a.shape, size)
    cd = row_split(c.shape, size)

    def rank(comm):
        return syrk(split_rows(a, d, comm.rank), comm, alpha=-1.0, beta=3.0, c=split_rows(c, cd, comm.rank),
                    products=MATMUL, check=False)

    out = _run(size, rank)
    np.testing.assert_allclose(np.concatenate([r for r, _ in out]), -a @ a.T + 3.0 * c, rtol=1e-12, atol=1e-12)
    for r, (_, calls) in enumerate(out):
        rows = d.box(r)[0][1] - d.box(r)[0][0]
        assert calls == [("all_reduce", 8 * size * 5), ("exchange", (size - 1) * rows * k * 8)]


def test_products_are_what_the_ranks_call():
    seen = []

    def spy_gemm(A, B, **kw):
        seen.append((A.shape, B.shape, kw["transa"], kw["transb"], kw["precision"]))
        return MATMUL.gemm(A, B, **kw)

    spy = Products("spy", spy_gemm, MATMUL.syrk)
    a, b = _rand((4, 3), "float64"), _rand((2, 3), "float64")
    _run(2, lambda comm: gemm(a[2 * comm.rank:2 * comm.rank + 2], b, comm, trans_b="T", precision="tf32",
                              products=spy))
    assert sorted(seen) == [((2, 3), (2, 3), False, True, "tf32")] * 2


def test_gather_rows_and_split_rows_round_trip():
    a = np.arange(7 * 3, dtype="float32").reshape(7, 3)
    d = row_split(a.shape, 3)
    assert [d.box(r)[0] for r in range(3)] == [(0, 3), (3, 5), (5, 7)]
    out = LocalComm.run(3, lambda comm: gather_rows(split_rows(a, d, comm.rank), comm, (3, 2, 2)))
    assert all(np.array_equal(g, a) for g in out)


def test_share_tells_every_rank_every_value():
    out = LocalComm.run(3, lambda comm: share(comm, (comm.rank * 10, 7)))
    assert all(s.table == ((0, 7), (10, 7), (20, 7)) and s.offsets(0) == (0, 0, 10, 30) for s in out)


def _errors(size, fn):
    """Every rank's (exception type, message) from ``fn(comm)``; a rank that returns fails the test."""
    def rank(comm):
        try:
            fn(comm)
        except (ArgumentError, ShapeError, DTypeError) as exc:
            return type(exc), str(exc)
        return None
    out = LocalComm.run(size, rank, timeout=10)
    assert None not in out, out
    return out


def _refused_alike(out, kind, words):
    """Some rank refused with ``kind`` saying ``words``; every other rank said so too or named it."""
    own = [(t, m) for t, m in out if words in m]
    assert own and all(t is kind for t, _ in own), out
    assert all(words in m or "refused its operands" in m for _, m in out), out


@pytest.mark.parametrize("make, kind, words", [
    (lambda r: (_rand((2, 3), "float64"), _rand((3 + r, 2), "float64")), ShapeError, "b: op(b) has 4 rows"),
    (lambda r: (_rand((2, 3), "float64"), _rand((3, 2 + r), "float64")), ShapeError, "b's column count (B is whole on every rank) differs"),
    (lambda r: (_rand((2, 3), ["float64", "float32"][r]), _rand((3, 2), ["float64", "float32"][r])),
     DTypeError, "the dtype (1: float32, 2: float64) differs across ranks: rank 0 has 2, rank 1 has 1"),
    (lambda r: (_rand((2, 3), "float64"), _rand((3, 2), "float32")), DTypeError, "b: dtype float32"),
    (lambda r: (_rand((2, 3), "int32"), _rand((3, 2), "int32")), DTypeError, "a_rows: dtype int32"),
    (lambda r: (_rand((2, 3, 1), "float64"), _rand((3, 2), "float64")), ShapeError, "a_rows: shape"),
])
def test_gemm_refuses_on_every_rank(make, kind, words):
    _refused_alike(_errors(2, lambda comm: gemm(*make(comm.rank), comm, products=MATMUL)), kind, words)


def test_one_bad_rank_stops_the_others_with_its_name():
    results = []

    def rank(comm):
        a = _rand((2, 3), "float64") if comm.rank != 1 else [[1.0]]
        try:
            gemm(a, _rand((3, 2), "float64"), comm, products=MATMUL)
        except (ArgumentError, ShapeError) as exc:
            results.append((comm.rank, type(exc).__name__, str(exc)))

    LocalComm.run(3, rank, timeout=10)
    by_rank = dict((r, (t, m)) for r, t, m in results)
    assert by_rank[1] == ("ArgumentError", "a_rows: a list, not an array")
    assert by_rank[0][1].startswith("rank 1 refused its operands") and by_rank[2][1].startswith("rank 1 refused")


@pytest.mark.parametrize("kwargs, kind, words", [
    (dict(beta=1.0), ArgumentError, "beta=1.0 needs c"),
    (dict(uplo="L"), ArgumentError, "uplo: with trans=False"),
    (dict(trans="X"), ArgumentError, "trans='X'"),
    (dict(trans=True, beta=1.0, c=np.eye(3)), ShapeError, "c: shape (3, 3)"),
])
def test_syrk_refuses_bad_options(kwargs, kind, words):
    _refused_alike(_errors(2, lambda comm: syrk(_rand((2, 4), "float64"), comm, products=MATMUL, **kwargs)),
                   kind, words)


def test_syrk_aat_refuses_c_rows_of_the_wrong_width_and_no_rows():
    a = _rand((4, 2), "float64")
    out = _errors(2, lambda comm: syrk(a[2 * comm.rank:2 * comm.rank + 2], comm, beta=1.0,
                                       c=np.zeros((2, 3 + comm.rank)), products=MATMUL))
    assert out == [(ShapeError, "c: rank 0's rows of C have 3 columns; C is 4 x 4")] * 2
    out = _errors(2, lambda comm: syrk(a[:0], comm, trans=True, products=MATMUL))
    assert out == [(ShapeError, "a_rows: no rank holds a row of A")] * 2


def test_split_rows_refuses_a_split_of_columns_and_a_wrong_shape():
    from kfuse.distributed import decompose
    with pytest.raises(ArgumentError, match="cuts axis 0 only"):
        split_rows(np.zeros((4, 4)), decompose((4, 4), 2, split=(1, 2)), 0)
    with pytest.raises(ShapeError, match="not the decomposition's"):
        split_rows(np.zeros((4, 3)), row_split((4, 4), 2), 0)
