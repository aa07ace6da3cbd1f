"""The space protocol: what one kind of kernel is, in one place.

A *space* (scalar, vec, tile, rows, ...) owns

* its **domain**: which calls it hosts (:meth:`Space.claim`) and the reason when it cannot;
* its **parameter schema** (:class:`ParamSpec`: kind, default, allowed values or range), which
  refuses an edited plan's launch parameters up front with one line (:meth:`Space.validate`);
* its **variants**: a declarative table of launch parameters plus restrictions
  (:meth:`Space.variants`, in the manner of Kernel Tuner's ``tune_params`` + restrictions);
* its **geometry** (:class:`Geometry`: grid, block, shared memory, workspace), the one place the
  model and code generation read launch shapes from;
* its **traffic** in bytes (:meth:`Space.traffic`) and its **calibration kind**
  (:meth:`Space.kind`), which the model turns into seconds, with its compute engine's
  seconds (:meth:`Space.compute_seconds`), the matrix it re-reads from L2 after the kernel
  before (:meth:`Space.reused_matrix`) and its calibration section (:meth:`Space.check_calibration`);
* its **explain lines** (:meth:`Space.explain_lines`): the alternatives it weighed, priced by
  the prediction the model hands in.

Spaces are registered in :mod:`kfuse.spaces` (``register``/``get``); fusion and the model
dispatch through that registry, so a new kind of kernel is one new module.
"""
from __future__ import annotations

import dataclasses
import math
import types

from .. import config
from ..errors import PlanError
from ..ir import ident, itemsize
from .traffic import KernelTraffic, Traffic


@dataclasses.dataclass
class Domain:
    """The iteration space of a kernel.

    scalar: no extent.  vec: ``length``.  tile: logical ``rows`` x ``cols`` and
    the memory order ``lead`` of the matrix that sets the thread layout; the
    physical axes are ``slow`` (between rows of memory) and ``fast`` (along).
    grid: the call's ``shape`` and memory order ``lead`` (stencils).
    """

    space: str
    length: int = 1
    rows: int = 1
    cols: int = 1
    lead: str = "C"
    shape: tuple = ()      # grid: the call's output shape (a reduction's: its operand's)

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

    def full_key(self) -> tuple:
        """Every field, as a tuple (a key of the facts memoized per fusion and domain)."""
        return (self.space, self.length, self.rows, self.cols, self.lead, self.shape)


@dataclasses.dataclass(frozen=True)
class ParamSpec:
    """One launch parameter of a space: ``kind`` int or str; ``choices`` the allowed values
    (empty: any of the kind); ``low``/``high`` an integer range (None: open); ``power_of_two``
    for integers that must be powers of two; ``default`` where the plan leaves it out (None:
    required, or a default that depends on the kernel, as ``doc`` says)."""

    name: str
    kind: type
    default: object = None
    choices: tuple = ()
    low: int | None = None
    high: int | None = None
    power_of_two: bool = False
    required: bool = False
    doc: str = ""

    def refusal(self, value) -> str | None:
        """Why ``value`` is not a value of this parameter (kind, choices, range), or None."""
        if self.kind is int and (isinstance(value, bool) or not isinstance(value, int)):
            return f"parameter {self.name!r} must be an integer, got {value!r}"
        if self.kind is str and not isinstance(value, str):
            return f"parameter {self.name!r} must be a word, got {value!r}"
        if self.choices and value not in self.choices:
            return f"parameter {self.name!r} must be one of {', '.join(map(str, self.choices))}, got {value!r}"
        return None

    def range_refusal(self, value) -> str | None:
        """Why an integer ``value`` is out of this parameter's range, or None."""
        low, high = self.low, self.high
        bad = (low is not None and value < low) or (high is not None and value > high) \
            or (self.power_of_two and value & (value - 1))
        if not bad:
            return None
        what = "a power of two" if self.power_of_two else "an integer"
        if low not in (None, 1) and high is not None:
            where = f" in [{low}, {high}]"
        elif high is not None and not (low is not None and value < low):   # (ks = 0: ">= 1")
            where = f" <= {high}"
        else:
            where = f" >= {low}" if low is not None else ""
        return f"{self.name} must be {what}{where}, got {value!r}"


@dataclasses.dataclass(frozen=True)
class Geometry:
    """The launch geometry of one kernel, computed once by its space for codegen and the model.

    ``grid`` / ``block``: the launch's (x, y, z) blocks and threads (an empty domain still
    launches one block).  ``shared_static``: bytes of static ``__shared__`` memory the kernel
    declares, as the shared-memory budget counts it (:func:`kfuse.spaces.budget.shared_bytes`;
    0 for a one-thread kernel); ``shared_dynamic``: bytes of dynamic shared memory per block
    (``extern __shared__``; 0 for the built-in spaces): code generation passes it at launch
    (:attr:`kfuse.codegen.KernelSource.shared_bytes`; the runtime sets the function attribute
    above 48 KiB) and the model counts it in the blocks resident per SM.  ``target``: the
    architecture-specific target the kernel needs (e.g. ``"sm_90a"``; "": the device's own),
    copied to :attr:`kfuse.codegen.KernelSource.target`.  ``workspace``: the global scratch buffers as (kind, name, bytes), kind
    ``partial`` (a result per block), ``accum`` (an accumulator atomics add to) or ``counter``
    (the last-block handshake).  What only one space's kernels have is either a typed subclass
    with fields of its own (:class:`kfuse.spaces.grid.geometry.GridGeometry`,
    :class:`kfuse.spaces.tile.TileGeometry`) or ``detail``, read-only (its space's
    :meth:`Space.geometry` documents its keys)."""

    grid: tuple
    block: tuple
    shared_static: int = 0
    shared_dynamic: int = 0
    workspace: tuple = ()
    detail: types.MappingProxyType = dataclasses.field(default_factory=lambda: types.MappingProxyType({}))
    target: str = ""

    @property
    def blocks(self) -> int:
        """Blocks in the whole grid."""
        return self.grid[0] * self.grid[1] * self.grid[2]

    @property
    def threads(self) -> int:
        """Threads per block."""
        return self.block[0] * self.block[1] * self.block[2]


def frozen(mapping: dict) -> types.MappingProxyType:
    """A read-only view of ``mapping`` (a :class:`Geometry`'s ``detail``)."""
    return types.MappingProxyType(dict(mapping))


def blocks_wanted() -> int:
    """Blocks the default launch shapes aim at: SMs x ``target_blocks_per_sm``."""
    s = config.get()
    return s.sm_count * s.target_blocks_per_sm


def pack_width(dtype: str) -> int:
    """Elements per 16-byte load: 4 float32, 2 float64 or complex64, 1 complex128."""
    return max(1, 16 // itemsize(dtype))


def serial_iters(steps: int, other_blocks: int, per_sm: int) -> int:
    """Serial iterations leaving about ``per_sm`` blocks per SM when ``steps`` blocks' worth of
    work runs along the loop and ``other_blocks`` across it."""
    want = config.get().sm_count * per_sm
    return max(1, math.ceil(steps / max(1, want // max(1, other_blocks))))


def budget_blocks(regs, threads: int) -> int:
    """Blocks per SM a kernel of ``threads`` threads promises ptxas in ``__launch_bounds__`` for
    a budget of ``regs`` registers per thread (plan parameter ``regs``; None: no budget, 0
    returned): 65536 / (regs x threads), at least 1."""
    if regs is None:
        return 0
    return max(1, 65536 // (int(regs) * threads))


INT_MAX = 2**31 - 1   # the largest loop count or grid.x a plan may ask for (the kernels count in int)
BLOCKS_PER_SM = (2, 4, 8)   # blocks per SM the variants' serial loops aim at
SMEM_STATIC_LIMIT = 48 * 1024   # bytes of static __shared__ memory a kernel may declare (CUDA)
SMEM_FLAGS = 16                 # the last-block handshake's flags (kf_last_block(s)), rounded up
WALKS = ("strips", "down", "up")   # the orders a tile kernel's grid may walk its matrix in
FINISHES = ("last_block", "atomic")   # how a kernel's reductions combine their block results


# shared memory an SM gives its resident blocks (H100 / H200: 228 KiB, 1 KiB of it reserved per
# block): a block's static shared memory bounds how many are resident (:func:`resident_blocks`)
SMEM_PER_SM, SMEM_PER_BLOCK_RESERVED = 228 * 1024, 1024

def resident_blocks(tr: KernelTraffic, cal) -> int:
    """Blocks of a kernel moving ``tr`` resident on the GPU at once: 2048 threads per SM, and
    the SM's shared memory over the block's, static and dynamic (:data:`SMEM_PER_SM`)."""
    per_sm = max(1, 2048 // max(1, tr.threads))
    smem = tr.smem + tr.smem_dynamic
    per_sm = min(per_sm, max(1, SMEM_PER_SM // (smem + SMEM_PER_BLOCK_RESERVED)))
    if tr.terms.regs:   # a space that estimates its registers per thread: the register file too
        per_sm = min(per_sm, max(1, 65536 // (tr.terms.regs * max(1, tr.threads))))
    return cal.sm_count * per_sm


class Space:
    """A kind of kernel.  Subclasses set the class attributes and override the methods whose
    default does not fit; :mod:`kfuse.spaces` holds one instance of each.

    ``name``: the plan's ``space`` word.  ``claim_order``: spaces claim a call in increasing
    order (the first whose :meth:`claim` answers wins).  ``kernel_order``: a kernel's space is
    that of its call with the highest order.  ``host_rank``: a kernel's domain is that of its
    first call of the highest rank.  ``hosts_others``: a kernel of this space may host calls of
    other spaces its :meth:`hosts` takes (sparse rows host vector calls).  ``prologue``: calls
    of this space run as a prologue of any kernel (scalars).  ``params``: the schema, a tuple of
    :class:`ParamSpec`.  ``packed_only``:
    parameters that only packs of several elements allow (dropped with them);
    ``unpacked_params``: the parameters that make a kernel of this space take pointers aligned
    to their element only (set in the runtime's plan for offset views).
    ``shares_costs``: two fusions with equal model facts get equal predictions (the search may
    share them).  ``shares_shapes``: two fusions of one shape (the same computation up to value
    names: :mod:`kfuse.fusion.shapes`) get equal predictions and launch refusals, the value
    names in their ``name_params`` renamed (the search costs one per shape).  ``floor_params``: launch parameters whose traffic's reads and writes are the
    kernel's (the model's floor).  ``raises_regs``: when a kernel whose plan names no register
    budget (``regs``; the schema's default applies) spills, the build may compile it again with
    a roomier one (:func:`kfuse.pipeline.stages.roomier`).

    What the search does with a space's fusions (read through ``spaces.get(name)``, never by
    name): ``fissions_over_budget``: a legal fusion of several field-dependency components
    that cannot launch as it wants (:meth:`launch_refusal`) is also tried as its fission even
    when some launch variant fits (False: only when none does).  ``seeds_components``: the
    greedy search starts from each connected component of this space's calls as one kernel
    (:meth:`kfuse.fusion.search.Search.greedy`).  ``local_search``: programs whose calls are
    all of spaces without it (prologue spaces aside) skip the segment DP and search locally
    from the greedy plan alone, within a shorter budget (:func:`kfuse.fusion.local.local_best`)."""

    name = ""
    claim_order = 50
    kernel_order = 50
    host_rank = 1
    prologue = False
    hosts_others = False
    params: tuple = ()
    packed_only: tuple = ()
    unpacked_params: dict = {}
    shares_costs = True
    shares_shapes = False
    name_params: tuple = ()
    floor_params: dict = {}
    raises_regs = False
    fissions_over_budget = False
    seeds_components = False
    local_search = True
    calibration_section: str | None = None

    # ------------------------------------------------------------------ domain
    def claim(self, program, call, fn) -> Domain | None:
        """The domain of ``call`` (running the elementary function ``fn``) when this space
        hosts it, else None."""
        return None

    def refusal(self, program, call, fn) -> str:
        """Why this space does not host ``call`` (asked when :meth:`claim` answers None)."""
        return f"{call.label} is not a {self.name} call"

    def mapping_key(self, domain: Domain) -> tuple:
        """Equal for domains whose calls share a thread-to-data mapping (the comparison of
        :func:`kfuse.spaces.registry.same_mapping`); the default: every extent and the order."""
        return (domain.space, domain.length, domain.rows, domain.cols, domain.lead)

    def hosts(self, domain: Domain, other: Domain) -> bool:
        """Whether calls over ``other``, a domain with another thread-to-data mapping, can run in
        a kernel of this space over ``domain`` (beyond the mapping and the prologue spaces, which
        :func:`kfuse.spaces.registry.hosts` accepts first); the default: no."""
        return False

    def describe(self, domain: Domain) -> str:
        """The domain in words, for legality's reasons."""
        return f"{self.name} kernel"

    def plan_lines(self, params: dict) -> list:
        """Lines a plan's description adds under a kernel of this space with ``params``
        (:meth:`kfuse.fusion.plan.Plan.describe`); the default: none."""
        return []

    def fusion_refusals(self, program, calls: list, info) -> list:
        """Reasons beyond the generic rules why ``calls`` (sorted, two or more) may not run in
        one kernel of this space (:func:`kfuse.fusion.legality.check`); the default: none."""
        return []

    def size_refusal(self, program, calls: list, info) -> str | None:
        """Why the kernel of ``calls``, legal by every other rule, would be too large to compile
        (asked last by :func:`kfuse.fusion.legality.check`); the default: None."""
        return None

    def elements(self, domain: Domain) -> int:
        """Elements a call over ``domain`` computes (the model's work count)."""
        return 1

    # ------------------------------------------------------------------ parameters
    def schema(self) -> dict:
        """The parameters by name."""
        return {spec.name: spec for spec in self.params}

    def required(self) -> tuple:
        """Names of the parameters a plan must give."""
        return tuple(spec.name for spec in self.params if spec.required)

    def check_schema(self, kernel) -> None:
        """Refuse a kernel's parameter this space does not take, a missing required one, or
        one of the wrong kind or out of its range: one PlanError naming kernel and field."""
        known = self.schema()
        needed = self.required()
        missing = [p for p in needed if p not in kernel.params]
        if missing:
            what = "is empty" if not kernel.params else f"lacks {', '.join(map(repr, missing))}"
            raise PlanError(f"kernel {kernel.name}: field 'params' {what} (a {self.name} kernel needs "
                            f"{', '.join(needed)})")
        for name, value in kernel.params.items():
            spec = known.get(name)
            if spec is None:
                raise PlanError(f"kernel {kernel.name}: a {self.name} kernel takes no parameter {name!r} "
                                f"(it takes {', '.join(known) or 'none'})")
            why = spec.refusal(value) or (spec.kind is int and spec.range_refusal(value))
            if why:
                raise PlanError(f"kernel {kernel.name}: {why}")

    def validate(self, program, kernel, domain: Domain, info) -> None:
        """Refuse an edited kernel's launch parameters that do not fit its calls over
        ``domain`` (after the schema: ranges that depend on the domain, refused finishes and
        walks); one PlanError naming the kernel.  The default: the schema alone."""
        self.check_schema(kernel)

    def default_params(self, program, calls: list, domain: Domain, dtype: str, info) -> dict:
        """Launch parameters of a kernel running ``calls`` when none are searched."""
        return {}

    def launch_refusal(self, program, calls: list, domain: Domain, default: dict, fitting, over_budget,
                       info) -> str | None:
        """Why the fusion ``calls`` over ``domain`` cannot launch as it wants (fission's
        question, :func:`kfuse.fusion.fission.launch_refusal`), or None.  ``default``: its
        :meth:`default_params`; ``fitting()``: its launch variants within the shared-memory
        budget; ``over_budget(params)``: why a launch is over that budget
        (:func:`kfuse.spaces.budget.smem_refusal`).  The default: no variant fits."""
        if fitting():
            return None
        why = over_budget(default)
        return f"no launch shape fits the shared-memory budget{': with its default shape it ' + why if why else ''}"

    # ------------------------------------------------------------------ variants
    def variants(self, program, calls: list, domain: Domain, dtype: str, wide: bool, info) -> list:
        """Implementations of the fusion ``calls``: launch-parameter dicts (before the
        shared-memory budget, which the search applies)."""
        return [{}]

    # ------------------------------------------------------------------ geometry, bytes
    def geometry(self, program, calls: list, params: dict, domain: Domain, info) -> Geometry:
        """The launch geometry of a kernel running ``calls`` with ``params``."""
        return Geometry((1, 1, 1), (32, 1, 1))

    def shared_per_output(self, params: dict, staged_always: bool) -> int:
        """Elements of static shared memory per output that takes some (:func:`smem_sizes`)."""
        return 0

    def smem_sizes(self, program, calls: list, domain: Domain, info) -> tuple:
        """Element sizes of the outputs of ``calls`` that take shared memory in this space."""
        return ()

    def shared_static(self, program, calls: list, params: dict, domain: Domain, info) -> int:
        """Static shared memory of the kernel (:func:`kfuse.spaces.budget.shared_bytes`)."""
        staged_always, total = self.smem_facts(program, calls, domain, info)
        return self.shared_per_output(params, staged_always) * total + SMEM_FLAGS

    def smem_facts(self, program, calls: list, domain: Domain, info) -> tuple:
        """(whether a rows kernel's stage is needed at stage 1, the summed element sizes of
        :meth:`smem_sizes`) of ``calls``: what :meth:`shared_static` scales by the launch
        parameters, computed once per fusion (:meth:`kfuse.spaces.facts.ProgramInfo.memo`)."""
        def compute():
            return (any(info.fn(c).hof != "sparse_reduce" for c in calls),
                    sum(self.smem_sizes(program, calls, domain, info)))
        return info.memo(("smem", self.name, tuple(calls), domain.full_key()), compute)

    def workspace(self, program, outs: list, blocks: int, atomic: bool) -> tuple:
        """Scratch buffers of reductions whose block results ``blocks`` blocks combine:
        per output a partial result per block (``atomic``: one accumulator), and the
        last-block counter.  ``outs``: the reductions' output names."""
        if blocks <= 1 or not outs:
            return ()
        got = []
        for out in outs:
            nbytes = program.value(out).type.nbytes()
            got.append(("accum", f"kf_sum_{ident(out)}", nbytes) if atomic
                       else ("partial", f"kf_part_{ident(out)}", blocks * nbytes))
        return tuple(got) + (("counter", "kf_count", 4),)

    def traffic_facts(self, program, calls: list, domain: Domain, seen: set, info) -> dict:
        """What :meth:`traffic` needs of a fusion whatever its launch parameters (``seen``:
        the distinct global values it reads); computed once per fusion by the model."""
        return {}

    def traffic_key(self, facts: dict) -> tuple:
        """What of :meth:`traffic_facts` (in ``facts``) tells this space's fusions' traffic apart
        beyond their domain, bytes, kind and flops: a part of the model's cost key
        (:func:`kfuse.model.predict.cost_key`; asked where ``shares_costs``).  The default: nothing."""
        return ()

    def traffic(self, geometry: Geometry, params: dict, facts: dict) -> Traffic:
        """Bytes and launch terms of a kernel beyond its DRAM reads and writes
        (:class:`kfuse.spaces.traffic.Traffic`): none here."""
        return Traffic()

    def check_calibration(self, section: dict) -> None:
        """Raise ValueError where ``section``, the calibration file's section named by the
        space's ``calibration_section``, is malformed: nothing to check here."""

    def compute_seconds(self, traffic: KernelTraffic, cal) -> float:
        """Seconds the kernel's own compute engine adds to its instructions' time, from its
        ``traffic`` (its :meth:`traffic` in ``terms``) and the calibration ``cal``: 0 here; a matrix product's
        engine term in the GEMM and TRSM spaces (:mod:`kfuse.spaces.gemm.model`)."""
        return 0.0

    def reused_matrix(self, program, first: tuple, second: tuple) -> str | None:
        """The matrix a kernel of this space, ``second`` (calls, params), re-reads from L2 where
        kernel ``first`` left it: None here (:func:`kfuse.spaces.tile.reused_matrix`)."""
        return None

    def explain_lines(self, program, kernel, needed: set, predict, info) -> list:
        """Lines ``kfuse explain`` prints under a plan for ``kernel`` (a
        :class:`kfuse.fusion.plan.KernelPlan` of this space storing ``needed``): the
        alternatives the space weighed, each priced by ``predict(calls, params, needed)``
        (seconds; the model's prediction, handed in).  None here."""
        return []

    def kind(self, program, calls: list, domain: Domain, info) -> str:
        """The calibration kind of a kernel running ``calls`` (a key of the factors)."""
        return self.name

    def env_fields(self, program, calls: list, facts: dict, info) -> dict:
        """Extra fields of a kernel's calibration environment besides its parameters."""
        return {}

    def ceiling_share(self, params: dict) -> float:
        """The share of the DRAM ceilings a kernel of these launch parameters reaches at best:
        the model predicts it no faster than its bytes at ``share`` x the ceilings (1: all)."""
        return 1.0

    def time_factor(self, program, calls: list, params: dict, info) -> float:
        """A factor on the model's calibrated time for what the calibration probes did not
        see (1: none)."""
        return 1.0

    def reads_own_point(self, program, calls: list, params: dict, base: str, info) -> bool:
        """Whether the kernel running ``calls`` reads array ``base`` only at the points where it
        stores a value of ``base``'s type (so it may store that value into ``base`` itself:
        :mod:`kfuse.fusion.inplace`).  Default: no (a space that knows says so)."""
        return False

    def walk_refusal(self, program, calls: list, params: dict, domain: Domain, info) -> str | None:
        """Why a kernel of this space may not take the walk ``params['walk']`` (None: it may)."""
        walk = params.get("walk", "strips")
        if walk == "strips":
            return None
        if walk not in WALKS:
            return f"walk must be one of {', '.join(WALKS)}, got {walk!r}"
        return f"walk={walk} orders the blocks of a tile kernel; this kernel is a {self.name} kernel"


def maps_read_directly(program, calls: list, base: str, info) -> bool:
    """Whether every call of ``calls`` that reads ``base`` is an elementwise map reading it whole
    (no window, no transpose): a kernel of one element per point then reads it only there."""
    for c in calls:
        call = program.calls[c]
        reads = [v for v in call.args.values() if program.base(v) == base]
        if reads and (info.fn(c).hof != "map" or any(v != base for v in reads)):
            return False
    return True


def reads_nowhere(program, calls: list, base: str) -> bool:
    """Whether none of ``calls`` reads array ``base`` (directly or through a view): a kernel of
    them may store any value of ``base``'s type into it."""
    return not any(program.base(v) == base for c in calls for v in program.calls[c].args.values())
