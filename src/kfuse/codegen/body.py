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
:meth:`KernelBody.render` prints them in that order inside the kernel's braces.  Kernel-wide
``__shared__`` tiles go to ``shared``; the reductions' scratch is declared in the scope of the
finish that uses it.

The loop phase is the loop's frame (its own set-up -- a rows kernel's stage and lane --, the loop
headers, the walk, barriers, the in-loop finishes of a tile kernel) into which each call's code
goes as a :class:`LoopStep` of three blocks, ``loads``, ``compute`` and ``stores``, that the
per-call emitters append to: :meth:`KernelBody.step` places a step's blocks at the point of the
frame where the call's code is printed (by reference, so the emitter may fill them afterwards in
any order).  The steps are printed in call order, where the text has always had them.  What goes
where, so that the text is the same as when the loop was one block:

* the ``// call N: ...`` comment line opens the step's ``loads`` (it precedes them in the text);
* a load shared by several calls (an input two calls read) is in the ``loads`` of the first
  call that reads it; later calls reuse the registers;
* loads nested inside a compute loop stay in ``compute``: a rows kernel's walk over a row's
  nonzeros loads values and column indices inside the loop that computes with them;
* a call whose code lies at several points of the frame has one step per point, told apart by
  ``part``: in a rows kernel a product's ``walk`` (the group reduces a row; storing to the
  shared stage is its ``stores``), its ``stage`` (reading the stage back: ``loads``), its
  ``row`` (the holding lane takes the row's sums), and its ``finalize`` (finalize in
  ``compute``, the store in ``stores``); a vector call's inputs loaded before the walk are an
  ``early`` step of the first call that reads them (the ``kf_holds`` line they share is the
  frame's).  A call's code printed in one place is its ``main`` step.
* The scalar kernel (no loop) keeps its calls in the loop phase, a ``main`` step each.
"""
from __future__ import annotations

import dataclasses

from .common import CodeBlock
from .render import signature

#: the phases, in the order they are printed
PHASES = ("shared", "registers", "indices", "invariants", "clears", "loop", "finish")


def _text(block: CodeBlock) -> str:
    """The block's text ("" when it prints no line)."""
    lines = block.lines()
    return "\n".join(lines) + "\n" if lines else ""


@dataclasses.dataclass
class LoopStep:
    """One call's code at one point of the loop: its loads, its compute and its stores
    (``part``: which of the call's points, ``main`` when it has one; see the module docstring)."""

    call: int
    part: str = "main"
    loads: CodeBlock = dataclasses.field(default_factory=CodeBlock)
    compute: CodeBlock = dataclasses.field(default_factory=CodeBlock)
    stores: CodeBlock = dataclasses.field(default_factory=CodeBlock)

    def as_dict(self) -> dict:
        """``{"call": 2, "part": "main", "loads": "...", "compute": "...", "stores": ""}``"""
        return {"call": self.call, "part": self.part, "loads": _text(self.loads),
                "compute": _text(self.compute), "stores": _text(self.stores)}


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
    steps: list = dataclasses.field(default_factory=list)   # the loop's LoopSteps, in the order printed

    def step(self, code: CodeBlock, call: int, part: str = "main") -> LoopStep:
        """A new step of ``call``, its blocks placed at the current point of ``code`` (the loop
        phase, or a block inside it)."""
        step = LoopStep(call, part)
        for block in (step.loads, step.compute, step.stores):
            code.embed(block)
        self.steps.append(step)
        return step

    def phases(self) -> dict:
        """Phase name -> its code (the structure ``kfuse stages`` writes beside each kernel),
        the empty phases included, in the order they are printed; the loop is its whole text
        and its steps, each call's loads, compute and stores::

            {"shared": "", "registers": "", "indices": "using idx_t = int;\n...", ...,
             "loop": {"text": "for (int it = 0; ...) {\n...}\n",
                      "calls": [{"call": 2, "part": "main", "loads": "// call 2: ...\n...",
                                 "compute": "...", "stores": ""}]},
             "finish": "if (GRID > 1) { ... }\n"}
        """
        out = {phase: _text(getattr(self, phase)) for phase in PHASES}
        out["loop"] = {"text": out["loop"], "calls": [step.as_dict() for step in self.steps]}
        return out

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
