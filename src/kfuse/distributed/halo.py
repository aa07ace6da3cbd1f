"""Halos: how far past its own block a rank reads each array, from a planned program's stencils.

A grid kernel's thread owns one point of the kernel's output and reads each loaded array at a set
of *offsets* from it (in that array's own index space: offset ``(1, 0)`` is the element one row
below the owned point).  Over a :class:`~kfuse.distributed.decomp.Decomposition`, a rank owning
a block of the output needs every array it reads widened by the reach of those offsets along the
cut axes: a :class:`Halo`.  Corner and edge blocks are needed only where an offset moves along
two cut axes at once (``diagonal``).  A halo wider than a neighbour's block would need data from
a rank further away, and a kernel that is not a grid kernel (a transpose, a GEMM) reads whole
rows or columns: both are refused with the reason (:func:`refusal`).
"""
from __future__ import annotations

import dataclasses

from ..errors import ShapeError
from .. import spaces
from ..library.remap import is_remap
from ..spaces.registry import program_info


@dataclasses.dataclass(frozen=True)
class Halo:
    """``widths``: (lo, hi) per logical axis, the elements needed below and above the owned block
    (zero on axes the decomposition does not cut); ``diagonal``: whether corner (and edge) blocks
    are needed, an offset being nonzero on two cut axes at once."""

    widths: tuple
    diagonal: bool = False

    @property
    def empty(self) -> bool:
        """Whether nothing past the owned block is read."""
        return not any(lo or hi for lo, hi in self.widths)


def halo_of(offsets, decomp) -> Halo:
    """The halo of an array read at ``offsets`` (tuples, one entry per logical axis, relative to
    the owned point) over ``decomp``."""
    offsets = [tuple(d) for d in offsets]
    for d in offsets:
        if len(d) != decomp.rank:
            raise ShapeError(f"offsets: {d!r} has {len(d)} axes, the decomposition {decomp.rank}")
    cut = [decomp.cut(a) for a in range(decomp.rank)]
    widths = tuple((max([0] + [-d[a] for d in offsets]), max([0] + [d[a] for d in offsets]))
                   if cut[a] else (0, 0) for a in range(decomp.rank))
    diagonal = any(sum(1 for a in range(decomp.rank) if cut[a] and d[a]) >= 2 for d in offsets)
    return Halo(widths, diagonal)


#: kernel spaces of element-wise work (maps and whole reductions over flat or tiled arrays)
ELEMENTWISE_SPACES = ("vec", "tile", "scalar")


def step_reads(program, plan, shape: tuple | None = None) -> dict:
    """{kernel name: {array: frozenset of offsets}} for the grid kernels of ``plan``: each array a
    kernel loads from memory, at the offsets (in its own index space) from the point of the
    kernel's output a thread owns (every stored output and reduced operand counted).  With the
    grid's ``shape``, a box of another shape (a reduced window of the grid) is owned as the ranks
    cut it: at the position of the kernel's arrays of the grid's shape
    (:func:`kfuse.spaces.grid.placement.placed_frame`), not from the window's element 0."""
    info = program_info(program)
    grid = spaces.get("grid")
    out = {}
    for kp in plan.kernels:
        if kp.space != "grid":
            continue
        frame = grid.frame(program, kp.calls, kp.params, info)
        origins = {_origin(frame, box, shape) for _, box in frame.boxes}
        if len(origins) > 1:   # outputs at different frame positions: each from its own reads
            out[kp.name] = _reads_per_output(program, kp, frame, grid, info)
            continue
        out[kp.name] = _offsets(frame, origins)
    return out


def _origin(frame, box: tuple, shape: tuple | None) -> tuple:
    """The frame point of the element 0 of the array whose owned points cover ``box``: the box's
    low corner, or for a box not of the grid's ``shape`` the position of the frame's arrays of
    that shape (where the ranks cut a reduced window)."""
    if shape is None or tuple(hi - lo for lo, hi in box) == tuple(shape):
        return tuple(lo for lo, _ in box)
    at = sorted(frame.pos[a] for a in frame.loads if tuple(frame.shape.get(a, ())) == tuple(shape))
    return tuple(at[0]) if at else tuple(lo for lo, _ in box)


def _offsets(frame, origins) -> dict:
    """{array: offsets} of ``frame``'s loads from each of ``origins`` (the frame points of the
    stored outputs' element 0), in each array's own index space."""
    return {array: frozenset(tuple(t + d - p for t, d, p in zip(o, off, frame.pos[array]))
                             for off in offs for o in origins)
            for array, offs in frame.loads.items()}


def _reads_per_output(program, kp, frame, grid, info) -> dict:
    """{array: offsets} of a grid kernel whose stored outputs lie at different frame positions:
    per stored output, the loads of the calls it depends on only (offsets from an output's
    element 0 to an array's do not depend on the frame), taken together."""
    produced = {info.out(c): c for c in kp.calls if c in frame.reads}
    merged: dict = {}
    for c, _ in frame.boxes:
        need, todo = set(), [c]
        while todo:
            k = todo.pop()
            if k not in need:
                need.add(k)
                todo.extend(produced[r.base] for r in frame.reads[k] if r.base in produced)
        calls = [k for k in kp.calls if k in need or k not in frame.reads or not frame.reads[k]]
        sub = grid.frame(program, calls, kp.params, info, stored={info.out(c)})
        for array, offs in _offsets(sub, {tuple(lo for lo, _ in box) for _, box in sub.boxes}).items():
            merged.setdefault(array, set()).update(offs)
    return {array: frozenset(offs) for array, offs in merged.items()}


def wrapped_axes(program, plan) -> tuple:
    """The logical axes (sorted) along which a grid kernel of ``plan`` reads an array across its
    edge, wrapping (``np.roll``, ``np.pad(mode="wrap")``: :mod:`kfuse.library.remap`)."""
    info = program_info(program)
    axes = set()
    for kp in plan.kernels:
        for c in kp.calls if kp.space == "grid" else ():
            call = program.calls[c]
            if is_remap(info.fn(c)) and info.fn(c).mode == "wrap" and call.at is not None:
                axes.update(a for a, (lo, hi) in enumerate(call.at) if lo or hi)
    return tuple(sorted(axes))


def wrap_refusal(program, plan, decomp) -> str | None:
    """Why ``plan`` cannot run over ``decomp`` for its wrapped reads (None: it can): a read that
    wraps along an axis the ranks cut needs that axis periodic (the halo filled across the edge)."""
    for axis in wrapped_axes(program, plan):
        if axis < decomp.rank and decomp.cut(axis) and not decomp.periodic[axis]:
            return (f"the step wraps along axis {axis} (np.roll or np.pad(mode='wrap')), which the ranks cut "
                    f"into {decomp.dims[axis]} blocks: make the grid periodic along it "
                    f"(Grid(shape, periodic=...)) or do not cut it (split=...)")
    return None


def other_reads(program, plan, decomp) -> dict:
    """{kernel name: (space, arrays)} for the kernels of ``plan`` that are not grid kernels and
    read an array of the decomposed grid's shape (sorted names)."""
    out = {}
    for kp in plan.kernels:
        if kp.space == "grid":
            continue
        read = sorted({program.base(v) for c in kp.calls for v in program.calls[c].args.values()
                       if on_grid(program, program.base(v), decomp)})
        if read:
            out[kp.name] = (kp.space, tuple(read))
    return out


def on_grid(program, name: str, decomp) -> bool:
    """Whether value ``name`` of ``program`` is an array of the decomposed grid's shape (held in
    per-rank blocks), not a constant."""
    value = program.values.get(name)
    if value is None or value.role == "const":
        return False
    return program.extents(name) == tuple(decomp.shape)


def step_halos(program, plan, decomp) -> dict:
    """{array: Halo} over every grid kernel of ``plan``, for the arrays of the decomposed grid's
    shape (offsets of all kernels reading an array taken together)."""
    merged: dict = {}
    for reads in step_reads(program, plan, tuple(decomp.shape)).values():
        for array, offs in reads.items():
            if on_grid(program, array, decomp):
                merged.setdefault(array, set()).update(offs)
    return {array: halo_of(offs, decomp) for array, offs in sorted(merged.items())}


def storage_halo(halos, decomp, at_least: Halo | None = None) -> Halo:
    """The one padding every array of the grid is stored with on a rank: per axis the widest low
    and high halo of ``halos`` (an iterable of :class:`Halo`) and of ``at_least``, so that any
    output can be the next step's input and every block of a rank has one layout."""
    every = list(halos) + ([at_least] if at_least is not None else [])
    widths = tuple((max([0] + [h.widths[a][0] for h in every]), max([0] + [h.widths[a][1] for h in every]))
                   for a in range(decomp.rank))
    return Halo(widths, any(h.diagonal for h in every))


def refusal(halos: dict, decomp, others: dict | None = None) -> str | None:
    """Why the step cannot run over ``decomp``, or None: a halo (``{array: Halo}``) wider than the
    smallest block along a cut axis (a neighbour's block would not hold it: the values would be
    silently wrong), or a non-grid kernel (``others``, from :func:`other_reads`) reading a cut
    array."""
    for array, halo in sorted(halos.items()):
        for axis, (lo, hi) in enumerate(halo.widths):
            block = decomp.smallest_block(axis)
            if decomp.cut(axis) and max(lo, hi) > block:
                return (f"array {array!r} is read {max(lo, hi)} elements past its block along axis "
                        f"{axis}, but the smallest block there holds {block}: use fewer ranks "
                        f"along axis {axis} or a larger grid")
    cut = [a for a in range(decomp.rank) if decomp.cut(a)]
    for kernel, (space, arrays) in sorted((others or {}).items()):
        if arrays and cut and space in ELEMENTWISE_SPACES:
            return (f"kernel {kernel!r} ({space} space) reads the cut array {arrays[0]!r} outside the grid "
                    "space (with an array every rank holds whole that is not of the grid's shape, through a "
                    "transpose, or by a plan made for one GPU); only grid kernels run on arrays cut along "
                    f"axes {tuple(cut)}")
        if arrays and cut:
            return (f"kernel {kernel!r} ({space} space) reads the cut array {arrays[0]!r} whole "
                    f"(a transpose, a matrix product or a reduction by rows reads across blocks); "
                    f"only grid kernels run on arrays cut along axes {tuple(cut)}")
    return None
