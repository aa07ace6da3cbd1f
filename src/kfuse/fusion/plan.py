"""Plans: which calls each kernel runs, and how each kernel is launched.

A plan is plain data that round-trips through JSON, so a user can read it,
edit it and feed it back (``kfuse compile --plan F.json``).  Example::

    {"kfuse_plan": 1, "program": "bicgk", "sizes": {"m": 4096, "n": 4096},
     "kernels": [{"name": "k0_q_gemv", "calls": [0], "space": "tile",
                  "params": {"bx": 32, "by": 8, "ks": 1, "vec": 1,
                             "iter_axis": "fast", "iters": 128}}, ...]}

Spaces: ``scalar`` (one thread), ``vec`` (1-D grid over a vector: unnested
map/reduce), ``tile`` (2-D grid over a matrix: nested map/reduce), ``rows``
(a group of threads per row of a sparse matrix: SpMV, with vector maps and
reductions over the same rows hosted by each row's leader thread).
"""
from __future__ import annotations

import dataclasses
import json
import math
import re

from .. import config, library
from ..errors import PlanError
from ..ir import Program, itemsize

PLAN_VERSION = 1


@dataclasses.dataclass
class Domain:
    """The iteration space of a kernel.

    scalar: no extent.  vec: ``length``.  tile: logical ``rows`` x ``cols`` and
    the memory order ``lead`` of the matrix that sets the thread layout; the
    physical axes are ``slow`` (between rows of memory) and ``fast`` (along).
    """

    space: str
    length: int = 1
    rows: int = 1
    cols: int = 1
    lead: str = "C"

    @property
    def slow(self) -> int:
        return self.rows if self.lead == "C" else self.cols

    @property
    def fast(self) -> int:
        return self.cols if self.lead == "C" else self.rows

    def axis_of(self, logical: str) -> str:
        """Physical axis ('slow'/'fast') of a logical matrix axis ('i' rows / 'j' cols)."""
        if self.lead == "C":
            return "slow" if logical == "i" else "fast"
        return "fast" if logical == "i" else "slow"

    def key(self) -> tuple:
        if self.space == "rows":   # sparse matrices of any width share the rows of their outputs
            return ("rows", self.length)
        return (self.space, self.length, self.rows, self.cols, self.lead)

    def hosts(self, other: "Domain") -> bool:
        """Whether calls over ``other`` can run in a kernel over this domain: the same domain,
        or a vector map/reduce whose element i is row i of a sparse kernel."""
        if self.key() == other.key() or "scalar" in (self.space, other.space):
            return True   # scalar calls run as a prologue of any kernel
        spaces = {self.space, other.space}
        return spaces == {"rows", "vec"} and self.length == other.length


def call_domain(program: Program, call) -> Domain:
    """Domain of one call of a bound program."""
    fn = library.get(call.fn)
    vals = {p: program.value(v) for p, v in call.args.items()}
    out = program.value(next(iter(call.outs.values())))
    sp = next((v for v in vals.values() if v.type.kind == "sparse"), None)
    if sp is not None:
        rows, cols = sp.type.shape
        return Domain("rows", length=int(rows), rows=int(rows), cols=int(cols), lead=sp.type.fmt)
    if fn.nested or any(v.type.kind == "matrix" for v in vals.values()) or out.type.kind == "matrix":
        lead_val = next((v for v in vals.values() if v.type.kind == "matrix"), out)
        if lead_val.type.kind == "matrix":
            rows, cols = lead_val.type.shape
            lead = lead_val.type.order
        else:  # nested function over vectors only (outer)
            rows = next(v.type.shape[0] for p, v in vals.items() if fn.param(p).index == "i")
            cols = next(v.type.shape[0] for p, v in vals.items() if fn.param(p).index == "j")
            lead = "C"
        if fn.nested or out.type.kind == "matrix":
            rows, cols = (rows, cols)
        return Domain("tile", rows=int(rows), cols=int(cols), lead=lead)
    arrays = [v for v in vals.values() if v.type.kind == "vector"]
    if arrays:
        return Domain("vec", length=int(arrays[0].type.shape[0]))
    return Domain("scalar")


@dataclasses.dataclass
class KernelPlan:
    """One kernel: the calls it runs (ids, in order), its space and launch parameters."""

    name: str
    calls: list
    space: str
    params: dict

    def to_json(self) -> dict:
        return {"name": self.name, "calls": list(self.calls), "space": self.space, "params": dict(self.params)}


@dataclasses.dataclass
class Plan:
    """A complete plan for a bound program."""

    program: str
    sizes: dict
    kernels: list
    fingerprint: str = ""
    predicted_s: float | None = None   # the model's prediction for one call, when planned by the search

    def to_json(self, program: Program | None = None) -> dict:
        d = {"kfuse_plan": PLAN_VERSION, "program": self.program, "sizes": dict(self.sizes),
             "fingerprint": self.fingerprint, "kernels": [k.to_json() for k in self.kernels]}
        if self.predicted_s is not None:
            d["predicted_us"] = round(self.predicted_s * 1e6, 3)
        if program is not None:
            for kd in d["kernels"]:
                kd["runs"] = [program.calls[c].label for c in kd["calls"]]
        return d

    def dumps(self, program: Program | None = None) -> str:
        return json.dumps(self.to_json(program), indent=2)

    @staticmethod
    def from_json(d) -> "Plan":
        """A plan from its JSON (a dict or text), checked completely: every refusal is one
        PlanError naming the kernel and the field (see :func:`plan_from_json`)."""
        return plan_from_json(d)

    def describe(self, program: Program) -> str:
        lines = [f"plan for {program.name}: {len(self.kernels)} kernel(s)"]
        for k in self.kernels:
            p = ", ".join(f"{a}={b}" for a, b in k.params.items())
            lines.append(f"  {k.name} [{k.space}; {p}]")
            for c in k.calls:
                lines.append(f"      call {c}: {program.calls[c].label}")
        return "\n".join(lines)


# --------------------------------------------------------------------- plan JSON
PLAN_FIELDS = ("kfuse_plan", "program", "sizes", "fingerprint", "kernels", "predicted_us")
KERNEL_FIELDS = ("name", "calls", "space", "params", "runs")
_C_KEYWORDS = frozenset("""auto break case char const continue default do double else enum extern float
    for goto if inline int long register restrict return short signed sizeof static struct switch
    typedef union unsigned void volatile while bool true false class template typename namespace
    new delete this operator private public protected virtual friend using try catch throw
    constexpr decltype nullptr static_assert thread_local alignas alignof noexcept explicit
    mutable export asm""".split())


def _is_int(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def plan_from_json(d) -> "Plan":
    """Check a plan's JSON completely and build the Plan: the shape of the document, the
    sizes, the fingerprint, and each kernel's name (a C identifier, unique), call ids
    (integers), space and launch parameters.  Each refusal is one line naming the field."""
    if isinstance(d, (str, bytes)):
        try:
            d = json.loads(d)
        except ValueError as e:
            raise PlanError(f"plan is not valid JSON ({e})") from None
    if not isinstance(d, dict):
        raise PlanError(f"a plan is a JSON object with 'kfuse_plan' and 'kernels', got a {_json_kind(d)}")
    if d.get("kfuse_plan") != PLAN_VERSION:
        raise PlanError("not a kfuse plan (missing or wrong 'kfuse_plan' version)")
    extra = [k for k in d if k not in PLAN_FIELDS]
    if extra:
        raise PlanError(f"plan: unknown field {extra[0]!r} (a plan has {', '.join(PLAN_FIELDS)})")
    program = d.get("program", "")
    if not isinstance(program, str):
        raise PlanError(f"plan: field 'program' must be the program's name, got {program!r}")
    fingerprint = d.get("fingerprint", "")
    if not isinstance(fingerprint, str):
        raise PlanError(f"plan: field 'fingerprint' must be a string, got {fingerprint!r}")
    pred = d.get("predicted_us")
    if pred is not None and (isinstance(pred, bool) or not isinstance(pred, (int, float))):
        raise PlanError(f"plan: field 'predicted_us' must be a number, got {pred!r}")
    sizes = _sizes_json(d.get("sizes", {}))
    kernels = d.get("kernels")
    if not isinstance(kernels, list):   # an empty list: check_plan names the calls not run
        raise PlanError(f"plan: field 'kernels' must be a list of kernels, got {kernels!r}"
                        if "kernels" in d else "plan: field 'kernels' is missing")
    plans = [_kernel_json(i, kd) for i, kd in enumerate(kernels)]   # unique names: check_plan
    return Plan(program, sizes, plans, fingerprint, pred * 1e-6 if pred is not None else None)


def _json_kind(v) -> str:
    return {list: "list", dict: "object", str: "string", bool: "boolean", type(None): "null"}.get(
        type(v), "number")


def _sizes_json(sizes) -> dict:
    """A plan's ``sizes``: an object of size names to integers >= 0."""
    if not isinstance(sizes, dict):
        raise PlanError(f"plan: field 'sizes' must be an object of NAME: integer, got {sizes!r}")
    for k, v in sizes.items():
        if not _is_int(v) or v < 0:
            raise PlanError(f"plan: field 'sizes': {k!r} must be an integer >= 0, got {v!r}")
    return dict(sizes)


def _kernel_json(i: int, kd) -> "KernelPlan":
    """One kernel of a plan's JSON, checked field by field."""
    if not isinstance(kd, dict):
        raise PlanError(f"kernel #{i}: must be an object with name, calls, space, params; got {kd!r}")
    name = kd.get("name")
    who = f"kernel {name}" if isinstance(name, str) and name else f"kernel #{i}"
    extra = [k for k in kd if k not in KERNEL_FIELDS]
    if extra:
        raise PlanError(f"{who}: unknown field {extra[0]!r} (a kernel has {', '.join(KERNEL_FIELDS[:4])})")
    for field in ("name", "calls", "space", "params"):
        if field not in kd:
            raise PlanError(f"{who}: field {field!r} is missing")
    if not isinstance(name, str) or not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", name) or name in _C_KEYWORDS:
        raise PlanError(f"{who}: field 'name' must be a C identifier (letters, digits, _), got {name!r}")
    if name.startswith("kf_"):
        raise PlanError(f"{who}: field 'name': the prefix kf_ is kfuse's own (for example kf_zero_outputs)")
    calls = kd["calls"]
    if not isinstance(calls, list):
        raise PlanError(f"{who}: field 'calls' must be a list of call ids such as [0, 1], got {calls!r}")
    if not calls:
        raise PlanError(f"{who} runs no call (field 'calls' is empty)")
    for c in calls:
        if not _is_int(c):
            raise PlanError(f"{who}: field 'calls' holds {c!r}; call ids are integers such as 0")
    space = kd["space"]
    if space not in PARAMS:
        raise PlanError(f"{who}: field 'space' must be one of {', '.join(PARAMS)}, got {space!r}")
    params = kd["params"]
    if not isinstance(params, dict):
        raise PlanError(f"{who}: field 'params' must be an object of launch parameters, got {params!r}")
    return KernelPlan(name, list(calls), space, dict(params))   # params: check_plan, knowing the calls


# --------------------------------------------------------------------- launch shapes
def _blocks_wanted() -> int:
    s = config.get()
    return s.sm_count * s.target_blocks_per_sm


def pack_width(dtype: str) -> int:
    """Elements per 16-byte load: 4 float32, 2 float64 or complex64, 1 complex128."""
    return max(1, 16 // itemsize(dtype))


def vec_params(domain: Domain, dtype: str = "float32") -> dict:
    """Launch parameters of a 1-D kernel: block size, elements per thread (one 16-byte
    pack), and serial iterations leaving about ``target_blocks_per_sm`` blocks per SM."""
    bs = config.get().block_size
    vec = pack_width(dtype)
    blocks = max(1, math.ceil(domain.length / (bs * vec)))
    iters = max(1, math.ceil(blocks / _blocks_wanted()))
    return {"block": bs, "vec": vec, "iters": iters}


def rows_params(domain: Domain, group: int = 8) -> dict:
    """Launch parameters of a sparse-rows kernel: block size, threads per row, serial iterations."""
    bs = config.get().block_size
    blocks = max(1, math.ceil(domain.length / (bs // group)))
    return {"block": bs, "group": group, "iters": max(1, math.ceil(blocks / _blocks_wanted()))}


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
    want_along = max(1, _blocks_wanted() // max(1, other_blocks))
    iters = max(1, math.ceil(steps / want_along))
    # keep grid.y under CUDA's limit
    while axis == "slow" and math.ceil(steps / iters) > 65535:
        iters *= 2
    if axis == "fast" and other_blocks > 65535:
        raise PlanError("matrix too tall for one launch (more than 65535 block rows)")
    return {"bx": bx, "by": by, "ks": ks, "vec": vec, "iter_axis": axis, "iters": iters}


def default_params(program: Program, calls: list, domain: Domain) -> dict:
    """Launch parameters for a kernel running ``calls`` over ``domain``."""
    dtype = program.value(next(iter(program.calls[calls[0]].outs.values()))).type.dtype
    for cid in calls:
        for v in program.calls[cid].args.values():
            if program.value(v).type.kind != "scalar":
                dtype = program.value(v).type.dtype
    if domain.space == "vec":
        return vec_params(domain, dtype)
    if domain.space == "rows":
        return rows_params(domain)
    if domain.space == "tile":
        red = None
        for cid in calls:
            fn = library.get(program.calls[cid].fn)
            if fn.hof == "nested_reduce":
                red = "fast" if domain.axis_of(fn.reduce_axis) == "fast" else "slow"
                break
        return tile_params(domain, red, dtype)
    return {}


def kernel_space(program: Program, calls: list) -> str:
    """The space of a kernel running ``calls``: rows if any call is over sparse rows."""
    spaces = {call_domain(program, program.calls[c]).space for c in calls}
    for sp in ("rows", "tile", "vec"):
        if sp in spaces:
            return sp
    return "scalar"


def kernel_domain(program: Program, calls: list) -> Domain:
    """The domain a kernel running ``calls`` iterates over (the sparse rows if any)."""
    doms = [call_domain(program, program.calls[c]) for c in calls]
    return next((d for d in doms if d.space == "rows"), next((d for d in doms if d.space != "scalar"), doms[0]))


def kernel_name(program: Program, index: int, calls: list) -> str:
    """``k<index>_<name of first call>[_<more>]``, e.g. ``k0_q_gemv``."""
    first = program.calls[calls[0]].name
    more = f"_and{len(calls) - 1}" if len(calls) > 1 else ""
    return f"k{index}_{first}{more}"


def unfused_plan(program: Program) -> Plan:
    """One kernel per call, in program order (the baseline every fusion must beat)."""
    if not program.is_bound:
        raise PlanError("bind the program's sizes before planning")
    kernels = []
    for call in program.calls:
        dom = call_domain(program, call)
        kernels.append(KernelPlan(kernel_name(program, len(kernels), [call.id]), [call.id], dom.space,
                                  default_params(program, [call.id], dom)))
    return Plan(program.name, dict(program.sizes), kernels, program.fingerprint())


#: launch parameters that only packs of several elements allow, per space: dropped with them
PACKED_ONLY = {"rows": ("span",)}


def unpacked_plan(plan: Plan) -> Plan:
    """``plan`` with one element per thread and access (``vec`` 1) in every kernel: what runs
    when an input is not aligned for 16-byte packs (an offset view such as ``x[1:]``).  What
    packs alone allow goes with them: a rows kernel's ``span`` (a group owning several CSR rows
    walks them in packs), so the result is legal wherever ``plan`` is.  A new Plan; ``plan``
    is left as it is."""
    kernels = []
    for k in plan.kernels:
        params = dict(k.params)
        if params.get("vec", 1) != 1:
            params["vec"] = 1
        for name in PACKED_ONLY.get(k.space, ()):
            params.pop(name, None)
        kernels.append(KernelPlan(k.name, list(k.calls), k.space, params))
    return Plan(plan.program, dict(plan.sizes), kernels, plan.fingerprint)


def check_identity(program: Program, plan: Plan) -> None:
    """Refuse a plan made for another program: its name, its sizes (unknown names and other
    values) and, where the plan records one, its fingerprint."""
    if plan.program and plan.program != program.name:
        raise PlanError(f"the plan is for program {plan.program!r}, not {program.name!r}")
    for k, v in plan.sizes.items():
        if k not in program.sizes:
            raise PlanError(f"plan: field 'sizes' names {k!r}, which {program.name} does not have "
                            f"(it has {', '.join(program.sizes) or 'no symbolic sizes'})")
        if program.sizes[k] != v:
            raise PlanError(f"plan: field 'sizes': the plan is for {k}={v}, the program has "
                            f"{k}={program.sizes[k]}")
    if plan.fingerprint and plan.fingerprint != program.fingerprint():
        raise PlanError(f"plan: field 'fingerprint' is {plan.fingerprint!r}, but {program.name} now has "
                        f"{program.fingerprint()!r}: the plan was made for another version of the program "
                        "(remove the field to use the plan anyway)")


def check_plan(program: Program, plan: Plan) -> None:
    """Refuse a plan that does not cover the program's calls exactly once, in dependency order,
    or whose kernels mix spaces; each refusal says why."""
    check_identity(program, plan)
    seen = []
    for k in plan.kernels:
        if not k.calls:
            raise PlanError(f"kernel {k.name} runs no call")
        for c in k.calls:
            if not 0 <= c < len(program.calls):
                raise PlanError(f"kernel {k.name}: there is no call {c}")
        seen.extend(k.calls)
    missing = set(range(len(program.calls))) - set(seen)
    if missing:
        raise PlanError(f"plan does not run call(s) {sorted(missing)}")
    dup = {c for c in seen if seen.count(c) > 1}
    if dup:
        raise PlanError(f"plan runs call(s) {sorted(dup)} more than once")
    names = [k.name for k in plan.kernels]
    twice = next((n for i, n in enumerate(names) if n in names[:i]), None)
    if twice is not None:
        raise PlanError(f"kernel {twice}: field 'name' is used by two kernels (names must be unique)")
    order = {c: i for i, k in enumerate(plan.kernels) for c in k.calls}
    pos = {c: j for k in plan.kernels for j, c in enumerate(k.calls)}
    for src, dst, val in program.edges():
        if order[src] > order[dst]:
            raise PlanError(f"call {dst} reads {val!r} before call {src} writes it (kernel order)")
        if order[src] == order[dst] and pos[src] > pos[dst]:
            raise PlanError(f"kernel {plan.kernels[order[src]].name}: call {dst} reads {val!r} before "
                            f"call {src} computes it (order the calls within the kernel)")
    from .legality import check
    for k in plan.kernels:
        if k.space != kernel_space(program, k.calls):
            raise PlanError(f"kernel {k.name}: space {k.space!r} does not match its calls")
        check_params(k)
        why = walk_refusal(program, k.calls, k.params)
        if why:
            raise PlanError(f"kernel {k.name}: {why}")
        reasons = check(program, k.calls)
        if reasons:
            raise PlanError(f"kernel {k.name} is not a legal fusion: " + "; ".join(reasons))


WALKS = ("strips", "down", "up")


def tile_grid(dom: Domain, params: dict) -> tuple:
    """(blocks along F, blocks along S) of a tile kernel's launch."""
    tf = int(params["bx"]) * int(params.get("vec", 1))
    ts = int(params["by"]) * int(params.get("ks", 1))
    iters, iax = int(params["iters"]), params.get("iter_axis", "slow")
    return (math.ceil(dom.fast / (tf * (iters if iax == "fast" else 1))),
            math.ceil(dom.slow / (ts * (iters if iax == "slow" else 1))))


def walk_of(params: dict) -> str:
    """The order a tile kernel's grid moves over its matrix: its ``walk``; without one, a kernel
    iterating along F moves down (block rows in order), one along S walks its strips."""
    return params.get("walk", "down" if params.get("iter_axis", "slow") == "fast" else "strips")


def walk_refusal(program: Program, calls: list, params: dict) -> str | None:
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
    dom = kernel_domain(program, calls)
    if dom.space != "tile":
        return f"walk={walk} orders the blocks of a tile kernel; this kernel is a {dom.space} kernel"
    iax = params.get("iter_axis", "slow")
    if walk == "down" and iax != "slow":
        return "walk=down is a kernel iterating along F's own order (block rows top to bottom): use strips"
    gx, gy = tile_grid(dom, params)
    for c in calls:
        call = program.calls[c]
        fn = library.get(call.fn)
        if not fn.is_reduce:
            continue
        oax = dom.axis_of(fn.output.index)
        if oax == iax and (gx if oax == "slow" else gy) > 1 and params.get("finish") != "atomic":
            return (f"walk={walk}: {call.label} is finished by the last block of each strip, which "
                    "combines the strip's outputs as one contiguous range (use finish=atomic)")
    return None


# launch parameters each space takes: integers, words, and words from a fixed set
PARAMS = {
    "vec": {"block": int, "vec": int, "iters": int, "unroll": int, "finish": ("last_block", "atomic")},
    "tile": {"bx": int, "by": int, "ks": int, "vec": int, "iter_axis": str, "iters": int,
             "unroll": int, "finish": ("last_block", "atomic"), "regs": int, "chunk": int,
             "walk": WALKS},
    "rows": {"block": int, "group": int, "vec": int, "iters": int, "stage": int, "span": int,
             "finish": ("last_block", "atomic"), "regs": int},
    "scalar": {},
}

# launch parameters each space needs (the others have defaults)
REQUIRED_PARAMS = {"vec": ("block", "iters"), "tile": ("bx", "by", "iters"), "rows": ("block", "iters")}


def check_params(k: KernelPlan) -> None:
    """Refuse a kernel's launch parameter that its space does not take, or of the wrong kind
    (an edited plan's typo must not pass silently); ranges are the emitters' to check."""
    known = PARAMS.get(k.space, {})
    missing = [p for p in REQUIRED_PARAMS.get(k.space, ()) if p not in k.params]
    if missing:
        what = "is empty" if not k.params else f"lacks {', '.join(map(repr, missing))}"
        raise PlanError(f"kernel {k.name}: field 'params' {what} (a {k.space} kernel needs "
                        f"{', '.join(REQUIRED_PARAMS[k.space])})")
    for name, value in k.params.items():
        want = known.get(name)
        if want is None:
            raise PlanError(f"kernel {k.name}: a {k.space} kernel takes no parameter {name!r} "
                            f"(it takes {', '.join(known) or 'none'})")
        if want is int and (isinstance(value, bool) or not isinstance(value, int)):
            raise PlanError(f"kernel {k.name}: parameter {name!r} must be an integer, got {value!r}")
        if want is str and not isinstance(value, str):
            raise PlanError(f"kernel {k.name}: parameter {name!r} must be a word, got {value!r}")
        if isinstance(want, tuple) and value not in want:
            raise PlanError(f"kernel {k.name}: parameter {name!r} must be one of {', '.join(want)}, "
                            f"got {value!r}")


def needed_outside(program: Program, groups: list) -> list:
    """For each group of calls, the values it writes that are read outside it or returned."""
    where = {c: i for i, g in enumerate(groups) for c in g}
    outs = {program.base(o) for o in program.outputs}
    readers: dict = {}
    for c in program.calls:
        for a in c.args.values():
            readers.setdefault(program.base(a), set()).add(c.id)
    need = [set() for _ in groups]
    for c in program.calls:
        if c.id not in where:
            continue
        for v in c.outs.values():
            r = readers.get(v, set())
            if v in outs or not r or any(where.get(x) != where[c.id] for x in r):
                need[where[c.id]].add(v)
    return need
