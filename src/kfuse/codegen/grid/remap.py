"""A read-through call (``np.pad``, ``np.roll``: :mod:`kfuse.library.remap`) in a grid kernel:
its value at an offset is its source loaded at the remapped index, never a stored array.

Along an axis where every thread of the scope reads inside the source the index is the plain
one (the interior costs nothing); elsewhere it goes through the call's index map
(``t1_pad_wrap_index``), and a constant pad selects its value outside the source::

    // call 0: t1 = np.roll(phi, shift=(1, 0))   (at ym1): phi at remapped indices
    double t1_ym1_e;
    t1_roll_compute(phi[(idx_t)(x_p) + (idx_t)(t1_roll_index(y_p - 1, 45)) * 33], t1_ym1_e);

Placed on a rank's padded block (``Frame.storage``) the index is computed in global coordinates,
then moved to the block: an edge (mirror, constant) map clamps at the grid's edge, which lies in
the block; a wrap along an axis the block holds only part of is no map at all, the block's halo
holding the wrapped neighbours' values at unreduced indices (a periodic exchange's ``lo - w`` to
``hi + w``)."""
from __future__ import annotations

from ...ir import ident
from ...library.remap import FAR_BODIES
from .scope import POINT, _add


def source_read(em, call):
    """The :class:`kfuse.spaces.grid.frame.Read` of the call's source ``u``."""
    return next(r for r in em.frame.reads[call.id] if r.param == "u")


def inside_axes(em, scope, call, d: tuple) -> tuple:
    """Per logical axis: whether every thread of ``scope`` reads the source of ``call`` at
    offset ``d`` inside it (its index needs no map there)."""
    frame, r = em.frame, source_read(em, call)
    view = em.program.value(r.value)
    start = _add(frame.pos[r.base], view.offset)
    at = _add(d, r.d)
    known = scope.box is not None and scope.point.frame[0] == POINT[0]
    return tuple(known and scope.box[a][0] + at[a] >= start[a] and scope.box[a][1] + at[a] <= start[a] + n
                 for a, n in enumerate(view.type.shape))


def near_axes(em, scope, call, d: tuple) -> tuple:
    """Per logical axis: whether every thread of ``scope`` reads the source of ``call`` at
    offset ``d`` less than one extent beyond it (index ``k`` in ``[-n, 2n)``: the index map's
    bounded form; else its ``_far`` form)."""
    frame, r = em.frame, source_read(em, call)
    view = em.program.value(r.value)
    start = _add(frame.pos[r.base], view.offset)
    at = _add(d, r.d)
    known = scope.box is not None and scope.point.frame[0] == POINT[0]
    return tuple(known and scope.box[a][0] + at[a] - start[a] >= -n and scope.box[a][1] + at[a] - start[a] <= 2 * n
                 for a, n in enumerate(view.type.shape))


def plain(em, scope, call, d: tuple) -> bool:
    """Whether the generic path (a load at an offset, clamped into the array where not proven)
    reads the call's value at ``d`` right and no dearer: every axis inside the source, or an
    edge pad of a whole array whose load a register queue already holds (clamped into the
    array: the edge map)."""
    r = source_read(em, call)
    if all(inside_axes(em, scope, call, d)):
        return True
    view = em.program.value(r.value)
    whole = not view.window or tuple(view.type.shape) == tuple(em.frame.shape[r.base])
    return (em.fns[call.id].mode == "edge" and whole and not past_edge(em, r.base)
            and scope.find((r.base, _add(d, r.d))) is not None)


def past_edge(em, base: str) -> bool:
    """Whether the placed block of ``base`` reaches past the array's edge on some axis (a
    periodic halo): clamping a load into the block is then not the edge map."""
    held = em.frame.storage.get(base)
    return held is not None and any(o < 0 or o + m > n for o, m, n in zip(held[0], held[1], em.frame.shape[base]))


def partial_axes(em, base: str) -> tuple:
    """Per logical axis: whether the placed block of ``base`` holds only part of the axis (a
    wrapped read is then the unreduced index, the halo holding the neighbours' values)."""
    held = em.frame.storage.get(base)
    if held is None:
        return (False,) * em.frame.rank
    return tuple(not (o <= 0 and o + m >= n) for o, m, n in zip(held[0], held[1], em.frame.shape[base]))


def emit_remap(em, scope, call, d: tuple, name: str, comment: str):
    """``call``'s value at offset ``d`` into register ``name``: its source at the mapped index."""
    frame, r = em.frame, source_read(em, call)
    view = em.program.value(r.value)
    start = _add(frame.pos[r.base], view.offset)
    at = _add(d, r.d)
    inside = inside_axes(em, scope, call, d)
    near = near_axes(em, scope, call, d)
    far = em.fns[call.id].mode in FAR_BODIES
    unmapped = partial_axes(em, r.base) if em.fns[call.id].mode == "wrap" else (False,) * frame.rank
    origin = em.frame.storage[r.base][0] if r.base in em.frame.storage else (0,) * frame.rank
    strides = em.strides(r.base)
    terms, outside = [], []
    for m, a in enumerate(frame.axes):
        k = at[a] - start[a]
        c = scope.point.frame[m] + (f" + {k}" if k > 0 else f" - {-k}" if k < 0 else "")
        n = view.type.shape[a]
        idx = c if inside[a] or unmapped[a] else f"{call.name}_index{'' if near[a] or not far else '_far'}({c}, {n})"
        if not inside[a]:
            outside.append(f"(unsigned)({c}) < {n}u")
        off = view.offset[a] - origin[a]   # the global index, then its place in the block
        idx = f"{idx} + {off}" if off > 0 else f"{idx} - {-off}" if off < 0 else idx
        terms.append(f"(idx_t)({idx})" + (f" * {strides[a]}" if strides[a] != 1 else ""))
    load = f"{ident(r.base)}[{' + '.join(terms)}]"
    if em.fns[call.id].mode == "constant":
        load = f"({' && '.join(outside)}) ? {load} : {em.scalar_expr(call.args['value'], call)}"
    scope.code(comment + f": {em.program.value(r.value).display} at remapped indices")
    scope.code(f"{em.ctype_of(call.out)} {name};")
    scope.code(f"{call.name}_compute({load}, {name});")
