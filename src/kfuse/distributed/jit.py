"""A ``kfuse.jit`` function called with :class:`~kfuse.distributed.grid.DistArray` arguments:
the function traced for the arrays' global shapes, planned as for one GPU, and run on every rank
as a :class:`~kfuse.distributed.rank_step.RankStep` (the plan's kernels placed on the rank's
blocks, halos exchanged inside the step).  The results are DistArrays of the same grid; an
argument the function writes (``u[1:-1] = ...``) is updated in place, as NumPy updates it."""
from __future__ import annotations

import dataclasses

from .. import config
from ..errors import ArgumentError
from ..frontend.trace import lower_spec
from ..ir import check_dtype
from .grid import DistArray, is_distributed, store_with
from .rank_step import RankStep


def call(fn, args: tuple, kwargs: dict):
    """``fn`` (a :class:`kfuse.JitFunction`) run on the ranks of its DistArray arguments' grid."""
    fast = _fast_key(fn, args, kwargs)
    step = fn._distributed.get(fast) if fast is not None else None
    if step is None:
        grid = _grid(args, kwargs)
        _check_whole(fn, args, kwargs, grid)
        step = _entry(fn, args, kwargs, grid)
        if fast is not None:
            fn._distributed[fast] = step
    dynamic = args if fast is not None and not kwargs and len(args) == len(fn.names) else \
        fn.layout.split(args, kwargs)[0]
    return step(dynamic)


def _fast_key(fn, args: tuple, kwargs: dict):
    """A cheap key of a call with positional arguments only and no static ones: per DistArray its
    grid, type and storage; per other argument its type, shape and dtype (numbers are traced by
    type); None where the full key must be built."""
    if kwargs or not fn.layout.plain or len(args) != len(fn.names):
        return None
    key = ["fast", _overlap_of(args)]
    for a in args:
        if is_distributed(a):
            key.append((id(a.grid.comm), a.grid.decomp, a.dtype.char, a.halo.widths))
        elif isinstance(a, (int, float, complex)):
            key.append(type(a))
        elif hasattr(a, "flags") and hasattr(a, "shape"):
            key.append((type(a), a.shape, a.dtype.char, a.flags.c_contiguous, a.flags.f_contiguous))
        else:
            return None   # anything else: the full key (lower_spec: layout, contiguity, sparse parts)
    return tuple(key)


def _overlap_of(args: tuple):
    grid = next(a.grid for a in args if is_distributed(a))
    return _overlap(grid), config.get().fmad, config.get().precision


def prepare(fn, *args, **kwargs) -> "DistEntry":
    """The compiled step of ``fn`` for a call with these arguments on their grid, built now (the
    trace, the plan, the rank's kernels compiled), nothing run and nothing exchanged."""
    grid = _grid(args, kwargs)
    _check_whole(fn, args, kwargs, grid)
    return _entry(fn, args, kwargs, grid)


class DistEntry:
    """A jit function's compiled step over one grid for one signature: the rank's
    :class:`RankStep`, the program's inputs in argument order, and the output structure."""

    def __init__(self, program, structure: str, step: RankStep, grid):
        self.program, self.structure, self.step, self.grid = program, structure, step, grid

    def __call__(self, dynamic: tuple, communicate: bool = True):
        """The step on this rank for the call's arguments (one per parameter, dynamic ones only);
        ``communicate=False``: the kernels alone (:meth:`RankStep.run`), for timing."""
        program, step = self.program, self.step
        env, arrays, plain = {}, {}, {}
        for inp in step.spec.inputs:
            x = dynamic[inp.argument]
            if is_distributed(x):
                store_with(x, step.storage)
                arrays[inp.name] = x
                env[inp.name] = x.block
            elif inp.host:
                env[inp.name] = x
            else:
                env[inp.name] = plain[inp.name] = x   # an array every rank holds whole
        outs = step.run(env, communicate)
        for inp, out in program.writes.items():
            if inp in arrays:
                arrays[inp].block = outs[out]
            else:
                plain[inp][...] = outs[out]   # a written array every rank holds whole, as NumPy writes it
        results = [self._result(name, outs, {**plain, **arrays}) for name in program.returned()]
        if self.structure == "none":
            return None
        if self.structure == "single":
            return results[0]
        return results if self.structure == "list" else tuple(results)

    def explain(self, every_rank: bool = False) -> str:
        """The plan and the step on this rank in words (:meth:`RankStep.explain`); for a time
        loop's step (kfuse.iterate), how the loop runs: CUDA graphs or why not, and the halo
        depth (the setting's, or the model's table)."""
        lines = self.step.explain(every_rank)
        if not isinstance(self.structure, str):
            lines += _loop_lines(self)
        return "\n".join(lines)

    def _result(self, name: str, outs: dict, arrays: dict):
        """Output ``name``: the written argument itself where it is one, a new DistArray for an
        array of the grid, the array itself (replicated on every rank) otherwise."""
        for inp, out in self.program.writes.items():
            if out == name and inp in arrays:
                return arrays[inp]
        if name in self.step.grid_arrays:
            return DistArray(self.grid, outs[name], self.step.storage)
        return outs[name]


def _loop_lines(entry) -> list:
    """How kfuse.iterate runs this step on the rank, in words."""
    from . import depth as D
    from . import graphed
    why = graphed.why_not(entry.step, graphed.MIN_STEPS)
    lines = ["time loop (kfuse.iterate): " + ("each rank replays CUDA graphs of the steps" if why is None
                                              else f"one host call per launch and exchange ({why})")]
    k = config.get().halo_depth
    if k == 0:
        lines.append(f"halo depth: the model's pick, {D.choose(entry)}")
        lines += ["  " + line for line in D.explain(entry)]
    else:
        lines.append(f"halo depth: {k} (the setting halo_depth; 0: the model's pick)")
    return lines


def _entry(fn, args: tuple, kwargs: dict, grid) -> DistEntry:
    """The compiled step of ``fn`` for these arguments on ``grid`` (cached on ``fn``)."""
    _, key = fn.split(args, kwargs, _spec)
    cache = fn._distributed
    where = (key, grid.decomp, id(grid.comm), _overlap(grid), config.get().fmad, config.get().precision)
    stored = _storage_key(args, kwargs)
    hit = cache.get(where + (stored,)) or _covering(cache, where, stored)
    if hit is None:
        hit = _build(fn, key, grid, args, kwargs)
        # after its first call every argument is stored with the step's halo: the next calls' key
        cache[where + (tuple(hit.step.storage.widths for _ in stored),)] = hit
    cache[where + (stored,)] = hit
    return hit


def _covering(cache: dict, where: tuple, stored: tuple):
    """A cached step of the same program, grid and settings whose storage halo (or a deep
    loop's) holds every argument's (a time loop's constant field comes back padded, its state
    fields not: the same step serves, and replays its graphs), or None."""
    n = len(where)
    fits = {id(e): e for k, e in cache.items() if isinstance(k, tuple) and len(k) == n + 1 and k[:n] == where
            and any(all(_within(w, s) for w in stored) for s in _storages(e))}
    # the narrowest: a plain call does not pad the caller's arrays wider than its step needs
    return min(fits.values(), key=lambda e: sum(lo + hi for lo, hi in e.step.storage.widths), default=None)


def _storages(entry) -> list:
    """The storage halos' widths of ``entry``'s step and of its loops' deep steps (a deep loop
    pads its constant fields to the deep step's halo)."""
    deeps = entry.__dict__.get("_deep", {}).values()
    return [entry.step.storage.widths] + [d.step.storage.widths for d in deeps if hasattr(d, "step")]


def _within(widths: tuple, storage: tuple) -> bool:
    return len(widths) == len(storage) and all(lo <= slo and hi <= shi for (lo, hi), (slo, shi) in zip(widths, storage))


def _build(fn, key: tuple, grid, args: tuple, kwargs: dict) -> DistEntry:
    from ..pipeline.plan import make_plan
    program, structure, _, captured, _ = fn._traced(key, fold=False)
    if fn._finish is not None:
        program, structure = fn._finish(program)
    if captured:
        raise ArgumentError(f"{fn.name}: reads arrays it does not take as arguments "
                            f"({', '.join(str(c[0]) for c in captured)}): on several GPUs pass them as arguments "
                            "(DistArrays of the grid, or arrays every rank holds whole)")
    program = dataclasses.replace(program, grid=tuple(grid.shape))   # the ranks' maps run as grid kernels
    plan = make_plan(program, fn.given_plan, fn.fuse)
    widest = _widest(args, kwargs)
    step = RankStep(program, plan, grid.decomp, grid.comm, arch=fn.arch, storage=widest, overlap=_overlap(grid))
    return DistEntry(program, structure, step, grid)


def _overlap(grid) -> bool:
    """Whether steps on ``grid`` overlap their exchanges (the grid's choice, else the setting)."""
    return config.get().overlap if grid.overlap is None else grid.overlap


def _grid(args: tuple, kwargs: dict):
    """The grid every DistArray argument lives on (one grid for the call)."""
    dist = [a for a in list(args) + list(kwargs.values()) if is_distributed(a)]
    grid = dist[0].grid
    for a in dist[1:]:
        if a.grid is not grid and a.grid.decomp != grid.decomp:
            raise ArgumentError(f"the DistArray arguments live on different grids ({grid.decomp.dims} ranks "
                                f"over {grid.shape} and {a.grid.decomp.dims} over {a.grid.shape})")
    return grid


def _spec(name: str, x) -> tuple:
    """The trace's key of argument ``x`` (:func:`kfuse.frontend.trace.lower_spec`): a DistArray
    stands for a device array of its global shape, type (masks included) and order."""
    if not is_distributed(x):
        return lower_spec(name, x)
    return ("a", tuple(x.shape), check_dtype(x.dtype, f"argument {name!r}", masks=True), x.order)


def _widest(args: tuple, kwargs: dict):
    """The widest storage halo of the DistArray arguments (the step stores every block at
    least that wide, so no argument is copied), or None."""
    from .halo import storage_halo
    dist = [a for a in list(args) + list(kwargs.values()) if is_distributed(a)]
    halos = [a.halo for a in dist]
    return storage_halo(halos, dist[0].grid.decomp) if halos else None


def _storage_key(args: tuple, kwargs: dict) -> tuple:
    return tuple(a.halo.widths for a in list(args) + list(kwargs.values()) if is_distributed(a))


def _check_whole(fn, args: tuple, kwargs: dict, grid) -> None:
    """Refuse an array argument of the grid's shape that is not a DistArray (each rank would hold
    it whole: pass it scattered); arrays of other shapes are held whole by every rank."""
    named = [(fn.names[i] if i < len(fn.names) else f"#{i}", a) for i, a in enumerate(args)] + list(kwargs.items())
    for name, x in named:
        if not is_distributed(x) and tuple(getattr(x, "shape", ())) == grid.shape:
            raise ArgumentError(f"argument {name!r} has the grid's shape {grid.shape}: pass it as a DistArray "
                                "(grid.scatter(x)) so each rank holds its block")
