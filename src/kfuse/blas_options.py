"""The options of the BLAS routines (``kfuse.blas``, ``kfuse.linalg``) as users spell them.

Each reader takes what cuBLAS, CuPy, SciPy and the reference BLAS accept and returns kfuse's
own spelling, or raises :class:`~kfuse.errors.ArgumentError` naming the routine and argument
(never ``bool(value)``: ``bool("N")`` is true, so ``trans="N"`` would transpose):

* ``trans`` (and ``transa``/``transb``): ``'N'``; ``'T'``, ``'C'`` (the conjugate transpose, the
  transpose of a real matrix); case-insensitive; a bool; SciPy's and cuBLAS's 0, 1, 2;
* ``side``: ``'L'``/``"left"``, ``'R'``/``"right"``; ``uplo``: ``'L'``/``"lower"``,
  ``'U'``/``"upper"``; ``diag``: ``'N'``/``"nonunit"``, ``'U'``/``"unit"``, or a bool (True:
  unit, as SciPy's ``unit_diagonal``); all case-insensitive;
* a flag (SciPy's ``lower``, ``unit_diagonal``; torch's ``upper``, ``left``): a bool (0 and 1
  too).

>>> trans_of("gemm", "transa", "n"), side_of("trsm", "R"), uplo_of("syrk", "U"), diag_of("trmm", True)
(False, 'right', 'upper', 'unit')
"""
from __future__ import annotations

import numbers

import numpy as np

from .errors import ArgumentError

_TRANS = {"N": False, "T": True, "C": True}
_SIDE = {"L": "left", "LEFT": "left", "R": "right", "RIGHT": "right"}
_UPLO = {"L": "lower", "LOWER": "lower", "U": "upper", "UPPER": "upper"}
_DIAG = {"N": "nonunit", "NONUNIT": "nonunit", "U": "unit", "UNIT": "unit"}


def _is_bool(value) -> bool:
    """A Python or NumPy bool."""
    return isinstance(value, (bool, np.bool_))


def _letter(value):
    """``value`` upper-cased when it is a string, else None."""
    return value.strip().upper() if isinstance(value, str) else None


def trans_of(fn: str, name: str, value, complex_operand: bool = False) -> bool:
    """Whether option ``name`` of routine ``fn`` asks for the transpose; ``complex_operand``:
    the operand is complex, where ``'C'`` (a conjugate transpose) is not built."""
    if _is_bool(value):
        return bool(value)
    letter = _letter(value)
    if letter is None and isinstance(value, numbers.Integral) and int(value) in (0, 1, 2):
        letter = "NTC"[int(value)]
    if letter in _TRANS:
        if letter == "C" and complex_operand:
            raise ArgumentError(f"{fn}: {name}={value!r} (a conjugate transpose) is not supported for complex "
                                "matrices; conjugate explicitly and pass 'T'")
        return _TRANS[letter]
    raise ArgumentError(f"{fn}: {name}={value!r} must be 'N', 'T' or 'C' (any case), 0, 1, 2, or a bool")


def _choice(fn: str, name: str, value, table: dict, spelled: str) -> str:
    letter = _letter(value)
    if letter not in table:
        raise ArgumentError(f"{fn}: {name}={value!r} must be {spelled} (any case)")
    return table[letter]


def side_of(fn: str, value) -> str:
    """``"left"`` or ``"right"`` from ``side``."""
    return _choice(fn, "side", value, _SIDE, "'L'/'left' or 'R'/'right'")


def uplo_of(fn: str, value) -> str:
    """``"lower"`` or ``"upper"`` from ``uplo``."""
    return _choice(fn, "uplo", value, _UPLO, "'L'/'lower' or 'U'/'upper'")


def diag_of(fn: str, value) -> str:
    """``"nonunit"`` or ``"unit"`` from ``diag`` (a bool: True is unit)."""
    if _is_bool(value):
        return "unit" if value else "nonunit"
    return _choice(fn, "diag", value, _DIAG, "'N'/'nonunit' or 'U'/'unit', or a bool")


def flag_of(fn: str, name: str, value) -> bool:
    """A yes/no option (``lower``, ``unit_diagonal``, ``left``...): a bool, or 0 / 1."""
    if _is_bool(value):
        return bool(value)
    if isinstance(value, numbers.Integral) and int(value) in (0, 1):
        return bool(value)
    raise ArgumentError(f"{fn}: {name}={value!r} must be True or False")


def is_complex(x) -> bool:
    """Whether array ``x`` (any array type, or a traced value) holds complex numbers."""
    dt = getattr(x, "dtype", None)
    return dt is not None and "complex" in str(dt)
