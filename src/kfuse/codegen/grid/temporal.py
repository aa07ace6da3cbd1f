"""Code of a temporally blocked pass (:mod:`kfuse.spaces.grid.temporal` says what it is): the
step's kernel evaluated ``DEPTH`` times per point, each level reading the one before it from
registers (the thread's column) and a shared ring (other columns).  Sample (jacobi, float64,
depth 2, 256 threads, 256 rows; one field ``a``, read one row and one column away)::

    const int x_p = (int)blockIdx.x * W - DEPTH * RX + tx;       // the thread's column
    double a_r0[R] = {}, a_r1[R] = {};                           // each level's last R rows here
    double a_pf = ...;                                           // the next input row, loaded early
    for (int i = r0 - DEPTH * RY; i <= r1 - 1 + DEPTH * L; ++i) {
        {   // level 0: input row i
            ...  a_r0[R - 1] = v; a_s[slot(i)][tx + RX] = v;
        }
        {   // level 1: row i - L, the step once
            const int y_p = i - 1 * L;
            // call 0: t1 = add(a[1:999, 1:998], a[1:999, 0:997])
            t1_add_compute(a_r0[1], a_s[...][tx + RX - 1], t1_e);  ...
        }
        {   // level 2 (the last): row i - 2 L, stored where the block owns it
            ...
        }
        __syncthreads();
    }
"""
from __future__ import annotations

from ...ir import ident
from ..common import KernelSource
from ..render import module_text
from .lower import GridLowering
from .scope import Point, Scope


class _Level:
    """Serves a field's value at level ``t - 1`` to the evaluation of level ``t``: from the
    thread's registers at no column offset, else from the block's shared ring."""

    def __init__(self, lowering, index: int):
        self.lowering, self.index = lowering, index

    def read(self, em, scope, base: str, d: tuple) -> str:
        dy, dx = d
        level = em.level - 1
        name = ident(base)
        if dx == 0:
            return f"{name}_r{level}[{em.facts.ry + dy}]"
        slot = em.slot(scope, dy)
        return (f"{name}_s[({level} * R + {slot}) * SW + tx + RX"
                + (f" + {dx}" if dx > 0 else f" - {-dx}") + "]")


class TemporalLowering(GridLowering):
    """The pass kernel of one Blocking (see the module docstring): ``facts`` and ``blocking``
    from :mod:`kfuse.spaces.grid.temporal`; the kernel plan is the step's one grid kernel."""

    def __init__(self, program, kplan, facts, blocking, prefetch: int = 1):
        super().__init__(program, kplan, set(facts.outputs))
        self.facts, self.blocking, self.prefetch = facts, blocking, prefetch
        self.name = f"{kplan.name}_tb{blocking.depth}"
        self.level = 0

    # ------------------------------------------------------------------ shared ring slots
    def slot(self, scope, dy: int) -> str:
        """The ring slot of row ``y_p + dy`` (declared once per level)."""
        key = ("slot", dy)
        got = scope.find(key)
        if got is None:
            got = f"kf_slot_{'m' if dy < 0 else ''}{abs(dy)}"
            off = f" + {dy}" if dy > 0 else f" - {-dy}" if dy < 0 else ""
            scope.code(f"const int {got} = (y_p{off} + BIAS) % R;")
            scope.memo[key] = got
        return got

    def proven(self, scope, base: str, d: tuple) -> bool:
        return False   # constant fields: every load clamped into its array

    # ------------------------------------------------------------------ the kernel
    def emit(self) -> KernelSource:
        f, b = self.facts, self.blocking
        self.frame = self.space.frame(self.program, self.kplan.calls, {}, self.info)
        self.producer = {c.out: c for c in self.calls}
        self.served = {v: _Level(self, k) for k, v in enumerate(f.fields)}
        self.staged = {}
        self.build_args()
        body = self.body
        ny, nx = f.shape
        grid = b.grid(f)
        self.open_body(f"{b.depth} steps of {self.kplan.name} per pass over {ny} x {nx} (C order): "
                       f"{b.threads} columns x {b.rows} rows per block, {b.width(f)} stored", b.threads)
        body.name = self.name
        big = ny * nx >= 2**31
        self.idx = "long long" if big else "int"
        self._constants(body.indices, grid)
        self.emit_scalar_loads(body.invariants)
        self.emit_prologue(body.invariants)
        self._registers(body.invariants)
        self._loop(body.loop)
        source = KernelSource(self.name, body.render(), self.args, (grid[0], grid[1], 1), (b.threads, 1, 1),
                              self.kplan, {}, body=body)
        source.shared_bytes = b.shared_bytes(f)
        return source

    def _constants(self, code, grid: tuple) -> None:
        f, b = self.facts, self.blocking
        ny, nx = f.shape
        R, L = b.ring(f), b.lag(f)
        bias = R * (b.depth * (L + f.ry) // R + 2 + f.ry)
        code(f"using idx_t = {self.idx};")
        code(f"constexpr int NY = {ny}, NX = {nx};   // the grid: rows, columns")
        code(f"constexpr int DEPTH = {b.depth}, RY = {f.ry}, RX = {f.rx};   // steps per pass, the step's radius")
        code(f"constexpr int W = {b.width(f)}, H = {b.rows};   // columns stored, rows owned per block")
        code(f"constexpr int R = {R}, L = {L}, SW = {b.threads + 2 * f.rx};   "
             "// rows a level keeps, rows a level lags, a ring row's width")
        code(f"constexpr int BIAS = {bias};   // a multiple of R: slots of the rows above the grid stay positive")
        code("const int tx = threadIdx.x;")
        code("const int x_p = (int)blockIdx.x * W - DEPTH * RX + tx;   // the thread's column")
        code("const int r0 = (int)blockIdx.y * H, r1 = min(r0 + H, NY);   // the rows the block stores")
        code("const bool owner = tx >= DEPTH * RX && tx < DEPTH * RX + W && x_p < NX;")
        code("extern __shared__ __align__(16) unsigned char kf_smem[];")
        ctype = self.ctype_of(f.fields[0])
        for k, v in enumerate(f.fields):
            code(f"{ctype}* {ident(v)}_s = reinterpret_cast<{ctype}*>(kf_smem) + {k} * (DEPTH * R * SW);   "
                 f"// {self.program.value(v).display}: the rings of levels 0 .. DEPTH - 1")

    def _registers(self, code) -> None:
        f, b = self.facts, self.blocking
        ctype = self.ctype_of(f.fields[0])
        for v in f.fields:
            levels = ", ".join(f"{ident(v)}_r{t}[R] = {{}}" for t in range(b.depth))
            code(f"{ctype} {levels};   // {self.program.value(v).display}: each level's last R rows of the column")
        code("const bool in_x = x_p >= 0 && x_p < NX;")
        code("const int i_load = max(r0 - DEPTH * RY, 0), i_stop = min(r1 + DEPTH * RY, NY);   // input rows read")
        for v in f.fields:
            code(f"{ctype} {ident(v)}_pf[{self.prefetch}];   // the next input rows, loaded a row ahead")
            code("#pragma unroll")
            with code.block(f"for (int k = 0; k < {self.prefetch}; ++k) {{"):
                code(f"const int i = r0 - DEPTH * RY + k;")
                code(f"{ident(v)}_pf[k] = (in_x && i >= i_load && i < i_stop) ? "
                     f"{ident(v)}[(idx_t)i * NX + x_p] : {ctype}(0);")

    def _loop(self, code) -> None:
        f, b = self.facts, self.blocking
        pf = self.prefetch
        with code.block("for (int i = r0 - DEPTH * RY; i <= r1 - 1 + DEPTH * L; ++i) {"):
            with code.block("{   // level 0: input row i (loaded a row ahead), row i + PF requested"):
                code(f"const int i_next = i + {pf};")
                code("const int s_in = (i + BIAS) % R;")
                for v in f.fields:
                    n = ident(v)
                    code(f"const auto {n}_in = {n}_pf[0];")
                    code("#pragma unroll")
                    code(f"for (int k = 0; k + 1 < {pf}; ++k) {n}_pf[k] = {n}_pf[k + 1];")
                    code(f"{n}_pf[{pf - 1}] = (in_x && i_next >= i_load && i_next < i_stop) ? "
                         f"{n}[(idx_t)i_next * NX + x_p] : {self.ctype_of(v)}(0);")
                    self._push(code, n, 0, f"{n}_in", "s_in")
            for t in range(1, b.depth + 1):
                self._level(code, t)
            code("__syncthreads();   // every level's new row in the rings before the next reads it")

    def _push(self, code, n: str, t: int, value: str, slot: str) -> None:
        """Level ``t``'s new row of field ``n``: into its registers and its ring."""
        code("#pragma unroll")
        code(f"for (int k = 0; k + 1 < R; ++k) {n}_r{t}[k] = {n}_r{t}[k + 1];")
        code(f"{n}_r{t}[R - 1] = {value};")
        code(f"{n}_s[({t} * R + {slot}) * SW + tx + RX] = {value};")

    def _level(self, code, t: int) -> None:
        """Level ``t``: the step at row ``i - t L`` from level ``t - 1``; the last level stores."""
        f, b = self.facts, self.blocking
        last = t == b.depth
        head = (f"{{   // level {t}" + (" (the last): row i - DEPTH L, stored where the block owns it"
                                          if last else f": row i - {t} L, the step once more"))
        with code.block(head) as block:
            block(f"const int y_p = i - {t} * L;")
            self.level = t
            scope = Scope(block, None, None, Point(("x_p", "y_p"), ("tx", "0")))
            names = [self.value_at(scope, o, (0, 0), self.producer[o]) for o in f.outputs]
            if last:
                with block.block("if (owner && y_p >= r0 && y_p < r1) {"):
                    for o, name in zip(f.outputs, names):
                        block(f"{ident(o)}[(idx_t)y_p * NX + x_p] = {name};   // store {self.program.value(o).display}")
            else:
                block("const int s_out = (y_p + BIAS) % R;")
                for v, name in zip(f.fields, names):
                    self._push(block, ident(v), t, name, "s_out")


def pass_module(program, kplan, facts, blocking, prefetch: int = 1) -> tuple:
    """(CUDA text, KernelSource) of the pass kernel: the step's routines and the kernel."""
    kernel = TemporalLowering(program, kplan, facts, blocking, prefetch).emit()
    return module_text(program, [kernel], None), kernel
