"""The copy loop every GEMM operand loader prints: a tile of an operand is ``{role}_COPIES``
copies a thread, copy ``r`` of thread ``tid`` is number ``idx`` of the tile's copies::

    // A tile kt -> As[s]: BK rows (k) of BM contiguous i, 16-byte cp.async copies, zero-filled past the edges
    #pragma unroll
    for (int r = 0; r < A_COPIES; ++r) {
        const int idx = tid + r * THREADS;
        const int kr = idx / 32, xq = idx % 32 * 4;
        const int kg = kt * BK + kr, xg = row0 + xq;
        ...
    }
"""
from __future__ import annotations

import contextlib

from ..common import CodeBlock


@contextlib.contextmanager
def copy_loop(code: CodeBlock, role: str, comment: str):
    """``comment``, then the unrolled loop over this thread's ``{role}_COPIES`` copies of a tile
    (copy ``r`` is number ``idx`` of the tile's copies) around what the ``with`` body adds."""
    code(comment)
    code("#pragma unroll")
    with code.block(f"for (int r = 0; r < {role}_COPIES; ++r) {{"):
        code("const int idx = tid + r * THREADS;")
        yield


def lane_lines(along_x: bool, per_row, u: int, kexpr: str, origin: str) -> list:
    """Where copy ``idx`` of ``u`` elements lands: in the tile (``kr``, ``xq`` for rows of k
    with x contiguous, ``along_x``; else ``xr``, ``kq``), and in op(X) (``kg``, ``xg``);
    ``per_row`` copies fill a row."""
    if along_x:
        return [f"const int kr = idx / {per_row}, xq = idx % {per_row} * {u};",
                f"const int kg = {kexpr} * BK + kr, xg = {origin} + xq;"]
    return [f"const int xr = idx / {per_row}, kq = idx % {per_row} * {u};",
            f"const int xg = {origin} + xr, kg = {kexpr} * BK + kq;"]
