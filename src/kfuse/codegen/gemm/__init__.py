"""The GEMM family's code generator: a plan's GEMM kernel lowered to a kernel spec (``lower``,
``spec``) and printed by an engine, with the pieces the engines share (loads, prologues,
reductions, split-K, structured operands, groups, the ``epilogue`` store loop).

:data:`ENGINES` names every engine: a scheme's ``engine`` -> the function printing a checked
:class:`GemmKernelSpec` as a :class:`GemmSource`.  Adding an engine is one module and one line
here.  :func:`emit_gemm` sends a spec to its engine.
"""
from __future__ import annotations

from . import ffma, mma, mma_f64, mma_tf32x3
from .spec import GemmEpilogue, GemmKernelSpec, GemmOperand, GemmSource, check_spec

#: a scheme's engine -> its printer (FFMA on CUDA cores; TF32, FP64 and 3xTF32 ``mma.sync`` on tensor cores)
ENGINES = {
    "ffma": ffma.emit_ffma,
    "mma_tf32": mma.emit_gemm_mma,
    "mma_f64": mma_f64.emit_gemm_mma_f64,
    "mma_tf32x3": mma_tf32x3.emit_gemm_mma_tf32x3,
}


def emit_gemm(spec: GemmKernelSpec) -> GemmSource:
    """The CUDA C of ``spec`` by its scheme's engine (an engine not in :data:`ENGINES` goes to
    ``ffma``, whose checks refuse it with the scheme's reasons); a KfuseError naming the field
    for a spec or scheme that cannot work."""
    return ENGINES.get(getattr(spec.scheme, "engine", "ffma"), ffma.emit_ffma)(spec)


__all__ = ["ENGINES", "GemmEpilogue", "GemmKernelSpec", "GemmOperand", "GemmSource", "check_spec", "emit_gemm"]
