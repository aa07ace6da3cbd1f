"""The BLAS-3 routines, their points, flop counts, inputs and float64 references.

Every matrix is a row-major (C-order) array, as CuPy and torch users hold them; the routines are
defined on those logical matrices (the cuBLAS peer translates to column-major itself):

* ``GEMM-ab``   C = op_a(A) op_b(B)                        a, b in N/T; C m x n, inner k;
* ``SYMM-su``   C = S B (side L) or B S (side R)            S symmetric, only triangle u stored;
* ``TRMM-su-t`` B' = op_t(T) B (L) or B op_t(T) (R)         T triangular (triangle u, non-unit);
* ``TRSM-su-t`` X with op_t(T) X = B (L) or X op_t(T) = B (R);
* ``SYRK-ut``   C = A A^T (t = N, A n x k) or A^T A (t = T, A k x n), triangle u of C only;
* ``SYR2K-ut``  C = A B^T + B A^T (N) or A^T B + B^T A (T), triangle u of C only.

Each point also has a dtype (:data:`DTYPES`): float32 (exact ``ieee`` or ``tf32``) or float64
(``ieee`` only: exact float64, on the FP64 tensor cores where the implementation has them; a
``tf32`` request for float64 is refused, :func:`make_points`).  float32 points keep their
names; a float64 point's key and report series say ``float64`` (:func:`series`).

alpha = 1 and beta = 0 throughout (C is never read).  A point's shape is (m, n, k): C (or B) is
m x n for GEMM/SYMM/TRMM/TRSM (k: GEMM's inner size; the others' is m or n), C is n x n with
inner size k for SYRK/SYR2K (m = n).  Flops (design note §1): GEMM 2mnk, SYMM 2m^2 n (L) or
2mn^2 (R), TRMM and TRSM m^2 n (L) or mn^2 (R), SYRK n(n+1)k, SYR2K 2n(n+1)k; at m = n = k = N:
2N^3, 2N^3, N^3, N^3, ~N^3, ~2N^3.

Inputs are drawn on the device (CuPy) or host (NumPy) from the seed; the triangle a routine
must not read is filled with NaN, so an implementation that reads it gets NaN and fails the
check.  TRSM's triangle is diagonally dominant (diagonal in [1, 2), off-diagonal entries
uniform in (-1, 1) / n), so the solve is well conditioned and its result O(1).
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from ...pipeline.tune_points import VARIANTS, Variant
from .tolerance import exact

FAMILIES = ("gemm", "symm", "trmm", "trsm", "syrk", "syr2k")
PRECISIONS = ("ieee", "tf32", "fp32x3")   # fp32x3: 3xTF32, its peers exact fp32 (run when named)
DEFAULT_PRECISIONS = ("ieee", "tf32")
DTYPES = ("float32", "float64")
DTYPE_PRECISIONS = {"float32": ("ieee", "tf32", "fp32x3"), "float64": ("ieee",)}   # float64 has no TF32
SERIES = ("ieee", "tf32", "fp32x3", "float64")    # the report's tables: one per (dtype, precision)
SIZES = (1024, 2048, 4096, 8192)
NONSQUARE = ((8192, 8192, 1024), (1024, 1024, 8192), (4096, 4096, 64))   # GEMM m x n x k
QUICK_VARIANTS = ("GEMM-NN", "GEMM-TN", "SYMM-LL", "TRMM-LL-N", "TRSM-LL-N", "SYRK-LN")
QUICK_SIZES = (1024, 4096)
ODD_SHAPE = (517, 389, 261)     # the odd-size check: (m, n, k), none a multiple of a tile
NAN = float("nan")


ORDER: tuple[str, ...] = tuple(VARIANTS)


def series(dtype: str, precision: str) -> str:
    """The report series of a (dtype, precision): ``ieee`` / ``tf32`` for float32 (today's names),
    ``float64`` for float64 (exact: its only precision)."""
    if dtype == "float32":
        return precision
    return dtype if precision == "ieee" else f"{dtype}-{precision}"


def record_series(rec: dict) -> str:
    """The series of a result record (records without ``dtype`` are float32)."""
    return series(rec.get("dtype") or "float32", rec["precision"])


def flops(v: Variant, m: int, n: int, k: int) -> int:
    """Floating-point operations of one call (the design note's §1 convention)."""
    if v.family == "fused":
        from .fused import flops as fused_flops

        return fused_flops(v, m, n, k)
    if v.family == "gemm":
        return 2 * m * n * k
    if v.family == "symm":
        return 2 * m * m * n if v.side == "L" else 2 * m * n * n
    if v.family in ("trmm", "trsm"):
        return m * m * n if v.side == "L" else m * n * n
    if v.family == "syrk":
        return n * (n + 1) * k
    return 2 * n * (n + 1) * k


@dataclass(frozen=True)
class Point:
    """One benchmark point: a variant at a shape in a precision and a dtype."""

    variant: str
    m: int
    n: int
    k: int
    precision: str
    dtype: str = "float32"

    @property
    def v(self):
        """The :class:`Variant`, or the :class:`.fused.Fused` workload of a fused point."""
        if self.variant in VARIANTS:
            return VARIANTS[self.variant]
        from .fused import WORKLOADS

        return WORKLOADS[self.variant]

    @property
    def size(self) -> str:
        """``4096`` for square points, ``8192x8192x1024`` otherwise."""
        return str(self.n) if self.m == self.n == self.k else f"{self.m}x{self.n}x{self.k}"

    @property
    def key(self) -> str:
        """``GEMM-NN|4096|ieee`` (float32), ``GEMM-NN|4096|ieee|float64`` (float64)."""
        tail = "" if self.dtype == "float32" else f"|{self.dtype}"
        return f"{self.variant}|{self.size}|{self.precision}{tail}"

    @property
    def series(self) -> str:
        """The report series (:func:`series`)."""
        return series(self.dtype, self.precision)

    @property
    def flops(self) -> int:
        return flops(self.v, self.m, self.n, self.k)

    def to_list(self) -> list:
        return [self.variant, self.m, self.n, self.k, self.precision, self.dtype]

    @classmethod
    def from_list(cls, x) -> "Point":
        """From ``[variant, m, n, k, precision]`` (float32) or ``[..., precision, dtype]``."""
        dtype = str(x[5]) if len(x) > 5 and x[5] else "float32"
        return cls(str(x[0]), int(x[1]), int(x[2]), int(x[3]), str(x[4]), dtype)


def parse_size(text: str) -> tuple[int, int, int]:
    """``4096`` -> (4096, 4096, 4096); ``8192x8192x1024`` -> (m, n, k); ValueError otherwise."""
    parts = str(text).lower().split("x")
    try:
        dims = [int(p) for p in parts]
    except ValueError:
        raise ValueError(f"--sizes: {text!r} is not N or MxNxK") from None
    if len(dims) not in (1, 3) or min(dims) < 1:
        raise ValueError(f"--sizes: {text!r} is not N or MxNxK with positive sizes")
    return (dims[0],) * 3 if len(dims) == 1 else tuple(dims)


def select_variants(names: list[str] | None, quick: bool) -> list[str]:
    """Variant names from ``--routines``: a variant name like TRSM-LL-N, a family like trsm, a
    fused workload like gemm_bias_relu, ``fused`` for all of them, an NPBench chain (``2mm``,
    ``3mm``) or ``npbench`` for both (:mod:`.fused`; never in the default selection)."""
    from .fused import NPBENCH, ORDER as FUSED, WORKLOADS

    if not names:
        return list(QUICK_VARIANTS if quick else ORDER)
    groups = {"fused": list(FUSED), "npbench": list(NPBENCH)}
    out: list[str] = []
    for name in names:
        for part in name.split(","):
            part = part.strip()
            if not part:
                continue
            if part.lower() in FAMILIES:
                hits = [v for v in ORDER if VARIANTS[v].family == part.lower()]
            elif part.upper() in VARIANTS:
                hits = [part.upper()]
            elif part.lower() in groups:
                hits = groups[part.lower()]
            elif part.lower() in WORKLOADS:
                hits = [part.lower()]
            else:
                raise ValueError(f"--routines: unknown routine {part!r}; known: the families "
                                 f"{', '.join(FAMILIES)}, a variant such as {', '.join(ORDER[:5])}, ..., "
                                 f"fused workloads (fused, {', '.join(FUSED)}) or NPBench chains "
                                 f"(npbench, {', '.join(NPBENCH)})")
            out += [h for h in hits if h not in out]
    return out


def parse_dtypes(items: list[str] | None) -> list[str]:
    """``--dtypes float32,float64`` (or space-separated): the dtypes in order, float32 alone
    without the option; ValueError naming an unknown one."""
    names = [x.strip() for item in items or ["float32"] for x in str(item).split(",") if x.strip()]
    bad = [d for d in names if d not in DTYPES]
    if bad or not names:
        raise ValueError(f"--dtypes: unknown {', '.join(bad) or '(none)'}; known: {', '.join(DTYPES)}")
    return list(dict.fromkeys(names))


def point_precisions(precisions: list[str] | None, dtypes: list[str]) -> dict:
    """{dtype: its precisions}: ``--precisions`` (:data:`DEFAULT_PRECISIONS` by default) within
    what each dtype has.
    ValueError for an unknown precision, or for tf32 asked for explicitly with float64 (float64
    has no TF32 mode: exact float64 would run instead of what was asked)."""
    precs = list(dict.fromkeys(precisions or DEFAULT_PRECISIONS))
    bad = [p for p in precs if p not in PRECISIONS]
    if bad:
        raise ValueError(f"--precisions: unknown {', '.join(bad)}; known: {', '.join(PRECISIONS)}")
    out = {}
    for dt in dtypes:
        refused = [p for p in precs if p not in DTYPE_PRECISIONS[dt]]
        if refused and precisions:
            raise ValueError(f"--precisions {' '.join(refused)} with --dtypes {dt}: {dt} has no "
                             f"{'/'.join(refused)} mode (its only precision is "
                             f"{', '.join(DTYPE_PRECISIONS[dt])}: exact {dt}); run {dt} with "
                             f"--precisions ieee, and tf32 in a float32-only command")
        out[dt] = [p for p in precs if p in DTYPE_PRECISIONS[dt]]
    return out


def make_points(variants: list[str], sizes: list[str] | None, precisions: list[str] | None,
                quick: bool, dtypes: list[str] | None = None) -> list[Point]:
    """The points to run: each variant at each size (the non-square sizes only for GEMM), each
    dtype (float32 only by default) and each of its precisions (:func:`point_precisions`);
    ordered by size, then variant, then dtype and precision (a cut run keeps a spread).  Fused
    workloads and NPBench chains run at every size (square or not), exact (``ieee``) only;
    without --sizes at :data:`.fused.SIZES`."""
    from . import fused as F

    precs = point_precisions(precisions, list(dtypes or ["float32"]))
    given = list(dict.fromkeys(parse_size(s) for s in sizes)) if sizes else None
    blas3 = given or [(s, s, s) for s in (QUICK_SIZES if quick else SIZES)] + \
        ([] if quick else list(NONSQUARE))
    fused = given or [(s, s, s) for s in F.SIZES]
    pts = []
    for shape in sorted(set(blas3) | set(fused), key=lambda s: (s[0] * s[1] * s[2], s)):
        square = shape[0] == shape[1] == shape[2]
        for name in variants:
            if name in F.WORKLOADS:
                if shape in fused:
                    pts += [Point(name, *shape, p, dt) for dt, ps in precs.items()
                            for p in ps if p in F.PRECISIONS]
                continue
            v = VARIANTS[name]
            if shape not in blas3 or not square and v.family != "gemm":
                continue     # the non-square shapes are GEMMs
            m = shape[1] if v.family in ("syrk", "syr2k") else shape[0]
            pts += [Point(name, m, shape[1], shape[2], p, dt) for dt, ps in precs.items() for p in ps]
    return pts


# ---------------------------------------------------------------------------
# inputs and references (xp: numpy or cupy)
# ---------------------------------------------------------------------------

def operand_shapes(v: Variant, m: int, n: int, k: int) -> list[tuple[int, int]]:
    """Shapes of the inputs in call order: GEMM (A, B), SYMM/TRMM/TRSM (A, B), SYRK (A,),
    SYR2K (A, B)."""
    if v.family == "gemm":
        a = (k, m) if v.transa == "T" else (m, k)
        b = (n, k) if v.transb == "T" else (k, n)
        return [a, b]
    if v.family in ("symm", "trmm", "trsm"):
        s = m if v.side == "L" else n
        return [(s, s), (m, n)]
    a = (k, n) if v.trans == "T" else (n, k)
    return [a] if v.family == "syrk" else [a, a]


def lower_mask(xp, n: int, strict: bool = False):
    """Boolean n x n mask of the lower triangle (strictly below the diagonal if ``strict``)."""
    i = xp.arange(n).reshape(n, 1)
    j = xp.arange(n).reshape(1, n)
    return (j < i) if strict else (j <= i)


def poison_other_triangle(xp, a, uplo: str, value: float = NAN):
    """``a`` with the strict triangle opposite to ``uplo`` set to ``value``."""
    n = a.shape[0]
    other = lower_mask(xp, n, strict=True)
    if uplo == "L":
        other = other.T
    return xp.where(other, xp.asarray(value, dtype=a.dtype), a)


def make_inputs(v: Variant, m: int, n: int, k: int, seed: int, xp, dtype: str = "float32") -> list:
    """Fresh inputs of ``dtype`` (float32 or float64: the same uniform draws, float32 rounded);
    the structured operand's unused triangle is NaN."""
    import numpy as np

    dt = np.dtype(dtype)
    rs = xp.random.RandomState(seed)
    out = []
    for shape in operand_shapes(v, m, n, k):
        out.append(rs.uniform(-1.0, 1.0, size=shape).astype(dt))
    if v.family == "trsm":
        dim = out[0].shape[0]
        a = out[0] / dt.type(max(1, dim))
        diag = xp.arange(dim)
        a[diag, diag] = (1.0 + rs.uniform(0.0, 1.0, size=dim)).astype(dt)
        out[0] = a
    if v.family in ("symm", "trmm", "trsm"):
        out[0] = poison_other_triangle(xp, out[0], v.uplo)
    return out


def tri(xp, a, uplo: str):
    """The ``uplo`` triangle of ``a`` (a select: NaN outside it is dropped)."""
    return xp.tril(a) if uplo == "L" else xp.triu(a)


def sym(xp, a, uplo: str):
    """The symmetric matrix whose ``uplo`` triangle is stored in ``a``."""
    t = tri(xp, a, uplo)
    strict = xp.tril(a, -1) if uplo == "L" else xp.triu(a, 1)
    return t + strict.T


def _op(x, t: str):
    return x.T if t == "T" else x


def reference(v: Variant, inputs: list, xp):
    """The float64 result of the routine on ``inputs`` of either dtype (full matrix for
    SYRK/SYR2K: compare only the ``uplo`` triangle, :func:`relative_error` does)."""
    x = [a.astype(xp.float64) for a in inputs]
    if v.family == "gemm":
        return _op(x[0], v.transa) @ _op(x[1], v.transb)
    if v.family == "symm":
        s = sym(xp, x[0], v.uplo)
        return s @ x[1] if v.side == "L" else x[1] @ s
    if v.family in ("trmm", "trsm"):
        t = _op(tri(xp, x[0], v.uplo), v.trans)
        if v.family == "trmm":
            return t @ x[1] if v.side == "L" else x[1] @ t
        if v.side == "L":
            return xp.linalg.solve(t, x[1])
        return xp.linalg.solve(t.T, x[1].T).T
    a = x[0]
    b = x[1] if v.family == "syr2k" else a
    if v.trans == "N":
        c = a @ b.T
    else:
        c = a.T @ b
    return c + c.T if v.family == "syr2k" else c


# ---------------------------------------------------------------------------
# the check
# ---------------------------------------------------------------------------

def tolerance(v: Variant, precision: str, k_inner: int, dtype: str = "float32") -> float:
    """Largest accepted relative Frobenius error against the float64 reference.

    ieee: fp32 rounds each product and sum with unit roundoff u = 2^-24 = 6e-8; with random
    signs the error of a length-k dot product grows like sqrt(k) u (blocked summation does
    better: an untuned SGEMM measured 1.6e-6 at 8192), so 1e-5 (the design's figure) up to
    k = 4096 and 1e-5 sqrt(k / 4096) beyond: >= 20x the expected error, while an operand read
    wrongly, a tile missed or TF32 sneaking in (~5e-4) fails by orders of magnitude.
    tf32: each operand is rounded (or truncated) to a 10-bit mantissa, u = 2^-11 = 4.9e-4 per
    operand, about 1e-3 rms relative error for a product of two such operands whatever k
    (signal and error both grow like sqrt(k)); 2e-3 leaves a 2x margin and still fails bf16
    (u = 3.9e-3) and any wrong result (O(1)).  TRSM compounds the rounding through the
    substitution; its diagonally dominant A keeps that within a small factor, so 2x more.
    float64 (ieee only): the reference is float64 too (no wider type on the device; NumPy's
    longdouble has no BLAS: hours at n = 4096), so its own error counts: against a longdouble
    product on the host (k = 4096, uniform inputs) float64 sums err by 0.7e-15 (blocked) to
    2.1e-15 (sequential, as an MMA accumulator sums), both grow like sqrt(k).  5e-14 = 450 u
    (up to k = 4096, then sqrt(k / 4096) more) leaves >= 20x over the difference of two such
    results and fails float32 arithmetic (>= 6e-8) by six orders of magnitude.
    """
    tol = 2e-3 if precision == "tf32" and dtype == "float32" else exact(k_inner, dtype)
    return tol * (2.0 if v.family == "trsm" else 1.0)


def inner_size(v: Variant, m: int, n: int, k: int) -> int:
    """The length of the dot products (for the tolerance)."""
    if v.family in ("gemm", "syrk", "syr2k"):
        return k * (2 if v.family == "syr2k" else 1)
    return m if v.side == "L" else n


def relative_error(v: Variant, out, ref, xp) -> float:
    """||out - ref||_F / ||ref||_F (only the ``uplo`` triangle for SYRK/SYR2K); NaN if the
    output holds NaN (a poisoned input read) or has the wrong shape."""
    if tuple(out.shape) != tuple(ref.shape):
        return float("nan")
    out = xp.asarray(out).astype(xp.float64)
    if v.triangle_out:
        out, ref = tri(xp, out, v.uplo), tri(xp, ref, v.uplo)
        # tri() drops NaN outside the triangle; NaN inside stays and fails the check
    diff = float(xp.linalg.norm((out - ref).ravel()))
    norm = float(xp.linalg.norm(ref.ravel()))
    return diff / norm if norm > 0 else diff


def check(v: Variant, precision: str, shape: tuple, out, ref, xp,
          dtype: str = "float32") -> tuple[float, float, str]:
    """(rel. error, tolerance, problem or ""); a float64 point's output must be float64 (not a
    peer computing in float32 on the way)."""
    err = relative_error(v, out, ref, xp)
    tol = tolerance(v, precision, inner_size(v, *shape), dtype)
    if tuple(out.shape) != tuple(ref.shape):
        return err, tol, f"shape {tuple(out.shape)} != {tuple(ref.shape)}"
    if dtype == "float64" and str(out.dtype) != dtype:
        return err, tol, f"output dtype {out.dtype}, expected {dtype}"
    if not err <= tol:      # NaN fails too
        why = " (NaN: a poisoned triangle or output read?)" if math.isnan(err) else ""
        return err, tol, f"rel. error {err:.3g} > {tol:.3g}{why}"
    return err, tol, ""
