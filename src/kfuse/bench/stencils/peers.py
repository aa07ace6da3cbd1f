"""The implementations the stencil suite times, built on :mod:`kfuse.bench.impls`.

The peers are the BLAS suite's own classes (CuPy, PyTorch eager, torch.compile, JAX): their
setup, argument conversion (DLPack, zero copy), timers, output conversion and memory release
are reused as they are; only what they compile differs: a workload's step, written once
(:mod:`.workloads`), over the framework's ops (:mod:`.opsets`).  Added here:

* ``inductor-max-autotune``: ``torch.compile(mode="max-autotune", dynamic=False)``
  (:class:`kfuse.bench.impls.inductor_impl.InductorMaxAutotuneImpl`);
* ``kfuse``: ``kfuse.jit`` of the step (a function with the workload's field names);
* ``kfuse-occupancy``: kfuse's fused plan with the block shapes the occupancy rule picks
  (:mod:`.occupancy`): what kfuse's own choice gains over occupancy alone.

Every implementation the suite knows is one entry of :data:`REGISTRY`.

Time loops (``steps`` > 1) are timed as one call of ``steps`` steps from the same initial
state (the per-step time is that divided by ``steps``); :mod:`.loops` says how each runs.
"""
from __future__ import annotations

import functools
from typing import Callable

from ..impls import Impl, first_line, load
from ..impls.inductor_impl import InductorMaxAutotuneImpl
from . import loops, opsets


class Step:
    """What ``Impl.build`` compiles: ``compute(*fields)`` is one step of the workload on the
    framework's ops (a tuple of outputs); ``script`` names the compiled function."""

    def __init__(self, wl, ops):
        self.wl = wl
        self.ops = ops
        self.script = wl.kernel

    def compute(self, *fields):
        return self.wl.call(self.ops, *fields)


def named_step(wl, ops) -> Callable:
    """``def <kernel>(<field names>): return fn(ops, <fields>, **consts)``: a function kfuse.jit
    can read the parameter names of (it refuses ``*args``)."""
    params = ", ".join(wl.fields)
    src = f"def {wl.kernel}({params}):\n    return _wl.fn(_ops, {params}, **_wl.consts)\n"
    ns = {"_wl": wl, "_ops": ops}
    exec(compile(src, f"<stencil {wl.name}>", "exec"), ns)   # noqa: S102 - our own template
    return ns[wl.kernel]


class KfuseStencil(Impl):
    """kfuse.jit of the step; loops through kfuse.iterate, else out= ping-pong."""

    name = "kfuse"
    requires = ("kfuse", "cupy")

    def setup(self, dtype: str) -> None:
        super().setup(dtype)
        import kfuse

        self.kfuse = kfuse

    def build(self, step: Step, sizes: dict, dtype: str):
        return self.kfuse.jit(named_step(step.wl, self.kfuse))

    def plan_info(self, built, args: list) -> dict:
        """Calls before fusion, kernels after, fission, block shapes and resources, from the
        compiled function's executable (what Tables 1 and 2 read)."""
        exe = built.executable(*args)
        plan = exe.plan or {}
        kernels = []
        res = getattr(exe, "resources", None) or {}
        for k in plan.get("kernels", []):
            kernels.append({"name": k.get("name"), "space": k.get("space"),
                            "calls": len(k.get("calls", [])), "params": k.get("params", {}),
                            "resources": res.get(k.get("name"), {})})
        info = {"calls": len(exe.program.calls), "kernels": kernels,
                "predicted_us": plan.get("predicted_us"), "plan_version": plan.get("kfuse_plan")}
        info["fissioned"] = plan.get("fissioned", [])   # the plan's groups the search fissioned
        return info

    def temporal_info(self, built, args: list, steps: int) -> dict:
        """How kfuse.iterate ran the loop: several steps per pass (depth, block shape, resident
        blocks, the model's time per step, the shapes timed) or why not."""
        return self.kfuse.iterate.temporal_plan(built, args[0], steps)


def build_step(impl: Impl, wl, dtype: str):
    """The impl's compiled (or eager) step of ``wl``."""
    return impl.build(Step(wl, opsets.get(OPS_OF[impl.name])), {}, dtype)


def loop_thunk(impl: Impl, wl, built, native: list) -> Callable[[], object]:
    """A thunk running ``wl.steps`` steps from ``native``; its ``how`` says which loop."""
    x = native[0]
    if impl.name == "jax":
        return loops.jax_loop(impl, wl, x)
    if impl.name in OURS:
        return loops.kfuse_loop(impl.kfuse, built, wl.steps, x)
    if getattr(impl, "cudagraphs", False):
        return loops.CudagraphLoop(impl.torch, built, wl.steps, x)
    return loops.python_loop(built, wl.steps, x)


def bind(impl: Impl, wl, built, args: list) -> Callable[[], object]:
    """The timed unit: one step, or a loop of ``wl.steps`` steps."""
    if not wl.loop:
        thunk = impl.bind(built, args)
        return loops.marked(impl.torch, thunk) if getattr(impl, "cudagraphs", False) else thunk
    return loop_thunk(impl, wl, built, [impl.convert(a) for a in args])


class KfuseOccupancy(KfuseStencil):
    """kfuse's fused plan, each grid kernel's block shape picked by occupancy alone
    (:func:`.occupancy.occupancy_plan`): built for the arguments in :meth:`specialize`."""

    name = "kfuse-occupancy"

    def specialize(self, built, args: list):
        """A kfuse.jit of the same step compiled with the occupancy rule's plan (its
        ``occupancy_report``: the candidates per kernel and the one chosen)."""
        from .occupancy import occupancy_plan

        exe = built.executable(*args)
        plan, report = occupancy_plan(exe.program, exe.plan_obj)
        jitted = self.kfuse.jit(built.fn, plan=plan)
        jitted.occupancy_report = report
        return jitted

    def plan_info(self, built, args: list) -> dict:
        info = super().plan_info(built, args)
        info["occupancy"] = getattr(built, "occupancy_report", None)
        return info


class KfuseTuned(KfuseStencil):
    """kfuse's plan tuned on the device (``kfuse.pipeline.tune``: the best predicted plans and
    launch shapes timed on these arguments, the fastest kept); nothing is cached, so the
    ``kfuse`` records stay the model's own plans."""

    name = "kfuse-tuned"
    top = 6

    def specialize(self, built, args: list):
        """A kfuse.jit of the same step compiled with the tuned plan (its ``tune_report``:
        plans timed, rank of the best, first / best)."""
        from ...pipeline.tune import tune

        exe = built.executable(*args)
        report = tune(exe.program, top=self.top, progress=False, save=False, args=list(args))
        jitted = self.kfuse.jit(built.fn, plan=report.pop("plan"))
        jitted.tune_report = report
        return jitted

    def plan_info(self, built, args: list) -> dict:
        info = super().plan_info(built, args)
        info["tune"] = getattr(built, "tune_report", None)
        return info


# name -> (factory, the framework whose ops the step runs on, ours); the order is the run order
REGISTRY: dict = {
    "kfuse": (KfuseStencil, "kfuse", True),
    "kfuse-tuned": (KfuseTuned, "kfuse", True),
    "kfuse-occupancy": (KfuseOccupancy, "kfuse", True),
    "cupy": (functools.partial(load, "cupy"), "cupy", False),
    "torch": (functools.partial(load, "torch"), "torch", False),
    "inductor": (functools.partial(load, "inductor"), "torch", False),
    "inductor-max-autotune": (InductorMaxAutotuneImpl, "torch", False),
    "jax": (functools.partial(load, "jax"), "jax", False),
}
OURS: tuple = tuple(n for n, (_f, _ops, ours) in REGISTRY.items() if ours)
PEERS: tuple = tuple(n for n, (_f, _ops, ours) in REGISTRY.items() if not ours)
DEFAULT_IMPLS: tuple = OURS + PEERS
OPS_OF = {n: ops for n, (_f, ops, _ours) in REGISTRY.items()}


def get(name: str) -> Impl:
    """The implementation ``name`` (one of :data:`DEFAULT_IMPLS`)."""
    if name not in REGISTRY:
        raise KeyError(f"unknown implementation {name!r}; known: {', '.join(DEFAULT_IMPLS)}")
    return REGISTRY[name][0]()


__all__ = ["REGISTRY", "PEERS", "OURS", "DEFAULT_IMPLS", "get", "build_step", "bind", "first_line"]
