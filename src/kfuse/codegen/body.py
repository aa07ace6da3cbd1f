"""The structured body of a kernel: the phases of Algorithm 1 (Filipovic et al.) as named blocks.

Every kernel has the same schema, whatever it fuses::

    1: allocate shared memory            (shared)
    2: create register arrays            (registers)
    3: compute thread and block indices  (indices: index type, constexpr extents and geometry)
    4: load invariant data               (invariants: scalars, the scalar prologue, block
                                          coordinates and vectors that do not move with the loop)
    5: clear outputs of accumulated reductions   (clears)
    6: for it in serial iterations:      (loop: per call its loads, computes and stores)
    7:     call load, compute and store routines
    8:     (block indices recomputed from it)
    9: end for
    10: store accumulated reductions     (finish: block reduction, then the last block
                                          of the grid finishes and finalizes)

A lowering fills the phases (per-call emitters append to the phase they belong to) and
:meth:`KernelBody.render` prints them in that order inside the kernel's braces.  The loop phase
holds the loop's own set-up (a rows kernel's stage and lane) and the loop itself; inside it,
each call's loads, compute and stores follow one another, in call order (that is the order the
generated text has, so they share one block).  Kernel-wide ``__shared__`` tiles go to
``shared``; the reductions' scratch is declared in the scope of the finish that uses it.
"""
from __future__ import annotations

import dataclasses

from .common import CodeBlock
from .render import signature

#: the phases, in the order they are printed
PHASES = ("shared", "registers", "indices", "invariants", "clears", "loop", "finish")


@dataclasses.dataclass
class KernelBody:
    """A kernel being built: its name, a one-line description, its launch bounds, its
    parameters and one :class:`CodeBlock` per phase of Algorithm 1."""

    name: str
    comment: str = ""
    threads: int = 32          # __launch_bounds__ threads per block
    min_blocks: int = 0        # blocks per SM promised to ptxas (0: none)
    args: list = dataclasses.field(default_factory=list)
    wrap_args: bool = True     # one parameter per line
    shared: CodeBlock = dataclasses.field(default_factory=CodeBlock)
    registers: CodeBlock = dataclasses.field(default_factory=CodeBlock)
    indices: CodeBlock = dataclasses.field(default_factory=CodeBlock)
    invariants: CodeBlock = dataclasses.field(default_factory=CodeBlock)
    clears: CodeBlock = dataclasses.field(default_factory=CodeBlock)
    loop: CodeBlock = dataclasses.field(default_factory=CodeBlock)
    finish: CodeBlock = dataclasses.field(default_factory=CodeBlock)

    def phases(self) -> dict:
        """Phase name -> its code (the structure ``kfuse stages`` writes beside each kernel),
        the empty phases included, in the order they are printed::

            {"shared": "", "registers": "", "indices": "using idx_t = int;\n...", ...,
             "finish": "if (GRID > 1) { ... }\n"}
        """
        return {phase: getattr(self, phase).text() if getattr(self, phase).items else "" for phase in PHASES}

    def render(self) -> str:
        """The kernel's text: comment, signature, then the phases inside braces::

            // kernel k2_r_dot: vec, N = 100000
            extern "C" __global__ void __launch_bounds__(256)
            k2_r_dot(const float* __restrict__ z, ...)
            {
                using idx_t = int;
                ...
            }
        """
        code = CodeBlock()
        code(f"// kernel {self.name}: {self.comment}")
        code(signature(self.name, [a.decl for a in self.args], self.threads, self.min_blocks, self.wrap_args))
        with code.block("{"):
            for phase in PHASES:
                code.append(getattr(self, phase))
        return code.text()
