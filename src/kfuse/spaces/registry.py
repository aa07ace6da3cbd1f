"""The registry of kernel spaces, the ordered claim of a call's domain, and the facts of a
bound program (:func:`program_info`)."""
from __future__ import annotations

from ..errors import PlanError
from ..ir import Program
from .base import Domain, Space
from .facts import ProgramInfo, cached_info
from .gemm.space import GemmSpace
from .rows import RowsSpace
from .scalar import ScalarSpace
from .grid.space import GridSpace
from .tile import TileSpace
from .trsm.space import TrsmSpace
from .vec import VecSpace

SPACES: dict = {}
_STATE = {"generation": 0}   # bumped by every change of the registry (program facts depend on it)


def register(space: Space, replace: bool = False) -> Space:
    """Add ``space`` to the registry under its ``name`` (``replace``: over an existing one)."""
    if not space.name or not space.name.isidentifier():
        raise PlanError(f"a space's name must be an identifier, got {space.name!r}")
    if space.name in SPACES and not replace:
        raise PlanError(f"space {space.name!r} is already registered (pass replace=True)")
    SPACES[space.name] = space
    _STATE["generation"] += 1
    return space


def unregister(name: str) -> None:
    """Remove the space ``name`` from the registry."""
    get(name)
    del SPACES[name]
    _STATE["generation"] += 1


def get(name: str) -> Space:
    """The space called ``name``; a PlanError lists the known ones otherwise."""
    try:
        return SPACES[name]
    except (KeyError, TypeError):
        raise PlanError(f"unknown space {name!r} (the spaces are {', '.join(SPACES)})") from None


def claim_order() -> list:
    """The spaces in the order they claim calls."""
    return sorted(SPACES.values(), key=lambda s: s.claim_order)


def claim(program: Program, call, fn) -> Domain:
    """The domain of ``call`` (running ``fn``): that of the first space to claim it."""
    for space in claim_order():
        dom = space.claim(program, call, fn)
        if dom is not None:
            return dom
    reasons = "; ".join(s.refusal(program, call, fn) for s in claim_order())
    raise PlanError(f"no kernel space hosts {call.label}: {reasons}")


def program_info(program: Program) -> ProgramInfo:
    """The facts of ``program`` (:class:`ProgramInfo`), computed once per program and
    registry of spaces."""
    return cached_info(program, claim, _STATE["generation"])


def stored(program: Program, groups: list) -> list:
    """For each group of calls (a kernel), the values it stores (:meth:`ProgramInfo.stored`),
    as a new set each."""
    info = program_info(program)
    return [set(info.stored(g)) for g in groups]


def call_domain(program: Program, call) -> Domain:
    """Domain of one call of a bound program."""
    return program_info(program).domain(call.id)


def host_domain(domains: list) -> Domain:
    """The domain a kernel over calls of ``domains`` iterates over: the first of the highest
    host rank (sparse rows over vectors over scalars)."""
    top = max(get(d.space).host_rank for d in domains)
    return next(d for d in domains if get(d.space).host_rank == top)


def same_mapping(a: Domain, b: Domain) -> bool:
    """Whether calls over ``a`` and ``b`` share a thread-to-data mapping (their spaces'
    :meth:`Space.mapping_key`)."""
    return get(a.space).mapping_key(a) == get(b.space).mapping_key(b)


def hosts(host: Domain, other: Domain) -> bool:
    """Whether calls over ``other`` can run in a kernel over ``host``: the same mapping, a call
    of a prologue space on either side (scalars run as a prologue of any kernel), or what the
    host's space takes besides (:meth:`Space.hosts`: a matrix product's epilogue and prologue,
    sparse rows' vector calls)."""
    space = get(host.space)
    if same_mapping(host, other) or space.prologue or get(other.space).prologue:
        return True
    return space.hosts(host, other)


def kernel_domain(program: Program, calls: list) -> Domain:
    """The domain a kernel running ``calls`` iterates over (the sparse rows if any)."""
    info = program_info(program)
    return host_domain([info.domain(c) for c in calls])


def kernel_space(program: Program, calls: list) -> str:
    """The space of a kernel running ``calls``: that of the call whose space ranks highest."""
    info = program_info(program)
    return max((get(info.domain(c).space) for c in calls), key=lambda s: s.kernel_order).name


def kernel_dtype(program: Program, calls: list) -> str:
    """The element type a kernel's launch shape is chosen for: that of the first array its
    calls read (of the first call's output when they read none)."""
    for c in calls:
        for v in program.calls[c].args.values():
            if program.value(v).type.kind != "scalar":
                return program.value(v).type.dtype
    return program_info(program).dtype(calls[0])


def default_dtype(program: Program, calls: list) -> str:
    """The element type default launch shapes are chosen for: that of the last array the
    calls read (of the first call's output when they read none)."""
    dtype = program_info(program).dtype(calls[0])
    for c in calls:
        for v in program.calls[c].args.values():
            if program.value(v).type.kind != "scalar":
                dtype = program.value(v).type.dtype
    return dtype


for _space in (VecSpace(), TileSpace(), RowsSpace(), ScalarSpace(), GridSpace(), GemmSpace(), TrsmSpace()):   # the order plans list them in
    register(_space)

