"""Stencil programs the tiers share, each written once as plain NumPy-style code over an ``ops``
namespace (``kfuse`` itself inside ``@kfuse.jit``, :data:`NUMPY` for the float64 reference), so
kfuse's result is checked against what NumPy computes on the same code.

``CASES``: name -> (factory(ops) -> function, argument shapes, extra scalar arguments).
"""
from __future__ import annotations

import types

import numpy as np


def _np_interior(u, new):
    h = [(a - b) // 2 for a, b in zip(u.shape, new.shape)]
    out = np.array(u, copy=True)
    out[tuple(slice(k, n - k) for k, n in zip(h, u.shape))] = new
    return out


NUMPY = types.SimpleNamespace(where=np.where, maximum=np.maximum, minimum=np.minimum, sqrt=np.sqrt,
                              exp=np.exp, abs=np.abs, interior=_np_interior, max=np.max, min=np.min,
                              sum=np.sum)


def heat3d(ops):
    def heat3d(u, c0, c1):
        return c0 * u[1:-1, 1:-1, 1:-1] + c1 * (u[:-2, 1:-1, 1:-1] + u[2:, 1:-1, 1:-1] + u[1:-1, :-2, 1:-1]
                                                + u[1:-1, 2:, 1:-1] + u[1:-1, 1:-1, :-2] + u[1:-1, 1:-1, 2:])
    return heat3d


def jacobi2d(ops):
    def jacobi2d(a):
        return ops.interior(a, 0.2 * (a[1:-1, 1:-1] + a[1:-1, :-2] + a[1:-1, 2:] + a[2:, 1:-1] + a[:-2, 1:-1]))
    return jacobi2d


def hdiff(ops):
    def hdiff(q, coeff):
        lap = 4 * q[:, 1:-1, 1:-1] - (q[:, 1:-1, 2:] + q[:, 1:-1, :-2] + q[:, 2:, 1:-1] + q[:, :-2, 1:-1])
        flx = lap[:, :, 1:] - lap[:, :, :-1]
        flx = ops.where(flx * (q[:, 1:-1, 2:-1] - q[:, 1:-1, 1:-2]) > 0, 0, flx)
        fly = lap[:, 1:, :] - lap[:, :-1, :]
        fly = ops.where(fly * (q[:, 2:-1, 1:-1] - q[:, 1:-2, 1:-1]) > 0, 0, fly)
        return q[:, 2:-2, 2:-2] - coeff * (flx[:, 1:-1, 1:] - flx[:, 1:-1, :-1] + fly[:, 1:, 1:-1] - fly[:, :-1, 1:-1])
    return hdiff


def residual1d(ops):
    def residual1d(u, f):
        r = f[1:-1] - (2 * u[1:-1] - u[:-2] - u[2:])
        return r, ops.max(ops.abs(r)), ops.sum(r * r)
    return residual1d


def box27(ops):
    def box27(u):
        acc = u[1:-1, 1:-1, 1:-1] * 0.5
        for i in (0, 1, 2):
            for j in (0, 1, 2):
                for k in (0, 1, 2):
                    if (i, j, k) != (1, 1, 1):
                        acc = acc + 0.01 * (i + 2 * j + 3 * k + 1) * u[i:i + u.shape[0] - 2, j:j + u.shape[1] - 2,
                                                                         k:k + u.shape[2] - 2]
        return acc
    return box27


def pointwise_first(ops):
    def pointwise_first(a, b):
        s = ops.sqrt(a * a + b * b)
        return ops.maximum(s[1:, :] - s[:-1, :], 0.0) + ops.minimum(s[1:, :], s[:-1, :])
    return pointwise_first


def two_outputs(ops):
    def two_outputs(u, v):
        lap = u[1:-1, 1:-1, :] * 4 - u[2:, 1:-1, :] - u[:-2, 1:-1, :] - u[1:-1, 2:, :] - u[1:-1, :-2, :]
        grad = v[1:, :, :] - v[:-1, :, :]
        return lap, grad, ops.max(lap)
    return two_outputs


def rank4(ops):
    def rank4(u):
        return u[1:-1, :, 1:-1, :] - 0.25 * (u[2:, :, 1:-1, :] + u[:-2, :, 1:-1, :] + u[1:-1, :, 2:, :] + u[1:-1, :, :-2, :])
    return rank4


def chain1d(ops):
    def chain1d(x):
        d1 = x[1:] - x[:-1]
        d2 = d1[1:] - d1[:-1]
        d3 = d2[1:] - d2[:-1]
        return ops.where(d3 > 0, d3, -d3) + ops.exp(x[2:-1] * 0.1)
    return chain1d


CASES = {
    "heat3d": (heat3d, [(19, 23, 37)], (0.5, 0.0833)),
    "jacobi2d": (jacobi2d, [(67, 45)], ()),
    "hdiff": (hdiff, [(3, 37, 41)], (0.025,)),
    "residual1d": (residual1d, [(1001,), (1001,)], ()),
    "box27": (box27, [(11, 13, 37)], ()),
    "two_outputs": (two_outputs, [(9, 21, 35), (9, 21, 35)], ()),
    "rank4": (rank4, [(6, 3, 7, 33)], ()),
    "chain1d": (chain1d, [(517,)], ()),
    "pointwise_first": (pointwise_first, [(33, 40), (33, 40)], ()),
}
