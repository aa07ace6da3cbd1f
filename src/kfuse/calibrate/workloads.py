"""The grid programs ``kfuse calibrate`` measures, each ONE function ``fn(ops, *fields, **consts)``.

The functions use NumPy-style basic slices only, so the same code runs on NumPy, CuPy, torch,
jax.numpy and inside ``kfuse.jit``; ``ops`` gives ``where`` and the like.  The stencil benchmark
(:mod:`kfuse.bench.stencils.workloads`) runs them too.

* ``heat3d``: PolyBench heat-3d, 7 points, one sweep ``A -> B`` of the interior;
* ``jacobi2d``: PolyBench jacobi-2d, 5 points, one sweep;
* ``hdiff``: COSMO horizontal diffusion as GridTools and StencilFlow write it;
* ``box27``: the 27-point box (AN5D j3d27pt), many loads per point.
"""
from __future__ import annotations


def heat3d(ops, u):
    """PolyBench heat-3d: ``B = 0.125 (A[i+1] - 2A + A[i-1]) + (same in j, k) + A`` (interior)."""
    c = u[1:-1, 1:-1, 1:-1]
    return (0.125 * (u[2:, 1:-1, 1:-1] - 2.0 * c + u[:-2, 1:-1, 1:-1])
            + 0.125 * (u[1:-1, 2:, 1:-1] - 2.0 * c + u[1:-1, :-2, 1:-1])
            + 0.125 * (u[1:-1, 1:-1, 2:] - 2.0 * c + u[1:-1, 1:-1, :-2])
            + c)


def jacobi2d(ops, a):
    """PolyBench jacobi-2d: ``B = 0.2 (A + A[j-1] + A[j+1] + A[i+1] + A[i-1])`` (interior)."""
    return 0.2 * (a[1:-1, 1:-1] + a[1:-1, :-2] + a[1:-1, 2:] + a[2:, 1:-1] + a[:-2, 1:-1])


def hdiff(ops, q, coeff=0.025):
    """COSMO horizontal diffusion (GridTools / StencilFlow), on axes 1 (j) and 2 (i).
    Output: the interior ``q[:, 2:-2, 2:-2]``."""
    lap = 4.0 * q[:, 1:-1, 1:-1] - (q[:, 1:-1, 2:] + q[:, 1:-1, :-2] + q[:, 2:, 1:-1] + q[:, :-2, 1:-1])
    flx = lap[:, :, 1:] - lap[:, :, :-1]
    flx = ops.where(flx * (q[:, 1:-1, 2:-1] - q[:, 1:-1, 1:-2]) > 0, 0.0, flx)
    fly = lap[:, 1:, :] - lap[:, :-1, :]
    fly = ops.where(fly * (q[:, 2:-1, 1:-1] - q[:, 1:-2, 1:-1]) > 0, 0.0, fly)
    return q[:, 2:-2, 2:-2] - coeff * (flx[:, 1:-1, 1:] - flx[:, 1:-1, :-1]
                                       + fly[:, 1:, 1:-1] - fly[:, :-1, 1:-1])


__all__ = ["hdiff", "heat3d", "jacobi2d"]


def _shift(d: int) -> slice:
    """The slice of offset ``d`` in {-1, 0, 1} around a 1-cell interior."""
    return slice(1 + d, -1 + d if d < 1 else None)


OFFSETS27 = tuple((i, j, k) for i in (-1, 0, 1) for j in (-1, 0, 1) for k in (-1, 0, 1))
BOX27_WEIGHTS = tuple(0.02 + 0.001 * n for n in range(27))   # distinct: nothing factors out


def box27(ops, u):
    """27-point box (AN5D j3d27pt): ``sum_{di,dj,dk in -1..1} w[di,dj,dk] u[i+di, j+dj, k+dk]``."""
    acc = None
    for w, (di, dj, dk) in zip(BOX27_WEIGHTS, OFFSETS27):
        term = w * u[_shift(di), _shift(dj), _shift(dk)]
        acc = term if acc is None else acc + term
    return acc
