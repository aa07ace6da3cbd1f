"""Iterative solvers on fused kernels: conjugate gradients and biconjugate gradients.

Each solver's iteration is written once, in the textbook order, as a kfuse function
(:func:`cg_step`, :func:`bicg_step`); kfuse's planner groups its calls into fused
kernels -- the reordering of independent operations that fusion needs is the
planner's, not hand-made.  For BiCG (Figure 2 of *Performance evaluation of fused BLAS
operations*) it finds three kernels:

1. ``q = A p``, ``qt = Aᵀ pt`` and ``pt·q`` over the rows of the two matrices;
2. ``alpha = rho / (pt·q)`` as a scalar prologue, the three updates of x, r, rt,
   and the dots ``rt·r`` and ``r·r``;
3. ``beta = rho_new / rho`` as a prologue, and the updates of p and pt.

The loop runs on the device: each iteration writes into the other of two state
buffers (``out=``); with ``graph=True`` a block of ``check_every`` iterations is captured
once as one CUDA graph and replayed; the host reads the residual only every
``check_every`` iterations, so it does not wait for the GPU in between.
"""
from __future__ import annotations

import dataclasses
import math
import numbers
import sys
import time

import numpy as np

from . import sparse as _sparse
from .api import jit
from .errors import ArgumentError, ShapeError


@dataclasses.dataclass
class SolveInfo:
    """What happened: status ('converged', 'maxiter', 'breakdown', 'nan'), iterations run,
    the relative residual ||r|| / ||b|| at each check as (iteration, value), and timings."""

    status: str
    iterations: int
    residuals: list
    time_s: float
    capture_s: float = 0.0   # of time_s: setup (CUDA graph capture; resident: compile, load, layout)
    engine: str = "graph"    # "graph" (fused kernels, CUDA graphs) or "resident" (one cooperative launch)

    @property
    def converged(self) -> bool:
        return self.status == "converged"

    @property
    def per_iteration_s(self) -> float:
        """Seconds per iteration, graph capture excluded."""
        return (self.time_s - self.capture_s) / max(1, self.iterations)


def cg_step(A, x, r, p, rho):
    """One CG iteration (textbook order)."""
    q = A @ p
    alpha = rho / (p @ q)
    x = x + alpha * p
    r = r - alpha * q
    rho_new = r @ r
    beta = rho_new / rho
    p = r + beta * p
    return x, r, p, rho_new


def bicg_step(A, At, x, r, rt, p, pt, rho):
    """One BiCG iteration (textbook order; At is Aᵀ stored as a matrix of its own)."""
    q = A @ p
    qt = At @ pt
    alpha = rho / (pt @ q)
    x = x + alpha * p
    r = r - alpha * q
    rt = rt - alpha * qt
    rho_new = rt @ r
    beta = rho_new / rho
    p = r + beta * p
    pt = rt + beta * pt
    return x, r, rt, p, pt, rho_new, r @ r


def _residual(A, x, b):
    return b - A @ x


_STEPS: dict = {}


def _jitted(fn, graph: bool, tune: bool = False):
    key = (fn.__name__, graph, tune)
    if key not in _STEPS:
        _STEPS[key] = jit(fn, graph=graph, tune=tune)
    return _STEPS[key]


def _prepare(A, b, x0, fmt: str | None):
    """Device sparse matrix (or dense CuPy matrix), right-hand side and start vector, checked."""
    if isinstance(b, np.ndarray) or isinstance(A, np.ndarray):
        raise ArgumentError(f"{'b' if isinstance(b, np.ndarray) else 'A'} is a host (NumPy) array; "
                            "pass a device array (cupy.asarray)")
    from .platform import device
    device.require_gpu("kfuse.solvers")   # NoGPUError with the reason, before CuPy is touched
    import cupy
    if isinstance(A, (_sparse.CSR, _sparse.ELL)) or hasattr(A, "tocsr"):
        A = _sparse.as_sparse(A, fmt or getattr(A, "fmt", "csr"), device=True)
    elif not (isinstance(A, cupy.ndarray) and A.ndim == 2):
        raise ArgumentError("A must be a sparse matrix (kfuse.sparse, SciPy or CuPy) or a 2-D CuPy array")
    m, n = A.shape
    if m != n:
        raise ShapeError(f"A must be square, got {m} x {n}")
    if not isinstance(b, cupy.ndarray) or b.shape != (n,):
        raise ShapeError(f"b must be a CuPy vector of length {n}")
    if b.dtype != A.dtype:
        raise ArgumentError(f"b is {b.dtype}, A is {A.dtype}: convert one of them")
    if not bool(cupy.isfinite(b).all()):
        raise ArgumentError("b contains NaN or Inf")
    x = cupy.zeros(n, dtype=b.dtype) if x0 is None else cupy.array(x0, dtype=b.dtype, copy=True)
    if x.shape != (n,):
        raise ShapeError(f"x0 must have length {n}")
    return A, cupy.ascontiguousarray(b), x   # a strided b (a view) is read through a copy


def _arguments(tol, maxiter, engine: str) -> tuple:
    """(tol, maxiter) checked before any GPU work, and ``engine`` one of :data:`ENGINES`."""
    if engine not in ENGINES:
        raise ArgumentError(f"engine must be one of {', '.join(map(repr, ENGINES))}, got {engine!r}")
    return _check_tol(tol), _check_maxiter(maxiter)


def _check_tol(tol) -> float:
    """``tol`` as a float; ArgumentError where it is not a number >= 0 (a negative tol is never
    met by the graph engine's test of ||r|| / ||b|| and always by the resident kernel's test of
    r.r against (tol ||b||)^2)."""
    value = float(tol) if isinstance(tol, numbers.Real) else math.nan
    if not value >= 0:
        raise ArgumentError(f"tol must be a number >= 0, got {tol!r}")
    return value


def _check_maxiter(maxiter):
    """``maxiter`` as an int (None stays None: the default, 10 n); ArgumentError where it is
    not a whole number (a float reached the resident kernel's int parameter as a double)."""
    if maxiter is None:
        return None
    if not isinstance(maxiter, numbers.Integral):
        raise ArgumentError(f"maxiter must be a whole number, got {maxiter!r}")
    return int(maxiter)


def _like(state):
    import cupy
    return tuple(cupy.empty_like(s) for s in state)


def _loop(step, fixed, state, n_in, b, tol, maxiter, check_every, rr_index, rho_index, graph=True):
    """Run ``step(*fixed, *state[:n_in], out=other)`` ping-ponging between two state buffers;
    read ||r||^2 and rho every ``check_every`` iterations only.

    With ``graph``, an even number of iterations (``check_every`` rounded down; none when it
    is 1) is captured once per starting buffer set as one CUDA graph and replayed: the host
    issues one launch per block of iterations instead of one Python call per iteration."""
    import cupy
    bnorm = float(cupy.linalg.norm(b)) or 1.0
    other = _like(state)
    residuals, status, it = [], "maxiter", 0
    t0 = time.perf_counter()
    residuals.append((0, math.sqrt(abs(complex(state[rr_index].get()))) / bnorm))
    if residuals[-1][1] <= tol:
        return state, SolveInfo("converged", 0, residuals, 0.0)
    span = check_every - (check_every & 1) if graph else 0   # even: ends in the buffers it began in
    graphs: dict = {}
    capture_s = 0.0
    while it < maxiter:
        k = min(check_every, maxiter - it)
        done = 0
        while span and k - done >= span:
            g = graphs.get(id(state[0]))
            if g is None:
                tc = time.perf_counter()
                g = graphs[id(state[0])] = _capture(step, fixed, state, other, n_in, span)
                if g:   # uploaded now, so the first replay does not carry it
                    g[0].upload(stream=cupy.cuda.get_current_stream())
                    cupy.cuda.get_current_stream().synchronize()
                capture_s += time.perf_counter() - tc
            if not g:
                break   # not capturable (misaligned inputs): plain calls
            g[0].launch(stream=cupy.cuda.get_current_stream())
            done += span
        for _ in range(k - done):
            res = step(*fixed, *state[:n_in], out=other)
            state, other = tuple(res), state
        it += k
        val = math.sqrt(abs(complex(state[rr_index].get()))) / bnorm
        rho = complex(state[rho_index].get())
        residuals.append((it, val))
        if not np.isfinite(val):
            status = "breakdown" if rho == 0 or not np.isfinite(abs(rho)) else "nan"
            break
        if val <= tol:
            status = "converged"
            break
        if rho == 0:
            status = "breakdown"
            break
    cupy.cuda.get_current_stream().synchronize()
    return state, SolveInfo(status, it, residuals, time.perf_counter() - t0, capture_s)


def _capture(step, fixed, state, other, n_in, span: int):
    """(CUDA graph of ``span`` iterations from ``state`` back to it, its bound arrays), or ()."""
    exe = step.executable(*fixed, *state[:n_in])
    envs, cur, nxt = [], state, other
    for _ in range(span):
        env = exe.prepare((*fixed, *cur[:n_in]), out=nxt)
        if env is None:
            return ()
        envs.append(env)
        cur, nxt = nxt, cur
    return (exe.capture(envs), envs)


def cg(A, b, x0=None, tol: float = 1e-6, maxiter: int | None = None, check_every: int = 10,
       graph: bool = True, fmt: str | None = None, tune: bool = False, engine: str = "auto"):
    """Solve A x = b for symmetric positive definite A by conjugate gradients.

    Returns ``(x, info)``; ``info.status`` says whether ||b - A x|| / ||b|| <= tol was reached
    within ``maxiter`` iterations (default 10 n), checked every ``check_every`` iterations.
    ``tune=True``: time the best predicted plans of the iteration on this system first
    (about a second, once per matrix shape and density; cached) and run the fastest.
    ``engine``: ``"resident"`` runs the iterations inside one cooperative launch (CSR matrices
    with int32 indices, float32 or float64; :mod:`kfuse.solver_resident`; the residual is then
    tested after every iteration and ``info.residuals`` holds every iteration; ``check_every``,
    ``graph`` and ``tune`` do not apply to it), ``"graph"`` as fused kernels replayed from CUDA
    graphs, ``"auto"`` (default): the graph engine, which measured faster on every system tried
    (the resident one is an experiment).  ``tol`` must be a number >= 0.
    """
    import cupy
    tol, maxiter = _arguments(tol, maxiter, engine)
    A, b, x = _prepare(A, b, x0, fmt)
    maxiter = maxiter or 10 * A.shape[0]
    r = _jitted(_residual, False)(A, x, b)
    if _engine(engine, "cg", A) == "resident":
        return _resident("cg", A, b, x, r, tol, maxiter)
    p = cupy.array(r, copy=True)
    rho = _jitted(_dot, False)(r, r)
    step = _jitted(cg_step, False, tune)
    state, info = _loop(step, (A,), (x, r, p, rho), 4, b, tol, maxiter, max(1, check_every), 3, 3, graph)
    return state[0], info


def bicg(A, b, x0=None, tol: float = 1e-6, maxiter: int | None = None, check_every: int = 10,
         graph: bool = True, fmt: str | None = None, At=None, tune: bool = False, engine: str = "auto"):
    """Solve A x = b by biconjugate gradients (A may be nonsymmetric).  ``At``: Aᵀ if you
    have it; otherwise kfuse builds it once (the paper stores both matrices; the resident
    engine forms Aᵀp̃ from A's own entries and does not read At).
    ``tol``, ``tune``, ``engine``: as for :func:`cg`."""
    import cupy
    tol, maxiter = _arguments(tol, maxiter, engine)
    A, b, x = _prepare(A, b, x0, fmt)
    maxiter = maxiter or 10 * A.shape[0]
    if _engine(engine, "bicg", A) == "resident":
        return _resident("bicg", A, b, x, _jitted(_residual, False)(A, x, b), tol, maxiter)
    if At is None:
        At = A.T if isinstance(A, cupy.ndarray) else _sparse.as_sparse(
            _sparse.CSR.from_any(A).transpose(), A.fmt, device=True)
    elif not isinstance(A, cupy.ndarray):
        At = _sparse.as_sparse(At, A.fmt, device=True)
    if isinstance(A, cupy.ndarray):
        At = cupy.ascontiguousarray(At)
    r = _jitted(_residual, False)(A, x, b)
    rt, p, pt = (cupy.array(r, copy=True) for _ in range(3))
    rho = _jitted(_dot, False)(rt, r)
    rr = _jitted(_dot, False)(r, r)
    step = _jitted(bicg_step, False, tune)
    state, info = _loop(step, (A, At), (x, r, rt, p, pt, rho, rr), 6, b, tol, maxiter, max(1, check_every),
                        6, 5, graph)
    return state[0], info


ENGINES = ("auto", "resident", "graph")


def _engine(engine: str, solver: str, A) -> str:
    """The engine that runs the solve: "resident" where asked for (refused with the reason where
    the system cannot run resident), else the graph engine.  "auto" is the graph engine: the
    resident one measured 0.52-0.91x it on the H200 (benchmarks/results/2026-11-29/
    issue35_s30_resident) and the model's split between the two (kfuse.model.resident.choose) is
    not trusted below those sizes, where nothing was measured."""
    if engine != "resident":
        return "graph"
    why = _resident_refusal(solver, A)
    if why:
        raise ArgumentError(f"engine='resident' cannot run this system: {why}")
    return "resident"


def _resident_refusal(solver: str, A) -> str:
    from .spaces import resident as space
    if not isinstance(A, _sparse.CSR):
        return f"the resident engine takes CSR matrices, not {type(A).__name__}"
    for part in ("indptr", "indices", "data"):
        arr = getattr(A, part)
        if (part != "data" and arr.dtype != np.int32) or not arr.flags.c_contiguous:
            return f"the matrix's {part} must be a contiguous{' int32' if part != 'data' else ''} array"
    return space.refusal(solver, A.dtype.name, A.shape[0], A.nnz)


def _resident(solver: str, A, b, x, r, tol: float, maxiter: int):
    """(x, SolveInfo) of a resident run from x and r = b - A x."""
    import cupy

    from . import solver_resident
    from .spaces import resident as space
    bnorm = float(cupy.linalg.norm(b)) or 1.0
    rr0 = float(cupy.vdot(r, r).real)
    if math.sqrt(rr0) / bnorm <= tol:
        return x, SolveInfo("converged", 0, [(0, math.sqrt(rr0) / bnorm)], 0.0, engine="resident")
    rt, transpose = None, ""
    if solver == "bicg":
        rt = cupy.array(r, copy=True)
        transpose = "same" if solver_resident.symmetric(A) else "scatter"
    shape = space.shape_for(solver, A.dtype.name, A.shape[0], A.nnz, transpose)
    stop = min((tol * bnorm) * (tol * bnorm), sys.float_info.max)   # inf would pass an overflowing r.r
    out = solver_resident.run(shape, A, x, r, rt, rr0, stop, maxiter)
    residuals = [(0, math.sqrt(rr0) / bnorm)] + [(k + 1, math.sqrt(max(v, 0.0)) / bnorm)
                                                 for k, v in enumerate(out.rr)]
    return x, SolveInfo(out.status, out.iterations, residuals, out.seconds + out.setup_s, out.setup_s,
                        "resident")


def _dot(x, y):
    return x @ y
