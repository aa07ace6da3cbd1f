"""Programs of issue 31's window updates, written as NumPy code is written (copies, window
assignments, augmented updates, periodic rows/columns/corners, a centred window of a copy), shared
by the unit, compile (g++ on the CPU) and GPU tiers.  Each maps its state to the next state
(same count, shapes and types), so the CPU runner and the GPU tier can run several steps."""
from __future__ import annotations


def fdtd2d(ex, ey, hz):
    """PolyBench's fdtd-2d step on copies: three fields, each updated in a window."""
    ey = ey.copy()
    ex = ex.copy()
    hz = hz.copy()
    ey[0, :] = 0.25
    ey[1:, :] = ey[1:, :] - 0.5 * (hz[1:, :] - hz[:-1, :])
    ex[:, 1:] = ex[:, 1:] - 0.5 * (hz[:, 1:] - hz[:, :-1])
    hz[:-1, :-1] = hz[:-1, :-1] - 0.7 * (ex[:-1, 1:] - ex[:-1, :-1] + ey[1:, :-1] - ey[:-1, :-1])
    return ex, ey, hz


def periodic2d(u):
    """Periodic rows, then columns (the corners follow from the rows), on a copy."""
    u = u.copy()
    u[0, :] = u[-2, :]
    u[-1, :] = u[1, :]
    u[:, 0] = u[:, -2]
    u[:, -1] = u[:, 1]
    return (u,)


def jacobi_kept(u):
    """``r = u.copy(); r[1:-1, 1:-1] = ...``: a centred window of a copy (interior)."""
    r = u.copy()
    r[1:-1, 1:-1] = 0.25 * (u[:-2, 1:-1] + u[2:, 1:-1] + u[1:-1, :-2] + u[1:-1, 2:])
    return (r,)


def update_then_walls(u):
    """An update of the interior read again by the walls' copies (clamped edges)."""
    u = u.copy()
    u[1:-1, 1:-1] = u[1:-1, 1:-1] + 0.1 * (u[:-2, 1:-1] - u[2:, 1:-1])
    u[0, :] = u[1, :]
    u[-1, :] = u[-2, :]
    u[:, 0] = u[:, 1]
    u[:, -1] = u[:, -2]
    return (u,)


def heat3d_walls(u):
    """A 7-point update with periodic planes along the slowest axis, a wall, a half-valued face
    and a second update reading the assigned array."""
    r = u.copy()
    r[1:-1, 1:-1, 1:-1] = u[1:-1, 1:-1, 1:-1] + 0.1 * (
        u[:-2, 1:-1, 1:-1] + u[2:, 1:-1, 1:-1] + u[1:-1, :-2, 1:-1] + u[1:-1, 2:, 1:-1]
        + u[1:-1, 1:-1, :-2] + u[1:-1, 1:-1, 2:] - 6.0 * u[1:-1, 1:-1, 1:-1])
    r[0, :, :] = r[-2, :, :]
    r[-1, :, :] = r[1, :, :]
    r[:, :, 0] = 0.0
    r[:, 0:1, :] = r[:, 1:2, :] * 0.5
    q = r.copy()
    q[1:-1, 1:-1, 1:-1] = r[1:-1, 1:-1, 1:-1] * 2.0 + r[:-2, 1:-1, 1:-1]
    return (q,)


def hotspot(temp, power):
    """Rodinia hotspot's update with clamped edges, the power map constant."""
    t = temp
    n = t.copy()
    n[1:-1, 1:-1] = t[1:-1, 1:-1] + 0.3 * (power[1:-1, 1:-1] + t[:-2, 1:-1] + t[2:, 1:-1] - 2.0 * t[1:-1, 1:-1]) \
        + 0.2 * (t[1:-1, :-2] + t[1:-1, 2:] - 2.0 * t[1:-1, 1:-1])
    n[0, :] = n[1, :]
    n[-1, :] = n[-2, :]
    n[:, 0] = n[:, 1]
    n[:, -1] = n[:, -2]
    return n, power * 1.0


#: name -> (step, shapes of the state at a small odd size)
CASES = {
    "fdtd2d": (fdtd2d, [(37, 53)] * 3),
    "periodic2d": (periodic2d, [(29, 41)]),
    "jacobi_kept": (jacobi_kept, [(37, 53)]),
    "update_then_walls": (update_then_walls, [(37, 53)]),
    "heat3d_walls": (heat3d_walls, [(19, 23, 37)]),
    "hotspot": (hotspot, [(41, 29)] * 2),
}
