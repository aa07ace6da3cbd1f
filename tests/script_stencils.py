"""Stencil scripts the tiers share: each with the NumPy code (tests/stencil_programs.py) it must
equal, its sizes and its inputs.  ``SCRIPTS``: name -> (script text or example name, NumPy
function of the inputs, sizes, input shapes by name (from the sizes), extra scalar inputs)."""
from __future__ import annotations

import numpy as np

from .stencil_programs import CASES, NUMPY

JACOBI_SLICES = """# jacobi2d with NumPy slices
grid a(m, n);
input a;
b = interior(a, 0.2 * (a[1:-1, 1:-1] + a[1:-1, :-2] + a[1:-1, 2:] + a[2:, 1:-1] + a[:-2, 1:-1]));
return b;
"""
HEAT3D = """# heat3d 7-point, offsets
grid u(k, m, n);
scalar c0, c1;
input u, c0, c1;
v = c0 * u + c1 * (u[-1, 0, 0] + u[1, 0, 0] + u[0, -1, 0] + u[0, 1, 0] + u[0, 0, -1] + u[0, 0, 1]);
return v;
"""
HDIFF_SLICES = """# hdiff with NumPy slices
grid q(k, m, n);
scalar coeff;
input q, coeff;
lap = 4 * q[:, 1:-1, 1:-1] - (q[:, 1:-1, 2:] + q[:, 1:-1, :-2] + q[:, 2:, 1:-1] + q[:, :-2, 1:-1]);
flx = lap[:, :, 1:] - lap[:, :, :-1];
flx = where(flx * (q[:, 1:-1, 2:-1] - q[:, 1:-1, 1:-2]) > 0, 0, flx);
fly = lap[:, 1:, :] - lap[:, :-1, :];
fly = where(fly * (q[:, 2:-1, 1:-1] - q[:, 1:-2, 1:-1]) > 0, 0, fly);
out = q[:, 2:-2, 2:-2] - coeff * (flx[:, 1:-1, 1:] - flx[:, 1:-1, :-1] + fly[:, 1:, 1:-1] - fly[:, :-1, 1:-1]);
return out;
"""
JACOBI_REPEAT = """# three jacobi2d steps
grid a(m, n);
input a;
repeat 3 { a = interior(a, 0.2 * (a + a[0, -1] + a[0, 1] + a[-1, 0] + a[1, 0])); }
return a;
"""
RESIDUAL = """# residual with reductions and a mixed-shape sum
grid u(n), f(n);
input u, f;
r = f[1:-1] - (2 * u - u[-1] - u[1]);
e = max(abs(r)) + sum(r * r);
g = r + u;
return r, e, g;
"""
HEAT3D_WALLS = """# heat3d with boundary code: periodic along axis 0, a fixed wall, reads of v after the copies
grid u(k, m, n);
input u;
v = interior(u, u + 0.1 * (u[-1, 0, 0] + u[1, 0, 0] + u[0, -1, 0] + u[0, 1, 0] + u[0, 0, -1] + u[0, 0, 1] - 6 * u));
v[0] = v[-2];
v[-1, :, :] = v[1, :, :];
v[..., -1] = 1.5;
v[2:4, 1, 1:-1] = v[3:5, 2, 1:-1];
w = v[1:-1, 1:-1, 1:-1] * 2.0 - v[:-2, 1:-1, 1:-1];
return w;
"""


def _periodic2d(a):
    b = a.copy()
    b[1:-1, 1:-1] = 0.25 * (a[1:-1, :-2] + a[1:-1, 2:] + a[:-2, 1:-1] + a[2:, 1:-1])
    b[0, :] = b[-2, :]
    b[-1, :] = b[1, :]
    b[:, 0] = b[:, -2]
    b[:, -1] = b[:, 1]
    return b


def _heat3d_walls(u):
    v = u.copy()
    c = u[1:-1, 1:-1, 1:-1]
    v[1:-1, 1:-1, 1:-1] = c + 0.1 * (u[:-2, 1:-1, 1:-1] + u[2:, 1:-1, 1:-1] + u[1:-1, :-2, 1:-1]
                                     + u[1:-1, 2:, 1:-1] + u[1:-1, 1:-1, :-2] + u[1:-1, 1:-1, 2:] - 6 * c)
    v[0] = v[-2]
    v[-1, :, :] = v[1, :, :]
    v[..., -1] = 1.5
    v[2:4, 1, 1:-1] = v[3:5, 2, 1:-1]
    return v[1:-1, 1:-1, 1:-1] * 2.0 - v[:-2, 1:-1, 1:-1]


def _jacobi_steps(a, k):
    for _ in range(k):
        a = CASES["jacobi2d"][0](NUMPY)(a)
    return a


def _residual(u, f):
    r = f[1:-1] - (2 * u[1:-1] - u[:-2] - u[2:])
    return r, np.max(np.abs(r)) + np.sum(r * r), r + u[1:-1]


SCRIPTS = {
    "jacobi2d": ("jacobi2d", lambda a: CASES["jacobi2d"][0](NUMPY)(a), {"m": 67, "n": 45}, {"a": ("m", "n")}, {}),
    "jacobi_slices": (JACOBI_SLICES, lambda a: CASES["jacobi2d"][0](NUMPY)(a), {"m": 33, "n": 71},
                      {"a": ("m", "n")}, {}),
    "hdiff": ("hdiff", lambda q, coeff: CASES["hdiff"][0](NUMPY)(q, coeff), {"k": 3, "m": 37, "n": 41},
              {"q": ("k", "m", "n")}, {"coeff": 0.025}),
    "hdiff_slices": (HDIFF_SLICES, lambda q, coeff: CASES["hdiff"][0](NUMPY)(q, coeff), {"k": 5, "m": 19, "n": 43},
                     {"q": ("k", "m", "n")}, {"coeff": 0.025}),
    "heat3d": (HEAT3D, lambda u, c0, c1: CASES["heat3d"][0](NUMPY)(u, c0, c1), {"k": 19, "m": 23, "n": 37},
               {"u": ("k", "m", "n")}, {"c0": 0.5, "c1": 0.0833}),
    "jacobi_repeat": (JACOBI_REPEAT, lambda a: _jacobi_steps(a, 3), {"m": 29, "n": 53}, {"a": ("m", "n")}, {}),
    "residual": (RESIDUAL, _residual, {"n": 1001}, {"u": ("n",), "f": ("n",)}, {}),
    "periodic2d": ("periodic2d", _periodic2d, {"m": 37, "n": 23}, {"a": ("m", "n")}, {}),
    "heat3d_walls": (HEAT3D_WALLS, _heat3d_walls, {"k": 13, "m": 7, "n": 11}, {"u": ("k", "m", "n")}, {}),
}


def load(name, dtype="float64"):
    """The script of case ``name``, parsed (not bound)."""
    from kfuse import examples
    from kfuse.frontend import script
    text = SCRIPTS[name][0]
    return script.load(examples.path(text) if "\n" not in text else text, dtype)


def inputs(name, sizes=None, seed=0):
    """(arrays by input name, in the program's input order; the NumPy result as a tuple)."""
    _, fn, default, shapes, extra = SCRIPTS[name]
    sizes = sizes or default
    rng = np.random.default_rng(seed)
    arrays = {k: rng.uniform(-1, 1, tuple(sizes[d] for d in dims)) for k, dims in shapes.items()}
    want = fn(*arrays.values(), *extra.values())
    return {**arrays, **extra}, (want if isinstance(want, tuple) else (want,))
