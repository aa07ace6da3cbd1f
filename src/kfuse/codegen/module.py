"""A whole generated CUDA module: prelude, routines of every call, one kernel per plan entry."""
from __future__ import annotations

import dataclasses
import math

from ..errors import CompileError, PlanError, ShapeError
from ..fusion.inplace import inplace_writes
from ..fusion.plan import Plan, check_plan
from ..ir import Program, ident
from ..spaces import stored
from ..spaces.budget import smem_refusal
from .common import KArg, KernelSource, comment_text
from .registry import lower
from .render import module_text, signature
from .shadow import shadowed


@dataclasses.dataclass
class Module:
    """Generated CUDA source, the plan's kernels (in launch order) and the kernel that zeroes
    the outputs their atomics sum into (None if none does; launched first)."""

    source: str
    kernels: list
    zero: KernelSource | None = None

    @property
    def launches(self) -> list:
        """Every kernel in launch order: the zeroing kernel, then the plan's."""
        return ([self.zero] if self.zero is not None else []) + list(self.kernels)


ZERO_BLOCK = 256   # threads per block of the zeroing kernel (one 4-byte word each per step)


def zero_kernel(program: Program, kernels: list) -> KernelSource | None:
    """One kernel, launched before the plan's, that zeroes every output the plan's atomic
    finishes sum into: one launch where a memset per output took a graph node each.  Outputs of a later kernel are zeroed up front too (only
    their own kernel writes them).  Sample (BiCGK, n = 16384)::

        // zero the outputs atomics sum into: q_, s_ (k0_q_gemv__s_gemv_t)
        extern "C" __global__ void __launch_bounds__(256)
        kf_zero_outputs(unsigned int* __restrict__ q_, unsigned int* __restrict__ s_)
        {
            const int i0 = ((int)blockIdx.x * blockDim.x + threadIdx.x), step = (int)gridDim.x * blockDim.x;
            for (int i = i0; i < 16384; i += step) q_[i] = 0u;   // 16384 words of q
            for (int i = i0; i < 16384; i += step) s_[i] = 0u;   // 16384 words of s
        }
    """
    outs = [(v, k.name) for k in kernels for v in k.zero]
    if not outs:
        return None
    words = {v: program.value(v).type.nbytes() // 4 for v, _ in outs}
    idx = "long long" if max(words.values()) >= 2**31 else "int"
    args = [KArg(ident(v), f"unsigned int* __restrict__ {ident(v)}", "out", v) for v, _ in outs]
    lines = [f"// zero the outputs atomics sum into: {', '.join(ident(v) for v, _ in outs)} "
             f"({', '.join(dict.fromkeys(k for _, k in outs))})",
             signature("kf_zero_outputs", [a.decl for a in args], ZERO_BLOCK, wrap=False), "{",
             f"    const {idx} i0 = (({idx})blockIdx.x * blockDim.x + threadIdx.x), step = ({idx})gridDim.x * blockDim.x;"]
    for v, _ in outs:
        lines.append(f"    for ({idx} i = i0; i < {words[v]}; i += step) {ident(v)}[i] = 0u;   "
                     f"// {words[v]} words of {program.value(v).display}")
    lines.append("}")
    grid = max(1, min(1024, -(-max(words.values()) // ZERO_BLOCK)))   # empty outputs: still a launchable grid
    return KernelSource("kf_zero_outputs", "\n".join(lines) + "\n", args, (grid, 1, 1), (ZERO_BLOCK, 1, 1), None)


def generate(program: Program, plan: Plan, checked: bool = False, placements: dict | None = None) -> Module:
    """CUDA C for ``plan``; kernels and routines are named after the script's values.  The plan
    is checked first (:func:`kfuse.fusion.plan.check_plan`: coverage, order, legality, each
    space's schema and ``validate``; one PlanError naming the kernel), so the lowerings only
    print what their space's geometry says; ``checked``: the caller has checked it already
    (the driver's plans, :func:`kfuse.pipeline.plan.make_plan`); ``placements``: kernel name ->
    its :class:`kfuse.spaces.grid.placement.Placement` on one rank's block (every kernel placed)."""
    if not checked:
        check_plan(program, plan)
    for kp in plan.kernels:
        check_extents(program, kp)
    program = printable(program)
    for kp in plan.kernels:   # a kernel over the static shared-memory limit would not compile
        why = smem_refusal(program, kp.calls, kp.params)
        if why:
            raise PlanError(f"kernel {kp.name}: {why}")
    need = stored(program, [k.calls for k in plan.kernels])
    kernels: list = []
    for i, kp in enumerate(plan.kernels):
        if placements is not None and kp.name not in placements:
            raise PlanError(f"placements: no placement for kernel {kp.name}")
        kernels.extend(lower(program, kp, need[i], None if placements is None else placements[kp.name]))
    aliased(kernels, inplace_writes(program, plan))
    mod = Module("", kernels, zero_kernel(program, kernels))
    check_launches(mod.launches)
    check_names(mod.launches)
    mod.source = module_text(program, kernels, mod.zero)
    return mod


INT32 = 2**31   # positions from here on wrap in a 32-bit int
#: spaces whose kernels count positions along an axis in ``int``: stencil coordinates (x_p),
#: GEMM's and TRSM's M, N, K, sparse rows' N.  Flat offsets take ``long long`` in every space
#: where a value holds 2^31 elements or more, chosen per kernel (``idx_t``): 32-bit arithmetic
#: wherever it fits; vector and tile kernels count along an axis in ``idx_t`` too
AXIS_INT = ("grid", "gemm", "trsm", "rows")


def check_extents(program: Program, kp) -> None:
    """Refuse a kernel with an axis of 2^31 or more points where its space counts positions
    along an axis in ``int`` (:data:`AXIS_INT`): one ShapeError naming the kernel, the value and
    the axis (``constexpr int K`` once wrapped a 2^31 inner dimension to a negative one: C = 0)."""
    if kp.space not in AXIS_INT:
        return
    names = {program.base(v) for c in kp.calls for v in (*program.calls[c].args.values(),
                                                          *program.calls[c].outs.values())}
    for v in sorted(names):
        val = program.value(v)
        for axis, n in enumerate(val.type.shape):
            if isinstance(n, int) and n >= INT32:
                raise ShapeError(f"kernel {kp.name}: axis {axis} of {val.display} has {n} points; {kp.space} "
                                 f"kernels count positions along an axis in 32-bit int (at most {INT32 - 1}): "
                                 "split the array")


GRID_LIMITS = (2**31 - 1, 65535, 65535)   # CUDA's largest grid, per axis


def check_launches(kernels: list) -> None:
    """Refuse a kernel whose grid CUDA cannot launch (x up to 2^31 - 1 blocks, y and z up to
    65535) or whose block holds more than 1024 threads: one PlanError naming the kernel and its
    grid (an edited plan's 16 x 16 GEMM tiles at 2^20 x 2^20 once asked for 2^32 blocks)."""
    for k in kernels:
        grid, block = tuple(k.grid), tuple(k.block)
        for axis, n, limit in zip("xyz", grid, GRID_LIMITS):
            if n > limit:
                raise PlanError(f"kernel {k.name}: its grid {grid} has {n} blocks along {axis}, more than "
                                f"CUDA launches ({limit}): take larger tiles or more serial iterations")
        if math.prod(block) > 1024:
            raise PlanError(f"kernel {k.name}: its block {block} holds {math.prod(block)} threads, more "
                            "than CUDA's 1024")


def aliased(kernels: list, inplace: dict) -> None:
    """Drop ``__restrict__`` from the two pointers of each kernel that stores a written
    argument's final value into the argument itself (``inplace``: final value -> argument,
    :func:`kfuse.fusion.inplace.inplace_writes`): they point at the same memory."""
    for k in kernels:
        finals = {a.value for a in k.args if a.kind == "out" and a.value in inplace}
        if not finals:
            continue
        both = finals | {inplace[f] for f in finals}
        if k.body is None:
            raise CompileError(f"{k.name}: a kernel written whole cannot store a written argument in place")
        for a in k.args:
            if a.kind in ("in", "out") and a.value in both:
                a.decl = a.decl.replace(" __restrict__", "")
        k.body.args = k.args
        k.text = k.body.render()


def printable(program: Program) -> Program:
    """``program`` with every text the generated code prints in comments (its name, the values'
    names, the calls' labels) made safe there (:func:`kfuse.codegen.common.comment_text`): a
    name such as ``"p\\n#define blockIdx threadIdx"`` once ended the header's comment and
    compiled a wrong kernel.  ``program`` itself where all of it is safe already (a copy
    otherwise; the values' keys, which the generated code prints through :func:`ident`, stay)."""
    def safe(text) -> bool:
        return text is None or comment_text(text) == text
    if safe(program.name) and all(safe(v.display) for v in program.values.values()) \
            and all(safe(c.label) for c in program.calls):
        return program
    values = {n: dataclasses.replace(v, user_name=comment_text(v.display)) if not safe(v.display) else v
              for n, v in program.values.items()}
    calls = [dataclasses.replace(c, label=comment_text(c.label)) for c in program.calls]
    return dataclasses.replace(program, name=comment_text(program.name), values=values, calls=calls)


def check_names(kernels: list) -> None:
    """Refuse a kernel whose body declares one of its parameters' names again
    (:mod:`kfuse.codegen.shadow`): such code would not compile, or would silently read the
    local where the value was meant.  ``kfuse.ir.program.RESERVED`` keeps value names off the
    emitters' locals, so this fires only for an emitter's new local that is not listed there."""
    for k in kernels:
        clash = shadowed(k.text, [a.cname for a in k.args])
        if clash:
            names = ", ".join(sorted(clash))
            raise CompileError(f"kernel {k.name}: the generated code declares {names}, the name of a parameter "
                               f"too (an internal error of kfuse: add {names} to kfuse.ir.program.RESERVED and "
                               "report it; renaming the value avoids it)")


__all__ = ["Module", "KernelSource", "generate"]
