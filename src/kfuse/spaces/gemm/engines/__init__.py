"""The GEMM engines: one module each (:mod:`.ffma`, :mod:`.mma_tf32`, :mod:`.mma_f64`,
:mod:`.mma_tf32x3`), an :class:`Engine`
object per module, and the registry :data:`ENGINES` every user asks by name (:func:`get`,
:func:`find`) or by product (:func:`serving`).  Adding an engine is one module here, one line in
:data:`ENGINES`, and its printer in :data:`kfuse.codegen.gemm.ENGINES`.
"""
from __future__ import annotations

from ....errors import PlanError
from . import ffma, mma_f64, mma_tf32, mma_tf32x3
from .base import Engine

#: every engine, the default (the one a product no engine serves falls back to) first
ENGINES = (ffma.ENGINE, mma_tf32.ENGINE, mma_f64.ENGINE, mma_tf32x3.ENGINE)


def names() -> tuple:
    """The engines' names, in registry order."""
    return tuple(e.name for e in ENGINES)


def find(name: str) -> Engine | None:
    """The engine named ``name``; None where there is none."""
    return next((e for e in ENGINES if e.name == name), None)


def get(name: str) -> Engine:
    """The engine named ``name``; a PlanError naming the engines where there is none."""
    eng = find(name)
    if eng is None:
        raise PlanError(f"engine {name!r} is unknown (engines: {', '.join(names())})")
    return eng


def default() -> Engine:
    """The first engine of the registry (FFMA)."""
    return ENGINES[0]


def serving(dtype: str, precision: str) -> list:
    """The engines a ``dtype`` product under call precision ``precision`` runs on, in order."""
    return [e for e in ENGINES if e.serves(dtype, precision)]


def precision_text() -> str:
    """Which engines each precision runs on, in words: ``'ieee' runs on engine 'ffma', 'tf32' on
    'mma_tf32'``."""
    by: dict = {}
    for e in ENGINES:
        by.setdefault(e.precision, []).append(repr(e.name))
    text = [f"{p!r} on {' or '.join(v)}" for p, v in by.items()]
    return ", ".join([text[0].replace(" on ", " runs on engine ", 1)] + text[1:])


__all__ = ["ENGINES", "Engine", "default", "find", "get", "names", "precision_text", "serving"]
