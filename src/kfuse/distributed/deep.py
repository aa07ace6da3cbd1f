"""Deep halos: ``depth`` steps of a time loop per exchange on one rank of a decomposed grid.

A step planned as one grid kernel reads its state ``r`` points past each owned point (its halo,
:func:`kfuse.distributed.halo.step_halos`).  With halos ``depth * r`` wide, exchanged once every
``depth`` steps, step ``s`` of each group (``0 .. depth - 1``) computes the owned box grown by
``(depth - 1 - s) * r`` (not past a non-periodic edge of the grid): the points it computes for
its neighbours are the ones the next step of the group reads, so the last step leaves the
owned box exact.  Messages are ``depth`` times wider and ``depth`` times fewer: where a step is
short and the link's latency dominates (a small grid on many GPUs), fewer, larger messages pay
for the points computed twice.  Each step of a group is the same kernel placed on its grown box
(:func:`kfuse.distributed.placed.rank_module`), so results stay bitwise those of one exchange
per step.

Refused with the reason: a plan of more than one launch, a reduction (its partials would count
the grown boxes), a workspace, a periodic or wrapped cut axis (the grown box would wrap), a
state field that is not an array of the grid, and a halo of ``depth * r`` wider than a
neighbour's block."""
from __future__ import annotations

from ..errors import ArgumentError, PlanError
from ..platform import device
from .exchange import local_box
from .halo import Halo, refusal, step_halos, wrapped_axes
from .halo_exchange import exchange_halos
from .placed import rank_module
from .rank_step import RankStep, _launch


def deep_halo(halo: Halo, depth: int) -> Halo:
    """``halo`` ``depth`` times as wide; with corners where it has them, or where it reaches
    along two axes and a step after the first computes a grown box (whose corners read the
    neighbours' corners)."""
    widths = tuple((lo * depth, hi * depth) for lo, hi in halo.widths)
    corners = halo.diagonal or (depth > 1 and sum(1 for lo, hi in halo.widths if lo or hi) >= 2)
    return Halo(widths, corners)


def reach(halos: dict, rank: int) -> Halo:
    """The widest of ``halos`` per axis and side (what one step reads past a point), over ``rank`` axes."""
    widths = tuple((max([0] + [h.widths[a][0] for h in halos.values()]),
                    max([0] + [h.widths[a][1] for h in halos.values()])) for a in range(rank))
    return Halo(widths, any(h.diagonal for h in halos.values()))


class DeepStep:
    """``program`` planned as ``plan`` (one grid kernel), run ``depth`` steps per exchange on
    rank ``comm.rank`` of ``decomp``.  ``state``: the program inputs each step's outputs replace,
    in order, and ``nexts``: per state input, the output that becomes it (or another state
    input's name: the value that input held before the step, a field passed on as another,
    ``(u_prev, u) -> (u, u_next)``).  ``modules``:
    per step of a group, the kernel placed on its grown box; ``halo``: the exchanged width."""

    def __init__(self, program, plan, decomp, comm, depth: int, state: list, nexts: list,
                 arch: str | None = None):
        if isinstance(depth, bool) or not isinstance(depth, int) or depth < 1:
            raise ArgumentError(f"halo_depth must be a positive integer, got {depth!r}")
        halos = step_halos(program, plan, decomp)
        self.reach = reach(halos, decomp.rank)
        self.halo = deep_halo(self.reach, depth)
        # the step's own refusals first (RankStep), then what keeps it from running deep
        self.step = RankStep(program, plan, decomp, comm, arch=arch, storage=self.halo, overlap=False)
        why = _refusal(self.step, program, plan, decomp, state, nexts) or \
            refusal({n: self.halo for n in halos}, decomp)
        if why:
            raise PlanError(f"{program.name} with halos {depth} steps deep over {decomp.dims} ranks: {why}")
        self.program, self.decomp, self.comm, self.depth = program, decomp, comm, depth
        self.state, self.nexts = list(state), list(nexts)
        kernel = plan.kernels[0].name
        storages = {n: self.step.storage for n in self.step.grid_arrays}
        self.boxes = [local_box(decomp, comm.rank, deep_halo(self.reach, depth - 1 - s)) for s in range(depth)]
        # the group's last step computes the owned box: the step's own module
        self.modules = [rank_module(program, plan, decomp, comm.rank, storages, {kernel: box})
                        for box in self.boxes[:-1]] + [self.step.module]
        self.compiled = [self.step._compile(m)[0] for m in self.modules[:-1]] + [self.step.compiled]
        self.consts = [n for n in program.inputs if n in halos and n not in self.state]
        self._loaded = None

    def run(self, inputs: dict, steps: int) -> dict:
        """``steps`` steps from ``inputs`` (padded blocks by input name, stored with
        :attr:`halo`: ``self.step.padded_shape``); the state after the last, by state input
        name.  A last group shorter than ``depth`` runs the group's last steps."""
        env = self.step._bind(inputs)
        self.load()
        self.exchange(env, self.consts)
        done = 0
        while done < steps:
            group = min(self.depth, steps - done)
            self.exchange(env, self.state)
            for s in range(self.depth - group, self.depth):
                for name in self.step._allocs:
                    env[name] = self.step.new_block(name)
                _launch(self._loaded[s], env)
                env.update(self.advance(env))
            done += group
        return {n: env[n] for n in self.state}

    def load(self) -> None:
        """Load each step's module on this GPU (once)."""
        device.require_gpu(f"running {self.program.name} on rank {self.comm.rank}")
        if self._loaded is None:
            from ..runtime.launch import load_kernels
            self._loaded = [load_kernels(c.cubin, m.launches)[0] for c, m in zip(self.compiled, self.modules)]

    def advance(self, env: dict) -> dict:
        """The state inputs' blocks for the next step, from ``env`` after a step."""
        return {name: env[nxt] for name, nxt in zip(self.state, self.nexts)}

    def exchange(self, env: dict, arrays) -> None:
        """Fill :attr:`halo` of ``arrays`` (names of ``env``'s blocks) from the neighbours."""
        if arrays:
            exchange_halos({n: env[n] for n in arrays}, self.decomp, {n: self.halo for n in arrays},
                           self.comm, storage={n: self.step.storage for n in arrays})

    def explain(self) -> list:
        """The group of steps in words: the exchanged width and each step's box."""
        lines = [f"{self.program.name} on rank {self.comm.rank}: halos {self.halo.widths} exchanged every "
                 f"{self.depth} steps (one step reads {self.reach.widths})"]
        lines += [f"  step {s} of a group computes {box}" for s, box in enumerate(self.boxes)]
        return lines


def _refusal(one: RankStep, program, plan, decomp, state: list, nexts: list) -> str | None:
    """Why ``program`` cannot run several steps per exchange (None: it can)."""
    if len(plan.kernels) != 1 or plan.kernels[0].space != "grid" or len(one.spec.launches) != 1:
        return f"the step is {len(one.spec.launches)} launches; deep halos take a step of one grid kernel"
    if any(r for r in one.reduces):
        return "the step reduces (its partials would count the points computed for the neighbours)"
    if any(a.kind not in ("in", "out", "host", "byval", "const") for a in one.spec.launches[0].args):
        return "the step's kernel uses a workspace"
    cut = [a for a in range(decomp.rank) if decomp.cut(a)]
    if any(decomp.periodic[a] for a in cut) or set(wrapped_axes(program, plan)) & set(cut):
        return "a cut axis is periodic or wrapped (the grown boxes would wrap around it)"
    if len(state) != len(nexts) or not state:
        return "no state: deep halos serve time loops (kfuse.iterate)"
    for name, nxt in zip(state, nexts):
        if name not in one.grid_arrays or (nxt not in one.grid_arrays):
            return f"state field {name!r} is not an array of the grid"
    return None


def deep_step(entry, depth: int) -> DeepStep:
    """The :class:`DeepStep` of a compiled step on DistArrays (``entry``: a
    :class:`kfuse.distributed.jit.DistEntry` whose ``structure`` is the loop's
    :class:`kfuse.loop_schedule.LoopPlan`), kept on the entry per depth; PlanError with the
    reason where the step cannot run deep."""
    deeps = entry.__dict__.setdefault("_deep", {})
    if isinstance(deeps.get(depth), PlanError):
        raise deeps[depth]   # refused before: not built again
    if depth not in deeps:
        program, loop, grid = entry.program, entry.structure, entry.grid
        user = [n for n in program.inputs if not program.value(n).copy_of]   # what the sources index
        state = list(user[:loop.n])
        nexts: list = []
        for kind, i in loop.sources:
            nexts.append(program.outputs[i] if kind == "out" else user[i] if kind == "in" else nexts[i])
        try:
            deeps[depth] = DeepStep(program, entry.step.plan, grid.decomp, grid.comm, depth, state, nexts,
                                    arch=entry.step.arch)
        except PlanError as e:
            deeps[depth] = e
            raise
    return deeps[depth]


def run_deep(entry, fields: list, consts: list, steps: int, depth: int) -> list:
    """:func:`kfuse.iterate`'s ``steps`` steps of a compiled step on DistArrays (``entry``: a
    :class:`kfuse.distributed.jit.DistEntry` whose ``structure`` is the loop's
    :class:`kfuse.loop_schedule.LoopPlan`), ``depth`` per exchange (:func:`deep_step`): the
    final state's fields, new DistArrays of the grid."""
    from .grid import DistArray, store_with
    grid = entry.grid
    deep = deep_step(entry, depth)
    env = {}
    args = list(fields) + list(consts)
    for inp in deep.step.spec.inputs:
        x = args[inp.argument]
        if isinstance(x, DistArray):
            x = DistArray(x.grid, x.block, x.halo)   # the caller's arrays keep their blocks
            store_with(x, deep.step.storage)
            env[inp.name] = x.block
        else:
            env[inp.name] = x
    out = deep.run(env, steps)
    return [DistArray(grid, out[name], deep.step.storage) for name in deep.state]
