"""The TRSM space's choices: the algorithms (recursive, blocked, inverse), the ones built, the leaf
sizes the search tries, and which calls are triangular solves.
"""
from __future__ import annotations

ALGORITHMS = ("recursive", "blocked", "inverse")
BUILT_ALGORITHMS = ("recursive", "blocked", "inverse")
LEAVES = (32, 64, 128)                  # the leaf sizes the search tries


def trsm_fn(info, call_id):
    """The library function of a trsm call (None when it is no triangular solve)."""
    fn = info.fn(call_id)
    return fn if fn.hof == "solve" else None
