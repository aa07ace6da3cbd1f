"""Lowering a Python function without a GPU: ``kfuse.jit(f).lower(*args)``.

As JAX lowers a function, kfuse traces it for the shapes, element types and layouts of the
arguments (NumPy arrays or :class:`kfuse.ShapeDtype` specs stand for device arrays), plans it,
generates CUDA and compiles it with NVRTC to a cubin.  Nothing touches a GPU: the result can be
inspected, written out, or run later on a machine with one.

>>> lo = kfuse.jit(lambda A, x: A @ x).lower(kfuse.ShapeDtype((4096, 4096), "float32"),
...                                          kfuse.ShapeDtype((4096,), "float32"))  # doctest: +SKIP
>>> lo.plan["kernels"][0]["space"], len(lo.cubin), lo.resources                     # doctest: +SKIP
"""
from __future__ import annotations

from .fusion.explain import explain_program
from .ir import Program


class Lowered:
    """A function traced, planned and compiled for one argument signature.

    ``program`` (the IR), ``plan`` (the plan JSON, as ``kfuse plan --json`` writes it),
    ``plan_obj`` (the :class:`kfuse.fusion.Plan`), ``source`` (the generated CUDA C), ``cubin``
    (bytes), ``arch``, ``ptxas`` (NVRTC's log: the ptxas report), ``resources`` (registers,
    shared memory and spills per kernel, parsed from it), ``explain()`` (the fusion decisions
    in words), ``executable`` (the :class:`kfuse.runtime.Executable`; calling it needs a GPU of
    ``arch``), ``stages`` (each compilation stage's artifact), ``launch_spec`` and
    ``signature`` (one line per argument).
    """

    def __init__(self, executable, structure: str, signature: list, loops: list = ()):
        self.executable = executable
        self.structure = structure
        self.signature = signature
        #: the function's time loops in words: folded (then ``program``, ``plan`` and the code are
        #: those of one step, ``plan["loop"]`` the loop) or unrolled, and why
        self.loops = list(loops)

    @property
    def program(self) -> Program:
        return self.executable.program

    @property
    def plan(self) -> dict:
        return self.executable.plan

    @property
    def plan_obj(self):
        return self.executable.plan_obj

    @property
    def source(self) -> str:
        return self.executable.source

    @property
    def cubin(self) -> bytes:
        return self.executable.compiled.cubin

    @property
    def arch(self) -> str:
        return self.executable.arch

    @property
    def ptxas(self) -> str:
        return self.executable.compiled.log

    @property
    def resources(self) -> dict:
        return self.executable.resources

    @property
    def stages(self) -> dict:
        """Every compilation stage's artifact, in order (program, graph, plan, kernels, cuda,
        cubin, executable: :mod:`kfuse.pipeline.stages`), as Triton's ``asm``."""
        return self.executable.stages

    @property
    def launch_spec(self):
        """How to call it: :class:`kfuse.runtime.launch_spec.LaunchSpec`."""
        return self.executable.launch_spec

    def explain(self, calls=None) -> str:
        """Why calls fuse or not (``calls``: ids, as ``kfuse explain --calls``); without them,
        every pair of related calls, then the plan this object was compiled with."""
        text = explain_program(self.program, self.plan_obj if calls is None else None, calls)
        return text + "".join(f"\nloop: {note}" for note in self.loops)

    def __repr__(self):
        return (f"<kfuse.Lowered {self.program.name} for {self.arch}: {len(self.plan_obj.kernels)} "
                f"kernel(s), {len(self.cubin)} B cubin; ({'; '.join(self.signature)})>")


def describe_spec(name: str, spec: tuple) -> str:
    """One argument of a signature in words: ``A: matrix(4096, 1024) float32 F``."""
    kind = spec[0]
    if kind == "h":
        return f"{name}: Python {spec[1]} number (by value)"
    if kind == "d":
        return f"{name}: scalar {spec[1]} (0-d device array)"
    if kind == "s":
        return f"{name}: {spec[1].upper()}{tuple(spec[2])} {spec[3]}, about {spec[5]} stored per row"
    shape, dtype, order = spec[1], spec[2], spec[3]
    if len(shape) == 1:
        return f"{name}: vector({shape[0]}) {dtype}"
    return f"{name}: matrix({shape[0]}, {shape[1]}) {dtype} {order}"
