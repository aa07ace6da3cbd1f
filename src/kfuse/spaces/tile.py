"""The tile space: a 2-D grid over a matrix (nested maps and reductions).  A block covers a
tile of TS = by * ks rows by TF = bx * vec columns of the physical (slow x fast) layout and
walks ``iters`` tiles along ``iter_axis``; reductions along the loop accumulate in registers,
those across it combine their strips by the last block (chunk by chunk) or atomics."""
from __future__ import annotations

import dataclasses
import itertools
import math

from ..errors import PlanError
from ..ir import ident, itemsize
from .traffic import Traffic
from .base import (BLOCKS_PER_SM, FINISHES, INT_MAX, SMEM_FLAGS, WALKS, Domain, Geometry, ParamSpec, Space, blocks_wanted, budget_blocks,
                   config, maps_read_directly, pack_width, serial_iters)
from .finish import atomic_refusal

FINISH_ROWS = 256   # rows a last-block finish combines at once (tile kernels, strips along S)
REGS = (32, 64, 128, 255)   # register budgets per thread a plan may name


@dataclasses.dataclass(frozen=True, kw_only=True)
class TileGeometry(Geometry):
    """A tile kernel's launch (:meth:`TileSpace.geometry`): the common launch plus the fields
    below (keywords, all given)."""

    #: tile extent along F (BX * VEC) and along S (BY * KS); rows and columns per thread
    tf: int
    ts: int
    ks: int
    vec: int
    #: the serial loop: its iterations, the axis it walks, its walk and its unrolling
    iters: int
    iter_axis: str
    walk: str
    unroll: int
    #: iterations a strip combines at once (:func:`finish_chunk`)
    chunk: int
    #: per output axis, the blocks that combine a reduction's partial results (g_red), and the
    #: strips they fill (g_out)
    blocks_red: dict
    blocks_out: dict
    #: the reductions grouped by output axis in call order: (axis, call ids, accumulated in
    #: registers, finished by atomics, combined chunk by chunk)
    families: tuple
    #: the grid covers S / F exactly (no bounds checks along it)
    all_s: bool
    all_f: bool
    #: blocks per SM the register budget ``regs`` promises in ``__launch_bounds__``
    min_blocks: int


def tile_params(domain: Domain, reduce_axis: str | None, dtype: str = "float32") -> dict:
    """Launch parameters of a 2-D kernel.

    The serial iterations walk along the reduced axis when there is one (so the
    partial sums stay in registers, as Algorithm 1's accumulated reductions),
    otherwise along the slow axis; their count keeps about
    ``target_blocks_per_sm`` blocks per multiprocessor.
    """
    bx, by = config.get().tile_block
    ks = 1
    vec = pack_width(dtype)
    if domain.fast % vec:
        vec = 1   # rows do not start on 16-byte boundaries
    tf, ts = bx * vec, by * ks
    axis = reduce_axis or "slow"
    along = domain.fast if axis == "fast" else domain.slow
    tile_along = tf if axis == "fast" else ts
    other_blocks = math.ceil((domain.slow if axis == "fast" else domain.fast) / (ts if axis == "fast" else tf))
    steps = math.ceil(along / tile_along)
    want_along = max(1, blocks_wanted() // max(1, other_blocks))
    iters = max(1, math.ceil(steps / want_along))
    while axis == "slow" and math.ceil(steps / iters) > 65535:   # keep grid.y under CUDA's limit
        iters *= 2
    if axis == "fast" and other_blocks > 65535:
        raise PlanError("matrix too tall for one launch (more than 65535 block rows)")
    return {"bx": bx, "by": by, "ks": ks, "vec": vec, "iter_axis": axis, "iters": iters}


def tile_grid(dom: Domain, params: dict) -> tuple:
    """(blocks along F, blocks along S) of a tile kernel's launch (0 along an empty axis)."""
    tf = int(params["bx"]) * int(params.get("vec", 1))
    ts = int(params["by"]) * int(params.get("ks", 1))
    iters, iax = int(params["iters"]), params.get("iter_axis", "slow")
    return (math.ceil(dom.fast / (tf * (iters if iax == "fast" else 1))),
            math.ceil(dom.slow / (ts * (iters if iax == "slow" else 1))))


def finish_chunk(params: dict, rows_per_iter: int) -> int:
    """Serial iterations after which a tile kernel's strip combines the partial results of the
    rows they covered (plan parameter ``chunk``; default: the largest divisor of ``iters`` whose
    rows number at most FINISH_ROWS).  The last block to finish a chunk of a strip combines its
    rows as the kernel runs, so the kernel no longer ends with one block per strip reading all
    the strip's partials (BiCGK n = 16384: 64 partials x 2048 rows, about 13 us)."""
    if "chunk" in params:
        return int(params["chunk"])
    iters = int(params.get("iters", 1))
    c = max(1, min(iters, FINISH_ROWS // max(1, rows_per_iter)))
    while iters % c:
        c -= 1
    return c


def walk_of(params: dict) -> str:
    """The order a tile kernel's grid moves over its matrix: its ``walk``; without one, a kernel
    iterating along F moves down (block rows in order), one along S walks its strips."""
    return params.get("walk", "down" if params.get("iter_axis", "slow") == "fast" else "strips")


def shared_matrix(program, first: list, second: list) -> str | None:
    """A matrix ``second`` reads that ``first`` reads or writes (the largest), or None."""
    def mats(calls, outs):
        got = set()
        for c in calls:
            call = program.calls[c]
            for v in (call.outs.values() if outs else call.args.values()):
                b = program.base(v)
                if program.value(b).type.kind == "matrix":
                    got.add(b)
        return got
    common = mats(second, False) & (mats(first, False) | mats(first, True))
    return max(common, key=lambda b: (program.value(b).type.nbytes(), b)) if common else None


def reused_matrix(program, first: tuple, second: tuple) -> str | None:
    """The matrix kernel ``second`` (calls, params) finds partly in L2 after kernel ``first``:
    one both touch, where ``first`` walks down it and ``second`` walks up (starting at the end
    ``first`` left in L2); None otherwise.  The one statement of walk reuse: the search proposes
    walks that meet it (:func:`kfuse.fusion.search.reuse_walks`), the model credits it
    (:meth:`TileSpace.reused_matrix`)."""
    (c1, p1), (c2, p2) = first, second
    if walk_of(p2) != "up" or walk_of(p1) != "down":
        return None
    return shared_matrix(program, c1, c2)


def reduction_axes(calls: list, domain: Domain, info) -> dict:
    """Call id -> physical axis ('slow'/'fast') of the output of each nested reduction."""
    return {c: domain.axis_of(info.fn(c).output.index) for c in calls if info.fn(c).hof == "nested_reduce"}


class TileSpace(Space):
    """A 2-D kernel over matrices of one shape and memory order (sample: codegen's tile lowering)."""

    name = "tile"
    claim_order = 20
    kernel_order = 2
    host_rank = 1
    raises_regs = True
    params = (
        ParamSpec("bx", int, None, low=1, high=32, power_of_two=True, required=True, doc="threads along F"),
        ParamSpec("by", int, None, low=1, high=1024, required=True, doc="threads along S"),
        ParamSpec("ks", int, 1, low=1, high=32, doc="rows along S per thread"),
        ParamSpec("vec", int, 1, low=1, high=16, power_of_two=True, doc="elements along F per thread and load"),
        ParamSpec("iter_axis", str, "slow", choices=("slow", "fast"), doc="the axis the serial loop walks"),
        ParamSpec("iters", int, None, low=1, high=INT_MAX, required=True, doc="serial iterations of each block"),
        ParamSpec("unroll", int, 1, low=1, high=16, doc="unrolling of the serial loop"),
        ParamSpec("finish", str, "last_block", choices=FINISHES, doc="how strips' block results combine"),
        ParamSpec("regs", int, 64, doc="register budget per thread: 32, 64, 128 or 255"),
        ParamSpec("chunk", int, None, low=1, high=INT_MAX,
                  doc="iterations a strip combines at once (default: finish_chunk), dividing iters"),
        ParamSpec("walk", str, "strips", choices=WALKS, doc="the order the grid moves over the matrix"),
    )
    floor_params = {"bx": 32, "by": 8, "iters": 1}

    def reads_own_point(self, program, calls: list, params: dict, base: str, info) -> bool:
        return maps_read_directly(program, calls, base, info)

    def claim(self, program, call, fn) -> Domain | None:
        """A nested call, or one reading or writing a matrix (no sparse matrix)."""
        vals = {p: program.value(v) for p, v in call.args.items()}
        out = program.value(call.out)
        if not (fn.nested or any(v.type.kind == "matrix" for v in vals.values()) or out.type.kind == "matrix"):
            return None
        lead_val = next((v for v in vals.values() if v.type.kind == "matrix"), out)
        if lead_val.type.kind == "matrix":
            rows, cols = lead_val.type.shape
            lead = lead_val.type.order
        else:  # nested function over vectors only (outer)
            rows = next(v.type.shape[0] for p, v in vals.items() if fn.param(p).index == "i")
            cols = next(v.type.shape[0] for p, v in vals.items() if fn.param(p).index == "j")
            lead = "C"
        return Domain("tile", rows=int(rows), cols=int(cols), lead=lead)

    def refusal(self, program, call, fn) -> str:
        return f"{call.label} is not nested and reads no matrix"

    def describe(self, domain: Domain) -> str:
        return f"nested map/reduce over a {domain.rows} x {domain.cols} matrix (order {domain.lead})"

    def elements(self, domain: Domain) -> int:
        return domain.rows * domain.cols

    def default_params(self, program, calls: list, domain: Domain, dtype: str, info) -> dict:
        red = next((domain.axis_of(info.fn(c).reduce_axis) for c in calls if info.fn(c).hof == "nested_reduce"),
                   None)   # the axis the first reduction runs along: the loop's
        return tile_params(domain, red, dtype)

    # ------------------------------------------------------------------ validation
    def validate(self, program, kernel, domain: Domain, info) -> None:
        """The schema, the block shape, packs dividing the fast extent, grid.y, the chunk,
        the walk, the register budget and atomics only where the reductions allow."""
        self.check_schema(kernel)
        prm, who = kernel.params, f"kernel {kernel.name}"
        bx, by, vec = int(prm["bx"]), int(prm["by"]), int(prm.get("vec", 1))
        if bx * by > 1024 or (bx * by) % 32:
            raise PlanError(f"{who}: bx*by must be a multiple of 32 and at most 1024")
        if vec > 1 and domain.fast % vec:
            raise PlanError(f"{who}: vec={vec} needs the fast extent ({domain.fast}) to be a multiple of {vec}")
        if "regs" in prm and prm["regs"] not in REGS:
            raise PlanError(f"{who}: regs must be 32, 64, 128 or 255, got {prm['regs']}")
        geo = self.geometry(program, kernel.calls, prm, domain, info)
        if geo.grid[1] > 65535:
            raise PlanError(f"{who}: grid.y = {geo.grid[1]} exceeds 65535; raise iters or ks")
        chunk, iters = geo.chunk, int(prm["iters"])
        if chunk < 1 or iters % chunk:
            raise PlanError(f"{who}: chunk={chunk} must divide iters={iters}")
        why = self.walk_refusal(program, kernel.calls, prm, domain, info)
        if why:
            raise PlanError(f"{who}: {why}")
        self.geometry(program, kernel.calls, prm, domain, info, who=who)   # atomic families

    def walk_refusal(self, program, calls: list, params: dict, domain: Domain, info) -> str | None:
        """Why a kernel may not take the walk order ``params['walk']``, or None.

        ``strips`` (the default): each block walks its own strip of the tile, so at any moment the
        grid touches one tile row (column) per strip.  ``down`` (kernels iterating along S): the
        blocks walk the strips in turn, tile row ``it * GY + blockIdx.y``, so the grid moves down
        the matrix and ends at its bottom.  ``up``: the same walk from the bottom (a kernel
        iterating along F takes its block rows from the last and its columns from the right).
        A kernel that reads a matrix the kernel before it walked ``down`` finds the rows that one
        touched last in L2 when it walks ``up``.  Refused where the order matters to the result's
        assembly: a reduction whose outputs follow the loop and whose strips are combined by their
        last block reads a strip's rows as one contiguous range."""
        walk = params.get("walk", "strips")
        if walk == "strips":
            return None
        if walk not in WALKS:
            return f"walk must be one of {', '.join(WALKS)}, got {walk!r}"
        iax = params.get("iter_axis", "slow")
        if walk == "down" and iax != "slow":
            return "walk=down is a kernel iterating along F's own order (block rows top to bottom): use strips"
        gx, gy = tile_grid(domain, params)
        for c in calls:
            fn = info.fn(c)
            if not fn.is_reduce:
                continue
            oax = domain.axis_of(fn.output.index)
            if oax == iax and (gx if oax == "slow" else gy) > 1 and params.get("finish") != "atomic":
                return (f"walk={walk}: {program.calls[c].label} is finished by the last block of each strip, "
                        "which combines the strip's outputs as one contiguous range (use finish=atomic)")
        return None

    # ------------------------------------------------------------------ variants
    def variants(self, program, calls: list, domain: Domain, dtype: str, wide: bool, info) -> list:
        """Block shapes x rows per thread x packs x loop axis x blocks per SM x unrolling; the
        loop walks F only for a reduction along it; grid.y under 65535; each with a last-block
        and, where the reductions allow, an atomic finish.  The list depends on the fusion only
        through its reduction axes and whether they allow atomics: fusions over one matrix share
        it (:meth:`kfuse.spaces.facts.ProgramInfo.memo`, keyed by all it reads; each gets copies)."""
        red_axes = frozenset(reduction_axes(calls, domain, info).values())
        atomic_ok = bool(red_axes) and atomic_refusal(program, calls, info) is None
        key = ("tile-variants", domain.full_key(), dtype, wide, red_axes, atomic_ok, config.get().sm_count)
        return [dict(p) for p in info.memo(key, lambda: self._variants(domain, dtype, wide, red_axes, atomic_ok))]

    def _variants(self, domain: Domain, dtype: str, wide: bool, red_axes: frozenset, atomic_ok: bool) -> list:
        """:meth:`variants` of a fusion whose reductions run along ``red_axes``."""
        pack = pack_width(dtype)
        vecs = [1] + [v for v in ((pack, 2 * pack) if wide else (pack,))   # 2 packs: 2 loads in flight
                      if v > 1 and domain.fast % v == 0]
        if len(vecs) > 1 and domain.slow * domain.fast >= (1 << 20):
            vecs = vecs[1:]   # 4-byte loads keep too few bytes in flight (never the fastest, H200)
        per_sms = BLOCKS_PER_SM if red_axes else (0,) + BLOCKS_PER_SM   # 0: no serial loop (maps)
        out, iters_of = [], {}   # (steps, other, blocks per SM) -> serial_iters (asked again per unrolling)
        for (bx, by), ks, vec, axis, per_sm, unroll in itertools.product(
                ((32, 4), (32, 8), (32, 16)), (1, 2, 4), vecs, ("slow", "fast"), per_sms, (1, 2)):
            if axis == "fast" and not red_axes & {"slow"}:
                continue   # walking along F only pays when a reduction runs along it
            tf, ts = bx * vec, by * ks
            steps = math.ceil((domain.fast / tf) if axis == "fast" else (domain.slow / ts))
            other = math.ceil((domain.slow / ts) if axis == "fast" else (domain.fast / tf))
            if axis == "fast" and other > 65535:
                continue
            if per_sm:
                ikey = (steps, other, per_sm * 256 // (bx * by))
                it = iters_of.get(ikey)
                if it is None:
                    it = iters_of[ikey] = serial_iters(*ikey)
            else:
                it = 1
            if axis == "slow":
                while math.ceil(steps / it) > 65535:
                    it *= 2
            if unroll > 1 and it < 2:
                continue
            base = {"bx": bx, "by": by, "ks": ks, "vec": vec, "iter_axis": axis, "iters": it,
                    **({"unroll": unroll} if unroll > 1 else {})}
            if red_axes:
                out.append({**base, "finish": "last_block"})
                if atomic_ok:
                    out.append({**base, "finish": "atomic"})
            else:
                out.append(base)
        return out

    # ------------------------------------------------------------------ geometry, bytes
    def geometry(self, program, calls: list, params: dict, domain: Domain, info,
                 who: str = "") -> TileGeometry:
        """A :class:`TileGeometry`: grid (GX, GY) = :func:`tile_grid` (at least one block per
        axis: an empty axis still finalizes identities) of (bx, by) threads; ``chunk``:
        :func:`finish_chunk` for the rows an iteration covers; ``min_blocks``: what the register
        budget ``regs`` (64 by default) promises (without a promise ptxas sinks each row's loads
        next to their use, and a warp then has one row in flight rather than KS).
        ``who``: refuse an atomic finish the reductions do not allow, naming the kernel."""
        (gx, gy, bx, by, iters, iax, chunk), base = self.launch_shape(params, domain, info)
        blocks_red = {"slow": gx, "fast": gy}   # outputs along S reduce along F, over the GX blocks
        blocks_out = {"slow": gy, "fast": gx}
        families, workspace = [], []
        finish_atomic = params.get("finish", "last_block") == "atomic"
        fams, (staged_always, smem_total) = self.fusion_facts(program, calls, domain, info)
        for oax, ids, parts, counter in fams:
            g_red = blocks_red[oax]
            atomic = finish_atomic and g_red != 1
            if atomic and who:
                why = atomic_refusal(program, list(ids), info)
                if why:
                    raise PlanError(f"{who}: finish=atomic is not possible: {why}")
            accumulated = iax != oax
            chunked = not accumulated and g_red > 1 and not atomic and iters > chunk
            families.append((oax, ids, accumulated, atomic, chunked))
            if g_red > 1 and not atomic:
                workspace += [("partial", name, g_red * nbytes) for name, nbytes in parts]
                workspace.append(("counter", counter, 4 * blocks_out[oax] * (iters // chunk if chunked else 1)))
        shared = self.shared_per_output(params, staged_always) * smem_total + SMEM_FLAGS   # shared_static's
        return TileGeometry((gx, gy, 1), (bx, by, 1), shared, 0, tuple(workspace), **base, blocks_red=blocks_red,
                            blocks_out=blocks_out, families=tuple(families))

    def launch_shape(self, params: dict, domain: Domain, info) -> tuple:
        """What :meth:`geometry` computes of the launch parameters and the domain alone, once per
        program, domain and parameters (the fusions over one matrix share their variants'
        shapes; :meth:`kfuse.spaces.facts.ProgramInfo.memo`): ((GX, GY, bx, by, iters, iter_axis,
        chunk), the :class:`TileGeometry` fields these give)."""
        def compute():
            bx, by = int(params["bx"]), int(params["by"])
            ks, vec, iters = int(params.get("ks", 1)), int(params.get("vec", 1)), int(params["iters"])
            iax = params.get("iter_axis", "slow")
            tf, ts = bx * vec, by * ks
            slow, fast = domain.slow, domain.fast
            span_f, span_s = tf * (iters if iax == "fast" else 1), ts * (iters if iax == "slow" else 1)
            gx, gy = max(1, math.ceil(fast / span_f)), max(1, math.ceil(slow / span_s))   # tile_grid's
            chunk = finish_chunk(params, ts if iax == "slow" else tf)
            base = {"tf": tf, "ts": ts, "iters": iters, "iter_axis": iax, "walk": params.get("walk", "strips"),
                    "chunk": chunk, "ks": ks, "vec": vec, "unroll": int(params.get("unroll", 1)),
                    "all_s": slow > 0 and slow % span_s == 0, "all_f": fast > 0 and fast % span_f == 0,
                    "min_blocks": budget_blocks(params.get("regs", 64), bx * by)}
            return (gx, gy, bx, by, iters, iax, chunk), base
        return info.memo(("tile-launch", domain.full_key(), tuple(params.items())), compute)

    def fusion_facts(self, program, calls: list, domain: Domain, info) -> tuple:
        """What :meth:`geometry` scales by the launch parameters, computed once per fusion
        (:meth:`kfuse.spaces.facts.ProgramInfo.memo`): the reductions of ``calls`` grouped by
        output axis in call order, as (axis, call ids, ((partial result buffer, bytes of the
        output), ...), counter name); and :meth:`smem_facts`."""
        def compute():
            fams: dict = {}
            for c, oax in reduction_axes(calls, domain, info).items():
                fams.setdefault(oax, []).append(c)
            return (tuple((oax, tuple(ids),
                           tuple((f"kf_part_{ident(info.out(c))}", program.value(info.out(c)).type.nbytes())
                                 for c in ids),
                           f"kf_count_{ident(info.out(ids[0]))}") for oax, ids in fams.items()),
                    self.smem_facts(program, calls, domain, info))
        return info.memo(("tile-fusion", tuple(calls), domain.full_key()), compute)

    def shared_per_output(self, params: dict, staged_always: bool) -> int:
        return int(params.get("by", 1)) * int(params.get("bx", 1)) * int(params.get("vec", 1))

    def smem_sizes(self, program, calls: list, domain: Domain, info) -> tuple:
        return tuple(itemsize(info.dtype(c)) for c, oax in reduction_axes(calls, domain, info).items()
                     if oax == "fast")

    def traffic_facts(self, program, calls: list, domain: Domain, seen: set, info) -> dict:
        """Bytes per matrix element; the vectors read (bytes, whether along F: re-read by every
        block row, else by every block column); the reductions (output type, output axis)."""
        item_bytes = sum(itemsize(program.value(b).type.dtype) for b in seen
                         if program.value(b).type.kind == "matrix")
        vectors, counted = [], set()
        for c in calls:
            fn = info.fn(c)
            for p, v in program.calls[c].args.items():
                b = program.base(v)
                if b in seen and b not in counted and program.value(b).type.kind == "vector" \
                        and fn.param(p).kind == "vector":
                    counted.add(b)
                    vectors.append((program.value(b).type.nbytes(), domain.axis_of(fn.param(p).index) == "fast"))
        reductions = [(info.calls[c].out_value.type, domain.axis_of(info.fn(c).output.index))
                      for c in calls if info.fn(c).is_reduce]
        return {"item_bytes": item_bytes, "vectors": vectors, "reductions": reductions}

    def traffic_key(self, facts: dict) -> tuple:
        """Bytes per element, the vectors read and the reductions (their types as sizes)."""
        return (facts["item_bytes"], tuple(facts["vectors"]),
                tuple((t.size(), t.nbytes(), t.dtype, oax) for t, oax in facts["reductions"]))

    def traffic(self, geometry: Geometry, params: dict, facts: dict) -> Traffic:
        """L2 re-reads of the vectors, and per reduction across several blocks its atomics
        (and zeroed output) or partial results, the last block reading a chunk of its strip."""
        gx, gy = geometry.grid[:2]
        l2 = sum(nbytes * ((gy if along_fast else gx) - 1) for nbytes, along_fast in facts["vectors"])
        atomic = params.get("finish", "last_block") == "atomic"
        partial = atomics = zeroed = tail = 0
        for t, oax in facts["reductions"]:
            g_red = gx if oax == "slow" else gy
            if g_red <= 1:
                continue
            if atomic:
                atomics += g_red * t.size() * (2 if t.dtype.startswith("complex") else 1)
                zeroed += 1
            else:
                partial += 2 * g_red * t.nbytes()
                # a strip along the loop is combined chunk by chunk as the kernel runs
                span = (geometry.ts if oax == "slow" else geometry.tf) * (
                    geometry.chunk if geometry.iter_axis == oax else 1)
                tail = max(tail, g_red * span * itemsize(t.dtype))
        return Traffic(partial=partial, l2=l2, atomics=atomics, zeroed=zeroed, tail_bytes=tail,
                       per_thread_bytes=int(params.get("ks", 1)) * int(params.get("vec", 1)) * facts["item_bytes"],
                       narrow=True)

    def reused_matrix(self, program, first: tuple, second: tuple) -> str | None:
        """:func:`reused_matrix`: walking up the matrix the kernel before walked down."""
        return reused_matrix(program, first, second)

    def kind(self, program, calls: list, domain: Domain, info) -> str:
        """tile-map, tile-rfast (a reduction along F: outputs along S), tile-rslow or tile-rboth."""
        axes = set(reduction_axes(calls, domain, info).values())
        if not axes:
            return "tile-map"
        if len(axes) == 2:
            return "tile-rboth"
        return "tile-rfast" if axes == {"slow"} else "tile-rslow"
