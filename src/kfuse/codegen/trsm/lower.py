"""The ``trsm`` space's lowering: one planned triangular solve -> a LIST of kernels run in order.

``X = alpha * B`` (:func:`kfuse.codegen.trsm.leaf.emit_copy_kernel`), then the steps of
:func:`kfuse.spaces.trsm.space.solve_steps`: leaves (:mod:`kfuse.codegen.trsm.leaf`) and GEMM updates
``X'[c0.., :] -= A'[c0.., k0..] @ X'[k0.., :]`` written by the FFMA emitter
(:func:`kfuse.codegen.gemm.emit_gemm`) on sub-blocks (operand ``offset``s) with an epilogue that
subtracts in place.  Side right is the transposed problem by index maps: its update is written
the natural way round, ``X[:, c0..] -= X[:, k0..] @ op(A)[k0.., c0..]`` (row-major stores).
"""
from __future__ import annotations

from ...ir import itemsize
from ...spaces.gemm import engines
from ...spaces.gemm.space import scheme_of
from ...spaces.trsm.space import exact_scheme, left_lower, solve_steps, update_scheme
from .. import gemm as gemm_emitter
from ..common import KArg, KernelSource, literal
from ..emitter import KernelEmitter
from ..gemm.lower import element_index
from .inverse import emit_invert_kernel, invert_launch
from .leaf import emit_copy_kernel, emit_leaf_function, emit_leaf_kernel, leaf_shared_bytes

LEAF_THREADS = 32   # right-hand sides per leaf block (one per thread): more blocks over the SMs
UPDATE_COMMENT = ("TRSM update: rows c0.. of the left problem minus A'[c0.., k0..] @ X'[k0..]; the launch passes "
                  "the sub-blocks' element offsets a_off, b_off, x_off")
INV_LEAF_COMMENT = ("TRSM inverse leaf: rows r0.. of the left problem X'[r0..] = Ainv_b @ R'[r0..] (the inverted "
                    "diagonal block times the updated right-hand sides); offsets a_off, b_off, x_off")


def op_strides(program, value: str) -> tuple:
    """(row stride, column stride) of the matrix ``value`` as read (a ``.T`` view: its base's
    swapped) in its base's storage."""
    val = program.value(value)
    bt = program.value(program.base(value)).type
    rows, cols = bt.shape
    sr, sc = (int(cols), 1) if bt.order == "C" else (1, int(rows))
    return (sc, sr) if val.view_of and val.window is None else (sr, sc)


def gemm_operand(name: str, strides: tuple, offset, align: int) -> gemm_emitter.GemmOperand:
    """The GemmOperand reading a strided sub-block (one stride 1) at element ``offset`` (an int,
    or the name of the kernel's ``long long`` parameter holding it), aligned to ``align`` bytes."""
    sr, sc = strides
    order, ld = ("C", sr) if sc == 1 else ("F", sc)
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
        if self.p["algorithm"] == "inverse" and m * ncols:   # (empty: the copy below stores X, as it must)
            return self.emit_inverse(dtype, m, ncols, n, nrhs, a_left, [ka, kx_in, kx])
        out = [self.copy_kernel(f"{name}_copy", dtype, m, ncols, kx)]
        if m * ncols == 0:
            return out
        lower = left_lower(self.fn)
        steps = solve_steps(self.p["algorithm"], n, self.p["leaf"], lower)
        nb = self.p["leaf"]
        fname = f"{name}_trsm_leaf"
        helper = emit_leaf_function(fname, dtype, nb, nrhs, LEAF_THREADS, lower, self.fn.unit, a_left, x_left)
        scheme = scheme_of(self.p)
        updates = [self.update_of(st, opa, ncols, nrhs, m) for st in steps if st[0] == "update"]
        align = group_alignment(updates, es, aligned)
        seen: set = set()
        ui = 0
        for st in steps:
            if st[0] == "leaf":   # one kernel for every leaf: its text with the first
                kname = f"{name}_leaf"
                text = emit_leaf_kernel(kname, fname, dtype, LEAF_THREADS, helper) if helper else ""
                helper = ""
                grid = (max(1, -(-nrhs // LEAF_THREADS)), 1, 1)
                rows = [KArg(nm, f"const long long {nm}", "const", str(v)) for nm, v in (("r0", st[1]), ("rows", st[2]))]
                out.append(KernelSource(kname, text, [ka, kx] + rows, grid, (LEAF_THREADS, 1, 1), self.kplan,
                                        shared_bytes=leaf_shared_bytes(nb, es)))
                continue
            up = updates[ui]
            ui += 1
            args = [ka, kx_in, kx] if self.fn.side == "left" else [kx_in, ka, kx]
            out.append(self.update_kernel(name, dtype, up, align[up["sizes"]], scheme, args, up["sizes"] in seen))
            seen.add(up["sizes"])
        return out

    def emit_inverse(self, dtype: str, m: int, ncols: int, n: int, nrhs: int, a_left: tuple, arrays: list) -> list:
        """The kernels of algorithm "inverse": ``R = alpha * B`` (R a workspace shaped as X), the
        inversion of every diagonal block into the workspace Ainv, then the steps as GEMMs: a
        leaf ``X'[r0..] = Ainv_b @ R'[r0..]``, an update ``R'[c0..] -= A'[c0.., k0..] @ X'[k0..]``
        (R is written only by updates, X only by leaves: no GEMM reads what it writes)."""
        name, es, nb = self.kplan.name, itemsize(dtype), self.p["leaf"]
        ka, kx_in, kx = arrays
        t = self.ctype_of(self.call.out)
        r_bytes, inv_bytes = m * ncols * es, -(-n // nb) * nb * nb * es
        work = {nm: (f"{name}_{nm}", nb_) for nm, nb_ in (("R", r_bytes), ("Ainv", inv_bytes))}

        def ws(cname: str, const: bool) -> KArg:
            shared, nbytes = work[cname.rstrip("k")]
            return KArg(cname, f"{'const ' if const else ''}{t}* __restrict__ {cname}", "partial", shared,
                        max(es, nbytes), dtype)
        out = [self.copy_kernel(f"{name}_copy", dtype, m, ncols, ws("R", False), "R")]
        if m * ncols == 0:
            return out
        lower = left_lower(self.fn)
        grid, block, smem = invert_launch(n, nb, es)
        text = emit_invert_kernel(f"{name}_invert", dtype, n, nb, lower, self.fn.unit, a_left,
                                  self.comment(self.call))
        out.append(KernelSource(f"{name}_invert", text, [ka, ws("Ainv", False)], grid, block, self.kplan,
                                shared_bytes=smem))
        steps = solve_steps("inverse", n, nb, lower)
        gemms = [self.leaf_gemm_of(st, ncols, nrhs, m, nb) if st[0] == "leaf" else
                 self.update_of(st, op_strides(self.program, self.call.args["A"]), ncols, nrhs, m) for st in steps]
        align = {kind: group_alignment([g for g, st in zip(gemms, steps) if st[0] == kind], es,
                                       not self.p.get("unaligned")) for kind in ("leaf", "update")}
        scheme = scheme_of(self.p)
        seen: set = set()
        for st, g in zip(steps, gemms):
            inv, rk, r = ws("Ainv", True), ws("Rk", True), ws("R", False)
            if st[0] == "leaf":   # X = Ainv_b @ R (left), X = R @ Ainv_b^T (right)
                args = [inv, rk, kx] if self.fn.side == "left" else [rk, inv, kx]
                kw = dict(target="X", op="=", kind="invleaf")
            else:                 # R -= A' @ X
                args, kw = ([ka, kx_in, r] if self.fn.side == "left" else [kx_in, ka, r]), dict(target="R")
            key = (st[0], g["sizes"])
            out.append(self.update_kernel(name, dtype, g, align[st[0]][g["sizes"]], scheme, args, key in seen, **kw))
            seen.add(key)
        return out

    def leaf_gemm_of(self, st: tuple, ncols: int, nrhs: int, m: int, nb: int) -> dict:
        """Leaf ``st`` ("leaf", r0, rows) of the inverse algorithm as the GEMM it runs (the dict of
        :meth:`update_of`): left ``X[r0.., :] = Ainv_b @ R[r0.., :]``; right (the transposed
        problem) ``X[:, r0..] = R[:, r0..] @ Ainv_b^T``, Ainv_b^T read column-major."""
        _, r0, rows = st
        inv_off = (r0 // nb) * nb * nb
        if self.fn.side == "left":
            return dict(sizes=(rows, nrhs, rows), step=st, a=("Ainv", (nb, 1), inv_off),
                        b=("Rk", (ncols, 1), r0 * ncols), store=(r0 * ncols, ncols, 1))
        return dict(sizes=(m, rows, rows), step=st, a=("Rk", (ncols, 1), r0),
                    b=("Ainv", (1, nb), inv_off), store=(r0, ncols, 1))

    def update_of(self, st: tuple, opa: tuple, ncols: int, nrhs: int, m: int) -> dict:
        """Step ``st`` ("update", c0, crows, k0, krows) as the GEMM it runs: ``sizes`` (m, n, k),
        the operands' (name, strides, element offset) and the output's (offset, row stride,
        column stride).  Launches of the same sizes share one kernel; the offsets are its
        ``long long`` parameters a_off, b_off, x_off."""
        _, c0, crows, k0, krows = st
        if self.fn.side == "left":   # X[c0.., :] -= op(A)[c0.., k0..] @ X[k0.., :]
            return dict(sizes=(crows, nrhs, krows), step=st, a=("A", opa, c0 * opa[0] + k0 * opa[1]),
                        b=("Xk", (ncols, 1), k0 * ncols), store=(c0 * ncols, ncols, 1))
        # X[:, c0..] -= X[:, k0..] @ op(A)[k0.., c0..]
        return dict(sizes=(m, crows, krows), step=st, a=("Xk", (ncols, 1), k0),
                    b=("A", opa, k0 * opa[0] + c0 * opa[1]), store=(c0, ncols, 1))

    def copy_kernel(self, kname: str, dtype: str, m: int, ncols: int, kx: KArg, target: str = "X") -> KernelSource:
        """``target = alpha * B`` over the whole of X (``target``: X, or the inverse's workspace R)."""
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
                                alpha_expr, self.comment(c), target)
        grid = (max(1, min(4096, -(-(m * ncols) // 256))), 1, 1)
        return KernelSource(kname, text, args, grid, (256, 1, 1), self.kplan)

    def update_kernel(self, name: str, dtype: str, up: dict, align: int, scheme, args: list,
                      again: bool, target: str = "X", op: str = "-=", kind: str = "update") -> KernelSource:
        """One GEMM update subtracting in place, ``X[x_off + i * sr + j * sc] -= acc``: the kernel
        of its sizes (its text only with the first launch of those sizes, ``again`` False) and
        this launch's offsets as ``const`` arguments.  The inverse algorithm's updates write
        ``target`` R; its leaves are GEMMs too (``kind`` "invleaf", ``op`` "=": ``X[..] = acc``)."""
        m, n, k = up["sizes"]
        if kind == "invleaf" and getattr(engines.find(scheme.engine), "precision", "") != "ieee":   # exact:
            scheme = exact_scheme(dtype)                    # Ainv @ R on TF32 erred 3.3e-3 at n = 4096 (H200)
        scheme = update_scheme(scheme, dtype, m, n, k, self.p["adapt"])
        kname = f"{name}_{kind}_{m}x{n}x{k}"
        _, sr, sc = up["store"]
        offs = (("a_off", up["a"][2]), ("b_off", up["b"][2]), ("x_off", up["store"][0]))

        def lines(i, j, acc):
            return [f"{target}[x_off + (long long)({i}) * {sr} + (long long)({j}) * {sc}] {op} {acc};"]
        epi = gemm_emitter.GemmEpilogue(tuple(("const long long", nm) for nm, _ in offs), lines)
        a = gemm_operand(up["a"][0], up["a"][1], "a_off", align)
        b = gemm_operand(up["b"][0], up["b"][1], "b_off", align)
        spec = gemm_emitter.GemmKernelSpec(name=kname, dtype=dtype, m=m, n=n, k=k, a=a, b=b, c=target,
                                           scheme=scheme, epilogue=epi,
                                           comment=(UPDATE_COMMENT if kind == "update" else INV_LEAF_COMMENT,))
        src = gemm_emitter.emit_gemm(spec)
        by = {k.cname: k for k in args}
        by.update({nm: KArg(nm, f"const long long {nm}", "const", str(int(v))) for nm, v in offs})
        by.update({nm: KArg(nm, nm, kind, None, nbytes) for nm, kind, nbytes in src.workspace})   # split-k
        kargs = [by[nm] for _, nm in src.params]
        aligned = {} if self.p.get("unaligned") else {self.program.base(self.call.args["A"]): 16, self.call.out: 16}
        return KernelSource(kname, "" if again else src.code, kargs, tuple(src.grid), tuple(src.block), self.kplan,
                            shared_bytes=src.shared_bytes, aligned=aligned)


def group_alignment(updates: list, es: int, aligned: bool) -> dict:
    """Bytes the operand pointers of each kernel (by sizes) are aligned to at EVERY launch of it:
    16 where every offset of every launch keeps 16-byte alignment (and the plan is aligned),
    else one element."""
    out: dict = {}
    for up in updates:
        ok = aligned and all((off * es) % 16 == 0 for off in (up["a"][2], up["b"][2], up["store"][0]))
        out[up["sizes"]] = min(out.get(up["sizes"], 16), 16 if ok else es)
    return out


__all__ = ["TrsmLowering", "op_strides", "gemm_operand"]
