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
next exchange fills it).

With ``overlap`` (default: the setting ``overlap``), a launch that needs an exchange first runs
its interior (:mod:`kfuse.distributed.overlap`) on the compute stream while the exchange runs on
the rank's communication stream, then its boundary strips once the halos are in: each part is
the same kernel placed on a part of the owned box (:class:`RankParts`)."""
from __future__ import annotations

import numpy as np

from .. import config
from ..errors import ArgumentError, PlanError
from ..platform import device
from .exchange import local_box
from .halo import Halo, on_grid, other_reads, refusal, step_halos, storage_halo, wrap_refusal
from .halo_exchange import exchange_halos
from .placed import rank_module
from .overlap import split_box
from .reduce import all_reduce_packed, pack_outputs, reduce_schedule
from .schedule import exchange_schedule


class RankStep:
    """``program`` planned as ``plan``, on rank ``comm.rank`` of ``decomp`` (see the module
    docstring); ``arch``: the NVRTC target (default: this GPU's, else the setting);
    ``storage``: a :class:`Halo` the storage halo is at least as wide as."""

    def __init__(self, program, plan, decomp, comm, arch: str | None = None, storage: Halo | None = None,
                 overlap: bool | None = None):
        if comm.size != decomp.size:
            raise ArgumentError(f"comm: {comm.size} ranks, the decomposition has {decomp.size}")
        self.program, self.plan, self.decomp, self.comm = program, plan, decomp, comm
        self.halos = step_halos(program, plan, decomp)
        why = refusal(self.halos, decomp, other_reads(program, plan, decomp)) or wrap_refusal(program, plan, decomp)
        if why:
            raise PlanError(f"{program.name} over {decomp.dims} ranks: {why}")
        self.storage = storage_halo(self.halos.values(), decomp, storage)
        self.grid_arrays = tuple(n for n in program.values if on_grid(program, n, decomp))
        self.block_shape = tuple(hi - lo for lo, hi in local_box(decomp, comm.rank, self.storage))
        self.module = rank_module(program, plan, decomp, comm.rank, {n: self.storage for n in self.grid_arrays})
        self.arch = arch or device.current_arch()
        self.compiled, self.target = self._compile(self.module)
        from ..runtime.launch_spec import build_spec
        self.spec = build_spec(program, self.module, self.arch, self.target)
        self.schedule = exchange_schedule(self.spec.launches, program.inputs, self.halos)
        self.reduces = reduce_schedule(program, self.spec.launches, {k.name for k in plan.kernels if k.space == "grid"})
        self._allocs = tuple(a.name for a in self.spec.per_call)
        overlap = config.get().overlap if overlap is None else overlap
        self.parts = RankParts.build(self, plan) if overlap else None
        self._steps = None

    def _compile(self, module) -> tuple:
        from ..runtime.cache import compile_cached
        from ..runtime.targets import compile_target
        target = compile_target(self.arch, module.launches)
        compiled, _ = compile_cached(module.source, target, name=f"{self.program.name}.rank{self.comm.rank}.cu")
        return compiled, target

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
        return self.run(inputs)

    def run(self, inputs: dict, communicate: bool = True) -> dict:
        """:meth:`__call__` with ``inputs`` as a dict; ``communicate=False``: the kernels alone,
        no exchange and no all-reduce (the halos keep what they hold: for timing the compute
        of a step, not for results)."""
        env = self.bound(inputs)
        return self.run_bound(env, communicate)

    def bound(self, inputs: dict, given: dict | None = None) -> dict:
        """The kernels' environment of a call: ``inputs`` checked (:meth:`_bind`), the kernels
        loaded, and every per-call array (outputs, intermediates) taken from ``given`` (blocks
        by name, of :meth:`padded_shape`) or allocated."""
        env = self._bind(inputs)
        device.require_gpu(f"running {self.program.name} on rank {self.comm.rank}")
        from ..runtime.launch import load_kernels
        if self._steps is None:
            self._steps = load_kernels(self.compiled.cubin, self.module.launches)
        given = given or {}
        for name in self._allocs:
            if name in given:
                env[name] = given[name]
            elif name not in env:
                env[name] = self.new_block(name)
        return env

    def new_block(self, name: str, empty=None):
        """A new block of the output or intermediate ``name``: its padded shape, element type and
        memory order (an F-ordered grid's kernels store F-ordered blocks), NaN where the setting
        ``poison`` is on.  ``empty(shape, dtype)``: the allocator of uninitialised memory of an
        F-ordered block's bytes (CuPy's ``empty`` by default)."""
        import cupy
        t = self.program.value(name).type
        shape, dt = self.padded_shape(name), np.dtype(t.dtype)
        if empty is None:
            out = cupy.empty(shape, dt, order=t.order)
        else:
            out = empty(shape[::-1], dt).T if t.order == "F" else empty(shape, dt)
        if config.get().poison and dt.kind in "fc":
            out.fill(np.nan)   # unwritten points read as NaN (tests)
        return out

    def run_bound(self, env: dict, communicate: bool = True, exchange=None) -> dict:
        """The step's launches (and, ``communicate``, its exchanges and all-reduces) over a bound
        environment (:meth:`bound`), in the current stream's order; the outputs by name.
        ``exchange(env, arrays, halos, stream)``, where given, fills halos first (True) or
        leaves them to the communicator (False): the peer copies of a graphed loop."""
        import cupy
        views, packed = pack_outputs(self.reduces, cupy, config.get().poison)
        env.update(views)
        parts = self.parts.loaded() if self.parts is not None and communicate else {}
        for i, (step, before, reduces) in enumerate(zip(self._steps, self.schedule, packed)):
            before = before if communicate else ()
            if i in parts and before:
                self._overlapped(env, before, parts[i], exchange)
                all_reduce_packed(reduces, self.comm)
                continue
            if before:
                self._fill(env, before, exchange)
            _launch(step, env)
            if communicate:
                all_reduce_packed(reduces, self.comm)
        return {out: env[out] for out in self.program.outputs}

    def explain(self, every_rank: bool = False) -> list:
        """The step on this rank in words: its kernels and, before each, the halos exchanged (and
        the parts that overlap the exchange), then the decomposition and every message
        (:func:`kfuse.distributed.describe.describe`; ``every_rank``: all ranks' boxes and
        messages, not only this one's)."""
        from .describe import describe
        lines = [f"{self.program.name} on rank {self.comm.rank} of {self.decomp.size}: "
                 f"{len(self.spec.launches)} launch(es), every array of the grid stored with halo "
                 f"{self.storage.widths} (block {self.block_shape})"]
        for i, (launch, before) in enumerate(zip(self.spec.launches, self.schedule)):
            split = self.parts.boxes.get(i) if self.parts is not None else None
            if before:
                lines.append(f"  exchange {', '.join(before)}" + (
                    f" while the interior {_box(split.interior)} runs; then {len(split.strips)} strip(s) "
                    + ", ".join(_box(b) for b in split.strips) if split else ""))
            lines.append(f"  launch {launch.kernel}: grid {launch.grid}, block {launch.block}")
        sizes = {n: np.dtype(self.program.value(n).type.dtype).itemsize for n in self.halos}
        halos = {n: h for n, h in self.halos.items() if not h.empty}
        return lines + describe(self.decomp, halos, sizes, None if every_rank else self.comm.rank)

    def exchange(self, env: dict, arrays, stream=None) -> None:
        """Fill the halos of ``arrays`` (names of ``env``'s blocks) from the neighbours."""
        exchange_halos({n: env[n] for n in arrays}, self.decomp, {n: self.halos[n] for n in arrays},
                       self.comm, stream=stream, storage={n: self.storage for n in arrays})

    def _fill(self, env: dict, arrays, exchange=None, stream=None) -> None:
        """The halos of ``arrays``: by ``exchange`` where it takes them, else by the communicator."""
        if exchange is None or not exchange(env, arrays, {n: self.halos[n] for n in arrays}, stream):
            self.exchange(env, arrays, stream=stream)

    def _overlapped(self, env: dict, arrays, steps: list, exchange=None) -> None:
        """The exchange of ``arrays`` on the communication stream while the first of ``steps``
        (the interior) runs on the current stream; then the others (the strips)."""
        import cupy
        compute, talk = cupy.cuda.get_current_stream(), self.parts.stream()
        talk.wait_event(compute.record())
        with talk:
            self._fill(env, arrays, exchange, stream=talk)
        arrived = talk.record()
        _launch(steps[0], env)
        compute.wait_event(arrived)
        for step in steps[1:]:
            _launch(step, env)

    def _bind(self, inputs: dict) -> dict:
        """The kernels' environment from the call's inputs, checked: padded blocks of the grid's
        arrays, numbers for the scalars, the other arrays whole (a boolean mask ``F[mask, :]``
        given as the user's ``mask``: the program's input is ``mask[..., None]``, a view, as one
        GPU's executable binds it)."""
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
            if t.dtype == "bool" and name not in self.grid_arrays and tuple(getattr(x, "shape", ())) + (1,) == want:
                x = x.reshape(want)   # a mask F[mask, :] every rank holds whole, read over F's grid: mask[..., None]
            if tuple(getattr(x, "shape", ())) != want or getattr(x, "dtype", None) != np.dtype(t.dtype):
                raise ArgumentError(f"{name}: rank {self.comm.rank} takes a {t.dtype} block of shape {want}, "
                                    f"got {getattr(x, 'dtype', type(x).__name__)} {tuple(getattr(x, 'shape', ()))}")
            flags = getattr(x, "flags", None)
            if name in self.grid_arrays and flags is not None and not (
                    flags.f_contiguous if t.order == "F" else flags.c_contiguous):
                raise ArgumentError(f"{name}: rank {self.comm.rank}'s block is not {t.order}-contiguous: the "
                                    f"step's kernels address {t.order}-ordered blocks (the grid's order)")
            env[name] = x
        unknown = sorted(set(inputs) - set(self.program.inputs))
        if unknown:
            raise ArgumentError(f"{self.program.name} has no input {unknown[0]!r}")
        return env


def _box(box: tuple) -> str:
    return "[" + ", ".join(f"{lo}:{hi}" for lo, hi in box) + "]"


def _launch(step, env: dict) -> None:
    fn, grid, block, shared, recipe = step
    fn(grid, block, tuple([env[r] if r.__class__ is str else r for r in recipe]), shared)


class RankParts:
    """The parts of a rank's overlapped launches: for each launch (by index) that needs an
    exchange and uses no workspace, its interior and strips (:func:`split_box` of the halo of the
    arrays it reads), each the same kernel placed on that box.  Part ``j`` of every split launch
    is one module (``modules[j]``), compiled once; ``boxes``: {launch: Split}."""

    def __init__(self, owner, boxes: dict, modules: list, compiled: list):
        self.owner, self.boxes, self.modules, self.compiled = owner, boxes, modules, compiled
        self._loaded, self._stream = None, None

    @classmethod
    def build(cls, owner, plan) -> "RankParts":
        boxes = {}
        for i, (launch, before) in enumerate(zip(owner.spec.launches, owner.schedule)):
            if not before or launch.plan_kernel is None or any(a.kind not in ("in", "out", "host", "byval", "const")
                                                               for a in launch.args):
                continue
            reads = [owner.halos[a.value] for a in launch.args if a.kind == "in" and a.value in owner.halos]
            split = split_box(owner.decomp, owner.comm.rank, storage_halo(reads, owner.decomp))
            if split is not None:
                boxes[i] = split
        modules, compiled = [], []
        for j in range(max((len(s.boxes) for s in boxes.values()), default=0)):
            part = {owner.spec.launches[i].plan_kernel: s.boxes[j] for i, s in boxes.items() if j < len(s.boxes)}
            module = rank_module(owner.program, plan, owner.decomp, owner.comm.rank,
                                 {n: owner.storage for n in owner.grid_arrays}, part)
            modules.append(module)
            compiled.append(owner._compile(module)[0])
        return cls(owner, boxes, modules, compiled)

    def loaded(self) -> dict:
        """{launch index: [its loaded interior step, strip steps...]} on the current device."""
        if self._loaded is None:
            from ..runtime.launch import load_kernels
            steps = [load_kernels(c.cubin, m.launches) for c, m in zip(self.compiled, self.modules)]
            self._loaded = {i: [steps[j][i] for j in range(len(s.boxes))] for i, s in self.boxes.items()}
        return self._loaded

    def stream(self):
        """The rank's communication stream (made on first use), of the device's highest priority:
        launched from the host, the exchange's kernels take SMs as the interior's blocks free
        them, not after them (a CUDA graph replays without node priorities: CuPy instantiates it
        without that flag)."""
        if self._stream is None:
            import cupy
            # CUDA clamps a priority past the device's range to its highest
            self._stream = cupy.cuda.Stream(non_blocking=True, priority=-1000)
        return self._stream
