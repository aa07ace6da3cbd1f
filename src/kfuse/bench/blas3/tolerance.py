"""The exact (``ieee``) tolerance of the BLAS-3 suite's check, in float32 or float64: one rule
for the routines (:func:`.workloads.tolerance`, which says why these figures) and the fused
workloads (:func:`.fused.tolerance`)."""
from __future__ import annotations

import math

# relative Frobenius error accepted up to inner size 4096 (then sqrt(k / 4096) more)
EXACT = {"float32": 1e-5, "float64": 5e-14}


def exact(k_inner: int, dtype: str = "float32") -> float:
    """Largest relative Frobenius error of an exact product whose longest sum has ``k_inner``
    terms, in ``dtype``: EXACT[dtype] up to 4096 terms, growing like sqrt(k) beyond."""
    return EXACT[dtype] * max(1.0, math.sqrt(k_inner / 4096))
