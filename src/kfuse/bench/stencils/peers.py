"""The implementations the stencil suite times, built on :mod:`kfuse.bench.impls`.

The peers are the BLAS suite's own classes (CuPy, PyTorch eager, torch.compile, JAX): their
setup, argument conversion (DLPack, zero copy), timers, output conversion and memory release
are reused as they are; only what they compile differs: a workload's step, written once
(:mod:`.workloads`), over the framework's ops (:mod:`.opsets`).  Added here:

* ``inductor-max-autotune``: ``torch.compile(mode="max-autotune", dynamic=False)``;
* ``kfuse``: ``kfuse.jit`` of the step (a function with the workload's field names).

Time loops (``steps`` > 1) are timed as one call of ``steps`` steps from the same initial
state (the per-step time is that divided by ``steps``):

* CuPy, torch, torch.compile: a Python loop over the (compiled) step, ``a = step(a)``;
* JAX: ``jax.jit`` of ``lax.fori_loop`` over the step (one dispatch per loop: JAX's best);
* kfuse: ``kfuse.iterate(step, a, steps=N)`` where it exists, else the step ping-pongs between
  two buffers with ``out=`` (``f(a, out=b); a, b = b, a``), the first step reading the input.
"""
from __future__ import annotations

from typing import Callable

from ..impls import Impl, first_line, load
from ..impls.inductor_impl import InductorImpl
from . import opsets

PEERS: tuple = ("cupy", "torch", "inductor", "inductor-max-autotune", "jax")
DEFAULT_IMPLS: tuple = ("kfuse",) + PEERS
OPS_OF = {"kfuse": "kfuse", "cupy": "cupy", "torch": "torch", "inductor": "torch",
          "inductor-max-autotune": "torch", "jax": "jax"}


class InductorMaxAutotune(InductorImpl):
    """torch.compile(mode="max-autotune", dynamic=False)."""

    name = "inductor-max-autotune"
    mode, suffix = "max-autotune", "_maxat"


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
        return {"calls": len(exe.program.calls), "kernels": kernels,
                "predicted_us": plan.get("predicted_us"), "plan_version": plan.get("kfuse_plan"),
                "fissioned": plan.get("fissioned", [])}


def build_step(impl: Impl, wl, dtype: str):
    """The impl's compiled (or eager) step of ``wl``."""
    return impl.build(Step(wl, opsets.get(OPS_OF[impl.name])), {}, dtype)


def loop_thunk(impl: Impl, wl, built, native: list) -> Callable[[], object]:
    """A thunk running ``wl.steps`` steps from ``native`` (see the module's docstring)."""
    steps = wl.steps
    if impl.name == "jax":
        jax = impl.jax
        ops = opsets.get("jax")

        def run(a):
            return jax.lax.fori_loop(0, steps, lambda i, s: wl.call(ops, s)[0], a)

        looped = jax.jit(run)
        return lambda: looped(native[0])
    if impl.name == "kfuse":
        return kfuse_loop(impl, wl, built, native)

    def run_loop():
        a = native[0]
        for _ in range(steps):
            out = built(a)
            a = out[0] if isinstance(out, (tuple, list)) else out
        return a

    return run_loop


def kfuse_loop(impl: KfuseStencil, wl, built, native: list) -> Callable[[], object]:
    """kfuse.iterate if kfuse has it, else ``f(a, out=b)`` ping-pong over two buffers that start
    as copies of the input (so their boundary is the input's)."""
    kfuse, steps, x = impl.kfuse, wl.steps, native[0]
    if hasattr(kfuse, "iterate"):
        step = named_step(wl, kfuse)
        return lambda: kfuse.iterate(step, x, steps=steps)
    bufs = (x.copy(), x.copy())

    def run():
        built(x, out=bufs[0])
        src, dst = bufs[0], bufs[1]
        for _ in range(steps - 1):
            built(src, out=dst)
            src, dst = dst, src
        return src

    return run


def bind(impl: Impl, wl, built, args: list) -> Callable[[], object]:
    """The timed unit: one step, or a loop of ``wl.steps`` steps."""
    if not wl.loop:
        return impl.bind(built, args)
    return loop_thunk(impl, wl, built, [impl.convert(a) for a in args])


_LOCAL = {"kfuse": KfuseStencil, "inductor-max-autotune": InductorMaxAutotune}


def get(name: str) -> Impl:
    """The implementation ``name`` (one of :data:`DEFAULT_IMPLS`)."""
    if name in _LOCAL:
        return _LOCAL[name]()
    if name not in PEERS:
        raise KeyError(f"unknown implementation {name!r}; known: {', '.join(DEFAULT_IMPLS)}")
    return load(name)


__all__ = ["PEERS", "DEFAULT_IMPLS", "get", "build_step", "bind", "first_line"]
