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

from ...ir import ident
from ...library.remap import is_remap
from ..common import KernelSource
from ..render import module_text
from .lower import GridLowering
from .scope import Point, Scope, _add, offset_tag


class _Level:
    """Serves a field's value at level ``t - 1`` to the evaluation of level ``t``: from the
    thread's registers at no column offset, else from the block's shared ring."""

    def read(self, em, scope, base: str, d: tuple) -> str:
        # ``d``: from the thread's point in the frame, where the outputs (the rings' rows and
        # columns) lie; the field may be placed elsewhere (kfuse.spaces.grid.temporal.analyse)
        py, px = em.frame.pos.get(base, (0, 0))
        dy, dx = d[0] - py, d[1] - px
        level = em.level - 1
        slot = em.slot(em.level, dy)
        if dx == 0:
            return f"{ident(base)}_r{level}[{slot}]"
        return f"{ident(base)}_st[{(level * em.ring + slot) * em.row_width + dx}]"


class TemporalLowering(GridLowering):
    """The pass kernel of one Blocking (see the module docstring): ``facts`` and ``blocking``
    from :mod:`kfuse.spaces.grid.temporal`; the kernel plan is the step's one grid kernel."""

    def __init__(self, program, kplan, facts, blocking, prefetch: int = 1):
        super().__init__(program, kplan, set(facts.outputs))
        self.facts, self.blocking, self.prefetch = facts, blocking, prefetch
        self.name = f"{kplan.name}_tb{blocking.depth}"
        self.level = self.u = 0
        self.ring, self.lag = blocking.ring(facts), blocking.lag(facts)
        self.row_width = blocking.row_width(facts)

    # ------------------------------------------------------------------ ring slots
    def slot(self, t: int, dy: int = 0) -> int:
        """The ring slot (registers and shared) of level ``t``'s row ``y_p + dy`` in unrolled
        iteration ``u``: rows sit at their distance from the block's first input row, mod R."""
        return (self.u - t * self.lag + dy) % self.ring

    def emit_compute(self, scope, call, d: tuple, name: str):
        """As the grid lowering's; a roll of a field is the field at the shifted offset, read
        where the level reads it (the cyclic layout wraps it)."""
        if not is_remap(self.fns[call.id]):
            return super().emit_compute(scope, call, d, name)
        r = next(r for r in self.frame.reads[call.id] if r.param == "u")
        tag = offset_tag(self.frame, d)
        src = self.value_at(scope, r.base, _add(d, r.d), call)
        scope.code(f"// call {call.id}: {call.label}" + (f"   (at {tag})" if tag else "") + ": the field, rolled")
        scope.code(f"{self.ctype_of(call.out)} {name};")
        scope.code(f"{call.name}_compute({src}, {name});")

    def proven(self, scope, base: str, d: tuple) -> bool:
        return False   # constant fields: every load clamped into its array

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
        ny, nx = f.shape
        grid = b.grid(f)
        self.open_body(f"{b.depth} steps of {self.kplan.name} per pass over {ny} x {nx} (C order): "
                       f"{b.threads} columns x {b.rows} rows per block, {b.width(f)} stored", b.threads)
        body.name = self.name
        big = ny * nx >= 2**31
        self.idx = "long long" if big else "int"
        self._constants(body.indices)
        self.emit_scalar_loads(body.invariants)
        self.emit_prologue(body.invariants)
        self._registers(body.invariants)
        self._loop(body.loop)
        source = KernelSource(self.name, body.render(), self.args, (grid[0], grid[1], 1), (b.threads, 1, 1),
                              self.kplan, {}, body=body)
        source.shared_bytes = b.shared_bytes(f)
        return source

    def _constants(self, code) -> None:
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
        if f.periodic[1]:
            code("const int x_c = (int)blockIdx.x * W - DEPTH * RX + tx;   // the thread's column ...")
            code("const int x_p = ((x_c % NX) + NX) % NX;   // ... on the periodic grid")
        else:
            code("const int x_c = (int)blockIdx.x * W - DEPTH * RX + tx, x_p = x_c;   // the thread's column")
        code("const int r0 = (int)blockIdx.y * H, r1 = min(r0 + H, NY);   // the rows the block stores")
        code("const bool owner = tx >= DEPTH * RX && tx < DEPTH * RX + W && x_c < NX;")
        code("extern __shared__ __align__(16) unsigned char kf_smem[];")
        ctype = self.ctype_of(f.fields[0])
        for k, v in enumerate(f.fields):
            if v not in self.streamed:
                continue
            code(f"{ctype}* {ident(v)}_st = reinterpret_cast<{ctype}*>(kf_smem) + {k} * (DEPTH * R * SW) + tx + RX;   "
                 f"// {self.program.value(v).display}: the rings of levels 0 .. DEPTH - 1, at the thread's column")

    def _registers(self, code) -> None:
        f, b = self.facts, self.blocking
        ctype = self.ctype_of(f.fields[0])
        for v in self.streamed:
            levels = ", ".join(f"{ident(v)}_r{t}[R] = {{}}" for t in range(b.depth))
            code(f"{ctype} {levels};   // {self.program.value(v).display}: each level's last R rows of the column")
        if f.periodic[1]:
            code("const bool in_x = true;   // every column holds a point of the periodic grid")
        else:
            code("const bool in_x = x_p >= 0 && x_p < NX;")
        if f.periodic[0]:
            code("const int i_load = r0 - DEPTH * RY, i_stop = r1 + DEPTH * RY;   // input rows read (periodic)")
        else:
            code("const int i_load = max(r0 - DEPTH * RY, 0), i_stop = min(r1 + DEPTH * RY, NY);   // input rows read")
        for v in self.streamed:
            code(f"{ctype} {ident(v)}_pf[{self.prefetch}];   // the next input rows, loaded a row ahead")
            code("#pragma unroll")
            with code.block(f"for (int k = 0; k < {self.prefetch}; ++k) {{"):
                code(f"const int i = r0 - DEPTH * RY + k;")
                code(f"{ident(v)}_pf[k] = (in_x && i >= i_load && i < i_stop) ? "
                     f"{ident(v)}[(idx_t){self._row('i')} * NX + x_p] : {ctype}(0);")

    def _row(self, i: str) -> str:
        """The grid row of stream row ``i`` (wrapped where the rows are periodic)."""
        return f"(({i} % NY) + NY) % NY" if self.facts.periodic[0] else i

    def _loop(self, code) -> None:
        """The stream down the rows, unrolled R times so that every ring slot is a constant."""
        f, b = self.facts, self.blocking
        code("const int i0 = r0 - DEPTH * RY, i_end = r1 - 1 + DEPTH * L;   // the block's first and last input row")
        with code.block("for (int m = 0; m <= i_end - i0; m += R) {"):
            for u in range(self.ring):
                self.u = u
                with code.block(f"if (i0 + m + {u} <= i_end) {{   // input row i, ring slot {u}"):
                    code(f"const int i = i0 + m + {u};")
                    if f.periodic[0]:
                        code(f"const int i_w = {self._row('i')};   // its row on the periodic grid")
                    self._input(code)
                    for t in range(1, b.depth + 1):
                        self._level(code, t)
                    code("__syncthreads();   // every level's new row in the rings before the next reads it")

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
                 f"{n}[(idx_t){self._row('i_next')} * NX + x_p] : {self.ctype_of(v)}(0);")
            self._push(code, n, 0, f"{n}_in")

    def _push(self, code, n: str, t: int, value: str) -> None:
        """Level ``t``'s new row of field ``n``: into its register ring and its shared ring."""
        s = self.slot(t)
        code(f"{n}_r{t}[{s}] = {value}; {n}_st[{(t * self.ring + s) * self.row_width}] = {value};")

    def _level(self, code, t: int) -> None:
        """Level ``t``: the step at row ``i - t L`` from level ``t - 1``; the last level stores."""
        f, b = self.facts, self.blocking
        last = t == b.depth
        head = (f"{{   // level {t}" + (" (the last): row i - DEPTH L, stored where the block owns it"
                                          if last else f": row i - {t} L, the step once more"))
        with code.block(head) as block:
            block(f"const int y_p = i - {t} * L;")
            row = "y_p"
            if f.periodic[0]:
                row = "y_w"
                if t * self.lag <= f.shape[0]:
                    block(f"const int y_w = i_w - {t} * L < 0 ? i_w - {t} * L + NY : i_w - {t} * L;   // on the periodic grid")
                else:
                    block(f"const int y_w = {self._row('y_p')};   // on the periodic grid")
            self.level = t
            scope = Scope(block, None, None, Point(("x_p", row), ("tx", "0")))
            # each next value where the frame places it: its element at the thread's point
            names = [self.value_at(scope, o, self.frame.pos.get(o, (0, 0)), self.producer[o]) for o in f.outputs]
            if last:
                with block.block("if (owner && y_p >= r0 && y_p < r1) {"):
                    for o, name in zip(f.outputs, names):
                        block(f"{ident(o)}[(idx_t)y_p * NX + x_p] = {name};   // store {self.program.value(o).display}")
            else:
                for v, name in zip(f.fields, names):
                    if v in self.streamed:
                        self._push(block, ident(v), t, name)


def pass_module(program, kplan, facts, blocking, prefetch: int = 1) -> tuple:
    """(CUDA text, KernelSource) of the pass kernel: the step's routines and the kernel."""
    kernel = TemporalLowering(program, kplan, facts, blocking, prefetch).emit()
    return module_text(program, [kernel], None), kernel
