"""One rank's compiled step of a decomposed grid: the plan's grid kernels placed on the rank's
blocks (:func:`kfuse.distributed.placed.rank_module`), compiled by NVRTC, and a call that
exchanges the halos the step reads across cuts, then launches the kernels on the rank's padded
blocks (device arrays), in the communicator's stream order.

The blocks of an output are padded like the input it replaces (``program.writes``, or
``carry``: output -> input, for a step whose outputs are the next step's inputs), so the next
call's exchange fills them; their halo is left unwritten by the kernels."""
from __future__ import annotations

import numpy as np

from ..errors import ArgumentError, PlanError
from ..platform import device
from .exchange import local_box
from .halo import Halo, other_reads, refusal, step_halos
from .halo_exchange import exchange_halos
from .placed import rank_module


class RankStep:
    """``program`` planned as ``plan``, on rank ``comm.rank`` of ``decomp`` (see the module
    docstring); ``arch``: the NVRTC target (default: this GPU's, else the setting)."""

    def __init__(self, program, plan, decomp, comm, carry: dict | None = None, arch: str | None = None):
        if comm.size != decomp.size:
            raise ArgumentError(f"comm: {comm.size} ranks, the decomposition has {decomp.size}")
        self.program, self.decomp, self.comm = program, decomp, comm
        self.halos = step_halos(program, plan, decomp)
        why = refusal(self.halos, decomp, other_reads(program, plan, decomp))
        if why:
            raise PlanError(f"{program.name} over {decomp.dims} ranks: {why}")
        carry = dict(carry or {}, **{out: inp for inp, out in program.writes.items()})
        self.carry = carry
        self.blocks = {**self.halos, **{out: self.halos[inp] for out, inp in carry.items() if inp in self.halos}}
        self._shapes = {n: self.padded_shape(n) if n in self.blocks else tuple(program.value(n).type.shape)
                        for n in list(program.inputs) + list(program.outputs) if program.value(n).type.kind != "scalar"}
        self.module = rank_module(program, plan, decomp, comm.rank, self.blocks)
        self.compiled, self.target = self._compile(arch or device.current_arch())
        self._steps = None

    def _compile(self, arch: str) -> tuple:
        from ..runtime.cache import compile_cached
        from ..runtime.targets import compile_target
        target = compile_target(arch, self.module.launches)
        compiled, _ = compile_cached(self.module.source, target, name=f"{self.program.name}.rank{self.comm.rank}.cu")
        return compiled, target

    def padded_shape(self, array: str) -> tuple:
        """The shape of this rank's padded block of ``array``."""
        halo = self.blocks.get(array, Halo(((0, 0),) * len(self.decomp.shape)))
        return tuple(hi - lo for lo, hi in local_box(self.decomp, self.comm.rank, halo))

    def __call__(self, **inputs) -> dict:
        """Exchange the halos of the step's inputs (padded device blocks, by name, updated in
        place), launch the kernels; the outputs' new padded blocks, by name."""
        env = self._bind(inputs)
        device.require_gpu(f"running {self.program.name} on rank {self.comm.rank}")
        import cupy
        from ..runtime.launch import load_kernels, run_steps
        exchange_halos({n: env[n] for n in self.halos}, self.decomp, self.halos, self.comm)
        if self._steps is None:
            self._steps = load_kernels(self.compiled.cubin, self.module.launches)
        for out in self.program.outputs:
            t = self.program.value(out).type
            env[out] = cupy.full(self._shapes[out], np.nan, dtype=t.dtype) if np.dtype(t.dtype).kind == "f" \
                else cupy.zeros(self._shapes[out], dtype=t.dtype)
        run_steps(self._steps, env)
        return {out: env[out] for out in self.program.outputs}

    def _bind(self, inputs: dict) -> dict:
        """The kernels' environment from the call's inputs, checked: padded blocks of the grid's
        arrays, numbers for the scalars."""
        env = {}
        for name in self.program.inputs:
            if name not in inputs:
                raise ArgumentError(f"{self.program.name} on rank {self.comm.rank}: input {name!r} not given")
            t = self.program.value(name).type
            x = inputs[name]
            if t.kind == "scalar":
                env[name] = np.dtype(t.dtype).type(x)
                continue
            want = self._shapes[name]
            if tuple(getattr(x, "shape", ())) != want or getattr(x, "dtype", None) != np.dtype(t.dtype):
                raise ArgumentError(f"{name}: rank {self.comm.rank} takes a {t.dtype} block of shape {want}, "
                                    f"got {getattr(x, 'dtype', type(x).__name__)} {tuple(getattr(x, 'shape', ()))}")
            env[name] = x
        unknown = sorted(set(inputs) - set(self.program.inputs))
        if unknown:
            raise ArgumentError(f"{self.program.name} has no input {unknown[0]!r}")
        return env
