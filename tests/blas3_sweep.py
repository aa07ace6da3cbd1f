"""A BLAS-3 sweep in the manner of the reference BLAS test program (``dblat3``), shared by the
device tier (tests/gpu/test_blas3_sweep_gpu.py: every routine and option, both precisions) and
the compile tier (tests/compile/test_blas3_sweep_compile.py: a few programs on the CPU).

A :class:`Case` is one compiled program: routine, options, sizes, operand layout (C order, F
order, or ``.T`` views of C-order arrays), precision and which of alpha = 1 / beta = 0 it has
(those change the traced program; other values are host scalars of the same program).  Its
inputs come with the triangle the routine must not read (and a unit diagonal) poisoned with NaN,
and C all NaN when beta = 0.  :func:`failures` checks one result the way ``dblat3`` does: the
test ratio ``|C - Cref| / (eps * G * max(1, k))``, ``G = |alpha| |op(A)| |op(B)| + |beta| |C|``
elementwise (TRSM: the residual ``op(T) X - alpha B`` against ``|op(T)| |X| + |alpha| |B|``) under
THRESH; quick returns exact (alpha = 0 or k = 0: ``beta * C`` in float32, bit for bit up to the
sign of zero); no NaN when beta = 0.  :func:`changed_inputs` says which input differs bitwise."""
from __future__ import annotations

import dataclasses
import itertools
import zlib

import numpy as np

THRESH = 16.0
EPS = {"ieee": 2.0 ** -23, "tf32": 2.0 ** -10}   # float32; TF32 operands keep 10 mantissa bits
ALPHAS, BETAS = (0.0, 1.0, 0.7, 1.3), (0.0, 1.0, 0.7, 1.3)
SMALL = (0, 1, 2, 3, 5, 9)
LARGE = (33, 65, 257)


@dataclasses.dataclass(frozen=True)
class Case:
    """One program of the sweep."""

    fn: str                 # gemm symm trmm trsm syrk syr2k
    m: int
    n: int
    k: int                  # gemm, syrk, syr2k (the others: the side's order of A)
    layout: str = "C"       # C, F, or T: operands are .T views of C-order arrays
    precision: str = "ieee"
    alpha_one: bool = False  # alpha = 1 (traced as no alpha)
    beta_zero: bool = False  # beta = 0 (C not passed: it is NaN)
    transa: bool = False
    transb: bool = False
    side: str = "left"
    uplo: str = "lower"
    diag: str = "nonunit"

    @property
    def has_beta(self) -> bool:
        return self.fn in ("gemm", "symm", "syrk", "syr2k")

    def scalars(self) -> list:
        """The (alpha, beta) pairs run on this program (beta None: the routine has none)."""
        alphas = (1.0,) if self.alpha_one else tuple(a for a in ALPHAS if a != 1.0)
        if not self.has_beta:
            return [(a, None) for a in alphas]
        betas = (0.0,) if self.beta_zero else tuple(b for b in BETAS if b != 0.0)
        return list(itertools.product(alphas, betas))

    def label(self) -> str:
        opts = {"gemm": f"{'NT'[self.transa]}{'NT'[self.transb]}", "symm": f"{self.side[0]}{self.uplo[0]}",
                "trmm": f"{self.side[0]}{self.uplo[0]}{'NT'[self.transa]}{self.diag[0]}",
                "syrk": f"{self.uplo[0]}{'NT'[self.transa]}"}
        opts["trsm"], opts["syr2k"] = opts["trmm"], opts["syrk"]
        return (f"{self.fn}-{opts[self.fn].upper()}-{self.m}x{self.n}x{self.k}-{self.layout}-{self.precision}"
                f"{'-a1' if self.alpha_one else ''}{'-b0' if self.beta_zero else ''}")

    @property
    def depth(self) -> int:
        """The k of the test ratio: the length of each dot product."""
        if self.fn in ("symm", "trmm", "trsm"):
            return self.m if self.side == "left" else self.n
        return self.k


def variants() -> list:
    """Every routine x option (48): the fields of a Case other than sizes, layout, precision."""
    out = [dict(fn="gemm", transa=a, transb=b) for a in (False, True) for b in (False, True)]
    out += [dict(fn="symm", side=s, uplo=u) for s in ("left", "right") for u in ("lower", "upper")]
    out += [dict(fn=f, side=s, uplo=u, transa=t, diag=d) for f in ("trmm", "trsm") for s in ("left", "right")
            for u in ("lower", "upper") for t in (False, True) for d in ("nonunit", "unit")]
    out += [dict(fn=f, uplo=u, transa=t) for f in ("syrk", "syr2k") for u in ("lower", "upper") for t in (False, True)]
    return out


def sweep(precisions=("ieee", "tf32")) -> list:
    """The device sweep: per variant and precision, a small shape (sizes from 0, 1, 2, 3, 5, 9)
    with every alpha/beta program, and an odd larger one (33, 65, 257) with the general program;
    shapes and layouts rotate over the variants so every size and layout meets every routine."""
    cases, count = [], {False: 0, True: 0}
    for v, p in itertools.product(variants(), precisions):
        for big in (False, True):
            sizes, i = (LARGE if big else SMALL), count[big]
            m, n, k = sizes[i % len(sizes)], sizes[(i // 2 + 1) % len(sizes)], sizes[(i // 3 + 2) % len(sizes)]
            if v["fn"] in ("syrk", "syr2k"):
                n = m
            layout = "CFT"[(i + big) % 3]
            count[big] += 1
            flags = [(False, False)] if big else [(False, False), (True, False), (False, True), (True, True)]
            for a1, b0 in flags:
                if b0 and v["fn"] in ("trmm", "trsm"):
                    continue
                cases.append(Case(m=m, n=n, k=k, layout=layout, precision=p, alpha_one=a1, beta_zero=b0, **v))
    for p in precisions:   # the empty products and k = 0 of GEMM the rotation leaves out
        cases += [Case("gemm", m, n, k, layout="F", precision=p) for m, n, k in ((0, 5, 3), (5, 0, 3), (5, 3, 0))]
        cases.append(Case("gemm", 9, 1, 9, layout="T", precision=p, transa=True))
    return cases


# ---- inputs -------------------------------------------------------------------------------------------
def _unread(n: int, uplo: str, unit: bool) -> np.ndarray:
    """Where a routine must not read an n x n operand: the strict triangle opposite ``uplo``
    (and the diagonal when it is a unit one)."""
    mask = np.triu(np.ones((n, n), bool), 1) if uplo == "lower" else np.tril(np.ones((n, n), bool), -1)
    if unit:
        mask |= np.eye(n, dtype=bool)
    return mask


def _store(a: np.ndarray, layout: str) -> np.ndarray:
    """``a`` (float32) laid out as the case says: C order, F order, or a ``.T`` view."""
    if layout == "C":
        return np.ascontiguousarray(a)
    if layout == "F":
        return np.asfortranarray(a)
    return np.ascontiguousarray(a.T).T


def inputs(case: Case, seed: int = 0) -> dict:
    """The routine's array arguments by BLAS name (float32 NumPy arrays in the case's layout),
    the unread triangle NaN; C all NaN when beta = 0."""
    rng = np.random.default_rng(seed)
    f, m, n, k = case.fn, case.m, case.n, case.k
    u = lambda *s: rng.uniform(-1.0, 1.0, s)   # noqa: E731
    out = {}
    if f == "gemm":
        out["A"] = u(k, m) if case.transa else u(m, k)
        out["B"] = u(n, k) if case.transb else u(k, n)
    elif f in ("symm", "trmm", "trsm"):
        ka = case.depth
        A = u(ka, ka)
        if f == "trsm":   # well conditioned: a dominant diagonal, small off-diagonal terms
            A = A / max(1, ka) + np.diag(np.sign(u(ka)) * (1.0 + rng.uniform(0, 1, ka)))
        A[_unread(ka, case.uplo, case.diag == "unit")] = np.nan
        out["A"], out["B"] = A, u(m, n)
    else:
        out["A"] = u(k, n) if case.transa else u(n, k)
        if f == "syr2k":
            out["B"] = u(k, n) if case.transa else u(n, k)
    if case.has_beta:   # beta = 0: C all NaN (BLAS does not read it)
        C = np.full((m, n), np.nan) if case.beta_zero else u(m, n)
        if f in ("syrk", "syr2k"):
            C[_unread(n, case.uplo, False)] = np.nan
        out["C"] = C
    return {name: _store(a.astype(np.float32), case.layout) for name, a in out.items()}


# ---- the oracle ---------------------------------------------------------------------------------------
def _tri(a: np.ndarray, uplo: str, unit: bool) -> np.ndarray:
    t = np.tril(np.nan_to_num(a)) if uplo == "lower" else np.triu(np.nan_to_num(a))
    if unit:
        np.fill_diagonal(t, 1.0)
    return t


def _sym(a: np.ndarray, uplo: str) -> np.ndarray:
    t = np.nan_to_num(a)
    return np.tril(t) + np.tril(t, -1).T if uplo == "lower" else np.triu(t) + np.triu(t, 1).T


def _parts(case: Case, x: dict, alpha: float) -> tuple:
    """(exact float64 product term, its magnitude term, the C the result adds beta times)."""
    d = {n: np.asarray(a, np.float64) for n, a in x.items()}
    A, B = d["A"], d.get("B")
    f = case.fn
    if f == "gemm":
        P, Q = (A.T if case.transa else A), (B.T if case.transb else B)
        return alpha * P @ Q, abs(alpha) * np.abs(P) @ np.abs(Q), d.get("C")
    if f in ("symm", "trmm"):
        S = _sym(A, case.uplo) if f == "symm" else _tri(A, case.uplo, case.diag == "unit")
        S = S.T if case.transa else S
        P, Q = (S, B) if case.side == "left" else (B, S)
        return alpha * P @ Q, abs(alpha) * np.abs(P) @ np.abs(Q), d.get("C")
    P = A.T if case.transa else A          # n x k
    Q = (B.T if case.transa else B) if f == "syr2k" else P
    exact = P @ Q.T + (Q @ P.T if f == "syr2k" else 0)
    mag = np.abs(P) @ np.abs(Q).T + (np.abs(Q) @ np.abs(P).T if f == "syr2k" else 0)
    C = _sym(d["C"], case.uplo) if "C" in d else None
    return alpha * exact, abs(alpha) * mag, C


def failures(case: Case, x: dict, got: np.ndarray, alpha: float, beta) -> list:
    """What is wrong with ``got`` (float32 NumPy) for inputs ``x`` and (alpha, beta): an empty list
    when the result passes."""
    why = []
    got = np.asarray(got)
    shape = (case.m, case.n)
    if got.shape != shape:
        return [f"shape {got.shape} != {shape}"]
    if not got.size:
        return why
    if np.isnan(got).any():
        why.append(f"NaN in the result ({int(np.isnan(got).sum())} elements: the unread triangle or C read?)")
    g64, eps = got.astype(np.float64), EPS[case.precision]
    if case.fn == "trsm":
        return why + _trsm_failures(case, x, g64, alpha, eps)
    term, mag, C = _parts(case, x, alpha)
    beta = beta or 0.0
    C = C if beta else None
    quick = alpha == 0.0 or case.depth == 0
    if quick:   # BLAS's quick return: beta * C exactly (no product term at all)
        want = np.float32(beta) * C.astype(np.float32) if C is not None else np.zeros(shape, np.float32)
        if not np.array_equal(got, want):
            bad = int((got != want).sum())
            why.append(f"quick return (alpha={alpha}, k={case.depth}) not exactly beta*C: {bad} elements differ")
        return why
    ref = term + (beta * C if C is not None else 0.0)
    G = mag + (abs(beta) * np.abs(C) if C is not None else 0.0)
    ratio = _ratio(g64 - ref, G, eps, case.depth)
    if not ratio < THRESH:
        why.append(f"test ratio {ratio:.3g} >= {THRESH} (alpha={alpha}, beta={beta})")
    return why


def _trsm_failures(case: Case, x: dict, X: np.ndarray, alpha: float, eps: float) -> list:
    T = _tri(np.asarray(x["A"], np.float64), case.uplo, case.diag == "unit")
    T = T.T if case.transa else T
    B = np.asarray(x["B"], np.float64)
    if alpha == 0.0:
        return [] if not X.any() else [f"alpha=0: X is not zero ({int((X != 0).sum())} elements)"]
    R = (T @ X if case.side == "left" else X @ T) - alpha * B
    G = (np.abs(T) @ np.abs(X) if case.side == "left" else np.abs(X) @ np.abs(T)) + abs(alpha) * np.abs(B)
    ratio = _ratio(R, G, eps, case.depth)
    return [] if ratio < THRESH else [f"residual test ratio {ratio:.3g} >= {THRESH} (alpha={alpha})"]


def _ratio(diff: np.ndarray, G: np.ndarray, eps: float, k: int) -> float:
    """max |diff| / (eps * G * max(1, k)); an element with G = 0 must be exact."""
    scale = eps * G * max(1, k)
    if np.any((scale == 0) & (diff != 0)):
        return float("inf")
    with np.errstate(invalid="ignore", divide="ignore"):
        r = np.where(scale > 0, np.abs(diff) / np.where(scale > 0, scale, 1.0), 0.0)
    return float(r.max()) if r.size else 0.0


def snapshot(x: dict, asnumpy=np.asarray) -> dict:
    """Bitwise copies of every input (as unsigned integers: NaN compares equal to itself)."""
    return {n: asnumpy(a).view(np.uint32).copy() for n, a in x.items()}


def changed_inputs(before: dict, x: dict, asnumpy=np.asarray) -> list:
    """The inputs that differ bitwise from their :func:`snapshot`, with how many elements."""
    out = []
    for n, a in x.items():
        now = asnumpy(a).view(np.uint32)
        if now.shape != before[n].shape:
            out.append(f"input {n} changed shape")
        elif not np.array_equal(now, before[n]):
            out.append(f"input {n} changed ({int((now != before[n]).sum())} elements)")
    return out


def call(case: Case, x: dict, alpha: float, beta):
    """Run the case's routine through ``kfuse.blas`` on arrays ``x`` (device arrays, or traced
    values inside ``kfuse.jit``) with these scalars."""
    from kfuse import blas
    prec = {"precision": case.precision} if case.precision != "ieee" else {}
    f, A, B, C = case.fn, x["A"], x.get("B"), x.get("C")
    if f == "gemm":
        return blas.gemm(A, B, transa=case.transa, transb=case.transb, alpha=alpha, beta=beta, C=C, **prec)
    if f == "symm":
        return blas.symm(A, B, side=case.side, uplo=case.uplo, alpha=alpha, beta=beta, C=C, **prec)
    if f in ("trmm", "trsm"):
        return getattr(blas, f)(A, B, side=case.side, uplo=case.uplo, trans=case.transa, diag=case.diag,
                                alpha=alpha, **prec)
    if f == "syrk":
        return blas.syrk(A, uplo=case.uplo, trans=case.transa, alpha=alpha, beta=beta, C=C, **prec)
    return blas.syr2k(A, B, uplo=case.uplo, trans=case.transa, alpha=alpha, beta=beta, C=C, **prec)


def to_device(x: dict, layout: str) -> dict:
    """CuPy copies of :func:`inputs` in the same layout (``.T`` views stay views)."""
    import cupy
    if layout == "T":
        return {n: cupy.asarray(np.ascontiguousarray(a.T)).T for n, a in x.items()}
    return {n: cupy.asarray(a, order=layout) for n, a in x.items()}


def run_on_device(cases: list, cache_dir: str | None = None) -> tuple:
    """Run ``cases`` on the current GPU (a worker of the device sweep): each program's first
    call with the setting ``poison`` on, every (alpha, beta) of the case, every result checked by
    :func:`failures` and every input bitwise after every call.  Returns (calls, failure lines)."""
    import cupy
    import kfuse
    calls, bad = 0, []
    settings = {"cache_dir": cache_dir} if cache_dir else {}
    with kfuse.config.override(**settings):
        for case in cases:
            host = inputs(case, seed=zlib.crc32(case.label().encode()))
            x = to_device(host, case.layout)
            before = snapshot(x, cupy.asnumpy)
            for i, (alpha, beta) in enumerate(case.scalars()):
                try:
                    with kfuse.config.override(poison=i == 0):
                        got = call(case, x, alpha, beta)
                    cupy.cuda.runtime.deviceSynchronize()
                    why = failures(case, host, cupy.asnumpy(got), alpha, beta)
                except Exception as e:   # noqa: BLE001 - every failure is reported with its case
                    why = [f"{type(e).__name__}: {str(e)[:300]}"]
                why += changed_inputs(before, x, cupy.asnumpy)
                calls += 1
                bad += [f"{case.label()} alpha={alpha} beta={beta}: {w}" for w in why]
    return calls, bad


def run_chunk(chunk: tuple) -> tuple:
    """:func:`run_on_device` of (cases, cache_dir): what the device test's worker processes run."""
    return run_on_device(*chunk)
