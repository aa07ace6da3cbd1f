"""Programs of ``np.pad`` and ``np.roll`` read through by stencils (issue 31 item 4), shared by
the unit, compile and GPU tiers: each maps its state (arrays) to a new state of the same
shapes, so the compile tier's CPU runner (tests/compile/grid_cpu.py) can step it.

``CASES``: name -> (function, shapes of the state).  The applications' steps
(tests/programs/apps: Rodinia's hotspot3D with ``np.pad(tIn, 1, mode="edge")``, Allen-Cahn's
Laplacian of four ``np.roll``) are called unchanged inside a functional wrapper."""
from __future__ import annotations

import numpy as np

from tests.programs import apps

_HOT = apps.load("hotspot3d")
_AC = apps.load("allen_cahn")
HOT_SHAPE = _HOT.TEST          # (5, 13, 11)
AC_SHAPE = _AC.TEST            # (45, 33)
_HOT_CONSTS = _HOT.coefficients(*HOT_SHAPE)


def hotspot3d(tIn, pIn):
    """One step of the application's ``step`` (its ``tOut`` a new array), the power map kept."""
    tOut = np.zeros_like(tIn)
    _HOT.step(tOut, tIn, pIn, *_HOT_CONSTS)
    return tOut, pIn * 1.0


def allen_cahn(phi):
    """One step of the application's in-place ``step`` (NumPy: on a copy, the start kept)."""
    if isinstance(phi, np.ndarray):
        phi = phi.copy()
    _AC.step(phi)
    return (phi,)


def _windows(p, offsets: list, shape: tuple):
    """``sum_k (k + 1) * p[window at offsets[k]]`` over windows of ``p`` of ``shape``: a stencil
    over a padded or rolled array."""
    total = None
    for k, off in enumerate(offsets):
        w = p[tuple(slice(o, o + n) for o, n in zip(off, shape))]
        total = w * float(k + 1) if total is None else total + w * float(k + 1)
    return total


def _pad_stencil(mode: str, width, **kw):
    """``u`` padded, then the 5-point cross of its windows (weights 1..5) back at ``u``'s shape."""
    def fn(u):
        p = np.pad(u, width, mode, **kw)
        w = np.broadcast_to(np.asarray(width, dtype=object), (u.ndim, 2))
        lo = [int(a) for a, _ in w]
        offs = [tuple(lo)] + [tuple(lo[a] + s * (b == a) for b in range(u.ndim)) for a in range(u.ndim) for s in (-1, 1)
                              if 0 <= lo[a] + s and lo[a] + s + u.shape[a] <= p.shape[a]]
        return (_windows(p, offs, u.shape) - u,)
    return fn


def _roll_stencil(shifts: list):
    """A sum of rolls of ``u`` (weights 1, 2, ...) less ``u``: a periodic stencil."""
    def fn(u):
        total = -u
        for k, (s, ax) in enumerate(shifts):
            total = total + np.roll(u, s, axis=ax) * float(k + 1)
        return (total,)
    return fn


def _two_pads(u, v):
    """Two arrays, each padded and read at shifted windows, and a rolled sum of both."""
    pu = np.pad(u, 1, "edge")
    pv = np.pad(v, ((1, 2), (0, 1)), "constant", constant_values=0.25)
    a = pu[:-2, 1:-1] + pu[2:, 1:-1] * 2.0 + pv[1:-2, :-1] * pu[1:-1, :-2]
    return a, np.roll(u + v, (1, -2), axis=(0, 1)) + pv[:-3, 1:]


def _pad_then_assign(u):
    """Assignments into a padded array (new versions of it), then windows of it."""
    p = np.pad(u, 1, "wrap")
    p[0, :] = 0.5
    p[:, -1] = p[:, 1]
    return (p[1:-1, :-2] + p[:-2, 1:-1] * 2.0 + p[2:, 2:] * 3.0,)


def _of_windows(u):
    """Pads and a roll of windows of ``u`` (the remap relative to the window, not to ``u``)."""
    w = u[1:-1, 2:]
    p = np.pad(w, 1, "edge")
    q = np.pad(w, ((2, 0), (1, 1)), "wrap")
    r = np.roll(u[:-2, :-2], (1, -1), axis=(0, 1))
    out = u * 0.5
    out[1:-1, 1:-1] = p[1:-1, :-2] + p[2:, 1:-1] * 2.0 + q[:-2, 2:] * 3.0 + r
    return (out,)


CASES = {
    "hotspot3d": (hotspot3d, [HOT_SHAPE, HOT_SHAPE]),
    "allen_cahn": (allen_cahn, [AC_SHAPE]),
    "edge_w1": (_pad_stencil("edge", 1), [(9, 7)]),
    "edge_asym": (_pad_stencil("edge", ((1, 2), (0, 1))), [(9, 7)]),
    "edge_w3_3d": (_pad_stencil("edge", 3), [(5, 4, 7)]),
    "wrap_w2": (_pad_stencil("wrap", 2), [(9, 7)]),
    "wrap_wide": (_pad_stencil("wrap", ((3, 9), (1, 2))), [(3, 5)]),
    "constant_w2": (_pad_stencil("constant", 2, constant_values=1.5), [(9, 7)]),
    "constant_asym": (_pad_stencil("constant", ((1, 2), (0, 1))), [(9, 7)]),
    "reflect_w2": (_pad_stencil("reflect", 2), [(9, 7)]),
    "symmetric_w3": (_pad_stencil("symmetric", ((3, 1), (2, 3))), [(9, 7)]),
    "edge_size1": (_pad_stencil("edge", 1), [(1, 7)]),
    "wrap_3d": (_pad_stencil("wrap", ((1, 1), (2, 0), (0, 3))), [(3, 5, 4)]),
    "roll_pm1": (_roll_stencil([(1, 0), (-1, 0), (1, 1), (-1, 1)]), [(9, 7)]),
    "roll_far": (_roll_stencil([(8, 0), (-8, 0), (6, 1), (-6, 1), (0, 0), (9, 0), (7, 1)]), [(9, 7)]),
    "roll_axes": (_roll_stencil([((1, -2), (0, 1)), ((2, 1, -1), (0, 1, 2))]), [(5, 3, 7)]),
    "roll_1d": (_roll_stencil([(1, 0), (-3, 0)]), [(11,)]),
    "two_pads": (_two_pads, [(9, 7), (9, 7)]),
    "pad_then_assign": (_pad_then_assign, [(9, 7)]),
    "of_windows": (_of_windows, [(9, 7)]),
}


def state(name: str, dtype: str, order: str = "C", seed: int = 0) -> list:
    """The start of case ``name``: uniform in [-1, 1) (hotspot3d: near 320 K, power in [0, 0.5))."""
    rng = np.random.default_rng(seed)
    shapes = CASES[name][1]
    if name == "hotspot3d":
        arrays = [rng.uniform(300.0, 340.0, shapes[0]), rng.uniform(0.0, 0.5, shapes[1])]
    else:
        arrays = [rng.uniform(-1, 1, s) for s in shapes]
    arrays = [a.astype(dtype) for a in arrays]
    return [np.asfortranarray(a) if order == "F" else a for a in arrays]


def numpy_steps(name: str, start: list, steps: int, dtype=None) -> list:
    """``steps`` steps of case ``name`` in NumPy (in ``dtype`` if given, else the state's)."""
    fn = CASES[name][0]
    cur = [a.astype(dtype) if dtype else a.copy() for a in start]
    for _ in range(steps):
        cur = [np.asarray(a) for a in fn(*cur)]
    return cur
