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
from ..fusion.plan import Domain, KernelPlan, call_domain
from ..ir import Program, ctype, ident, is_complex
from .routines import compute_params, finalize_params, routine_types

_OPS = {"+": "kf_op_add_t", "max": "kf_op_max_t", "min": "kf_op_min_t"}


@dataclasses.dataclass
class KArg:
    """A kernel parameter: an array pointer, a host scalar, or a workspace pointer.

    kind: ``in`` / ``out`` (value ``value``), ``host`` (scalar by value),
    ``partial`` / ``counter`` (workspace of ``nbytes`` bytes; counters start at 0).
    """

    cname: str
    decl: str
    kind: str
    value: str | None = None
    nbytes: int = 0
    dtype: str | None = None


@dataclasses.dataclass
class KernelSource:
    """Generated kernel text plus what the runtime needs to launch it."""

    name: str
    text: str
    args: list
    grid: tuple
    block: tuple
    plan: KernelPlan


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
        self.calls = [program.calls[c] for c in kplan.calls]
        self.fns = {c.id: library.get(c.fn) for c in self.calls}
        self.domain: Domain = call_domain(program, self.calls[0])
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

    Thread ``t`` of block ``b`` handles, in serial iteration ``it`` and item ``e``,
    element ``i = ((b * ITERS + it) * ITEMS + e) * BS + t`` (coalesced).  Sample
    (``r = dot(z, u)``, N = 1000)::

        extern "C" __global__ void __launch_bounds__(256)
        k2_r_dot(const float* __restrict__ z, const float* __restrict__ u, float* __restrict__ r,
                 float* __restrict__ kf_part_r, unsigned int* __restrict__ kf_count_r)
        {
            using idx_t = int;
            constexpr idx_t N = 1000;
            constexpr int BS = 256, ITEMS = 1, ITERS = 1, GRID = 4;
            float r_acc = kf_op_add_t<float>::identity();    // clear accumulated reduction
            for (int it = 0; it < ITERS; ++it) {
                #pragma unroll
                for (int e = 0; e < ITEMS; ++e) {
                    const idx_t i = (((idx_t)blockIdx.x * ITERS + it) * ITEMS + e) * BS + threadIdx.x;
                    if (i < N) {
                        // call 2: r = dot(z, u)   [dot: reduce, line 6]
                        const float z_e = z[i];
                        const float u_e = u[i];
                        r_dot_compute(z_e, u_e, r_acc);
                    }
                }
            }
            ... block reduction, partial per block, last block finalizes into r[0]
        }
    """

    def emit(self) -> KernelSource:
        prm = self.k.params
        BS, ITEMS, ITERS = int(prm["block"]), int(prm.get("items", 1)), int(prm["iters"])
        if BS < 32 or BS > 1024 or BS & (BS - 1):
            raise PlanError(f"{self.k.name}: block must be a power of two in [32, 1024], got {BS}")
        N = self.domain.length
        GRID = max(1, math.ceil(N / (BS * ITEMS * ITERS)))
        if GRID > 2**31 - 1:
            raise PlanError(f"{self.k.name}: grid too large")
        self.build_args()
        reduces = [c for c in self.calls if self.fns[c.id].is_reduce]
        for c in reduces:
            out = next(iter(c.outs.values()))
            if GRID > 1:
                t = self.ctype_of(out)
                self.add_workspace("partial", f"kf_part_{ident(out)}", t,
                                   GRID * self.p.value(out).type.nbytes())
                self.add_workspace("counter", f"kf_count_{ident(out)}", "", 4)
        L = self.L
        L(f"// kernel {self.k.name}: vec, N = {N}")
        L(f'extern "C" __global__ void __launch_bounds__({BS})\n{self.k.name}('
          + ",\n    ".join(a.decl for a in self.args) + ")")
        L.push("{")
        L(f"using idx_t = {'long long' if N * 2 >= 2**31 else 'int'};")
        L(f"constexpr idx_t N = {N};")
        L(f"constexpr int BS = {BS}, ITEMS = {ITEMS}, ITERS = {ITERS};")
        if reduces and GRID > 1:
            L(f"constexpr int GRID = {GRID};")
        else:
            L(f"// grid: {GRID} block(s)")
        self.emit_scalar_loads()
        for c in reduces:
            out = next(iter(c.outs.values()))
            L(f"{self.ctype_of(out)} {ident(out)}_acc = {_OPS[self.fns[c.id].combine]}"
              f"<{self.ctype_of(out)}>::identity();   // clear output of accumulated reduction")
        L.push("for (int it = 0; it < ITERS; ++it) {")
        L("#pragma unroll")
        L.push("for (int e = 0; e < ITEMS; ++e) {")
        L("const idx_t i = (((idx_t)blockIdx.x * ITERS + it) * ITEMS + e) * BS + threadIdx.x;")
        L.push("if (i < N) {")
        loaded = set()
        for c in self.calls:
            self.emit_call(c, loaded)
        L.pop()
        L.pop()
        L.pop()
        for c in reduces:
            self.emit_finish(c, GRID, BS)
        if GRID > 1 and reduces:
            self.emit_last_block(reduces, GRID, BS)
        L.pop()
        return KernelSource(self.k.name, L.text(), self.args, (GRID, 1, 1), (BS, 1, 1), self.k)

    def elem(self, v: str) -> str:
        return f"{ident(v)}_e"

    def emit_call(self, c, loaded: set):
        L, fn = self.L, self.fns[c.id]
        L(self.comment(c))
        for p in compute_params(c):
            v = c.args.get(p)
            if v is None or self.p.value(v).type.kind == "scalar" or v in loaded or v in self.produced:
                continue
            loaded.add(v)
            L(f"const {self.ctype_of(v)} {self.elem(v)} = {self.cname(v)}[i];")
        args = [self.routine_arg(c, p, self.elem) for p in compute_params(c)]
        out = next(iter(c.outs.values()))
        if fn.is_reduce:
            L(f"{c.name}_compute({', '.join(args + [ident(out) + '_acc'])});")
        else:
            L(f"{self.ctype_of(out)} {self.elem(out)};")
            L(f"{c.name}_compute({', '.join(args + [self.elem(out)])});")
            if out in self.stored:
                L(f"{ident(out)}[i] = {self.elem(out)};")

    def finalize_call(self, c, acc: str, target: str):
        """``target = finalize(acc)`` for a vec reduction (its finalize inputs are scalars)."""
        out = next(iter(c.outs.values()))
        args = [self.routine_arg(c, p, lambda v: f"{self.cname(v)}[0]") for p in finalize_params(c)]
        self.L(f"{self.ctype_of(out)} {ident(out)}_f;")
        self.L(f"{c.name}_finalize({', '.join([acc] + args + [ident(out) + '_f'])});")
        self.L(f"{target} = {ident(out)}_f;")

    def emit_finish(self, c, GRID, BS):
        L = self.L
        out = next(iter(c.outs.values()))
        t, op = self.ctype_of(out), _OPS[self.fns[c.id].combine]
        L(f"// finish the reduction of call {c.id} ({c.label}) in the block")
        L.push("{")
        L(f"__shared__ {t} kf_red_{ident(out)}[(BS + 31) / 32];")
        L(f"{ident(out)}_acc = kf_block_reduce<BS, {op}>({ident(out)}_acc, kf_red_{ident(out)});")
        if GRID == 1:
            L.push("if (threadIdx.x == 0) {")
            self.finalize_call(c, f"{ident(out)}_acc", f"{ident(out)}[0]")
            L.pop()
        else:
            L(f"if (threadIdx.x == 0) kf_part_{ident(out)}[blockIdx.x] = {ident(out)}_acc;")
        L.pop()

    def emit_last_block(self, reduces, GRID, BS):
        L = self.L
        L("// the last block to finish combines the partial results of all blocks")
        for c in reduces:
            out = next(iter(c.outs.values()))
            o, t, op = ident(out), self.ctype_of(out), _OPS[self.fns[c.id].combine]
            L.push(f"if (kf_last_block(kf_count_{o}, GRID)) {{")
            L(f"{t} acc = {op}<{t}>::identity();")
            L(f"for (int b = threadIdx.x; b < GRID; b += BS) acc = {op}<{t}>::apply(acc, kf_ldcg(&kf_part_{o}[b]));")
            L(f"__shared__ {t} kf_red2_{o}[(BS + 31) / 32];")
            L(f"acc = kf_block_reduce<BS, {op}>(acc, kf_red2_{o});")
            L.push("if (threadIdx.x == 0) {")
            self.finalize_call(c, "acc", f"{o}[0]")
            L.pop()
            L.pop()


# ============================================================================ tile
class TileEmitter(KernelEmitter):
    """A 2-D kernel over an S x F matrix domain (nested map and nested reduce).

    ``F`` is the fast (contiguous) axis of the lead matrix, ``S`` the slow one.
    A block of BX x BY threads handles a tile of TS = BY*KS rows by TF = BX*VEC
    columns; thread (tx, ty) holds elements ``s = sb + ty + k*BY``,
    ``f = fb + tx + v*BX`` in registers.  Serial iterations walk the tile
    along ``iter_axis``; vectors along the other axis are invariant and loaded
    once.  Reductions along the fast axis use warp shuffles, along the slow
    axis shared memory; when several blocks share an output, each writes a
    partial result and the last block of the strip combines and finalizes.
    Sample (``q = gemv(A, p)``, A 1000 x 3001 row-major, iterating along F)::

        extern "C" __global__ void __launch_bounds__(256)
        k0_q_gemv(const float* __restrict__ A, const float* __restrict__ p, float* __restrict__ q)
        {
            using idx_t = int;
            constexpr idx_t S = 1000, F = 3001;      // slow x fast extent (lead order C)
            constexpr int BX = 32, BY = 8, KS = 1, VEC = 1, TF = BX * VEC, TS = BY * KS;
            constexpr int ITERS = 94, GX = 1, GY = 125;
            const int tx = threadIdx.x, ty = threadIdx.y;
            const idx_t sb = (idx_t)blockIdx.y * TS;
            float q_acc[KS];
            for (int k = 0; k < KS; ++k) q_acc[k] = kf_op_add_t<float>::identity();
            for (int it = 0; it < ITERS; ++it) {
                const idx_t fb = ((idx_t)blockIdx.x * ITERS + it) * TF;
                // call 0: q = gemv(A, p)   [gemv: nested_reduce, line 4]
                float A_e[KS][VEC]; ... loads ...
                float p_f[VEC]; ...
                for k, v: if (s < S && f < F) q_gemv_compute(A_e[k][v], p_f[v], q_acc[k]);
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
        if IAX not in ("slow", "fast") or ITERS < 1 or KS < 1 or VEC < 1:
            raise PlanError(f"{self.k.name}: bad tile parameters {prm}")
        d = self.domain
        S, F = d.slow, d.fast
        TF, TS = BX * VEC, BY * KS
        GX = math.ceil(F / (TF * (ITERS if IAX == "fast" else 1)))
        GY = math.ceil(S / (TS * (ITERS if IAX == "slow" else 1)))
        if GY > 65535:
            raise PlanError(f"{self.k.name}: grid.y = {GY} exceeds 65535; raise iters or ks")
        self.P = dict(BX=BX, BY=BY, KS=KS, VEC=VEC, ITERS=ITERS, IAX=IAX, S=S, F=F, TF=TF, TS=TS, GX=GX, GY=GY)
        self.build_args()
        reduces = [c for c in self.calls if self.fns[c.id].is_reduce]
        for c in reduces:
            info = self.red_info(c)
            if info["g_red"] > 1:
                out = info["out"]
                self.add_workspace("partial", f"kf_part_{ident(out)}", self.ctype_of(out),
                                   info["g_red"] * self.p.value(out).type.nbytes())
                self.add_workspace("counter", f"kf_count_{ident(out)}", "", 4 * info["g_out"])
        L = self.L
        big = S * F * 2 >= 2**31
        L(f"// kernel {self.k.name}: tile {d.rows} x {d.cols} (lead order {d.lead}), iterating along {IAX}")
        L(f'extern "C" __global__ void __launch_bounds__({BX * BY})\n{self.k.name}('
          + ",\n    ".join(a.decl for a in self.args) + ")")
        L.push("{")
        L(f"using idx_t = {'long long' if big else 'int'};")
        L(f"constexpr idx_t S = {S}, F = {F};   // slow x fast extent")
        L(f"constexpr int BX = {BX}, BY = {BY}, KS = {KS}, VEC = {VEC}, TF = BX * VEC, TS = BY * KS;")
        L(f"constexpr int ITERS = {ITERS};   // serial iterations; grid {GX} x {GY}")
        L("const int tx = threadIdx.x, ty = threadIdx.y;")
        self.emit_scalar_loads()
        inv = "fb" if IAX == "slow" else "sb"
        if IAX == "slow":
            L("const idx_t fb = (idx_t)blockIdx.x * TF;          // invariant: the loop walks along S")
        else:
            L("const idx_t sb = (idx_t)blockIdx.y * TS;          // invariant: the loop walks along F")
        loaded = set()
        # invariant loads of vectors that do not move with the loop
        for c in self.calls:
            for p in compute_params(c):
                v = c.args.get(p)
                if v is None or v in loaded or v in self.produced:
                    continue
                t = self.p.value(v).type
                if t.kind == "vector" and self.vec_axis(c, p) != IAX:
                    self.load_vector(v, self.vec_axis(c, p), "invariant load")
                    loaded.add(v)
        for c in reduces:
            info = self.red_info(c)
            if info["accumulated"]:
                self.clear_acc(c, info)
        L.push("for (int it = 0; it < ITERS; ++it) {")
        if IAX == "slow":
            L("const idx_t sb = ((idx_t)blockIdx.y * ITERS + it) * TS;")
        else:
            L("const idx_t fb = ((idx_t)blockIdx.x * ITERS + it) * TF;")
        del inv
        iter_loaded = set(loaded)
        for c in self.calls:
            self.emit_call(c, iter_loaded)
        for c in reduces:
            info = self.red_info(c)
            if not info["accumulated"]:
                self.finish_in_block(c, info)
        L.pop()
        for c in reduces:
            info = self.red_info(c)
            if info["accumulated"]:
                self.finish_in_block(c, info)
        for c in reduces:
            info = self.red_info(c)
            if info["g_red"] > 1:
                self.emit_last_block(c, info)
        L.pop()
        return KernelSource(self.k.name, L.text(), self.args, (GX, GY, 1), (BX, BY, 1), self.k)

    # ------------------------------------------------------------------ helpers
    def vec_axis(self, c, p: str) -> str:
        """Physical axis ('slow'/'fast') a vector parameter follows."""
        fn = self.fns[c.id]
        prm = fn.param(p)
        if prm.kind == "vector":
            return self.domain.axis_of(prm.index)
        raise PlanError(f"{c.label}: parameter {p} is not a vector")

    def red_info(self, c) -> dict:
        fn = self.fns[c.id]
        P = self.P
        out = next(iter(c.outs.values()))
        oax = self.domain.axis_of(fn.output.index)
        rax = "fast" if oax == "slow" else "slow"
        g_red = P["GX"] if rax == "fast" else P["GY"]
        g_out = P["GY"] if rax == "fast" else P["GX"]
        return {"out": out, "oax": oax, "rax": rax, "g_red": g_red, "g_out": g_out,
                "accumulated": P["IAX"] == rax, "n": "KS" if oax == "slow" else "VEC",
                "len": P["S"] if oax == "slow" else P["F"]}

    def load_vector(self, v: str, axis: str, why: str):
        L, t = self.L, self.ctype_of(v)
        if axis == "slow":
            L(f"{t} {ident(v)}_s[KS];                                // {why}: {self.p.value(v).display} along S")
            L("#pragma unroll")
            L(f"for (int k = 0; k < KS; ++k) {{ const idx_t s = sb + ty + k * BY; "
              f"{ident(v)}_s[k] = s < S ? {self.cname(v)}[s] : {t}(0); }}")
        else:
            L(f"{t} {ident(v)}_f[VEC];                               // {why}: {self.p.value(v).display} along F")
            L("#pragma unroll")
            L(f"for (int v = 0; v < VEC; ++v) {{ const idx_t f = fb + tx + v * BX; "
              f"{ident(v)}_f[v] = f < F ? {self.cname(v)}[f] : {t}(0); }}")

    def addr(self, v: str) -> str:
        """Address of element (s, f) of matrix value ``v`` (a view uses its own layout)."""
        t = self.p.value(v).type
        rows, cols = t.shape
        i, j = ("s", "f") if self.domain.lead == "C" else ("f", "s")
        return f"(idx_t){i} * {cols} + {j}" if t.order == "C" else f"(idx_t){j} * {rows} + {i}"

    def elem(self, c, p: str) -> str:
        v = c.args[p]
        t = self.p.value(v).type
        if t.kind == "matrix":
            return f"{ident(v)}_e[k][v]"
        axis = self.vec_axis(c, p)
        return f"{ident(v)}_s[k]" if axis == "slow" else f"{ident(v)}_f[v]"

    def clear_acc(self, c, info):
        out, t = info["out"], self.ctype_of(info["out"])
        op = _OPS[self.fns[c.id].combine]
        self.L(f"{t} {ident(out)}_acc[{info['n']}];          // clear output of reduction {c.label}")
        self.L("#pragma unroll")
        self.L(f"for (int r = 0; r < {info['n']}; ++r) {ident(out)}_acc[r] = {op}<{t}>::identity();")

    def emit_call(self, c, loaded: set):
        L, fn = self.L, self.fns[c.id]
        L(self.comment(c))
        for p in compute_params(c):
            v = c.args.get(p)
            if v is None or v in loaded or v in self.produced:
                continue
            t = self.p.value(v).type
            if t.kind == "matrix":
                ct = self.ctype_of(v)
                L(f"{ct} {ident(v)}_e[KS][VEC];                        // load {self.p.value(v).display}")
                L("#pragma unroll")
                L.push("for (int k = 0; k < KS; ++k) {")
                L("#pragma unroll")
                L.push("for (int v = 0; v < VEC; ++v) {")
                L("const idx_t s = sb + ty + k * BY, f = fb + tx + v * BX;")
                L(f"{ident(v)}_e[k][v] = (s < S && f < F) ? {self.cname(v)}[{self.addr(v)}] : {ct}(0);")
                L.pop()
                L.pop()
                loaded.add(v)
            elif t.kind == "vector":
                self.load_vector(v, self.vec_axis(c, p), "load")
                loaded.add(v)
        out = next(iter(c.outs.values()))
        args = [self.routine_arg(c, p, lambda v, p=p: self.elem(c, p)) for p in compute_params(c)]
        info = self.red_info(c) if fn.is_reduce else None
        if info and not info["accumulated"]:
            self.clear_acc(c, info)
        if not fn.is_reduce:
            L(f"{self.ctype_of(out)} {ident(out)}_e[KS][VEC];")
        L("#pragma unroll")
        L.push("for (int k = 0; k < KS; ++k) {")
        L("#pragma unroll")
        L.push("for (int v = 0; v < VEC; ++v) {")
        L("const idx_t s = sb + ty + k * BY, f = fb + tx + v * BX;")
        if fn.is_reduce:
            acc = f"{ident(out)}_acc[{'k' if info['oax'] == 'slow' else 'v'}]"
            L(f"if (s < S && f < F) {c.name}_compute({', '.join(args + [acc])});")
        else:
            L(f"{c.name}_compute({', '.join(args + [ident(out) + '_e[k][v]'])});")
            if out in self.stored:
                L(f"if (s < S && f < F) {ident(out)}[{self.addr(out)}] = {ident(out)}_e[k][v];")
        L.pop()
        L.pop()

    def finalize(self, c, acc: str, o: str, target: str):
        """Emit ``target = finalize(acc)`` at output index ``o``, loading finalize-stage vectors there."""
        out = next(iter(c.outs.values()))
        args = []
        for p in finalize_params(c):
            v = c.args.get(p)
            if v is not None and self.p.value(v).type.kind == "vector":
                args.append(f"{self.cname(v)}[{o}]")
            else:
                args.append(self.routine_arg(c, p, lambda v: f"{self.cname(v)}[{o}]"))
        self.L(f"{self.ctype_of(out)} {ident(out)}_o;")
        self.L(f"{c.name}_finalize({', '.join([acc] + args + [ident(out) + '_o'])});")
        self.L(f"{target} = {ident(out)}_o;")

    def finish_in_block(self, c, info):
        """Reduce the per-thread partials across the block; store, or write block partials."""
        L, P = self.L, self.P
        out, t = info["out"], self.ctype_of(info["out"])
        o = ident(out)
        op = _OPS[self.fns[c.id].combine]
        L(f"// finish reduction {c.label} across the block")
        L.push("{")
        if info["rax"] == "fast":
            L("#pragma unroll")
            L(f"for (int k = 0; k < KS; ++k) {o}_acc[k] = kf_lane_reduce<BX, {op}>({o}_acc[k]);")
            L.push("if (tx == 0) {")
            L("#pragma unroll")
            L.push("for (int k = 0; k < KS; ++k) {")
            L("const idx_t s = sb + ty + k * BY;")
            L.push("if (s < S) {")
            if info["g_red"] == 1:
                self.finalize(c, f"{o}_acc[k]", "s", f"{o}[s]")
            else:
                L(f"kf_part_{o}[(idx_t)blockIdx.x * S + s] = {o}_acc[k];")
            L.pop()
            L.pop()
            L.pop()
        else:
            L(f"__shared__ {t} kf_sm_{o}[BY][TF];")
            L("#pragma unroll")
            L(f"for (int v = 0; v < VEC; ++v) kf_sm_{o}[ty][tx + v * BX] = {o}_acc[v];")
            L("__syncthreads();")
            L.push("if (ty == 0) {")
            L("#pragma unroll")
            L.push("for (int v = 0; v < VEC; ++v) {")
            L(f"{t} a = kf_sm_{o}[0][tx + v * BX];")
            L(f"for (int y = 1; y < BY; ++y) a = {op}<{t}>::apply(a, kf_sm_{o}[y][tx + v * BX]);")
            L("const idx_t f = fb + tx + v * BX;")
            L.push("if (f < F) {")
            if info["g_red"] == 1:
                self.finalize(c, "a", "f", f"{o}[f]")
            else:
                L(f"kf_part_{o}[(idx_t)blockIdx.y * F + f] = a;")
            L.pop()
            L.pop()
            L.pop()
            L("__syncthreads();")
        L.pop()
        del P

    def emit_last_block(self, c, info):
        """Last block of each output strip combines the partials of the strip and finalizes."""
        L, P = self.L, self.P
        out, t = info["out"], self.ctype_of(info["out"])
        o = ident(out)
        op = _OPS[self.fns[c.id].combine]
        strip = "blockIdx.y" if info["oax"] == "slow" else "blockIdx.x"
        tile = "TS" if info["oax"] == "slow" else "TF"
        span = f"{tile} * ITERS" if P["IAX"] == info["oax"] else tile
        L(f"// the last block of each strip along the reduced axis finishes {c.label}")
        L.push(f"if (kf_last_block(kf_count_{o} + {strip}, {info['g_red']})) {{")
        L(f"const idx_t lo = (idx_t){strip} * ({span});")
        L(f"const idx_t hi = lo + ({span}) < {info['len']} ? lo + ({span}) : {info['len']};")
        L.push("for (idx_t x = lo + tx + ty * BX; x < hi; x += BX * BY) {")
        L(f"{t} acc = {op}<{t}>::identity();")
        L(f"for (int b = 0; b < {info['g_red']}; ++b) acc = {op}<{t}>::apply(acc, "
          f"kf_ldcg(&kf_part_{o}[(idx_t)b * {info['len']} + x]));")
        self.finalize(c, "acc", "x", f"{o}[x]")
        L.pop()
        L.pop()


EMITTERS = {"scalar": ScalarEmitter, "vec": VecEmitter, "tile": TileEmitter}
