"""Shared-memory staging, a grid kernel's halo strategy: the values named by the plan
parameter ``smem`` (space-separated) are filled, the block's tile plus the halo their readers
reach, into a ``__shared__`` tile per plane, behind a barrier; reads at offsets then index the
tile.  A loaded array is copied into its tile, a computed value evaluated at each point of it.

Legal for arrays the kernel loads or computes (not reductions), read on one plane of the
streaming axis, with the thread's points ``BY`` rows apart; its traffic terms are a barrier
per staged value, block and plane (the halo's fill is recomputation's grown tile, counted
there), its footprint the tiles' bytes.
"""
from __future__ import annotations

import contextlib

from ....ir import ident, itemsize
from ...base import ParamSpec
from .base import HaloStrategy

#: a staged tile's point per memory axis (its fill loop)
STAGE_POINT = ("sx_p", "sy_p", "z_p", "w_p")
STAGE_SPAN = 16   # a value read this many points apart or more (a periodic copy) is not staged


def smem_names(params: dict) -> frozenset:
    """The values a kernel stages in shared memory (plan parameter ``smem``)."""
    return frozenset(params.get("smem", "").split())


class SharedTiles(HaloStrategy):
    """Tiles with their halo in shared memory (see the module docstring)."""

    name = "shared"
    params = (ParamSpec("smem", str, "", doc="values staged with their halo in shared memory (names, space-separated)"),)
    name_params = ("smem",)

    def served(self, params: dict) -> tuple:
        return tuple(sorted(smem_names(params)))

    def tiled(self, params: dict) -> frozenset:
        return smem_names(params)

    # ------------------------------------------------------------------ legality
    def refusal(self, program, calls: list, frame, params: dict, info) -> str | None:
        """A staged value must be loaded or computed (not reduced) by the kernel, read on one
        plane of the streaming axis, with the PY points BY rows apart."""
        produced = {info.out(c) for c in calls}
        for v in smem_names(params):
            if v not in frame.loads and (v not in produced or info.fn(info.graph.producers[v]).is_reduce):
                return f"smem names {v!r}, which is not an array this kernel computes or loads"
            for axis in frame.axes[2:]:
                lo, hi = frame.span(v, axis)
                if lo != hi:
                    return (f"smem stages {v!r} plane by plane, but it is read at offsets {lo}..{hi} along "
                            f"axis {axis} (the streaming axis): recompute it instead")
        if params.get("rows", "apart") == "adjacent" and smem_names(params):
            return "rows 'adjacent' stages nothing in shared memory: drop smem or keep rows 'apart'"
        return None

    def launch_refusal(self, default: dict, fitting, why: str | None) -> str | None:
        """Shared memory over the budget, and no fitting variant stages as much (only
        recomputing the values fits)."""
        if why and "shared memory" in why:
            wanted = smem_names(default)
            if not any(wanted <= smem_names(p) for p in fitting()):
                return f"with its default staging ({default['smem']}) it {why}"
        return None

    # ------------------------------------------------------------------ proposals
    def default(self, program, calls: list, frame, info) -> dict:
        names = default_smem(program, calls, frame, info)
        return {"smem": names} if names else {}

    def choices(self, program, calls: list, frame, info) -> list:
        """None, the default, every candidate, and the candidates with the loaded arrays."""
        cands = smem_candidates(program, calls, frame, info)
        loaded = input_candidates(frame)
        names = dict.fromkeys(["", default_smem(program, calls, frame, info), " ".join(cands),
                               " ".join(loaded + cands)])
        return [{"smem": n} if n else {} for n in names]

    # ------------------------------------------------------------------ footprint and cost
    def tiles(self, frame, params: dict, bx: int, by: int) -> dict:
        return {v: staged_tile(frame, v, bx, by) for v in self.served(params)}

    def shared_bytes(self, program, frame, params: dict, bx: int, by: int) -> int:
        total = 0
        for v in smem_names(params):
            if v in frame.reach or v in frame.loads:
                w, h = staged_tile(frame, v, bx, by)
                total += w * h * itemsize(program.value(v).type.dtype)
        return total

    def traffic(self, geometry, params: dict, facts: dict) -> dict:
        """A barrier per staged value, block and plane."""
        return {"barriers": geometry.grid[0] * geometry.zc * len(smem_names(params))}

    # ------------------------------------------------------------------ code
    def read(self, em, scope, value: str, d: tuple) -> str:
        """``lap_s[(ty + 1) * 34 + (tx + 1)]``: a staged value at offset ``d``."""
        frame = em.frame
        w, _ = em.staged[value]
        ax = frame.axes
        lo0, _ = frame.span(value, ax[0])
        rx = f"{scope.point.tile[0]} + {d[ax[0]] - lo0}"
        if frame.rank > 1:
            lo1, _ = frame.span(value, ax[1])
            ry = f"{scope.point.tile[1]} + {d[ax[1]] - lo1}"
            return f"{ident(value)}_s[({ry}) * {w} + ({rx})]"
        return f"{ident(value)}_s[{rx}]"

    def emit_fill(self, em, code, value: str) -> None:
        """Fill ``value``'s tile (the block's points and the halo its readers reach) into
        shared memory, then a barrier: a loaded array is copied, a computed one evaluated at
        each point of the tile (its own loads clamped into their arrays)::

            for (int y_r = ty; y_r < 10; y_r += BY)
                for (int x_r = tx; x_r < 34; x_r += BX) {
                    const int rx_p = x_r - 1, ry_p = y_r - 1;
                    const int sx_p = X0 + x_b * BX * PX + rx_p, sy_p = Y0 + y_b * BY * PY + ry_p;
                    ... lap at (sx_p, sy_p, z_p) ...
                    lap_s[y_r * 34 + x_r] = lap_e;
                }
            __syncthreads();
        """
        frame, (w, h) = em.frame, em.staged[value]
        ax = frame.axes
        what = "loaded" if value not in em.producer else "computed"
        display = em.program.value(value).display
        em.body.shared(f"__shared__ {em.ctype_of(value)} {ident(value)}_s[{w * h}];   "
                       f"// {display} ({what}) and its halo: {w} x {h}")
        lo0, _ = frame.span(value, ax[0])
        code(f"// stage {display} with its halo in shared memory")
        plane = [0] * frame.rank   # a value read one plane off is staged from that plane
        for a in ax[2:]:
            plane[a] = frame.span(value, a)[0]
        with contextlib.ExitStack() as loops:
            if frame.rank > 1:
                lo1, _ = frame.span(value, ax[1])
                loops.enter_context(code.block(f"for (int y_r = ty; y_r < {h}; y_r += BY)", None))
                block = loops.enter_context(code.block(f"for (int x_r = tx; x_r < {w}; x_r += BX) {{"))
                block(f"const int rx_p = x_r{_signed(lo0)}, ry_p = y_r{_signed(lo1)};")
                block("const int sx_p = X0 + x_b * BX * PX * VEC + rx_p, sy_p = Y0 + y_b * BY * PY + ry_p;")
                scope, slot = em.fill_scope(block, STAGE_POINT[:frame.rank], ("rx_p", "ry_p")), f"y_r * {w} + x_r"
            else:
                block = loops.enter_context(code.block(f"for (int x_r = tx; x_r < {w}; x_r += BX) {{"))
                block(f"const int rx_p = x_r{_signed(lo0)};")
                block("const int sx_p = X0 + x_b * BX * PX * VEC + rx_p;")
                scope, slot = em.fill_scope(block, STAGE_POINT[:1], ("rx_p",)), "x_r"
            if value in em.producer:
                name = f"{ident(value)}_e"
                em.emit_compute(scope, em.producer[value], tuple(plane), name)
            else:
                name = f"{ident(value)}[{em.clamped(value, tuple(plane), scope.point.frame)}]"
            block(f"{ident(value)}_s[{slot}] = {name};")
        code("__syncthreads();")

    def emit_plane_end(self, em, code) -> None:
        code("__syncthreads();   // the next plane overwrites the staged tiles")


def _signed(k: int) -> str:
    """`` + 2``, `` - 1`` or "" for 0."""
    return f" + {k}" if k > 0 else f" - {-k}" if k < 0 else ""


def staged_tile(frame, value: str, bx: int, by: int) -> tuple:
    """(width, height) of the shared-memory tile of ``value``: the block's tile grown by the
    span of the offsets it is read at along the two fastest memory axes."""
    ax = frame.axes
    lo0, hi0 = frame.span(value, ax[0])
    w = bx + hi0 - lo0
    h = 1
    if frame.rank > 1:
        lo1, hi1 = frame.span(value, ax[1])
        h = by + hi1 - lo1
    return w, h


def smem_candidates(program, calls: list, frame, info) -> list:
    """Produced values that calls of the kernel read directly at two or more points of the
    tile's plane (through windows), and on one plane only: the values a shared-memory tile
    serves (the seed's complex fusion).  Values only their readers' recomputation multiplies
    (the terms of a Laplacian) are recomputed inside the tile's fill."""
    direct: dict = {}
    for c in calls:
        for r in frame.reads[c]:
            if r.base in frame.reach:
                direct.setdefault(r.base, set()).add(r.d)
    out = []
    for c in calls:
        v = info.out(c)
        if info.fn(c).is_reduce or v not in frame.reach:
            continue
        planar = {tuple(o[a] for a in frame.axes[:2]) for o in direct.get(v, ())}
        if len(planar) < 2 or any(len({o[a] for o in frame.reach[v]}) > 1 for a in frame.axes[2:]) \
                or _spread(frame.reach[v], frame.axes[:2]) > STAGE_SPAN:
            continue
        out.append(v)
    return out


def _spread(offsets, axes) -> int:
    """The largest span of ``offsets`` along ``axes``."""
    return max((max(o[a] for o in offsets) - min(o[a] for o in offsets) for a in axes), default=0)


def input_candidates(frame) -> list:
    """Arrays the kernel loads at several points of the tile's plane, on one plane: a tile of
    them in shared memory replaces the loads of the halo (the seed's shared-memory caching)."""
    out = []
    for v, offs in frame.loads.items():
        planar = {tuple(o[a] for a in frame.axes[:2]) for o in offs}
        if len(planar) >= 3 and all(len({o[a] for o in offs}) == 1 for a in frame.axes[2:]) \
                and _spread(offs, frame.axes[:2]) <= STAGE_SPAN:
            out.append(v)
    return sorted(out)


def default_smem(program, calls: list, frame, info) -> str:
    """Candidates read at four or more points: staged by default (recomputing them costs more
    than a barrier)."""
    return " ".join(v for v in smem_candidates(program, calls, frame, info) if len(frame.reach[v]) >= 4)
