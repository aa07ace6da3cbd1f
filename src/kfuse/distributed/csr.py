"""A square sparse matrix distributed by blocks of rows over the ranks of a communicator.

Rank ``r`` owns rows ``offsets[r]:offsets[r+1]`` of the matrix and the same entries of every
vector (x, b, residuals).  Its :class:`DistCSR` holds those rows as a local
:class:`~kfuse.sparse.CSR` whose columns are renumbered ``[owned | ghost]``: owned column ``j``
becomes ``j - offsets[r]``; the ghost columns (columns its rows read that other ranks own) follow,
sorted by global column, so the ghosts owned by one peer are one contiguous run.  The
:class:`GhostPlan`, built once, says which owned entries of x each rank sends to which peer
(index lists) and where the values it receives land in the ghost part of its extended vector
``[x_owned | x_ghost]``; one ``comm.exchange`` per product fills the ghosts.

Each row keeps its entries in their global order, so the local product of a rank adds the same
products in the same order as the product on the whole matrix: the distributed ``A @ x`` is
bitwise the global one (:func:`host_spmv` on the host).  The rows are split into blocks of equal
row count by default (the vectors, and so the BLAS-1 work of a Krylov iteration, balance
exactly; the test matrices have near-constant nonzeros per row); ``balance="nnz"`` splits the
nonzeros evenly instead, for matrices whose rows differ much in length.
"""
from __future__ import annotations

import dataclasses

import numpy as np

from ..errors import ArgumentError, DTypeError, KfuseError, PlanError, ShapeError
from ..sparse import CSR
from .protocol import array_module

#: How :func:`row_offsets` balances the blocks.
BALANCES = ("rows", "nnz")


@dataclasses.dataclass(frozen=True, eq=False)
class GhostPlan:
    """One rank's ghost exchange: ``sends``, ``((peer, indices), ...)`` sorted by peer, the owned
    entries of x (local indices, int32) each peer needs; ``recvs``, ``((peer, start, stop), ...)``
    sorted by peer, the run of the ghost part each peer fills; ``n_owned`` and ``n_ghost``."""

    sends: tuple
    recvs: tuple
    n_owned: int
    n_ghost: int

    def messages(self, x, ext) -> tuple:
        """``(sends, recvs)`` for ``comm.exchange``: the packed owned entries of ``x`` and views of
        the ghost part of the extended vector ``ext`` (filled in place)."""
        n = self.n_owned
        sends = [(p, x[idx]) for p, idx in self.sends]
        recvs = [(p, ext[n + lo:n + hi]) for p, lo, hi in self.recvs]
        return sends, recvs

    def to(self, xp) -> "GhostPlan":
        """The same plan with its index lists in module ``xp`` (numpy or cupy)."""
        return dataclasses.replace(self, sends=tuple((p, xp.asarray(i)) for p, i in self.sends))


# ---------------------------------------------------------------------- pure planning
def row_offsets(n: int, size: int, indptr=None, balance: str = "rows") -> tuple:
    """The ``size + 1`` row boundaries of ``n`` rows: blocks of equal count (the first ``n % size``
    one row longer), or with ``balance="nnz"`` (needs ``indptr``) of near-equal nonzeros, every
    block at least one row."""
    if balance not in BALANCES:
        raise ArgumentError(f"balance is {balance!r}: it is one of {', '.join(BALANCES)}")
    if size > n:
        raise PlanError(f"comm has {size} ranks but the matrix has {n} rows: every rank needs a row")
    if balance == "rows":
        q, extra = divmod(n, size)
        return tuple(r * q + min(r, extra) for r in range(size + 1))
    counts = np.asarray(indptr, dtype=np.int64)
    targets = counts[-1] * np.arange(1, size) / size
    cuts = np.searchsorted(counts, targets)
    nearer_below = (cuts > 0) & (targets - counts[np.maximum(cuts - 1, 0)] < counts[np.minimum(cuts, n)] - targets)
    cuts = np.where(nearer_below, cuts - 1, cuts)
    out = [0]
    for r, c in enumerate(cuts, start=1):
        out.append(int(min(max(c, out[-1] + 1), n - (size - r))))
    return tuple(out + [n])


def owners(cols, offsets: tuple):
    """The rank owning each global column in ``cols`` (a NumPy int array)."""
    return np.searchsorted(np.asarray(offsets[1:-1]), cols, side="right")


def localize(indices, lo: int, hi: int) -> tuple:
    """``(local indices, ghosts)`` of the global column ``indices`` of rows owned over ``[lo, hi)``:
    owned columns become ``j - lo``, the others ``(hi - lo) + position in ghosts`` (sorted)."""
    indices = np.asarray(indices, dtype=np.int64)
    outside = (indices < lo) | (indices >= hi)
    ghosts = np.unique(indices[outside])
    local = indices - lo
    local[outside] = (hi - lo) + np.searchsorted(ghosts, indices[outside])
    return local.astype(np.int32), ghosts


def ghost_recvs(ghosts, offsets: tuple, rank: int) -> tuple:
    """``((peer, start, stop), ...)``: the run of the sorted ``ghosts`` each peer owns."""
    own = owners(ghosts, offsets)
    out = []
    for peer in np.unique(own):
        if int(peer) == rank:
            raise PlanError(f"rank {rank}: ghost column owned by itself (offsets {offsets})")
        hit = np.nonzero(own == peer)[0]
        out.append((int(peer), int(hit[0]), int(hit[-1]) + 1))
    return tuple(out)


def needed_from(indices, offsets: tuple, rank: int, peer: int):
    """The sorted global columns of rank ``rank``'s rows (their ``indices``) that ``peer`` owns."""
    cols = np.unique(np.asarray(indices, dtype=np.int64))
    return cols[(cols >= offsets[peer]) & (cols < offsets[peer + 1])] if peer != rank else cols[:0]


# ---------------------------------------------------------------------- checks
def _check_matrix(a, name: str) -> CSR:
    """``a`` as a host CSR with floating values and integer indices."""
    if not isinstance(a, CSR):
        raise ArgumentError(f"{name} must be a kfuse.sparse.CSR matrix (kfuse.sparse.as_sparse), "
                            f"not {type(a).__name__}")
    a = a.to_host()
    if a.dtype.kind not in "fc":
        raise DTypeError(f"{name} has {a.dtype} values: a distributed matrix holds float or complex values")
    for part in ("indptr", "indices"):
        if np.asarray(getattr(a, part)).dtype.kind not in "iu":
            raise DTypeError(f"{name}.{part} is {getattr(a, part).dtype}: it holds integers")
    return a


def _check_comm(comm) -> None:
    for attr in ("rank", "size", "exchange", "all_reduce"):
        if not hasattr(comm, attr):
            raise ArgumentError(f"comm is a {type(comm).__name__}, not a Communicator (no {attr})")


def _check_offsets(offsets, n: int, size: int) -> tuple:
    offsets = tuple(int(o) for o in offsets)
    if len(offsets) != size + 1:
        raise ArgumentError(f"offsets has {len(offsets)} entries, comm has {size} ranks: it needs {size + 1}")
    if offsets[0] != 0 or offsets[-1] != n or any(b <= a for a, b in zip(offsets, offsets[1:])):
        raise PlanError(f"offsets {offsets} must rise from 0 to {n}, every rank at least one row")
    return offsets


# ---------------------------------------------------------------------- the matrix
@dataclasses.dataclass(frozen=True, eq=False)
class DistCSR:
    """One rank's rows of a distributed square matrix (see the module docstring): ``local``, its
    rows with columns ``[owned | ghost]``; ``ghosts``, the global column of each ghost;
    ``offsets``, every rank's first row (and n); ``plan``; ``comm``."""

    local: CSR
    ghosts: np.ndarray
    offsets: tuple
    plan: GhostPlan
    comm: object

    @property
    def shape(self) -> tuple:
        return (self.offsets[-1], self.offsets[-1])

    @property
    def dtype(self):
        return self.local.dtype

    @property
    def rows(self) -> slice:
        """The global rows (and vector entries) this rank owns."""
        r = self.comm.rank
        return slice(self.offsets[r], self.offsets[r + 1])

    @property
    def n_owned(self) -> int:
        """How many rows, and entries of every vector, this rank owns."""
        return self.plan.n_owned

    device = property(lambda self: self.local.device, doc="Whether the arrays are CuPy arrays.")

    @staticmethod
    def from_global(a, comm, balance: str = "rows", offsets=None) -> "DistCSR":
        """This rank's part of the global matrix ``a`` (every rank holds it; no communication)."""
        _check_comm(comm)
        a = _check_matrix(a, "A")
        n = _square(a.shape, "A")
        offsets = (_check_offsets(offsets, n, comm.size) if offsets is not None
                   else row_offsets(n, comm.size, a.indptr, balance))
        me = comm.rank
        lo, hi = offsets[me], offsets[me + 1]
        sends = []
        for peer in range(comm.size):
            plo, phi = offsets[peer], offsets[peer + 1]
            cols = needed_from(a.indices[a.indptr[plo]:a.indptr[phi]], offsets, peer, me)
            if len(cols):
                sends.append((peer, (cols - lo).astype(np.int32)))
        return _assemble(_rows(a, lo, hi), lo, hi, offsets, comm, tuple(sends))

    @staticmethod
    def from_rows(rows, row_offset: int, n_global: int, comm) -> "DistCSR":
        """This rank's rows ``row_offset : row_offset + rows.shape[0]`` (``rows``: a CSR of shape
        ``(m, n_global)``, global column numbers); the ranks agree that every rank's rows are valid (one
        small all-reduce), learn the split (one all-reduce of the row counts) and who needs which entries of x (one all-reduce of how many entries each rank
        needs from each, one exchange of the index lists)."""
        _check_comm(comm)
        err = None
        try:
            rows = _check_matrix(rows, "rows")
            if rows.shape[1] != n_global:
                raise ShapeError(f"rows has {rows.shape[1]} columns, the matrix is {n_global} x {n_global}")
        except KfuseError as e:
            err = e
        _refuse_together(comm, err)
        counts = np.zeros(2 * comm.size, dtype=np.int64)
        counts[comm.rank], counts[comm.size + comm.rank] = row_offset, rows.shape[0]
        counts = host_all_reduce(comm, counts)
        offsets = _offsets_from_counts(counts[:comm.size], counts[comm.size:], n_global)
        lo, hi = offsets[comm.rank], offsets[comm.rank + 1]
        return _assemble(rows, lo, hi, offsets, comm, _sends_by_request(rows.indices, offsets, comm))

    def to_device(self) -> "DistCSR":
        """The same rank's matrix and plan in CuPy arrays."""
        local = self.local.to_device()
        return dataclasses.replace(self, local=local, plan=self.plan.to(array_module(local.data)))

    def to_host(self) -> "DistCSR":
        """The same rank's matrix and plan in NumPy arrays."""
        to_np = (lambda a: a.get()) if self.device else np.asarray
        plan = dataclasses.replace(self.plan, sends=tuple((p, to_np(i)) for p, i in self.plan.sends))
        return dataclasses.replace(self, local=self.local.to_host(), plan=plan)

    def extend(self, x, stream=None):
        """``[x | ghosts]``: ``x`` (this rank's entries) followed by the ghost entries, exchanged."""
        ext = array_module(x).empty(self.plan.n_owned + self.plan.n_ghost, dtype=x.dtype)
        ext[:self.plan.n_owned] = x
        self.comm.exchange(*self.plan.messages(x, ext), stream=stream)
        return ext

    def matvec(self, x, stream=None):
        """This rank's rows of ``A @ x`` (``x``: this rank's entries), on the host or the device."""
        self.check_vector(x, "x")
        ext = self.extend(x, stream)
        return host_spmv(self.local, ext) if array_module(x) is np else self.local_product(ext)

    def local_product(self, ext):
        """``local @ ext`` on the device (CuPy's CSR product)."""
        import cupyx.scipy.sparse as cs
        m = cs.csr_matrix((self.local.data, self.local.indices, self.local.indptr), shape=self.local.shape)
        return m @ ext

    def check_vector(self, x, name: str) -> None:
        """``x`` is this rank's part of a vector: length ``n_owned``, on the matrix's side."""
        if not hasattr(x, "shape") or tuple(x.shape) != (self.n_owned,):
            got = tuple(x.shape) if hasattr(x, "shape") else type(x).__name__
            raise ShapeError(f"{name}: rank {self.comm.rank} owns {self.n_owned} entries, got {got}")
        if (array_module(x) is np) == self.device:
            where = "device" if self.device else "host"
            raise ArgumentError(f"{name} is on the {'host' if array_module(x) is np else 'device'}, "
                                f"the matrix on the {where}")

    def scatter(self, x_global):
        """This rank's entries of a global vector."""
        return x_global[self.rows]

    def gather(self, x):
        """The whole vector from every rank's part (one all-reduce; for checks, not for loops)."""
        xp = array_module(x)
        full = xp.zeros(self.shape[0], dtype=x.dtype)
        full[self.rows] = x
        self.comm.all_reduce(full, "sum")
        return full

    def global_columns(self):
        """The global column of every local column (owned, then ghosts)."""
        lo, hi = self.rows.start, self.rows.stop
        return np.concatenate([np.arange(lo, hi, dtype=np.int64), self.ghosts])

    def __repr__(self) -> str:
        return (f"<DistCSR rows {self.rows.start}:{self.rows.stop} of {self.shape[0]}, "
                f"{self.plan.n_ghost} ghosts, rank {self.comm.rank} of {self.comm.size}>")


def _square(shape, name: str) -> int:
    if shape[0] != shape[1]:
        raise ShapeError(f"{name} is {shape[0]} x {shape[1]}: a distributed matrix is square")
    return int(shape[0])


def _rows(a: CSR, lo: int, hi: int) -> CSR:
    """Rows ``lo:hi`` of a host CSR, global columns."""
    s, e = int(a.indptr[lo]), int(a.indptr[hi])
    indptr = (np.asarray(a.indptr[lo:hi + 1], dtype=np.int64) - s).astype(np.int32)
    return CSR(indptr, a.indices[s:e], a.data[s:e], (hi - lo, a.shape[1]))


def _assemble(rows: CSR, lo: int, hi: int, offsets: tuple, comm, sends: tuple) -> DistCSR:
    """The DistCSR of rows ``lo:hi`` (global columns) and the sends found for them."""
    local_idx, ghosts = localize(rows.indices, lo, hi)
    plan = GhostPlan(sends, ghost_recvs(ghosts, offsets, comm.rank), hi - lo, len(ghosts))
    local = CSR(np.asarray(rows.indptr, dtype=np.int32), local_idx, rows.data, (hi - lo, hi - lo + len(ghosts)))
    return DistCSR(local, ghosts, offsets, plan, comm)


def _offsets_from_counts(starts, counts, n: int) -> tuple:
    """Offsets from every rank's first row and row count, refused unless they tile ``0:n``."""
    ends = starts + counts
    if (counts <= 0).any() or starts[0] != 0 or ends[-1] != n or (starts[1:] != ends[:-1]).any():
        blocks = ", ".join(f"{int(s)}:{int(e)}" for s, e in zip(starts, ends))
        raise PlanError(f"the ranks' rows ({blocks}) do not cover 0:{n} in rank order, each rank at "
                        "least one row, without gaps or overlaps")
    return tuple(int(s) for s in starts) + (n,)


def _sends_by_request(indices, offsets: tuple, comm) -> tuple:
    """The sends of this rank, learnt from the peers: one all-reduce of how many columns each rank
    needs from each, one exchange of the column lists."""
    size, me = comm.size, comm.rank
    want = [needed_from(indices, offsets, me, p) for p in range(size)]
    table = np.zeros(size * size, dtype=np.int64)
    table[me * size:(me + 1) * size] = [len(w) for w in want]
    table = host_all_reduce(comm, table).reshape(size, size)
    asks = [(p, want[p]) for p in range(size) if len(want[p])]
    gets = [(p, np.empty(int(table[p, me]), dtype=np.int64)) for p in range(size) if table[p, me] and p != me]
    host_exchange(comm, asks, gets)
    lo = offsets[me]
    return tuple((p, (cols - lo).astype(np.int32)) for p, cols in gets)


def _device_module(comm):
    """The array module a communicator moves (None: it takes NumPy arrays)."""
    xp = getattr(comm, "_xp", None)
    return None if xp is None or xp is np else xp


def _refuse_together(comm, err) -> None:
    """Raise ``err`` on its rank and an error naming that rank on the others, once every rank has
    said whether it refuses (one small all-reduce): no rank is left waiting in the next one."""
    flags = np.zeros(comm.size, dtype=np.int64)
    flags[comm.rank] = err is not None
    flags = host_all_reduce(comm, flags)
    if err is not None:
        raise err
    if flags.any():
        raise ArgumentError(f"rank {int(np.argmax(flags))} refused its rows (its own error says why); "
                            f"rank {comm.rank} stops with it")


def host_all_reduce(comm, array: np.ndarray) -> np.ndarray:
    """The sum over the ranks of a small NumPy array, through the device where the comm needs it."""
    xp = _device_module(comm)
    if xp is None:
        out = array.copy()
        comm.all_reduce(out, "sum")
        return out
    dev = xp.asarray(array)
    comm.all_reduce(dev, "sum")
    return xp.asnumpy(dev)


def host_exchange(comm, sends: list, recvs: list) -> None:
    """``comm.exchange`` of NumPy arrays, through the device where the comm needs it."""
    xp = _device_module(comm)
    if xp is None:
        comm.exchange(sends, recvs)
        return
    dev_recvs = [(p, xp.asarray(a)) for p, a in recvs]
    comm.exchange([(p, xp.asarray(a)) for p, a in sends], dev_recvs)
    for (_, host), (_, dev) in zip(recvs, dev_recvs):
        host[...] = xp.asnumpy(dev)


def host_spmv(a: CSR, x) -> np.ndarray:
    """``a @ x`` on the host, each row summed in its stored order (as CSR.matvec does), in the
    result type of the values and ``x``."""
    prod = a.data * x[a.indices]
    out = np.zeros(a.shape[0], dtype=prod.dtype)
    np.add.at(out, np.repeat(np.arange(a.shape[0]), np.diff(a.indptr)), prod)
    return out


def transpose(a: DistCSR) -> DistCSR:
    """Aᵀ distributed over the same rows: every entry ``(i, j)`` goes, as ``(j, i)``, to the owner
    of row ``j`` (one all-reduce of the counts and one exchange), then :meth:`DistCSR.from_rows`."""
    if a.device:
        raise ArgumentError("transpose a host DistCSR (before to_device)")
    comm, size, me = a.comm, a.comm.size, a.comm.rank
    rows = np.repeat(np.arange(a.rows.start, a.rows.stop), np.diff(a.local.indptr))
    cols = a.global_columns()[a.local.indices]
    dest = owners(cols, a.offsets)
    table = np.zeros(size * size, dtype=np.int64)
    table[me * size:(me + 1) * size] = np.bincount(dest, minlength=size)
    table = host_all_reduce(comm, table).reshape(size, size)
    sends, recvs, parts = [], [], [(cols[dest == me], rows[dest == me], a.local.data[dest == me])]
    for p in range(size):
        mine = dest == p
        if p != me and mine.any():
            sends += [(p, cols[mine]), (p, rows[mine]), (p, a.local.data[mine])]
        k = int(table[p, me])
        if p != me and k:
            part = (np.empty(k, np.int64), np.empty(k, np.int64), np.empty(k, a.local.data.dtype))
            recvs += [(p, arr) for arr in part]
            parts.append(part)
    host_exchange(comm, sends, recvs)
    i, j, v = (np.concatenate(x) for x in zip(*parts))
    order = np.lexsort((j, i))
    lo, hi = a.rows.start, a.rows.stop
    indptr = np.concatenate([[0], np.cumsum(np.bincount(i - lo, minlength=hi - lo))]).astype(np.int32)
    local = CSR(indptr, j[order].astype(np.int32), v[order], (hi - lo, a.shape[0]))
    return DistCSR.from_rows(local, lo, a.shape[0], comm)
