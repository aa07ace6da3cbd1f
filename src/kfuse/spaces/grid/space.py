"""The grid space: stencils over arrays of rank 1 to 4 (maps reading window views, the
pointwise calls around them, ``interior`` and reductions over grids).

A block of ``bx`` x ``by`` threads covers a tile of the two fastest memory axes and walks
``zc`` planes of the third (the streaming axis); a fourth axis is spread over blocks.  Values
a kernel produces and reads at other points are either recomputed in registers at each offset
(the default) or staged with their halo in shared memory behind a barrier: the halo strategies
of :mod:`kfuse.spaces.grid.halo`, which own their parameters, legality, cost terms and code.
The frame, offsets and halos come from :mod:`kfuse.spaces.grid.frame`; the launch is a
:class:`kfuse.spaces.grid.geometry.GridGeometry`.
"""
from __future__ import annotations

import dataclasses
import itertools
import math
import types
import weakref

from ...errors import PlanError
from ...ir import itemsize
from . import halo
from .branches import size_refusal
from .geometry import GridGeometry
from .work import LIVE_LOADS, Shape, estimated_registers, extra_work, wide_elements
from ..traffic import Traffic
from ..base import (INT_MAX, SMEM_FLAGS, SMEM_STATIC_LIMIT, Domain, ParamSpec, Space, blocks_wanted,
    reads_nowhere)
from ..facts import snapshot_key
from ...library.remap import is_remap
from .frame import analyse, memory_axes, place, remap_refusals, window_reads

_GRID_CALLS: dict = {}   # id(program) -> (weak ref, snapshot key, frozenset of call ids)


def _eligible(program, call, fn) -> bool:
    """A flat map or reduction over arrays (the calls a grid kernel can run), none of them read
    through a transpose view (a grid kernel addresses every array in one memory order)."""
    if fn.hof not in ("map", "reduce"):
        return False
    vals = [program.value(v) for v in call.args.values()] + [program.value(call.out)]
    return any(v.type.kind in ("vector", "matrix", "grid") for v in vals) and \
        all(v.type.kind != "sparse" for v in vals) and not any(_transposed(program, v) for v in call.args.values())


def _transposed(program, name: str) -> bool:
    """Whether value ``name`` is a view of another memory order than its base's (``a.T``)."""
    base = program.base(name)
    return base != name and program.value(name).type.order != program.value(base).type.order


def _on_ranks_grid(program, names) -> bool:
    """Whether one of values ``names`` is an array of the shape of the grid the program's ranks
    cut (:attr:`kfuse.ir.Program.grid`; never on one GPU)."""
    return bool(program.grid) and any(program.extents(n) == tuple(program.grid) for n in names)


def grid_calls(program) -> frozenset:
    """Ids of the calls the grid space hosts: the flat maps and reductions that read a window
    view, touch a grid (3 or 4 axes, or of the shape of the grid ranks cut: ``Program.grid``)
    or run ``interior`` or ``assign``, the reductions of whole matrices, and
    the flat maps and reductions
    connected to them through arrays (so a pointwise call next to a stencil can fuse with it)."""
    from ... import library
    key = snapshot_key(program)
    held = _GRID_CALLS.get(id(program))
    if held is not None and held[0]() is program and held[1] == key:
        return held[2]
    fns = {c.id: library.get(c.fn) for c in program.calls}
    ok = {c.id for c in program.calls if _eligible(program, c, fns[c.id])}
    got = set()
    for c in program.calls:
        if c.id not in ok:
            continue
        vals = [program.value(v) for v in list(c.args.values()) + [c.out]]
        whole = fns[c.id].hof == "reduce" and any(v.type.kind == "matrix" for v in vals)   # sum/max of a matrix
        if fns[c.id].name in ("interior", "assign") or is_remap(fns[c.id]) or whole or any(v.window for v in vals) or \
                any(v.type.kind == "grid" for v in vals) or _on_ranks_grid(program, list(c.args.values()) + [c.out]):
            got.add(c.id)
    if got:
        producer = program.producers()
        edges = []
        for c in program.calls:
            for v in c.args.values():
                b = program.base(v)
                src = producer.get(b)
                if src is not None and program.value(b).type.kind != "scalar":
                    edges.append((src, c.id))
        grew = True
        while grew:
            grew = False
            for src, dst in edges:
                for a, b in ((src, dst), (dst, src)):
                    if a in got and b in ok and b not in got:
                        got.add(b)
                        grew = True
    out = frozenset(got)
    _GRID_CALLS[id(program)] = (weakref.ref(program), key, out)
    return out


LEAN_CALLS = 12   # fusions of more calls get the lean set of variants (see GridSpace.variants)
REGISTER_CAP = 96   # estimated registers per thread over which several points per thread are refused
OWNED_AXIS = 16   # a fastest axis this short (D2Q9: 9 distributions) can be computed whole by each thread


class GridSpace(Space):
    """A stencil kernel over a grid.  Sample (jacobi-2d, recompute)::

        const int tx = threadIdx.x % BX, ty = threadIdx.x / BX;
        const int x_p = X0 + bx * BX + tx, y_p = Y0 + by * BY + ty;
        if (x_p < 4095 && y_p < 4095) {
            const float a_e = a[a_at];  const float a_xm1_e = a[a_at - 1]; ...
        }
    """

    name = "grid"
    claim_order = 5
    kernel_order = 4
    host_rank = 3
    shares_costs = False
    shares_shapes = True          # an unrolled time loop repeats its fusions once per step
    name_params = halo.NAME_PARAMS
    params = (
        ParamSpec("bx", int, None, low=1, high=1024, power_of_two=True, required=True,
                  doc="threads of a block along the fastest memory axis"),
        ParamSpec("by", int, 1, low=1, high=1024, power_of_two=True,
                  doc="threads of a block along the second fastest memory axis"),
        ParamSpec("zc", int, 1, low=1, high=INT_MAX, doc="planes of the third fastest axis each block walks (streaming)"),
        ParamSpec("vec", int, 1, low=1, high=4, power_of_two=True,
                  doc="consecutive points per thread along x, loaded and stored as one 8- or 16-byte access"),
        ParamSpec("px", int, 1, low=1, high=16, doc="points per thread along x, BX apart (loads in flight)"),
        ParamSpec("py", int, 1, low=1, high=16, doc="points per thread along y (loads in flight)"),
        ParamSpec("rows", str, "apart", choices=("apart", "adjacent"),
                  doc="where a thread's PY points lie: BY rows apart, or on adjacent rows sharing "
                      "the values they read and compute (no staged values)"),
        ParamSpec("uz", int, 1, low=1, high=16, doc="unrolling of the plane loop (planes in flight)"),
        *halo.PARAMS,
        ParamSpec("stream", str, "z", choices=("z", "y"),
                  doc="the memory axis blocks walk plane by plane (3 or 4 axes): the third fastest "
                      "(z), or the second (y; the block's tile then spans x and z)"),
    )
    floor_params = {"bx": 32, "by": 8, "zc": 1}
    fissions_over_budget = True   # a fusion whose default staging is over the budget is split
    seeds_components = True       # whole connected stencils mostly fuse
    local_search = False          # a segment DP would cost a frame analysis per segment

    # ------------------------------------------------------------------ domain
    def claim(self, program, call, fn) -> Domain | None:
        """The calls of :func:`grid_calls`: their output's shape (a reduction's operand's)."""
        if call.id not in grid_calls(program):
            return None
        arrays = [program.value(v) for v in call.args.values() if program.value(v).type.kind != "scalar"]
        ref = program.value(call.out) if not fn.is_reduce else arrays[0]
        return Domain("grid", lead=ref.type.order, shape=tuple(int(d) for d in ref.type.shape))

    def refusal(self, program, call, fn) -> str:
        return f"{call.label} reads no window view and no grid"

    def fusion_refusals(self, program, calls: list, info) -> list:
        """:func:`kfuse.spaces.grid.frame.remap_refusals`."""
        return remap_refusals(program, calls, info)

    def size_refusal(self, program, calls: list, info) -> str | None:
        """:func:`kfuse.spaces.grid.branches.size_refusal`, every value recomputed."""
        try:
            frame = self.frame(program, calls, {}, info)
        except PlanError:   # values too far apart to tile: refused with its launch
            return None
        return size_refusal(program, calls, frame, frozenset(), info)

    def describe(self, domain: Domain) -> str:
        return f"stencil over a {len(domain.shape)}-axis grid ({domain.lead} order)"

    def mapping_key(self, domain: Domain) -> tuple:
        """Grid calls of one rank and memory order share a mapping by offsets (shapes may differ)."""
        return ("grid", len(domain.shape), domain.lead)

    def elements(self, domain: Domain) -> int:
        return math.prod(domain.shape) if domain.shape else 1

    # ------------------------------------------------------------------ frame
    def frame(self, program, calls: list, params: dict, info, stored=None):
        """The kernel's :class:`kfuse.spaces.grid.frame.Frame` (stored: the outputs needed
        outside; default: every output read outside the kernel or returned)."""
        if stored is None:
            stored = info.stored(calls)
        tiled = halo.tiled(params)
        stream = params.get("stream", "z")
        key = ("grid-frame", tuple(calls), frozenset(stored), tiled, stream)
        return info.memo(key, lambda: streamed(analyse(program, list(calls), set(stored), tiled, info, info.memo(
            ("grid-place", tuple(calls), frozenset(stored)), lambda: place(program, list(calls), set(stored), info))),
            stream))

    # ------------------------------------------------------------------ parameters
    def default_params(self, program, calls: list, domain: Domain, dtype: str, info) -> dict:
        frame = self.frame(program, calls, {}, info)
        return self._shape_params(frame, 32 if frame.rank > 1 else 256, 8 if frame.rank > 1 else 1,
                                  halo.default(program, calls, frame, info))

    def _shape_params(self, frame, bx: int, by: int, halos: dict, px: int = 1, py: int = 1) -> dict:
        ext = frame.memory_extents() + (1, 1, 1)
        nx = max(1, ext[0])
        while bx > 32 and bx // 2 >= nx:
            bx //= 2
        if frame.rank < 2:
            by, py = 1, 1
        zc = 1
        if frame.rank >= 3:
            tiles = math.ceil(ext[0] / (bx * px)) * math.ceil(ext[1] / (by * py)) * max(1, ext[3])
            zc = max(1, min(ext[2], math.ceil(ext[2] * tiles / max(1, blocks_wanted() * 2))))
        out = {"bx": bx, "by": by, "zc": zc}
        if px > 1:
            out["px"] = px
        if py > 1:
            out["py"] = py
        out.update(halos)
        return out

    def validate(self, program, kernel, domain: Domain, info) -> None:
        """The schema, then: a block of 32 to 1024 threads, the halo strategies' legality, and
        shared memory within the budget."""
        self.check_schema(kernel)
        why = self.refusal_of(program, kernel.calls, kernel.params, info)
        if why:
            raise PlanError(f"kernel {kernel.name}: {why}")

    def refusal_of(self, program, calls, params, info) -> str | None:
        """Why ``params`` cannot launch the grid kernel of ``calls`` (None: they can); once per
        fusion and parameters."""
        key = ("grid-refusal", tuple(calls), tuple(sorted(params.items())), SMEM_STATIC_LIMIT)
        return info.memo(key, lambda: self._refusal(program, calls, params, info))

    def _refusal(self, program, calls, params, info) -> str | None:
        threads = int(params["bx"]) * int(params.get("by", 1))
        if not 32 <= threads <= 1024:
            return f"bx * by must be in [32, 1024], got {threads}"
        try:
            frame = self.frame(program, calls, params, info)
        except PlanError as e:   # a value too far apart to tile (frame.hull)
            return str(e)
        why = halo.refusal(program, calls, frame, params, info) or \
            vec_refusal(program, frame, int(params.get("vec", 1)), info.stored(calls))
        if why:
            return why
        shape = Shape(**{k: int(params.get(k, 1)) for k in ("bx", "px", "py", "vec")})
        points = shape.px * shape.py * shape.vec
        regs = estimated_registers(frame, shape, info)
        if points > 1 and regs > REGISTER_CAP:
            return (f"{points} points per thread need about {regs} registers per thread (over {REGISTER_CAP}): "
                    "ptxas would spill or leave too few warps; fewer points per thread")
        shared = self.shared_static(program, calls, params, None, info)
        if shared > SMEM_STATIC_LIMIT:
            return f"needs {shared:,} B of shared memory (limit {SMEM_STATIC_LIMIT:,} B): smaller tiles or fewer staged values"
        return None

    def launch_refusal(self, program, calls, domain, default, fitting, over_budget, info) -> str | None:
        """Where the default sets a halo strategy's parameters: that strategy's answer
        (:meth:`kfuse.spaces.grid.halo.base.HaloStrategy.launch_refusal`); else the base rule."""
        owner = halo.setting(default)
        if owner is None:
            return super().launch_refusal(program, calls, domain, default, fitting, over_budget, info)
        return owner.launch_refusal(default, fitting, self.refusal_of(program, calls, default, info))

    # ------------------------------------------------------------------ variants
    def variants(self, program, calls: list, domain: Domain, dtype: str, wide: bool, info) -> list:
        """Block shapes x points per thread x the halo strategies' choices, for 3 or 4 axes at two depths along the streamed
        axis (planes keeping about two blocks per SM, or one plane per block), vec-wide points
        along x, and walks along y; refused combinations dropped.  A fusion of more than
        LEAN_CALLS calls (what a search over a whole application costs most) gets the families
        the H200's calibration measured fastest."""
        return info.memo(("grid-variants", tuple(calls), SMEM_STATIC_LIMIT),
                         lambda: self._variants(program, calls, domain, dtype, info))

    def _variants(self, program, calls, domain, dtype, info) -> list:
        frame = self.frame(program, calls, {}, info)
        choices = halo.choices(program, calls, frame, info)
        pack = max(1, 16 // max([itemsize(program.value(b).type.dtype) for b in frame.pos] or [4]))
        lean = len(calls) > LEAN_CALLS
        depths = ("stream", 1) if frame.rank > 2 else ("stream",)
        if frame.rank < 2:
            scalar = [((bx, 1), (px, 1), "stream") for bx in (128, 256, 512) for px in (1, 2, 4)]
            vectors = [((bx, 1), (px, 1), v) for bx in (128, 256) for px in (1, 2) for v in sorted({2, pack})]
        elif lean:
            scalar = [((32, 16), (2, 1), "stream"), ((128, 2), (2, 2), 1), ((32, 4), (1, 4), 1),
                      ((32, 4), (1, 1), "stream"), ((32, 4), (1, 1), 1), ((64, 2), (1, 1), 1)]
            vectors = [((bx, by), (1, py), v) for (bx, by), pys in (((32, 8), (1,)), ((64, 4), (1,)),
                                                                   ((32, 4), (2, 4)), ((128, 2), (2, 4)))
                       for py in pys for v in sorted({2, pack})]
            choices = choices[:2]
        else:
            scalar = [(shape, pts, depth) for shape in ((32, 8), (32, 4), (128, 2), (32, 16))
                      for pts in ((1, 1), (2, 1), (2, 2), (1, 4)) for depth in depths]
            vectors = [(shape, pts, v) for shape in ((32, 4), (32, 8), (64, 4), (128, 2))
                       for pts in ((1, 1), (1, 2), (2, 1), (1, 4)) for v in sorted({2, pack})]
        out = []

        def add(p):
            if p not in out and self.refusal_of(program, calls, p, info) is None:
                out.append(p)

        for ((bx, by), (px, py), depth), halos in itertools.product(scalar, choices):
            p = self._shape_params(frame, bx, by, halos, px, py)
            if depth != "stream" and frame.rank > 2:
                p["zc"] = depth
            add(p)
        for (bx, by), (px, py), vec in vectors:
            if vec > pack or px * py * vec > SEARCHED_POINTS:
                continue
            p = {k: v for k, v in self._shape_params(frame, bx, by, {}, px, py).items()}
            p["vec"] = vec
            for zc in ((SHORT_WALKS[:2] if lean else SHORT_WALKS) if frame.rank > 2 else (None,)):
                add({**p, "zc": zc} if zc else p)
        for by in owned_shapes(frame):   # each thread computes all points of a short fastest axis
            add(self._shape_params(frame, 1, by, {}, frame.extent(frame.axes[0])))
        for p in [q for q in out if q.get("py", 1) > 1 and halo.plain(q)]:   # rows sharing their reads
            add({**p, "rows": "adjacent"})
        if frame.rank > 2 and not lean:   # walking the second axis instead: a few shapes, no staging
            across = self.frame(program, calls, {"stream": "y"}, info)
            for (bx, by), (px, py) in itertools.product([(32, 8), (128, 2)], [(1, 1), (2, 1), (1, 4)]):
                add({**self._shape_params(across, bx, by, {}, px, py), "stream": "y"})
        return out or [self.default_params(program, calls, domain, dtype, info)]

    # ------------------------------------------------------------------ geometry
    def geometry(self, program, calls: list, params: dict, domain: Domain, info, frame=None) -> GridGeometry:
        """A 1-D launch of ``ceil(X/bx) * ceil(Y/by) * ceil(Z/zc) * W`` blocks of ``bx * by``
        threads (X, Y, Z, W: the threads' domain from the fastest memory axis), as a
        :class:`kfuse.spaces.grid.geometry.GridGeometry` (``frame``: a placed frame,
        :mod:`kfuse.spaces.grid.placement`; default the kernel's own)."""
        frame = frame or self.frame(program, calls, params, info)
        bx, by, zc = int(params["bx"]), int(params.get("by", 1)), int(params.get("zc", 1))
        px, py, vec = int(params.get("px", 1)), int(params.get("py", 1)), int(params.get("vec", 1))
        ext = frame.memory_extents() + (1, 1, 1)
        stored = info.stored(calls)
        x0, vector = vector_arrays(program, frame, vec, stored) if frame.storage else \
            info.memo(("grid-vector", id(frame), vec, stored), lambda: vector_arrays(program, frame, vec, stored))
        ext = (frame.box[frame.axes[0]][1] - x0,) + ext[1:]
        tiles = (math.ceil(max(0, ext[0]) / (bx * px * vec)), math.ceil(ext[1] / (by * py)) if frame.rank > 1 else 1,
                 math.ceil(ext[2] / zc) if frame.rank > 2 else 1, ext[3] if frame.rank > 3 else 1)
        blocks = max(1, math.prod(tiles))
        outs = [info.out(c) for c in calls if info.fn(c).is_reduce]
        return GridGeometry(
            (blocks, 1, 1), (bx * by, 1, 1), self.shared_static(program, calls, params, domain, info), 0,
            self.workspace(program, outs, blocks, False), frame=frame, bx=bx, by=by, zc=zc, px=px, py=py,
            vec=vec, rows=py if params.get("rows", "apart") == "adjacent" and frame.rank > 1 else 1, x0=x0,
            vector=vector, uz=min(int(params.get("uz", 1)), zc), tiles=tiles,
            staged=types.MappingProxyType(halo.tiles(frame, params, bx * px * vec, by * py)),
            halos=halo.serving(params))

    def shared_static(self, program, calls: list, params: dict, domain, info) -> int:
        """The halo strategies' tiles plus the reductions' block scratch and the last-block flags."""
        frame = self.frame(program, calls, params, info)
        bx = int(params["bx"]) * int(params.get("px", 1)) * int(params.get("vec", 1))
        by = int(params.get("by", 1)) * int(params.get("py", 1))
        total = halo.shared_bytes(program, frame, params, bx, by)
        reds = info.memo(("grid-reduces", tuple(calls)), lambda: [c for c in calls if info.fn(c).is_reduce])
        if reds:
            total += sum(2 * ((bx * by + 31) // 32) * itemsize(info.dtype(c)) for c in reds) + SMEM_FLAGS
        return total

    # ------------------------------------------------------------------ traffic
    def traffic_facts(self, program, calls: list, domain: Domain, seen: set, info) -> dict:
        return {"n_red": sum(info.fn(c).is_reduce for c in calls), "calls": tuple(calls),
                "item_bytes": max([itemsize(program.value(b).type.dtype) for b in seen] or [4])}

    def traffic(self, geometry: GridGeometry, params: dict, facts: dict) -> Traffic:
        """The halo strategies' terms (:func:`kfuse.spaces.grid.halo.traffic`: halo re-reads
        from L2, barriers, loads per point), the windows assignments copy (read once, however
        far away: :func:`window_reads`), the reductions' partial results, and the bytes a thread
        has in flight (one element per load)."""
        info = facts["info"]
        terms = halo.traffic(geometry, params, facts)
        l2 = _window_bytes(info.program, geometry.frame, info) + terms.get("l2", 0)
        grid, n_red = geometry.grid[0], facts["n_red"]
        partial = 2 * grid * n_red * 8 if grid > 1 else 0
        points = geometry.px * geometry.py * geometry.uz * geometry.vec
        return Traffic(partial=partial, l2=l2, tail_bytes=grid * n_red * 8,
                       per_thread_bytes=max(1, terms.get("loads", 0)) * facts["item_bytes"] * points,
                       extra_flops=extra_work(info.program, geometry.frame, geometry, info),
                       regs=estimated_registers(geometry.frame, geometry, info),
                       barriers=terms.get("barriers", 0))

    def kind(self, program, calls: list, domain: Domain, info) -> str:
        """``grid<rank>-map`` (every value evaluated at one point), ``grid<rank>-chain`` (values
        computed in the kernel read at several points: recomputed or staged) or
        ``grid<rank>-reduce``; a map loading more than ``LIVE_LOADS`` points is
        ``grid<rank>-box`` (the 27-point box: its launch shapes fare otherwise); with
        :data:`WIDE_KIND` appended where the kernel's arrays hold 8-byte elements (a launch
        shape's bandwidth depends on the bytes each thread moves): the calibration's probes
        measure each; a calibration without the refined kinds lends the ones they refine
        (:func:`kfuse.model.predict.kind_fallback`)."""
        frame = self.frame(program, calls, {}, info)
        if any(info.fn(c).is_reduce for c in calls):
            what = "reduce"
        elif any(len(v) > 1 for v in frame.reach.values()):
            what = "chain"
        else:
            what = "box" if sum(len(o) for o in frame.loads.values()) > LIVE_LOADS else "map"
        return f"grid{min(frame.rank, 3)}-{what}" + (WIDE_KIND if wide_elements(frame, info) else "")

    def env_fields(self, program, calls: list, facts: dict, info) -> dict:
        return {}

    def reads_own_point(self, program, calls: list, params: dict, base: str, info) -> bool:
        """A grid kernel stores into ``base`` only when it does not read it at all (one reading
        it at a neighbour would see a point another block already replaced)."""
        return reads_nowhere(program, calls, base)

    def ceiling_share(self, params: dict) -> float:
        """:data:`STREAM_SHARE` for a block walking more than :data:`SHORT_WALK` planes, else 1:
        blocks walking far sit at planes far apart, while one plane per block or a short walk
        keeps the running blocks' loads together."""
        return STREAM_SHARE if int(params.get("zc", 1)) > SHORT_WALK else 1.0


def owned_shapes(frame) -> tuple:
    """Block heights (``by``) of the variants where each thread owns the fastest memory axis
    (:func:`kfuse.spaces.grid.work.owns_axis`): none unless that axis is short (at most
    ``OWNED_AXIS`` points, more than 1) and there is a second axis."""
    n = frame.extent(frame.axes[0]) if frame.rank > 1 else 0
    return (64, 128) if 1 < n <= OWNED_AXIS else ()


def vector_arrays(program, frame, vec: int, stored) -> tuple:
    """(first x point of the threads, the arrays loaded and stored ``vec`` elements at a time):
    the threads' x points start where the first loaded array (else stored one) that can take
    ``vec``-wide accesses has an aligned element, and each array whose rows hold a multiple of
    ``vec`` elements, aligned alike, in the kernel's order and 16 bytes at most, takes them (the
    others are read and written an element at a time).  Rows and alignment are those of the
    memory the kernel addresses: a placed kernel's padded blocks (``Frame.storage``)."""
    x = frame.axes[0]
    lo = frame.box[x][0]
    arrays = [b for b in list(frame.loads) + sorted(set(stored) & set(frame.pos))
              if program.value(b).type.kind != "scalar"]

    def fits(b, start):
        t = program.value(b).type
        return (t.dtype in ("float32", "float64") and vec * itemsize(t.dtype) <= 16 and t.order == frame.order
                and memory_axes(frame.rank, t.order)[0] == x
                and frame.stored_shape(b)[x] % vec == 0 and (start - frame.stored_pos(b)[x]) % vec == 0)

    ref = next((b for b in arrays if fits(b, frame.stored_pos(b)[x])), None)
    start = lo if ref is None else lo - (lo - frame.stored_pos(ref)[x]) % vec
    return start, tuple(b for b in dict.fromkeys(arrays) if vec > 1 and fits(b, start))


def vec_refusal(program, frame, vec: int, stored: set) -> str | None:
    """Why ``vec`` consecutive points per thread serve nothing: no array the kernel loads or
    stores can take ``vec``-wide accesses (None: some can)."""
    if vec == 1 or vector_arrays(program, frame, vec, stored)[1]:
        return None
    return (f"vec={vec}: no array of the kernel has rows of a multiple of {vec} elements aligned "
            f"alike in at most 16 bytes")


def streamed(frame, stream: str):
    """``frame`` with its loop axes in the order a kernel walking ``stream`` uses: the fastest
    memory axis first, then the tile's second axis, then the streamed one."""
    if stream == "z" or frame.rank < 3:
        return frame
    ax = frame.axes
    return dataclasses.replace(frame, axes=(ax[0], ax[2], ax[1]) + ax[3:])


#: the DRAM share a block walking many planes reaches at best (H200: a grid kernel that only copies
#: reached 73% of the copy ceiling walking 124 planes per block, 85% at one plane per block;
#: flux5, heat-3d float64, box27 walking 124 planes 1.25-1.7x the best plane-per-block variant)
STREAM_SHARE = 0.75
#: the suffix of the calibration kinds of grid kernels over 8-byte elements (``grid3-map-f64``)
WIDE_KIND = "-f64"
#: planes a block walks that still keep the running blocks' loads together (H200, 2026-11-29:
#: heat-3d 512³ with 8-byte loads per thread fastest walking 4 planes per block in float32 and
#: float64, 7% and 14% faster than the best plane per block; the 27-point box walking 8, 15%;
#: 124 planes per block lose, :data:`STREAM_SHARE`)
SHORT_WALK = 8
#: the streaming depths the vector variants of 3-D frames take: a plane per block, short walks
#: (the lean set of large fusions the first two)
SHORT_WALKS = (1, 4, 8)
#: points per thread the variants go up to (H200 sweeps: 16 points per thread never won, 3-38%
#: slower than the best at 4-8 on jacobi-2d, heat-3d, flux5, hdiff; a plan may still ask for more)
SEARCHED_POINTS = 8


def _window_bytes(program, frame, info) -> int:
    """The bytes of the windows assignments read (:func:`window_reads`), once per frame."""
    return info.memo(("grid-windows", id(frame)), lambda: sum(
        program.value(r.value).type.nbytes() for _, r in window_reads(frame, info)))
