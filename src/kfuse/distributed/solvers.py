"""Krylov solvers on a matrix distributed by rows over several ranks: CG, pipelined CG and BiCG
with ONE all-reduce per iteration.

Every rank calls the solver with its :class:`~kfuse.distributed.csr.DistCSR` and its entries of
``b`` (and ``x0``); it gets back its entries of ``x`` and the same
:class:`~kfuse.solvers.SolveInfo` on every rank.  The iteration's inner products are packed into
one small array and summed by one ``comm.all_reduce``; the host reads it only at the convergence
check, every ``check_every`` iterations.

* ``variant="single_reduction"`` (Chronopoulos–Gear CG): ``w = A r`` is kept beside ``r``, so
  ``r·r`` and ``w·r`` give both step lengths and are reduced together.
* ``variant="pipelined"`` (Ghysels–Vanroose CG): the all-reduce of ``r·r`` and ``w·r`` is
  issued before the product ``q = A w`` and waited for after it; the recurrences carry
  ``z = A s`` and ``s = A p`` so nothing waits on the reduction but the step lengths.  On the
  device the reduction runs on ``comm_stream`` beside the product.
* :func:`bicg`: BiCG in the same single-reduction form (``rt·r``, ``rt·w`` and ``r·r`` in one
  reduction; the ghosts of ``r`` and ``rt`` in one exchange), with ``Aᵀ`` distributed by rows.

The local work is written once as functions of arrays (:func:`spmv_dots`, :func:`cg_update`, ...):
on CuPy arrays they run as ``kfuse.jit`` kernels (the SpMV fused with its dots, the vector updates
fused in one pass), on NumPy arrays as NumPy, so the whole flow runs on ``LocalComm`` in CI.
"""
from __future__ import annotations

import math
import time

import numpy as np

from ..errors import ArgumentError, KfuseError
from ..solvers import SolveInfo
from .csr import DistCSR, host_spmv, transpose
from .protocol import array_module, to_host
from .rows import share

#: The CG variants :func:`cg` runs.
VARIANTS = ("single_reduction", "pipelined")


class _HostMatrix:
    """A host CSR with ``@`` (:func:`host_spmv`), so the step functions read alike on both sides."""

    def __init__(self, csr):
        self.csr = csr

    def __matmul__(self, x):
        return host_spmv(self.csr, x)


def spmv_dots(A, ext, r):
    """``w = A ext`` (``ext``: ``r`` with its ghosts) and the local ``r·r``, ``w·r``."""
    w = A @ ext
    return w, r @ r, w @ r


def spmv2_dots(A, At, ext, extt, r, rt):
    """``w = A ext``, ``wt = Aᵀ extt`` and the local ``rt·r``, ``rt·w``, ``r·r``."""
    w = A @ ext
    wt = At @ extt
    return w, wt, rt @ r, rt @ w, r @ r


def dots_rw(r, w):
    """The local ``r·r`` and ``w·r``."""
    return r @ r, w @ r


def advance(x, r, p, s, alpha):
    """The iterate and its residual moved along ``p`` (``s = A p``): ``x + alpha p``, ``r - alpha s``."""
    return x + alpha * p, r - alpha * s


def cg_update(x, r, p, s, w, alpha, beta):
    """One Chronopoulos–Gear update of the directions p and s = A p, then of x and r."""
    p = r + beta * p
    s = w + beta * s
    x, r = advance(x, r, p, s, alpha)
    return x, r, p, s


def pipe_update(x, r, w, p, s, z, q, alpha, beta):
    """One Ghysels–Vanroose update: directions p, s = A p, z = A s, then x, r and w = A r."""
    z = q + beta * z
    s = w + beta * s
    p = r + beta * p
    x, r = advance(x, r, p, s, alpha)
    return x, r, w - alpha * z, p, s, z


def bicg_update(x, r, rt, p, pt, q, qt, w, wt, alpha, beta):
    """One single-reduction BiCG update (q = A p and qt = Aᵀ pt carried by recurrence)."""
    p, pt = r + beta * p, rt + beta * pt
    q, qt = w + beta * q, wt + beta * qt
    x, r = advance(x, r, p, q, alpha)
    return x, r, rt - alpha * qt, p, pt, q, qt


_KERNELS: dict = {}


def _local(fn, xp):
    """``fn`` as it runs on arrays of ``xp``: itself on NumPy, its ``kfuse.jit`` on the device."""
    if xp is np:
        return fn
    if fn.__name__ not in _KERNELS:
        from ..api import jit
        _KERNELS[fn.__name__] = jit(fn)
    return _KERNELS[fn.__name__]


def _operand(A: DistCSR):
    """The local matrix as the step functions take it."""
    return _HostMatrix(A.local) if not A.device else A.local


def _extend(A: DistCSR, x, stream=None):
    """``[x | ghosts]`` through one exchange."""
    return A.extend(x, stream)


def _prepare(A, b, x0):
    """``(xp, b, x)`` checked on every rank together: a rank refusing its ``b`` or ``x0`` raises
    its error and the other ranks name it (one small all-reduce: no rank is left waiting in the
    solver's first collective)."""
    if not isinstance(A, DistCSR):
        raise ArgumentError(f"A must be a kfuse.distributed.csr.DistCSR, not {type(A).__name__}")
    err, out = None, None
    try:
        out = _checked(A, b, x0)
    except KfuseError as e:
        err = e
    share(A.comm, [], error=err, like=A.local.data if A.device else None)
    return out


def _checked(A, b, x0):
    """``(xp, b, x)`` checked: ``b`` and ``x0`` are this rank's parts, floating, on A's side."""
    A.check_vector(b, "b")
    if b.dtype != A.dtype:
        raise ArgumentError(f"b is {b.dtype}, A is {A.dtype}: convert one of them")
    xp = array_module(b)
    if x0 is None:
        return xp, b, xp.zeros_like(b)
    A.check_vector(x0, "x0")
    return xp, b, xp.array(x0, dtype=b.dtype, copy=True)


def _limits(A, maxiter, check_every, tol):
    if not (isinstance(tol, (int, float)) and tol >= 0):
        raise ArgumentError(f"tol is {tol!r}: a number >= 0")
    maxiter = 10 * A.shape[0] if maxiter is None else maxiter
    if isinstance(maxiter, bool) or not isinstance(maxiter, int) or maxiter < 0:
        raise ArgumentError(f"maxiter is {maxiter!r}: a whole number >= 0")
    if isinstance(check_every, bool) or not isinstance(check_every, int) or check_every < 1:
        raise ArgumentError(f"check_every is {check_every!r}: a whole number >= 1")
    return maxiter, check_every


class _Monitor:
    """The convergence checks of one solve: the residual read every ``check_every`` iterations."""

    def __init__(self, bnorm: float, tol: float, check_every: int, maxiter: int):
        self.bnorm, self.tol, self.every, self.maxiter = bnorm or 1.0, tol, check_every, maxiter
        self.residuals, self.status, self.t0 = [], "maxiter", time.perf_counter()

    def due(self, it: int) -> bool:
        return it % self.every == 0 or it >= self.maxiter

    def stop(self, it: int, rr, rho=None) -> bool:
        """Read ``rr`` (= r·r, summed); True when the solve ends at iteration ``it``."""
        val = math.sqrt(abs(complex(to_host(rr)))) / self.bnorm
        self.residuals.append((it, val))
        if not math.isfinite(val):
            self.status = "nan"
        elif val <= self.tol:
            self.status = "converged"
        elif rho is not None and complex(to_host(rho)) == 0:
            self.status = "breakdown"
        else:
            return it >= self.maxiter
        return True

    def info(self, it: int) -> SolveInfo:
        return SolveInfo(self.status, it, self.residuals, time.perf_counter() - self.t0)


def _reduce(A, red, stream=None):
    """The one all-reduce of an iteration: ``red`` summed over the ranks in place."""
    A.comm.all_reduce(red, "sum", stream=stream)
    return red


def _pack(xp, dtype, *dots):
    """The local dots in one small array (device copies, no host sync)."""
    red = xp.empty(len(dots), dtype=dtype)
    for i, d in enumerate(dots):
        red[i] = d
    return red


def _steps(gamma, delta, gamma_old, alpha_old, first: bool):
    """(alpha, beta) of the single-reduction recurrences, as device scalars."""
    if first:
        return gamma / delta, gamma * 0
    beta = gamma / gamma_old
    return gamma / (delta - beta * gamma / alpha_old), beta


def _bnorm(A, b, xp) -> float:
    bb = _pack(xp, b.dtype, b @ b)
    _reduce(A, bb)
    return math.sqrt(abs(complex(to_host(bb[0]))))


def cg(A: DistCSR, b, x0=None, tol: float = 1e-6, maxiter: int | None = None, check_every: int = 10,
       variant: str = "single_reduction", comm_stream=None):
    """Solve A x = b (A symmetric positive definite, distributed by rows) by conjugate gradients,
    one all-reduce per iteration.  ``b``, ``x0``: this rank's entries.  Returns ``(x, info)`` as
    :func:`kfuse.solvers.cg` does: this rank's entries of x; ``info`` alike on every rank."""
    if variant not in VARIANTS:
        raise ArgumentError(f"variant is {variant!r}: it is one of {', '.join(VARIANTS)}")
    xp, b, x = _prepare(A, b, x0)
    maxiter, check_every = _limits(A, maxiter, check_every, tol)
    mon = _Monitor(_bnorm(A, b, xp), tol, check_every, maxiter)
    solve = _cg_single if variant == "single_reduction" else _cg_pipelined
    return solve(A, b, x, xp, mon, comm_stream)


def _cg_single(A, b, x, xp, mon, comm_stream):
    M, dots, update = _operand(A), _local(spmv_dots, xp), _local(cg_update, xp)
    r = b - (_local(spmv_dots, xp)(M, _extend(A, x), x)[0])
    w, rr, wr = dots(M, _extend(A, r), r)
    red = _reduce(A, _pack(xp, b.dtype, rr, wr))
    if mon.stop(0, red[0]):
        return x, mon.info(0)
    p, s = xp.zeros_like(b), xp.zeros_like(b)
    gamma_old = alpha_old = None
    it = 0
    while True:
        it += 1
        gamma, delta = red[0], red[1]
        alpha, beta = _steps(gamma, delta, gamma_old, alpha_old, it == 1)
        x, r, p, s = update(x, r, p, s, w, alpha, beta)
        w, rr, wr = dots(M, _extend(A, r), r)
        gamma_old, alpha_old = gamma, alpha
        red = _reduce(A, _pack(xp, b.dtype, rr, wr))
        if mon.due(it) and mon.stop(it, red[0]):
            return x, mon.info(it)


def _cg_pipelined(A, b, x, xp, mon, comm_stream):
    M, dots, update = _operand(A), _local(spmv_dots, xp), _local(pipe_update, xp)
    local_dots = _local(dots_rw, xp)
    r = b - dots(M, _extend(A, x), x)[0]
    w = dots(M, _extend(A, r), r)[0]
    p, s, z = xp.zeros_like(b), xp.zeros_like(b), xp.zeros_like(b)
    gamma_old = alpha_old = None
    it = 0
    while True:
        red = _pack(xp, b.dtype, *local_dots(r, w))
        done = _issue(A, red, xp, comm_stream)          # the all-reduce, issued
        q = dots(M, _extend(A, w), w)[0]                # the product, while the reduction runs
        done()
        if mon.due(it) and mon.stop(it, red[0]):
            return x, mon.info(it)
        alpha, beta = _steps(red[0], red[1], gamma_old, alpha_old, it == 0)
        x, r, w, p, s, z = update(x, r, w, p, s, z, q, alpha, beta)
        gamma_old, alpha_old = red[0], alpha
        it += 1


def _issue(A, red, xp, comm_stream):
    """Start the all-reduce of ``red``; the function returned makes the caller's work wait for it
    (on the device: ``comm_stream`` waits for the current stream, reduces, and the current stream
    waits for it; on the host the reduction is done when issued)."""
    if xp is np or comm_stream is None:
        _reduce(A, red)
        return lambda: None
    current = xp.cuda.get_current_stream()
    comm_stream.wait_event(current.record())
    _reduce(A, red, stream=comm_stream)
    event = comm_stream.record()
    return lambda: current.wait_event(event)


def bicg(A: DistCSR, b, x0=None, tol: float = 1e-6, maxiter: int | None = None, check_every: int = 10,
         At: DistCSR | None = None):
    """Solve A x = b (A may be nonsymmetric, distributed by rows) by biconjugate gradients, one
    all-reduce and one exchange per iteration.  ``At``: Aᵀ distributed over the same rows (built
    from A when not given, with one exchange).  Returns ``(x, info)`` as :func:`cg` does."""
    xp, b, x = _prepare(A, b, x0)
    maxiter, check_every = _limits(A, maxiter, check_every, tol)
    At = _transposed(A, At)
    mon = _Monitor(_bnorm(A, b, xp), tol, check_every, maxiter)
    M, Mt = _operand(A), _operand(At)
    dots, update = _local(spmv2_dots, xp), _local(bicg_update, xp)
    r = b - _local(spmv_dots, xp)(M, _extend(A, x), x)[0]
    rt = r.copy()
    w, wt, rho, delta, rr = dots(M, Mt, *_extend2(A, At, r, rt), r, rt)
    red = _reduce(A, _pack(xp, b.dtype, rho, delta, rr))
    if mon.stop(0, red[2]):
        return x, mon.info(0)
    p, pt, q, qt = (xp.zeros_like(b) for _ in range(4))
    rho_old = alpha_old = None
    it = 0
    while True:
        it += 1
        alpha, beta = _steps(red[0], red[1], rho_old, alpha_old, it == 1)
        x, r, rt, p, pt, q, qt = update(x, r, rt, p, pt, q, qt, w, wt, alpha, beta)
        w, wt, rho, delta, rr = dots(M, Mt, *_extend2(A, At, r, rt), r, rt)
        rho_old, alpha_old = red[0], alpha
        red = _reduce(A, _pack(xp, b.dtype, rho, delta, rr))
        if mon.due(it) and mon.stop(it, red[2], red[0]):
            return x, mon.info(it)


def _transposed(A: DistCSR, At):
    if At is None:
        return transpose(A.to_host()).to_device() if A.device else transpose(A)
    if not isinstance(At, DistCSR) or At.offsets != A.offsets or At.device != A.device:
        raise ArgumentError("At must be a DistCSR over the same rows as A, on the same side")
    return At


def _extend2(A, At, r, rt):
    """``[r | ghosts of A]`` and ``[rt | ghosts of Aᵀ]`` through ONE exchange."""
    xp = array_module(r)
    ext = xp.empty(A.plan.n_owned + A.plan.n_ghost, dtype=r.dtype)
    extt = xp.empty(At.plan.n_owned + At.plan.n_ghost, dtype=rt.dtype)
    ext[:A.n_owned], extt[:At.n_owned] = r, rt
    s1, r1 = A.plan.messages(r, ext)
    s2, r2 = At.plan.messages(rt, extt)
    A.comm.exchange(s1 + s2, r1 + r2)
    return ext, extt
