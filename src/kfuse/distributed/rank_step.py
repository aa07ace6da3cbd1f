"""One rank's compiled step of a decomposed grid: the plan's grid kernels placed on the rank's
blocks (:func:`kfuse.distributed.placed.rank_module`), compiled by NVRTC, and a call that
launches them on the rank's padded blocks (device arrays), exchanging each halo just before the
first kernel that reads it across a cut (:func:`kfuse.distributed.schedule.exchange_schedule`),
in the communicator's stream order.  A scalar a kernel reduces holds the rank's partial when
the kernel ends; the ranks all-reduce it right after that launch
(:func:`kfuse.distributed.reduce.reduce_schedule`), so every rank returns the whole grid's value.

Every array of the grid's shape (inputs, intermediates, outputs) is stored with one padding, the
*storage halo* (:func:`kfuse.distributed.halo.storage_halo`: the widest halo the step reads,
or wider when asked), so an output is the next call's input as it is; a call exchanges only
the part of each halo the step reads.  An output's halo is left unwritten by the kernels (the
next exchange fills it)."""
from __future__ import annotations

import numpy as np

from .. import config
from ..errors import ArgumentError, PlanError
from ..platform import device
from .exchange import local_box
from .halo import Halo, on_grid, other_reads, refusal, step_halos, storage_halo
from .halo_exchange import exchange_halos
from .placed import rank_module
from .reduce import all_reduce_packed, pack_outputs, reduce_schedule
from .schedule import exchange_schedule


class RankStep:
    """``program`` planned as ``plan``, on rank ``comm.rank`` of ``decomp`` (see the module
    docstring); ``arch``: the NVRTC target (default: this GPU's, else the setting);
    ``storage``: a :class:`Halo` the storage halo is at least as wide as."""

    def __init__(self, program, plan, decomp, comm, arch: str | None = None, storage: Halo | None = None):
        if comm.size != decomp.size:
            raise ArgumentError(f"comm: {comm.size} ranks, the decomposition has {decomp.size}")
        self.program, self.decomp, self.comm = program, decomp, comm
        self.halos = step_halos(program, plan, decomp)
        why = refusal(self.halos, decomp, other_reads(program, plan, decomp))
        if why:
            raise PlanError(f"{program.name} over {decomp.dims} ranks: {why}")
        self.storage = storage_halo(self.halos.values(), decomp, storage)
        self.grid_arrays = tuple(n for n in program.values if on_grid(program, n, decomp))
        self.block_shape = tuple(hi - lo for lo, hi in local_box(decomp, comm.rank, self.storage))
        self.module = rank_module(program, plan, decomp, comm.rank, {n: self.storage for n in self.grid_arrays})
        self.compiled, self.target, self.spec = self._compile(arch or device.current_arch())
        self.schedule = exchange_schedule(self.spec.launches, program.inputs, self.halos)
        self.reduces = reduce_schedule(program, self.spec.launches, {k.name for k in plan.kernels if k.space == "grid"})
        self._allocs = tuple((a.name, self._shape(a.name, a.shape), np.dtype(a.dtype)) for a in self.spec.per_call)
        self._steps = None

    def _compile(self, arch: str) -> tuple:
        from ..runtime.cache import compile_cached
        from ..runtime.launch_spec import build_spec
        from ..runtime.targets import compile_target
        target = compile_target(arch, self.module.launches)
        compiled, _ = compile_cached(self.module.source, target, name=f"{self.program.name}.rank{self.comm.rank}.cu")
        return compiled, target, build_spec(self.program, self.module, arch, target)

    def _shape(self, name: str, shape: tuple) -> tuple:
        return self.block_shape if name in self.grid_arrays else tuple(shape)

    def padded_shape(self, array: str) -> tuple:
        """The shape of this rank's block of ``array`` (padded by the storage halo when the array
        is of the grid's shape, else the whole array)."""
        return self._shape(array, tuple(self.program.value(array).type.shape))

    @property
    def owned(self) -> tuple:
        """The slices of a block holding this rank's own points."""
        pad = local_box(self.decomp, self.comm.rank, self.storage)
        return tuple(slice(lo - plo, hi - plo) for (lo, hi), (plo, _) in zip(self.decomp.box(self.comm.rank), pad))

    def __call__(self, **inputs) -> dict:
        """Launch the step on this rank's blocks (``inputs`` by name: padded device blocks of the
        grid's arrays, whose halos are updated in place, and numbers for the scalars); the
        outputs' new blocks, by name."""
        env = self._bind(inputs)
        device.require_gpu(f"running {self.program.name} on rank {self.comm.rank}")
        import cupy
        from ..runtime.launch import load_kernels
        if self._steps is None:
            self._steps = load_kernels(self.compiled.cubin, self.module.launches)
        poison = config.get().poison
        views, packed = pack_outputs(self.reduces, cupy, poison)
        env.update(views)
        for name, shape, dt in self._allocs:
            if name not in env:
                env[name] = cupy.full(shape, np.nan, dt) if poison and dt.kind in "fc" else cupy.empty(shape, dt)
        storage = {n: self.storage for n in self.halos}
        for (fn, grid, block, shared, recipe), before, reduces in zip(self._steps, self.schedule, packed):
            if before:
                exchange_halos({n: env[n] for n in before}, self.decomp, {n: self.halos[n] for n in before},
                               self.comm, storage=storage)
            fn(grid, block, tuple([env[r] if r.__class__ is str else r for r in recipe]), shared)
            all_reduce_packed(reduces, self.comm)
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
            want = self.padded_shape(name)
            if tuple(getattr(x, "shape", ())) != want or getattr(x, "dtype", None) != np.dtype(t.dtype):
                raise ArgumentError(f"{name}: rank {self.comm.rank} takes a {t.dtype} block of shape {want}, "
                                    f"got {getattr(x, 'dtype', type(x).__name__)} {tuple(getattr(x, 'shape', ()))}")
            env[name] = x
        unknown = sorted(set(inputs) - set(self.program.inputs))
        if unknown:
            raise ArgumentError(f"{self.program.name} has no input {unknown[0]!r}")
        return env
