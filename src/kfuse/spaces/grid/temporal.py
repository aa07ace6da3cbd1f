"""Temporal blocking of a time loop's step: ``depth`` steps of :func:`kfuse.iterate` in one pass
over the grid (the loop-level halo strategy; its code: :mod:`kfuse.codegen.grid.temporal`, its
cost: :mod:`kfuse.model.temporal`, its run: :mod:`kfuse.loop_temporal`).

A block streams along the grid's slowest axis (rows of a 2-D grid, planes of a 3-D one, C
order) through a chunk of ``rows`` of them, its threads covering a line of ``threads`` adjacent
columns (2-D) or a tile of ``ty`` x ``threads`` points of a plane (3-D).  Each of the ``depth``
time levels keeps, per field, its last ``2 ry + 2`` rows (planes) twice: the thread's own point in
registers (reads at no in-plane offset) and the block's points in a shared-memory ring (reads at
in-plane offsets).  Level ``t`` runs ``ry + 1`` rows behind level ``t - 1``, so one
``__syncthreads`` per input row serves every level; the last level goes to memory.  Halos are
recomputed, not exchanged: a block's outer ``depth * rx`` columns (``depth * rm`` rows of a 3-D
tile, ``depth * ry`` rows or planes before and after its chunk) are read and stepped but only the
middle ``width`` columns (x ``height`` rows) are stored.

What qualifies (:func:`analyse`, every refusal a sentence): a step that runs as one grid kernel
over a 2-D or 3-D C-order grid; every field computed by the step (none passed through unchanged) of
the fields' shape and type; no reduction, no ``np.pad`` of mode ``constant``, no scalar computed from the arrays;
each field read at constant offsets within a radius (``ry`` along the streamed axis, ``rm`` along
a 3-D grid's rows, ``rx`` along the columns).  ``np.roll`` of a whole field (``np.pad`` of mode
``wrap``) is served by laying the block's points and the stream out cyclically along the rolled
axes (a thread past the grid's edge holds the point across it): every level then reads its
periodic neighbours where it reads any other.  ``np.pad`` of a whole field in mode ``edge``,
``reflect`` or ``symmetric`` (a Neumann boundary) is served by reading through the pad's index
map at every level: a point by the grid's edge reads the level before at the mapped point
inside the grid, never a point past it (the threads past the edge compute values nobody reads).
Other arrays the step reads (constant fields) are loaded from memory at every level
(they stay in L1 and L2).  Everything here is pure data."""
from __future__ import annotations

import dataclasses
import math

from ...library.remap import is_remap, widths

#: the time levels a pass may hold, the threads (columns) of a block, the rows of its chunk
DEPTHS = (2, 3, 4, 6, 8, 12, 16)
THREADS = (128, 256, 512)
ROWS = (64, 128, 256, 512)
#: 3-D grids: a block's tile (columns ``THREADS_3D`` x rows ``TILE_ROWS``), the planes of its chunk
THREADS_3D = (32, 64, 128)
TILE_ROWS = (4, 8, 16, 32)
PLANES = (16, 32, 64, 128, 256, 512)
MIN_STORED_3D = 0.35       # a 3-D tile stores at least this fraction of its points
MAX_RADIUS = 4             # a field read further away (rows or columns) is not blocked
SHARED_LIMIT = 200 * 1024  # dynamic shared memory a pass may ask of a block (bytes)
SM_THREADS, SM_REGISTERS, SM_SHARED = 2048, 65536, 228 * 1024   # one SM of compute capability 9.0
MAX_GRID_YZ = 65535        # a launch grid's y and z extents


@dataclasses.dataclass(frozen=True)
class StepFacts:
    """What blocking needs of a qualifying step: the grid ``shape`` (rows, columns), the element
    ``itemsize``, the state ``fields`` (program inputs, in the loop's order) and the ``outputs``
    holding their next values, the other arrays it loads (``consts``), the radius (``ry`` along
    the streamed axis, ``rx`` along the columns, ``rm`` along a 3-D grid's rows), per field the
    offsets it is read at, and per axis whether the fields are rolled along it (``periodic``)."""

    shape: tuple
    dtype: str
    itemsize: int
    fields: tuple
    outputs: tuple
    consts: tuple
    ry: int
    rx: int
    offsets: dict
    periodic: tuple = (False, False)   # per axis (slowest first): a field is rolled along it
    rm: int = 0
    pads: tuple = ()   # per axis: the mode of a field's np.pad read past the edge (edge, reflect, symmetric) or None
    scalars: int = 0   # the numbers the step reads (registers of every thread)

    @property
    def rank(self) -> int:
        return len(self.shape)


@dataclasses.dataclass(frozen=True)
class Blocking:
    """One pass's shape: ``depth`` steps, ``threads`` columns per block (halo included),
    ``rows`` rows (3-D: planes) streamed per block, ``ty`` rows of a 3-D block's tile (halo
    included; 1 for 2-D grids)."""

    depth: int
    threads: int
    rows: int
    ty: int = 1

    def width(self, facts: StepFacts) -> int:
        """Columns a block stores (its threads less the recomputed halo on both sides)."""
        return self.threads - 2 * self.depth * facts.rx

    def height(self, facts: StepFacts) -> int:
        """Rows of a 3-D block's tile it stores (1 for a 2-D grid)."""
        return self.ty - 2 * self.depth * facts.rm if facts.rank == 3 else 1

    def block_threads(self) -> int:
        """Threads of a block."""
        return self.threads * self.ty

    def plane(self, facts: StepFacts) -> int:
        """Elements of a ring slot: a 2-D ring row, or a 3-D ring plane (the tile padded by
        ``rx`` columns and ``rm`` rows each side)."""
        return self.row_width(facts) * (self.ty + 2 * facts.rm if facts.rank == 3 else 1)

    def ring(self, facts: StepFacts) -> int:
        """Rows each level keeps (in registers and in the shared ring)."""
        return 2 * facts.ry + 2

    def lag(self, facts: StepFacts) -> int:
        """Rows a level runs behind the one before it."""
        return facts.ry + 1

    def row_width(self, facts: StepFacts) -> int:
        """Elements of a ring row: the block's columns padded by ``rx`` each side."""
        return self.threads + 2 * facts.rx

    def grid(self, facts: StepFacts) -> tuple:
        """(column blocks, row blocks) of a 2-D grid; (column, row, plane blocks) of a 3-D one."""
        if facts.rank == 3:
            nz, ny, nx = facts.shape
            return (math.ceil(nx / self.width(facts)), math.ceil(ny / self.height(facts)),
                    math.ceil(nz / self.rows))
        ny, nx = facts.shape
        return math.ceil(nx / self.width(facts)), math.ceil(ny / self.rows)

    def iterations(self, facts: StepFacts) -> int:
        """Input rows a block streams past (its chunk, the halo rows, the pipeline's drain)."""
        return self.rows + self.depth * facts.ry + self.depth * self.lag(facts)

    def shared_bytes(self, facts: StepFacts) -> int:
        """The rings of levels 0 .. depth - 1, every field (:meth:`plane` elements a slot)."""
        return self.depth * len(facts.fields) * self.ring(facts) * self.plane(facts) * facts.itemsize

    def registers(self, facts: StepFacts) -> int:
        """Registers a thread is estimated to hold: the levels' rings of its column, every field,
        and 32 for indices and the step's temporaries (ptxas, jacobi at 256 threads: float32
        depth 8, 63, depth 12, 79; float64 depth 8, 92, depth 12, 124, depth 16, 156)."""
        words = max(1, facts.itemsize // 4)
        regs = 32 + self.depth * len(facts.fields) * self.ring(facts) * words
        if facts.rank == 3:   # the tile's row indices and tests, the step's numbers and constant fields
            regs += 12 + words * (facts.scalars + len(facts.consts))
        return regs

    def resident(self, facts: StepFacts) -> int:
        """Blocks an SM holds at once (threads, registers in units of 8, shared memory)."""
        regs = -(-self.registers(facts) // 8) * 8
        threads = self.block_threads()
        return max(1, min(SM_THREADS // threads, SM_REGISTERS // (regs * threads),
                          SM_SHARED // (self.shared_bytes(facts) + 1024), 32))

    def refusal(self, facts: StepFacts) -> str | None:
        """Why this shape cannot run the step (None: it can)."""
        threads = self.block_threads()
        if threads > 1024 or (facts.rank == 2 and self.ty != 1):
            return f"a block of {self.threads} x {self.ty} threads"
        if self.shared_bytes(facts) > SHARED_LIMIT:
            return (f"depth {self.depth} x {self._tile()} needs {self.shared_bytes(facts)} bytes of "
                    "shared memory")
        if facts.rank == 3:
            stored = self.width(facts) * self.height(facts)
            if self.width(facts) <= 0 or self.height(facts) <= 0 or stored < MIN_STORED_3D * threads:
                return (f"depth {self.depth} stores {max(0, self.width(facts)) * max(0, self.height(facts))} "
                        f"of a {self._tile()} tile's {threads} points (under {MIN_STORED_3D:.0%})")
        elif 4 * 2 * self.depth * facts.rx >= self.threads:
            return (f"depth {self.depth} recomputes {2 * self.depth * facts.rx} of a block's "
                    f"{self.threads} columns (a quarter or more)")
        grid = self.grid(facts)
        if max(grid[1:]) > MAX_GRID_YZ:
            return (f"{self.rows} {'planes' if facts.rank == 3 else 'rows'} per block make a grid of "
                    f"{' x '.join(map(str, grid))} blocks (at most {MAX_GRID_YZ} along y and z)")
        cap = min(255, SM_REGISTERS // threads)
        if self.registers(facts) > cap:
            return (f"depth {self.depth} holds about {self.registers(facts)} registers a thread, "
                    f"over the {cap} a block of {threads} threads may have")
        return None

    def _tile(self) -> str:
        return f"{self.threads} columns" if self.ty == 1 else f"{self.ty} x {self.threads}"

    def label(self) -> str:
        """``depth/threads/rows`` (``/ty`` for a 3-D tile)."""
        return f"{self.depth}/{self.threads}/{self.rows}" + (f"/{self.ty}" if self.ty != 1 else "")

    def as_dict(self) -> dict:
        out = {"depth": self.depth, "threads": self.threads, "rows": self.rows}
        if self.ty != 1:
            out["tile_rows"] = self.ty
        return out


def analyse(program, kernels: list, sources: list, info, frame_of) -> tuple:
    """(StepFacts, None) for a step that can be blocked in time, else (None, why not).
    ``kernels``: the step plan's KernelPlans; ``sources``: the loop's field sources
    (:class:`kfuse.loop_schedule.LoopPlan`); ``frame_of(calls)``: the grid space's frame of the
    one kernel's calls, with no halo strategy."""
    why = _shape_refusal(program, kernels, sources, info)
    if why:
        return None, why
    calls = kernels[0].calls
    frame = frame_of(calls)
    n = len(sources)
    fields, outputs = tuple(program.inputs[:n]), tuple(program.outputs[:n])
    t = program.value(fields[0]).type
    rank = len(t.shape)
    if frame.rank != rank or rank not in (2, 3):
        return None, f"the grid has {len(t.shape)} axes: only 2-D and 3-D grids are blocked in time"
    if t.order != "C":
        return None, "the grid is in Fortran order: only C-order grids are blocked in time"
    for f, o in zip(fields, outputs):
        ft, ot = program.value(f).type, program.value(o).type
        if ft.shape != t.shape or ft.dtype != t.dtype or ot.shape != t.shape or ot.dtype != t.dtype:
            return None, f"field {program.value(f).display} and its next value differ in shape or type from the first field"
        if program.value(o).view_of:
            return None, f"the next value of {program.value(f).display} is not the whole field"
    # the pass evaluates each next value at the frame offset where the frame places it ((0, 0), or
    # off it for a value made of rolls alone), so element k of every next value is the thread's
    zero = (0,) * rank
    placed = {o: frame.pos.get(o, zero) for o in outputs}
    producers = {program.calls[c].out: c for c in calls}
    boxes = dict(frame.boxes)
    for o, pos in placed.items():
        if boxes.get(producers.get(o)) != tuple((p, p + n) for p, n in zip(pos, t.shape)):
            return None, "the step's kernel does not cover the whole grid"
    # the frame's load offsets are from the thread's point: a field placed at ``pos`` is read at
    # its elements ``d + at - pos`` by the next value evaluated at ``at`` (over every next value:
    # a radius that covers them all)
    offsets = {f: frozenset(tuple(x + a - q for x, a, q in zip(d, at, frame.pos.get(f, zero)))
                            for d in frame.loads.get(f, ()) for at in set(placed.values())) for f in fields}
    radius = [max((abs(d[a]) for offs in offsets.values() for d in offs), default=0) for a in range(rank)]
    if max(radius) > MAX_RADIUS:
        return None, f"a field is read {max(radius)} points away (at most {MAX_RADIUS} are blocked)"
    if max(radius) == 0:
        return None, "no field is read at a neighbour: the steps are independent maps"
    consts = tuple(b for b in frame.loads if b not in fields)
    modes, why = _remaps(program, calls, fields, info, rank)
    if why:
        return None, why
    from ...ir import itemsize
    periodic = tuple(m == "wrap" for m in modes)
    pads = tuple(None if m == "wrap" else m for m in modes)
    scalars = sum(1 for v in program.inputs if program.value(v).type.kind == "scalar")
    return StepFacts(tuple(t.shape), t.dtype, itemsize(t.dtype), fields, outputs, consts, radius[0], radius[-1],
                     offsets, periodic, radius[1] if rank == 3 else 0, pads, scalars), None


#: the pad modes a pass reads through (wrap: a cyclic layout; the others: their index map)
PAD_MODES = ("wrap", "edge", "reflect", "symmetric")


def _remaps(program, calls: list, fields: tuple, info, rank: int = 2) -> tuple:
    """(per axis the mode of the field's rolls or pads along it, or None; None), or (None, why):
    ``np.roll`` and ``np.pad`` of a whole field in a mode of :data:`PAD_MODES`, one mode per
    axis; other read-through calls (a constant pad, a roll or pad of a window, of a constant
    field or of a computed value) are refused."""
    modes = [None] * rank
    for c in calls:
        fn = info.fn(c)
        if not is_remap(fn):
            continue
        call = program.calls[c]
        src = program.value(call.args["u"])
        if fn.mode not in PAD_MODES:
            return None, f"the step pads an array with mode {fn.mode!r} ({call.label}): not blocked in time yet"
        if program.base(call.args["u"]) not in fields or src.window:
            return None, f"the step rolls or pads a value that is not a whole field of the loop ({call.label})"
        for a, (before, after) in enumerate(widths(call, rank)):
            if not (before or after):
                continue
            if modes[a] not in (None, fn.mode):
                return None, (f"the step reads past the grid's edge along axis {a} in two modes "
                              f"({modes[a]} and {fn.mode}, {call.label})")
            modes[a] = fn.mode
    return tuple(modes), None


def _shape_refusal(program, kernels: list, sources: list, info) -> str | None:
    """Why the step's plan and the loop's fields rule blocking out before its frame is looked at."""
    if any(s != ("out", j) for j, s in enumerate(sources)):
        return ("a field is passed through unchanged or repeats another (a two-level scheme such "
                "as the wave equation's): not blocked in time yet")
    if len(kernels) != 1:
        return f"the step runs as {len(kernels)} kernels, not one"
    if kernels[0].space != "grid":
        return f"the step's kernel is a {kernels[0].space} kernel, not a stencil (grid) kernel"
    if program.writes:
        return "the step writes an argument in place"
    for c in kernels[0].calls:
        fn = info.fn(c)
        if fn.is_reduce:
            return f"the step reduces ({program.calls[c].label}): a reduction ends every step"
        call = program.calls[c]
        if info.domain(c).space != "grid" and any(program.value(v).type.kind != "scalar" for v in call.args.values()):
            return f"the step computes a scalar from the arrays ({call.label})"
    return None


def shapes(facts: StepFacts, depths: tuple = DEPTHS) -> list:
    """Every legal Blocking for ``facts`` of ``depths``, deepest first."""
    if facts.rank == 3:
        tiles = [(x, y) for x in THREADS_3D for y in TILE_ROWS if 128 <= x * y <= 1024]
        rows = PLANES
    else:
        tiles, rows = [(x, 1) for x in THREADS], ROWS
    out = []
    for depth in sorted(depths, reverse=True):
        for threads, ty in tiles:
            for r in rows:
                b = Blocking(depth, threads, r, ty)
                if b.refusal(facts) is None:
                    out.append(b)
    return out
