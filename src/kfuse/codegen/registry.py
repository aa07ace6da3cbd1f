"""Which lowering prints a kernel of each space: ``LOWERINGS[space]``.

A lowering is a class (or function) called as ``lowering(program, kplan, needed_outside)``
whose ``emit()`` returns one :class:`KernelSource` or a list of them (a call that needs several
kernels); :func:`kfuse.codegen.module.generate` flattens the lists.  A lowering built on
:class:`kfuse.codegen.emitter.KernelEmitter` gets its kernel's dynamic shared memory and target
from its space's geometry (:func:`launch_metadata`).  A new space adds its lowering module
(in the family folder it belongs to, or a new one) and one line of :func:`_register_builtins`::

    register_lowering("grid", GridLowering)
"""
from __future__ import annotations

LOWERINGS: dict = {}


def register_lowering(space: str, lowering):
    """Make ``lowering`` print the kernels of ``space`` (replacing any earlier one)."""
    LOWERINGS[space] = lowering
    return lowering


def lower(program, kplan, needed_outside: set, placement=None) -> list:
    """The kernels (one or more :class:`KernelSource`) that implement ``kplan`` (``placement``:
    a grid kernel on one rank's block, :mod:`kfuse.spaces.grid.placement`)."""
    try:
        lowering = LOWERINGS[kplan.space]
    except KeyError:
        from ..errors import PlanError
        raise PlanError(f"{kplan.name}: no lowering for space {kplan.space!r} "
                        f"(known: {', '.join(sorted(LOWERINGS))})") from None
    emitter = lowering(program, kplan, needed_outside)
    if placement is not None:
        if kplan.space != "grid":
            from ..errors import PlanError
            raise PlanError(f"{kplan.name}: only grid kernels are placed on a rank's block, not {kplan.space}")
        emitter.placement = placement
    out = emitter.emit()
    out = list(out) if isinstance(out, (list, tuple)) else [out]
    geometry = getattr(emitter, "space_geometry", None)
    if geometry is None and hasattr(emitter, "launch_geometry"):
        geometry = emitter.launch_geometry()
    if geometry is not None:
        for source in out:
            launch_metadata(source, kplan, geometry)
    return out


def launch_metadata(source, kplan, geometry) -> None:
    """Copy the space's dynamic shared memory and target (:class:`kfuse.spaces.Geometry`) to
    ``source`` when it is ``kplan``'s kernel (named after it: not a helper kernel the lowering
    added, e.g. a symmetrize pass before a gemm) and its lowering set neither itself."""
    if source.plan is not kplan or source.name != kplan.name:
        return
    if not source.shared_bytes:
        source.shared_bytes = geometry.shared_dynamic
    if not source.target:
        source.target = geometry.target


def _register_builtins():
    from .pointwise.scalar import ScalarLowering
    from .pointwise.vec import VecLowering
    from .pointwise.tile import TileLowering
    from .pointwise.rows import RowsLowering
    from .grid.lower import GridLowering
    from .gemm.lower import GemmLowering
    from .trsm.lower import TrsmLowering
    for space, cls in (("scalar", ScalarLowering), ("vec", VecLowering), ("tile", TileLowering),
                       ("rows", RowsLowering), ("grid", GridLowering), ("gemm", GemmLowering), ("trsm", TrsmLowering)):
        register_lowering(space, cls)


_register_builtins()
