"""What every lowering knows of its kernel: the calls, which values it reads and writes, its
parameters, and how scalars and routine arguments are spelled.  The lowerings (one per family:
:mod:`kfuse.codegen.registry`) subclass :class:`KernelEmitter` and print their loop nest."""
from __future__ import annotations

from .. import spaces
from ..fusion.plan import KernelPlan
from ..ir import Program, ctype, ident
from .body import KernelBody
from .common import DTYPE_OF_CTYPE, OPS, KArg, literal
from .routines import compute_params, routine_types


class KernelEmitter:
    """Shared machinery: which values a kernel reads and writes, its parameters, scalar loads
    and routine calls.  Subclasses fill ``self.body`` (a :class:`KernelBody`)."""

    def __init__(self, program: Program, kplan: KernelPlan, needed_outside: set):
        self.program = program
        self.kplan = kplan
        self.calls = [program.calls[c] for c in kplan.calls]
        self.info = spaces.program_info(program)
        self.fns = {c.id: self.info.fn(c.id) for c in self.calls}
        self.space = spaces.get(kplan.space)
        self.domain: spaces.Domain = spaces.kernel_domain(program, kplan.calls)
        self.produced = {v for c in self.calls for v in c.outs.values()}
        self.stored = [v for c in self.calls for v in c.outs.values() if v in needed_outside]
        self.reads = self._reads()
        self.args: list = []
        self.body = KernelBody(kplan.name)

    def launch_geometry(self) -> spaces.Geometry:
        """The kernel's launch geometry, as its space computes it for the model too (grid,
        block, workspace, and the space's ``detail``; the plan was validated up front).  Kept in
        ``self.space_geometry`` (:func:`kfuse.codegen.registry.lower` copies its dynamic shared
        memory and target to the kernel source)."""
        self.space_geometry = self.space.geometry(self.program, self.kplan.calls, self.kplan.params,
                                                  self.domain, self.info)
        return self.space_geometry

    def _reads(self) -> list:
        """Values the kernel reads that it does not produce (constants are literals), in call order."""
        reads = []
        for c in self.calls:
            for v in c.args.values():
                b = self.program.base(v)
                if b not in self.produced and b not in reads and self.program.value(b).role != "const":
                    reads.append(b)
        return reads

    # ----------------------------------------------------------- names and types
    def cname(self, value: str) -> str:
        return ident(self.program.base(value))

    def ctype_of(self, value: str) -> str:
        return ctype(self.program.value(value).type.dtype)

    def kind_of(self, value: str) -> str:
        """``scalar``, ``vector``, ``matrix`` or ``sparse``."""
        return self.program.value(value).type.kind

    def build_args(self):
        """Kernel parameters: read values, then stored outputs (workspace is added later)."""
        for v in self.reads:
            val = self.program.value(v)
            t = ctype(val.type.dtype)
            if val.host:
                self.args.append(KArg(f"{ident(v)}", f"const {t} {ident(v)}", "host", v, dtype=val.type.dtype))
            else:
                self.args.append(KArg(ident(v), f"const {t}* __restrict__ {ident(v)}", "in", v,
                                      dtype=val.type.dtype))
        for v in self.stored:
            t = self.ctype_of(v)
            self.args.append(KArg(ident(v), f"{t}* __restrict__ {ident(v)}", "out", v,
                                  dtype=self.program.value(v).type.dtype))

    def add_geometry_workspace(self, geometry: spaces.Geometry):
        """The scratch parameters the space's ``geometry`` lists, in its order: partial results
        (``kf_part_<out>``) and accumulators (``kf_sum_<out>``) of the type of the reduction
        output they are named after, and the last-block counters."""
        typed = {}
        for c in self.calls:
            typed[f"kf_part_{ident(c.out)}"] = typed[f"kf_sum_{ident(c.out)}"] = self.ctype_of(c.out)
        for kind, cname, nbytes in geometry.workspace:
            self.add_workspace(kind, cname, typed.get(cname, ""), nbytes)

    def add_workspace(self, kind: str, cname: str, ctype_: str, nbytes: int) -> str:
        """A workspace parameter (``partial``/``accum`` of ``ctype_``, or ``counter``)."""
        decl = (f"unsigned int* __restrict__ {cname}" if kind == "counter"
                else f"{ctype_}* __restrict__ {cname}")
        self.args.append(KArg(cname, decl, kind, None, nbytes))
        return cname

    def open_body(self, comment: str, threads: int, min_blocks: int = 0, wrap: bool = True):
        """Set the kernel's description, launch bounds and parameters (printed by ``render``)."""
        self.body.comment, self.body.threads, self.body.min_blocks = comment, threads, min_blocks
        self.body.args, self.body.wrap_args = self.args, wrap

    def scalar_expr(self, value: str, call=None) -> str:
        """How a scalar argument is spelled inside the kernel (literal, or its kernel-level name)."""
        val = self.program.value(value)
        if val.role == "const":
            dtype = DTYPE_OF_CTYPE[routine_types(self.program, call)[0]] if call is not None else val.type.dtype
            return literal(val.const, dtype)
        return f"{self.cname(value)}_v"

    def emit_scalar_loads(self, code):
        """Line 4 of Algorithm 1 for scalars: host values by name, device scalars loaded once::

            const float rho_v = rho[0];                  // load rho
        """
        done = set()
        for c in self.calls:
            for v in c.args.values():
                val = self.program.value(v)
                b = self.program.base(v)
                if val.type.kind != "scalar" or val.role == "const" or b in done:
                    continue
                done.add(b)
                if b in self.produced:
                    continue  # scalar produced in this kernel: not possible without a barrier
                t = self.ctype_of(v)
                if val.host:
                    code(f"const {t} {ident(b)}_v = {ident(b)};")
                else:
                    code(f"const {t} {ident(b)}_v = {ident(b)}[0];                  // load {val.display}")

    def prologue_calls(self) -> list:
        """Scalar calls hosted by a vector, matrix or sparse kernel."""
        if self.space.prologue:
            return []
        return [c for c in self.calls if spaces.get(self.info.domain(c.id).space).prologue]

    def body_calls(self) -> list:
        """The calls of the loop (those not in the scalar prologue), in call order."""
        pro = {c.id for c in self.prologue_calls()}
        return [c for c in self.calls if c.id not in pro]

    def emit_scalar_call(self, code, c, store: str, stores=None):
        """One scalar call, its result in ``out_v``; ``store``: the C that stores it (``{o}``
        is the output's identifier) when a later kernel needs it, in ``stores`` (default:
        ``code``)::

            float alpha_v;
            alpha_div_compute(rho_v, pq_v, alpha_v);
            alpha[0] = alpha_v;
        """
        out = c.out
        elem = (lambda v: f"{self.cname(v)}_v") if c.fn != "pick" else (lambda v: self.picked(code, c, v))
        args = [self.routine_arg(c, p, elem) for p in compute_params(self.fns[c.id])]
        code(f"{self.ctype_of(out)} {ident(out)}_v;")
        code(f"{c.name}_compute({', '.join(args + [ident(out) + '_v'])});")
        if out in self.stored:
            (code if stores is None else stores)(store.format(o=ident(out)))

    def picked(self, code, c, v: str) -> str:
        """The element of ``pick(x, i)`` (``fict[t]``), its index first placed by NumPy's rule
        (a negative index counts from the end) and clamped into ``x``: the runtime refuses an
        index out of range before the launch, and the clamp keeps a bypassed check from
        reading outside ``x``::

            long long z_at = t_v < 0 ? t_v + 1000 : t_v;   // fict[t]
            z_at = z_at < 0 ? 0 : (z_at > 999 ? 999 : z_at);
            ... fict[z_at] ...
        """
        n = int(self.program.value(v).type.shape[0])
        index = self.program.value(c.args["i"])
        if index.role == "const":   # a static index (c[k] of F * c): in range, from the front end
            return f"{self.cname(v)}[{int(index.const) % n}]"
        i, at = self.scalar_expr(c.args["i"], c), f"{ident(c.out)}_at"
        code(f"long long {at} = {i} < 0 ? {i} + {n} : {i};   // index into {self.program.value(v).display}")
        code(f"{at} = {at} < 0 ? 0 : ({at} > {n - 1} ? {n - 1} : {at});")
        return f"{self.cname(v)}[{at}]"

    def emit_prologue(self, code):
        """Scalar calls of the kernel, computed redundantly by every thread (they only read
        scalars that earlier kernels or the caller provide); one thread stores those needed later."""
        for c in self.prologue_calls():
            code(self.comment(c) + "   (scalar prologue)")
            self.emit_scalar_call(code, c, "if (blockIdx.x == 0 && blockIdx.y == 0 && threadIdx.x == 0 && "
                                  "threadIdx.y == 0) {o}[0] = {o}_v;")

    def routine_arg(self, call, param: str, elem) -> str:
        """Argument for ``param`` of ``call``'s routine: scalar name/literal, or element variable."""
        fn = self.fns[call.id]
        if param not in call.args:
            pd = fn.param(param)
            T = routine_types(self.program, call)[0]
            return literal(pd.default if pd.default is not None else 0, DTYPE_OF_CTYPE[T])
        v = call.args[param]
        if self.kind_of(v) == "scalar":
            return self.scalar_expr(v, call)
        return elem(v)

    def comment(self, call) -> str:
        """``// call 2: r = dot(z, u)   [dot: reduce, line 6]``"""
        fn = self.fns[call.id]
        loc = f", line {call.loc[0]}" if call.loc else ""
        return f"// call {call.id}: {call.label}   [{fn.name}: {fn.hof}{loc}]"

    def reduce_names(self, c) -> tuple:
        """(output identifier, its C type, its combine operator) of the reduction call ``c``."""
        return ident(c.out), self.ctype_of(c.out), OPS[self.fns[c.id].combine]
