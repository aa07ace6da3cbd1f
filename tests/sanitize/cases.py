"""The cases of the sanitizer run (tests/sanitize/run_sanitizer.py): every packaged example, every
staging variant of the fused grid kernel of the shared stencil programs, every BLAS-3 family
(gemm in all four transposes, symm, trmm, trsm, syrk, syr2k, solve_triangular) in exact fp32 and
TF32, the float64 products the model puts on the FP64 tensor cores (engine mma_f64: gemm, also at
even sizes for its 16-byte copies, symm, trmm, syrk, syr2k), and the solvers (CG, BiCG); small odd
sizes.  Each case runs on the GPU and checks its
results against NumPy (float64) and its device inputs bitwise unchanged; enumerating them needs
no GPU (stencil variants are planned on the CPU)."""
from __future__ import annotations

import dataclasses
import threading
from typing import Callable

import numpy as np

import kfuse
import kfuse.examples   # (an attribute of kfuse only once imported)
from kfuse import blas, linalg

PRECISIONS = ("ieee", "tf32")
_LOCK = threading.Lock()   # ranks as threads: one compile at a time
TOL = {"float32": 1e-4, "float64": 1e-10, "tf32": 3e-2}
ALPHA, BETA = 0.7, 1.3


class CheckFailed(AssertionError):
    """A case's result differs from NumPy's, or it changed an input."""


@dataclasses.dataclass(frozen=True)
class Case:
    """``name`` (unique: group/what), ``group`` and ``run`` (runs on the GPU, checks, returns a
    short note; raises :class:`CheckFailed`)."""
    name: str
    group: str
    run: Callable[[], str]
    reference: Callable[[], float] | None = None   # CPU: the expected values against kfuse's reference


# --------------------------------------------------------------------- checks
def close(what: str, got, want, tol: float) -> float:
    """The largest error of ``got`` (device or host) over the largest |want|; CheckFailed above ``tol``."""
    g = got.get() if hasattr(got, "get") else np.asarray(got)
    g, w = np.asarray(g, np.float64), np.asarray(want, np.float64)
    if g.shape != w.shape:
        raise CheckFailed(f"{what}: shape {g.shape} != {w.shape}")
    if not np.all(np.isfinite(g)):
        raise CheckFailed(f"{what}: non-finite elements")
    err = float(np.max(np.abs(g - w)) / max(1.0, float(np.max(np.abs(w))))) if w.size else 0.0
    if err > tol:
        raise CheckFailed(f"{what}: error {err:.2e} > {tol:.0e}")
    return err


def unchanged(inputs: dict) -> None:
    """Every device input bitwise equal to its host original (NaN where NaN was)."""
    for name, (dev, host) in inputs.items():
        now = dev.get()
        if now.shape != host.shape or now.tobytes() != np.asarray(host).tobytes():
            raise CheckFailed(f"input {name} changed by the call")


def device(inputs: dict, order: str = "C") -> dict:
    """{name: (device array, host array)} of host arrays (``order``: C or F on the device too)."""
    import cupy
    out = {}
    for k, a in inputs.items():
        a = np.asfortranarray(a) if order == "F" else np.ascontiguousarray(a)
        out[k] = (cupy.asarray(a, order=order), a)
    return out


# --------------------------------------------------------------------- examples
def _example_sizes(name: str) -> dict:
    symbols = kfuse.load(kfuse.examples.path(name)).symbols()
    if symbols == ["n"]:
        return {"n": 1001}
    if symbols == ["k", "m", "n"]:
        return {"k": 3, "m": 19, "n": 23}
    return {"m": 37, "n": 29}


def _example(name: str, dtype: str) -> Callable[[], str]:
    def run():
        from kfuse import reference
        from tests.script_stencils import SCRIPTS, inputs
        sizes = _example_sizes(name)
        exe = kfuse.compile_script(name, sizes=sizes, dtype=dtype)
        if name in SCRIPTS:
            host, want = inputs(name, sizes, seed=5)
            host = {k: (v.astype(dtype) if isinstance(v, np.ndarray) else v) for k, v in host.items()}
        else:
            host, want = reference.random_inputs(exe.program, seed=5), None
        dev = device({k: v for k, v in host.items() if isinstance(v, np.ndarray)})
        order = exe.program.inputs if name in SCRIPTS else list(host)
        outs = exe(*[dev[k][0] if k in dev else host[k] for k in order])
        outs = tuple(outs) if isinstance(outs, (tuple, list)) else (outs,)
        want = want if want is not None else exe.reference(*host.values())
        err = max(close(f"{name} output {i}", o, w, TOL[dtype]) for i, (o, w) in enumerate(zip(outs, want)))
        unchanged(dev)
        return f"{exe.n_kernels} kernel(s), error {err:.1e}"
    return run


def example_cases() -> list:
    return [Case(f"examples/{n}-{d}", "examples", _example(n, d))
            for n in kfuse.examples.names() for d in ("float32", "float64")]


# --------------------------------------------------------------------- stencil staging variants
def stencil_plans(name: str, dtype: str) -> list:
    """[(label, plan)]: unfused, the model's, and the fused kernel with each staging choice of
    the grid space's variants (and the streaming depths met on the way), as the GPU tier's
    tests/gpu/test_stencil_gpu.py chooses them, plus one explicit odd block shape."""
    from kfuse import spaces
    from kfuse.fusion import unfused_plan
    from kfuse.fusion.search import make_plan
    from kfuse.model import load_calibration
    from kfuse.model.planner import best_plan
    from tests.unit.test_stencil import traced
    prog = traced(name, "C", dtype)
    calls = list(range(len(prog.calls)))
    info = spaces.program_info(prog)
    dom = spaces.kernel_domain(prog, calls)
    out, seen = [("unfused", unfused_plan(prog)), ("model", best_plan(prog, load_calibration()))], set()
    for v in spaces.get("grid").variants(prog, calls, dom, info.dtype(0), True, info):
        key = (v.get("smem", ""), v.get("zc", 1) > 1, v.get("stream", "z"), v.get("vec", 1))
        if key not in seen:
            seen.add(key)
            label = f"smem[{key[0]}] zc{v.get('zc', 1)} stream-{key[2]} vec{key[3]}"
            out.append((label.replace(" ", "_"), make_plan(prog, [(calls, v)])))
    rank = len(info.domain(0).shape or ())
    out.append(("block32x4x3" if rank > 2 else "block64x1",
                make_plan(prog, [(calls, {"bx": 32, "by": 4, "zc": 3} if rank > 2 else {"bx": 64, "by": 1})])))
    return [(label, prog, plan) for label, plan in out]


def _stencil(name: str, dtype: str, prog, plan) -> Callable[[], str]:
    def run():
        from tests.stencil_programs import CASES, NUMPY
        _, shapes, extra = CASES[name]
        rng = np.random.default_rng(3)
        host = {f"a{i}": rng.uniform(-1, 1, s).astype(dtype) for i, s in enumerate(shapes)}
        dev = device(host)
        outs = kfuse.pipeline.stages.build(prog, plan)(*[d for d, _ in dev.values()], *extra)
        outs = tuple(outs) if isinstance(outs, (tuple, list)) else (outs,)
        want = CASES[name][0](NUMPY)(*[a.astype(np.float64) for a in host.values()], *extra)
        want = want if isinstance(want, tuple) else (want,)
        err = max(close(f"{name} output {i}", o, w, TOL[dtype]) for i, (o, w) in enumerate(zip(outs, want)))
        unchanged(dev)
        return f"{len(plan.kernels)} kernel(s), error {err:.1e}"
    return run


def stencil_cases() -> list:
    from tests.stencil_programs import CASES
    return [Case(f"stencils/{n}-{d}-{label}", "stencils", _stencil(n, d, prog, plan))
            for n in sorted(CASES) for d in ("float32", "float64") for label, prog, plan in stencil_plans(n, d)]


# --------------------------------------------------------------------- BLAS-3
M, N, K, T = 67, 33, 45, 97   # odd sizes; T: triangular/symmetric order (> trsm's 64-row leaf)
EVEN = (66, 34, 46)           # even leading dimensions: 16-byte float64 copies, not tile multiples


def _rng(name: str):
    return np.random.default_rng(sum(map(ord, name)))


def _tri(n: int, uplo: str, unit: bool, rng) -> tuple:
    """(stored matrix with NaN in the unread triangle (and a unit diagonal), the triangle T used)."""
    t = rng.uniform(-1, 1, (n, n)) / n + np.diag(1.0 + rng.uniform(0, 1, n))
    t = np.tril(t) if uplo == "lower" else np.triu(t)
    if unit:
        np.fill_diagonal(t, 1.0)
    stored = t.copy()
    stored[np.triu_indices(n, 1) if uplo == "lower" else np.tril_indices(n, -1)] = np.nan
    if unit:
        np.fill_diagonal(stored, np.nan)
    return stored, t


def _sym(n: int, uplo: str, rng) -> tuple:
    """(stored symmetric matrix, NaN in the unread triangle; the full symmetric matrix)."""
    a = rng.uniform(-1, 1, (n, n))
    low = np.tril(a) if uplo == "lower" else np.triu(a)
    full = low + low.T - np.diag(np.diag(a))
    stored = full.copy()
    stored[np.triu_indices(n, 1) if uplo == "lower" else np.tril_indices(n, -1)] = np.nan
    return stored, full


def _blas3(name: str, order: str, prec: str, body, dtype: str = "float32") -> Case:
    """A float32 BLAS-3 case (or ``dtype`` float64: named ``-float64``), operands in ``order``:
    ``body(rng)`` gives (host inputs, want, call(device inputs, precision) -> result)."""
    label = f"blas3/{name}-{prec if dtype == 'float32' else dtype}"

    def run():
        host, want, call = body(_rng(label))
        dev = device({k: v.astype(dtype) for k, v in host.items()}, order)
        got = call({k: d for k, (d, _) in dev.items()}, prec)
        err = close(label, got, want, TOL["tf32" if prec == "tf32" else dtype])   # fp32x3: fp32's
        unchanged(dev)
        return f"error {err:.1e}"

    def reference() -> float:
        """No GPU: the same call traced (exact fp32) and run by kfuse's NumPy reference, against
        the case's expected values (a wrong expectation would fail the case on the device)."""
        from kfuse import reference as ref
        from kfuse.frontend.trace import trace
        host, want, call = body(_rng(label))
        names = list(host)
        specs = [("a", h.shape, dtype, order) for h in host.values()]
        prog, _ = trace(lambda *xs: call(dict(zip(names, xs)), None), names, specs, "case")
        got = ref.run(prog, {k: v.astype(dtype) for k, v in host.items()})[prog.outputs[0]]
        return close(f"{label} (reference)", got, want, TOL[dtype])
    return Case(label, "blas3", run, reference)


def _gemm(ta: bool, tb: bool, sizes: tuple = (M, N, K)):
    def body(rng):
        M, N, K = sizes
        A = rng.uniform(-1, 1, (K, M) if ta else (M, K))
        B = rng.uniform(-1, 1, (N, K) if tb else (K, N))
        C = rng.uniform(-1, 1, (M, N))
        want = ALPHA * (A.T if ta else A) @ (B.T if tb else B) + BETA * C
        return {"A": A, "B": B, "C": C}, want, lambda d, p: blas.gemm(
            d["A"], d["B"], transa=ta, transb=tb, alpha=ALPHA, beta=BETA, C=d["C"], precision=p)
    return body


def _symm(side: str, uplo: str):
    def body(rng):
        A, S = _sym(T, uplo, rng)
        B = rng.uniform(-1, 1, (T, N) if side == "left" else (N, T))
        C = rng.uniform(-1, 1, B.shape)
        want = ALPHA * (S @ B if side == "left" else B @ S) + BETA * C
        return {"A": A, "B": B, "C": C}, want, lambda d, p: blas.symm(
            d["A"], d["B"], side=side, uplo=uplo, alpha=ALPHA, beta=BETA, C=d["C"], precision=p)
    return body


def _trmm(side: str, uplo: str, trans: bool, unit: bool, solve: bool):
    def body(rng):
        A, t = _tri(T, uplo, unit, rng)
        op = t.T if trans else t
        B = rng.uniform(-1, 1, (T, N) if side == "left" else (N, T))
        if solve:
            want = ALPHA * (np.linalg.solve(op, B) if side == "left" else np.linalg.solve(op.T, B.T).T)
        else:
            want = ALPHA * (op @ B if side == "left" else B @ op)
        fn = blas.trsm if solve else blas.trmm
        return {"A": A, "B": B}, want, lambda d, p: fn(
            d["A"], d["B"], side=side, uplo=uplo, trans=trans, diag="unit" if unit else "nonunit",
            alpha=ALPHA, precision=p)
    return body


def _syrk(uplo: str, trans: bool, two: bool):
    def body(rng):
        A = rng.uniform(-1, 1, (K, T) if trans else (T, K))
        B = rng.uniform(-1, 1, A.shape)
        C, Cfull = _sym(T, uplo, rng)
        a, b = (A.T, B.T) if trans else (A, B)
        prod = a @ b.T + b @ a.T if two else a @ a.T
        want = ALPHA * prod + BETA * Cfull
        host = {"A": A, "B": B, "C": C} if two else {"A": A, "C": C}
        if two:
            return host, want, lambda d, p: blas.syr2k(d["A"], d["B"], uplo=uplo, trans=trans, alpha=ALPHA,
                                                       beta=BETA, C=d["C"], precision=p)
        return host, want, lambda d, p: blas.syrk(d["A"], uplo=uplo, trans=trans, alpha=ALPHA, beta=BETA,
                                                  C=d["C"], precision=p)
    return body


def _solve(lower: bool, left: bool, trans: int, unit: bool):
    def body(rng):
        A, t = _tri(T, "lower" if lower else "upper", unit, rng)
        op = t.T if trans else t
        B = rng.uniform(-1, 1, (T, N) if left else (N, T))
        want = np.linalg.solve(op, B) if left else np.linalg.solve(op.T, B.T).T
        return {"A": A, "B": B}, want, lambda d, p: linalg.solve_triangular(
            d["A"], d["B"], lower=lower, left=left, trans=trans, unit_diagonal=unit, precision=p)
    return body


def blas3_bodies() -> list:
    """(name, body, order) of every float32 case: each family and option once, C and F order."""
    bodies = [(f"gemm-{'T' if ta else 'N'}{'T' if tb else 'N'}-{o}", _gemm(ta, tb), o)
              for ta in (False, True) for tb in (False, True) for o in "CF"]
    bodies += [(f"symm-{s}-{u}-{o}", _symm(s, u), o) for s in ("left", "right") for u in ("lower", "upper")
               for o in ["FC"[(s == "left") == (u == "lower")]]]
    for fn, solve in (("trmm", False), ("trsm", True)):
        for s in ("left", "right"):
            for u in ("lower", "upper"):
                for tr in (False, True):
                    unit, o = tr != (s == "right"), "F" if u == "upper" else "C"
                    bodies.append((f"{fn}-{s}-{u}-{'T' if tr else 'N'}-{'unit' if unit else 'nonunit'}-{o}",
                                   _trmm(s, u, tr, unit, solve), o))
    bodies += [(f"{'syr2k' if two else 'syrk'}-{u}-{'T' if tr else 'N'}-{o}", _syrk(u, tr, two), o)
               for two in (False, True) for u in ("lower", "upper") for tr in (False, True)
               for o in ["F" if u == "upper" else "C"]]
    bodies += [(f"solve_triangular-{'lower' if lo else 'upper'}-{'left' if le else 'right'}-trans{tr}"
                f"-{'unit' if unit else 'nonunit'}-{o}", _solve(lo, le, tr, unit), o)
               for lo in (True, False) for le in (True, False)
               for tr, unit, o in [(int(lo == le), lo != le, "FC"[lo])]]
    return bodies


def float64_bodies() -> list:
    """(name, body, order) of the float64 cases: the products the model puts on the FP64 tensor
    cores (mma_f64): gemm (also at even sizes: 16-byte copies), symm, syrk, syr2k, trmm (not
    transposed); trsm's float64 updates run on ffma, as the float32 cases' do."""
    bodies = blas3_bodies()
    f64 = [b for b in bodies if b[0].startswith(("gemm-", "symm-", "syrk-", "syr2k-"))]
    f64 += [b for b in bodies if b[0].startswith("trmm-") and "-N-" in b[0]]
    return f64 + [(f"gemm-{'T' if ta else 'N'}{'T' if tb else 'N'}-even-C", _gemm(ta, tb, EVEN), "C")
                  for ta in (False, True) for tb in (False, True)]


def blas3_cases() -> list:
    """Every family and option at least once per precision, operands in C and F order; the
    3xTF32 cases of :func:`x3_bodies`; the float64 products of :func:`float64_bodies`."""
    return [_blas3(n, o, p, b) for n, b, o in blas3_bodies() for p in PRECISIONS] + \
        [_blas3(n, o, "fp32x3", b) for n, b, o in x3_bodies()] + \
        [_blas3(n, o, "ieee", b, "float64") for n, b, o in float64_bodies()]


def x3_bodies() -> list:
    """(name, body, order) of the 3xTF32 (precision fp32x3) cases: the GEMMs and the first case
    of each structured family."""
    seen, out = set(), []
    for n, b, o in blas3_bodies():
        fam = n.split("-")[0]
        if fam == "gemm" or fam not in seen:
            seen.add(fam)
            out.append((n, b, o))
    return out


# --------------------------------------------------------------------- solvers
def _cg(fmt: str) -> Callable[[], str]:
    def run():
        import cupy
        from kfuse import solvers, sparse
        A = sparse.poisson2d(9, "float64")
        b_host = np.random.default_rng(0).uniform(-1, 1, A.shape[0])
        b = cupy.asarray(b_host)
        x, info = solvers.cg(A, b, tol=1e-10, fmt=fmt, check_every=5)
        if not info.converged:
            raise CheckFailed(f"cg ({fmt}) did not converge: {info}")
        err = close(f"cg {fmt}", x, np.linalg.solve(A.todense(), b_host), 1e-7)
        unchanged({"b": (b, b_host)})
        return f"{info.iterations} iterations, error {err:.1e}"
    return run


def _bicg(dtype: str) -> Callable[[], str]:
    def run():
        import cupy
        from kfuse import solvers, sparse
        A = sparse.banded(301, 5, dtype, seed=3)
        b_host = np.random.default_rng(1).uniform(-1, 1, 301).astype(dtype)
        b = cupy.asarray(b_host)
        tol = 1e-5 if dtype == "float32" else 1e-11
        x, info = solvers.bicg(A, b, tol=tol)
        if not info.converged:
            raise CheckFailed(f"bicg ({dtype}) did not converge: {info}")
        d = A.todense().astype(np.float64)
        res = np.linalg.norm(b_host - d @ x.get().astype(np.float64)) / np.linalg.norm(b_host)
        if res > 10 * tol:
            raise CheckFailed(f"bicg ({dtype}): residual {res:.1e} > {10 * tol:.0e}")
        unchanged({"b": (b, b_host)})
        return f"{info.iterations} iterations, residual {res:.1e}"
    return run


def solver_cases() -> list:
    return [Case(f"solvers/cg-{f}", "solvers", _cg(f)) for f in ("csr", "ell")] + \
        [Case(f"solvers/bicg-{d}", "solvers", _bicg(d)) for d in ("float32", "float64")]


def _distributed(overlap: bool, reduce: bool) -> Callable[[], str]:
    """Jacobi on 2 x 2 ranks of one GPU (LocalComm threads), halos exchanged, optionally
    overlapped, optionally returning the residual all-reduced; against NumPy float64."""
    def run() -> str:
        import kfuse.distributed as kd
        from kfuse.distributed.jit import prepare
        from kfuse.examples.jacobi_ranks import initial, jacobi

        def step(a):
            b = jacobi(a)
            return (b, ((b - a) * (b - a)).sum()) if reduce else b

        def rank(comm):
            g = kd.Grid((67, 45), comm=comm, split=(2, 2), overlap=overlap)
            u = g.fromfunction(initial)
            f = kfuse.jit(step)
            with _LOCK:
                prepare(f, u)
            for _ in range(3):
                r = f(u)
                u = r[0] if reduce else r
            return g.gather(u, root=0), (float(r[1].get()) if reduce else None)
        got = kd.LocalComm.run(4, rank, timeout=300)
        err = close("jacobi over 4 ranks", got[0][0], reference_grid(67, 45, 3, initial, jacobi), TOL["float64"])
        if reduce:
            prev = reference_grid(67, 45, 2, initial, jacobi)
            last = jacobi(prev)
            close("residual", np.array(got[0][1]), np.array(((last - prev) ** 2).sum()), TOL["float64"])
        return f"max err {err:.1e}"
    return run


def reference_grid(n: int, m: int, steps: int, initial, jacobi) -> np.ndarray:
    a = np.fromfunction(initial, (n, m))
    for _ in range(steps):
        a = jacobi(a)
    return a


def _graphed() -> str:
    """kfuse.iterate on a one-rank Grid (SingleComm): 41 steps replayed as CUDA graphs (the path
    every NCCL rank takes, without the messages); against NumPy float64."""
    import kfuse.distributed as kd
    from kfuse.examples.jacobi_ranks import initial, jacobi
    g = kd.Grid((67, 45), comm=kd.SingleComm())
    u = g.fromfunction(initial)
    got = g.gather(kfuse.iterate(kfuse.jit(jacobi), u, 41), root=None)
    err = close("jacobi, 41 graphed steps", got, reference_grid(67, 45, 41, initial, jacobi), TOL["float64"])
    return f"max err {err:.1e}"


def distributed_cases() -> list:
    return [Case(f"distributed/jacobi-{'overlap' if o else 'plain'}{'-residual' if r else ''}", "distributed",
                 _distributed(o, r)) for o in (False, True) for r in (False, True)] + \
        [Case("distributed/jacobi-graphed", "distributed", _graphed)]


def _temporal(dtype: str, depth: int, two: bool) -> Callable[[], str]:
    """kfuse.iterate blocked in time (kfuse.loop_temporal) at ``depth`` steps per pass, 23 steps
    of jacobi (or two fields of Gray-Scott) on an odd grid; against NumPy float64."""
    def run() -> str:
        import cupy
        rng = np.random.default_rng(depth)   # fields in [0, 1)
        shape, steps = (67, 45), 23
        host = [rng.random(shape).astype(dtype) for _ in range(2 if two else 1)]
        dev = [cupy.asarray(h) for h in host]

        def jac(a, xp_interior):
            return xp_interior(a, 0.2 * (a[1:-1, 1:-1] + a[1:-1, :-2] + a[1:-1, 2:] + a[2:, 1:-1] + a[:-2, 1:-1]))

        def gs(u, v, xp_interior):
            c = (slice(1, -1), slice(1, -1))
            lu = u[1:-1, 2:] + u[1:-1, :-2] + u[2:, 1:-1] + u[:-2, 1:-1] - 4 * u[c]
            lv = v[1:-1, 2:] + v[1:-1, :-2] + v[2:, 1:-1] + v[:-2, 1:-1] - 4 * v[c]
            uvv = u[c] * v[c] * v[c]
            return (xp_interior(u, u[c] + 0.16 * lu - uvv + 0.035 * (1 - u[c])),
                    xp_interior(v, v[c] + 0.08 * lv + uvv - 0.1 * v[c]))

        def np_interior(u, new):
            r = u.copy()
            r[1:-1, 1:-1] = new
            return r
        with kfuse.config.override(temporal_depth=depth):
            if two:
                got = kfuse.iterate(lambda u, v: gs(u, v, kfuse.interior), tuple(dev), steps=steps)
            else:
                got = (kfuse.iterate(lambda a: jac(a, kfuse.interior), dev[0], steps=steps),)
        want = [h.astype(np.float64) for h in host]
        for _ in range(steps):
            want = list(gs(*want, np_interior)) if two else [jac(want[0], np_interior)]
        unchanged({f"field {k}": (d, h) for k, (h, d) in enumerate(zip(host, dev))})
        err = max(close(f"field {k}", g, w, TOL[dtype]) for k, (g, w) in enumerate(zip(got, want)))
        return f"max err {err:.1e}"
    return run


def _temporal_periodic(depth: int) -> Callable[[], str]:
    """Allen-Cahn (np.roll along both axes, phi updated in place) blocked at ``depth``."""
    def run() -> str:
        import cupy

        from tests.programs.apps import allen_cahn
        phi = np.random.default_rng(depth).uniform(-1, 1, (67, 45))
        d = cupy.asarray(phi)
        with kfuse.config.override(temporal_depth=depth):
            got = kfuse.iterate(allen_cahn.step, {"phi": d}, 11)["phi"]
        want = phi.copy()
        for _ in range(11):
            allen_cahn.step(want)
        unchanged({"phi": (d, phi)})
        return f"max err {close('phi', got, want, TOL['float64']):.1e}"
    return run


def _temporal_3d(dtype: str, depth: int) -> Callable[[], str]:
    """heat-3d blocked at ``depth`` steps per pass (a plane tile per block), 2 depth + 1 steps on
    an odd grid; against NumPy float64."""
    def run() -> str:
        import cupy

        from tests.compile.test_temporal3d_cpu import heat, heat_np
        a = np.random.default_rng(depth).random((19, 37, 45)).astype(dtype)
        d, steps = cupy.asarray(a), 2 * depth + 1
        with kfuse.config.override(temporal_depth=depth):
            got = kfuse.iterate(heat, d, steps=steps)
        want = a.astype(np.float64)
        for _ in range(steps):
            want = heat_np(want)
        unchanged({"u": (d, a)})
        return f"max err {close('u', got, want, TOL[dtype]):.1e}"
    return run


def _temporal_pads(depth: int) -> Callable[[], str]:
    """Rodinia's HotSpot (np.pad mode edge, temp updated in place) blocked at ``depth``."""
    def run() -> str:
        import inspect

        import cupy

        from tests.programs.apps import hotspot
        st = hotspot.init((67, 45), "float64", seed=1)
        temp = np.asarray(st["temp"]) + np.random.default_rng(depth).random((67, 45))
        names = list(inspect.signature(hotspot.step).parameters)[1:]
        consts = tuple(np.asarray(st[n]) if hasattr(st[n], "shape") else st[n] for n in names)
        d = cupy.asarray(temp)
        with kfuse.config.override(temporal_depth=depth):
            got = kfuse.iterate(hotspot.step, {"temp": d}, 11,
                                consts=tuple(cupy.asarray(c) if hasattr(c, "shape") else c for c in consts))["temp"]
        want = temp.copy()
        for _ in range(11):
            hotspot.step(want, *consts)
        unchanged({"temp": (d, temp)})
        return f"max err {close('temp', got, want, TOL['float64']):.1e}"
    return run


def temporal_cases() -> list:
    return [Case(f"temporal/{'gray_scott' if two else 'jacobi'}-{dtype}-depth{depth}", "temporal",
                 _temporal(dtype, depth, two))
            for dtype, depth, two in (("float32", 3, False), ("float64", 8, False), ("float64", 4, True))] + \
        [Case("temporal/allen_cahn-float64-depth5", "temporal", _temporal_periodic(5))] + \
        [Case(f"temporal/heat3d-{dtype}-depth{depth}", "temporal", _temporal_3d(dtype, depth))
         for dtype, depth in (("float32", 3), ("float64", 2))] + \
        [Case("temporal/hotspot-float64-depth4", "temporal", _temporal_pads(4))]


def _resident(solver: str, dtype: str, transpose: str, tile: int) -> Callable[[], str]:
    """A resident CG/BiCG run (kfuse.solver_resident, one cooperative launch) of 9 iterations on
    an odd system; x against the same iterations in float64 NumPy."""
    def run() -> str:
        import cupy

        from kfuse import solver_resident, sparse
        from kfuse.spaces import resident as space
        n = 517
        d = sparse.banded(n, 7, "float64", seed=3).todense()
        if transpose != "scatter":
            d = d + d.T + np.diag(np.abs(d).sum(1) + 1)
        A = sparse.CSR.from_any(d.astype(dtype))
        b = np.random.default_rng(1).uniform(-1, 1, n).astype(dtype)
        Ad, bd = A.to_device(), cupy.asarray(b)
        x = cupy.zeros(n, dtype)
        shape = space.shape_for(solver, dtype, n, A.nnz, transpose, lanes=4, tile=tile)
        out = solver_resident.run(shape, Ad, x, bd.copy(), bd.copy() if solver == "bicg" else None,
                                  float(b.astype(np.float64) @ b), 0.0, 9)
        M, xs, r = d.astype(dtype).astype(np.float64), np.zeros(n), b.astype(np.float64)
        rt, p, pt, rho = r.copy(), r.copy(), r.copy(), r @ r
        for _ in range(out.iterations):
            q, qt = M @ p, M.T @ pt
            alpha = rho / (pt @ q)
            xs, r, rt = xs + alpha * p, r - alpha * q, rt - alpha * qt
            rho_new = rt @ r
            p, pt, rho = r + rho_new / rho * p, rt + rho_new / rho * pt, rho_new
        return f"max err {close('x', x, xs, TOL[dtype]):.1e}"
    return run


def resident_cases() -> list:
    return [Case(f"resident/{s}-{d}{'-' + t if t else ''}-tile{e}", "resident", _resident(s, d, t, e))
            for s, d, t, e in (("cg", "float64", "", 0), ("bicg", "float32", "scatter", 0),
                               ("bicg", "float64", "same", 8), ("bicg", "float32", "scatter", 4))]


GROUPS = {"examples": example_cases, "stencils": stencil_cases, "blas3": blas3_cases, "solvers": solver_cases,
          "distributed": distributed_cases, "temporal": temporal_cases, "resident": resident_cases}


def cases(groups=None) -> list:
    """Every case of ``groups`` (default: all), in a fixed order with unique names."""
    out = [c for g in (groups or GROUPS) for c in GROUPS[g]()]
    names = [c.name for c in out]
    assert len(set(names)) == len(names), "case names must be unique"
    return out
