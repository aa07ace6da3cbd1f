"""Loads and stores: vector packs, matrix tiles and their addressing, sparse row walks.

Sparse storage comes from the type (``ArrayType.parts``): a CSR matrix ``A`` is passed as
``A_indptr``, ``A_indices``, ``A_data``; an ELLPACK-R one as ``A_cols``, ``A_vals``, ``A_rowlen``."""
from __future__ import annotations

from ..ir import ctype, ident, itemsize
from .common import KArg


# ================================================================= vectors (vec, rows)
def load_pack(em, code, v: str):
    """VEC consecutive elements of vector ``v`` from ``i0`` (one 16-byte load when VEC *
    sizeof(T) == 16)::

        float z_e[VEC]; kf_load_pack<VEC>(z, i0, N, z_e);
    """
    code(f"{em.ctype_of(v)} {ident(v)}_e[VEC]; kf_load_pack<VEC>({em.cname(v)}, i0, N, {ident(v)}_e);")


def store_pack(code, out: str):
    """``kf_store_pack<VEC>(y, i0, N, y_e);``"""
    code(f"kf_store_pack<VEC>({ident(out)}, i0, N, {ident(out)}_e);")


# ================================================================= matrix tiles (tile)
def contiguous(em, v: str) -> bool:
    """True if matrix ``v`` is stored with the lead order (rows along F are contiguous)."""
    return em.program.value(v).type.order == em.domain.lead


def addr(em, v: str, s="s", f="f") -> str:
    """Address of element (s, f) of matrix value ``v`` (a view uses its own layout):
    ``(idx_t)s * 3000 + f``."""
    t = em.program.value(v).type
    rows, cols = t.shape
    i, j = (s, f) if em.domain.lead == "C" else (f, s)
    return f"(idx_t){i} * {cols} + {j}" if t.order == "C" else f"(idx_t){j} * {rows} + {i}"


def load_vector(em, code, v: str, axis: str, why: str):
    """A vector's elements along S (KS per thread) or F (a pack of VEC)::

        float p_f[VEC]; kf_load_pack<VEC, ALL_F>(p, fb + tx * VEC, F, p_f);   // load: p along F
    """
    t = em.ctype_of(v)
    disp = em.program.value(v).display
    if axis == "slow":
        code(f"{t} {ident(v)}_s[KS];                                // {why}: {disp} along S")
        code("#pragma unroll")
        code(f"for (int k = 0; k < KS; ++k) {{ const idx_t s = sb + ty + k * BY; "
             f"{ident(v)}_s[k] = (ALL_S || s < S) ? {em.cname(v)}[s] : {t}(0); }}")
    else:
        code(f"{t} {ident(v)}_f[VEC]; kf_load_pack<VEC, ALL_F>({em.cname(v)}, fb + tx * VEC, F, {ident(v)}_f);"
             f"   // {why}: {disp} along F")


def load_matrix(em, code, v: str):
    """The thread's KS x VEC elements of matrix ``v`` (packs along contiguous rows)::

        float A_e[KS][VEC];                        // load A
        for (int k = 0; k < KS; ++k) { ... kf_load_pack<VEC, ALL_F>(A + (idx_t)s * F, fb + tx * VEC, F, A_e[k]); }
    """
    ct = em.ctype_of(v)
    code(f"{ct} {ident(v)}_e[KS][VEC];                        // load {em.program.value(v).display}")
    code("#pragma unroll")
    with code.block("for (int k = 0; k < KS; ++k) {"):
        code("const idx_t s = sb + ty + k * BY;")
        if contiguous(em, v):
            code(f"if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>({em.cname(v)} + (idx_t)s * F, fb + tx * VEC, F, "
                 f"{ident(v)}_e[k]);")
            with code.block("else", close=None):
                code(f"for (int v = 0; v < VEC; ++v) {ident(v)}_e[k][v] = {ct}(0);")
        else:
            code("#pragma unroll")
            code(f"for (int v = 0; v < VEC; ++v) {{ const idx_t f = fb + tx * VEC + v; "
                 f"{ident(v)}_e[k][v] = ((ALL_S || s < S) && (ALL_F || f < F)) ? {em.cname(v)}[{addr(em, v)}] "
                 f": {ct}(0); }}")


def store_matrix(em, code, out: str):
    """The thread's KS x VEC results of matrix ``out`` (packs along contiguous rows)."""
    code("#pragma unroll")
    with code.block("for (int k = 0; k < KS; ++k) {"):
        code("const idx_t s = sb + ty + k * BY;")
        if contiguous(em, out):
            code(f"if (ALL_S || s < S) kf_store_pack<VEC, ALL_F>({ident(out)} + (idx_t)s * F, fb + tx * VEC, F, "
                 f"{ident(out)}_e[k]);")
        else:
            code("#pragma unroll")
            code(f"for (int v = 0; v < VEC; ++v) {{ const idx_t f = fb + tx * VEC + v; "
                 f"if ((ALL_S || s < S) && (ALL_F || f < F)) {ident(out)}[{addr(em, out)}] = {ident(out)}_e[k][v]; }}")


# ================================================================= sparse rows (rows)
def sparse_args(program, args: list) -> list:
    """Sparse matrices become their component arrays (``A#indptr`` ...), as the type stores them."""
    out = []
    for a in args:
        t = program.value(a.value).type if a.value and a.value in program.values else None
        if t is not None and t.kind == "sparse":
            T = ctype(t.dtype)
            for part, kind in t.parts:
                ct = T if kind == "T" else "int"
                out.append(KArg(f"{a.cname}_{part}", f"const {ct}* __restrict__ {a.cname}_{part}", "in",
                                f"{a.value}#{part}", dtype=t.dtype if kind == "T" else "int32"))
        else:
            out.append(a)
    return out


def span_aligned(program, calls, pack: int) -> dict:
    """CSR parts read in aligned packs of ``pack`` (values and column indices): their alignment."""
    if pack == 1:
        return {}
    out = {}
    for c in calls:
        for v in c.args.values():
            t = program.value(v).type
            if t.kind == "sparse" and t.fmt == "csr":
                out[f"{v}#data"] = pack * itemsize(t.dtype)
                out[f"{v}#indices"] = pack * 4
    return out


def nonzero_operands(a: str, fmt: str, packed: bool) -> tuple:
    """(value, column) of nonzero ``k`` as the walk names it: a pack's element ``j``, a CSR
    entry, an ELLPACK-R slot."""
    if packed:
        return f"{a}_v[j]", f"{a}_c[j]"
    if fmt == "csr":
        return f"{a}_data[k]", f"{a}_indices[k]"
    return f"{a}_vals[(idx_t)k * N + i0]", f"{a}_cols[(idx_t)k * N + i0]"


def _load_span_packs(code, a: str, t: str):
    """One pack of PACK values and column indices of ``a`` from nonzero ``k`` (16-byte loads; the
    arrays' last pack element-wise up to ``{a}_nnz``)."""
    code(f"{t} {a}_v[PACK]; int {a}_c[PACK];")
    code(f"kf_load_span_pack<PACK>({a}_data, k, {a}_nnz, {a}_v); "
         f"kf_load_span_pack<PACK>({a}_indices, k, {a}_nnz, {a}_c);")


def csr_span(code, call, a: str, t: str, args: list, o: str, pack: int):
    """A CSR row's span walked in aligned packs of PACK values and column indices (16-byte
    loads), G packs per step; entries of other rows in the first and last pack are skipped.
    Sample (``q = A @ p``, float32, PACK = 4)::

        if (i0 < N) {
            const int k_beg = A_indptr[i0], k_end = A_indptr[i0 + 1], A_nnz = A_indptr[N];
            #pragma unroll 2
            for (int k = (k_beg & ~(PACK - 1)) + lane * PACK; k < k_end; k += G * PACK) {
                float A_v[PACK]; int A_c[PACK];
                kf_load_span_pack<PACK>(A_data, k, A_nnz, A_v); kf_load_span_pack<PACK>(A_indices, k, A_nnz, A_c);
                #pragma unroll
                for (int j = 0; j < PACK; ++j)
                    if (k + j >= k_beg && k + j < k_end) q_spmv_compute(A_v[j], p[A_c[j]], q_acc);
            }
        }
    """
    with code.block(f"if (i0 < N) {{   // {pack}-element packs: 16-byte loads of values and column indices"):
        code(f"const int k_beg = {a}_indptr[i0], k_end = {a}_indptr[i0 + 1], {a}_nnz = {a}_indptr[N];")
        code("#pragma unroll 2")
        with code.block("for (int k = (k_beg & ~(PACK - 1)) + lane * PACK; k < k_end; k += G * PACK) {"):
            _load_span_packs(code, a, t)
            code("#pragma unroll")
            with code.block("for (int j = 0; j < PACK; ++j)", close=None):
                code(f"if (k + j >= k_beg && k + j < k_end) {call.name}_compute({', '.join(args + [o + '_acc'])});")


def csr_rows_span(code, call, a: str, t: str, args: list, o: str, tacc: str, op: str, pack: int):
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
    code(f"{tacc} {o}_acc[R];")
    code("#pragma unroll")
    code(f"for (int r = 0; r < R; ++r) {o}_acc[r] = {op}<{tacc}>::identity();")
    with code.block(f"if (i0 < N) {{   // R rows, one span: {pack}-element packs (16-byte loads of values "
                    "and column indices)"):
        code(f"int {a}_b[R + 1];   // the rows' bounds in the span")
        code("#pragma unroll")
        code(f"for (int r = 0; r <= R; ++r) {a}_b[r] = {a}_indptr[i0 + r < N ? i0 + r : N];")
        code(f"const int {a}_nnz = {a}_indptr[N];   // the arrays' length: no pack load past it")
        code("#pragma unroll 2")
        with code.block(f"for (int k = ({a}_b[0] & ~(PACK - 1)) + lane * PACK; k < {a}_b[R]; k += G * PACK) {{"):
            _load_span_packs(code, a, t)
            code("#pragma unroll")
            with code.block("for (int j = 0; j < PACK; ++j) {"):
                code(f"if (k + j < {a}_b[0] || k + j >= {a}_b[R]) continue;")
                code(f"{tacc} {o}_t = {op}<{tacc}>::identity();")
                code(f"{call.name}_compute({', '.join(args + [o + '_t'])});")
                code("#pragma unroll")
                code(f"for (int r = 0; r < R; ++r) if (k + j >= {a}_b[r] && k + j < {a}_b[r + 1]) "
                     f"{o}_acc[r] = {op}<{tacc}>::apply({o}_acc[r], {o}_t);")
    code(f"const {tacc} {o}_r = kf_lane_reduce_k<G, R, {op}>({o}_acc);   // row lane / (G / R)")


def row_loop(code, call, a: str, fmt: str, args: list, o: str):
    """A row's nonzeros one at a time, G lanes apart (CSR: ``indptr[i0] + lane``; ELLPACK-R:
    slot ``k`` at ``k * N + i0``), unrolled by 4::

        if (i0 < N) {   // unrolled by 4: the loads of several nonzeros overlap
            const int k_end = A_indptr[i0 + 1];
            #pragma unroll 4
            for (int k = A_indptr[i0] + lane; k < k_end; k += G)
                q_spmv_compute(A_data[k], p[A_indices[k]], q_acc);
        }
    """
    with code.block("if (i0 < N) {   // unrolled by 4: the loads of several nonzeros overlap"):
        if fmt == "csr":
            code(f"const int k_end = {a}_indptr[i0 + 1];")
            code("#pragma unroll 4")
            head = f"for (int k = {a}_indptr[i0] + lane; k < k_end; k += G)"
        else:
            code(f"const int k_end = {a}_rowlen[i0];")
            code("#pragma unroll 4")
            head = "for (int k = lane; k < k_end; k += G)"
        with code.block(head, close=None):
            code(f"{call.name}_compute({', '.join(args + [o + '_acc'])});")
