"""The public launch description of an executable: what a host path needs to call it.

An :class:`~kfuse.runtime.Executable` exposes ``exe.launch_spec``, a frozen
:class:`LaunchSpec` built once from the program and the generated module: the
inputs (name, type, sparse parts, the argument each is read from), the outputs,
the allocations (arrays allocated per call for outputs and intermediates,
workspace allocated once at load, zeroed or not), the alignment each input's
address needs, and the launches in order (kernel, grid, block, dynamic shared
memory, arguments by kind, and the plan kernel and calls each serves: a plan
kernel may have several launches).  The host stub, the jit fast path and the
benchmarks read it instead of the executable's private fields.  ``to_json()``
gives it as plain data (``kfuse stages`` writes it).
"""
from __future__ import annotations

import dataclasses

from ..errors import CompileError

#: argument kinds of a launch: array pointers (in, out), a host scalar by value (host), workspace
#: pointers (partial: scratch; counter, accum: zeroed at load, left zero by the kernel) and a
#: by-value parameter block of ``nbytes`` bytes (byval; e.g. a 128-byte CUtensorMap)
ARG_KINDS = ("in", "out", "host", "partial", "counter", "accum", "byval", "const")
#: kind ``const``: a ``long long`` the launch passes as is (its ``value``: the integer's decimal
#: text), e.g. the sub-block offsets of a kernel that several launches of one call share
#: workspace kinds that start at zero
ZEROED = ("counter", "accum")


@dataclasses.dataclass(frozen=True)
class InputSpec:
    """One input of the program, in the program's input order.

    ``argument``: the position of the caller's argument it is read from (an input that is a
    copy of another, ``copy_of``, reads that one's); ``host``: a Python number passed by value;
    ``parts``: a sparse matrix's storage arrays, ((part, C type), ...), else ()."""

    name: str
    display: str
    kind: str
    shape: tuple
    dtype: str
    order: str
    host: bool
    argument: int
    parts: tuple = ()
    copy_of: str | None = None

    @property
    def contiguity(self) -> str:
        """The CuPy flag attribute an array argument must have (``_c_contiguous`` / ``_f_contiguous``)."""
        return "_f_contiguous" if self.kind in ("matrix", "grid") and self.order == "F" else "_c_contiguous"


@dataclasses.dataclass(frozen=True)
class OutputSpec:
    """One output, in return order: a value, the transpose view of ``view_of``, or a host scalar."""

    name: str
    display: str
    view_of: str | None = None
    host: bool = False


@dataclasses.dataclass(frozen=True)
class Allocation:
    """Memory the executable allocates: ``per_call`` (an output or an intermediate stored between
    kernels: ``shape``, ``dtype``, ``order``) or ``workspace`` (once at load: ``nbytes`` bytes,
    ``zeroed`` when it must start at zero)."""

    name: str
    kind: str
    nbytes: int
    shape: tuple = ()
    dtype: str = "uint8"
    order: str = "C"
    zeroed: bool = False


@dataclasses.dataclass(frozen=True)
class LaunchArg:
    """One kernel parameter: ``kind`` (see ARG_KINDS), its C name, the value it passes (a program
    value; for workspace, the allocation's name; for byval, the name under which the bytes are
    given), its size in bytes where it is not a pointer or scalar, and its alignment."""

    kind: str
    cname: str
    value: str | None
    nbytes: int = 0
    align: int = 0
    dtype: str | None = None


@dataclasses.dataclass(frozen=True)
class Launch:
    """One kernel launch, in order: ``kernel`` (its function name), ``grid``, ``block``,
    ``shared_bytes`` (dynamic shared memory per block), ``args``, ``plan_kernel`` (the plan
    kernel it serves; None for the kernel that zeroes atomic outputs first), ``calls`` (the
    program calls it serves) and ``target`` (an arch-specific target it needs, e.g. sm_90a)."""

    kernel: str
    grid: tuple
    block: tuple
    shared_bytes: int
    args: tuple
    plan_kernel: str | None
    calls: tuple
    target: str = ""


@dataclasses.dataclass(frozen=True)
class LaunchSpec:
    """Everything a host path needs to call a compiled program (see the module docstring)."""

    program: str
    arch: str
    target: str
    inputs: tuple
    outputs: tuple
    allocations: tuple
    alignment: tuple     # ((value or "value#part", bytes), ...): inputs whose address must be aligned
    launches: tuple

    @property
    def n_arguments(self) -> int:
        """How many arguments the caller passes (inputs that copy another are filled from it)."""
        return sum(1 for i in self.inputs if not i.copy_of)

    @property
    def aligned(self) -> dict:
        """{input or sparse part: bytes its address must be a multiple of}."""
        return dict(self.alignment)

    @property
    def per_call(self) -> tuple:
        """The allocations made at every call (outputs and intermediates), in order."""
        return tuple(a for a in self.allocations if a.kind == "per_call")

    @property
    def workspace(self) -> tuple:
        """The allocations made once at load."""
        return tuple(a for a in self.allocations if a.kind == "workspace")

    def to_json(self) -> dict:
        """The spec as plain JSON data (tuples become lists)."""
        return dataclasses.asdict(self)


def workspace_name(kernel: str, cname: str) -> str:
    """The allocation name of a kernel's workspace parameter."""
    return f"{kernel}:{cname}"


def build_spec(program, module, arch: str, target: str) -> LaunchSpec:
    """The launch description of ``module`` (a :class:`kfuse.codegen.Module`) generated from
    ``program``, compiled for ``target`` to run on ``arch``."""
    _check_stores(program, module)
    return LaunchSpec(program.name, arch, target, _inputs(program), _outputs(program),
                      _per_call(program, module) + _workspace(module), _alignment(program, module),
                      tuple(launch_of(k, module) for k in module.launches))


def _inputs(program) -> tuple:
    """The inputs, each with the argument position it is read from."""
    vals = [program.value(n) for n in program.inputs]
    user = [v.name for v in vals if not v.copy_of]
    out = []
    for v in vals:
        t = v.type
        out.append(InputSpec(v.name, v.display, t.kind, tuple(t.shape), t.dtype, t.order, bool(v.host),
                             user.index(v.copy_of or v.name), tuple(t.parts), v.copy_of))
    return tuple(out)


def _check_stores(program, module) -> None:
    """Refuse (CompileError) a module where a kernel stores into a program input, or a workspace
    is named after a program value: the host paths key per-call buffers by value name
    (``Executable.run_bound`` allocates only what ``env`` lacks, the stub maps names to
    pointers), so such a name would hand the caller's array to a kernel as its output, and the
    setting ``poison`` would fill it with NaN first."""
    values = program.values
    for k in module.launches:
        for a in k.args:
            if a.kind == "out" and a.value in values and program.value(a.value).role == "input":
                raise CompileError(f"{program.name}: kernel {k.name} stores into input "
                                   f"{program.value(a.value).display!r} (parameter {a.cname}): a kfuse "
                                   "call never writes its inputs")
            if a.kind in ("partial",) + ZEROED and a.value in values:
                raise CompileError(f"{program.name}: workspace {a.value!r} of kernel {k.name} has the "
                                   "name of a program value")


def _outputs(program) -> tuple:
    return tuple(OutputSpec(o, program.value(o).display, program.value(o).view_of, bool(program.value(o).host))
                 for o in program.outputs)


def _per_call(program, module) -> tuple:
    """Every value a kernel stores (outputs and intermediates), in first-stored order."""
    stored = []
    for k in module.kernels:
        for a in k.args:
            if a.kind == "out" and a.value not in stored:
                stored.append(a.value)
    out = []
    for v in stored:
        t = program.value(v).type
        out.append(Allocation(v, "per_call", t.nbytes(), tuple(t.shape), t.dtype, t.order))
    return tuple(out)


def _workspace(module) -> tuple:
    """One allocation per workspace: a kernel's own (named after the kernel and parameter), or
    one several kernels of a planned call share (its KArg ``value``: e.g. the full matrix a
    symmetrize kernel writes and the gemm kernel reads), at the largest size asked."""
    out: dict = {}
    for k in module.launches:
        for a in k.args:
            if a.kind in ("partial",) + ZEROED:
                name = a.value or workspace_name(k.name, a.cname)
                old = out.get(name)
                nbytes = max(a.nbytes, old.nbytes if old else 0)
                out[name] = Allocation(name, "workspace", nbytes, zeroed=a.kind in ZEROED or bool(old and old.zeroed))
    return tuple(out.values())


def _alignment(program, module) -> tuple:
    """The largest alignment any kernel needs of each input (or sparse part: ``A#data``)."""
    aligned: dict = {}
    for k in module.kernels:
        for v, nbytes in k.aligned.items():
            if program.value(v.split("#")[0]).role == "input":
                aligned[v] = max(nbytes, aligned.get(v, 1))
    return tuple(aligned.items())


def launch_of(k, module=None) -> Launch:
    """The Launch of kernel source ``k`` (of ``module``, where the zeroing kernel is)."""
    args = []
    for a in k.args:
        value = (a.value or workspace_name(k.name, a.cname)) if a.kind in ("partial",) + ZEROED else a.value
        args.append(LaunchArg(a.kind, a.cname, value, a.nbytes, a.align, a.dtype))
    if k.plan is not None:
        plan_kernel, calls = k.plan.name, tuple(k.plan.calls)
    else:   # the zeroing kernel serves the calls whose outputs it zeroes
        plan_kernel = None
        calls = tuple(c for kk in (module.kernels if module else ()) if kk.zero and kk.plan
                      for c in kk.plan.calls)
    return Launch(k.name, tuple(k.grid), tuple(k.block), int(k.shared_bytes), tuple(args),
                  plan_kernel, calls, k.target)
