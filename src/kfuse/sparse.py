"""Sparse matrices for kfuse: CSR and ELLPACK-R, on the host (NumPy) or the device (CuPy).

* :class:`CSR` -- compressed sparse rows: ``indptr`` (m+1), ``indices`` and ``data`` (nnz).
* :class:`ELL` -- ELLPACK-R (Vázquez et al.), the GPU-friendly format the fused BLAS study's BiCG uses:
  ``cols`` and ``vals`` of shape (width, m) stored column by column, so that thread ``i``
  reading entry ``k`` of row ``i`` is coalesced with its neighbours, plus ``rowlen`` (m), the
  number of entries of each row, so a thread stops at its row's end.

Both convert from SciPy or CuPy sparse matrices (anything with ``tocsr()``), dense arrays,
and Matrix Market files (:func:`mmread`, :func:`mmwrite`, no SciPy needed).  Indices are
int32.  :func:`banded` and :func:`poisson2d`/:func:`poisson3d` make test matrices, the
former with the sizes and nonzeros per row of that study's Table 3 (:data:`PROFILES`).
"""
from __future__ import annotations

import numpy as np

from .errors import ArgumentError, DTypeError, ShapeError
from .ir import check_dtype
from .platform import device as gpu   # the probe (the matrices have a `device` property)

#: the fused BLAS study's Table 3: rows, nonzeros (millions), average nonzeros per row
PROFILES = {"pdb1HYS": (36_417, 4.344765e6), "cant": (62_451, 4.007383e6),
            "consph": (83_334, 6.010480e6), "cop20k_A": (121_192, 2.624331e6),
            "shipsec1": (140_874, 3.568176e6)}


def _xp(a):
    try:
        import cupy
        import cupyx.scipy.sparse  # noqa: F401 - loaded before get_array_module asks for it (threads race its lazy load)
        return cupy.get_array_module(a)
    except ImportError:
        return np


class CSR:
    """A CSR matrix (see module doc); ``device`` tells whether the arrays are CuPy arrays."""

    fmt = "csr"

    def __init__(self, indptr, indices, data, shape):
        m, n = (int(s) for s in shape)
        if len(indptr) != m + 1:
            raise ShapeError(f"CSR: indptr has {len(indptr)} entries, expected {m + 1}")
        if len(indices) != len(data):
            raise ShapeError(f"CSR: {len(indices)} column indices but {len(data)} values")
        self.indptr, self.indices, self.data = indptr, indices, data
        self.shape = (m, n)
        self.dtype = np.dtype(check_dtype(data.dtype.name, "sparse matrix values"))

    @property
    def nnz(self) -> int:
        return int(len(self.data))

    @property
    def stored(self) -> int:
        """Entries held (here the nonzeros), known without reading device memory."""
        return self.nnz

    @property
    def nbytes(self) -> int:
        return int(self.indptr.nbytes + self.indices.nbytes + self.data.nbytes)

    def copy(self) -> "CSR":
        """The same matrix in new arrays, where these are (host or device)."""
        return CSR(self.indptr.copy(), self.indices.copy(), self.data.copy(), self.shape)

    @property
    def device(self) -> bool:
        return _xp(self.data) is not np

    def __repr__(self):
        where = "device" if self.device else "host"
        return f"<kfuse.sparse.CSR {self.shape[0]}x{self.shape[1]} {self.dtype} nnz={self.nnz} on {where}>"

    # ------------------------------------------------------------------ conversions
    @staticmethod
    def from_any(a, dtype=None) -> "CSR":
        """From a CSR/ELL, a SciPy/CuPy sparse matrix, or a dense 2-D array."""
        if isinstance(a, CSR):
            return a if dtype is None else a.astype(dtype)
        if isinstance(a, ELL):
            return a.to_csr() if dtype is None else a.to_csr().astype(dtype)
        if hasattr(a, "tocsr"):
            c = a.tocsr()
            if hasattr(c, "sort_indices"):
                c.sort_indices()
            xp = _xp(c.data)
            out = CSR(xp.asarray(c.indptr, dtype=np.int32), xp.asarray(c.indices, dtype=np.int32),
                      c.data, c.shape)
            return out if dtype is None else out.astype(dtype)
        a = np.asarray(a) if _xp(a) is np else a
        if a.ndim != 2:
            raise ShapeError(f"a dense matrix has 2 dimensions, got {a.ndim}")
        xp = _xp(a)
        rows, cols = xp.nonzero(a)
        counts = xp.bincount(rows, minlength=a.shape[0])
        indptr = xp.concatenate([xp.zeros(1, dtype=np.int64), xp.cumsum(counts)]).astype(np.int32)
        out = CSR(indptr, cols.astype(np.int32), a[rows, cols], a.shape)
        return out if dtype is None else out.astype(dtype)

    def astype(self, dtype) -> "CSR":
        return CSR(self.indptr, self.indices, self.data.astype(check_dtype(dtype)), self.shape)

    def to_device(self) -> "CSR":
        gpu.require_gpu("to_device")   # NoGPUError with the reason, not CuPy's
        import cupy
        return CSR(cupy.asarray(self.indptr), cupy.asarray(self.indices), cupy.asarray(self.data), self.shape)

    def to_host(self) -> "CSR":
        get = (lambda a: a.get()) if self.device else (lambda a: a)
        return CSR(get(self.indptr), get(self.indices), get(self.data), self.shape)

    def transpose(self) -> "CSR":
        """Aᵀ as a CSR matrix of its own (the paper stores the transpose explicitly)."""
        h = self.to_host()
        m, n = h.shape
        rows = np.repeat(np.arange(m, dtype=np.int32), np.diff(h.indptr))
        order = np.lexsort((rows, h.indices))
        counts = np.bincount(h.indices, minlength=n)
        indptr = np.concatenate([[0], np.cumsum(counts)]).astype(np.int32)
        out = CSR(indptr, rows[order].astype(np.int32), h.data[order], (n, m))
        return out.to_device() if self.device else out

    @property
    def T(self) -> "CSR":
        return self.transpose()

    def to_ell(self) -> "ELL":
        """The same matrix in ELLPACK-R."""
        h = self.to_host()
        m = h.shape[0]
        rowlen = np.diff(h.indptr).astype(np.int32)
        width = int(rowlen.max()) if m else 0
        cols = np.zeros((max(width, 1), m), dtype=np.int32)
        vals = np.zeros((max(width, 1), m), dtype=h.data.dtype)
        rows = np.repeat(np.arange(m), rowlen)
        slot = np.arange(h.nnz) - np.repeat(h.indptr[:-1], rowlen)
        cols[slot, rows] = h.indices
        vals[slot, rows] = h.data
        out = ELL(cols, vals, rowlen, h.shape)
        return out.to_device() if self.device else out

    def matvec(self, x):
        """A x in float64/complex128 with NumPy (the reference)."""
        h = self.to_host()
        x = np.asarray(x.get() if hasattr(x, "get") else x)
        prod = h.data.astype(np.result_type(h.data.dtype, np.float64)) * x[h.indices]
        rows = np.repeat(np.arange(h.shape[0]), np.diff(h.indptr))
        out = np.zeros(h.shape[0], dtype=prod.dtype)
        np.add.at(out, rows, prod)
        return out

    def todense(self):
        h = self.to_host()
        a = np.zeros(h.shape, dtype=h.dtype)
        rows = np.repeat(np.arange(h.shape[0]), np.diff(h.indptr))
        np.add.at(a, (rows, h.indices), h.data)
        return a


class ELL:
    """An ELLPACK-R matrix (see module doc)."""

    fmt = "ell"

    def __init__(self, cols, vals, rowlen, shape):
        m, n = (int(s) for s in shape)
        if cols.shape != vals.shape or cols.ndim != 2 or cols.shape[1] != m or len(rowlen) != m:
            raise ShapeError(f"ELL: cols {cols.shape}, vals {vals.shape}, rowlen {len(rowlen)} do not fit "
                             f"{m} rows")
        self.cols, self.vals, self.rowlen = cols, vals, rowlen
        self.shape = (m, n)
        self.dtype = np.dtype(check_dtype(vals.dtype.name, "sparse matrix values"))

    @property
    def width(self) -> int:
        return int(self.cols.shape[0])

    @property
    def nnz(self) -> int:
        return int(self.rowlen.sum())

    @property
    def stored(self) -> int:
        """Slots held (width x rows, padding included), known without reading device memory."""
        return self.width * self.shape[0]

    @property
    def nbytes(self) -> int:
        return int(self.cols.nbytes + self.vals.nbytes + self.rowlen.nbytes)

    def copy(self) -> "ELL":
        """The same matrix in new arrays, where these are (host or device)."""
        return ELL(self.cols.copy(), self.vals.copy(), self.rowlen.copy(), self.shape)

    @property
    def device(self) -> bool:
        return _xp(self.vals) is not np

    def __repr__(self):
        return f"<kfuse.sparse.ELL {self.shape[0]}x{self.shape[1]} {self.dtype} width={self.width}>"

    def to_device(self) -> "ELL":
        gpu.require_gpu("to_device")   # NoGPUError with the reason, not CuPy's
        import cupy
        return ELL(cupy.asarray(self.cols), cupy.asarray(self.vals), cupy.asarray(self.rowlen), self.shape)

    def to_host(self) -> "ELL":
        get = (lambda a: a.get()) if self.device else (lambda a: a)
        return ELL(get(self.cols), get(self.vals), get(self.rowlen), self.shape)

    def to_csr(self) -> CSR:
        h = self.to_host()
        mask = np.arange(h.width)[None, :] < h.rowlen[:, None]      # (m, width), row-major
        rows, slot = np.nonzero(mask)
        indptr = np.concatenate([[0], np.cumsum(h.rowlen)]).astype(np.int32)
        out = CSR(indptr, h.cols[slot, rows].astype(np.int32), h.vals[slot, rows], h.shape)
        return out.to_device() if self.device else out

    def matvec(self, x):
        return self.to_csr().matvec(x)

    def astype(self, dtype) -> "ELL":
        return ELL(self.cols, self.vals.astype(check_dtype(dtype)), self.rowlen, self.shape)


def as_sparse(a, fmt: str = "csr", dtype=None, device: bool | None = None):
    """``a`` as a kfuse sparse matrix of format ``fmt`` ('csr' or 'ell')."""
    c = CSR.from_any(a, dtype)
    out = c if fmt == "csr" else c.to_ell() if fmt == "ell" else None
    if out is None:
        raise ArgumentError(f"unknown sparse format {fmt!r} (csr or ell)")
    if device is True and not out.device:
        out = out.to_device()
    if device is False and out.device:
        out = out.to_host()
    return out


# ---------------------------------------------------------------------- Matrix Market
def mmread(path: str, dtype=None) -> CSR:
    """Read a Matrix Market coordinate file (real, integer, complex or pattern; general,
    symmetric, skew-symmetric or hermitian) into a host CSR matrix."""
    with open(path) as f:
        header = f.readline().split()
        if len(header) < 5 or header[0] != "%%MatrixMarket" or header[1] != "matrix":
            raise ArgumentError(f"{path}: not a Matrix Market matrix file")
        layout, field, sym = header[2].lower(), header[3].lower(), header[4].lower()
        if layout != "coordinate":
            raise ArgumentError(f"{path}: only coordinate (sparse) Matrix Market files are supported")
        line = f.readline()
        while line.startswith("%"):
            line = f.readline()
        m, n, nnz = (int(t) for t in line.split())
        cols = {"pattern": 2, "complex": 4}.get(field, 3)
        raw = np.loadtxt(f, ndmin=2, max_rows=nnz) if nnz else np.zeros((0, cols))
    if raw.shape[0] != nnz:
        raise ArgumentError(f"{path}: {raw.shape[0]} entries, header says {nnz}")
    i, j = raw[:, 0].astype(np.int64) - 1, raw[:, 1].astype(np.int64) - 1
    if field == "pattern":
        v = np.ones(nnz)
    elif field == "complex":
        v = raw[:, 2] + 1j * raw[:, 3]
    else:
        v = raw[:, 2]
    if sym in ("symmetric", "skew-symmetric", "hermitian"):
        off = i != j
        sign = -1 if sym == "skew-symmetric" else 1
        vv = np.conj(v[off]) if sym == "hermitian" else v[off]
        i, j, v = np.concatenate([i, j[off]]), np.concatenate([j, i[off]]), np.concatenate([v, sign * vv])
    dtype = check_dtype(dtype or ("complex128" if field == "complex" else "float64"))
    return _coo_to_csr(i, j, v.astype(dtype), (m, n))


def mmwrite(path: str, a) -> None:
    """Write a sparse matrix as a general real/complex coordinate Matrix Market file."""
    c = CSR.from_any(a).to_host()
    rows = np.repeat(np.arange(c.shape[0]), np.diff(c.indptr))
    field = "complex" if np.iscomplexobj(c.data) else "real"
    with open(path, "w") as f:
        f.write(f"%%MatrixMarket matrix coordinate {field} general\n")
        f.write(f"{c.shape[0]} {c.shape[1]} {c.nnz}\n")
        for r, k, v in zip(rows, c.indices, c.data):
            if field == "complex":
                f.write(f"{r + 1} {k + 1} {v.real!r} {v.imag!r}\n")
            else:
                f.write(f"{r + 1} {k + 1} {float(v)!r}\n")


def _coo_to_csr(i, j, v, shape) -> CSR:
    m, n = shape
    if len(i) and (i.min() < 0 or j.min() < 0 or i.max() >= m or j.max() >= n):
        raise ShapeError(f"entry outside the {m} x {n} matrix")
    order = np.lexsort((j, i))
    i, j, v = i[order], j[order], v[order]
    # sum duplicates
    if len(i):
        first = np.ones(len(i), dtype=bool)
        first[1:] = (i[1:] != i[:-1]) | (j[1:] != j[:-1])
        idx = np.cumsum(first) - 1
        vs = np.zeros(int(first.sum()), dtype=v.dtype)
        np.add.at(vs, idx, v)
        i, j, v = i[first], j[first], vs
    counts = np.bincount(i, minlength=m)
    indptr = np.concatenate([[0], np.cumsum(counts)]).astype(np.int32)
    return CSR(indptr, j.astype(np.int32), v, shape)


# ---------------------------------------------------------------------- generators
def banded(n: int, per_row: float, dtype="float32", seed: int = 0, dominant: bool = True) -> CSR:
    """A random banded n x n matrix with about ``per_row`` nonzeros per row (the diagonal and
    random off-diagonals within a band of 2*per_row), diagonally dominant when asked, so
    Krylov solvers converge.  Host CSR."""
    rng = np.random.default_rng(seed)
    k = max(1, int(round(per_row)))
    band = max(k, 2 * k)
    offs = np.stack([rng.choice(np.arange(-band, band + 1), size=k - 1, replace=False) if k > 1
                     else np.zeros(0, dtype=int) for _ in range(min(n, 64))])
    rows = np.repeat(np.arange(n), k - 1)
    off = offs[np.arange(n) % len(offs)].ravel() if k > 1 else np.zeros(0, dtype=int)
    cols = rows + off
    keep = (cols >= 0) & (cols < n) & (off != 0)
    rows, cols = rows[keep], cols[keep]
    vals = rng.uniform(-1, 1, size=len(rows))
    i = np.concatenate([rows, np.arange(n)])
    j = np.concatenate([cols, np.arange(n)])
    absrow = np.bincount(rows, weights=np.abs(vals), minlength=n)
    diag = (absrow + 1.0) if dominant else rng.uniform(0.5, 1.5, n)
    v = np.concatenate([vals, diag])
    return _coo_to_csr(i, j, v.astype(check_dtype(dtype)), (n, n))


def random_sparse(m: int, n: int, per_row: int, dtype="float32", seed: int = 0) -> CSR:
    """An m x n matrix with up to ``per_row`` random entries in [-1, 1) per row (rows may be
    empty, which tests the tails).  Host CSR."""
    rng = np.random.default_rng(seed)
    counts = rng.integers(0, per_row + 1, size=m) if n > 0 else np.zeros(m, dtype=np.int64)   # no columns: no entries
    i = np.repeat(np.arange(m), counts)
    j = rng.integers(0, n, size=len(i))
    v = rng.uniform(-1, 1, size=len(i))
    if np.dtype(check_dtype(dtype)).kind == "c":
        v = v + 1j * rng.uniform(-1, 1, size=len(i))
    return _coo_to_csr(i, j, v.astype(check_dtype(dtype)), (m, n))


def profile(name: str, dtype="float32", seed: int = 0) -> CSR:
    """A banded matrix with the size and nonzeros per row of a seed-003 Table 3 matrix."""
    if name not in PROFILES:
        raise ArgumentError(f"unknown profile {name!r} (known: {', '.join(PROFILES)})")
    n, nnz = PROFILES[name]
    return banded(n, nnz / n, dtype, seed)


def poisson2d(k: int, dtype="float32") -> CSR:
    """The 5-point Laplacian on a k x k grid (n = k^2, symmetric positive definite)."""
    n = k * k
    idx = np.arange(n).reshape(k, k)
    i, j, v = [idx.ravel()], [idx.ravel()], [np.full(n, 4.0)]
    for a, b in ((idx[1:, :], idx[:-1, :]), (idx[:, 1:], idx[:, :-1])):
        i += [a.ravel(), b.ravel()]
        j += [b.ravel(), a.ravel()]
        v += [np.full(a.size, -1.0)] * 2
    return _coo_to_csr(np.concatenate(i), np.concatenate(j), np.concatenate(v).astype(check_dtype(dtype)),
                       (n, n))


def poisson3d(k: int, dtype="float32") -> CSR:
    """The 7-point Laplacian on a k x k x k grid (n = k^3, symmetric positive definite)."""
    n = k ** 3
    idx = np.arange(n).reshape(k, k, k)
    i, j, v = [idx.ravel()], [idx.ravel()], [np.full(n, 6.0)]
    for a, b in ((idx[1:], idx[:-1]), (idx[:, 1:], idx[:, :-1]), (idx[:, :, 1:], idx[:, :, :-1])):
        i += [a.ravel(), b.ravel()]
        j += [b.ravel(), a.ravel()]
        v += [np.full(a.size, -1.0)] * 2
    return _coo_to_csr(np.concatenate(i), np.concatenate(j), np.concatenate(v).astype(check_dtype(dtype)),
                       (n, n))


def check_sparse(name: str, a, shape, dtype, fmt):
    """Type, format, shape, element type and device of a sparse argument (one clear error)."""
    want = {"csr": CSR, "ell": ELL}[fmt]
    if not isinstance(a, (CSR, ELL)):
        raise ArgumentError(f"argument {name!r} must be a kfuse.sparse.{want.__name__} matrix "
                            f"(kfuse.sparse.as_sparse(..., fmt={fmt!r}, device=True)), got {type(a).__name__}")
    if not isinstance(a, want):
        raise ArgumentError(f"argument {name!r} is {a.fmt.upper()}, the program expects {fmt.upper()}")
    if tuple(a.shape) != tuple(shape):
        raise ShapeError(f"argument {name!r} has shape {a.shape}, expected {tuple(shape)}")
    if a.dtype.name != dtype:
        raise DTypeError(f"argument {name!r} has element type {a.dtype.name}, expected {dtype}")
    if not a.device:
        raise ArgumentError(f"argument {name!r} is on the host; pass .to_device()")
