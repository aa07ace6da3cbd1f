"""The rows space: a group of threads per row of a sparse matrix (SpMV), with vector maps and
reductions over the same rows run by each row's holder.  CSR rows are walked one nonzero per
lane or in 16-byte packs (``vec``); a group may own ``span`` consecutive rows; with group > 1
a block iteration may park its row results in a shared-memory *stage* of ``stage`` groups."""
from __future__ import annotations

import itertools
import math

from ..errors import PlanError
from ..ir import probe_row_length   # a fact of the sparse type: the rows probes' row length
from ..ir import itemsize
from .traffic import Traffic
from .base import (BLOCKS_PER_SM, FINISHES, INT_MAX, Domain, Geometry, ParamSpec, Space, blocks_wanted, budget_blocks,
                   frozen, pack_width, serial_iters)
from .facts import SPARSE_PER_ROW
from .finish import sum_atomic_refusal
from .vec import DEFAULT_BLOCK, check_sum_atomic

#: how strongly the lanes a group leaves idle in its last step slow a rows kernel: time
#: scales as (slots loaded / nonzeros) ** FILL_EXPONENT (H200, the five Table-3 profiles'
#: SpMV variants: 0.5 ranks every profile's best within 1% of the fastest measured)
FILL_EXPONENT = 0.5


def rows_params(domain: Domain, group: int = 8) -> dict:
    """Launch parameters of a sparse-rows kernel: block size, threads per row, serial iterations."""
    bs = DEFAULT_BLOCK
    blocks = max(1, math.ceil(domain.length / (bs // group)))
    return {"block": bs, "group": group, "iters": max(1, math.ceil(blocks / blocks_wanted()))}


def sparse_types(program, calls: list) -> list:
    """The types of the sparse matrices ``calls`` read."""
    return [program.value(v).type for c in calls for v in program.calls[c].args.values()
            if program.value(v).type.kind == "sparse"]


def per_row_hint(program, calls: list) -> int:
    """The largest nonzeros-per-row hint of the sparse matrices ``calls`` read (0: unknown)."""
    return max((t.per_row for t in sparse_types(program, calls)), default=0)


def rows_groups(program, calls: list) -> tuple:
    """Threads per row worth trying: ELLPACK-R walks slots coalesced across rows (1, 2, 4);
    CSR from a fraction of the rows' nonzeros up to all of them (per-row hint p: groups in
    [p/8, p], capped at a warp), all of (1, 4, 8, 16, 32) when the hint is unknown."""
    if {t.fmt for t in sparse_types(program, calls)} == {"ell"}:
        return (1, 2, 4)
    hint = per_row_hint(program, calls)
    if not hint:
        return (1, 4, 8, 16, 32)
    return tuple(g for g in (1, 2, 4, 8, 16, 32) if hint / 8 <= g <= max(1, hint) or (g == 32 and hint > 32))


def span_groups(program, calls: list, pack: int) -> tuple:
    """Threads per row when CSR rows are read in packs of ``pack`` nonzeros: from a quarter of
    a row's packs to twice them (per-row hint p: [p/(4 pack), 2p/pack]), at least 2, at most a
    warp; (4, 8, 16, 32) when the hint is unknown."""
    hint = per_row_hint(program, calls)
    if not hint:
        return (4, 8, 16, 32)
    return tuple(g for g in (2, 4, 8, 16, 32) if hint / (4 * pack) <= g <= max(2, 2 * hint / pack))


def span_refusal(program, calls: list, info) -> str | None:
    """Why a group may not own several consecutive rows (``span``) of the sparse products of
    ``calls``, or None: every matrix must be CSR, and each product may read only matrix entries
    and gathered vector elements in its compute stage (nothing per row)."""
    for c in calls:
        call, fn = program.calls[c], info.fn(c)
        if fn.hof != "sparse_reduce":
            continue
        for p, v in call.args.items():
            t = program.value(v).type
            if t.kind == "sparse" and t.fmt != "csr":
                return f"span > 1 needs CSR matrices ({call.label} reads {t.fmt})"
            if fn.param(p).stage == "compute" and fn.param(p).kind not in ("sparse", "vector"):
                return f"span > 1: {call.label} reads {p} per row in its compute stage"
    return None


def group_steps(row_len: float, group: int, pack: int, span: int) -> float:
    """Expected steps of a group of ``group`` lanes over ``span`` rows of ``row_len`` nonzeros
    read in aligned packs of ``pack`` (a row start lands anywhere in its pack; a fractional
    length mixes its two neighbours)."""
    w = span * row_len
    lo, frac = int(math.floor(w)), w - math.floor(w)
    total = 0.0
    for o in range(pack):   # the span's start, pack-relative
        for n, p in ((lo, 1 - frac), (lo + 1, frac)):
            if p:
                total += p * max(1, math.ceil(math.ceil((n + o) / pack) / group))
    return total / pack


def lane_fill(row_len: float, group: int, pack: int, span: int) -> float:
    """Slots a group loads per nonzero it needs: 1 when its rows fill its steps exactly."""
    return group_steps(row_len, group, pack, span) * group * pack / (span * max(row_len, 1.0))


def fill_correction(program, calls: list, params: dict) -> float:
    """Time factor for CSR rows of the traced mean length against the calibration probe's
    (:func:`probe_row_length` of the hint): the probes' factors hold their own lane fill; a
    matrix whose rows fill a group's steps worse (consph: 72 per row, hint 64, probe 57) is
    slower by about the ratio of fills to FILL_EXPONENT (1 where the mean is not known)."""
    g, pack, span = int(params.get("group", 1)), int(params.get("vec", 1)), int(params.get("span", 1))
    ratios = [lane_fill(t.row_mean, g, pack, span) / lane_fill(probe_row_length(t.per_row), g, pack, span)
              for t in (program.value(program.base(v)).type for c in calls for v in program.calls[c].args.values())
              if t.kind == "sparse" and t.fmt == "csr" and t.row_mean and t.per_row]
    return max(ratios) ** FILL_EXPONENT if ratios else 1.0


class RowsSpace(Space):
    """Sparse rows (sample: codegen's rows lowering)."""

    name = "rows"
    claim_order = 10
    kernel_order = 3
    host_rank = 2
    hosts_others = True
    packed_only = ("span",)
    shares_costs = False   # predictions also read the matrices' row statistics
    raises_regs = True
    params = (
        ParamSpec("block", int, None, low=32, high=1024, power_of_two=True, required=True, doc="threads per block"),
        ParamSpec("group", int, 1, low=1, high=32, power_of_two=True, doc="threads per row"),
        ParamSpec("vec", int, 1, low=1, high=4, power_of_two=True, doc="CSR nonzeros per 16-byte load"),
        ParamSpec("iters", int, None, low=1, high=INT_MAX, required=True, doc="serial iterations of each block"),
        ParamSpec("stage", int, 1, low=0, high=32, doc="groups of rows a stage collects (0: no stage); <= group"),
        ParamSpec("span", int, 1, low=1, high=64, power_of_two=True, doc="consecutive CSR rows a group owns"),
        ParamSpec("finish", str, "last_block", choices=FINISHES, doc="how block results combine"),
        ParamSpec("regs", int, None, doc="register budget per thread: 32, 64, 128 or 255 (default none)"),
    )
    floor_params = {"block": 256, "group": 8, "iters": 1}

    def claim(self, program, call, fn) -> Domain | None:
        """A call reading a sparse matrix: its rows."""
        sp = next((program.value(v) for v in call.args.values() if program.value(v).type.kind == "sparse"), None)
        if sp is None:
            return None
        rows, cols = sp.type.shape
        return Domain("rows", length=int(rows), rows=int(rows), cols=int(cols), lead=sp.type.fmt)

    def refusal(self, program, call, fn) -> str:
        return f"{call.label} reads no sparse matrix"

    def describe(self, domain: Domain) -> str:
        return f"sparse product over {domain.rows} rows ({domain.lead.upper()})"

    def mapping_key(self, domain: Domain) -> tuple:
        """Sparse matrices of any width share the rows of their outputs."""
        return ("rows", domain.length)

    def hosts(self, domain: Domain, other: Domain) -> bool:
        """A vector map/reduce whose element i is row i."""
        return other.space == "vec" and other.length == domain.length

    def elements(self, domain: Domain) -> int:
        return domain.rows * SPARSE_PER_ROW

    def default_params(self, program, calls: list, domain: Domain, dtype: str, info) -> dict:
        return rows_params(domain)

    def validate(self, program, kernel, domain: Domain, info) -> None:
        """The schema, then stage, span and packs against the group, packs of 16 bytes at
        most, span only over CSR products, atomics only where the reductions allow."""
        self.check_schema(kernel)
        prm, who = kernel.params, f"kernel {kernel.name}"
        group, stage, span = int(prm.get("group", 1)), int(prm.get("stage", 1)), int(prm.get("span", 1))
        pack = int(prm.get("vec", 1))
        if stage == 0 and group == 1:
            raise PlanError(f"{who}: stage 0 (no stage) needs group > 1: a thread per row has no stage")
        if stage > group or stage & (stage - 1):
            raise PlanError(f"{who}: stage must be 0 (none) or a power of two from 1 to group={group}, got {stage}")
        if stage * span > group:
            raise PlanError(f"{who}: span must be a power of two with stage * span <= group "
                            f"({stage} * {span} > {group})")
        widest = max((itemsize(t.dtype) for t in sparse_types(program, kernel.calls)), default=4)
        if pack * widest > 16:
            raise PlanError(f"{who}: vec={pack} packs of {widest}-byte entries exceed a 16-byte load")
        if span > 1:
            if group < 2 or pack < 2:
                raise PlanError(f"{who}: span > 1 needs group > 1 and CSR packs (vec > 1)")
            why = span_refusal(program, kernel.calls, info)
            if why:
                raise PlanError(f"{who}: {why}")
        check_sum_atomic(program, kernel, info)
        if "regs" in prm and prm["regs"] not in (32, 64, 128, 255):
            raise PlanError(f"{who}: regs must be 32, 64, 128 or 255, got {prm['regs']}")

    def variants(self, program, calls: list, domain: Domain, dtype: str, wide: bool, info) -> list:
        """(threads per row, nonzeros per load, rows per group) shapes x block sizes x blocks
        per SM x stages, with an atomic finish for full grids whose reductions allow it."""
        pack = pack_width(dtype)
        # span: a group may own R consecutive CSR rows when a row is shorter than the group's
        # step (G packs): one contiguous span, fewer partial packs and row-pointer loads
        hint = per_row_hint(program, calls)
        spannable = pack > 1 and hint > 0 and span_refusal(program, calls, info) is None
        shapes = [(g, 1, 1) for g in rows_groups(program, calls)]
        if "csr" in {t.fmt for t in sparse_types(program, calls)} and pack > 1:
            shapes += [(g, pack, 1) for g in span_groups(program, calls, pack)]
            if spannable:   # R rows: R * hint nonzeros from a quarter of the group's step to two steps
                shapes += [(g, pack, r) for g in (4, 8, 16, 32) for r in (2, 4)
                           if r <= g and hint * r <= 2 * g * pack and hint * r > g * pack // 4]
        # per_sm 0: a group per row and as many blocks as that takes (no serial loop); its
        # many block results may be summed by atomics rather than read by the last block
        sums = sum_atomic_refusal(program, calls, info) is None
        vector_calls = any(info.fn(c).hof != "sparse_reduce" for c in calls)
        # products alone never gained from a serial loop (H200, the five Table-3 profiles: a
        # block per few rows balances uneven rows better), so they take the full grid only
        per_sms = (0,) + BLOCKS_PER_SM if vector_calls else (0,)
        out = []
        for bs, (g, vec, span), per_sm in itertools.product((128, 256, 512, 1024), shapes, per_sms):
            if bs > 256 and not (vector_calls and g > 1 and not per_sm):
                continue   # big blocks: a group per row without a stage, every span in flight
            # stage 0: no stage, the lanes holding the row results run the vector calls
            subs = ((0, 1, g) if bs <= 256 else (0, 1)) if vector_calls and g > 1 else (1,)
            for sub in subs:
                if sub * span > g:
                    sub = g // span   # every thread still runs the vector calls: SUB * R = G
                blocks = math.ceil(domain.length / (max(sub, 1) * bs // g * span))
                it = serial_iters(blocks, 1, per_sm * 256 // bs) if per_sm else 1
                base = {"block": bs, "group": g, "iters": it, **({"vec": vec} if vec > 1 else {}),
                        **({"stage": sub} if sub != 1 else {}), **({"span": span} if span > 1 else {})}
                out.append(base)
                if sums and not per_sm:
                    out.append({**base, "finish": "atomic"})
        return out

    def geometry(self, program, calls: list, params: dict, domain: Domain, info) -> Geometry:
        """grid = ceil(M / (rows per block and iteration x iters)) blocks (at least one) of
        ``block`` threads, a block iteration covering max(stage, 1) * block / group * span rows;
        workspace per reduction over the rows (``hof`` reduce).  detail: ``rows_per_block``
        (rows a block covers per iteration), ``group`` (threads per row), ``iters``, ``stage``
        (groups of rows a stage collects, 0: none), ``span`` (rows a group owns), ``pack``
        (CSR nonzeros per load), ``reductions`` (their count), ``atomic`` (block results summed
        by atomics: ``finish`` 'atomic'), ``min_blocks`` (blocks per SM the register budget
        ``regs`` promises in ``__launch_bounds__``; 0: no budget, the default)."""
        bs, group, iters = int(params["block"]), int(params.get("group", 1)), int(params["iters"])
        stage, span = int(params.get("stage", 1)), int(params.get("span", 1))
        rows_per_block = max(stage, 1) * bs // group * span
        grid = max(1, math.ceil(domain.length / (rows_per_block * iters)))
        outs = [info.out(c) for c in calls if info.fn(c).hof == "reduce"]
        atomic = params.get("finish", "last_block") == "atomic"
        # a register budget only when the build sets one (a kernel that spilled: ptxas sometimes
        # keeps 32 registers and spills rather than take 40)
        detail = {"rows_per_block": rows_per_block, "group": group, "iters": iters, "stage": stage, "span": span,
                  "pack": int(params.get("vec", 1)), "reductions": len(outs), "atomic": atomic,
                  "min_blocks": budget_blocks(params.get("regs"), bs)}
        return Geometry((grid, 1, 1), (bs, 1, 1), self.shared_static(program, calls, params, domain, info), 0,
                        self.workspace(program, outs, grid, atomic), frozen(detail))

    def shared_per_output(self, params: dict, staged_always: bool) -> int:
        stage = int(params.get("stage", 1))
        staged = stage > 1 or (stage == 1 and staged_always)
        return stage * int(params.get("block", 1)) // int(params.get("group", 1)) * int(params.get("span", 1)) \
            if staged else 0

    def smem_sizes(self, program, calls: list, domain: Domain, info) -> tuple:
        return tuple(itemsize(info.dtype(c)) for c in calls if info.fn(c).hof == "sparse_reduce")

    def traffic_facts(self, program, calls: list, domain: Domain, seen: set, info) -> dict:
        return {"n_red": sum(info.fn(c).hof == "reduce" for c in calls),
                "per_row": per_row_hint(program, calls) or SPARSE_PER_ROW}

    def traffic(self, geometry: Geometry, params: dict, facts: dict) -> Traffic:
        """Partial results (or atomics) of a grid of several blocks; 16 bytes per thread."""
        grid, n_red = geometry.grid[0], facts["n_red"]
        partial = atomics = 0
        if grid > 1 and params.get("finish") == "atomic":
            atomics = grid * n_red          # one per block and reduction, summed in place
        elif grid > 1:
            partial = 2 * grid * n_red * 8
        return Traffic(partial=partial, atomics=atomics, per_thread_bytes=16, narrow=True)

    def kind(self, program, calls: list, domain: Domain, info) -> str:
        """rows-map (sparse products alone), rows (with a reduction or a vector call or two),
        rows-vec (three or more vector calls: BiCG's second kernel)."""
        vector = [c for c in calls if info.fn(c).hof != "sparse_reduce"]
        if len(vector) >= 3:
            return "rows-vec"
        return "rows" if any(info.fn(c).hof == "reduce" for c in calls) else "rows-map"

    def env_fields(self, program, calls: list, facts: dict, info) -> dict:
        """Nonzeros per row: they decide how well a group of threads fills its row."""
        return {"pr": facts["per_row"]}

    def time_factor(self, program, calls: list, params: dict, info) -> float:
        return fill_correction(program, calls, params)
