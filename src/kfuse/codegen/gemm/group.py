"""Lowering of a grouped gemm kernel: several products sharing an operand in one launch
(what may be grouped: :mod:`kfuse.spaces.gemm.group`).

Each product (with its epilogue calls) is lowered as a lone gemm kernel would be
(:class:`kfuse.codegen.gemm.lower.GemmLowering` over that product's calls, passed in by its hook:
this module imports no lowering), then turned into a
``__device__`` function of the tile it computes; one ``__global__`` kernel over P x tiles blocks
dispatches block b to tile b / P of product b % P, so that the blocks of the same output tile of
every product run side by side and the operand they share is re-read from L2 (not loaded once
per block).  The products share one scheme (the kernel's launch parameters), hence the same
threads, and shared memory (the largest).  A sample (``C1 = A @ B1; C2 = A @ B2``; abridged)::

    static __device__ __forceinline__ void
    k0_C1_gemm__C2_gemm_p0(const float* __restrict__ A, const float* __restrict__ B1, float* __restrict__ C1, const int kf_tile)
    {
        ...
        const int pid = kf_tile;   // this product's tile (the group kernel dispatches it)
        ...
    }
    ... (k0_C1_gemm__C2_gemm_p1 alike)

    // kfuse GEMM group: 2 products in one launch, 2 x 6 blocks: block b computes tile b / 2 of
    // product b % 2 (the blocks of one output tile of each product side by side: A re-read from L2)
    extern "C" __global__ void __launch_bounds__(256)
    k0_C1_gemm__C2_gemm(const float* __restrict__ A, const float* __restrict__ B1, float* __restrict__ C1,
                        const float* __restrict__ B2, float* __restrict__ C2)
    {
        const int product = blockIdx.x % 2, tile = blockIdx.x / 2;
        if (product == 0) k0_C1_gemm__C2_gemm_p0(A, B1, C1, tile);
        else k0_C1_gemm__C2_gemm_p1(A, B2, C2, tile);
    }
"""
from __future__ import annotations

import dataclasses
import re

from ...errors import PlanError
from ...spaces.gemm import group as gemm_group
from ..common import CodeBlock, KernelSource

#: the line of a gemm kernel that reads its tile from the grid (``tile_order_lines``)
PID_LINE = "const int pid = blockIdx.x;"
_HEAD = re.compile(r'extern "C" __global__ void __launch_bounds__\(([^)]*)\)\n(\w+)\((.*)\)\n\{', re.S)


def device_function(text: str, name: str) -> tuple:
    """(the gemm kernel ``text`` of kernel ``name`` as a ``__device__`` function of its tile
    ``kf_tile``, its launch bounds): the signature rewritten, its one read of ``blockIdx.x``
    replaced.  A PlanError where the text is not the shape this expects."""
    heads = list(_HEAD.finditer(text))
    if len(heads) != 1 or heads[0].group(2) != name:
        raise PlanError(f"grouped gemm: kernel {name}'s text has {len(heads)} kernel heads (expected one named {name})")
    if text.count(PID_LINE) != 1 or text.count("blockIdx.x") != 1:
        raise PlanError(f"grouped gemm: kernel {name} reads blockIdx.x other than by its tile order; it cannot be "
                        "dispatched by tile")
    h = heads[0]
    head = (f"static __device__ __forceinline__ void\n{name}({h.group(3)}, const int kf_tile)\n{{")
    body = text[:h.start()] + head + text[h.end():]
    body = body.replace(PID_LINE, "const int pid = kf_tile;   // this product's tile (the group kernel dispatches it)")
    return body, h.group(1)


class GemmGroupLowering:
    """A gemm kernel running several products (see the module doc): one lowering per product,
    one dispatching kernel."""

    def __init__(self, program, kplan, needed_outside, lowering):
        """``lowering``: the class lowering one product's kernel (``GemmLowering``)."""
        self.program, self.kplan = program, kplan
        from ...spaces import program_info
        self.info = program_info(program)
        self.parts = []
        for i, calls in enumerate(gemm_group.parts(program, kplan.calls, self.info)):
            sub = dataclasses.replace(kplan, name=f"{kplan.name}_p{i}", calls=list(calls))
            self.parts.append(lowering(program, sub, needed_outside))

    def emit(self) -> KernelSource:
        """The group kernel: each product's device function, then the dispatch."""
        sources = []
        for part in self.parts:
            src = part.emit()
            if isinstance(src, list) or src.zero:
                raise PlanError(f"kernel {self.kplan.name}: a grouped product needs a prior kernel or zeroed "
                                "outputs (structured operands, reductions), which groups do not run")
            sources.append(src)
        grids = {s.grid for s in sources}
        blocks = {s.block for s in sources}
        if len(grids) != 1 or len(blocks) != 1 or next(iter(grids))[1:] != (1, 1):
            raise PlanError(f"kernel {self.kplan.name}: the grouped products' grids differ ({sorted(grids)}): one "
                            "launch runs products of one size under one scheme, without split-k")
        texts, bounds = zip(*(device_function(s.text, s.name) for s in sources))
        args, by_name = [], {}
        for s in sources:
            for a in s.args:
                if a.cname in by_name:
                    if by_name[a.cname].decl != a.decl or by_name[a.cname].value != a.value:
                        raise PlanError(f"kernel {self.kplan.name}: parameter {a.cname} means two things in "
                                        "the grouped products")
                    continue
                by_name[a.cname] = a
                args.append(a)
        p, tiles = len(sources), sources[0].grid[0]
        text = "\n".join(texts) + "\n" + self.dispatch(sources, args, bounds[0], tiles)
        aligned = {}
        for s in sources:
            aligned.update(s.aligned)
        return KernelSource(self.kplan.name, text, args, (p * tiles, 1, 1), sources[0].block, self.kplan,
                            shared_bytes=max(s.shared_bytes for s in sources), aligned=aligned)

    def dispatch(self, sources: list, args: list, bounds: str, tiles: int) -> str:
        """The ``__global__`` kernel: block b runs tile b / P of product b % P."""
        p = len(sources)
        shared = [f"{self.program.value(v).display} (operand {role})"
                  for role, v in gemm_group.shared_operands(self.program, [part.gemm.id for part in self.parts])]
        sig = ", ".join(a.decl if a.decl.endswith(a.cname) else f"{a.decl} {a.cname}" for a in args)
        code = CodeBlock()
        code.extend([f"// kfuse GEMM group: {p} products in one launch, {p} x {tiles} blocks: block b computes tile "
                     f"b / {p} of product b % {p}",
                     f"// (the blocks of one output tile of each product run side by side: the shared operand "
                     f"{', '.join(shared)} is re-read from L2)",
                     f'extern "C" __global__ void __launch_bounds__({bounds})',
                     f"{self.kplan.name}({sig})"])
        with code.block("{"):
            code(f"const int product = blockIdx.x % {p}, tile = blockIdx.x / {p};")
            for i, s in enumerate(sources):
                call = f"{s.name}({', '.join([a.cname for a in s.args] + ['tile'])});"
                what = "if (product == 0)" if i == 0 else ("else" if i == p - 1 else f"else if (product == {i})")
                code.extend([f"{what} {call}   {self.parts[i].comment(self.parts[i].gemm)}"])
        code("")
        return "\n".join(code.lines())
