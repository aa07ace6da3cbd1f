"""Fused BLAS-3 workloads (``kfuse bench --blas3 --routines fused``).

Each workload is a short user function over row-major float32 or float64 arrays, the same code for kfuse
(``kfuse.jit``), PyTorch (eager and torch.compile) and CuPy; cuBLAS + CuPy elementwise is the
hand-written peer (:mod:`.fused_cublas`).  A point is (workload, m, n, k): A is m x k, the
right operands k x n, the product m x n.

* ``gemm_bias_relu``  relu(A @ B + bias)             bias: n (a row broadcast); 2mnk flops;
* ``gemm_gemv``       C = A @ B; y = C @ x, both returned; 2mnk + 2mn flops;
* ``abx``             (A @ B) @ x, the product unused: kfuse reassociates to A @ (B @ x), two
                      GEMVs that read A and B once; measured in GB/s (minimal bytes: A, B, x
                      and y) against the streaming-read ceiling, as a reassociating peer would be;
* ``residual_norms``  the column norms of R = B - A @ X; 2mnk + 3mn flops.  kfuse has no
                      axis-sum: its function is ``sqrt(o @ (R * R))`` with ``o`` a vector of
                      ones (an extra input the other peers ignore; they use their norm routine);
* ``prologue``        relu(A) @ B; 2mnk flops (the operand's prologue fused);
* ``shared_operand``  A @ B1, A @ B2, both returned; 4mnk flops (one grouped kernel).

NPBench's (PolyBench's) matrix chains, ``--routines npbench`` (not in ``fused``), as the NumPy
benchmark writes them (alpha = 1.5, beta = 1.2 as its initialization sets them); timed as kfuse
plans them (no fusion asked, the plan is recorded):

* ``2mm``  D' = alpha * A @ B @ C + beta * D     A m x k, B k x n, C n x n, D m x n;
* ``3mm``  E = A @ B; F = C @ D; G = E @ F       A m x k, B k x n, C n x k, D k x n; G returned.

kfuse counts as "built" for a workload only when its plan fuses it (:func:`plan_problem`: at
most ``max_kernels`` kernels, at most ``max_gemm`` of them gemm kernels); otherwise the point is
``not-built`` with the kernels kfuse planned and the refusal the fusion legality gives, never
timed as if it were the fused routine.  Exact (``ieee``) only, in float32 or float64 (the
point's dtype: inputs, kfuse's plan, the tolerance).
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Callable

from .tolerance import exact

FAMILY = "fused"
PRECISIONS = ("ieee",)


@dataclass(frozen=True)
class Fused:
    """One fused workload (stands where a :class:`.workloads.Variant` stands in a Point)."""

    name: str
    formula: str
    inputs: tuple           # (name, shape letters) in call order, e.g. (("A", "mk"), ("B", "kn"))
    outputs: tuple          # output names, in return order
    metric: str             # "flops" (TFLOP/s vs the FFMA peak) or "bytes" (GB/s vs streaming read)
    max_kernels: int | None  # kfuse's plan fuses it: at most this many kernels (None: any) ...
    max_gemm: int | None     # ... of which at most this many in the gemm space
    family: str = FAMILY
    group: str = "fused"    # "fused" (--routines fused) or "npbench" (--routines npbench)
    triangle_out: bool = False

    def shapes(self, m: int, n: int, k: int) -> list[tuple]:
        """The input shapes at (m, n, k)."""
        dims = {"m": m, "n": n, "k": k}
        return [tuple(dims[c] for c in letters) for _, letters in self.inputs]

    @property
    def names(self) -> list[str]:
        return [name for name, _ in self.inputs]


WORKLOADS: dict[str, Fused] = {w.name: w for w in (
    Fused("gemm_bias_relu", "relu(A @ B + bias)", (("A", "mk"), ("B", "kn"), ("bias", "n")),
          ("Y",), "flops", 1, 1),
    Fused("gemm_gemv", "C = A @ B; y = C @ x (both returned)", (("A", "mk"), ("B", "kn"), ("x", "n")),
          ("C", "y"), "flops", 1, 1),
    Fused("abx", "(A @ B) @ x (product unused)", (("A", "mk"), ("B", "kn"), ("x", "n")),
          ("y",), "bytes", 2, 0),
    Fused("residual_norms", "column norms of R = B - A @ X",
          (("A", "mk"), ("X", "kn"), ("B", "mn"), ("o", "m")), ("s",), "flops", 2, 1),
    Fused("prologue", "relu(A) @ B", (("A", "mk"), ("B", "kn")), ("C",), "flops", 1, 1),
    Fused("shared_operand", "A @ B1, A @ B2", (("A", "mk"), ("B1", "kn"), ("B2", "kn")),
          ("C1", "C2"), "flops", 1, 1),
    Fused("2mm", "alpha * A @ B @ C + beta * D", (("A", "mk"), ("B", "kn"), ("C", "nn"), ("D", "mn")),
          ("D",), "flops", None, None, group="npbench"),
    Fused("3mm", "E = A @ B; F = C @ D; G = E @ F",
          (("A", "mk"), ("B", "kn"), ("C", "nk"), ("D", "kn")), ("G",), "flops", None, None,
          group="npbench"),
)}
ORDER: tuple[str, ...] = tuple(w for w in WORKLOADS if WORKLOADS[w].group == "fused")
NPBENCH: tuple[str, ...] = tuple(w for w in WORKLOADS if WORKLOADS[w].group == "npbench")
ALL: tuple[str, ...] = ORDER + NPBENCH
ALPHA, BETA = 1.5, 1.2      # NPBench's 2mm
SIZES = (1024, 4096)


def flops(w: Fused, m: int, n: int, k: int) -> int:
    """Floating-point operations of the workload as written, minus the reassociation for abx
    (whose figure of merit is bytes): products 2mnk, GEMVs 2mn, elementwise 1 per element."""
    return {"gemm_bias_relu": 2 * m * n * k + 2 * m * n,
            "gemm_gemv": 2 * m * n * k + 2 * m * n,
            "abx": 2 * k * n + 2 * m * k,
            "residual_norms": 2 * m * n * k + 3 * m * n + n,
            "prologue": 2 * m * n * k + m * k,
            "shared_operand": 4 * m * n * k,
            "2mm": 2 * m * n * k + 2 * m * n * n + m * k + 2 * m * n,
            "3mm": 2 * m * n * k + 2 * n * n * k + 2 * m * n * n}[w.name]


def min_bytes(w: Fused, m: int, n: int, k: int, itemsize: int = 4) -> int:
    """Bytes a perfect fused implementation moves (inputs read once, outputs written once),
    ``itemsize`` bytes per element (8 for float64)."""
    elems = sum(math.prod(s) for s in w.shapes(m, n, k))
    out = {"gemm_bias_relu": m * n, "gemm_gemv": m * n + m, "abx": m, "residual_norms": n,
           "prologue": m * n, "shared_operand": 2 * m * n, "2mm": m * n, "3mm": m * n}[w.name]
    return itemsize * (elems + out)


# ---------------------------------------------------------------------------
# the user code: kfuse (traced), torch, CuPy
# ---------------------------------------------------------------------------

def kfuse_fn(w: Fused) -> Callable:
    """The workload as a kfuse.jit user writes it (a plain function; ``kfuse`` ops inside)."""
    import kfuse

    def gemm_bias_relu(A, B, bias):
        return kfuse.maximum(A @ B + bias, 0.0)

    def gemm_gemv(A, B, x):
        C = A @ B
        return C, C @ x

    def abx(A, B, x):
        return (A @ B) @ x

    def residual_norms(A, X, B, o):
        R = B - A @ X
        return kfuse.sqrt(o @ (R * R))

    def prologue(A, B):
        return kfuse.maximum(A, 0.0) @ B

    def shared_operand(A, B1, B2):
        return A @ B1, A @ B2

    fns = dict(locals(), **npbench_fns())
    return fns[w.name]


def npbench_fns() -> dict:
    """NPBench's 2mm and 3mm as NumPy code (the same for every array library and kfuse.jit)."""

    def k2mm(A, B, C, D):
        return ALPHA * A @ B @ C + BETA * D

    def k3mm(A, B, C, D):
        E = A @ B
        F = C @ D
        return E @ F

    return {"2mm": k2mm, "3mm": k3mm}


def array_fn(w: Fused, xp, relu: Callable, colnorm: Callable) -> Callable:
    """The workload over an array library: ``xp`` gives matmul via ``@``; ``relu(x)`` and
    ``colnorm(R)`` (column 2-norms) are the library's own."""
    if w.name == "gemm_bias_relu":
        return lambda A, B, bias: relu(A @ B + bias)
    if w.name == "gemm_gemv":
        def gemm_gemv(A, B, x):
            C = A @ B
            return C, C @ x
        return gemm_gemv
    if w.name == "abx":
        return lambda A, B, x: (A @ B) @ x
    if w.name == "residual_norms":
        return lambda A, X, B, o: colnorm(B - A @ X)
    if w.name == "prologue":
        return lambda A, B: relu(A) @ B
    if w.group == "npbench":
        return npbench_fns()[w.name]
    return lambda A, B1, B2: (A @ B1, A @ B2)


def torch_fn(w: Fused, torch) -> Callable:
    return array_fn(w, torch, torch.relu, lambda R: torch.linalg.vector_norm(R, dim=0))


def cupy_fn(w: Fused, cupy) -> Callable:
    return array_fn(w, cupy, lambda x: cupy.maximum(x, 0), lambda R: cupy.linalg.norm(R, axis=0))


# ---------------------------------------------------------------------------
# kfuse's plan (CPU: trace + plan, as kfuse.jit does on a call)
# ---------------------------------------------------------------------------

def kfuse_plan(w: Fused, m: int, n: int, k: int, dtype: str = "float32") -> tuple:
    """(program, plan) kfuse makes for the workload at (m, n, k), without a GPU."""
    from ...api import bind_sizes, make_plan
    from ...frontend.trace import trace

    specs = [("a", s, dtype, "C") for s in w.shapes(m, n, k)]
    fn = kfuse_fn(w)
    prog = bind_sizes(trace(fn, w.names, specs, fn.__name__)[0], {})
    return prog, make_plan(prog)


def describe_plan(plan) -> str:
    """``gemm[0, 1, 2]`` or ``tile[0] + gemm[1]``: the kernels and the calls in each."""
    return " + ".join(f"{kern.space}{list(kern.calls)}" for kern in plan.kernels)


def plan_problem(w: Fused, prog, plan) -> str:
    """Why the plan does not fuse the workload ("" when it does, or when the workload asks no
    fusion: the NPBench chains), with kfuse's own refusal."""
    if w.max_kernels is None:
        return ""
    kernels = list(plan.kernels)
    gemms = sum(1 for kern in kernels if kern.space == "gemm")
    if len(kernels) <= w.max_kernels and gemms <= w.max_gemm:
        return ""
    why = f"kfuse plans {w.name} as {len(kernels)} kernel(s) {describe_plan(plan)}, not fused"
    reasons = fusion_refusal(prog)
    return f"{why}: {reasons}" if reasons else why


def fusion_refusal(prog) -> str:
    """kfuse's reasons for not running every call of ``prog`` in one kernel ("" if none)."""
    from ...fusion import legality

    try:
        reasons = legality.check(prog, [c.id for c in prog.calls])
    except Exception as exc:        # a legality bug must not hide the point: say what it said
        return f"legality check raised {type(exc).__name__}: {exc}"
    return "; ".join(str(r) for r in reasons)


# ---------------------------------------------------------------------------
# inputs, float64 references, the check (xp: numpy or cupy)
# ---------------------------------------------------------------------------

def make_inputs(w: Fused, m: int, n: int, k: int, seed: int, xp, dtype: str = "float32") -> list:
    """Fresh inputs of ``dtype``, uniform in (-1, 1); ``o`` (residual_norms) is ones."""
    rs = xp.random.RandomState(seed)
    out = []
    for (name, _), shape in zip(w.inputs, w.shapes(m, n, k)):
        if name == "o":
            out.append(xp.ones(shape, dtype=dtype))
        else:
            out.append(rs.uniform(-1.0, 1.0, size=shape).astype(dtype))
    return out


def reference(w: Fused, inputs: list, xp) -> list:
    """The float64 outputs, in return order."""
    x = [a.astype(xp.float64) for a in inputs]
    if w.name == "gemm_bias_relu":
        return [xp.maximum(x[0] @ x[1] + x[2], 0.0)]
    if w.name == "gemm_gemv":
        c = x[0] @ x[1]
        return [c, c @ x[2]]
    if w.name == "abx":
        return [x[0] @ (x[1] @ x[2])]
    if w.name == "residual_norms":
        r = x[2] - x[0] @ x[1]
        return [xp.sqrt((r * r).sum(axis=0))]
    if w.name == "prologue":
        return [xp.maximum(x[0], 0.0) @ x[1]]
    if w.name == "2mm":
        return [ALPHA * (x[0] @ x[1]) @ x[2] + BETA * x[3]]
    if w.name == "3mm":
        return [(x[0] @ x[1]) @ (x[2] @ x[3])]
    return [x[0] @ x[1], x[0] @ x[2]]


def tolerance(w: Fused, k: int, n: int, dtype: str = "float32") -> float:
    """Relative Frobenius tolerance: the suite's exact rule in ``dtype``
    (:func:`.tolerance.exact`, :func:`.workloads.tolerance` says why) on the longest chain of sums: k, or k + n for a product
    then another product or GEMV of it."""
    chained = ("abx", "gemm_gemv", "2mm", "3mm")
    return exact(k + n if w.name in chained else k, dtype)


def relative_error(out, ref, xp) -> float:
    """||out - ref||_F / ||ref||_F in float64 (NaN when the output holds NaN)."""
    diff = float(xp.linalg.norm((xp.asarray(out).astype(xp.float64) - ref).ravel()))
    norm = float(xp.linalg.norm(ref.ravel()))
    return diff / norm if norm > 0 else diff


def check(w: Fused, shape: tuple, outs: list, refs: list, xp,
          dtype: str = "float32") -> tuple[float, float, str]:
    """(worst rel. error, tolerance, problem or "") over every output (of ``dtype``: a float64
    point's outputs must be float64)."""
    tol = tolerance(w, shape[2], shape[1], dtype)
    if len(outs) != len(refs):
        return float("nan"), tol, f"{len(outs)} outputs, expected {len(refs)} ({', '.join(w.outputs)})"
    worst = 0.0
    for name, out, ref in zip(w.outputs, outs, refs):
        if tuple(out.shape) != tuple(ref.shape):
            return float("nan"), tol, f"{name}: shape {tuple(out.shape)} != {tuple(ref.shape)}"
        if dtype == "float64" and str(out.dtype) != dtype:
            return float("nan"), tol, f"{name}: output dtype {out.dtype}, expected {dtype}"
        err = relative_error(out, ref, xp)
        if not err <= tol:      # NaN fails too
            return err, tol, f"{name}: rel. error {err:.3g} > {tol:.3g}"
        worst = max(worst, err)
    return worst, tol, ""
