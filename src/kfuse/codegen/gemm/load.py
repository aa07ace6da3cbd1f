"""Operand loaders of the GEMM emitter (:mod:`kfuse.codegen.gemm.ffma`): global tile -> shared memory.

Both operands live k-major in shared memory: ``As[k][i]`` (A transposed, the paper's
``SM_alloc(A, Transpose)``) and ``Bs[k][j]``, each row padded by one 16-byte vector, so that a
thread reads its tm (tn) values of one k as vector loads.  How a tile gets there depends on which
index is contiguous in global memory:

* **straight** (the shared row's index i or j is contiguous: A^T or F-order A, B or F-order B^T):
  ``cp.async`` copies of 16, 8 or 4 bytes (the widest the leading dimension and the pointer's
  alignment allow), zero-filled past the matrix's edges (the src-size operand), issued
  ``stages - 1`` tiles ahead: the copy engine fills the buffers while the FFMAs run, without
  registers.  Below sm_80 the helper copies synchronously.
* **transposing** (k is contiguous: C-order A, or B^T stored C-order): the tile is read along k as
  vectors into registers before the compute of the current tile and stored transposed
  (scalar stores ``Xs[k + e][x]``) after it: register-staged prefetch, one tile ahead.  A 4-byte
  ``cp.async`` per element would also work but issues ``u`` times more copies for the same sectors;
  register staging keeps 16-byte global loads (the plain NVRTC kernel that reached 0.85x cuBLAS
  used it for both operands).  The padding of one vector per row puts the two k-halves a warp
  stores on different banks.

Partial tiles read zeros (k past K contributes nothing; rows/columns past M/N are never stored),
so the compute loop has no guards.
"""
from __future__ import annotations

import contextlib
import dataclasses

from ..common import CodeBlock
from .copies import copy_loop, lane_lines

GEMM_HELPERS = r"""
#ifndef KF_GEMM_HELPERS
#define KF_GEMM_HELPERS
// ---- kfuse GEMM helpers (once per module) ----
// A vector of U elements of T, aligned to its size: one 4/8/16-byte load or store.
template <typename T, int U> struct __align__(sizeof(T) * U) kf_vec { T v[U]; };
// Asynchronous global -> shared copy of BYTES bytes, of which the first src_bytes are read and
// the rest zero-filled (cp.async, sm_80+; synchronous below).
template <int BYTES> __device__ __forceinline__ void kf_cp_async(void* dst, const void* src, int src_bytes) {
#if __CUDA_ARCH__ >= 800
    const unsigned s = static_cast<unsigned>(__cvta_generic_to_shared(dst));
    if constexpr (BYTES == 16)
        asm volatile("cp.async.cg.shared.global [%0], [%1], 16, %2;\n" :: "r"(s), "l"(src), "r"(src_bytes) : "memory");
    else
        asm volatile("cp.async.ca.shared.global [%0], [%1], %2, %3;\n" :: "r"(s), "l"(src), "n"(BYTES), "r"(src_bytes) : "memory");
#else
    for (int b = 0; b < BYTES; ++b)
        static_cast<unsigned char*>(dst)[b] = b < src_bytes ? static_cast<const unsigned char*>(src)[b] : 0;
#endif
}
__device__ __forceinline__ void kf_cp_async_commit() {
#if __CUDA_ARCH__ >= 800
    asm volatile("cp.async.commit_group;\n" ::: "memory");
#endif
}
// Wait until at most N committed groups of this thread's copies are still in flight.
template <int N> __device__ __forceinline__ void kf_cp_async_wait() {
#if __CUDA_ARCH__ >= 800
    asm volatile("cp.async.wait_group %0;\n" :: "n"(N) : "memory");
#endif
}
#endif  // KF_GEMM_HELPERS
"""


@dataclasses.dataclass(frozen=True)
class Access:
    """How the kernel reads one operand op(X) (A: x = i over M, B: x = j over N).

    ``sx``, ``sk``: element strides of op(X)'s x and k indices in the stored array;
    ``straight``: x is contiguous (cp.async path), else k is (register-staged transposing path);
    ``unit``: elements per copy; ``copies``: copies per thread per tile."""

    role: str            # "A" or "B"
    ptr: str
    x: str               # "i" or "j"
    limit: str           # "M" or "N"
    origin: str          # "row0" or "col0"
    tile: str            # "BM" or "BN"
    sx: int
    sk: int
    straight: bool
    unit: int
    copies: int
    kasync: bool = False     # k contiguous, copied element-wise by cp.async (scheme tload=2)
    buf: str = ""            # shared tile's role where it is another's ("A" for A2 of a second pair)
    #: a sym/tri operand (element-wise loader, :mod:`kfuse.codegen.gemm.structure`): (structure,
    #: uplo, diag, trans, row stride, column stride of the stored matrix); () = general
    struct: tuple = ()
    #: a sym/tri operand whose x index is contiguous: elements per copy of the vector path its
    #: tiles entirely inside the stored triangle take (0: element-wise for every tile)
    fast_unit: int = 0
    #: (GemmPrologue, C type) of an operand mapped elementwise as it loads (the register path of
    #: :mod:`kfuse.codegen.gemm.prologue`); None = the operand as stored
    prologue: tuple | None = None

    @property
    def staged(self) -> bool:
        """Whether the operand passes through registers (the transposing register path)."""
        return not (self.straight or self.kasync or self.struct or self.prologue)

    @property
    def smem(self) -> str:
        return (self.buf or self.role) + "s"

    @property
    def lds(self) -> str:
        return (self.buf or self.role) + "_LD"

    def describe(self, ctype: str, es: int) -> str:
        """One comment line: the address of op(X)[x, k] and the load path."""
        if self.prologue:
            from .prologue import describe
            return describe(self)
        addr = f"{self.ptr}[{self.x} * {self.sx} + k * {self.sk}]"
        ref = "op(A)[i, k]" if self.role == "A" else "op(B)[k, j]"
        if self.kasync:
            how = (f"k contiguous: cp.async of one {ctype} per copy into the k-major tile, "
                   f"{self.copies} per thread per tile")
        elif self.straight:
            how = (f"{self.x} contiguous: cp.async of {self.unit * es} B "
                   f"({self.unit} x {ctype}), {self.copies} per thread per tile")
        else:
            how = (f"k contiguous: loads of {self.unit} x {ctype} into registers, stored "
                   f"transposed after the compute, {self.copies} per thread per tile")
        return f"{ref} = {addr}: {how}"


def unit_elems(vec: int, ld: int, align: int, es: int) -> int:
    """The widest copy (elements, a power of two <= vec) such that every copy starts aligned:
    ``ld`` (the stride between the copied runs) and the pointer's ``align``ment allow it."""
    u = vec
    while u > 1 and (ld % u or align % (u * es)):
        u //= 2
    return u


def offset_lines(spec) -> list:
    """``X += off;`` for each operand read as a sub-block (``GemmOperand.offset``: an int, or the
    name of a ``long long`` parameter: TRSM's updates, one kernel for many launches), as both
    engines write them.  The shifted pointer must keep the operand's ``align`` (the lowering
    gives 4 where an offset breaks 16-byte alignment: the loader then copies element by element).

    >>> from kfuse.codegen.gemm.spec import GemmKernelSpec, GemmOperand
    >>> offset_lines(GemmKernelSpec("k", "float32", 8, 8, 8, GemmOperand("A", offset="a_off"), GemmOperand("B")))
    ['A += a_off;   // operand A: a sub-block at element offset a_off']
    """
    return [f"{op.name} += {op.offset}{'' if isinstance(op.offset, str) else 'll'};   "
            f"// operand {role}: a sub-block at element offset {op.offset}"
            for role, op in (("A", spec.a), ("B", spec.b)) if op.offset]


def emit_issue(acc: Access, ctype: str, es: int, bk: int, tile: int, kexpr: str = "kt") -> list:
    """Statements issuing the loads of k tile ``kt`` into stage buffer ``s`` (variables of
    the kernel; ``kexpr`` is the tile's k index): cp.async copies (straight) or register loads
    into ``{role}_stage``."""
    if acc.prologue:
        from .prologue import issue_lines
        return issue_lines(acc, kexpr)
    if acc.struct:
        from .structure import emit_struct_issue
        lines = emit_struct_issue(acc, ctype, es, kexpr)
        return whole_tile_lines(acc, ctype, es, kexpr, tile, lines) if acc.fast_unit and tile else lines
    if acc.kasync:
        return _kasync_issue(acc, ctype, es, kexpr)
    if acc.straight:
        return _straight_issue(acc, ctype, es, tile, kexpr)
    return _staged_issue(acc, ctype, bk, kexpr)


def _kasync_issue(acc: Access, ctype: str, es: int, kexpr: str) -> list:
    """The k-contiguous operand's one-element cp.async copies of tile ``kexpr`` (scheme tload=2)."""
    r = acc.role
    code = CodeBlock()
    with copy_loop(code, r, f"// {r} tile kt -> {acc.smem}[s]: {acc.tile} rows ({acc.x}) of BK contiguous k, "
                            "one-element cp.async copies (lanes along k), zero-filled past the edges"):
        code("const int kr = idx % BK, xr = idx / BK;")
        code(f"const int kg = {kexpr} * BK + kr, xg = {acc.origin} + xr;")
        code(f"const bool ok = kg < K && xg < {acc.limit};")
        code(f"const {ctype}* src = ok ? {acc.ptr} + (idx_t)xg * {r}_SX + kg : {acc.ptr};")
        code(f"kf_cp_async<{es}>(&{acc.smem}[s * (BK * {acc.lds}) + kr * {acc.lds} + xr], src, ok ? {es} : 0);")
    return code.lines()


def _straight_issue(acc: Access, ctype: str, es: int, tile: int, kexpr: str) -> list:
    """The x-contiguous operand's vector cp.async copies of tile ``kexpr``."""
    r, u = acc.role, acc.unit
    code = CodeBlock()
    with copy_loop(code, r, f"// {r} tile kt -> {acc.smem}[s]: BK rows (k) of {acc.tile} contiguous {acc.x}, "
                            f"{u * es}-byte cp.async copies, zero-filled past the edges"):
        code.extend(lane_lines(True, tile // u, u, kexpr, acc.origin))
        code(f"const int valid = kg < K ? max(0, min({u}, {acc.limit} - xg)) : 0;")
        code(f"const {ctype}* src = valid > 0 ? {acc.ptr} + (idx_t)xg * {r}_SX + (idx_t)kg * {r}_SK "
             f": {acc.ptr};")
        code(f"kf_cp_async<{u * es}>(&{acc.smem}[s * (BK * {acc.lds}) + kr * {acc.lds} + xq], src, "
             f"valid * {es});")
    return code.lines()


def _staged_issue(acc: Access, ctype: str, bk: int, kexpr: str) -> list:
    """The k-contiguous operand's vector loads of tile ``kexpr`` into ``{role}_stage`` registers."""
    r, u = acc.role, acc.unit
    per_row = bk // u
    code = CodeBlock()
    with copy_loop(code, r, f"// {r} tile kt -> registers: {acc.tile} rows ({acc.x}) of BK contiguous k, "
                            f"{u} x {ctype} per load"):
        code.extend(lane_lines(False, per_row, u, kexpr, acc.origin))
        code(f"{ctype}* dst = &{r}_stage[r * {u}];")
        src = f"{acc.ptr} + (idx_t)xg * {r}_SX + kg"
        if u == 1:
            code(f"dst[0] = (xg < {acc.limit} && kg < K) ? ({src})[0] : ({ctype})0;")
        else:
            _staged_vector(code, acc, ctype, src)
    return code.lines()


def _staged_vector(code: CodeBlock, acc: Access, ctype: str, src: str):
    """One ``{unit}``-element vector load at ``src`` into ``dst``, element by element at the edges."""
    u = acc.unit
    with code.block(f"if (xg < {acc.limit} && kg + {u} <= K) {{", None):
        code(f"const kf_vec<{ctype}, {u}> v = *reinterpret_cast<const kf_vec<{ctype}, {u}>*>({src});")
        code("#pragma unroll")
        code(f"for (int e = 0; e < {u}; ++e) dst[e] = v.v[e];")
    with code.block("} else {"):
        code("#pragma unroll")
        with code.block(f"for (int e = 0; e < {u}; ++e)", None):
            code(f"dst[e] = (xg < {acc.limit} && kg + e < K) ? ({src})[e] : ({ctype})0;")


def whole_tile_lines(acc: Access, ctype: str, es: int, kexpr: str, tile: int, elementwise: list) -> list:
    """A sym/tri tile entirely inside the stored triangle is a plain tile: it takes the straight
    path's vector copies; the tiles crossing the diagonal keep the element-wise ``elementwise``
    lines (:func:`kfuse.codegen.gemm.structure.whole_tile_cond`; no divergence)::

        {   // B tile (kt0 + kt): 16-byte copies where it lies inside the stored triangle
            const int k_lo = (kt0 + kt) * BK, x_lo = col0;
            if (k_lo >= x_lo + BN - 1) {   // every element stored
                for (int r = 0; r < (BN * BK / 4 / THREADS); ++r) { ... kf_cp_async<16>(...); }
            } else {
                ... one-element copies ...
            }
        }
    """
    from .structure import whole_tile_cond
    plain = dataclasses.replace(acc, straight=True, unit=acc.fast_unit, copies=0, kasync=False, struct=(),
                                fast_unit=0)
    n_copies = f"({acc.tile} * BK / {acc.fast_unit} / THREADS)"
    fast = [ln.replace(f"{acc.role}_COPIES", n_copies) for ln in emit_issue(plain, ctype, es, 0, tile, kexpr)]
    code = CodeBlock()
    with code.block(f"{{   // {acc.role} tile {kexpr}: {acc.fast_unit * es}-byte copies where it lies inside the "
                    "stored triangle"):
        code(f"const int k_lo = {kexpr} * BK, x_lo = {acc.origin};")
        with code.block(f"if ({whole_tile_cond(acc)}) {{   // every element stored", None):
            code.extend(fast)
        with code.block("} else {"):
            code.extend(elementwise)
    return code.lines()


def emit_store(acc: Access, bk: int, kexpr: str = "kt") -> list:
    """Statements storing ``{role}_stage`` (a transposing operand's registers) k-major into
    stage buffer ``s``; nothing for an operand copied by cp.async."""
    if acc.prologue:
        from .prologue import store_lines
        return store_lines(acc, kexpr)
    if not acc.staged:
        return []
    r, u = acc.role, acc.unit
    per_row = bk // u
    code = CodeBlock()
    with copy_loop(code, r, f"// {r} registers -> {acc.smem}[s], transposed to k-major"):
        code(f"const int xr = idx / {per_row}, kq = idx % {per_row} * {u};")
        code("#pragma unroll")
        with code.block(f"for (int e = 0; e < {u}; ++e)", None):
            code(f"{acc.smem}[s * (BK * {acc.lds}) + (kq + e) * {acc.lds} + xr] = {r}_stage[r * {u} + e];")
    return code.lines()


def pair_lines(t: str, one: list, two: list) -> list:
    """``one`` for the first product's k tiles (``t`` < KTILES), ``two`` for the second's (SYR2K)."""
    code = CodeBlock()
    with code.block(f"if ({t} < KTILES) {{   // first product", None):
        code.extend(one)
    with code.block("} else {             // second product"):
        code.extend(two)
    return code.lines()


def fill_lines(nkt: str, body: list) -> list:
    """The pipeline's fill: tiles 0 .. STAGES-2 issued (``body``: one tile ``kt`` into buffer
    ``s``), one commit group each."""
    code = CodeBlock()
    code("")
    code("// ---- prologue: tiles 0 .. STAGES-2 in flight ----")
    code("#pragma unroll")
    with code.block("for (int kt = 0; kt < STAGES - 1; ++kt) {"):
        code("const int s = kt;")
        with code.block(f"if (kt < {nkt}) {{"):
            code.extend(body)
        code("kf_cp_async_commit();")
    return code.lines()


@contextlib.contextmanager
def main_loop(code: CodeBlock, nkt: str):
    """The pipeline's main loop over ``nkt`` k tiles ``t`` in ``code``: wait for tile t's copies,
    then what the ``with`` body adds (issue tile t + STAGES - 1, compute tile t), then commit."""
    code("")
    code("// ---- main loop: wait for tile t, issue tile t + STAGES - 1, compute tile t ----")
    with code.block(f"for (int t = 0; t < {nkt}; ++t) {{"):
        code("kf_cp_async_wait<STAGES - 2>();   // this thread's copies of tile t have landed")
        code("__syncthreads();                  // everyone's have; buffer (t - 1) % STAGES is free")
        yield
        code("kf_cp_async_commit();")


def kernel_lines(head: list, body: list) -> list:
    """``head`` (the signature), then ``body`` in braces, one level in."""
    code = CodeBlock()
    code.extend(head)
    with code.block("{"):
        code.extend(body)
    return code.lines()


def tile_order_lines(raster: int, splitk: int = 1, heavy: tuple = ()) -> list:
    """The block's output tile (``row0``, ``col0``) from ``blockIdx.x``: plain order along n
    (``raster`` 1), or groups of RASTER tile rows walked down the rows of a group first, so the
    operand tiles they share stay in L2 (both GEMM engines); under split-k (``splitk`` > 1)
    ``blockIdx.z`` is the block's split of the k range::

        const int pid = blockIdx.x;
        const int pid_m = pid / GN, pid_n = pid % GN;
        const int row0 = pid_m * BM, col0 = pid_n * BN;

    ``heavy`` ("m" and/or "n"): the axis along which a triangular operand's k range grows; its
    tiles are walked last to first, so the blocks with the most k tiles start first (the
    scheduler then fills the tail with light ones)::

        const int row0 = (GM - 1 - pid_m) * BM, col0 = pid_n * BN;   // heaviest tiles first
    """
    return heavy_first(_order_lines(raster, splitk), heavy)


def heavy_first(lines: list, heavy: tuple) -> list:
    """``lines`` with the tile row (``"m" in heavy``) and/or column (``"n"``) index reversed."""
    if not heavy:
        return lines
    row = "(GM - 1 - pid_m) * BM" if "m" in heavy else "pid_m * BM"
    col = "(GN - 1 - pid_n) * BN" if "n" in heavy else "pid_n * BN"
    last = f"const int row0 = {row}, col0 = {col};   // heaviest tiles first (a triangular operand's k range)"
    return [last if ln == "const int row0 = pid_m * BM, col0 = pid_n * BN;" else ln for ln in lines]


def _order_lines(raster: int, splitk: int) -> list:
    """The tile order's lines before :func:`heavy_first` (see :func:`tile_order_lines`)."""
    pid = ["const int pid = blockIdx.x;"]
    if splitk > 1:
        pid = ["const int pid = blockIdx.x, split = blockIdx.z;   // the tile; this block's share of k (of SPLITK)"]
    if raster == 1:
        return ["// ---- tile order: plain, along n first ----",
                *pid,
                "const int pid_m = pid / GN, pid_n = pid % GN;",
                "const int row0 = pid_m * BM, col0 = pid_n * BN;"]
    return ["// ---- tile order: groups of RASTER tile rows, walked down the rows of a group "
            "first (operands stay in L2) ----",
            *pid,
            "const int group = pid / (RASTER * GN), first_m = group * RASTER;",
            "const int rows_in_group = GM - first_m < RASTER ? GM - first_m : RASTER;",
            "const int pid_m = first_m + pid % (RASTER * GN) % rows_in_group;",
            "const int pid_n = pid % (RASTER * GN) / rows_in_group;",
            "const int row0 = pid_m * BM, col0 = pid_n * BN;"]
