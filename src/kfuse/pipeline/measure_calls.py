"""Per-call metadata measured on the GPU (stage 01 of ``kfuse stages``, the seed's profiling run).

The program runs unfused (each call its own kernel, as :func:`kfuse.fusion.plan.unfused_plan`
makes it) on random inputs; each kernel is then timed alone in a CUDA graph (warm-up, median of
replays) with the environment of that run, so it reads the values the calls before it computed.
A kernel serving several calls (a scalar prologue joins the kernel after it) charges its time to
each of them, and says so.
"""
from __future__ import annotations

from ..fusion.plan import unfused_plan
from ..ir import Program
from ..platform import device


def measure_calls(program: Program, arch: str | None = None, seed: int = 0) -> dict:
    """``{"device": name, "calls": {call id: {"measured_us", "kernel", "shared_with"}}}`` for a
    bound ``program`` on the current GPU; ``{"calls": {}, "skipped": reason}`` without one."""
    if not device.has_gpu():
        return {"calls": {}, "skipped": device.no_gpu_reason()}
    import cupy

    from ..reference import random_inputs
    from ..runtime.launch import run_steps
    from .stages import build
    from ..runtime.timing import graph_seconds
    exe = build(program, unfused_plan(program), arch)
    inputs = random_inputs(program, seed, xp=cupy)
    env = exe.prepare(tuple(inputs[n] for n in program.inputs if n in inputs))   # fresh, aligned
    exe.run_bound(env)
    cupy.cuda.get_current_stream().synchronize()
    out = {}
    for step, launch in zip(exe.loaded_steps(), exe.launch_spec.launches):
        if not launch.calls:
            continue
        t = graph_seconds([lambda s=step: run_steps([s], env)])
        for c in launch.calls:
            out[int(c)] = {"measured_us": round(t * 1e6, 3), "kernel": launch.kernel,
                           "shared_with": [int(o) for o in launch.calls if o != c]}
    return {"device": device.device_name(), "calls": out}

