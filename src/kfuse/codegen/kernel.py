"""Kernel generation following Algorithm 1 of Filipovic et al.

Every kernel has the same schema, whatever it fuses::

    1: allocate shared memory            (reduction scratch)
    2: create register arrays            (one element per thread per instance)
    3: compute thread and block indices
    4: load invariant data               (scalars; vectors that do not move with the loop)
    5: clear outputs of accumulated reductions
    6: for it in serial iterations:
    7:     call load, compute and store routines
    8:     (block indices recomputed from it)
    9: end for
    10: store accumulated reductions     (block reduction, then the last block
                                          of the grid finishes and finalizes)

Three spaces: ``scalar`` (one thread), ``vec`` (1-D grid over vectors: map and
reduce) and ``tile`` (2-D grid over a matrix: nested map and nested reduce).
Sizes are bound at compile time, so extents and grids are ``constexpr``.
"""
from __future__ import annotations

import dataclasses
import math

from .. import library
from ..errors import PlanError
from ..fusion.legality import atomic_refusal, sum_atomic_refusal
from ..fusion.plan import Domain, KernelPlan, call_domain, kernel_domain, tile_grid, walk_refusal
from ..fusion.space import finish_chunk, span_refusal
from ..ir import Program, ctype, ident, is_complex, itemsize
from .routines import compute_params, finalize_params, routine_types

_OPS = {"+": "kf_op_add_t", "max": "kf_op_max_t", "min": "kf_op_min_t"}


@dataclasses.dataclass
class KArg:
    """A kernel parameter: an array pointer, a host scalar, or a workspace pointer.

    kind: ``in`` / ``out`` (value ``value``), ``host`` (scalar by value),
    ``partial`` / ``counter`` (workspace of ``nbytes`` bytes; counters start at 0),
    ``byval`` (a parameter block of ``nbytes`` bytes passed by value, aligned to ``align``).
    """

    cname: str
    decl: str
    kind: str
    value: str | None = None
    nbytes: int = 0
    dtype: str | None = None
    align: int = 0


@dataclasses.dataclass
class KernelSource:
    """Generated kernel text plus what the runtime needs to launch it."""

    name: str
    text: str
    args: list
    grid: tuple
    block: tuple
    plan: KernelPlan
    aligned: dict = dataclasses.field(default_factory=dict)   # value -> bytes its pointer must be aligned to
    zero: list = dataclasses.field(default_factory=list)      # outputs atomics sum into: zeroed first (module.zero_kernel)
    shared_bytes: int = 0     # dynamic shared memory per block (bytes), passed at launch
    target: str = ""          # the architecture the kernel needs beyond the device's own (e.g. "sm_90a"), or ""


class _Lines:
    """Indented line buffer."""

    def __init__(self):
        self.lines, self.level = [], 0

    def __call__(self, text: str = ""):
        for ln in text.split("\n"):
            self.lines.append(("    " * self.level + ln) if ln else "")

    def push(self, text: str | None = None):
        if text is not None:
            self(text)
        self.level += 1

    def pop(self, text: str | None = "}"):
        self.level -= 1
        if text is not None:
            self(text)

    def text(self) -> str:
        return "\n".join(self.lines) + "\n"


def literal(value, dtype: str) -> str:
    """A C literal of ``dtype`` (``2.0f``, ``kf_c64(1.0f, -2.0f)``)."""
    if is_complex(dtype):
        c = complex(value)
        suf = "f" if dtype == "complex64" else ""
        return f"{ctype(dtype)}({_real_lit(c.real, suf)}, {_real_lit(c.imag, suf)})"
    return _real_lit(float(value.real if isinstance(value, complex) else value),
                     "f" if dtype == "float32" else "")


def _real_lit(x: float, suf: str) -> str:
    if math.isnan(x):
        return "__int_as_float(0x7fc00000)" if suf else "__longlong_as_double(0x7ff8000000000000ll)"
    if math.isinf(x):
        s = "-" if x < 0 else ""
        return f"({s}__int_as_float(0x7f800000))" if suf else f"({s}__longlong_as_double(0x7ff0000000000000ll))"
    r = repr(float(x))
    if "e" not in r and "." not in r:
        r += ".0"
    return f"{r}{suf}"


class KernelEmitter:
    """Shared machinery: which values a kernel reads and writes, its parameters,
    scalar loads and routine calls.  Subclasses emit the space-specific body."""

    def __init__(self, program: Program, kplan: KernelPlan, needed_outside: set):
        self.p = program
        self.k = kplan
        self.accumulate = False   # reductions finish through atomics into accumulators (rows kernels)
        self.calls = [program.calls[c] for c in kplan.calls]
        self.fns = {c.id: library.get(c.fn) for c in self.calls}
        self.domain: Domain = kernel_domain(program, kplan.calls)
        produced = {v for c in self.calls for v in c.outs.values()}
        self.produced = produced
        self.stored = [v for c in self.calls for v in c.outs.values() if v in needed_outside]
        reads = []
        for c in self.calls:
            for v in c.args.values():
                b = program.base(v)
                if b not in produced and b not in reads and program.value(b).role != "const":
                    reads.append(b)
        self.reads = reads
        self.args: list = []
        self.L = _Lines()

    # ----------------------------------------------------------- names and types
    def cname(self, value: str) -> str:
        return ident(self.p.base(value))

    def ctype_of(self, value: str) -> str:
        return ctype(self.p.value(value).type.dtype)

    def is_host(self, value: str) -> bool:
        return self.p.value(value).host

    def build_args(self):
        """Kernel parameters: read values, then stored outputs (workspace is added later)."""
        for v in self.reads:
            val = self.p.value(v)
            t = ctype(val.type.dtype)
            if val.host:
                self.args.append(KArg(f"{ident(v)}", f"const {t} {ident(v)}", "host", v, dtype=val.type.dtype))
            else:
                self.args.append(KArg(ident(v), f"const {t}* __restrict__ {ident(v)}", "in", v,
                                      dtype=val.type.dtype))
        for v in self.stored:
            t = self.ctype_of(v)
            self.args.append(KArg(ident(v), f"{t}* __restrict__ {ident(v)}", "out", v,
                                  dtype=self.p.value(v).type.dtype))

    def add_workspace(self, kind: str, cname: str, ctype_: str, nbytes: int) -> str:
        decl = (f"unsigned int* __restrict__ {cname}" if kind == "counter"
                else f"{ctype_}* __restrict__ {cname}")
        self.args.append(KArg(cname, decl, kind, None, nbytes))
        return cname

    def scalar_expr(self, value: str, call=None) -> str:
        """How a scalar argument is spelled inside the kernel (literal, or its kernel-level name)."""
        val = self.p.value(value)
        if val.role == "const":
            dtype = _DT[routine_types(self.p, call)[0]] if call is not None else val.type.dtype
            return literal(val.const, dtype)
        return f"{self.cname(value)}_v"

    def emit_scalar_loads(self):
        """Line 4 of Algorithm 1 for scalars: host values by name, device scalars loaded once."""
        done = set()
        for c in self.calls:
            for p, v in c.args.items():
                val = self.p.value(v)
                b = self.p.base(v)
                if val.type.kind != "scalar" or val.role == "const" or b in done:
                    continue
                done.add(b)
                t = self.ctype_of(v)
                if b in self.produced:
                    continue  # scalar produced in this kernel: not possible without a barrier
                if val.host:
                    self.L(f"const {t} {ident(b)}_v = {ident(b)};")
                else:
                    self.L(f"const {t} {ident(b)}_v = {ident(b)}[0];                  // load {val.display}")

    def prologue_calls(self) -> list:
        """Scalar calls hosted by a vector, matrix or sparse kernel."""
        if self.domain.space == "scalar":
            return []
        return [c for c in self.calls if call_domain(self.p, c).space == "scalar"]

    def budget_blocks(self, threads: int, default: int | None) -> int:
        """Blocks per SM to promise ptxas in ``__launch_bounds__`` for a budget of ``regs``
        registers per thread (plan parameter; ``default`` when the plan names none, None: no
        promise, 0 returned): 65536 / (regs x threads), at least 1."""
        regs = self.k.params.get("regs", default)
        if regs is None:
            return 0
        if int(regs) not in (32, 64, 128, 255):
            raise PlanError(f"{self.k.name}: regs must be 32, 64, 128 or 255, got {regs}")
        return max(1, 65536 // (int(regs) * threads))

    def body_calls(self) -> list:
        pro = {c.id for c in self.prologue_calls()}
        return [c for c in self.calls if c.id not in pro]

    def emit_prologue(self):
        """Scalar calls of the kernel, computed redundantly by every thread (they only read
        scalars that earlier kernels or the caller provide); one thread stores those needed later."""
        for c in self.prologue_calls():
            out = next(iter(c.outs.values()))
            self.L(self.comment(c) + "   (scalar prologue)")
            args = [self.routine_arg(c, p, lambda v: f"{self.cname(v)}_v") for p in compute_params(c)]
            self.L(f"{self.ctype_of(out)} {ident(out)}_v;")
            self.L(f"{c.name}_compute({', '.join(args + [ident(out) + '_v'])});")
            if out in self.stored:
                self.L(f"if (blockIdx.x == 0 && blockIdx.y == 0 && threadIdx.x == 0 && threadIdx.y == 0) "
                       f"{ident(out)}[0] = {ident(out)}_v;")

    def routine_arg(self, call, param: str, elem) -> str:
        """Argument for ``param`` of ``call``'s routine: scalar name/literal, or element variable."""
        fn = self.fns[call.id]
        if param not in call.args:
            pd = fn.param(param)
            T = routine_types(self.p, call)[0]
            return literal(pd.default if pd.default is not None else 0, _DT[T])
        v = call.args[param]
        if self.p.value(v).type.kind == "scalar":
            return self.scalar_expr(v, call)
        return elem(v)

    def comment(self, call) -> str:
        fn = self.fns[call.id]
        loc = f", line {call.loc[0]}" if call.loc else ""
        return f"// call {call.id}: {call.label}   [{fn.name}: {fn.hof}{loc}]"


_CT = {"float32": "float", "float64": "double", "complex64": "kf_c64", "complex128": "kf_c128"}
_DT = {v: k for k, v in _CT.items()}


# ============================================================================ scalar
class ScalarEmitter(KernelEmitter):
    """A kernel of scalar-only calls, run by one thread::

        extern "C" __global__ void k2_alpha_div(const float* __restrict__ rho, ...) {
            if (threadIdx.x != 0 || blockIdx.x != 0) return;
            const float rho_v = rho[0];
            ...
            float alpha_e;
            alpha_div_compute(rho_v, pq_v, alpha_e);
            alpha[0] = alpha_e;
        }
    """

    def emit(self) -> KernelSource:
        self.build_args()
        L = self.L
        L(f"// kernel {self.k.name}: scalar")
        L(f'extern "C" __global__ void __launch_bounds__(32)\n{self.k.name}('
          + ", ".join(a.decl for a in self.args) + ")")
        L.push("{")
        L("if (threadIdx.x != 0 || blockIdx.x != 0) return;")
        self.emit_scalar_loads()
        for c in self.calls:
            fn = self.fns[c.id]
            if fn.is_reduce:
                raise PlanError(f"{c.label}: a reduction needs a vector")
            L(self.comment(c))
            out = next(iter(c.outs.values()))
            args = [self.routine_arg(c, p, lambda v: f"{self.cname(v)}_v") for p in compute_params(c)]
            L(f"{self.ctype_of(out)} {ident(out)}_v;")
            L(f"{c.name}_compute({', '.join(args + [ident(out) + '_v'])});")
            if out in self.stored:
                L(f"{ident(out)}[0] = {ident(out)}_v;")
        L.pop()
        return KernelSource(self.k.name, L.text(), self.args, (1, 1, 1), (32, 1, 1), self.k)


# ============================================================================ vec
class VecEmitter(KernelEmitter):
    """A 1-D kernel over vectors of length N (unnested map and reduce).

    Thread ``t`` of block ``b`` handles, in serial iteration ``it``, the VEC
    consecutive elements from ``i0 = ((b * ITERS + it) * BS + t) * VEC`` (one
    16-byte load per array when VEC * sizeof(T) == 16).  Reductions fold into a
    per-thread ``acc``, then the block reduces, writes one partial per block,
    and the last block to finish combines the partials and finalizes.
    Sample (``r = dot(z, u)``, N = 100000, float32)::

        extern "C" __global__ void __launch_bounds__(256)
        k2_r_dot(const float* __restrict__ z, const float* __restrict__ u, float* __restrict__ r,
                 float* __restrict__ kf_part_r, unsigned int* __restrict__ kf_count)
        {
            using idx_t = int;
            constexpr idx_t N = 100000;
            constexpr int BS = 256, VEC = 4, ITERS = 1;
            constexpr int GRID = 98;
            float r_acc = kf_op_add_t<float>::identity();   // clear output of accumulated reduction
            for (int it = 0; it < ITERS; ++it) {
                const idx_t i0 = (((idx_t)blockIdx.x * ITERS + it) * BS + threadIdx.x) * VEC;
                if (i0 < N) {
                    // call 2: r = dot(z, u)   [dot: reduce, line 6]
                    float z_e[VEC]; kf_load_pack<VEC>(z, i0, N, z_e);
                    float u_e[VEC]; kf_load_pack<VEC>(u, i0, N, u_e);
                    #pragma unroll
                    for (int v = 0; v < VEC; ++v) if (i0 + v < N) r_dot_compute(z_e[v], u_e[v], r_acc);
                }
            }
            ... block reduction; partial per block; the last block finalizes r[0]
        }
    """

    def emit(self) -> KernelSource:
        prm = self.k.params
        BS, VEC, ITERS = int(prm["block"]), int(prm.get("vec", 1)), int(prm["iters"])
        if BS < 32 or BS > 1024 or BS & (BS - 1):
            raise PlanError(f"{self.k.name}: block must be a power of two in [32, 1024], got {BS}")
        if VEC < 1 or VEC & (VEC - 1) or ITERS < 1:
            raise PlanError(f"{self.k.name}: vec must be a power of two and iters >= 1, got {prm}")
        N = self.domain.length
        GRID = max(1, math.ceil(N / (BS * VEC * ITERS)))
        if GRID > 2**31 - 1:
            raise PlanError(f"{self.k.name}: grid too large")
        self.VEC = VEC
        self.build_args()
        reduces = [c for c in self.calls if self.fns[c.id].is_reduce]
        self.reduction_workspace(reduces, GRID, accumulate=self.sums_by_atomics())
        L = self.L
        self.open_kernel(f"vec, N = {N}", BS)
        L(f"using idx_t = {'long long' if N * 2 >= 2**31 else 'int'};")
        L(f"constexpr idx_t N = {N};")
        L(f"constexpr int BS = {BS}, VEC = {VEC}, ITERS = {ITERS};")
        if reduces and GRID > 1:
            L(f"constexpr int GRID = {GRID};")
        else:
            L(f"// grid: {GRID} block(s)")
        self.clear_reductions(reduces)
        unroll = int(prm.get("unroll", 1))
        if unroll > 1:
            L(f"#pragma unroll {unroll}   // more loads in flight")
        L.push("for (int it = 0; it < ITERS; ++it) {")
        L("const idx_t i0 = (((idx_t)blockIdx.x * ITERS + it) * BS + threadIdx.x) * VEC;")
        L.push("if (i0 < N) {")
        loaded = set()
        for c in self.body_calls():
            self.emit_call(c, loaded)
        L.pop()
        L.pop()
        if reduces:
            self.emit_finish(reduces, GRID)
        L.pop()
        return KernelSource(self.k.name, L.text(), self.args, (GRID, 1, 1), (BS, 1, 1), self.k,
                            self.aligned_inputs(VEC))

    def sums_by_atomics(self) -> bool:
        """Plan parameter ``finish``: 'atomic' adds the block results into accumulators with
        atomics (the last block finalizes and clears them); 'last_block' (default) has the last
        block read every block's partial result.  Refused with the reason where atomics cannot
        serve (no '+' combine, ``deterministic=True``)."""
        finish = self.k.params.get("finish", "last_block")
        if finish not in ("last_block", "atomic"):
            raise PlanError(f"{self.k.name}: finish must be 'last_block' or 'atomic', got {finish!r}")
        if finish == "atomic":
            why = sum_atomic_refusal(self.p, [c.id for c in self.calls])
            if why:
                raise PlanError(f"{self.k.name}: finish='atomic' refused: {why}")
        return finish == "atomic"

    def reduction_workspace(self, reduces, GRID, accumulate: bool = False):
        """Partial results (one per block) and the last-block counter of the kernel's reductions;
        ``accumulate``: one accumulator per reduction instead (zero at load, atomics add to it,
        the last block reads and clears it)."""
        self.accumulate = accumulate
        if GRID > 1 and reduces:
            for c in reduces:
                out = next(iter(c.outs.values()))
                if accumulate:
                    self.add_workspace("accum", f"kf_sum_{ident(out)}", self.ctype_of(out),
                                       self.p.value(out).type.nbytes())
                else:
                    self.add_workspace("partial", f"kf_part_{ident(out)}", self.ctype_of(out),
                                       GRID * self.p.value(out).type.nbytes())
            self.add_workspace("counter", "kf_count", "", 4)

    def open_kernel(self, comment: str, BS: int, min_blocks: int = 0):
        """The kernel's comment, signature and opening brace (``min_blocks``: blocks per SM
        promised in ``__launch_bounds__``, 0 none)."""
        L = self.L
        L(f"// kernel {self.k.name}: {comment}")
        bounds = f"{BS}, {min_blocks}" if min_blocks else f"{BS}"
        L(f'extern "C" __global__ void __launch_bounds__({bounds})\n{self.k.name}('
          + ",\n    ".join(a.decl for a in self.args) + ")")
        L.push("{")

    def clear_reductions(self, reduces):
        """Scalar loads, scalar prologue, and cleared accumulators (Algorithm 1, lines 4-5)."""
        self.emit_scalar_loads()
        self.emit_prologue()
        for c in reduces:
            out = next(iter(c.outs.values()))
            self.L(f"{self.ctype_of(out)} {ident(out)}_acc = {_OPS[self.fns[c.id].combine]}"
                   f"<{self.ctype_of(out)}>::identity();   // clear output of accumulated reduction")

    def aligned_inputs(self, vec: int) -> dict:
        """Arrays read or written with VEC-wide packs: value -> required byte alignment."""
        if vec == 1:
            return {}
        return {v: vec * itemsize(self.p.value(v).type.dtype) for v in self.reads
                if self.p.value(v).type.kind == "vector"}

    def elem(self, v: str) -> str:
        return f"{ident(v)}_e[v]"

    def emit_call(self, c, loaded: set):
        L, fn = self.L, self.fns[c.id]
        L(self.comment(c))
        for p in compute_params(c):
            v = c.args.get(p)
            if v is None or self.p.value(v).type.kind == "scalar" or v in loaded or v in self.produced:
                continue
            loaded.add(v)
            L(f"{self.ctype_of(v)} {ident(v)}_e[VEC]; kf_load_pack<VEC>({self.cname(v)}, i0, N, {ident(v)}_e);")
        args = [self.routine_arg(c, p, self.elem) for p in compute_params(c)]
        out = next(iter(c.outs.values()))
        if fn.is_reduce:
            L("#pragma unroll")
            L(f"for (int v = 0; v < VEC; ++v) if (i0 + v < N) "
              f"{c.name}_compute({', '.join(args + [ident(out) + '_acc'])});")
        else:
            L(f"{self.ctype_of(out)} {ident(out)}_e[VEC];")
            L("#pragma unroll")
            L(f"for (int v = 0; v < VEC; ++v) {c.name}_compute({', '.join(args + [self.elem(out)])});")
            if out in self.stored:
                L(f"kf_store_pack<VEC>({ident(out)}, i0, N, {ident(out)}_e);")

    def finalize_call(self, c, acc: str, target: str):
        """``target = finalize(acc)`` for a vec reduction (its finalize inputs are scalars)."""
        out = next(iter(c.outs.values()))
        args = [self.routine_arg(c, p, lambda v: f"{self.cname(v)}[0]") for p in finalize_params(c)]
        self.L(f"{self.ctype_of(out)} {ident(out)}_f;")
        self.L(f"{c.name}_finalize({', '.join([acc] + args + [ident(out) + '_f'])});")
        if out in self.stored:
            self.L(f"{target} = {ident(out)}_f;")

    def emit_finish(self, reduces, GRID):
        """Block reductions, then (GRID > 1) partials and one last-block handshake for all."""
        L = self.L
        for c in reduces:
            o, t, op = self.red_names(c)
            L(f"// finish the reduction of call {c.id} ({c.label}) in the block")
            L.push("{")
            L(f"__shared__ {t} kf_red_{o}[(BS + 31) / 32];")
            L(f"{o}_acc = kf_block_reduce<BS, {op}>({o}_acc, kf_red_{o});")
            if GRID == 1:
                L.push("if (threadIdx.x == 0) {")
                self.finalize_call(c, f"{o}_acc", f"{o}[0]")
                L.pop()
            elif self.accumulate:
                L(f"if (threadIdx.x == 0) kf_atomic_add(&kf_sum_{o}[0], {o}_acc);   // one atomic per block")
            else:
                L(f"if (threadIdx.x == 0) kf_part_{o}[blockIdx.x] = {o}_acc;")
            L.pop()
        if GRID == 1:
            return
        if self.accumulate:
            self.emit_accumulated_finish(reduces, GRID)
            return
        L("// the last block to finish combines the partial results of all blocks")
        L.push("if (kf_last_block(kf_count, GRID)) {")
        for c in reduces:
            o, t, op = self.red_names(c)
            L.push("{")
            L(f"{t} acc = {op}<{t}>::identity();")
            L(f"for (int b = threadIdx.x; b < GRID; b += BS) acc = {op}<{t}>::apply(acc, kf_ldcg(&kf_part_{o}[b]));")
            L(f"__shared__ {t} kf_red2_{o}[(BS + 31) / 32];")
            L(f"acc = kf_block_reduce<BS, {op}>(acc, kf_red2_{o});")
            L.push("if (threadIdx.x == 0) {")
            self.finalize_call(c, "acc", f"{o}[0]")
            L.pop()
            L.pop()
        L.pop()

    def red_names(self, c) -> tuple:
        """(output identifier, its C type, its combine operator) of the reduction call ``c``."""
        out = next(iter(c.outs.values()))
        return ident(out), self.ctype_of(out), _OPS[self.fns[c.id].combine]

    def emit_accumulated_finish(self, reduces, GRID):
        """The last block finalizes the accumulated sums and clears them for the next launch.
        Sample (``pq = dot(p, q)``)::

            if (kf_last_block(kf_count, GRID) && threadIdx.x == 0) {
                {
                    const float acc = kf_ldcg(&kf_sum_pq[0]);
                    kf_sum_pq[0] = kf_op_add_t<float>::identity();   // ready for the next launch
                    float pq_f;
                    pq_dot_finalize(acc, pq_f);
                    pq[0] = pq_f;
                }
            }
        """
        L = self.L
        L("// the last block to finish finalizes the sums the blocks' atomics built, and clears them")
        L.push("if (kf_last_block(kf_count, GRID) && threadIdx.x == 0) {")
        for c in reduces:
            o, t, op = self.red_names(c)
            L.push("{")
            L(f"const {t} acc = kf_ldcg(&kf_sum_{o}[0]);")
            L(f"kf_sum_{o}[0] = {op}<{t}>::identity();   // ready for the next launch")
            self.finalize_call(c, "acc", f"{o}[0]")
            L.pop()
        L.pop()


# ============================================================================ tile
class TileEmitter(KernelEmitter):
    """A 2-D kernel over an S x F matrix domain (nested map and nested reduce).

    ``F`` is the fast (contiguous) axis of the lead matrix, ``S`` the slow one.
    A block of BX x BY threads handles a tile of TS = BY*KS rows by TF = BX*VEC
    columns: thread (tx, ty) holds elements ``s = sb + ty + k*BY`` and the VEC
    consecutive ``f = fb + tx*VEC + v`` in registers (one 16-byte load per row
    when VEC * sizeof(T) == 16).  Serial iterations walk the tile along
    ``iter_axis``; vectors along the other axis are invariant and loaded once
    (Algorithm 1, line 4).  Reductions along the fast axis use warp shuffles,
    along the slow axis shared memory.  Reductions whose outputs follow the same
    axis form a *family*: they finish together, so one may read another's
    result in its finalize (GESUMMV's ``y = beta*B x + t`` with ``t = alpha*A x``).
    When several blocks share an output, each writes partial results and the
    last block of each strip combines them and finalizes.
    Sample (``q = gemv(A, p)``, A 1000 x 3000 row-major, iterating along F)::

        extern "C" __global__ void __launch_bounds__(256, 4)
        k0_q_gemv(const float* __restrict__ A, const float* __restrict__ p, float* __restrict__ q)
        {
            using idx_t = int;
            constexpr idx_t S = 1000, F = 3000;   // slow x fast extent
            constexpr int BX = 32, BY = 8, KS = 1, VEC = 4, TF = BX * VEC, TS = BY * KS;
            constexpr int ITERS = 24;   // serial iterations; grid 1 x 125
            constexpr bool ALL_S = true, ALL_F = false;   // the grid covers S (F) exactly: no bounds checks along it
            const int tx = threadIdx.x, ty = threadIdx.y;
            const idx_t sb = (idx_t)blockIdx.y * TS;          // invariant: the loop walks along F
            float q_acc[KS];          // clear output of reduction q = gemv(A, p)
            for (int r = 0; r < KS; ++r) q_acc[r] = kf_op_add_t<float>::identity();
            for (int it = 0; it < ITERS; ++it) {
                const idx_t fb = ((idx_t)blockIdx.x * ITERS + it) * TF;
                // call 0: q = gemv(A, p)   [gemv: nested_reduce, line 5]
                float A_e[KS][VEC];                        // load A
                for (int k = 0; k < KS; ++k) { ... kf_load_pack<VEC>(A + s * F, fb + tx * VEC, F, A_e[k]); }
                float p_f[VEC]; kf_load_pack<VEC>(p, fb + tx * VEC, F, p_f);     // load: p along F
                for k, v: if ((ALL_S || s < S) && (ALL_F || f < F)) q_gemv_compute(A_e[k][v], p_f[v], q_acc[k]);
            }
            // finish: q_acc[k] = kf_lane_reduce<BX, kf_op_add_t>(q_acc[k]); tx == 0 finalizes q[s]
        }
    """

    def emit(self) -> KernelSource:
        prm = self.k.params
        BX, BY = int(prm["bx"]), int(prm["by"])
        KS, VEC = int(prm.get("ks", 1)), int(prm.get("vec", 1))
        ITERS, IAX = int(prm["iters"]), prm.get("iter_axis", "slow")
        if BX < 1 or BX > 32 or BX & (BX - 1):
            raise PlanError(f"{self.k.name}: bx must be a power of two <= 32, got {BX}")
        if BX * BY > 1024 or BY < 1 or (BX * BY) % 32:
            raise PlanError(f"{self.k.name}: bx*by must be a multiple of 32 and at most 1024")
        if IAX not in ("slow", "fast") or ITERS < 1 or KS < 1 or VEC < 1 or VEC & (VEC - 1):
            raise PlanError(f"{self.k.name}: bad tile parameters {prm}")
        d = self.domain
        S, F = d.slow, d.fast
        if VEC > 1 and F % VEC:
            raise PlanError(f"{self.k.name}: vec={VEC} needs the fast extent ({F}) to be a multiple of {VEC}")
        TF, TS = BX * VEC, BY * KS
        GX, GY = (max(1, g) for g in tile_grid(d, prm))   # an empty axis: one block finalizes identities
        if GY > 65535:
            raise PlanError(f"{self.k.name}: grid.y = {GY} exceeds 65535; raise iters or ks")
        CH = finish_chunk(prm, TS if IAX == "slow" else TF)
        if CH < 1 or ITERS % CH:
            raise PlanError(f"{self.k.name}: chunk={CH} must divide iters={ITERS}")
        why = walk_refusal(self.p, [c.id for c in self.calls], prm)
        if why:
            raise PlanError(f"{self.k.name}: {why}")
        self.P = dict(BX=BX, BY=BY, KS=KS, VEC=VEC, ITERS=ITERS, IAX=IAX, S=S, F=F, TF=TF, TS=TS, GX=GX, GY=GY,
                      CH=CH, WALK=prm.get("walk", "strips"))
        self.build_args()
        reduces = [c for c in self.calls if self.fns[c.id].is_reduce]
        fams = self.families(reduces)
        self.atomic = {id(f): self.family_atomic(f) for f in fams}
        for fam in fams:
            info = self.red_info(fam[0])
            if info["g_red"] > 1 and not self.atomic[id(fam)]:
                for c in fam:
                    out = next(iter(c.outs.values()))
                    self.add_workspace("partial", f"kf_part_{ident(out)}", self.ctype_of(out),
                                       info["g_red"] * self.p.value(out).type.nbytes())
                chunks = ITERS // CH if self.chunked(fam) else 1
                self.add_workspace("counter", self.counter_name(fam), "", 4 * info["g_out"] * chunks)
        L = self.L
        big = S * F * 2 >= 2**31
        L(f"// kernel {self.k.name}: tile {d.rows} x {d.cols} (lead order {d.lead}), iterating along {IAX}")
        # a register budget (``regs`` per thread, 64 unless the plan says; the build raises it to
        # 128, then 255, for a kernel that would spill): without one ptxas sinks each row's loads
        # next to their use, and a warp then has one row in flight rather than KS
        min_blocks = self.budget_blocks(BX * BY, 64)
        L(f'extern "C" __global__ void __launch_bounds__({BX * BY}, {min_blocks})\n{self.k.name}('
          + ",\n    ".join(a.decl for a in self.args) + ")")
        L.push("{")
        L(f"using idx_t = {'long long' if big else 'int'};")
        L(f"constexpr idx_t S = {S}, F = {F};   // slow x fast extent")
        L(f"constexpr int BX = {BX}, BY = {BY}, KS = {KS}, VEC = {VEC}, TF = BX * VEC, TS = BY * KS;")
        L(f"constexpr int ITERS = {ITERS};   // serial iterations; grid {GX} x {GY}")
        if any(self.chunked(f) for f in fams):
            L(f"constexpr int CHUNK = {CH};   // iterations whose rows a strip combines at once")
        all_s = S > 0 and S % (TS * (ITERS if IAX == "slow" else 1)) == 0
        all_f = F > 0 and F % (TF * (ITERS if IAX == "fast" else 1)) == 0
        L(f"constexpr bool ALL_S = {str(all_s).lower()}, ALL_F = {str(all_f).lower()};"
          "   // the grid covers S (F) exactly: no bounds checks along it")
        L("const int tx = threadIdx.x, ty = threadIdx.y;")
        self.emit_scalar_loads()
        self.emit_prologue()
        if IAX == "slow":
            L("const idx_t fb = (idx_t)blockIdx.x * TF;          // invariant: the loop walks along S")
        elif self.P["WALK"] == "up":
            L("const idx_t sb = (idx_t)(gridDim.y - 1 - blockIdx.y) * TS;   // invariant: the loop walks along F; "
              "walk up: block rows from the last")
        else:
            L("const idx_t sb = (idx_t)blockIdx.y * TS;          // invariant: the loop walks along F")
        loaded = set()   # (value, axis) pairs in registers: a vector may be read along both axes
        for c in self.body_calls():   # invariant loads of vectors that do not move with the loop
            for p in compute_params(c):
                v = c.args.get(p)
                if v is None or v in self.produced or self.p.value(v).type.kind != "vector":
                    continue
                key = self.load_key(c, p)
                if key[1] != IAX and key not in loaded:
                    self.load_vector(v, key[1], "invariant load")
                    loaded.add(key)
        for fam in fams:
            if self.red_info(fam[0])["accumulated"]:
                for c in fam:
                    self.clear_acc(c, self.red_info(c))
        unroll = int(prm.get("unroll", 1))
        if unroll > 1:
            L(f"#pragma unroll {unroll}   // more loads in flight")
        L.push("for (int it = 0; it < ITERS; ++it) {")
        self.emit_walk()
        iter_loaded = set(loaded)
        for fam in fams:
            if not self.red_info(fam[0])["accumulated"]:
                for c in fam:
                    self.clear_acc(c, self.red_info(c))
        for c in self.body_calls():
            self.emit_call(c, iter_loaded)
        for fam in fams:
            if not self.red_info(fam[0])["accumulated"]:
                self.finish_in_block(fam)
        for fam in fams:
            if self.chunked(fam):
                self.emit_last_block(fam, chunked=True)
        L.pop()
        for fam in fams:
            if self.red_info(fam[0])["accumulated"]:
                self.finish_in_block(fam)
        zero, last = [], []
        for fam in fams:
            if self.red_info(fam[0])["g_red"] > 1:
                if self.atomic[id(fam)]:
                    zero += [self.red_info(c)["out"] for c in fam]
                elif not self.chunked(fam):
                    last.append(fam)
        if len(last) == 1:
            self.emit_last_block(last[0])
        elif last:
            self.emit_last_blocks(last)
        L.pop()
        return KernelSource(self.k.name, L.text(), self.args, (GX, GY, 1), (BX, BY, 1), self.k,
                            self.aligned_inputs(VEC), zero)

    def emit_walk(self):
        """The tile this iteration covers (plan parameter ``walk``; see
        :func:`kfuse.fusion.plan.walk_refusal`).  ``strips``: each block its own strip::

            const idx_t sb = ((idx_t)blockIdx.y * ITERS + it) * TS;

        ``down`` (iterating along S): the blocks take the strips' tile rows in turn, so the grid
        moves down the matrix; ``up``: the same from the bottom (iterating along F: the block
        rows from the last, each row's columns from the right)::

            const idx_t sb = ((idx_t)it * gridDim.y + blockIdx.y) * TS;   // walk down: ...
            const idx_t sb = ((idx_t)(ITERS - it) * gridDim.y - 1 - blockIdx.y) * TS;   // walk up: ...
            const idx_t fb = ((idx_t)blockIdx.x * ITERS + ITERS - 1 - it) * TF;   // walk up: ...
        """
        L, walk = self.L, self.P["WALK"]
        if self.P["IAX"] == "fast":
            L("const idx_t fb = ((idx_t)blockIdx.x * ITERS + ITERS - 1 - it) * TF;   // walk up: columns from the right"
              if walk == "up" else "const idx_t fb = ((idx_t)blockIdx.x * ITERS + it) * TF;")
        elif walk == "down":
            L("const idx_t sb = ((idx_t)it * gridDim.y + blockIdx.y) * TS;   // walk down: the grid moves down the matrix")
        elif walk == "up":
            L("const idx_t sb = ((idx_t)(ITERS - it) * gridDim.y - 1 - blockIdx.y) * TS;   "
              "// walk up: the grid moves up from the last tile row")
        else:
            L("const idx_t sb = ((idx_t)blockIdx.y * ITERS + it) * TS;")

    def multi_lane(self) -> bool:
        """Whether the KS row results of a lane group reduce together (``kf_lane_reduce_k``:
        log2(BX) + KS - 1 shuffles rather than KS * log2(BX), and KS lanes store in parallel)."""
        P = self.P
        return 1 < P["KS"] <= P["BX"] and not P["KS"] & (P["KS"] - 1)

    def chunked(self, fam) -> bool:
        """Whether ``fam``'s strips are combined chunk by chunk inside the loop: its outputs
        follow the loop (a row's partials are complete once the loop has passed it), several
        blocks share them (last-block finish) and the loop is longer than one chunk."""
        info, P = self.red_info(fam[0]), self.P
        return (not info["accumulated"] and info["g_red"] > 1 and not self.atomic[id(fam)]
                and P["ITERS"] > P["CH"])

    def family_atomic(self, fam) -> bool:
        """Whether ``fam`` finishes by atomics (plan parameter ``finish``; default: last block)."""
        if self.k.params.get("finish", "last_block") != "atomic":
            return False
        if self.red_info(fam[0])["g_red"] == 1:
            return False
        why = atomic_refusal(self.p, [c.id for c in fam])
        if why:
            raise PlanError(f"{self.k.name}: finish=atomic is not possible: {why}")
        return True

    # ------------------------------------------------------------------ helpers
    def families(self, reduces) -> list:
        """Reductions grouped by the physical axis of their outputs, in call order."""
        fams: dict = {}
        for c in reduces:
            fams.setdefault(self.red_info(c)["oax"], []).append(c)
        return list(fams.values())

    def counter_name(self, fam) -> str:
        return f"kf_count_{ident(next(iter(fam[0].outs.values())))}"

    def aligned_inputs(self, vec: int) -> dict:
        if vec == 1:
            return {}
        out = {}
        for c in self.calls:
            for p, v in c.args.items():
                b = self.p.base(v)
                t = self.p.value(v).type
                packed = (self.contiguous(v) if t.kind == "matrix" else
                          t.kind == "vector" and self.fns[c.id].param(p).kind == "vector"
                          and self.vec_axis(c, p) == "fast")
                if b in self.reads and packed:
                    out[b] = vec * itemsize(t.dtype)
        return out

    def contiguous(self, v: str) -> bool:
        """True if matrix ``v`` is stored with the lead order (rows along F are contiguous)."""
        return self.p.value(v).type.order == self.domain.lead

    def vec_axis(self, c, p: str) -> str:
        """Physical axis ('slow'/'fast') a vector parameter follows."""
        prm = self.fns[c.id].param(p)
        if prm.kind == "vector":
            return self.domain.axis_of(prm.index)
        raise PlanError(f"{c.label}: parameter {p} is not a vector")

    def red_info(self, c) -> dict:
        fn = self.fns[c.id]
        P = self.P
        out = next(iter(c.outs.values()))
        oax = self.domain.axis_of(fn.output.index)
        rax = "fast" if oax == "slow" else "slow"
        return {"out": out, "oax": oax, "rax": rax,
                "g_red": P["GX"] if rax == "fast" else P["GY"],
                "g_out": P["GY"] if rax == "fast" else P["GX"],
                "accumulated": P["IAX"] == rax, "n": "KS" if oax == "slow" else "VEC",
                "len": P["S"] if oax == "slow" else P["F"]}

    def load_vector(self, v: str, axis: str, why: str):
        L, t = self.L, self.ctype_of(v)
        disp = self.p.value(v).display
        if axis == "slow":
            L(f"{t} {ident(v)}_s[KS];                                // {why}: {disp} along S")
            L("#pragma unroll")
            L(f"for (int k = 0; k < KS; ++k) {{ const idx_t s = sb + ty + k * BY; "
              f"{ident(v)}_s[k] = (ALL_S || s < S) ? {self.cname(v)}[s] : {t}(0); }}")
        else:
            L(f"{t} {ident(v)}_f[VEC]; kf_load_pack<VEC, ALL_F>({self.cname(v)}, fb + tx * VEC, F, {ident(v)}_f);"
              f"   // {why}: {disp} along F")

    def addr(self, v: str, s="s", f="f") -> str:
        """Address of element (s, f) of matrix value ``v`` (a view uses its own layout)."""
        t = self.p.value(v).type
        rows, cols = t.shape
        i, j = (s, f) if self.domain.lead == "C" else (f, s)
        return f"(idx_t){i} * {cols} + {j}" if t.order == "C" else f"(idx_t){j} * {rows} + {i}"

    def load_key(self, c, p: str) -> tuple:
        """What a load of ``c``'s argument ``p`` puts in registers: (value, axis) of a vector
        (``x_s[KS]`` along S and ``x_f[VEC]`` along F are two loads of one vector ``x``, as in
        ``ger(A, x, x)``), (value, None) of a matrix tile."""
        v = c.args[p]
        return (v, self.vec_axis(c, p) if self.p.value(v).type.kind == "vector" else None)

    def elem(self, c, p: str) -> str:
        v = c.args[p]
        t = self.p.value(v).type
        if t.kind == "matrix":
            return f"{ident(v)}_e[k][v]"
        return f"{ident(v)}_s[k]" if self.vec_axis(c, p) == "slow" else f"{ident(v)}_f[v]"

    def clear_acc(self, c, info):
        out, t = info["out"], self.ctype_of(info["out"])
        op = _OPS[self.fns[c.id].combine]
        self.L(f"{t} {ident(out)}_acc[{info['n']}];          // clear output of reduction {c.label}")
        self.L("#pragma unroll")
        self.L(f"for (int r = 0; r < {info['n']}; ++r) {ident(out)}_acc[r] = {op}<{t}>::identity();")

    def load_matrix(self, v: str):
        L, ct = self.L, self.ctype_of(v)
        L(f"{ct} {ident(v)}_e[KS][VEC];                        // load {self.p.value(v).display}")
        L("#pragma unroll")
        L.push("for (int k = 0; k < KS; ++k) {")
        L("const idx_t s = sb + ty + k * BY;")
        if self.contiguous(v):
            L(f"if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>({self.cname(v)} + (idx_t)s * F, fb + tx * VEC, F, "
              f"{ident(v)}_e[k]);")
            L("else")
            L(f"    for (int v = 0; v < VEC; ++v) {ident(v)}_e[k][v] = {ct}(0);")
        else:
            L("#pragma unroll")
            L(f"for (int v = 0; v < VEC; ++v) {{ const idx_t f = fb + tx * VEC + v; "
              f"{ident(v)}_e[k][v] = ((ALL_S || s < S) && (ALL_F || f < F)) ? {self.cname(v)}[{self.addr(v)}] "
              f": {ct}(0); }}")
        L.pop()

    def emit_call(self, c, loaded: set):
        L, fn = self.L, self.fns[c.id]
        L(self.comment(c))
        for p in compute_params(c):
            v = c.args.get(p)
            if v is None or v in self.produced or self.p.value(v).type.kind not in ("matrix", "vector"):
                continue
            key = self.load_key(c, p)
            if key in loaded:
                continue
            if key[1] is None:
                self.load_matrix(v)
            else:
                self.load_vector(v, key[1], "load")
            loaded.add(key)
        out = next(iter(c.outs.values()))
        args = [self.routine_arg(c, p, lambda v, p=p: self.elem(c, p)) for p in compute_params(c)]
        if not fn.is_reduce:
            L(f"{self.ctype_of(out)} {ident(out)}_e[KS][VEC];")
        L("#pragma unroll")
        L.push("for (int k = 0; k < KS; ++k) {")
        L("#pragma unroll")
        L.push("for (int v = 0; v < VEC; ++v) {")
        L("const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;")
        if fn.is_reduce:
            info = self.red_info(c)
            acc = f"{ident(out)}_acc[{'k' if info['oax'] == 'slow' else 'v'}]"
            L(f"if ((ALL_S || s < S) && (ALL_F || f < F)) {c.name}_compute({', '.join(args + [acc])});")
        else:
            L("(void)s; (void)f;")
            L(f"{c.name}_compute({', '.join(args + [ident(out) + '_e[k][v]'])});")
        L.pop()
        L.pop()
        if not fn.is_reduce and out in self.stored:
            self.store_matrix(out)

    def store_matrix(self, out: str):
        L = self.L
        L("#pragma unroll")
        L.push("for (int k = 0; k < KS; ++k) {")
        L("const idx_t s = sb + ty + k * BY;")
        if self.contiguous(out):
            L(f"if (ALL_S || s < S) kf_store_pack<VEC, ALL_F>({ident(out)} + (idx_t)s * F, fb + tx * VEC, F, "
              f"{ident(out)}_e[k]);")
        else:
            L("#pragma unroll")
            L(f"for (int v = 0; v < VEC; ++v) {{ const idx_t f = fb + tx * VEC + v; "
              f"if ((ALL_S || s < S) && (ALL_F || f < F)) {ident(out)}[{self.addr(out)}] = {ident(out)}_e[k][v]; }}")
        L.pop()

    def atomic_contribution(self, c, acc: str, o: str, bred: str):
        """Add this block's share of ``c``'s output at ``o`` atomically: the first block along the
        reduced axis adds finalize(acc); the others add finalize(acc) - finalize(0) with the
        finalize-stage vectors taken as 0, so the constant part (beta * y) is added once, exactly."""
        out = next(iter(c.outs.values()))
        t, oi = self.ctype_of(out), ident(out)
        L = self.L
        L(f"{t} {oi}_c;")
        L.push(f"if ({bred} == 0) {{")
        self.finalize(c, acc, o, None, suffix="_f")
        L(f"{oi}_c = {oi}_f;")
        L.pop("} else {")
        L.level += 1
        self.finalize(c, acc, o, None, suffix="_f", zero_vectors=True)
        self.finalize(c, f"{t}(0)", o, None, suffix="_z", zero_vectors=True)
        L(f"{oi}_c = {oi}_f - {oi}_z;")
        L.pop()
        L(f"kf_atomic_add(&{oi}[{o}], {oi}_c);")

    def finalize(self, c, acc: str, o: str, target: str | None, suffix: str = "_o",
                 zero_vectors: bool = False):
        """``target = finalize(acc)`` at output index ``o``: finalize-stage vectors are read there
        (from registers if an earlier reduction of the family computed them; 0 if ``zero_vectors``)."""
        out = next(iter(c.outs.values()))
        args = []
        for p in finalize_params(c):
            v = c.args.get(p)
            if v is not None and self.p.value(v).type.kind == "vector" and zero_vectors:
                args.append(f"{self.ctype_of(v)}(0)")
            elif v is not None and self.p.value(v).type.kind == "vector":
                b = self.p.base(v)
                args.append(f"{ident(b)}_o" if b in self.produced else f"{self.cname(v)}[{o}]")
            else:
                args.append(self.routine_arg(c, p, lambda v: f"{self.cname(v)}[{o}]"))
        self.L(f"{self.ctype_of(out)} {ident(out)}{suffix};")
        self.L(f"{c.name}_finalize({', '.join([acc] + args + [ident(out) + suffix])});")
        if out in self.stored and target is not None:
            self.L(f"{target} = {ident(out)}{suffix};")

    def finish_output(self, c, fam, acc: str, o: str, bred: str, extent: str):
        """The block's result ``acc`` for output index ``o``: final when one block spans the
        reduced axis, else added atomically or written as the partial of block ``bred``."""
        out = ident(self.red_info(c)["out"])
        if self.red_info(c)["g_red"] == 1:
            self.finalize(c, acc, o, f"{out}[{o}]")
        elif self.atomic[id(fam)]:
            self.atomic_contribution(c, acc, o, bred)
        else:
            self.L(f"kf_part_{out}[(idx_t){bred} * {extent} + {o}] = {acc};")

    def finish_row(self, fam, acc: str):
        """Row ``s`` of thread row k: each reduction of ``fam`` finishes its block result ``acc``
        (a pattern of the output identifier ``o``) there, if the row exists."""
        L = self.L
        L("const idx_t s = sb + ty + k * BY;")
        L.push("if (ALL_S || s < S) {")
        for c in fam:
            o = ident(self.red_info(c)["out"])
            self.finish_output(c, fam, acc.format(o=o), "s", "blockIdx.x", "S")
        L.pop()

    def finish_in_block(self, fam):
        """Reduce a family's per-thread partials across the block; finalize or write block partials."""
        L = self.L
        info = self.red_info(fam[0])
        labels = "; ".join(c.label for c in fam)
        L(f"// finish reduction(s) {labels} across the block")
        L.push("{")
        if info["rax"] == "fast" and self.multi_lane():
            for c in fam:
                o, op = ident(self.red_info(c)["out"]), _OPS[self.fns[c.id].combine]
                t = self.ctype_of(self.red_info(c)["out"])
                L(f"const {t} {o}_r = kf_lane_reduce_k<BX, KS, {op}>({o}_acc);   // row k = tx / (BX / KS)")
            L.push("if (tx % (BX / KS) == 0) {")
            L("const int k = tx / (BX / KS);")
            self.finish_row(fam, "{o}_r")
            L.pop()
        elif info["rax"] == "fast":
            for c in fam:
                o, op = ident(self.red_info(c)["out"]), _OPS[self.fns[c.id].combine]
                L("#pragma unroll")
                L(f"for (int k = 0; k < KS; ++k) {o}_acc[k] = kf_lane_reduce<BX, {op}>({o}_acc[k]);")
            L.push("if (tx == 0) {")
            L("#pragma unroll")
            L.push("for (int k = 0; k < KS; ++k) {")
            self.finish_row(fam, "{o}_acc[k]")
            L.pop()
            L.pop()
        else:
            for c in fam:
                o, t = ident(self.red_info(c)["out"]), self.ctype_of(self.red_info(c)["out"])
                L(f"__shared__ {t} kf_sm_{o}[BY][TF];")
                L("#pragma unroll")
                L(f"for (int v = 0; v < VEC; ++v) kf_sm_{o}[ty][tx * VEC + v] = {o}_acc[v];")
            L("__syncthreads();")
            L.push("if (ty == 0) {")
            L("#pragma unroll")
            L.push("for (int v = 0; v < VEC; ++v) {")
            L("const idx_t f = fb + tx * VEC + v;")
            L.push("if (ALL_F || f < F) {")
            for c in fam:
                o, t = ident(self.red_info(c)["out"]), self.ctype_of(self.red_info(c)["out"])
                op = _OPS[self.fns[c.id].combine]
                L(f"{t} {o}_a = kf_sm_{o}[0][tx * VEC + v];")
                L(f"for (int y = 1; y < BY; ++y) {o}_a = {op}<{t}>::apply({o}_a, kf_sm_{o}[y][tx * VEC + v]);")
                self.finish_output(c, fam, f"{o}_a", "f", "blockIdx.y", "F")
            L.pop()
            L.pop()
            L.pop()
            L("__syncthreads();")
        L.pop()

    def emit_last_blocks(self, fams):
        """The two families of a tile (outputs along S and along F) finished by their strips'
        last blocks after the loop: one counter round trip for both (``kf_last_blocks``; in turn
        they cost two, 1.7 µs of BiCGK's 21.9 at n = 4096 on the H200), then each family's
        combine.  Sample (BiCGK, grid 16 x 16)::

            // the last blocks of their strips finish q = gemv(A, p) | s = gemv_t(A, r)
            unsigned int* const kf_counters[2] = {kf_count_q + blockIdx.y, kf_count_s_ + blockIdx.x};
            const unsigned int kf_blocks[2] = {16u, 16u};
            bool kf_last[2];
            kf_last_blocks<2>(kf_counters, kf_blocks, kf_last);
            if (kf_last[0]) {
                const idx_t lo = (idx_t)blockIdx.y * (TS * ITERS);
                ... sum the 16 partials of each row of the strip, finalize, store q ...
            }
            if (kf_last[1]) { ... }
        """
        L, n = self.L, len(fams)
        L("// the last blocks of their strips finish " + " | ".join("; ".join(c.label for c in f) for f in fams))
        L(f"unsigned int* const kf_counters[{n}] = {{"
          + ", ".join(f"{self.counter_name(f)} + {self.strip_of(f)}" for f in fams) + "};")
        L(f"const unsigned int kf_blocks[{n}] = {{" + ", ".join(f"{self.red_info(f[0])['g_red']}u" for f in fams) + "};")
        L(f"bool kf_last[{n}];")
        L(f"kf_last_blocks<{n}>(kf_counters, kf_blocks, kf_last);")
        for i, fam in enumerate(fams):
            self.emit_combine(fam, f"kf_last[{i}]")

    def strip_of(self, fam) -> str:
        """The block index that names ``fam``'s strip (the blocks sharing its outputs)."""
        return "blockIdx.y" if self.red_info(fam[0])["oax"] == "slow" else "blockIdx.x"

    def emit_combine(self, fam, cond: str):
        """``if (cond)``: sum the strip's partials of ``fam`` and finalize (after the loop)."""
        L, P = self.L, self.P
        info = self.red_info(fam[0])
        tile = "TS" if info["oax"] == "slow" else "TF"
        span = f"{tile} * ITERS" if P["IAX"] == info["oax"] else tile
        L.push(f"if ({cond}) {{")
        if P["WALK"] != "strips" and P["IAX"] != info["oax"]:   # the block's own rows (columns), as walked
            L(f"const idx_t lo = {'sb' if info['oax'] == 'slow' else 'fb'};")
        else:
            L(f"const idx_t lo = (idx_t){self.strip_of(fam)} * ({span});")
        self.emit_combine_rows(fam, span)
        L.pop()

    def emit_combine_rows(self, fam, span: str):
        """The loop over a strip's outputs from ``lo`` summing each one's partials."""
        L = self.L
        info = self.red_info(fam[0])
        L(f"const idx_t hi = lo + ({span}) < {info['len']} ? lo + ({span}) : {info['len']};")
        L.push("for (idx_t x = lo + tx + ty * BX; x < hi; x += BX * BY) {")
        for c in fam:
            o, t = ident(self.red_info(c)["out"]), self.ctype_of(self.red_info(c)["out"])
            op = _OPS[self.fns[c.id].combine]
            L(f"{t} {o}_a = {op}<{t}>::identity();")
            L(f"for (int b = 0; b < {info['g_red']}; ++b) {o}_a = {op}<{t}>::apply({o}_a, "
              f"kf_ldcg(&kf_part_{o}[(idx_t)b * {info['len']} + x]));")
            self.finalize(c, f"{o}_a", "x", f"{o}[x]")
        L.pop()

    def emit_last_block(self, fam, chunked: bool = False):
        """The last block of each strip combines the family's partials and finalizes, in call
        order.  ``chunked``: inside the loop, after every CHUNK iterations, the last block to
        finish them combines the rows they covered (one counter per strip and chunk).  Sample
        (BiCGK's ``q = A p``, rows along S, 64 blocks per row)::

            if ((it + 1) % CHUNK == 0) {   // the rows of the last CHUNK iterations are done
                if (kf_last_block(kf_count_q + blockIdx.y * (ITERS / CHUNK) + it / CHUNK, 64)) {
                    const idx_t lo = ((idx_t)blockIdx.y * ITERS + it + 1 - CHUNK) * TS;
                    const idx_t hi = lo + (TS * CHUNK) < 16384 ? lo + (TS * CHUNK) : 16384;
                    for (idx_t x = lo + tx + ty * BX; x < hi; x += BX * BY) { ... sum 64 partials ... }
                }
            }
        """
        L = self.L
        info = self.red_info(fam[0])
        strip = self.strip_of(fam)
        labels = "; ".join(c.label for c in fam)
        if not chunked:
            L(f"// the last block of each strip finishes {labels}")
            self.emit_combine(fam, f"kf_last_block({self.counter_name(fam)} + {strip}, {info['g_red']})")
            return
        tile = "TS" if info["oax"] == "slow" else "TF"
        L.push("if ((it + 1) % CHUNK == 0) {   // the rows of the last CHUNK iterations are done: "
               "the last block to finish them")
        L(f"// combines {labels} there")
        L.push(f"if (kf_last_block({self.counter_name(fam)} + {strip} * (ITERS / CHUNK) + it / CHUNK, "
               f"{info['g_red']})) {{")
        L(f"const idx_t lo = ((idx_t){strip} * ITERS + it + 1 - CHUNK) * {tile};")
        self.emit_combine_rows(fam, f"{tile} * CHUNK")
        L.pop()
        L.pop()


# ============================================================================ rows
class RowsEmitter(VecEmitter):
    """A kernel over the rows of sparse matrices: SpMV, and vector maps and reductions over
    the same rows.  A group of G threads (G | 32) walks each row's nonzeros (CSR: ``indptr[i]
    + lane``, step G, or aligned packs of ``vec`` nonzeros per 16-byte load; ELLPACK-R: slot
    ``k`` of row ``i`` at ``k * M + i``, coalesced across rows) and reduces them with shuffles.
    With G > 1 a block iteration is a *stage* of ROWS = SUB * BS / G rows (``stage`` = SUB
    groups of BS / G rows, one after the other): the row results are parked in shared memory
    and, after a barrier, the first ROWS threads run one row's element of every call in
    program order -- the products' finalize and the vector calls -- so that those loads and
    stores are coalesced (SUB = G: every thread of the block takes part).  With G = 1 a
    thread owns its row throughout.  Sample (CG's ``q = A p; pq = dot(p, q)``, CSR, G = 8,
    SUB = 8)::

        constexpr int SUB = 8, ROWS = SUB * BS / G;   // a stage: SUB groups of BS / G rows
        __shared__ float kf_stage_q[ROWS];            // the stage's row results
        const int lane = threadIdx.x & (G - 1);
        for (int it = 0; it < ITERS; ++it) {
            const idx_t base = ((idx_t)blockIdx.x * ITERS + it) * ROWS;
            #pragma unroll 1   // (unrolled, two products spill)
            for (int sub = 0; sub < SUB; ++sub) {   // G threads per row
                const int row = sub * (BS / G) + threadIdx.x / G;
                const idx_t i0 = base + row;
                float q_acc = 0;                               // call 0: q = spmv(A, p)
                if (i0 < N) {
                    const int k_end = A_indptr[i0 + 1];
                    #pragma unroll 4
                    for (int k = A_indptr[i0] + lane; k < k_end; k += G)
                        q_spmv_compute(A_data[k], p[A_indices[k]], q_acc);
                }
                q_acc = kf_lane_reduce<G, kf_op_add_t>(q_acc);
                if (lane == 0) kf_stage_q[row] = q_acc;
            }
            __syncthreads();
            if (threadIdx.x < ROWS) {   // then a thread per row runs every call (coalesced)
                const idx_t i0 = base + threadIdx.x;
                const float q_acc = kf_stage_q[threadIdx.x];
                if (i0 < N) {
                    float q_e[VEC]; q_spmv_finalize(q_acc, 1.0f, 0.0f, 0.0f, q_e[0]); q[i0] = q_e[0];
                    // call 1: pq = dot(p, q) ... pq_dot_compute(p_e[v], q_e[v], pq_acc);
                }
            }
            __syncthreads();   // (ITERS > 1) the next iteration refills the stage
        }
    """

    def emit(self) -> KernelSource:
        prm = self.k.params
        BS, G, ITERS = int(prm["block"]), int(prm.get("group", 1)), int(prm["iters"])
        self.PACK = int(prm.get("vec", 1))
        # groups of BS / G rows a stage collects before the vector calls; 0: no stage, the lanes
        # holding the row results run the vector calls themselves
        SUB = int(prm.get("stage", 1))
        R = self.R = int(prm.get("span", 1))   # consecutive rows a group owns
        if SUB == 0 and G == 1:
            raise PlanError(f"{self.k.name}: stage 0 (no stage) needs group > 1: a thread per row has no stage")
        if SUB < 0 or SUB > G or SUB & (SUB - 1):
            raise PlanError(f"{self.k.name}: stage must be 0 (none) or a power of two from 1 to group={G}, got {SUB}")
        if R < 1 or R & (R - 1):
            raise PlanError(f"{self.k.name}: span must be a power of two, got {R}")
        if SUB * R > G:
            raise PlanError(f"{self.k.name}: span must be a power of two with stage * span <= group "
                            f"({SUB} * {R} > {G})")
        if BS < 32 or BS > 1024 or BS & (BS - 1) or G < 1 or G > 32 or G & (G - 1) or ITERS < 1 \
                or self.PACK not in (1, 2, 4) or self.PACK * self.widest_item() > 16:
            raise PlanError(f"{self.k.name}: bad rows parameters {prm}")
        if R > 1:
            self.check_span(G)
        N = self.domain.length
        GRID = max(1, math.ceil(N / (max(SUB, 1) * BS // G * R * ITERS)))   # SUB * BS / G * R rows per block and iteration
        self.VEC = 1
        self.build_args()
        reduces = [c for c in self.calls if self.fns[c.id].hof == "reduce"]
        self.reduction_workspace(reduces, GRID, accumulate=self.sums_by_atomics())
        L = self.L
        # a register budget only when the build sets one (a kernel that spilled: ptxas sometimes keeps
        # 32 registers and spills rather than take 40)
        self.open_kernel(f"rows of sparse matrices, M = {N}, {G} thread(s) per row", BS, self.budget_blocks(BS, None))
        L("using idx_t = int;")
        L(f"constexpr idx_t N = {N};")
        L(f"constexpr int BS = {BS}, G = {G}, ITERS = {ITERS}, VEC = 1;")
        if self.PACK > 1:
            L(f"constexpr int PACK = {self.PACK};   // CSR nonzeros per 16-byte load")
        if reduces and GRID > 1:
            L(f"constexpr int GRID = {GRID};")
        self.clear_reductions(reduces)
        sparse_calls = [c for c in self.calls if self.fns[c.id].hof == "sparse_reduce"]
        if G == 1:
            L("constexpr int lane = 0;")
            L.push("for (int it = 0; it < ITERS; ++it) {")
            L("const idx_t i0 = ((idx_t)blockIdx.x * ITERS + it) * BS + threadIdx.x;   // a thread per row")
            for c in sparse_calls:
                self.emit_row_reduce(c)
            L.push("if (i0 < N) {")
            self.emit_row_body()
            L.pop()
            L.pop()
        elif self.direct():
            self.emit_direct_rows(sparse_calls, R)
        else:
            if R > 1:
                L(f"constexpr int SUB = {SUB}, R = {R}, ROWS = SUB * BS / G * R;"
                  "   // a stage: SUB sets of BS / G groups of R consecutive rows")
            else:
                L(f"constexpr int SUB = {SUB}, ROWS = SUB * BS / G;   // a stage: SUB groups of BS / G rows")
            for c in sparse_calls:
                L(f"__shared__ {self.ctype_of(next(iter(c.outs.values())))} "
                  f"kf_stage_{ident(next(iter(c.outs.values())))}[ROWS];   // the stage's row results")
            L("const int lane = threadIdx.x & (G - 1);")
            L.push("for (int it = 0; it < ITERS; ++it) {")
            L("const idx_t base = ((idx_t)blockIdx.x * ITERS + it) * ROWS;")
            if SUB > 1:
                L("#pragma unroll 1")
            L.push("for (int sub = 0; sub < SUB; ++sub) {   // G threads per row" if SUB > 1 else
                   "{   // G threads per row")
            grp = "sub * (BS / G) + threadIdx.x / G" if SUB > 1 else "threadIdx.x / G"
            L(f"const int row = {grp};" if R == 1 else f"const int row = ({grp}) * R;   // the group's first row")
            L("const idx_t i0 = base + row;")
            for c in sparse_calls:
                self.emit_row_reduce(c)
                o = ident(next(iter(c.outs.values())))
                if R > 1:
                    L(f"if (lane % (G / R) == 0) kf_stage_{o}[row + lane / (G / R)] = {o}_r;")
                else:
                    L(f"if (lane == 0) kf_stage_{o}[row] = {o}_acc;")
            L.pop("}")
            L("__syncthreads();")
            L.push("if (threadIdx.x < ROWS) {   // then a thread per row runs every call (coalesced)")
            L("const idx_t i0 = base + threadIdx.x;")
            for c in sparse_calls:
                out = next(iter(c.outs.values()))
                L(f"const {self.ctype_of(out)} {ident(out)}_acc = kf_stage_{ident(out)}[threadIdx.x];")
            L.push("if (i0 < N) {")
            self.emit_row_body()
            L.pop()
            L.pop()
            if ITERS > 1:
                L("__syncthreads();   // the next iteration refills the stage")
            L.pop()
        if reduces:
            self.emit_finish(reduces, GRID)
        L.pop()
        return KernelSource(self.k.name, L.text(), self.args, (GRID, 1, 1), (BS, 1, 1), self.k,
                            self.span_aligned())

    def direct(self) -> bool:
        """Whether the group lanes that hold the row results run the row's calls at once (plan
        parameter ``stage`` 0; products alone with one stage, too): no shared-memory stage, no
        barrier; reductions over the rows gather in those lanes' accumulators."""
        stage = int(self.k.params.get("stage", 1))
        return stage == 0 or (stage == 1 and all(self.fns[c.id].hof == "sparse_reduce" for c in self.body_calls()))

    def emit_direct_rows(self, sparse_calls: list, R: int):
        """No stage: each group reduces its rows' sums across its lanes, and the lane holding a
        row's sum runs the row's calls -- the products' finalize and store, the vector calls,
        its share of the reductions (products alone; any kernel under ``stage`` 0).  The vector
        inputs of the holding lane's row are loaded before the walk, so their latency hides
        under it.  Sample (BiCG's ``q = A p; pq = dot(pt, q)``, G = 16, R = 2)::

            const int lane = threadIdx.x & (G - 1);
            for (int it = 0; it < ITERS; ++it) {
                const idx_t i0 = (((idx_t)blockIdx.x * ITERS + it) * (BS / G) + threadIdx.x / G) * R;
                const bool kf_holds = lane % (G / R) == 0 && i0 + lane / (G / R) < N;
                float pt_e[VEC]; if (kf_holds) pt_e[0] = pt[i0 + lane / (G / R)];   // early
                ... q_acc[R] over the rows' span; const float q_r = kf_lane_reduce_k<G, R, ...>(q_acc);
                if (lane % (G / R) == 0) {   // this lane holds row i0 + lane / (G / R)
                    const idx_t i0 = i0 + lane / (G / R) ... finalize, q[i0] = ...;
                    pq_dot_compute(pt_e[v], q_e[v], pq_acc);
                }
            }
        """
        L = self.L
        if R > 1:
            L(f"constexpr int R = {R};   // consecutive rows per group")
        L("const int lane = threadIdx.x & (G - 1);")
        L.push("for (int it = 0; it < ITERS; ++it) {   // a group per row" if R == 1 else
               "for (int it = 0; it < ITERS; ++it) {   // a group per R consecutive rows")
        L("const idx_t i0 = ((idx_t)blockIdx.x * ITERS + it) * (BS / G) + threadIdx.x / G;" if R == 1 else
          "const idx_t i0 = (((idx_t)blockIdx.x * ITERS + it) * (BS / G) + threadIdx.x / G) * R;")
        loaded = self.emit_early_loads("i0" if R == 1 else "i0 + lane / (G / R)",
                                       "lane == 0" if R == 1 else "lane % (G / R) == 0")
        for c in sparse_calls:
            self.emit_row_reduce(c)
        L.push("if (lane == 0) {   // lane 0 holds the row's sums" if R == 1 else
               "if (lane % (G / R) == 0) {   // this lane holds the sums of row i0 + lane / (G / R)")
        if R > 1:
            L("const idx_t row = i0 + lane / (G / R);")
            L.push("{")
            L("const idx_t i0 = row;")
            for c in sparse_calls:
                o = ident(next(iter(c.outs.values())))
                L(f"const {self.ctype_of(next(iter(c.outs.values())))} {o}_acc = {o}_r;")
        L.push("if (i0 < N) {")
        self.emit_row_body(loaded)
        L.pop()
        if R > 1:
            L.pop()
        L.pop()
        L.pop()

    def emit_early_loads(self, row: str, holder: str) -> set:
        """The vector inputs the row's calls read (those no call of the kernel produces), loaded
        by the lane that will hold the row's results before the group walks the row; returns
        them (the body then skips their loads).  Sample::

            const bool kf_holds = lane == 0 && i0 < N;
            float pt_e[VEC]; if (kf_holds) pt_e[0] = pt[i0];"""
        wanted = []
        for c in self.body_calls():
            if self.fns[c.id].hof == "sparse_reduce":
                continue
            for p in compute_params(c):
                v = c.args.get(p)
                if v is not None and v not in wanted and v not in self.produced \
                        and self.p.value(v).type.kind == "vector":
                    wanted.append(v)
        if wanted:
            self.L(f"const bool kf_holds = {holder} && {row} < N;   // this lane will run the row's calls")
        for v in wanted:
            self.L(f"{self.ctype_of(v)} {ident(v)}_e[VEC]; if (kf_holds) {ident(v)}_e[0] = {self.cname(v)}[{row}];"
                   "   // early: in flight during the walk")
        return set(wanted)

    def check_span(self, G: int):
        """A group may own R > 1 rows only where it walks CSR spans in packs (G > 1, ``vec``
        > 1) and every compute argument is a matrix entry or a gathered vector element."""
        if G < 2 or self.PACK < 2:
            raise PlanError(f"{self.k.name}: span > 1 needs group > 1 and CSR packs (vec > 1)")
        why = span_refusal(self.p, [c.id for c in self.calls])
        if why:
            raise PlanError(f"{self.k.name}: {why}")

    def widest_item(self) -> int:
        """Bytes per element of the widest sparse matrix the kernel reads."""
        return max((itemsize(self.p.value(v).type.dtype) for c in self.calls for v in c.args.values()
                    if self.p.value(v).type.kind == "sparse"), default=4)

    def span_aligned(self) -> dict:
        """CSR parts read in aligned packs of PACK (values and column indices): their alignment."""
        if self.PACK == 1:
            return {}
        out = {}
        for c in self.calls:
            for v in c.args.values():
                t = self.p.value(v).type
                if t.kind == "sparse" and t.fmt == "csr":
                    out[f"{v}#data"] = self.PACK * itemsize(t.dtype)
                    out[f"{v}#indices"] = self.PACK * 4
        return out

    def emit_row_body(self, loaded: set | None = None):
        """Row ``i0``'s element of every call in program order (products' finalize, vector calls);
        ``loaded``: vector inputs already in registers."""
        loaded = set(loaded or ())
        for c in self.body_calls():
            if self.fns[c.id].hof == "sparse_reduce":
                self.emit_row_finalize(c)
            else:
                self.emit_call(c, loaded)

    def build_args(self):
        """Sparse matrices become their component arrays (``A#indptr`` ...)."""
        super().build_args()
        out = []
        for a in self.args:
            t = self.p.value(a.value).type if a.value and a.value in self.p.values else None
            if t is not None and t.kind == "sparse":
                T = ctype(t.dtype)
                for part, kind in t.parts:
                    ct = T if kind == "T" else "int"
                    out.append(KArg(f"{a.cname}_{part}", f"const {ct}* __restrict__ {a.cname}_{part}", "in",
                                    f"{a.value}#{part}", dtype=t.dtype if kind == "T" else "int32"))
            else:
                out.append(a)
        self.args = out

    def emit_row_reduce(self, c):
        """The row's group walks its nonzeros and reduces them with shuffles."""
        L, fn = self.L, self.fns[c.id]
        out = next(iter(c.outs.values()))
        o, t = ident(out), self.ctype_of(out)
        op = _OPS[fn.combine]
        A = next(v for p, v in c.args.items() if fn.param(p).kind == "sparse")
        fmt = self.p.value(A).type.fmt
        a = self.cname(A)
        gathered = {p: v for p, v in c.args.items() if fn.param(p).kind == "vector" and fn.param(p).stage == "compute"}
        L(self.comment(c))
        packed = fmt == "csr" and self.PACK > 1   # (always so when a group owns R > 1 rows)
        # nonzero k's value and column: a pack's element j, a CSR entry, an ELLPACK-R slot
        val, col = ((f"{a}_v[j]", f"{a}_c[j]") if packed else (f"{a}_data[k]", f"{a}_indices[k]")
                    if fmt == "csr" else (f"{a}_vals[(idx_t)k * N + i0]", f"{a}_cols[(idx_t)k * N + i0]"))
        args = []
        for p in compute_params(c):
            if fn.param(p).kind == "sparse":
                args.append(val)
            elif p in gathered:
                args.append(f"{self.cname(gathered[p])}[{col}]")
            else:
                args.append(self.routine_arg(c, p, lambda v: f"{self.cname(v)}[i0]"))
        if self.R > 1:
            self.emit_csr_rows_span(c, a, ctype(self.p.value(A).type.dtype), args, o, t, op)
            return
        L(f"{t} {o}_acc = {op}<{t}>::identity();")
        if packed:
            self.emit_csr_span(c, a, ctype(self.p.value(A).type.dtype), args, o)
        else:
            self.emit_row_loop(c, a, fmt, args, o)
        L(f"{o}_acc = kf_lane_reduce<G, {op}>({o}_acc);   // every lane takes part (shuffles)")

    def emit_csr_span(self, c, a: str, t: str, args: list, o: str):
        """A CSR row's span walked in aligned packs of PACK values and column indices (16-byte
        loads), G packs per step; entries of other rows in the first and last pack are skipped.
        Sample (``q = A @ p``, float32, PACK = 4)::

            if (i0 < N) {
                const int k_beg = A_indptr[i0], k_end = A_indptr[i0 + 1];
                #pragma unroll 2
                for (int k = (k_beg & ~(PACK - 1)) + lane * PACK; k < k_end; k += G * PACK) {
                    float A_v[PACK]; int A_c[PACK];
                    kf_load_span_pack<PACK>(A_data, k, A_v); kf_load_span_pack<PACK>(A_indices, k, A_c);
                    #pragma unroll
                    for (int j = 0; j < PACK; ++j)
                        if (k + j >= k_beg && k + j < k_end) q_spmv_compute(A_v[j], p[A_c[j]], q_acc);
                }
            }
        """
        L = self.L
        L(f"if (i0 < N) {{   // {self.PACK}-element packs: 16-byte loads of values and column indices")
        L(f"    const int k_beg = {a}_indptr[i0], k_end = {a}_indptr[i0 + 1];")
        L("    #pragma unroll 2")
        L("    for (int k = (k_beg & ~(PACK - 1)) + lane * PACK; k < k_end; k += G * PACK) {")
        L(f"        {t} {a}_v[PACK]; int {a}_c[PACK];")
        L(f"        kf_load_span_pack<PACK>({a}_data, k, {a}_v); kf_load_span_pack<PACK>({a}_indices, k, {a}_c);")
        L("        #pragma unroll")
        L("        for (int j = 0; j < PACK; ++j)")
        L(f"            if (k + j >= k_beg && k + j < k_end) {c.name}_compute({', '.join(args + [o + '_acc'])});")
        L("    }")
        L("}")

    def emit_csr_rows_span(self, c, a: str, t: str, args: list, o: str, tacc: str, op: str):
        """R consecutive CSR rows owned by one group: their nonzeros form one contiguous span,
        walked in aligned packs of PACK (fewer partial packs and row-pointer loads per nonzero
        than a group per row: rows shorter than a group's step); each product goes to its row's
        accumulator, and the R rows reduce across the group's lanes together.  Sample (``q = A
        @ p``, float32, PACK = 4, R = 2)::

            float q_acc[R];
            for (int r = 0; r < R; ++r) q_acc[r] = kf_op_add_t<float>::identity();
            if (i0 < N) {
                int A_b[R + 1];   // the rows' bounds in the span
                for (int r = 0; r <= R; ++r) A_b[r] = A_indptr[i0 + r < N ? i0 + r : N];
                for (int k = (A_b[0] & ~(PACK - 1)) + lane * PACK; k < A_b[R]; k += G * PACK) {
                    ... load the packs; for each j in [A_b[0], A_b[R]):
                    float q_t = identity; q_spmv_compute(A_v[j], p[A_c[j]], q_t);
                    for (int r = 0; r < R; ++r) if (k + j >= A_b[r] && k + j < A_b[r + 1]) q_acc[r] += q_t;
                }
            }
            const float q_r = kf_lane_reduce_k<G, R, kf_op_add_t>(q_acc);   // row lane / (G / R)
        """
        L = self.L
        L(f"{tacc} {o}_acc[R];")
        L("#pragma unroll")
        L(f"for (int r = 0; r < R; ++r) {o}_acc[r] = {op}<{tacc}>::identity();")
        L(f"if (i0 < N) {{   // R rows, one span: {self.PACK}-element packs (16-byte loads of values and column indices)")
        L(f"    int {a}_b[R + 1];   // the rows' bounds in the span")
        L("    #pragma unroll")
        L(f"    for (int r = 0; r <= R; ++r) {a}_b[r] = {a}_indptr[i0 + r < N ? i0 + r : N];")
        L("    #pragma unroll 2")
        L(f"    for (int k = ({a}_b[0] & ~(PACK - 1)) + lane * PACK; k < {a}_b[R]; k += G * PACK) {{")
        L(f"        {t} {a}_v[PACK]; int {a}_c[PACK];")
        L(f"        kf_load_span_pack<PACK>({a}_data, k, {a}_v); kf_load_span_pack<PACK>({a}_indices, k, {a}_c);")
        L("        #pragma unroll")
        L("        for (int j = 0; j < PACK; ++j) {")
        L(f"            if (k + j < {a}_b[0] || k + j >= {a}_b[R]) continue;")
        L(f"            {tacc} {o}_t = {op}<{tacc}>::identity();")
        L(f"            {c.name}_compute({', '.join(args + [o + '_t'])});")
        L("            #pragma unroll")
        L(f"            for (int r = 0; r < R; ++r) if (k + j >= {a}_b[r] && k + j < {a}_b[r + 1]) "
          f"{o}_acc[r] = {op}<{tacc}>::apply({o}_acc[r], {o}_t);")
        L("        }")
        L("    }")
        L("}")
        L(f"const {tacc} {o}_r = kf_lane_reduce_k<G, R, {op}>({o}_acc);   // row lane / (G / R)")

    def emit_row_loop(self, c, a: str, fmt: str, args: list, o: str):
        """A row's nonzeros one at a time, G lanes apart (CSR: ``indptr[i0] + lane``; ELLPACK-R:
        slot ``k`` at ``k * N + i0``), unrolled by 4."""
        L = self.L
        L("if (i0 < N) {   // unrolled by 4: the loads of several nonzeros overlap")
        if fmt == "csr":
            L(f"    const int k_end = {a}_indptr[i0 + 1];")
            L("    #pragma unroll 4")
            L(f"    for (int k = {a}_indptr[i0] + lane; k < k_end; k += G)")
        else:
            L(f"    const int k_end = {a}_rowlen[i0];")
            L("    #pragma unroll 4")
            L("    for (int k = lane; k < k_end; k += G)")
        L(f"        {c.name}_compute({', '.join(args + [o + '_acc'])});")
        L("}")

    def emit_row_finalize(self, c):
        out = next(iter(c.outs.values()))
        o = ident(out)
        args = []
        for p in finalize_params(c):
            v = c.args.get(p)
            if v is not None and self.p.value(v).type.kind == "vector":
                args.append(f"{ident(v)}_e[0]" if self.p.base(v) in self.produced else f"{self.cname(v)}[i0]")
            else:
                args.append(self.routine_arg(c, p, lambda v: f"{self.cname(v)}[i0]"))
        self.L(f"{self.ctype_of(out)} {o}_e[VEC];")
        self.L(f"{c.name}_finalize({', '.join([o + '_acc'] + args + [o + '_e[0]'])});")
        if out in self.stored:
            self.L(f"{o}[i0] = {o}_e[0];")


EMITTERS = {"scalar": ScalarEmitter, "vec": VecEmitter, "tile": TileEmitter, "rows": RowsEmitter}
