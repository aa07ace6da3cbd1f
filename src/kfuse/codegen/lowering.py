"""Which lowering prints a kernel of each space: ``LOWERINGS[space]``.

A lowering is a class (or function) called as ``lowering(program, kplan, needed_outside)``
whose ``emit()`` returns one :class:`KernelSource` or a list of them (a call that needs several
kernels); :func:`kfuse.codegen.module.generate` flattens the lists.  A new space adds one
``lower_<space>.py`` and registers it::

    register_lowering("stencil", StencilLowering)
"""
from __future__ import annotations

LOWERINGS: dict = {}


def register_lowering(space: str, lowering):
    """Make ``lowering`` print the kernels of ``space`` (replacing any earlier one)."""
    LOWERINGS[space] = lowering
    return lowering


def lower(program, kplan, needed_outside: set) -> list:
    """The kernels (one or more :class:`KernelSource`) that implement ``kplan``."""
    try:
        lowering = LOWERINGS[kplan.space]
    except KeyError:
        from ..errors import PlanError
        raise PlanError(f"{kplan.name}: no lowering for space {kplan.space!r} "
                        f"(known: {', '.join(sorted(LOWERINGS))})") from None
    out = lowering(program, kplan, needed_outside).emit()
    return list(out) if isinstance(out, (list, tuple)) else [out]


def _register_builtins():
    from .lower_scalar import ScalarLowering
    from .lower_vec import VecLowering
    from .lower_tile import TileLowering
    from .lower_rows import RowsLowering
    from .lower_stencil import GridLowering
    for space, cls in (("scalar", ScalarLowering), ("vec", VecLowering), ("tile", TileLowering),
                       ("rows", RowsLowering), ("grid", GridLowering)):
        register_lowering(space, cls)


_register_builtins()
