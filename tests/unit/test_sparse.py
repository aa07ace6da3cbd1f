"""Sparse containers on the host: conversions, transpose, Matrix Market, generators, checks."""
import numpy as np
import pytest

import kfuse
from kfuse import sparse


def dense_example():
    return np.array([[4.0, 0, 1, 0], [0, 3, 0, 0], [2, 0, 5, 6], [0, 0, 0, 0], [1, 1, 1, 1]])


def test_csr_from_dense_and_back():
    a = dense_example()
    c = sparse.CSR.from_any(a)
    assert c.shape == (5, 4) and c.nnz == 10 and c.indptr.dtype == np.int32
    assert np.array_equal(c.todense(), a)
    x = np.array([1.0, 2, 3, 4])
    assert np.allclose(c.matvec(x), a @ x)


def test_transpose_and_ell_round_trip():
    a = dense_example()
    c = sparse.CSR.from_any(a)
    assert np.array_equal(c.T.todense(), a.T)
    e = c.to_ell()
    assert e.width == 4 and list(e.rowlen) == [2, 1, 3, 0, 4]
    assert np.array_equal(e.to_csr().todense(), a)
    x = np.arange(4.0)
    assert np.allclose(e.matvec(x), a @ x)


def test_matrix_market_round_trip(tmp_path):
    a = dense_example()
    p = tmp_path / "a.mtx"
    sparse.mmwrite(str(p), a)
    b = sparse.mmread(str(p))
    assert np.array_equal(b.todense(), a)
    sym = tmp_path / "s.mtx"
    sym.write_text("%%MatrixMarket matrix coordinate real symmetric\n% c\n3 3 3\n1 1 2\n2 1 -1\n3 3 4\n")
    s = sparse.mmread(str(sym)).todense()
    assert np.array_equal(s, [[2, -1, 0], [-1, 0, 0], [0, 0, 4]])
    bad = tmp_path / "bad.mtx"
    bad.write_text("not a matrix\n")
    with pytest.raises(kfuse.ArgumentError, match="Matrix Market"):
        sparse.mmread(str(bad))


def test_generators():
    p = sparse.poisson2d(5)
    d = p.todense()
    assert d.shape == (25, 25) and np.allclose(d, d.T) and np.all(np.linalg.eigvalsh(d) > 0)
    q = sparse.poisson3d(3).todense()
    assert q.shape == (27, 27) and np.allclose(q, q.T) and q[13, 13] == 6
    b = sparse.banded(500, 20.0, seed=1)
    per_row = b.nnz / 500
    assert 12 < per_row <= 21
    dd = b.todense()
    assert np.all(2 * np.abs(np.diag(dd)) > np.abs(dd).sum(axis=1))   # diagonally dominant
    assert set(sparse.PROFILES) == {"pdb1HYS", "cant", "consph", "cop20k_A", "shipsec1"}


def test_check_sparse_errors():
    c = sparse.CSR.from_any(dense_example().astype(np.float32))
    with pytest.raises(kfuse.ArgumentError, match="must be a kfuse.sparse.CSR"):
        sparse.check_sparse("A", dense_example(), (5, 4), "float32", "csr")
    with pytest.raises(kfuse.ArgumentError, match="ELL"):
        sparse.check_sparse("A", c, (5, 4), "float32", "ell")
    with pytest.raises(kfuse.ShapeError, match="shape"):
        sparse.check_sparse("A", c, (4, 4), "float32", "csr")
    with pytest.raises(kfuse.DTypeError, match="float64"):
        sparse.check_sparse("A", c, (5, 4), "float64", "csr")
    with pytest.raises(kfuse.ArgumentError, match="host"):
        sparse.check_sparse("A", c, (5, 4), "float32", "csr")


def test_copy_stored_and_nbytes_without_device_reads():
    """copy() gives new arrays with the same matrix; stored and nbytes need no row sums."""
    from kfuse import sparse
    A = sparse.random_sparse(37, 29, 6, "float32", seed=3)
    for M in (A, A.to_ell()):
        C = M.copy()
        assert type(C) is type(M) and C.shape == M.shape
        x = np.arange(M.shape[1], dtype=np.float32)
        assert np.array_equal(C.matvec(x), M.matvec(x))
        parts = (C.indptr, C.indices, C.data) if M.fmt == "csr" else (C.cols, C.vals, C.rowlen)
        before = (M.indptr, M.indices, M.data) if M.fmt == "csr" else (M.cols, M.vals, M.rowlen)
        assert all(p is not q for p, q in zip(parts, before))
        assert C.nbytes == sum(p.nbytes for p in parts)
    assert A.stored == A.nnz
    E = A.to_ell()
    assert E.stored == E.width * E.shape[0] >= A.nnz


def test_rotating_args_copy_arrays_until_the_round_is_large():
    from kfuse import sparse
    from kfuse.runtime.timing import rotating_args
    A = sparse.random_sparse(100, 100, 8, "float32", seed=1)
    x = np.ones(100, np.float32)
    rounds = rotating_args([A, x, 0.5], max_copies=4)
    assert len(rounds) == 4                                  # tiny inputs: the cap
    assert rounds[0][0] is A and rounds[1][0] is not A and rounds[1][2] == 0.5
    assert np.array_equal(rounds[3][0].todense(), A.todense())


def test_random_sparse_with_an_empty_dimension():
    """A matrix with no columns (or rows) has no entries; it used to raise ValueError (fuzz seed 94)."""
    for m, n in ((5, 0), (0, 5), (0, 0)):
        A = sparse.random_sparse(m, n, 4, "float64", seed=1)
        assert A.shape == (m, n) and A.nnz == 0 and A.todense().shape == (m, n)
        assert A.to_ell().shape == (m, n)
