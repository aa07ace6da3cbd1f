"""The trsm space: one triangular solve per planned kernel, run as several
launches (:mod:`kfuse.codegen.trsm.lower`).

Every variant is solved as a LEFT problem ``A' X' = B'`` by index maps (never a copy): side left
``A' = op(A)``, ``X' = X``; side right ``X op(A) = B <=> op(A)^T X^T = B^T``, so ``A' = op(A)^T``
(the other triangle) and ``X'`` is X read transposed.  A' lower walks its blocks forward, upper
backward.  The launches, in order (:func:`solve_steps`):

* ``copy``: ``X = alpha * B`` (B in any layout; X row-major);
* ``leaf r0 rows``: the diagonal block A'[r0:r0+rows, r0:r0+rows] solved in place on X', the
  right-hand sides in parallel (one thread per column of X'), the rows walked sequentially;
* ``update c0 crows k0 krows``: ``X'[c0:c0+crows] -= A'[c0:.., k0:..] @ X'[k0:k0+krows]``, a GEMM
  of the FFMA emitter on sub-blocks (alpha -1, beta 1, in place).

Algorithm "inverse" (MAGMA's inverted diagonal blocks): ``copy`` writes ``R = alpha * B`` to a
workspace instead; one ``invert`` launch writes the inverses of ALL leaf x leaf diagonal blocks
of A' to a workspace Ainv (:mod:`kfuse.codegen.trsm.inverse`); then every step is a GEMM, with no
aliasing: a leaf ``X'[r0..] = Ainv_b @ R'[r0..]`` and an update ``R'[c0..] -= A'[c0.., k0..] @
X'[k0..]`` (the same recursion as "recursive").

The params a plan holds (a user may edit them): ``algorithm`` "recursive" (X1 = solve(A11, B1);
B2 -= A21 X1; X2 = solve(A22, B2), down to a leaf: most flops in large GEMMs), "blocked" (the
sequential baseline: one leaf after another, each followed by a rank-``leaf`` update of all the
rows after it) or "inverse", ``leaf`` (rows of a diagonal block: a power of two, 16..64; 16..128
for inverse) and the GEMM scheme of the updates (the gemm space's fields).  The model: the
updates' flops at the FFMA engine rate x the scheme's tile efficiency x a short-k penalty, plus
the leaves (their FMAs, or their row-by-row latency; under inverse GEMMs like the updates, and
the inversion's counted cycles: its merge levels' barriers and FMAs) and one launch each.
"""
from __future__ import annotations

import dataclasses
import math

from ... import config
from ...errors import PlanError
from ...ir import itemsize
from ..base import Domain, Geometry, ParamSpec, Space, frozen
from ..gemm.model import EngineTraffic, engine_seconds
from ..traffic import KernelTraffic
from ..gemm.space import engine_refusal, scheme_of, scheme_text, tile_efficiency
from . import explain as trsm_explain
from .choices import ALGORITHMS, BUILT_ALGORITHMS, LEAVES, trsm_fn
from .mma import mma_update_scheme, update_engine_schemes
from ..gemm import engines
from ..gemm.scheme import SCHEME_HIGH, GemmScheme, default_scheme

MAX_LEAF = 64                           # the leaf's column of X' lives in registers (NB of them)
LEAF_THREADS = 64                       # threads (right-hand-side columns) per leaf block
MAX_SHARED = 232448                     # bytes of dynamic shared memory a block may have (sm_90)
#: the model's nominal FMA lanes x clock (H200: 132 x 128 x 1.98 GHz) to express leaf latency and
#: launches in the FMA units of the kernel's ``extra_flops``
NOMINAL_FMA_RATE = 132 * 128 * 1.98e9
#: one element of a leaf's triangle (a shared read and an FMA of one thread's chain): H200, leaf 64,
#: 4096 and 1024 right-hand sides, 16.8 and 16.2 us a leaf (benchmarks/tools/trsm_probe.py)
LEAF_ELEM_CYCLES = 16
CLOCK_HZ = 1.98e9
LAUNCH_S = 2.5e-6                       # one more launch in the graph of the call
INV_DIAG = 16                           # the inversion kernel's diagonal sub-blocks: D x D, one thread a column
INV_TM, INV_TN = 4, 4                   # a thread's register tile of the inversion's merge GEMMs
MAX_INV_THREADS = 1024                  # threads of the inversion block (inv_threads)
#: the inversion kernel's cycles (counted; the H200 measured 21 us at n = 4096, leaf 128, where
#: these give 6.2 us: trsm_s18/, not yet fitted): an element loaded
#: and stored (global latency amortized over a thread's independent copies), one FMA of a
#: sub-block's dependent sums (a broadcast shared read and the FMA's latency), one FMA of a
#: merge GEMM's register tile (its share of the tile's shared reads; 8 warps on 4 schedulers),
#: a barrier, and the fixed part (the first global reads' latency, the launch's tail)
INV_ELEM_CYCLES = 8
INV_CHAIN_CYCLES = 8
INV_FMA_CYCLES = 2
INV_BARRIER_CYCLES = 100
INV_FIXED_CYCLES = 2000


def solve_steps(algorithm: str, n: int, leaf: int, lower: bool) -> list:
    """The launches after the copy, in order, in left-problem rows: ``("leaf", r0, rows)`` and
    ``("update", c0, crows, k0, krows)`` (rows c0.. of X' -= A'[c0.., k0..] @ X'[k0..]).

    >>> solve_steps("recursive", 4, 2, True)
    [('leaf', 0, 2), ('update', 2, 2, 0, 2), ('leaf', 2, 2)]
    >>> solve_steps("blocked", 6, 2, False)
    [('leaf', 4, 2), ('update', 0, 4, 4, 2), ('leaf', 2, 2), ('update', 0, 2, 2, 2), ('leaf', 0, 2)]
    """
    if n <= 0:
        return []
    if algorithm == "blocked":
        starts = list(range(0, n, leaf))
        out = []
        for r0 in (starts if lower else starts[::-1]):
            rows = min(leaf, n - r0)
            out.append(("leaf", r0, rows))
            if lower and r0 + rows < n:
                out.append(("update", r0 + rows, n - r0 - rows, r0, rows))
            elif not lower and r0 > 0:
                out.append(("update", 0, r0, r0, rows))
        return out
    out: list = []

    def rec(lo: int, hi: int):
        size = hi - lo
        if size <= leaf:
            out.append(("leaf", lo, size))
            return
        mid = lo + leaf * (math.ceil(size / leaf) // 2)   # the first part a whole number of leaves
        if lower:
            rec(lo, mid)
            out.append(("update", mid, hi - mid, lo, mid - lo))
            rec(mid, hi)
        else:
            rec(mid, hi)
            out.append(("update", lo, mid - lo, mid, hi - mid))
            rec(lo, mid)
    rec(0, n)
    return out


def gemm_steps(algorithm: str, steps: list) -> list:
    """The steps that run as GEMMs, each as an update ``("update", c0, crows, k0, krows)`` of its
    sizes: the updates, and under ``inverse`` the leaves too (X'[r0..] = Ainv_b @ R'[r0..], a
    rows x nrhs x rows product).

    >>> gemm_steps("inverse", [("leaf", 0, 2), ("update", 2, 2, 0, 2), ("leaf", 2, 1)])
    [('update', 0, 2, 0, 2), ('update', 2, 2, 0, 2), ('update', 2, 1, 2, 1)]
    """
    if algorithm != "inverse":
        return [st for st in steps if st[0] == "update"]
    return [("update", st[1], st[2], st[1], st[2]) if st[0] == "leaf" else st for st in steps]


def left_lower(fn) -> bool:
    """Whether the left problem's A' is lower triangular (side right flips the triangle)."""
    return (fn.uplo == "lower") == (fn.side == "left")


def inv_threads(leaf: int) -> int:
    """Threads of the inversion block: one a column of the sub-blocks' inverses (``leaf``), and
    one a register tile of the widest merge GEMM (``leaf/2 x leaf/2`` outputs in INV_TM x INV_TN
    tiles), whichever is more.

    >>> [inv_threads(leaf) for leaf in (16, 32, 64, 128, 256)]
    [16, 32, 64, 256, 1024]
    """
    return max(leaf, (leaf // 2) * (leaf // 2) // (INV_TM * INV_TN))


def inv_shared_bytes(leaf: int, es: int) -> int:
    """Dynamic shared memory of the inversion block: the leaf x leaf block, rows padded by one
    element (overwritten in place by its inverse)."""
    return leaf * (leaf + 1) * es


def leaf_refusals(leaf, dtype: str, algorithm: str = "recursive") -> list:
    """Why ``leaf`` rows per diagonal block cannot be built for ``dtype`` under ``algorithm``
    (recursive/blocked: the leaf kernel's registers and shared memory; inverse: the inversion
    kernel's threads and shared memory)."""
    if isinstance(leaf, bool) or not isinstance(leaf, int) or leaf < 1:
        return [f"leaf={leaf!r} must be a positive integer"]
    why = []
    if leaf & (leaf - 1):
        why.append(f"leaf={leaf} is not a power of two (the recursion splits at whole leaves)")
    if leaf < 16:
        why.append(f"leaf={leaf} is under 16: more launches than work")
    if algorithm == "inverse":
        smem = inv_shared_bytes(leaf, itemsize(dtype))
        if inv_threads(leaf) > MAX_INV_THREADS:
            why.append(f"leaf={leaf} needs {inv_threads(leaf)} threads, over {MAX_INV_THREADS}: the inversion "
                       "kernel has a thread per column of the inverse and per register tile of its merges")
        elif smem > MAX_SHARED:
            why.append(f"leaf={leaf} is too large for the inverse in {dtype}: the inversion kernel keeps the "
                       f"{leaf} x {leaf} block (rows padded by one) in shared memory ({smem} bytes, over the "
                       f"{MAX_SHARED} a block may have)")
        return why
    most = MAX_LEAF   # measured with NVRTC 13 for sm_90: 128 floats spill 144 B, 128 doubles 3840 B
    if leaf > most:
        why.append(f"leaf={leaf} is over {most} for {dtype}: a thread keeps its column of the leaf in registers "
                   f"({leaf} of them would spill)")
    smem = leaf * leaf * itemsize(dtype)
    if smem > MAX_SHARED:
        why.append(f"leaf={leaf}: the {leaf} x {leaf} diagonal block takes {smem} bytes of shared memory, over "
                   f"the {MAX_SHARED} a block may have")
    return why


def inversion_cycles(leaf: int) -> float:
    """One inversion block's cycles: its copies in and out, the D x D sub-blocks' dependent sums
    (D(D-1)/2 FMAs in a chain), then each merge level b = D .. leaf/2: four barriers and two
    products, the slowest thread's b x INV_TM x INV_TN FMAs each.

    >>> inversion_cycles(128)   # 2000 + 2 * 64 * 8 + 120 * 8 + 3 * 4 * 100 + 2 * 16 * (16 + 32 + 64) * 2
    12352.0
    """
    d = min(INV_DIAG, leaf)
    cycles = INV_FIXED_CYCLES + 2 * leaf * leaf / inv_threads(leaf) * INV_ELEM_CYCLES
    cycles += d * (d - 1) / 2 * INV_CHAIN_CYCLES
    b = d
    while b < leaf:
        cycles += 4 * INV_BARRIER_CYCLES + 2 * b * INV_TM * INV_TN * INV_FMA_CYCLES
        b *= 2
    return cycles


def inversion_seconds(n: int, leaf: int) -> float:
    """The model's time of the inversion kernel: one block per diagonal block (a wave per SM
    count of them), each :func:`inversion_cycles`.

    >>> round(inversion_seconds(4096, 128) * 1e6, 1)
    6.2
    """
    waves = math.ceil(-(-n // leaf) / config.get().sm_count)
    return waves * inversion_cycles(leaf) / CLOCK_HZ


#: schemes an update whose grid leaves SMs idle falls back to (``adapt`` 1), in order: 64 x 128
#: and 64 x 64 tiles (H200 1024^3: 0.91x and 0.93x cuBLAS, gemm_emit_probe_splitk_h200.json)
SMALL_SCHEMES = (dict(bm=64, bn=128, bk=16, tm=8, tn=8, stages=3, min_blocks=1, splitk=1),
                 dict(bm=64, bn=64, bk=16, tm=8, tn=4, stages=3, min_blocks=1, splitk=1))


#: the large updates' scheme the search tries first (float32)
BIG_SCHEME = dict(bn=256, tn=16, bk=16, stages=3)


def exact_scheme(dtype: str) -> GemmScheme:
    """The FFMA scheme an exact GEMM of the solve starts from (the inverse algorithm's leaves
    under precision tf32: a TF32 ``Ainv @ R`` multiplies its rounding by the block's condition)."""
    base = default_scheme(dtype)
    return dataclasses.replace(base, **BIG_SCHEME) if dtype == "float32" else base


def update_scheme(scheme: GemmScheme, dtype: str, m: int, n: int, k: int, adapt: int = 1) -> GemmScheme:
    """The scheme of an update of m x n x k: the plan's, or under ``adapt`` 1, where its grid has
    fewer tiles than the GPU has SMs, the first of :data:`SMALL_SCHEMES` with more tiles (the one
    with the most otherwise), then split-k (2 or 4) while the tiles still leave SMs idle and k
    has the k tiles for it.

    >>> update_scheme(GemmScheme(bn=256, tn=16, bk=16, stages=3), "float32", 64, 4096, 64).to_text()[:48]
    'thread_grouping(bm=64, bn=64, tm=8, tn=4); loop_'
    """
    sms = config.get().sm_count

    def tiles(s):
        return max(1, -(-m // s.bm)) * max(1, -(-n // s.bn))
    eng = engines.find(scheme.engine)
    if eng is not None and not eng.splits_k:   # tensor-core updates (spaces/trsm/mma.py)
        return mma_update_scheme(scheme, dtype, m, n, k, adapt)
    if not adapt or tiles(scheme) >= sms or eng is None:
        return scheme
    options = [dataclasses.replace(scheme, **kw) for kw in SMALL_SCHEMES]
    options = [s for s in options if not s.refusals(dtype, m, n, k)] or [scheme]
    best = next((s for s in options if tiles(s) >= sms), max(options, key=tiles))
    for split in (2, 4):
        if tiles(best) * best.splitk >= sms:
            break
        cand = dataclasses.replace(best, splitk=split)
        if -(-k // cand.bk) >= 2 * split and not cand.refusals(dtype, m, n, k):
            best = cand
    return best


def update_refusals(scheme: GemmScheme, dtype: str, steps: list, nrhs: int, side: str, adapt: int = 1) -> list:
    """The engine (it must match the precision: "tf32" runs float32 updates on mma_tf32, "ieee"
    and float64 on ffma), then the scheme's refusals for the updates' sizes (each distinct one once)."""
    why = []
    wrong = engine_refusal(scheme, dtype)
    if wrong:
        return [f"the updates' {wrong}"]
    seen = set()
    for st in steps:
        if st[0] != "update":
            continue
        _, _, crows, _, krows = st
        mnk = (crows, nrhs, krows) if side == "left" else (nrhs, crows, krows)
        if mnk in seen:
            continue
        seen.add(mnk)
        for w in update_scheme(scheme, dtype, *mnk, adapt).refusals(dtype, *mnk):
            text = f"update {mnk[0]} x {mnk[1]} x {mnk[2]}: {w}"
            if text not in why:
                why.append(text)
    return why


class TrsmSpace(Space):
    """One triangular solve per kernel, several launches (see the module doc)."""

    name = "trsm"
    claim_order = 3
    kernel_order = 7
    host_rank = 3
    hosts_others = False
    local_search = True
    params = (ParamSpec("algorithm", str, "recursive", choices=ALGORITHMS,
                        doc="recursive (most flops in large GEMMs) | blocked (leaf after leaf, rank-leaf "
                            "updates) | inverse (diagonal blocks inverted by one kernel, then GEMMs only)"),
              ParamSpec("leaf", int, 64, low=1, high=1024, doc="rows of a diagonal block solved by one leaf launch "
                                                    "(a power of two, 16..64; inverse: 16..128)"),
              ParamSpec("adapt", int, 1, choices=(0, 1),
                        doc="1: an update whose grid leaves SMs idle takes smaller tiles, then split-k "
                            "(update_scheme); 0: every update runs the plan's scheme"),) + tuple(
        ParamSpec(f.name, type(f.default), f.default, choices=engines.names() if f.name == "engine" else (),
                  low=None if f.name == "engine" else 0 if f.name in ("wm", "wn") else 1,
                  high=SCHEME_HIGH.get(f.name), doc=f"the updates' GEMM scheme: {f.name}") for f in dataclasses.fields(GemmScheme)) + (
        ParamSpec("unaligned", int, 0, choices=(0, 1),
                  doc="1: A and X may be aligned to their element only (element copies; the runtime's plan "
                      "for offset views); 0: 16-byte copies where the sub-block allows"),)
    unpacked_params = {"unaligned": 1}

    # ------------------------------------------------------------------ domain
    def claim(self, program, call, fn) -> Domain | None:
        """A triangular solve: rows x cols of X' (the left problem), shape (n, nrhs, side)."""
        if fn.hof != "solve":
            return None
        m, n = (int(d) for d in program.value(call.args["B"]).type.shape)
        size, nrhs = (m, n) if fn.side == "left" else (n, m)
        return Domain("trsm", length=size, rows=m, cols=n, lead="C", shape=(size, nrhs, fn.side))

    def refusal(self, program, call, fn) -> str:
        return f"{call.label} is no triangular solve"

    def describe(self, domain: Domain) -> str:
        n, nrhs, side = domain.shape
        return f"triangular solve {n} x {n}, {nrhs} right-hand sides (side {side})"

    def elements(self, domain: Domain) -> int:
        return domain.rows * domain.cols

    def plan_lines(self, params: dict) -> list:
        p = dict(self.defaults(), **params)
        s = scheme_of(p)
        eng = engines.find(s.engine)
        engine = f" (on {eng.title}; the leaves exact FFMA)" if eng is not None and eng.precision != "ieee" else ""
        return [f"solver: algorithm {p['algorithm']}, leaf {p['leaf']}; updates{engine}: {scheme_text(s)}"]

    def defaults(self) -> dict:
        return {s.name: s.default for s in self.params}

    def scheme_params(self, params: dict) -> dict:
        """The GEMM scheme fields among ``params``."""
        return {k: v for k, v in params.items() if k not in ("algorithm", "leaf", "unaligned", "adapt")}

    def fusion_refusals(self, program, calls: list, info) -> list:
        """A triangular solve runs alone: its launches read and write X' row block by row block,
        complete only after the last one."""
        solves = [c for c in calls if trsm_fn(info, c)]
        return [f"call {c} ({program.calls[c].label}) is a triangular solve: it runs alone in its kernel (its "
                "result is complete only after its last launch)" for c in solves]

    # ------------------------------------------------------------------ parameters
    def validate(self, program, kernel, domain: Domain, info) -> None:
        """The schema, then the algorithm (built?), the leaf and the updates' scheme refusals."""
        self.check_schema(kernel)
        call = next((c for c in kernel.calls if trsm_fn(info, c)), None)
        if call is None:
            raise PlanError(f"kernel {kernel.name}: a trsm kernel needs a triangular solve call")
        why = self.refusals(kernel.params, domain, info.fn(call), info.dtype(call))
        if why:
            raise PlanError(f"kernel {kernel.name}: solver refused: " + "; ".join(why))

    def refusals(self, params: dict, domain: Domain, fn, dtype: str) -> list:
        """Why ``params`` cannot solve this call (empty: they can)."""
        p = dict(self.defaults(), **params)
        why = []
        if p["algorithm"] not in BUILT_ALGORITHMS:
            why.append(f"algorithm {p['algorithm']!r} is not built yet (built: {', '.join(BUILT_ALGORITHMS)})")
            return why
        why += leaf_refusals(p["leaf"], dtype, p["algorithm"])
        if why:
            return why
        n, nrhs, side = domain.shape
        steps = gemm_steps(p["algorithm"], solve_steps(p["algorithm"], n, p["leaf"], left_lower(fn)))
        why += [f"the updates' scheme: {w}" for w in scheme_of(p).refusals(dtype)]   # as edited, at any size
        return why + update_refusals(scheme_of(p), dtype, steps, nrhs, side, p["adapt"])

    def default_params(self, program, calls: list, domain: Domain, dtype: str, info) -> dict:
        return dict(self.variants(program, calls, domain, dtype, True, info)[0])

    def variants(self, program, calls: list, domain: Domain, dtype: str, wide: bool, info) -> list:
        """Recursive then blocked, each leaf of :data:`LEAVES`, with the dtype's default scheme;
        those refused left out."""
        call = next((c for c in calls if trsm_fn(info, c)), None)
        fn = info.fn(call) if call is not None else None
        dtype = info.dtype(call) if call is not None else dtype
        base = default_scheme(dtype)
        schemes = [dataclasses.asdict(base)]
        if dtype == "float32":   # the best measured FFMA scheme (0.91x cuBLAS at 4096 on the H200)
            schemes.insert(0, dataclasses.asdict(dataclasses.replace(base, **BIG_SCHEME)))
        schemes = update_engine_schemes(dtype, schemes)   # precision tf32: the mma schemes instead
        out = []
        for scheme in schemes:
            for alg in BUILT_ALGORITHMS:
                for leaf in LEAVES:
                    p = dict(scheme, algorithm=alg, leaf=leaf, adapt=1)
                    if fn is None or not self.refusals(p, domain, fn, dtype):
                        out.append(p)
        return out or [dict(schemes[-1], algorithm="recursive", leaf=64, adapt=1)]

    def launch_refusal(self, program, calls, domain, default, fitting, over_budget, info) -> str | None:
        return None

    def shared_static(self, program, calls: list, params: dict, domain: Domain, info) -> int:
        return 0

    # ------------------------------------------------------------------ geometry, model
    def geometry(self, program, calls: list, params: dict, domain: Domain, info) -> Geometry:
        """All the launches' blocks together (the model's waves: one pass over the GPU), the leaf's
        threads; detail: ``steps`` and ``dtype``."""
        p = dict(self.defaults(), **params)
        call = next((c for c in calls if trsm_fn(info, c)), calls[0])
        dtype = info.dtype(call)
        n, nrhs, side = domain.shape
        steps = solve_steps(p["algorithm"], n, p["leaf"], left_lower(info.fn(call))) if trsm_fn(info, call) else []
        inverse = p["algorithm"] == "inverse"
        blocks = -(-n // p["leaf"]) if inverse and steps else 0      # the inversion kernel's
        for st in (gemm_steps("inverse", steps) if inverse else steps):
            if st[0] == "leaf":
                blocks += max(1, -(-nrhs // LEAF_THREADS))
            else:
                m_, n_ = (st[2], nrhs) if side == "left" else (nrhs, st[2])
                s = update_scheme(scheme_of(p), dtype, m_, n_, st[4], p["adapt"])
                blocks += max(1, -(-m_ // s.bm)) * max(1, -(-n_ // s.bn)) * s.splitk
        return Geometry((max(1, blocks), 1, 1), (LEAF_THREADS, 1, 1),
                        detail=frozen({"steps": tuple(steps), "dtype": dtype}))

    def traffic_facts(self, program, calls: list, domain: Domain, seen: set, info) -> dict:
        call = next((c for c in calls if trsm_fn(info, c)), None)
        return {"trsm": None if call is None else {"dtype": info.dtype(call), "lower": left_lower(info.fn(call))}}

    def traffic(self, geometry: Geometry, params: dict, facts: dict) -> EngineTraffic:
        """The updates' flops on the FFMA engine (each GEMM's tile efficiency x short-k penalty x
        its waves folded into ``engine_flops``); the leaves and the extra launches in
        ``extra_flops`` (FMA units); the copy's bytes in ``reread``."""
        t = facts.get("trsm")
        if not t:
            return EngineTraffic(per_thread_bytes=64)
        p = dict(self.defaults(), **params)
        n, nrhs, side = facts["dom"].shape
        steps = geometry.detail["steps"]
        eff = 1.0
        slots = config.get().sm_count
        flops, extra = 0.0, 0.0
        if p["algorithm"] == "inverse" and steps:
            extra += inversion_seconds(n, p["leaf"]) * NOMINAL_FMA_RATE + LAUNCH_S * NOMINAL_FMA_RATE
            steps = gemm_steps("inverse", steps)
        for st in steps:
            if st[0] == "leaf":
                rows = st[2]
                issue = rows * rows * nrhs / 2 * 2               # FMAs + shared reads
                latency = rows * rows / 2 * LEAF_ELEM_CYCLES / CLOCK_HZ * NOMINAL_FMA_RATE
                extra += max(issue, latency)
            else:
                _, _, crows, _, krows = st
                m_, n_ = (crows, nrhs) if side == "left" else (nrhs, crows)
                s = update_scheme(scheme_of(p), t["dtype"], m_, n_, krows, p["adapt"])
                tiles = max(1, -(-m_ // s.bm)) * max(1, -(-n_ // s.bn)) * s.splitk
                waves = max(1.0, slots * math.ceil(tiles / slots) / tiles)
                short_k = (krows / s.splitk + 8 * s.bk) / (krows / s.splitk)   # a short k loop's prologue, epilogue
                flops += 2.0 * m_ * n_ * krows * waves * short_k / tile_efficiency(s)
            extra += LAUNCH_S * NOMINAL_FMA_RATE
        es = itemsize(t["dtype"])
        return EngineTraffic(per_thread_bytes=64, reread=2 * n * nrhs * es, extra_flops=extra, engine_flops=flops,
                             engine=f"{scheme_of(p).engine}/{t['dtype']}", engine_eff=eff)

    def compute_seconds(self, traffic: KernelTraffic, cal) -> float:
        """The updates' engine term (:func:`kfuse.spaces.gemm.model.engine_seconds`)."""
        return engine_seconds(traffic, cal)

    def explain_lines(self, program, kernel, needed: set, predict, info) -> list:
        """Every algorithm x leaf of the solve, predicted (:mod:`.explain`)."""
        return trsm_explain.explain_lines(self, program, kernel, needed, predict, info)

    def kind(self, program, calls: list, domain: Domain, info) -> str:
        return "trsm"
