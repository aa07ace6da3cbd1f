"""Compilation as a list of named stages, each stage's artifact kept (Triton's ``asm`` dict).

============  ================================================================  ============
stage         artifact                                                           made by
============  ================================================================  ============
program       the IR :class:`~kfuse.ir.Program`, traced or parsed, sizes bound  frontend
graph         its data-dependency graph: :class:`GraphArtifact` (DOT, edges)    ir
plan          the :class:`~kfuse.fusion.Plan` built (after register budgets)    fusion/model
kernels       the generated kernels: :class:`~kfuse.codegen.Module`             codegen
cuda          the CUDA C source of the module                                   codegen
cubin         the cubin (bytes) NVRTC made for the target                       NVRTC
executable    the :class:`~kfuse.runtime.launch_spec.LaunchSpec` to call it     runtime
============  ================================================================  ============

:func:`kfuse.api.compile_stages` runs them from a program (the plan from
:func:`kfuse.pipeline.plan.make_plan`); from a plan on, two functions run them:
:func:`build` (plan to executable: the Executable) and :func:`run_from_plan` (plan up to a
given stage: the ordered dict of artifacts).  Every :class:`~kfuse.runtime.Executable`
keeps its artifacts in ``exe.stages``, an ordered dict, and ``kfuse stages`` writes them to
files, beside the numbered, editable artifacts of the staged workflow
(:mod:`kfuse.pipeline.workflow`: 01 metadata ... 06 cuda, resumed ``--from`` an edited one).
:data:`STAGE_LIST` is the one list of both: every stage name in order, with its place and
whether it is a compiler stage (:data:`STAGES`) or a numbered stage of the workflow.  Up to
``cuda`` nothing needs NVRTC or a GPU; ``cubin`` needs NVRTC only.
"""
from __future__ import annotations

import dataclasses
import time
from typing import NamedTuple

from .. import spaces
from ..errors import KfuseError
from ..fusion.plan import check_plan
from ..ir import Program
from ..platform import device
from ..runtime.executable import Executable


class Stage(NamedTuple):
    """One stage name: its ``place`` on the one line (1-6: the numbered artifacts of ``kfuse
    stages``, 7 cubin, 8 executable; names of one place run together), whether it is a
    ``compiler`` stage (an artifact of ``exe.stages``) and whether the workflow writes a
    ``numbered`` artifact for it."""

    name: str
    place: int
    compiler: bool
    numbered: bool


#: every stage name ``compile_stages`` and ``kfuse stages`` take, in order
STAGE_LIST = (
    Stage("program", 1, True, False), Stage("metadata", 1, False, True),
    Stage("targets", 2, False, True),
    Stage("graph", 3, True, False), Stage("graphs", 3, False, True),
    Stage("search", 4, False, True),
    Stage("plan", 5, True, True),
    Stage("kernels", 6, True, False), Stage("cuda", 6, True, True),
    Stage("cubin", 7, True, False),
    Stage("executable", 8, True, False),
)
#: the compiler's stages in order (see the module docstring)
STAGES = tuple(s.name for s in STAGE_LIST if s.compiler)
#: the register budgets (per thread) a kernel that spilled is compiled again with, in turn
ROOMIER_REGS = (64, 128, 255)


def check_stage(name: str) -> str:
    """``name`` if it is a stage, else one KfuseError naming the stages."""
    if name not in STAGES:
        raise KfuseError(f"unknown stage {name!r} (stages, in order: {', '.join(STAGES)})")
    return name


def reaches(until: str, stage: str) -> bool:
    """Whether running up to ``until`` runs ``stage``."""
    return STAGES.index(stage) <= STAGES.index(check_stage(until))


@dataclasses.dataclass(frozen=True)
class GraphArtifact:
    """The data-dependency graph of a program: ``dot`` (Graphviz text, as ``kfuse graph``
    writes it), ``calls`` ((call id, function, its line), ...: the nodes) and ``edges``
    ((producer call id, consumer call id, value), ...)."""

    dot: str
    edges: tuple
    calls: tuple = ()

    def to_json(self) -> dict:
        return {"calls": [{"id": i, "fn": fn, "label": label} for i, fn, label in self.calls],
                "edges": [{"from": a, "to": b, "value": v} for a, b, v in self.edges]}


def graph_of(program: Program) -> GraphArtifact:
    """The ``graph`` stage."""
    return GraphArtifact(program.to_dot(), tuple(tuple(e) for e in program.edges()),
                         tuple((c.id, c.fn, c.label) for c in program.calls))


def front(program: Program) -> dict:
    """The ``program`` and ``graph`` artifacts of a bound program."""
    return {"program": program, "graph": graph_of(program)}


def build(program: Program, plan, arch: str | None = None, checked: bool = False) -> Executable:
    """The Executable of ``plan`` for ``program``: the stages from ``plan`` to ``executable``
    (generate, compile through the cache, wrap), every artifact in ``exe.stages``.  The plan is
    checked unless ``checked`` says its caller did (:func:`kfuse.pipeline.plan.make_plan`)."""
    return _run(program, plan, arch, "executable", checked)


def run_from_plan(program: Program, plan, arch: str | None = None, until: str = "executable",
                  checked: bool = False) -> dict:
    """The artifacts of the stages up to ``until`` (``plan`` or a later one) of ``program``
    planned with ``plan``, as an ordered dict (at ``executable``, the Executable's
    ``exe.stages``).  ``checked``: as :func:`build` takes it."""
    if until == "plan":
        if not checked:
            check_plan(program, plan)
        return {**front(program), "plan": plan}
    made = _run(program, plan, arch, until, checked)
    return made.stages if until == "executable" else made


def _run(program: Program, plan, arch: str | None, until: str, checked: bool):
    """The stages from ``plan`` up to ``until``: the Executable at ``executable``, else the
    ordered dict of the artifacts made."""
    from ..codegen import generate
    arch = arch or device.current_arch()
    t0 = time.perf_counter()
    stages = front(program)
    module = generate(program, plan, checked)
    if not reaches(until, "cubin"):
        stages.update(plan=plan, kernels=module, cuda=module.source)
        return {k: v for k, v in stages.items() if reaches(until, k)}
    plan, module, compiled, target, hit = compile_module(program, plan, module, arch)
    stages.update(plan=plan, kernels=module, cuda=module.source, cubin=compiled.cubin)
    if until != "executable":
        return {k: v for k, v in stages.items() if reaches(until, k)}
    exe = Executable(program, plan, module, compiled, arch, time.perf_counter() - t0, hit, target,
                     build=build)
    stages["executable"] = exe.launch_spec
    exe.stages = stages
    return exe


def compile_module(program: Program, plan, module, arch: str) -> tuple:
    """The ``cubin`` stage: (plan, module, CompileResult, target, cache hit).  Kernels that
    spilled under their default register budget are generated again with a roomier one
    (:func:`roomier`), so the plan and module returned may differ from those given (a plan so
    changed is checked again)."""
    from ..codegen import generate
    name = f"{program.name}.cu"
    compiled, target, hit = compile_kernels(name, module.source, module.launches, arch)
    auto = raisable(plan)
    for budget in ROOMIER_REGS:   # a kernel spilled under its default register budget
        better = roomier(plan, compiled.resources(), auto, budget)
        if better is None:
            continue
        plan = better
        module = generate(program, plan)
        compiled, target, hit = compile_kernels(name, module.source, module.launches, arch)
    return plan, module, compiled, target, hit


def compile_kernels(name: str, source: str, kernels, arch: str) -> tuple:
    """(CompileResult, target, cache hit) of CUDA ``source`` holding ``kernels``
    (:class:`~kfuse.codegen.common.KernelSource`, planned or written by hand) for an ``arch``
    device: compiled for the arch-specific target a kernel needs (``sm_90a``), refused with
    the reason where the device or this NVRTC cannot have it, or where a kernel's shared
    memory is over what one block of ``arch`` may take."""
    from ..runtime import nvrtc
    from ..runtime.cache import compile_cached
    from ..runtime.launch import check_shared
    from ..runtime.launch_spec import launch_of
    from ..runtime.targets import check_nvrtc, compile_target
    target = compile_target(arch, kernels)
    check_nvrtc(target, nvrtc.supported_archs())   # sm_1 or an arch-specific target this NVRTC lacks
    compiled, hit = compile_cached(source, target, name=name)
    check_shared([launch_of(k) for k in kernels], target, compiled.resources())
    return compiled, target, hit


def raisable(plan) -> set:
    """Names of the kernels of ``plan`` whose register budget the build may raise: those of a
    space that ``raises_regs`` (:class:`kfuse.spaces.Space`) whose plan names no ``regs``."""
    return {k.name for k in plan.kernels if spaces.get(k.space).raises_regs and "regs" not in k.params}


def roomier(plan, resources: dict, auto: set, budget: int):
    """``plan`` with a budget of ``budget`` registers per thread (``regs``) for each kernel in
    ``auto`` (kernels of a space that ``raises_regs`` whose plan named no budget) that spilled
    under a smaller one (its space's default: :func:`default_regs`); None when none did."""
    spilled = {name for name, r in resources.items() if r["spill_stores"] or r["stack"]} & auto
    start = {k.name: int(k.params.get("regs", default_regs(k.space))) for k in plan.kernels}
    spilled = {name for name in spilled if start[name] < budget}
    if not spilled:
        return None
    kernels = [dataclasses.replace(k, params={**k.params, "regs": budget}) if k.name in spilled else k
               for k in plan.kernels]
    return dataclasses.replace(plan, kernels=kernels)


def default_regs(space: str) -> int:
    """The register budget a kernel of ``space`` gets when its plan names none: the default of
    the space's ``regs`` parameter (64 for tile kernels); 0 (ptxas's own choice) without one."""
    spec = spaces.get(space).schema().get("regs")
    return int(spec.default) if spec is not None and spec.default else 0


def artifact_files(stages: dict, name: str) -> list:
    """[(file name, bytes, what it is)] for each artifact in ``stages`` (an ordered dict of
    artifacts, as ``exe.stages``), named after program ``name``: program JSON, graph DOT and
    JSON, plan JSON, one .cu per kernel, the module's CUDA, the cubin, the launch spec JSON."""
    program = stages.get("program")
    files = []
    for stage, art in stages.items():
        if stage == "program":
            files.append((f"{name}.program.json", _json(art.to_json()), "program: the IR, sizes bound"))
        elif stage == "graph":
            files.append((f"{name}.graph.dot", art.dot.encode(), "graph: data dependencies (DOT)"))
            files.append((f"{name}.graph.json", _json(art.to_json()), "graph: data dependencies (JSON)"))
        elif stage == "plan":
            files.append((f"{name}.plan.json", (art.dumps(program) + "\n").encode(), "plan"))
        elif stage == "kernels":
            for k in art.launches:
                files.append((f"{name}.kernels/{k.name}.cu", k.text.encode(), f"kernels: {k.name}"))
                if k.body is not None:
                    files.append((f"{name}.kernels/{k.name}.phases.json", _json(k.body.phases()),
                                  f"kernels: {k.name}, its body by phase of Algorithm 1"))
        elif stage == "cuda":
            files.append((f"{name}.cu", art.encode(), "cuda: the whole module"))
        elif stage == "cubin":
            files.append((f"{name}.cubin", art, f"cubin: {len(art)} bytes"))
        elif stage == "executable":
            files.append((f"{name}.launch.json", _json(art.to_json()), "executable: the launch spec"))
    return files


def _json(data) -> bytes:
    import json
    return (json.dumps(data, indent=2) + "\n").encode()
