"""Code of a temporally blocked pass (:mod:`kfuse.spaces.grid.temporal` says what it is): the
step's kernel evaluated ``DEPTH`` times per point, each level reading the one before it from
registers (the thread's column) and a shared ring (other columns).  The stream down the rows is
unrolled ``R`` times, so every ring slot (a row's distance from the block's first input row,
mod ``R``) is a constant: no index arithmetic, no register shuffles.  Sample (jacobi, float32,
depth 4; one field ``a``, read one row and one column away; ``tests/golden/cuda/grid.temporal_*``)::

    const int x_p = (int)blockIdx.x * W - DEPTH * RX + tx;        // the thread's column
    float a__r0[R] = {}, ..., a__r3[R] = {};                      // each level's last R rows here
    for (int m = 0; m <= i_end - i0; m += R) {
        if (i0 + m + 0 <= i_end) {   // input row i, ring slot 0
            const int i = i0 + m + 0;
            a__r0[0] = a__in; a__st[0] = a__in;                     // level 0: the row loaded a row ahead
            {   // level 1: row i - 1 L, the step once more
                const int y_p = i - 1 * L;
                float t6_e = a__r0[2];                                // the kept boundary
                if (x_p >= 1 && x_p < 998 && y_p >= 1 && y_p < 999) {
                    t1_add_compute(a__r0[2], a__st[515], t1_e);      // a at (y_p, x_p - 1), from the ring
                    ...
                }
                a__r1[2] = t6_e; a__st[...] = t6_e;
            }
            ...                                                       // levels 2, 3; level 4 stores
            __syncthreads();
        }
        ...                                                           // ring slots 1 .. R - 1
    }
"""
from __future__ import annotations

import math

from ...ir import ident
from ...library.remap import is_remap, widths
from ..common import KernelSource
from ..render import module_text
from .lower import GridLowering
from .scope import Point, Scope, _add, offset_tag


class _Level:
    """Serves a field's value at level ``t - 1`` to the evaluation of level ``t``: from the
    thread's registers at no in-plane offset, else from the block's shared ring."""

    def read(self, em, scope, base: str, d: tuple) -> str:
        # ``d``: from the thread's point in the frame, where the outputs (the rings' rows and
        # columns) lie; the field may be placed elsewhere (kfuse.spaces.grid.temporal.analyse)
        pos = em.frame.pos.get(base, (0,) * len(d))
        ds, *dm, dx = (a - p for a, p in zip(d, pos))   # streamed axis, a 3-D grid's rows, columns
        dy = dm[0] if dm else 0
        level = em.level - 1
        slot = em.slot(em.level, ds)
        if dx == 0 and dy == 0:
            return f"{ident(base)}_r{level}[{slot}]"
        return f"{ident(base)}_st[{(level * em.ring + slot) * em.plane + dy * em.row_width + dx}]"


class TemporalLowering(GridLowering):
    """The pass kernel of one Blocking (see the module docstring): ``facts`` and ``blocking``
    from :mod:`kfuse.spaces.grid.temporal`; the kernel plan is the step's one grid kernel."""

    def __init__(self, program, kplan, facts, blocking, prefetch: int = 1):
        super().__init__(program, kplan, set(facts.outputs))
        self.facts, self.blocking, self.prefetch = facts, blocking, prefetch
        self.name = f"{kplan.name}_tb{blocking.depth}"
        self.level = self.u = 0
        self.ring, self.lag = blocking.ring(facts), blocking.lag(facts)
        self.row_width, self.plane = blocking.row_width(facts), blocking.plane(facts)
        self.s = "z" if facts.rank == 3 else "y"   # the streamed axis: its level coordinate ``{s}_p``

    # ------------------------------------------------------------------ ring slots
    def slot(self, t: int, dy: int = 0) -> int:
        """The ring slot (registers and shared) of level ``t``'s row ``y_p + dy`` in unrolled
        iteration ``u``: rows sit at their distance from the block's first input row, mod R."""
        return (self.u - t * self.lag + dy) % self.ring

    def emit_compute(self, scope, call, d: tuple, name: str):
        """As the grid lowering's; a roll of a field is the field at the shifted offset, read
        where the level reads it (the cyclic layout wraps it)."""
        fn = self.fns[call.id]
        if not is_remap(fn):
            return super().emit_compute(scope, call, d, name)
        r = next(r for r in self.frame.reads[call.id] if r.param == "u")
        tag = offset_tag(self.frame, d)
        if fn.mode == "wrap":
            src, how = self.value_at(scope, r.base, _add(d, r.d), call), "the field, rolled"
        else:
            src, how = self._mapped(scope, call, r.base, _add(d, r.d)), f"the field through its {fn.mode} pad"
        scope.code(f"// call {call.id}: {call.label}" + (f"   (at {tag})" if tag else "") + f": {how}")
        scope.code(f"{self.ctype_of(call.out)} {name};")
        scope.code(f"{call.name}_compute({src}, {name});")

    # ------------------------------------------------------------------ reads through a pad
    def _mapped(self, scope, call, base: str, d: tuple) -> str:
        """Field ``base`` at level ``t - 1`` read at offset ``d`` through the index map of the pad
        ``call`` (edge, reflect, symmetric) along the axes it pads: a point by the grid's edge
        reads the mapped point inside the grid (an offset per thread along the in-plane axes,
        per level along the streamed one), other points their plain neighbour."""
        f = self.facts
        pos = self.frame.pos.get(base, (0,) * f.rank)
        e = [a - p for a, p in zip(d, pos)]
        padded = {a for a, (lo, hi) in enumerate(widths(call, f.rank)) if lo or hi}
        inplane, const = [], 0
        for a, coord, n, stride in self._inplane_axes():
            if e[a] == 0:
                continue
            if a in padded:
                var = self._inplane_map(call, coord, n, e[a])
                inplane.append(var if stride == 1 else f"{var} * SW")
            else:
                const += e[a] * stride
        level = self.level - 1
        cands = [e[0]]
        sel = None
        if 0 in padded and e[0] != 0:
            sel = self._stream_map(scope, call, e[0])
            cands = [c for c in range(-f.ry, f.ry + 1) if c != e[0]] + [e[0]]
        if not inplane and const == 0:   # the thread's own point: its register ring
            pick = [f"{ident(base)}_r{level}[{self.slot(self.level, c)}]" for c in cands]
        else:
            pick = [str((level * self.ring + self.slot(self.level, c)) * self.plane + const) for c in cands]
        expr = pick[-1]
        for c, v in zip(cands[-2::-1], pick[-2::-1]):
            expr = f"({sel} == {c} ? {v} : {expr})"
        if not inplane and const == 0:
            return expr
        return f"{ident(base)}_st[{' + '.join([expr] + inplane)}]"

    def _inplane_axes(self) -> list:
        """(logical axis, the thread's coordinate, extent, shared-ring stride) of the in-plane axes."""
        if self.facts.rank == 3:
            return [(1, "y_p", "NY", self.row_width), (2, "x_p", "NX", 1)]
        return [(1, "x_p", "NX", 1)]

    def _inplane_map(self, call, coord: str, n: str, e: int) -> str:
        """The thread's offset to its neighbour ``e`` along an in-plane axis through the pad's
        index map (declared once, before the stream)."""
        name, line = _offset_map(call, coord, n, e)
        declared = self.__dict__.setdefault("_maps", set())
        if name not in declared:
            declared.add(name)
            self.body.invariants(line + ", from the thread's point")
        return name

    def _stream_map(self, scope, call, e: int) -> str:
        """This level's offset to its row (plane) ``e`` away through the pad's index map."""
        name, line = _offset_map(call, f"{self.s}_p", f"N{self.s.upper()}", e)
        key = ("stream map", name)
        if scope.find(key) is None:
            scope.code(line)
            scope.memo[key] = name
        return name

    # ------------------------------------------------------------------ the kernel
    def emit(self) -> KernelSource:
        f, b = self.facts, self.blocking
        self.frame = self.space.frame(self.program, self.kplan.calls, {}, self.info)
        self.producer = {c.out: c for c in self.calls}
        self.served = dict.fromkeys(f.fields, _Level())
        self.staged = {}
        # the fields the step reads (a field whose next value is computed from the others only,
        # ``(u, v) -> (g(u), h(u))``, is no argument of the kernel: no loads, no rings)
        self.streamed = [v for v in f.fields if v in self.reads]
        self.build_args()
        body = self.body
        grid = b.grid(f)
        self.open_body(self._headline(), b.block_threads())
        body.name = self.name
        big = math.prod(f.shape) >= 2**31
        self.idx = "long long" if big else "int"
        self._constants(body.indices)
        self.emit_scalar_loads(body.invariants)
        self.emit_prologue(body.invariants)
        self._registers(body.invariants)
        self._loop(body.loop)
        source = KernelSource(self.name, body.render(), self.args, (*grid, 1)[:3], (b.threads, b.ty, 1),
                              self.kplan, {}, body=body)
        source.shared_bytes = b.shared_bytes(f)
        return source

    def _headline(self) -> str:
        f, b = self.facts, self.blocking
        grid = " x ".join(map(str, f.shape))
        if f.rank == 3:
            return (f"{b.depth} steps of {self.kplan.name} per pass over {grid} (C order): "
                    f"{b.ty} x {b.threads} points x {b.rows} planes per block, "
                    f"{b.height(f)} x {b.width(f)} stored")
        return (f"{b.depth} steps of {self.kplan.name} per pass over {grid} (C order): "
                f"{b.threads} columns x {b.rows} rows per block, {b.width(f)} stored")

    def _constants(self, code) -> None:
        if self.facts.rank == 3:
            self._constants_3d(code)
        else:
            self._constants_2d(code)
        self._ring_pointers(code, "SW" if self.facts.rank == 2 else "PL")

    def _constants_2d(self, code) -> None:
        f, b = self.facts, self.blocking
        ny, nx = f.shape
        R, L = b.ring(f), b.lag(f)
        code(f"using idx_t = {self.idx};")
        code(f"constexpr int NY = {ny}, NX = {nx};   // the grid: rows, columns")
        code(f"constexpr int DEPTH = {b.depth}, RY = {f.ry}, RX = {f.rx};   // steps per pass, the step's radius")
        code(f"constexpr int W = {b.width(f)}, H = {b.rows};   // columns stored, rows owned per block")
        code(f"constexpr int R = {R}, L = {L}, SW = {self.row_width};   "
             "// rows a level keeps, rows a level lags, a ring row's width")
        code("const int tx = threadIdx.x;")
        self._coordinate(code, "x", "tx", "W", "RX", f.periodic[1], "column")
        code("const int r0 = (int)blockIdx.y * H, r1 = min(r0 + H, NY);   // the rows the block stores")
        code("const bool owner = tx >= DEPTH * RX && tx < DEPTH * RX + W && x_c < NX;")

    def _constants_3d(self, code) -> None:
        f, b = self.facts, self.blocking
        nz, ny, nx = f.shape
        R, L = b.ring(f), b.lag(f)
        code(f"using idx_t = {self.idx};")
        code(f"constexpr int NZ = {nz}, NY = {ny}, NX = {nx};   // the grid: planes, rows, columns")
        code(f"constexpr int DEPTH = {b.depth}, RZ = {f.ry}, RY = {f.rm}, RX = {f.rx};   "
             "// steps per pass, the step's radius")
        code(f"constexpr int W = {b.width(f)}, WY = {b.height(f)}, H = {b.rows};   "
             "// columns and rows stored, planes owned per block")
        code(f"constexpr int R = {R}, L = {L}, SW = {self.row_width}, PL = {self.plane};   "
             "// planes a level keeps, planes a level lags, a ring plane's row width and size")
        code("const int tx = threadIdx.x, ty = threadIdx.y;")
        self._coordinate(code, "x", "tx", "W", "RX", f.periodic[2], "column")
        self._coordinate(code, "y", "ty", "WY", "RY", f.periodic[1], "row")
        code("const int r0 = (int)blockIdx.z * H, r1 = min(r0 + H, NZ);   // the planes the block stores")
        code("const bool owner = tx >= DEPTH * RX && tx < DEPTH * RX + W && x_c < NX\n"
             "                   && ty >= DEPTH * RY && ty < DEPTH * RY + WY && y_c < NY;")

    def _coordinate(self, code, a: str, t: str, stored: str, radius: str, periodic: bool, what: str) -> None:
        """The thread's coordinate ``{a}_c`` along an in-plane axis, and ``{a}_p`` on the grid."""
        block = "blockIdx." + a
        n = "N" + a.upper()
        if periodic:
            code(f"const int {a}_c = (int){block} * {stored} - DEPTH * {radius} + {t};   // the thread's {what} ...")
            code(f"const int {a}_p = (({a}_c % {n}) + {n}) % {n};   // ... on the periodic grid")
        else:
            code(f"const int {a}_c = (int){block} * {stored} - DEPTH * {radius} + {t}, {a}_p = {a}_c;   "
                 f"// the thread's {what}")

    def _ring_pointers(self, code, slot: str) -> None:
        f = self.facts
        code("extern __shared__ __align__(16) unsigned char kf_smem[];")
        ctype = self.ctype_of(f.fields[0])
        at = "(ty + RY) * SW + tx + RX" if f.rank == 3 else "tx + RX"
        where = "point" if f.rank == 3 else "column"
        for k, v in enumerate(f.fields):
            if v not in self.streamed:
                continue
            code(f"{ctype}* {ident(v)}_st = reinterpret_cast<{ctype}*>(kf_smem) + {k} * (DEPTH * R * {slot}) + {at};   "
                 f"// {self.program.value(v).display}: the rings of levels 0 .. DEPTH - 1, at the thread's {where}")

    def _registers(self, code) -> None:
        f, b = self.facts, self.blocking
        ctype = self.ctype_of(f.fields[0])
        what = "planes of the point" if f.rank == 3 else "rows of the column"
        for v in self.streamed:
            levels = ", ".join(f"{ident(v)}_r{t}[R] = {{}}" for t in range(b.depth))
            code(f"{ctype} {levels};   // {self.program.value(v).display}: each level's last R {what}")
        if f.rank == 3:
            terms = [c for c, p in (("x_p >= 0 && x_p < NX", f.periodic[2]), ("y_p >= 0 && y_p < NY", f.periodic[1]))
                     if not p]
            code(f"const bool in_x = {' && '.join(terms) or 'true'};   // the thread's point lies in the grid")
        elif f.periodic[1]:
            code("const bool in_x = true;   // every column holds a point of the periodic grid")
        else:
            code("const bool in_x = x_p >= 0 && x_p < NX;")
        S, r = f"N{self.s.upper()}", f"R{self.s.upper()}"
        unit = "planes" if f.rank == 3 else "rows"
        if f.periodic[0]:
            code(f"const int i_load = r0 - DEPTH * {r}, i_stop = r1 + DEPTH * {r};   // input {unit} read (periodic)")
        else:
            code(f"const int i_load = max(r0 - DEPTH * {r}, 0), i_stop = min(r1 + DEPTH * {r}, {S});   "
                 f"// input {unit} read")
        for v in self.streamed:
            code(f"{ctype} {ident(v)}_pf[{self.prefetch}];   // the next input {unit}, loaded a {unit[:-1]} ahead")
            code("#pragma unroll")
            with code.block(f"for (int k = 0; k < {self.prefetch}; ++k) {{"):
                code(f"const int i = r0 - DEPTH * {r} + k;")
                code(f"{ident(v)}_pf[k] = (in_x && i >= i_load && i < i_stop) ? "
                     f"{ident(v)}[{self._at(self._row('i'))}] : {ctype}(0);")

    def _at(self, i: str) -> str:
        """The index of the thread's point on stream row (plane) ``i`` of the grid."""
        if self.facts.rank == 3:
            return f"((idx_t){i} * NY + y_p) * NX + x_p"
        return f"(idx_t){i} * NX + x_p"

    def _row(self, i: str) -> str:
        """The grid row (3-D: plane) of stream row ``i`` (wrapped where the stream is periodic)."""
        n = f"N{self.s.upper()}"
        return f"(({i} % {n}) + {n}) % {n}" if self.facts.periodic[0] else i

    def _loop(self, code) -> None:
        """The stream down the rows (planes), unrolled R times so that every ring slot is a constant."""
        f, b = self.facts, self.blocking
        unit = "plane" if f.rank == 3 else "row"
        code(f"const int i0 = r0 - DEPTH * R{self.s.upper()}, i_end = r1 - 1 + DEPTH * L;   "
             f"// the block's first and last input {unit}")
        with code.block("for (int m = 0; m <= i_end - i0; m += R) {"):
            for u in range(self.ring):
                self.u = u
                with code.block(f"if (i0 + m + {u} <= i_end) {{   // input {unit} i, ring slot {u}"):
                    code(f"const int i = i0 + m + {u};")
                    if f.periodic[0]:
                        code(f"const int i_w = {self._row('i')};   // its {unit} on the periodic grid")
                    self._input(code)
                    for t in range(1, b.depth + 1):
                        self._level(code, t)
                    code(f"__syncthreads();   // every level's new {unit} in the rings before the next reads it")

    def _input(self, code) -> None:
        """Level 0: input row ``i`` (loaded a row ahead), row ``i + PF`` requested."""
        pf = self.prefetch
        code(f"const int i_next = i + {pf};")
        for v in self.streamed:
            n = ident(v)
            code(f"const auto {n}_in = {n}_pf[0];")
            for k in range(pf - 1):
                code(f"{n}_pf[{k}] = {n}_pf[{k + 1}];")
            code(f"{n}_pf[{pf - 1}] = (in_x && i_next >= i_load && i_next < i_stop) ? "
                 f"{n}[{self._at(self._row('i_next'))}] : {self.ctype_of(v)}(0);")
            self._push(code, n, 0, f"{n}_in")

    def _push(self, code, n: str, t: int, value: str) -> None:
        """Level ``t``'s new row of field ``n``: into its register ring and its shared ring."""
        s = self.slot(t)
        code(f"{n}_r{t}[{s}] = {value}; {n}_st[{(t * self.ring + s) * self.plane}] = {value};")

    def _level(self, code, t: int) -> None:
        """Level ``t``: the step at row (plane) ``i - t L`` from level ``t - 1``; the last level stores."""
        f, b = self.facts, self.blocking
        last = t == b.depth
        unit = "plane" if f.rank == 3 else "row"
        head = (f"{{   // level {t}" + (f" (the last): {unit} i - DEPTH L, stored where the block owns it"
                                          if last else f": {unit} i - {t} L, the step once more"))
        s, n = self.s, f"N{self.s.upper()}"
        with code.block(head) as block:
            block(f"const int {s}_p = i - {t} * L;")
            row = f"{s}_p"
            if f.periodic[0]:
                row = f"{s}_w"
                if t * self.lag <= f.shape[0]:
                    block(f"const int {s}_w = i_w - {t} * L < 0 ? i_w - {t} * L + {n} : i_w - {t} * L;   "
                          "// on the periodic grid")
                else:
                    block(f"const int {s}_w = {self._row(s + '_p')};   // on the periodic grid")
            self.level = t
            point = Point(("x_p", "y_p", row), ("tx", "ty", "0")) if f.rank == 3 else Point(("x_p", row), ("tx", "0"))
            scope = Scope(block, None, None, point)
            # each next value where the frame places it: its element at the thread's point
            zero = (0,) * f.rank
            names = [self.value_at(scope, o, self.frame.pos.get(o, zero), self.producer[o]) for o in f.outputs]
            if last:
                with block.block(f"if (owner && {s}_p >= r0 && {s}_p < r1) {{"):
                    for o, name in zip(f.outputs, names):
                        block(f"{ident(o)}[{self._at(s + '_p')}] = {name};   // store {self.program.value(o).display}")
            else:
                for v, name in zip(f.fields, names):
                    if v in self.streamed:
                        self._push(block, ident(v), t, name)


def _offset_map(call, coord: str, n: str, e: int) -> tuple:
    """(name, declaration) of the offset from ``coord`` to its neighbour ``e`` away through the
    index map of the pad ``call`` (``e`` itself for a point past the grid's edge)."""
    name = f"{call.name}_{coord[0]}{'m' if e < 0 else ''}{abs(e)}"
    k = f"{coord} + {e}" if e > 0 else f"{coord} - {-e}"
    return name, (f"const int {name} = ({coord} >= 0 && {coord} < {n}) ? {call.name}_index({k}, {n}) - {coord} : "
                  f"{e};   // {coord[0]} {e:+d} through the pad's index map")


def pass_module(program, kplan, facts, blocking, prefetch: int = 1) -> tuple:
    """(CUDA text, KernelSource) of the pass kernel: the step's routines and the kernel."""
    kernel = TemporalLowering(program, kplan, facts, blocking, prefetch).emit()
    return module_text(program, [kernel], None), kernel
