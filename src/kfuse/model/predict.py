"""The cost model: predicted time of a kernel, and of a whole plan as a user calls it.

As the paper, a kernel's time is the larger of its transfer time and its compute
time (full overlap).  Where the paper erred (its AXPYDOT miss) we add what it
ignored: the GPU-side cost of each launch, finishing reductions (partial results
written and re-read, the last-block handshake), the bandwidth lost when too few
bytes are in flight (small grids, 4-byte loads), and the host cost of a call,
which bounds back-to-back calls from below.
"""
from __future__ import annotations

import math
import typing

from .. import spaces
from ..ir import Program, itemsize
from ..spaces import KernelTraffic, kernel_domain, program_info, stored
from ..spaces.base import resident_blocks
from ..spaces.budget import SMEM_STATIC_LIMIT, smem_terms
from ..spaces.facts import per_row
from .calibration import Calibration
from .writeback import copied_back, copy_seconds

# a block's __syncthreads() with the loads before it drained (a grid kernel's staged tiles): about
# a thousand cycles at 1.7 GHz, overlapped across the resident blocks
BARRIER_S = 0.6e-6
# warps per SM a kernel whose time is its instructions needs to hide their latency (a
# register-hungry grid kernel with fewer issues slower in proportion; H200: the 273-call
# SCALE-like stage at 80 registers, 24 warps, ran 54 us as one kernel, 70 us split in two)
LATENCY_WARPS = 24
def _stored(program: Program, calls: list, needed: set) -> list:
    return [v for c in calls for v in program.calls[c].outs.values() if v in needed]


def group_facts(program: Program, calls: list) -> dict:
    """What predicting a kernel that runs ``calls`` needs whatever its launch parameters and
    outputs: its domain and kind, the bytes it reads, and what its space's traffic scales by
    the launch shape (:meth:`kfuse.spaces.base.Space.traffic_facts`).  The search computes it
    once per fusion and passes it to :func:`predict_kernel` for each implementation (``facts=``)."""
    info = program_info(program)
    dom = kernel_domain(program, calls)
    space = spaces.get(dom.space)
    reads, seen = read_bytes(program, calls)
    f = {"calls": list(calls), "dom": dom, "space": space, "reads": reads,
         "kind": space.kind(program, calls, dom, info), "flops": None, "writes": {},
         "smem_terms": smem_terms(program, calls), "info": info}
    f.update(space.traffic_facts(program, calls, dom, seen, info))
    f["env"] = space.env_fields(program, calls, f, info)
    return f


def read_bytes(program: Program, calls: list) -> tuple:
    """(bytes a kernel running ``calls`` reads from DRAM, the base values it reads): each array
    from outside the kernel once (an assignment's value: its window only, unless read whole
    anyway; a sparse matrix with its indices)."""
    produced = {v for c in calls for v in program.calls[c].outs.values()}
    reads, seen = 0, set()
    args = [(v, False) for c in calls for p, v in program.calls[c].args.items()
            if not (p == "inner" and program.calls[c].fn == "assign")]
    args += [(program.calls[c].args["inner"], True) for c in calls if program.calls[c].fn == "assign"]
    for v, window in args:
        b = program.base(v)
        val = program.value(b)
        if b in produced or b in seen or val.role == "const" or val.host:
            continue
        seen.add(b)
        reads += program.value(v).type.nbytes() if window else val.type.nbytes()
        if val.type.kind == "sparse":   # the per-row hint of the traced matrix, else 16 per row
            m = val.type.shape[0]
            reads += m * per_row(val.type) * (itemsize(val.type.dtype) + 4) + (m + 1) * 4
    return reads, seen


def cost_key(program: Program, calls: list, needed: set, cal: Calibration, facts: dict) -> tuple | None:
    """Everything :func:`predict_kernel` reads of a fusion besides the launch parameters (with
    ``cal`` fixed): two fusions with equal keys get equal predictions for equal parameters.
    None for sparse-rows kernels (their prediction also reads the matrices' row statistics)."""
    dom = facts["dom"]
    if not facts["space"].shares_costs:
        return None
    if facts["flops"] is None or facts["flops"][0] is not cal:
        facts["flops"] = (cal, _flops(program, calls, cal))
    writes = facts["writes"].get(frozenset(needed))
    if writes is None:
        writes = facts["writes"][frozenset(needed)] = sum(program.value(v).type.nbytes()
                                                          for v in _stored(program, calls, needed))
    return (dom.space, dom.length, dom.rows, dom.cols, dom.lead, facts["reads"], writes, facts["kind"],
            facts["space"].traffic_key(facts), facts["flops"][1], facts["smem_terms"])


def kernel_traffic(program: Program, calls: list, params: dict, needed: set,
                   facts: dict | None = None) -> KernelTraffic:
    """Bytes a kernel moves: DRAM reads and writes, launch shape and its space's terms (L2
    re-reads, partial results, ...: its :class:`kfuse.spaces.Geometry` and
    :meth:`kfuse.spaces.base.Space.traffic`).
    ``facts``: :func:`group_facts` of ``calls``, when the caller has it."""
    f = facts or group_facts(program, calls)
    key = frozenset(needed)
    writes = f["writes"].get(key)
    if writes is None:
        writes = f["writes"][key] = sum(program.value(v).type.nbytes() for v in _stored(program, calls, needed))
    space = f["space"]
    shape = f.setdefault("launch_shapes", {})   # params -> (geometry, traffic terms): the search asks again
    pkey = tuple(params.items())                 # per set of outputs needed outside
    if pkey not in shape:
        geometry = space.geometry(program, calls, params, f["dom"], f.get("info") or program_info(program))
        shape[pkey] = (geometry, space.traffic(geometry, params, f))
    geometry, terms = shape[pkey]
    return KernelTraffic(read=f["reads"], write=writes, grid=geometry.blocks, threads=geometry.threads,
                         space=space.name, vec=int(params.get("vec", 1)), smem=geometry.shared_static,
                         smem_dynamic=geometry.shared_dynamic, terms=terms)


def kernel_kind(program: Program, calls: list) -> str:
    """The calibration kind of a kernel running ``calls`` (its space's
    :meth:`kfuse.spaces.base.Space.kind`: vec-map, vec-reduce, tile-map, tile-rfast, ...)."""
    dom = kernel_domain(program, calls)
    return spaces.get(dom.space).kind(program, calls, dom, program_info(program))


def env_key(program: Program, calls: list, params: dict, cal: Calibration, tr: KernelTraffic | None = None,
            facts: dict | None = None) -> str:
    """The simulated fusion environment a kernel runs in: its kind, its size class, its launch
    shape (iterations expressed as blocks per SM).  Keys of the calibration's factors.
    ``tr``: the kernel's :func:`kernel_traffic`, when the caller has it (its reads and grid
    do not depend on which outputs are needed); ``facts``: :func:`group_facts` of ``calls``."""
    tr = tr or kernel_traffic(program, calls, params, set(), facts)
    elements = max(tr.read, 1) // 4
    cls = "large" if elements >= (1 << 24) else "medium"
    bps = tr.grid / max(1, cal.sm_count)
    bucket = 2 ** round(math.log2(max(bps, 0.25)))
    facts = facts or group_facts(program, calls)
    env = facts["env"]   # what else the space's calibration tells apart (rows: nonzeros per row)
    skey = (tuple(params.items()), tuple(env.items()))
    shape = _ENV_SHAPES.get(skey)
    if shape is None:
        # the walk order is not the kernel's own cost: :func:`reuse_gain` credits it to the plan
        fields = {k: params[k] for k in params if k not in ("iters", "walk")}
        fields.update(env)
        shape = ",".join(f"{k}={fields[k]}" for k in sorted(fields))
        if len(_ENV_SHAPES) >= _ENV_SHAPES_MAX:
            _ENV_SHAPES.clear()
        _ENV_SHAPES[skey] = shape
    return f"{facts['kind']}|{cls}|{shape}|bps={bucket:g}"


_ENV_SHAPES: dict = {}   # (params' items, env fields' items) -> env_key's shape field (a pure function of them)
_ENV_SHAPES_MAX = 1 << 16


UNMEASURED_MARGIN = 0.1   # per launch-shape field that differs from the nearest measured environment


class EnvKey(typing.NamedTuple):
    """A calibration environment's key ``"kind|class|shape|bps=B"`` (:func:`env_key`) read
    apart: its kind, size class, launch-shape fields and log2 of its blocks per SM."""

    kind: str
    size_class: str
    shape: str
    fields: dict
    log_bps: float

    @classmethod
    def parse(cls, text: str) -> "EnvKey":
        kind, size_class, shape, bps = text.split("|")
        fields = dict(x.split("=") for x in (shape.split(",") if shape else []))
        return cls(kind, size_class, shape, fields, math.log2(float(bps[len("bps="):])))


_ENV_INDEX: dict = {}   # id of a calibration's env_factor -> (that dict, its size, index, answers)


def _env_index(cal: Calibration) -> tuple:
    """The calibration's environments parsed once, by kind (and by kind and shape), with a memo
    of the answers already given; rebuilt when the factors change."""
    hit = _ENV_INDEX.get(id(cal.env_factor))
    if hit is not None and hit[0] is cal.env_factor and hit[1] == len(cal.env_factor):
        return hit[2], hit[3]
    by_kind: dict = {}
    by_shape: dict = {}
    for k, f in cal.env_factor.items():
        e = EnvKey.parse(k)
        entry = (e.size_class, e.fields, e.log_bps, f)
        by_kind.setdefault(e.kind, []).append(entry)
        by_shape.setdefault((e.kind, e.shape), []).append(entry)
    _ENV_INDEX[id(cal.env_factor)] = (cal.env_factor, len(cal.env_factor), (by_kind, by_shape), {})
    return (by_kind, by_shape), _ENV_INDEX[id(cal.env_factor)][3]


#: (text, stand-in) pairs: a kind a calibration lacks borrows the kind with ``text`` replaced by
#: its stand-in, the first one measured, in this order (the grid space's kinds over 8-byte
#: elements, :data:`kfuse.spaces.grid.space.WIDE_KIND`, then its many-loads maps, ``box``)
KIND_STANDINS = (("-f64", ""), ("-box", "-map"))


def kind_fallback(kind: str, by_kind: dict) -> str:
    """``kind``, or the nearest kind it refines that the calibration measured (a calibration
    made before the grid kinds were measured per element size, or before the many-loads maps
    had their own probe, lends the kind they were measured as before)."""
    tried = [kind]
    for text, standin in KIND_STANDINS:
        tried += [k.replace(text, standin) for k in tried if text in k]
    return next((k for k in tried if k in by_kind), kind)


def _factor(key: str, cal: Calibration) -> float:
    """Measured/analytic ratio of the nearest calibrated environment (1 when none is close).

    An environment that was not measured borrows its nearest neighbour's factor plus a margin
    for each launch-shape field that differs, so measured shapes win ties with guessed ones.
    (Distance: differing fields + half the log2 distance in blocks per SM + a quarter for
    another size class.  A measured environment of the same shape within distance 1 is the
    nearest, since any other differs in a field: only otherwise are all of the kind scanned.)"""
    if not cal.env_factor:
        return 1.0
    if key in cal.env_factor:
        return cal.env_factor[key]
    (by_kind, by_shape), memo = _env_index(cal)
    if key in memo:
        return memo[key]
    kind, cls, shape, want, lb = EnvKey.parse(key)

    def nearest(entries, same_shape: bool):
        best, best_d, best_fields = 1.0, None, 0
        for k_cls, have, k_lb, f in entries:
            fields = 0 if same_shape else sum(want.get(n) != have.get(n) for n in set(want) | set(have))
            d = fields + abs(lb - k_lb) * 0.5 + 0.25 * (k_cls != cls)
            if best_d is None or d < best_d:
                best, best_d, best_fields = f, d, fields
        return best, best_d, best_fields

    kind = kind_fallback(kind, by_kind)
    best, best_d, best_fields = nearest(by_shape.get((kind, shape), []), True)
    if best_d is None or best_d >= 1:
        best, best_d, best_fields = nearest(by_kind.get(kind, []), False)
    memo[key] = best * (1 + UNMEASURED_MARGIN * best_fields)
    return memo[key]


def predict_kernel(program: Program, calls: list, params: dict, needed: set, cal: Calibration,
                   raw: bool = False, facts: dict | None = None) -> float:
    """Predicted GPU time (seconds) of one kernel (``raw``: without the calibrated factor;
    ``facts``: :func:`group_facts` of ``calls``, which a search computes once per fusion)."""
    tr = kernel_traffic(program, calls, params, needed, facts)
    if tr.smem > SMEM_STATIC_LIMIT:
        return math.inf   # the kernel would not compile (kfuse.spaces.budget.smem_refusal)
    t = _raw_seconds(program, calls, tr, cal, facts)
    if raw or not cal.env_factor:
        return t
    # no factor borrowed from another environment may take a kernel past the ceilings (or the
    # share of them its space says its launch shape reaches)
    space = facts["space"] if facts is not None else spaces.get(tr.space)
    share = space.ceiling_share(params)
    floor = (tr.read / cal.read_bw + tr.write / cal.write_bw) / share + cal.gpu_launch_s
    fill = space.time_factor(program, calls, params, facts["info"] if facts is not None else program_info(program))
    return max(floor, t * _factor(env_key(program, calls, params, cal, tr, facts), cal) * fill)


def kernel_floor(program: Program, calls: list, needed: set, cal: Calibration, facts: dict | None = None) -> float:
    """A time no implementation of the kernel running ``calls`` is predicted under: the floor
    :func:`predict_kernel` applies (its bytes at the ceilings, one launch), computed the same
    way; 0 for a calibration without environment factors (whose predictions have no floor).
    It needs the kernel's bytes only (``facts``, where given, has them): no launch shape, so
    bounding a merge costs no analysis of the union (a stencil's frame)."""
    if not cal.env_factor:
        return 0.0
    reads = facts["reads"] if facts is not None else read_bytes(program, calls)[0]
    writes = facts["writes"].get(frozenset(needed)) if facts is not None else None
    if writes is None:
        writes = sum(program.value(v).type.nbytes() for v in _stored(program, calls, needed))
    return reads / cal.read_bw + writes / cal.write_bw + cal.gpu_launch_s


def _raw_seconds(program: Program, calls: list, tr: KernelTraffic, cal: Calibration,
                 facts: dict | None = None) -> float:
    """The analytic time of a kernel moving ``tr`` (:func:`kernel_traffic`): max of transfer and
    compute, plus launch, finishing of reductions, atomics (and zeroing their outputs) and a partly
    filled last wave."""
    terms = tr.terms
    resident = min(tr.grid, resident_blocks(tr, cal))
    in_flight = resident * tr.threads * max(terms.per_thread_bytes, 4)
    eff = in_flight / (in_flight + cal.bytes_in_flight_half)
    if tr.vec == 1 and terms.narrow:
        eff /= cal.narrow_load_penalty
    t_transfer = (tr.read / cal.read_bw + tr.write / cal.write_bw) / max(eff, 1e-3)
    t_transfer += terms.partial / cal.read_bw + terms.l2 / cal.l2_bw + terms.reread / cal.read_bw
    if facts is not None and facts["flops"] is not None and facts["flops"][0] is cal:
        flops = facts["flops"][1]
    else:
        flops = _flops(program, calls, cal)
        if facts is not None:
            facts["flops"] = (cal, flops)
    t_compute = (flops + terms.extra_flops) / cal.fma_rate
    if terms.regs:   # too few warps per SM to hide the latency of a long body: it issues slower
        warps = resident * tr.threads / (32 * max(1, cal.sm_count))
        t_compute /= min(1.0, warps / LATENCY_WARPS)
    space = facts["space"] if facts is not None else spaces.get(tr.space)
    t_compute += space.compute_seconds(tr, cal)
    t = max(t_transfer, t_compute) + cal.gpu_launch_s
    t += terms.barriers * BARRIER_S / max(1, resident)
    if terms.partial:
        t += cal.last_block_s + terms.tail_bytes / cal.block_bw
    t += terms.atomics / cal.atomic_rate
    # outputs atomics sum into are zeroed first (by the plan's one zeroing kernel): charged per
    # output, as when each took a memset node -- the atomic environments' factors were measured
    # that way, and charging the kernel once makes the model pick atomics where the last block
    # is faster (BiCGK 4096 on the H200: 21.6 µs atomic, 20.8 last block)
    t += terms.zeroed * cal.zero_kernel_s
    return t + wave_tail(tr.grid, tr.threads, cal)


def _flops(program: Program, calls: list, cal: Calibration) -> float:
    """Multiply-adds (in FMA-rate units) the calls of a kernel compute: measured routine
    costs where the calibration has them, else the library's counts."""
    flops, info = 0.0, program_info(program)
    for c in calls:
        fn, dom, dtype = info.fn(c), info.domain(c), info.dtype(c)
        n = spaces.get(dom.space).elements(dom)
        key = f"{fn.name}/{dtype}"
        if key in cal.routine_s:
            flops += cal.routine_s[key] * n * cal.fma_rate
        else:
            flops += fn.flops * n * (4 if dtype.startswith("complex") else 1)
    return flops


def wave_tail(grid: int, threads: int, cal: Calibration) -> float:
    """Cost of a partly filled last wave: ``grid`` blocks over the resident slots (SMs x 2048 /
    threads) leave the last wave a fraction ``f`` full; its few blocks run alone for about a
    block's lifetime, ``wave_tail_s * (1 - f)``, spread over the waves before it (blocks end at
    staggered times, so many waves blur the edge).  Zero for a grid of whole waves, one wave or
    less, or a calibration made without this term.  Example: 1138 blocks of 256 threads on 132
    SMs (1056 slots): 1.08 waves, the second 8% full -> 0.92 * wave_tail_s / 2."""
    if not cal.wave_tail_s:
        return 0.0
    waves = grid / (cal.sm_count * max(1, 2048 // max(1, threads)))
    if waves <= 1:
        return 0.0
    full = waves - math.floor(waves)
    return 0.0 if full == 0 else cal.wave_tail_s * (1 - full) / math.ceil(waves)


def reuse_gain(program: Program, kernels: list, cal: Calibration, facts_of=None) -> float:
    """Seconds a plan saves where a kernel re-reads from L2 a matrix the kernel before it left
    there (its space's :meth:`kfuse.spaces.base.Space.reused_matrix`: a tile kernel walking
    ``up`` a matrix the one before walked down): ``l2_reuse`` of the L2 read from there
    rather than from DRAM, for matrices over half the L2 (a smaller one stays in L2 whatever
    the order).  H200, ATAX, SGEMVT, GEMVER: 0.7-2.4 us at n = 4096 (64 MiB), 1.8-5.7 us at
    8192, 5.3 us for GEMVER at 16384.  ``facts_of``: as :func:`predict_plan`'s."""
    gain = 0.0
    for first, second in zip(kernels, kernels[1:]):
        facts = facts_of(second[0]) if facts_of is not None else None
        space = facts["space"] if facts is not None else spaces.get(kernel_domain(program, second[0]).space)
        m = space.reused_matrix(program, first, second)
        nbytes = program.value(m).type.nbytes() if m else 0
        if nbytes > cal.l2_bytes / 2:
            gain += cal.l2_reuse * min(nbytes, cal.l2_bytes) / cal.read_bw
    return gain


def predict_plan(program: Program, kernels: list, cal: Calibration, needed_by_kernel=None,
                 facts_of=None) -> dict:
    """Predicted time of a call of the whole plan: ``kernels`` is a list of (calls, params);
    ``facts_of(calls)``: :func:`group_facts` of a kernel's calls, where a search keeps them.

    Returns GPU time, host time and their max (calls back to back overlap the two), each with
    the copies of the written arguments no kernel stores in place (:mod:`.writeback`; their
    GPU seconds also as ``copy_s``).
    """
    if needed_by_kernel is None:
        needed_by_kernel = stored(program, [k[0] for k in kernels])
    facts_of = facts_of or (lambda calls: None)
    gpu = sum(predict_kernel(program, calls, params, needed_by_kernel[i], cal, facts=facts_of(calls))
              for i, (calls, params) in enumerate(kernels)) - reuse_gain(program, kernels, cal, facts_of)
    # one kernel launched first zeroes the outputs of every kernel that sums into them by atomics
    zeroing = any(kernel_traffic(program, calls, params, needed_by_kernel[i], facts_of(calls)).terms.zeroed
                  for i, (calls, params) in enumerate(kernels))
    n_out = sum(len(n) for n in needed_by_kernel)
    host = cal.host_call_s + (len(kernels) + zeroing) * cal.host_launch_s + n_out * cal.host_alloc_s
    copy_gpu, copy_host = copy_seconds(program, copied_back(program, kernels), cal)
    gpu, host = gpu + copy_gpu, host + copy_host
    return {"gpu_s": gpu, "host_s": host, "time_s": max(gpu, host), "copy_s": copy_gpu}
