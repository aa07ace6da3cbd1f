"""The ``trsm`` space's lowering: one planned triangular solve -> a LIST of kernels run in order.

``X = alpha * B`` (:func:`kfuse.codegen.trsm_leaf.emit_copy_kernel`), then the steps of
:func:`kfuse.spaces.trsm.solve_steps`: leaves (:mod:`kfuse.codegen.trsm_leaf`) and GEMM updates
``X'[c0.., :] -= A'[c0.., k0..] @ X'[k0.., :]`` written by the FFMA emitter
(:func:`kfuse.codegen.gemm.emit_gemm`) on sub-blocks (operand ``offset``s) with an epilogue that
subtracts in place.  Side right is the transposed problem by index maps: its update is written
the natural way round, ``X[:, c0..] -= X[:, k0..] @ op(A)[k0.., c0..]`` (row-major stores).
"""
from __future__ import annotations

from ..ir import itemsize
from ..spaces.gemm import scheme_of
from ..spaces.trsm import left_lower, solve_steps
from . import gemm as gemm_emitter
from .common import KArg, KernelSource, literal
from .emitter import KernelEmitter
from .lower_gemm import element_index
from .trsm_leaf import emit_copy_kernel, emit_leaf_function, emit_leaf_kernel, leaf_shared_bytes

LEAF_THREADS = 32   # right-hand sides per leaf block (one per thread): more blocks over the SMs


def op_strides(program, value: str) -> tuple:
    """(row stride, column stride) of the matrix ``value`` as read (a ``.T`` view: its base's
    swapped) in its base's storage."""
    val = program.value(value)
    bt = program.value(program.base(value)).type
    rows, cols = bt.shape
    sr, sc = (int(cols), 1) if bt.order == "C" else (1, int(rows))
    return (sc, sr) if val.view_of and val.window is None else (sr, sc)


def gemm_operand(name: str, strides: tuple, offset: int, es: int, aligned: bool) -> gemm_emitter.GemmOperand:
    """The GemmOperand reading a strided sub-block (one stride 1) at element ``offset``."""
    sr, sc = strides
    order, ld = ("C", sr) if sc == 1 else ("F", sc)
    align = 16 if aligned and (offset * es) % 16 == 0 else es
    return gemm_emitter.GemmOperand(name, False, order, max(1, ld), align=align, offset=offset)


class TrsmLowering(KernelEmitter):
    """A trsm kernel plan: its one solve call, lowered to the copy, leaf and update kernels."""

    def __init__(self, program, kplan, needed_outside):
        super().__init__(program, kplan, needed_outside)
        self.call = self.calls[0]
        self.fn = self.fns[self.call.id]
        self.p = dict(self.space.defaults(), **kplan.params)

    def emit(self) -> list:
        """The kernels in launch order."""
        self.launch_geometry()
        prog, c = self.program, self.call
        dtype = self.info.dtype(c.id)
        es = itemsize(dtype)
        m, ncols = (int(d) for d in prog.value(c.out).type.shape)
        n, nrhs = (m, ncols) if self.fn.side == "left" else (ncols, m)
        a_val, x_val = c.args["A"], c.out
        a_base = prog.base(a_val)
        opa = op_strides(prog, a_val)
        a_left = opa if self.fn.side == "left" else (opa[1], opa[0])
        x_left = (ncols, 1) if self.fn.side == "left" else (1, ncols)
        aligned = not self.p.get("unaligned")
        t = self.ctype_of(x_val)
        ka = KArg("A", f"const {t}* __restrict__ A", "in", a_base, dtype=dtype)
        kx_in = KArg("Xk", f"const {t}* __restrict__ Xk", "in", x_val, dtype=dtype)
        kx = KArg("X", f"{t}* __restrict__ X", "out", x_val, dtype=dtype)
        name = self.kplan.name
        out = [self.copy_kernel(f"{name}_copy", dtype, m, ncols, kx)]
        if m * ncols == 0:
            return out
        lower = left_lower(self.fn)
        steps = solve_steps(self.p["algorithm"], n, self.p["leaf"], lower)
        nb = self.p["leaf"]
        fname = f"{name}_trsm_leaf"
        helper = emit_leaf_function(fname, dtype, nb, nrhs, LEAF_THREADS, lower, self.fn.unit, a_left, x_left)
        scheme = scheme_of(self.p)
        for idx, st in enumerate(steps):
            if st[0] == "leaf":
                kname = f"{name}_leaf{idx}"
                text = emit_leaf_kernel(kname, fname, dtype, LEAF_THREADS, st[1], st[2], helper)
                helper = ""
                grid = (max(1, -(-nrhs // LEAF_THREADS)), 1, 1)
                out.append(KernelSource(kname, text, [ka, kx], grid, (LEAF_THREADS, 1, 1), self.kplan,
                                        shared_bytes=leaf_shared_bytes(nb, es)))
                continue
            _, c0, crows, k0, krows = st
            if self.fn.side == "left":   # X[c0.., :] -= op(A)[c0.., k0..] @ X[k0.., :]
                sizes = (crows, nrhs, krows)
                a = gemm_operand("A", opa, c0 * opa[0] + k0 * opa[1], es, aligned)
                b = gemm_operand("Xk", (ncols, 1), k0 * ncols, es, aligned)
                store = (c0 * ncols, ncols, 1)
                args = [ka, kx_in, kx]
            else:                        # X[:, c0..] -= X[:, k0..] @ op(A)[k0.., c0..]
                sizes = (m, crows, krows)
                a = gemm_operand("Xk", (ncols, 1), k0, es, aligned)
                b = gemm_operand("A", opa, k0 * opa[0] + c0 * opa[1], es, aligned)
                store = (c0, ncols, 1)
                args = [kx_in, ka, kx]
            out.append(self.update_kernel(f"{name}_update{idx}", dtype, sizes, a, b, store, scheme, args, st))
        return out

    def copy_kernel(self, kname: str, dtype: str, m: int, ncols: int, kx: KArg) -> KernelSource:
        """``X = alpha * B`` over the whole of X."""
        prog, c = self.program, self.call
        b = c.args["B"]
        t = self.ctype_of(b)
        kb = KArg("B", f"const {t}* __restrict__ B", "in", prog.base(b), dtype=dtype)
        args, alpha_decl, alpha_expr = [kb, kx], "", literal(1.0, dtype)
        if "alpha" in c.args:
            v = c.args["alpha"]
            val = prog.value(v)
            if val.role == "const":
                alpha_expr = literal(val.const, dtype)
            elif val.host:
                alpha_decl, alpha_expr = f"const {t} alpha", "alpha"
                args.append(KArg("alpha", alpha_decl, "host", prog.base(v), dtype=dtype))
            else:
                alpha_decl, alpha_expr = f"const {t}* __restrict__ alpha", "alpha[0]"
                args.append(KArg("alpha", alpha_decl, "in", prog.base(v), dtype=dtype))
        text = emit_copy_kernel(kname, dtype, m, ncols, kb.decl, element_index(prog, b, "i", "j"), alpha_decl,
                                alpha_expr, self.comment(c))
        grid = (max(1, min(4096, -(-(m * ncols) // 256))), 1, 1)
        return KernelSource(kname, text, args, grid, (256, 1, 1), self.kplan)

    def update_kernel(self, kname, dtype, sizes, a, b, store, scheme, args, step) -> KernelSource:
        """One GEMM update, subtracting in place: X[off + i * sr + j * sc] -= acc."""
        off, sr, sc = store

        def lines(i, j, acc):
            return [f"X[{off}ll + (long long)({i}) * {sr} + (long long)({j}) * {sc}] -= {acc};"]
        epi = gemm_emitter.GemmEpilogue((), lines)
        m, n, k = sizes
        spec = gemm_emitter.GemmKernelSpec(name=kname, dtype=dtype, m=m, n=n, k=k, a=a, b=b, c="X",
                                           scheme=scheme, epilogue=epi,
                                           comment=(f"TRSM update {step}: rows {step[1]}.. of the left problem "
                                                    f"minus A'[{step[1]}.., {step[3]}..] @ X'[{step[3]}..]",))
        src = gemm_emitter.emit_gemm(spec)
        by = {k.cname: k for k in args}
        kargs = [by[nm] for _, nm in src.params]
        aligned = {} if self.p.get("unaligned") else {self.program.base(self.call.args["A"]): 16, self.call.out: 16}
        return KernelSource(kname, src.code, kargs, tuple(src.grid), tuple(src.block), self.kplan,
                            shared_bytes=src.shared_bytes, aligned=aligned)


__all__ = ["TrsmLowering", "op_strides", "gemm_operand"]
