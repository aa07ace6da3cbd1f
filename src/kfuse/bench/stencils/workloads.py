"""The stencil workloads, each ONE function ``fn(ops, *fields, **consts)``.

The functions use NumPy-style basic slices only, so the same code runs on NumPy (the float64
reference), CuPy, torch, jax.numpy and inside ``kfuse.jit``; ``ops`` gives ``where``,
``maximum``, ... (:mod:`.opsets`).  A :class:`Workload` adds the grid shape (full and
``--quick``), the constants, the number of time steps, how inputs are drawn and the statement
count.  Its limit bytes (one read of every input field and one write of every output field per
step) and flops come from tracing the code on shapes (:mod:`.shapes`).

Workloads (the issue's "Benchmarks", design note stencils.md §3.2 and §4(e)):

* ``heat3d``: PolyBench heat-3d, 7 points, one sweep ``A -> B`` of the interior;
* ``box27``: a 27-point box (AN5D j3d27pt), 27 distinct weights;
* ``jacobi2d``: PolyBench jacobi-2d, 5 points, one sweep;
* ``hdiff``: COSMO horizontal diffusion as GridTools and StencilFlow write it: the Laplacian
  ``lap``, the fluxes ``flx``/``fly`` with the limiter ``where(flx * (q[i+1] - q[i]) > 0, 0,
  flx)``, and ``out = q - coeff * (flx[i] - flx[i-1] + fly[j] - fly[j-1])`` (scalar coeff, as in
  the anchor of §3.2); axes (k, j, i), horizontal diffusion on the last two;
  (these three are defined with the calibration probes, :mod:`kfuse.calibrate.workloads`);
* ``flux5``: the five-call flux step of ``shared/anchors/stencil_peers.py``, reproduced exactly;
* ``scale_rk``: a SCALE-LES-like Runge-Kutta stage (see :func:`scale_rk`);
* ``jacobi2d_step`` / ``heat3d_step``: one step of a time loop that keeps the boundary,
  ``ops.interior(u, new)``; run 100 times, timed per step.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field

from ...calibrate.workloads import box27, hdiff, heat3d, jacobi2d
from . import shapes as _shapes

# ---------------------------------------------------------------------------
# the stencils
# ---------------------------------------------------------------------------


FLUX5_C, FLUX5_DT = 0.1, 0.5


def flux5(ops, u, w):
    """The anchor's five-call step (``stencil_peers.step``, C = 0.1, DT = 0.5): face fluxes
    (kernels 1-3), the divergence update (4) and a pointwise tail (5)."""
    C, DT = FLUX5_C, FLUX5_DT
    fx = C * (u[1:, 1:-1, 1:-1] - u[:-1, 1:-1, 1:-1])
    fy = C * (u[1:-1, 1:, 1:-1] - u[1:-1, :-1, 1:-1])
    fz = C * (u[1:-1, 1:-1, 1:] - u[1:-1, 1:-1, :-1])
    un = u[1:-1, 1:-1, 1:-1] + DT * ((fx[1:] - fx[:-1]) + (fy[:, 1:] - fy[:, :-1]) + (fz[:, :, 1:] - fz[:, :, :-1]))
    v = 2.0 * un + w[1:-1, 1:-1, 1:-1]
    return un, v


# --- the SCALE-LES-like stage --------------------------------------------------------------

F7, F1 = 7.0 / 12.0, -1.0 / 12.0     # 4th-order interpolation to a face (SCALE's FACT_N, FACT_F)
CENTRE = (slice(2, -2),) * 3


def _ax(axis: int, lo: int, hi: int | None) -> tuple:
    """Index: ``lo:hi`` along ``axis``, the interior ``2:-2`` along the other two."""
    return tuple(slice(lo, hi) if a == axis else slice(2, -2) for a in range(3))


def _interp4(f, axis: int):
    """4th-order value at the faces i+1/2, i = 1 .. n-3: ``7/12 (f_i + f_{i+1}) - 1/12
    (f_{i-1} + f_{i+2})``; n-3 faces along ``axis``, the interior across it."""
    return (F7 * (f[_ax(axis, 1, -2)] + f[_ax(axis, 2, -1)])
            + F1 * (f[_ax(axis, 0, -3)] + f[_ax(axis, 3, None)]))


def _div(flux, axis: int):
    """Face fluxes -> their difference across each interior cell along ``axis``."""
    hi = tuple(slice(1, None) if a == axis else slice(None) for a in range(3))
    lo = tuple(slice(None, -1) if a == axis else slice(None) for a in range(3))
    return flux[hi] - flux[lo]


def _grad4(p, axis: int):
    """4th-order centred derivative at the interior: ``(8 (p_{i+1} - p_{i-1}) - (p_{i+2} -
    p_{i-2})) / 12``."""
    return (8.0 * (p[_ax(axis, 3, -1)] - p[_ax(axis, 1, -3)])
            - (p[_ax(axis, 4, None)] - p[_ax(axis, 0, -4)])) * (1.0 / 12.0)


def _hyper4(f, nu: float):
    """4th-order numerical diffusion: ``nu * sum_axes (f_{i-2} - 4 f_{i-1} + 6 f_i - 4 f_{i+1} +
    f_{i+2})`` at the interior."""
    acc = None
    for a in range(3):
        d4 = (f[_ax(a, 0, -4)] - 4.0 * f[_ax(a, 1, -3)] + 6.0 * f[_ax(a, 2, -2)]
              - 4.0 * f[_ax(a, 3, -1)] + f[_ax(a, 4, None)])
        acc = d4 if acc is None else acc + d4
    return nu * acc


def scale_rk(ops, dens, mom0, mom1, mom2, rhot, dt=0.1, nu=0.01, cs2=1.0, grav=0.5, dens_ref=1.0):
    """A SCALE-LES-like Runge-Kutta stage over 5 collocated fields on a 3-D grid: density,
    the momenta along axes 0, 1, 2 (axis 2 is "vertical") and rho*theta.  31 statements:

    1. velocities and potential temperature: ``v_b = mom_b / dens``, ``pt = rhot / dens`` (4);
    2. mass fluxes at the faces, 4th order: ``mf_a = interp4_a(mom_a)`` (3);
    3. rho*theta fluxes ``mf_a * interp4_a(pt)`` (3) and momentum fluxes ``mf_a *
       interp4_a(v_b)`` (9);
    4. pressure from a linear equation of state ``p = cs2 * rhot`` (1), buoyancy
       ``grav * (dens - dens_ref)`` (1), 4th-order numerical diffusion of each field (5);
    5. the stage update of each field at the interior (5): ``q_new = q - dt * (flux
       divergence [+ 4th-order pressure gradient] [+ buoyancy]) - diffusion``.

    The stage starts from its inputs (RK's first stage: ``q0 = q``).  Outputs: the 5 fields at
    the interior ``[2:-2, 2:-2, 2:-2]`` (radius 2: the 4th-order stencils)."""
    moms = (mom0, mom1, mom2)
    vel = [m / dens for m in moms]                                   # 3
    pt = rhot / dens                                                 # 1
    mf = [_interp4(moms[a], a) for a in range(3)]                    # 3
    ft = [mf[a] * _interp4(pt, a) for a in range(3)]                 # 3
    fm = [[mf[a] * _interp4(vel[b], a) for b in range(3)] for a in range(3)]   # 9
    p = cs2 * rhot                                                   # 1
    buoy = grav * (dens[CENTRE] - dens_ref)                          # 1
    nd = [_hyper4(f, nu) for f in (dens, mom0, mom1, mom2, rhot)]    # 5
    dens_n = dens[CENTRE] - dt * (_div(mf[0], 0) + _div(mf[1], 1) + _div(mf[2], 2)) - nd[0]
    mom_n = []
    for b in range(3):
        tend = _div(fm[0][b], 0) + _div(fm[1][b], 1) + _div(fm[2][b], 2) + _grad4(p, b)
        if b == 2:
            tend = tend + buoy
        mom_n.append(moms[b][CENTRE] - dt * tend - nd[1 + b])
    rhot_n = rhot[CENTRE] - dt * (_div(ft[0], 0) + _div(ft[1], 1) + _div(ft[2], 2)) - nd[4]
    return dens_n, mom_n[0], mom_n[1], mom_n[2], rhot_n           # 5 updates


# --- time-loop steps ------------------------------------------------------------------------


def jacobi2d_step(ops, a):
    """One jacobi-2d step keeping the boundary: ``interior(a, jacobi2d(a))``."""
    return ops.interior(a, jacobi2d(ops, a))


def heat3d_step(ops, u):
    """One heat-3d step keeping the boundary: ``interior(u, heat3d(u))``."""
    return ops.interior(u, heat3d(ops, u))


# ---------------------------------------------------------------------------
# the registry
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Workload:
    """One benchmark point: a stencil function at one grid shape."""

    name: str                     # e.g. "heat3d-512"
    fn: object                    # fn(ops, *fields, **consts)
    fields: tuple                 # input names, in call order
    outputs: tuple                # output names, in return order
    shape: tuple                  # grid shape of every input field
    quick_shape: tuple            # --quick: small (odd) sizes for a smoke run
    statements: int               # assignments as written ("calls" in the sense)
    steps: int = 1                # > 1: a time loop of this many steps, timed per step
    consts: dict = field(default_factory=dict)
    draw: dict = field(default_factory=dict)   # field -> "normal" | "positive" | "signed"
    source: str = ""

    @property
    def kernel(self) -> str:
        return self.fn.__name__

    @property
    def loop(self) -> bool:
        return self.steps > 1

    def grid(self, quick: bool = False) -> tuple:
        return self.quick_shape if quick else self.shape

    def call(self, ops, *fields):
        """One step: ``fn(ops, *fields, **consts)``, always a tuple of outputs."""
        out = self.fn(ops, *fields, **self.consts)
        return tuple(out) if isinstance(out, (tuple, list)) else (out,)

    def traced(self, shape: tuple | None = None) -> dict:
        """Output shapes, operation count and flops of one step at ``shape``."""
        return _shapes.trace(self.fn, [shape or self.shape] * len(self.fields), self.consts)


def limit_bytes(wl: Workload, shape: tuple, itemsize: int) -> tuple[int, int]:
    """(bytes read, bytes written) per step: every input field read once, every output field
    written once."""
    read = len(wl.fields) * math.prod(shape) * itemsize
    write = sum(math.prod(s) for s in wl.traced(shape)["out_shapes"]) * itemsize
    return read, write


def limit_us(read: int, write: int, ceilings: dict | None) -> float | None:
    """The limit of a step in µs: ``read / read ceiling + written / write ceiling`` (GB/s of
    this run), or None without ceilings."""
    if not ceilings or not ceilings.get("read_GBs") or not ceilings.get("write_GBs"):
        return None
    return (read / (ceilings["read_GBs"] * 1e9) + write / (ceilings["write_GBs"] * 1e9)) * 1e6


def flops(wl: Workload, shape: tuple) -> int:
    """Flops of one step (elementwise operations x elements; see :mod:`.shapes`)."""
    return wl.traced(shape)["flops"]


SCALE_FIELDS = ("dens", "mom0", "mom1", "mom2", "rhot")
SCALE_DRAW = {"dens": "positive", "rhot": "positive"}
ANCHOR = "shared/anchors/stencil_peers.py"


def _registry() -> dict:
    w = [
        Workload("heat3d-256", heat3d, ("u",), ("B",), (256,) * 3, (37, 41, 45), 1, source="PolyBench"),
        Workload("heat3d-512", heat3d, ("u",), ("B",), (512,) * 3, (67, 65, 63), 1, source="PolyBench"),
        Workload("box27-512", box27, ("u",), ("B",), (512,) * 3, (45, 43, 41), 1, source="AN5D j3d27pt"),
        Workload("jacobi2d-8192", jacobi2d, ("a",), ("B",), (8192,) * 2, (513, 771), 1, source="PolyBench"),
        Workload("jacobi2d-16384", jacobi2d, ("a",), ("B",), (16384,) * 2, (1025, 999), 1,
                 source="PolyBench"),
        Workload("hdiff-64x512x512", hdiff, ("q",), ("out",), (64, 512, 512), (9, 131, 67), 6,
                 source="COSMO / GridTools / StencilFlow"),
        Workload("hdiff-80x256x256", hdiff, ("q",), ("out",), (80, 256, 256), (11, 67, 129), 6,
                 source="COSMO / GridTools / StencilFlow"),
        Workload("flux5-512", flux5, ("u", "w"), ("un", "v"), (512,) * 3, (65, 63, 67), 5, source=ANCHOR),
        Workload("scale_rk-1280x32x32", scale_rk, SCALE_FIELDS, SCALE_FIELDS, (1280, 32, 32),
                 (161, 33, 31), 31, draw=SCALE_DRAW, source="SCALE-LES-like (seed 001)"),
        Workload("scale_rk-512x512x64", scale_rk, SCALE_FIELDS, SCALE_FIELDS, (512, 512, 64),
                 (67, 65, 17), 31, draw=SCALE_DRAW, source="SCALE-LES-like"),
        Workload("jacobi2d_loop-8192", jacobi2d_step, ("a",), ("a",), (8192,) * 2, (515, 387), 1,
                 steps=100, source="PolyBench, boundary kept"),
        Workload("jacobi2d_loop-16384", jacobi2d_step, ("a",), ("a",), (16384,) * 2, (1031, 517), 1,
                 steps=96, source="PolyBench, boundary kept (issue 35's temporal-blocking target)"),
        Workload("heat3d_loop-256", heat3d_step, ("u",), ("u",), (256,) * 3, (35, 33, 37), 1,
                 steps=100, source="PolyBench, boundary kept"),
    ]
    return {x.name: x for x in w}


WORKLOADS: dict = _registry()
ORDER: tuple = tuple(WORKLOADS)


def select(names: list[str] | None) -> list[Workload]:
    """Workloads by full name (``heat3d-512``) or by stencil (``heat3d``: every size of it;
    ``heat3d_loop``); None or empty: all, in the suite's order."""
    if not names:
        return list(WORKLOADS.values())
    chosen = []
    for n in names:
        hits = [w for w in WORKLOADS.values() if w.name == n or w.name.split("-")[0] == n]
        if not hits:
            kernels = sorted({w.name.split("-")[0] for w in WORKLOADS.values()})
            raise ValueError(f"unknown workload {n!r}; known: {', '.join(ORDER)} "
                             f"(or a stencil: {', '.join(kernels)})")
        chosen += [w for w in hits if w not in chosen]
    return [w for w in WORKLOADS.values() if w in chosen]


# ---------------------------------------------------------------------------
# inputs and the reference
# ---------------------------------------------------------------------------


def make_inputs(wl: Workload, shape: tuple, dtype: str, seed: int, xp=None) -> list:
    """Fresh random fields (never zeros) of ``shape`` and ``dtype``, seeded: field k of the
    workload draws from ``RandomState(seed + k)`` of ``xp`` (NumPy by default; CuPy draws on the
    device).  ``normal``: standard normal (the anchor's draw); ``positive``: uniform in
    [0.5, 1.5) (densities, rho*theta: divided by); ``signed``: uniform in [-1, 1)."""
    if xp is None:
        import numpy as xp
    out = []
    for k, name in enumerate(wl.fields):
        rs = xp.random.RandomState(seed + k)
        kind = wl.draw.get(name, "normal")
        if kind == "positive":
            a = rs.uniform(0.5, 1.5, size=shape)
        elif kind == "signed":
            a = rs.uniform(-1.0, 1.0, size=shape)
        else:
            a = rs.standard_normal(size=shape)
        out.append(xp.ascontiguousarray(a.astype(dtype)))
    return out


def reference(wl: Workload, inputs: list, ops, steps: int | None = None) -> tuple:
    """The float64 reference: ``steps`` (default: the workload's) steps of ``fn`` on the inputs
    cast to float64, with ``ops`` of the inputs' array module (NumPy: :func:`opsets.numpy_ops`)."""
    fields = [x.astype("float64") for x in inputs]
    outs = wl.call(ops, *fields)
    for _ in range((steps or wl.steps) - 1):
        outs = wl.call(ops, *outs)
    return outs


TOLERANCE = {"float32": 2e-5, "float64": 1e-12}
TOLERANCE_LONG = {"float32": 1e-4, "float64": 1e-11}   # 100-step loops and the 31-statement stage


def tolerance(wl: Workload, dtype: str) -> float:
    """Largest relative error ``||out - ref|| / ||ref||`` accepted for one output."""
    long = wl.loop or wl.statements > 10
    return (TOLERANCE_LONG if long else TOLERANCE)[dtype]
