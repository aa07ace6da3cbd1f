"""The ``gemm`` space's lowering: a kernel plan -> a :class:`GemmKernelSpec` -> ``emit_gemm``.

The emitter (:mod:`kfuse.codegen.gemm.ffma`) writes the block-tiled product from the spec; this
adapter says what the plan holds: the operands' pointers, whether each is read transposed (a
``.T`` view: no copy), their memory orders and leading dimensions, the scheme (the kernel's
launch parameters), and the epilogue -- the gemm's own finalize (``alpha * acc + beta * C``) and
the fused map calls, as calls of their routines on registers, each stored where a later kernel
or the caller needs it::

    const float alpha_v = alpha;
    float D_e;
    D_gemm_finalize(acc, alpha_v, 0.0f, 0.0f, D_e);          // call 0: D = A @ B  [gemm]
    float t2_e;
    t2_add_compute(D_e, bias[(long long)(i) * 70 + (j)], t2_e);   // call 1
    float E_e;
    E_maximum_compute(t2_e, 0.0f, E_e);                       // call 2
    E[(long long)(i) * 70 + (j)] = E_e;

A row or column reduction of an epilogue value (``y = C @ x``: gemv; ``z = w @ C``: gemv_t)
adds into per-thread partials in the same statements (``y_gemv_compute(C_e, x[j], y_acc[r]);``);
the emitter combines them across the block (:mod:`kfuse.codegen.gemm.reduce`) and each row
(column) is finished once per block: finalized and stored where one block spans the summed axis,
else added by an atomic into the output zeroed before the kernel (the first block along the
summed axis adds ``finalize(sum)``, the others ``finalize(sum) - finalize(0)`` with the
finalize-stage vectors as 0: ``beta * y`` is added once; linear finalizes only, the space
refuses others).
"""
from __future__ import annotations

import dataclasses

from ...errors import PlanError
from ...ir import FLIP_UPLO, ident, itemsize
from ...spaces.gemm.space import LOADER_RULES, gemm_call, rule_of, scheme_of
from ...spaces.gemm.group import is_group
from ...spaces.gemm.prologue import operand_calls
from .. import gemm as gemm_emitter
from . import prologue as gemm_prologue
from ..common import CodeBlock, KArg, KernelSource
from ..emitter import KernelEmitter
from ..finish import atomic_contribution, finalize_call
from .group import GemmGroupLowering
from .prior import PRIOR_RULES, prior_kernel
from .reduce import GemmReduction
from ..routines import compute_params, finalize_params


def element_index(program, value: str, i: str, j: str) -> str:
    """The C index of element (i, j) of matrix ``value`` in its storage: by its own type's
    shape and order (a transpose view's type is flipped already), a window's by its base's
    shape plus its offsets."""
    val = program.value(value)
    if val.window is not None:
        base = program.value(val.view_of).type
        (r0, _), (c0, _) = val.window
        i, j = (f"{i} + {r0}" if r0 else i), (f"{j} + {c0}" if c0 else j)
        rows, cols, order = base.shape[0], base.shape[1], base.order
    else:
        rows, cols = val.type.shape
        order = val.type.order
    if order == "C":
        return f"(long long)({i}) * {cols} + ({j})"
    return f"({i}) + (long long)({j}) * {rows}"


def vector_index(program, value: str, idx: str) -> str:
    """The C index of element ``idx`` of vector ``value`` (a window's offset added)."""
    val = program.value(value)
    if val.window is not None and val.window[0][0]:
        return f"{idx} + {val.window[0][0]}"
    return idx


class GemmLowering(KernelEmitter):
    """A gemm kernel: one matrix product (its call ``self.gemm``) and its epilogue calls."""

    def __init__(self, program, kplan, needed_outside):
        super().__init__(program, kplan, needed_outside)
        self.gemm = program.calls[gemm_call(program, kplan.calls, self.info)]
        #: operand -> the call ids of its elementwise prologue (codegen/gemm/prologue.py)
        self.prologue = operand_calls(program, kplan.calls, self.gemm.id, self.info)
        self.prologue_args: list = []   # the KArgs the prologues' parameters name
        pro = {c for chain in self.prologue.values() for c in chain}
        self.epilogue_calls = [c for c in self.calls if c.id != self.gemm.id and c.id not in pro]
        self.priors: list = []   # KernelSources of prior-kernel rules (symmetrize, zero_fill)
        #: the epilogue's reductions whose output is stored (row / column sums of epilogue values)
        self.reduce_calls = [c for c in self.epilogue_calls if self.fns[c.id].is_reduce and c.out in self.stored]

    # ---------------------------------------------------------------- the spec
    def operand(self, param: str, taken: set) -> tuple:
        """(:class:`GemmOperand`, its KArg) of operand ``param`` (``A`` or ``B``): a transpose
        view is read transposed from its base; ``ld`` is the stored array's row length (C
        order) or column length (F).  A base already passed (``A.T @ A``) gets a second name."""
        if param in self.prologue:   # an elementwise map applied as the tile loads
            fields, kargs = gemm_prologue.build(self, param, self.prologue[param], taken)
            self.prologue_args += kargs
            return gemm_emitter.GemmOperand(**fields), kargs[0]
        v = self.gemm.args[param]
        val = self.program.value(v)
        base = self.program.base(v)
        bt = self.program.value(base).type
        trans = bool(val.view_of) and val.window is None
        ld = int(bt.shape[1]) if bt.order == "C" else int(bt.shape[0])
        name = ident(base)
        if name in taken:
            name = f"{name}_{param.lower()}"
        taken.add(name)
        arg = KArg(name, f"const {self.ctype_of(base)}* __restrict__ {name}", "in", base, dtype=bt.dtype)
        fields = self.structure_fields(param, trans)
        if "prior" in fields:   # the gemm reads the full matrix a prior kernel writes (16-byte aligned)
            return (gemm_emitter.GemmOperand(f"{name}_full", trans, bt.order, ld),
                    self.prior_pass(param, name, arg, bt, fields["prior"]))
        op = gemm_emitter.GemmOperand(name, trans, bt.order, ld, align=self.operand_align(base), **fields)
        return op, arg

    def prior_pass(self, param: str, name: str, arg: KArg, bt, prior: tuple) -> KArg:
        """Add the kernel of a prior-kernel rule for operand ``param`` (read as ``arg``) to
        :attr:`priors`; return the gemm kernel's argument for the full matrix it writes (a
        workspace both kernels share, named after the planned kernel and the operand)."""
        rule, stored_uplo, diag = prior
        n, ct = int(bt.shape[0]), self.ctype_of(arg.value)
        full, shared = f"{name}_full", f"{self.kplan.name}_{param}_full"
        nbytes = n * n * itemsize(bt.dtype)
        text, grid, block = prior_kernel(shared, name, full, n, bt.order, stored_uplo, rule, diag, ct,
                                         [self.comment(self.gemm)])
        out = KArg(full, f"{ct}* __restrict__ {full}", "partial", shared, nbytes, bt.dtype)
        self.priors.append(KernelSource(shared, text, [arg, out], grid, block, self.kplan))
        return KArg(full, f"const {ct}* __restrict__ {full}", "partial", shared, nbytes, bt.dtype)

    def structure_fields(self, param: str, trans: bool) -> dict:
        """The spec's ``structure``/``uplo``/``diag`` of operand ``param``: the function's adaptor
        (its triangle as the operand reads it; the STORED matrix's is the other one for a ``.T``
        view) when the plan's rule for it reads the structure in the loader (mirror / skip)."""
        adaptor = self.fns[self.gemm.id].adaptors.get(param)
        if adaptor is None:
            return {}
        structure, uplo, diag = adaptor
        rule = rule_of(self.kplan.params, param, structure)
        stored = FLIP_UPLO[uplo] if trans else uplo
        if rule in PRIOR_RULES:
            return {"prior": (rule, stored, diag)}
        if rule not in LOADER_RULES:
            raise PlanError(f"kernel {self.kplan.name}: rule {rule!r} for {param} is unknown")
        return {"structure": structure, "uplo": stored, "diag": diag}

    def second_pair(self, a, b) -> tuple | None:
        """SYR2K's swapped pair (op(B)^T, op(A)^T): the same pointers, read the other way."""
        if not self.fns[self.gemm.id].second:
            return None
        return (dataclasses.replace(b, trans=not b.trans), dataclasses.replace(a, trans=not a.trans))

    def operand_align(self, base: str) -> int:
        """Bytes an operand's pointer is aligned to: 16 (the runtime checks it and runs the
        plan with ``unaligned`` 1 for an offset view), or its element's size under ``unaligned``."""
        return itemsize(self.program.value(base).type.dtype) if self.kplan.params.get("unaligned") else 16

    def output_value(self) -> str:
        """The value the emitter's output pointer ``c`` is: the product when stored, else the
        first stored matrix of the epilogue, else its first stored output (a reduction's)."""
        if self.gemm.out in self.stored:
            return self.gemm.out
        return next((v for v in self.stored if self.kind_of(v) == "matrix"), self.stored[0])

    def plain(self) -> bool:
        """Whether the kernel is the bare product stored (no epilogue, no alpha, beta or C)."""
        return not self.epilogue_calls and set(self.gemm.args) == {"A", "B"} and self.stored == [self.gemm.out]

    def spec(self) -> tuple:
        """(:class:`GemmKernelSpec`, the KArgs by parameter name)."""
        geo = self.launch_geometry()
        self.build_args()
        taken: set = set()
        a, karg_a = self.operand("A", taken)
        b, karg_b = self.operand("B", taken)
        out = self.output_value()
        ot = self.program.value(out).type
        c_order, c_ld = (ot.order, max(1, int(ot.shape[1]) if ot.order == "C" else int(ot.shape[0]))) \
            if ot.rank == 2 else ("C", None)   # an empty result (a zero dimension): no row is stored
        by_name = {k.cname: k for k in self.args}
        by_name.update({k.cname: k for k in self.prologue_args})
        by_name[karg_a.cname], by_name[karg_b.cname] = karg_a, karg_b
        c_name = ident(out)
        taken.add(c_name)
        epilogue = None
        if not self.plain():
            params = tuple((_decl_type(k.decl, k.cname), k.cname) for k in self.args if k.cname not in taken)
            epilogue = gemm_emitter.GemmEpilogue(params, self.epilogue_lines, self.mirror_lines,
                                                 tuple(self.reduction(c) for c in self.reduce_calls))
        m, n, k = self.domain.shape
        spec = gemm_emitter.GemmKernelSpec(
            name=self.kplan.name, dtype=self.info.dtype(self.gemm.id), m=m, n=n, k=k, a=a, b=b, c=c_name,
            c_order=c_order, c_ld=c_ld,
            scheme=scheme_of(self.kplan.params), epilogue=epilogue,
            comment=tuple(self.comment(c) for c in self.calls), **self.output_fields(a, b))
        self.geometry_planned = geo
        return spec, by_name

    def output_fields(self, a, b) -> dict:
        """``c_uplo`` (a symmetric result: syrk, syr2k) and ``second`` (syr2k) when set."""
        fn = self.fns[self.gemm.id]
        out = {}
        if fn.c_uplo:
            out["c_uplo"] = fn.c_uplo
        second = self.second_pair(a, b)
        if second is not None:
            out["second"] = second
        return out

    # ---------------------------------------------------------------- the epilogue
    def epilogue_lines(self, i: str, j: str, acc: str) -> list:
        """The statements for element (i, j) given the accumulated sum ``acc``: scalar loads,
        the gemm's finalize, each epilogue call's compute routine, the stores."""
        lines = []
        self.emit_scalar_loads(lines.append)

        def elem_of(c):
            def elem(v):
                base = self.program.base(v)
                if base in self.produced:
                    return f"{ident(base)}_e"
                if self.kind_of(v) == "vector":
                    p = next(p for p, x in c.args.items() if x == v)
                    idx = i if self.fns[c.id].param(p).index == "i" else j
                    return f"{self.cname(v)}[{vector_index(self.program, v, idx)}]"
                return f"{self.cname(v)}[{element_index(self.program, v, i, j)}]"
            return elem

        g = self.gemm
        out = ident(g.out)
        fargs = [self.routine_arg(g, p, elem_of(g)) for p in finalize_params(self.fns[g.id])]
        lines.append(f"{self.ctype_of(g.out)} {out}_e;")
        lines.append(f"{g.name}_finalize({', '.join([acc] + fargs + [out + '_e'])});   {self.comment(g)}")
        self.store_line(lines, g.out, i, j)
        for c in self.epilogue_calls:
            args = [self.routine_arg(c, p, elem_of(c)) for p in compute_params(self.fns[c.id])]
            o = ident(c.out)
            if self.fns[c.id].is_reduce:
                if c in self.reduce_calls:
                    part = f"{o}_acc[{'r' if self.row_sum(c) else 'q'}]"
                    lines.append(f"{c.name}_compute({', '.join(args + [part])});   {self.comment(c)}")
                continue
            lines.append(f"{self.ctype_of(c.out)} {o}_e;")
            lines.append(f"{c.name}_compute({', '.join(args + [o + '_e'])});   {self.comment(c)}")
            self.store_line(lines, c.out, i, j)
        return lines

    # ---------------------------------------------------------------- reductions
    def row_sum(self, c) -> bool:
        """Whether reduction ``c`` sums along j (one value per row i: gemv), not along i."""
        return self.fns[c.id].reduce_axis == "j"

    def summing_blocks(self, c) -> int:
        """Blocks of the grid along the axis reduction ``c`` sums over (1: a block's sum is final)."""
        s = scheme_of(self.kplan.params)
        m, n, _ = self.domain.shape
        return max(1, -(-n // s.bn)) if self.row_sum(c) else max(1, -(-m // s.bm))

    def reduction(self, c) -> GemmReduction:
        """The emitter's :class:`GemmReduction` of call ``c``: its finish finalizes and stores the
        block's sum where one block spans the summed axis, else adds it atomically."""
        o = ident(c.out)
        atomic = self.summing_blocks(c) > 1

        def finish(index: str, total: str, origin: str) -> list:
            code = CodeBlock()
            self.emit_scalar_loads(code)   # the finalize's scalars (alpha), outside the element loop's scope
            if atomic:
                atomic_contribution(self, code, c, total, index, origin)
            else:
                finalize_call(self, code, c, total, index, f"{o}[{index}]")
            return code.lines()
        return GemmReduction(f"{o}_acc", "row" if self.row_sum(c) else "col", finish, self.ctype_of(c.out))

    def zeroed(self) -> list:
        """Outputs the kernel's atomics sum into (zeroed before it by the module's zeroing kernel)."""
        return [c.out for c in self.reduce_calls if self.summing_blocks(c) > 1]

    def mirror_lines(self, i: str, j: str) -> list:
        """The stores at (j, i) of the values :meth:`epilogue_lines` computed at (i, j) (a
        symmetric result: ``c_uplo`` "mirror_lower")."""
        lines: list = []
        for c in [self.gemm] + self.epilogue_calls:
            self.store_line(lines, c.out, j, i)
        return lines

    def store_line(self, lines: list, value: str, i: str, j: str) -> None:
        """``D[(long long)(i) * N + (j)] = D_e;`` when a later kernel or the caller needs ``value``."""
        if value in self.stored:
            lines.append(f"{ident(value)}[{element_index(self.program, value, i, j)}] = {ident(value)}_e;")

    # ---------------------------------------------------------------- the kernel
    def emit(self) -> KernelSource:
        """The spec, emitted; the kernel's parameters in the emitter's order."""
        if is_group(self.kplan.calls, self.info):   # several products in one launch: codegen/gemm/group.py
            return GemmGroupLowering(self.program, self.kplan, set(self.stored), GemmLowering).emit()
        spec, by_name = self.spec()
        src = gemm_emitter.emit_gemm(spec)
        for name, kind, nbytes in src.workspace:   # split-k's partial tiles and tile counters
            by_name[name] = KArg(name, name, kind, None, nbytes)
        args = []
        for decl, name in src.params:
            k = by_name[name]
            args.append(KArg(k.cname, decl, k.kind, k.value, k.nbytes, k.dtype, k.align))
        aligned = {} if self.kplan.params.get("unaligned") else \
            {self.program.base(self.gemm.args[p]): 16 for p in ("A", "B")}
        main = KernelSource(self.kplan.name, src.code, args, tuple(src.grid), tuple(src.block), self.kplan,
                            shared_bytes=src.shared_bytes, aligned=aligned, zero=self.zeroed())
        return [*self.priors, main] if self.priors else main


def _decl_type(decl: str, name: str) -> str:
    """The type part of a parameter declaration (``const float* __restrict__ Z`` -> ``const
    float* __restrict__``): the emitter's parameters are (type, name) pairs."""
    decl = decl.strip()
    return decl[:-len(name)].rstrip() if decl.endswith(name) else decl
