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
import re

from .. import files, spaces
from ..errors import PlanError
from ..ir import MAX_NAME_CHARS, Program
from ..ir.program import C_NAMES
from ..spaces import Domain, call_domain, default_dtype, kernel_domain, kernel_space, program_info
from .legality import Analysis, check

__all__ = ["Domain", "call_domain", "kernel_domain", "kernel_space", "walk_refusal", "check_params", "check_plan", "default_params", "unfused_plan", "unpacked_plan",
           "Plan", "KernelPlan", "kernel_name", "plan_from_json", "check_identity"]

PLAN_VERSION = 1


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
    fissioned: list = dataclasses.field(default_factory=list)   # kernel names per fission of a group
    notes: list = dataclasses.field(default_factory=list)   # lines the search adds for explain (the composer's)

    def to_json(self, program: Program | None = None) -> dict:
        d = {"kfuse_plan": PLAN_VERSION, "program": self.program, "sizes": dict(self.sizes),
             "fingerprint": self.fingerprint, "kernels": [k.to_json() for k in self.kernels]}
        if self.predicted_s is not None:
            d["predicted_us"] = round(self.predicted_s * 1e6, 3)
        if self.fissioned:   # (absent where nothing was fissioned: older plans read the same)
            d["fissioned"] = [list(part) for part in self.fissioned]
        if program is not None:
            for kd in d["kernels"]:
                kd["runs"] = [program.calls[c].label for c in kd["calls"]]
                through = read_through(program, kd["calls"])
                if through:   # informative: np.pad / np.roll inlined as remapped reads, never stored
                    kd["read_through"] = [program.calls[c].label for c in through]
            if program.writes:   # informative: what the call writes into the caller's arrays
                from .inplace import describe
                d["writes"] = describe(program, self)
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
            lines.extend(f"      {ln}" for ln in _space_lines(k))
            for c in k.calls:
                lines.append(f"      call {c}: {program.calls[c].label}")
            for c in read_through(program, k.calls):
                src = program.value(program.calls[c].args["u"]).display
                lines.append(f"      call {c} is read through: its readers load {src} at remapped indices, "
                             "nothing of its shape is stored")
        lines.extend(f"  {ln}" for ln in self.notes)
        if program.writes:
            from .inplace import describe
            lines.extend(f"  writes argument {program.value(n).display}: {how}"
                         for n, how in describe(program, self).items())
        return "\n".join(lines)


def _space_lines(kernel) -> list:
    """What the kernel's space says of its parameters beyond ``name=value`` (a gemm kernel's
    scheme in its text form); none for an unknown space (check_plan refuses it elsewhere)."""
    try:
        space = spaces.get(kernel.space)
    except PlanError:
        return []
    return list(space.plan_lines(kernel.params))


# --------------------------------------------------------------------- plan JSON
PLAN_FIELDS = ("kfuse_plan", "program", "sizes", "fingerprint", "kernels", "predicted_us", "fissioned", "writes")
KERNEL_FIELDS = ("name", "calls", "space", "params", "runs", "read_through")


def read_through(program: Program, calls) -> list:
    """The read-through calls (``np.pad``, ``np.roll``: :mod:`kfuse.library.remap`) of a kernel
    running ``calls`` whose value it never stores: no call outside reads it, nor is it returned."""
    from ..library import get
    from ..library.remap import is_remap
    members = set(calls)
    out = []
    for c in calls:
        call = program.calls[c]
        if not is_remap(get(call.fn)) or call.out in program.outputs:
            continue
        if all(r.id in members for r in program.calls if any(program.base(v) == call.out for v in r.args.values())):
            out.append(c)
    return out
_C_KEYWORDS = frozenset("""auto break case char const continue default do double else enum extern float
    for goto if inline int long register restrict return short signed sizeof static struct switch
    typedef union unsigned void volatile while bool true false class template typename namespace
    new delete this operator private public protected virtual friend using try catch throw
    constexpr decltype nullptr static_assert thread_local alignas alignof noexcept explicit
    mutable export asm""".split())


def kernel_name_refusal(name: str) -> str | None:
    """Why a plan's kernel name (a C identifier) may not name a kernel, or None: a name C, C++
    or CUDA own at file scope (``C_NAMES``: keywords, ``threadIdx``, ``printf``, ``main``, math
    functions; kfuse's locals may name a kernel: they shadow it inside a body), one C keeps for the implementation (``__global__``,
    ``_Bool``), kfuse's prefix ``kf_`` (any case: ``KF_GEMM_HELPERS`` is a macro) or the
    suffix of a call's routine (``_compute``, ``_finalize``)."""
    if name in C_NAMES:
        return f"{name!r} is a name C, C++ or CUDA own (a keyword, built-in, macro or library function)"
    if name.startswith("__") or re.match(r"_[A-Z]", name):
        return f"{name!r}: names that start with __ or _ and a capital letter are C's and CUDA's own"
    if name.lower().startswith("kf_"):
        return "the prefix kf_ is kfuse's own (for example kf_zero_outputs)"
    if name.endswith(("_compute", "_finalize")):
        return f"{name!r}: names ending in _compute or _finalize are the calls' routines"
    return None


def _is_int(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def plan_from_json(d) -> "Plan":
    """Check a plan's JSON completely and build the Plan: the shape of the document, the
    sizes, the fingerprint, and each kernel's name (a C identifier, unique), call ids
    (integers), space and launch parameters.  Each refusal is one line naming the field."""
    if isinstance(d, (str, bytes)):
        d = files.loads(d, "plan", PlanError)
    if not isinstance(d, dict):
        raise PlanError(f"a plan is a JSON object with 'kfuse_plan' and 'kernels', got a {_json_kind(d)}")
    if d.get("kfuse_plan") != PLAN_VERSION or type(d.get("kfuse_plan")) is not int:   # not True, not 1.0
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
    return Plan(program, sizes, plans, fingerprint, pred * 1e-6 if pred is not None else None,
                _fissioned_json(d.get("fissioned", [])))


def _fissioned_json(f) -> list:
    """A plan's ``fissioned``: a list of lists of two or more kernel names (the kernels one
    group was split into by fission); check_plan checks that the names are the plan's."""
    ok = isinstance(f, list) and all(isinstance(p, list) and len(p) >= 2 and all(isinstance(n, str) for n in p)
                                     for p in f)
    if not ok:
        raise PlanError(f"plan: field 'fissioned' must be a list of lists of two or more kernel names, got {f!r}")
    return [list(p) for p in f]


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
    if isinstance(name, str) and len(name) > MAX_NAME_CHARS:
        raise PlanError(f"kernel #{i}: field 'name' has {len(name)} characters ({name[:20]}...); kernel names "
                        f"have at most {MAX_NAME_CHARS}")
    who = f"kernel {name}" if isinstance(name, str) and name else f"kernel #{i}"
    extra = [k for k in kd if k not in KERNEL_FIELDS]
    if extra:
        raise PlanError(f"{who}: unknown field {extra[0]!r} (a kernel has {', '.join(KERNEL_FIELDS[:4])})")
    for field in ("name", "calls", "space", "params"):
        if field not in kd:
            raise PlanError(f"{who}: field {field!r} is missing")
    if not isinstance(name, str) or not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", name) or name in _C_KEYWORDS:
        raise PlanError(f"{who}: field 'name' must be a C identifier (letters, digits, _), got {name!r}")
    why = kernel_name_refusal(name)
    if why:
        raise PlanError(f"{who}: field 'name': {why}")
    calls = kd["calls"]
    if not isinstance(calls, list):
        raise PlanError(f"{who}: field 'calls' must be a list of call ids such as [0, 1], got {calls!r}")
    if not calls:
        raise PlanError(f"{who} runs no call (field 'calls' is empty)")
    for c in calls:
        if not _is_int(c):
            raise PlanError(f"{who}: field 'calls' holds {c!r}; call ids are integers such as 0")
    space = kd["space"]
    if not isinstance(space, str) or space not in spaces.SPACES:
        raise PlanError(f"{who}: field 'space' must be one of {', '.join(spaces.SPACES)}, got {space!r}")
    params = kd["params"]
    if not isinstance(params, dict):
        raise PlanError(f"{who}: field 'params' must be an object of launch parameters, got {params!r}")
    return KernelPlan(name, list(calls), space, dict(params))   # params: check_plan, knowing the calls


# --------------------------------------------------------------------- launch shapes
def default_params(program: Program, calls: list, domain: Domain) -> dict:
    """Launch parameters for a kernel running ``calls`` over ``domain`` (its space's defaults)."""
    info = program_info(program)
    return spaces.get(domain.space).default_params(program, calls, domain, default_dtype(program, calls), info)


def kernel_name(program: Program, index: int, calls: list) -> str:
    """``k<index>_<name of first call>[_<more>]``, e.g. ``k0_q_gemv``."""
    first = program.calls[calls[0]].name
    more = f"_and{len(calls) - 1}" if len(calls) > 1 else ""
    return short_name(f"k{index}_{first}{more}")


def short_name(name: str) -> str:
    """A generated kernel name cut to MAX_NAME_CHARS (its ``k<index>_`` prefix keeps it unique),
    so that a plan kfuse writes always loads again."""
    return name[:MAX_NAME_CHARS]


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
        for name in spaces.get(k.space).packed_only:
            params.pop(name, None)
        params.update(spaces.get(k.space).unpacked_params)
        kernels.append(KernelPlan(k.name, list(k.calls), k.space, params))
    return Plan(plan.program, dict(plan.sizes), kernels, plan.fingerprint,
                fissioned=[list(p) for p in plan.fissioned])


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
    for n in names:   # a Plan built in Python, not read from JSON, is checked here
        why = kernel_name_refusal(n) if isinstance(n, str) and re.fullmatch(r"[A-Za-z_]\w*", n, re.A) \
            else "must be a C identifier (letters, digits, _)"
        if why:
            raise PlanError(f"kernel {n!r}: field 'name': {why}")
    twice = next((n for i, n in enumerate(names) if n in names[:i]), None)
    if twice is not None:
        raise PlanError(f"kernel {twice}: field 'name' is used by two kernels (names must be unique)")
    listed = [n for part in plan.fissioned for n in part]
    for i, n in enumerate(listed):
        if n not in names:
            raise PlanError(f"plan: field 'fissioned' names {n!r}, which is not a kernel of the plan")
        if n in listed[:i]:
            raise PlanError(f"plan: field 'fissioned' names kernel {n!r} twice")
    order = {c: i for i, k in enumerate(plan.kernels) for c in k.calls}
    pos = {c: j for k in plan.kernels for j, c in enumerate(k.calls)}
    for src, dst, val in program.edges():
        if order[src] > order[dst]:
            raise PlanError(f"call {dst} reads {val!r} before call {src} writes it (kernel order)")
        if order[src] == order[dst] and pos[src] > pos[dst]:
            raise PlanError(f"kernel {plan.kernels[order[src]].name}: call {dst} reads {val!r} before "
                            f"call {src} computes it (order the calls within the kernel)")
    analysis = Analysis(program)
    for k in plan.kernels:
        if k.space != kernel_space(program, k.calls):
            raise PlanError(f"kernel {k.name}: space {k.space!r} does not match its calls")
        check_params(k)
        why = walk_refusal(program, k.calls, k.params)
        if why:
            raise PlanError(f"kernel {k.name}: {why}")
        reasons = check(program, k.calls, analysis)
        if reasons:
            raise PlanError(f"kernel {k.name} is not a legal fusion: " + "; ".join(reasons))
        space = spaces.get(k.space)
        space.validate(program, k, kernel_domain(program, k.calls), analysis.info)


def walk_refusal(program: Program, calls: list, params: dict) -> str | None:
    """Why a kernel running ``calls`` may not take the walk order ``params['walk']``, or None
    (:meth:`kfuse.spaces.tile.TileSpace.walk_refusal`; other spaces walk no tiles)."""
    dom = kernel_domain(program, calls)
    return spaces.get(dom.space).walk_refusal(program, calls, params, dom, program_info(program))


def check_params(k: KernelPlan) -> None:
    """Refuse a kernel's launch parameter that its space does not take, that it lacks, or of
    the wrong kind or range (an edited plan's typo must not pass silently): its space's schema."""
    spaces.get(k.space).check_schema(k)
