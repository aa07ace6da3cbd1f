"""Code of a resident solver run (:mod:`kfuse.spaces.resident` says what it is): CG or BiCG
iterations inside one cooperative launch.

Each block owns the rows ``starts[b] .. starts[b + 1] - 1``.  Iteration ``k`` is two phases,
each ended by a grid-wide barrier:

1. the matrix pass over the block's rows (``lanes`` lanes per row): ``q = A p`` with the new
   direction formed while it is gathered, ``p_j = r_j + beta p_j`` (so the update of ``p`` needs
   no phase of its own; the block writes its rows of the new ``p`` into the other buffer), for
   BiCG also ``Aᵀ p̃`` (gathered from A when A is symmetric, else scattered: shared-memory
   window, global atomics outside it), and the block's part of ``p·q`` (CG) or ``p̃·q`` (BiCG);
2. ``alpha`` from every block's part (each block sums them in the same order, so every block
   holds the same number), the updates of ``x``, ``r`` (and ``r̃``) on the block's rows, and the
   block's parts of ``r·r`` (and ``r̃·r``); after the barrier ``beta``, the residual history and
   the stop test (the same decision in every block: the run stops where it converged).

Sample (CG, float64, 256 threads, 8 lanes per row)::

    for (int k = 0; k < iterations; ++k) {
        double* p_in = (k & 1) ? p1 : p0;      // p of iteration k - 1
        double* p_out = (k & 1) ? p0 : p1;     // p of iteration k
        // phase 1: q = A p, p = r + beta p on the fly, the block's part of p.q
        ...
        grid_barrier(barrier);
        // phase 2: alpha, x += alpha p, r -= alpha q, the block's part of r.r
        ...
        grid_barrier(barrier);
        // beta, history, stop test
    }
"""
from __future__ import annotations

from .._version import __version__

_PRELUDE = r"""
// A grid-wide barrier for a cooperative launch: the last block to arrive resets the count and
// moves the generation on; the others wait for it.  barrier[0]: arrivals, barrier[32]: generation
// (a line of its own, so that the blocks polling it do not slow the arrivals).
__device__ __forceinline__ void grid_barrier(unsigned int* barrier) {
    __syncthreads();
    if (threadIdx.x == 0) {
        volatile unsigned int* generation = barrier + 32;
        const unsigned int seen = *generation;
        __threadfence();
        if (atomicAdd(barrier, 1u) == gridDim.x - 1) {
            atomicExch(barrier, 0u);
            __threadfence();
            atomicAdd(barrier + 32, 1u);
        } else {
            while (*generation == seen) { }
        }
        __threadfence();
    }
    __syncthreads();
}

// The sum of v over the block's threads, in thread 0 (red: one double per warp).
__device__ __forceinline__ double block_sum(double v, double* red) {
    for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffffu, v, o);
    if ((threadIdx.x & 31) == 0) red[threadIdx.x >> 5] = v;
    __syncthreads();
    v = 0.0;
    if (threadIdx.x < 32) {
        v = threadIdx.x < (blockDim.x >> 5) ? red[threadIdx.x] : 0.0;
        for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffffu, v, o);
    }
    __syncthreads();
    return v;
}

// The sum of every block's part (part[b * 4]), read by all the block's threads at once and summed
// in the same order in every block; written to *out, seen by every thread on return.
__device__ __forceinline__ void grid_sum(const double* part, double* out, double* red) {
    double v = 0.0;
    for (int b = threadIdx.x; b < gridDim.x; b += blockDim.x) v += part[b * 4];
    v = block_sum(v, red);
    if (threadIdx.x == 0) *out = v;
    __syncthreads();
}
"""


def _signature(shape) -> str:
    t = shape.ctype
    vec = ["x", "r", "p0", "p1", "q"]
    if shape.solver == "bicg":
        vec += ["rt", "pt0", "pt1", "qt0", "qt1"]
    vecs = ",\n    ".join(f"{t}* {v}" for v in vec)
    return (f'extern "C" __global__ void __launch_bounds__({shape.threads}, 1) {shape.name}(\n'
            f"    const int* __restrict__ indptr, const int* __restrict__ indices,\n"
            f"    const {t}* __restrict__ values,      // A in CSR (read only)\n"
            f"    const int* __restrict__ starts,       // the rows (tiles) of block b: starts[b] .. starts[b + 1] - 1\n"
            f"    const int* __restrict__ tile_rows,    // tiles: the first row of each tile, then n\n"
            f"    const int* __restrict__ window_low,   // BiCG scatter: the first column of block b's window\n"
            f"    {vecs},\n"
            f"    double* part,                         // [2][blocks][4]: the blocks' parts of the dots\n"
            f"    unsigned int* barrier,                // [64]: the grid barrier's count [0] and generation [32]\n"
            f"    double* scalars,                      // rho, beta in; rho, beta, iterations, status out\n"
            f"    double* history,                      // r.r after each iteration\n"
            f"    const int n, const int iterations, const double stop)")


def _pass(shape) -> list:
    """Phase 1: the matrix pass over the block's rows, ``rows`` rows per lane group in flight."""
    t, lanes, u = shape.ctype, shape.lanes, shape.rows
    bicg, scatter = shape.solver == "bicg", shape.transpose == "scatter"
    out = ["        // phase 1: q = A p with p = r + beta p formed as it is gathered"
           + (", Aᵀ p̃ " + ("from the same gather (A symmetric)" if not scatter else
                           "scattered (shared window, global atomics outside it)") if bicg else "")
           + f", the block's part of {'p̃' if bicg else 'p'}.q; {u} rows per group of {lanes} lanes at once"]
    if scatter:
        out += [f"        for (int w = threadIdx.x; w < {shape.window}; w += {shape.threads}) window[w] = ({t})0;",
                "        __syncthreads();"]
    out.append("        double dot = 0.0;")
    out += _tiles(shape) if shape.tile else _rows(shape)
    if scatter:
        out += ["        __syncthreads();",
                "        // the window's sums into Aᵀ p̃ (blocks' windows overlap: atomics)",
                f"        for (int w = threadIdx.x; w < {shape.window}; w += {shape.threads})",
                f"            if (window[w] != ({t})0 && low + w < n) atomicAdd(&qt_out[low + w], window[w]);"]
    out += ["        dot = block_sum(dot, red);",
            "        if (threadIdx.x == 0) part_k[blockIdx.x * 4] = dot;",
            "        grid_barrier(barrier);"]
    return out


def _rows(shape) -> list:
    """The pass's loop when lane groups walk the block's rows, ``rows`` rows each at once."""
    t, lanes, u = shape.ctype, shape.lanes, shape.rows
    bicg, scatter = shape.solver == "bicg", shape.transpose == "scatter"
    gather_t = bicg and not scatter
    acc = [f"{t} acc[{u}]"] + ([f"acc_t[{u}]"] if gather_t else []) + ([f"pt_i[{u}]"] if scatter else [])
    out = [
            f"        for (int base = row0; base < row1; base += {shape.threads // lanes * u}) {{   // alike in every lane: the shuffles below need the whole warp",
            f"            int e0[{u}], e1[{u}], len = 0;",
            "            " + ", ".join(acc) + ";",
            "            #pragma unroll",
            f"            for (int u = 0; u < {u}; ++u) {{",
            f"                const int i = base + u * {shape.threads // lanes} + group;",
            "                e0[u] = i < row1 ? indptr[i] : 0;",
            "                e1[u] = i < row1 ? indptr[i + 1] : 0;",
            "                len = max(len, e1[u] - e0[u]);",
            f"                acc[u] = ({t})0;"]
    if gather_t:
        out.append(f"                acc_t[u] = ({t})0;")
    if scatter:
        out.append(f"                pt_i[u] = i < row1 ? rt[i] + beta * pt_in[i] : ({t})0;")
    out += ["            }",
            f"            for (int o = lane; o < len; o += {lanes}) {{",
            "                #pragma unroll",
            f"                for (int u = 0; u < {u}; ++u) {{",
            "                    const int e = e0[u] + o;",
            "                    if (e < e1[u]) {",
            "                        const int j = indices[e];",
            f"                        const {t} a = values[e];",
            "                        acc[u] += a * (r[j] + beta * p_in[j]);"]
    if gather_t:
        out.append("                        acc_t[u] += a * (rt[j] + beta * pt_in[j]);")
    if scatter:
        out += _scatter(shape, "a * pt_i[u]", " " * 24)
    out += ["                    }", "                }", "            }",
            "            #pragma unroll",
            f"            for (int u = 0; u < {u}; ++u) {{"]
    for o in _halves(lanes):
        out.append(f"                acc[u] += __shfl_xor_sync(0xffffffffu, acc[u], {o});")
        if gather_t:
            out.append(f"                acc_t[u] += __shfl_xor_sync(0xffffffffu, acc_t[u], {o});")
    out += [f"                const int i = base + u * {shape.threads // lanes} + group;",
            "                if (i < row1 && lane == 0) {"]
    out += _row_result(shape, "[u]")
    out += ["                }", "            }", "        }"]
    return out


def _row_result(shape, at: str) -> list:
    """Lane 0's statements for row i once its sums are in ``acc{at}`` (and ``acc_t{at}``): the
    row's new p (and p̃), q (and Aᵀp̃ where gathered), its term of the pass's dot."""
    t, bicg = shape.ctype, shape.solver == "bicg"
    gather_t = bicg and shape.transpose != "scatter"
    out = [f"                    const {t} p_i = r[i] + beta * p_in[i];",
           "                    p_out[i] = p_i;",
           f"                    q[i] = acc{at};"]
    if bicg:
        if gather_t:
            out += [f"                    const {t} pt_u = rt[i] + beta * pt_in[i];",
                    f"                    qt_out[i] = acc_t{at};"]
        else:
            out.append(f"                    const {t} pt_u = pt_i{at};")
        out += ["                    pt_out[i] = pt_u;",
                f"                    dot += (double)pt_u * (double)acc{at};"]
    else:
        out.append(f"                    dot += (double)p_i * (double)acc{at};")
    return out


def _tiles(shape) -> list:
    """The pass's loop when the block streams its row-aligned tiles: every thread loads its
    ``tile`` entries of the tile at once (columns, values, then the gathered vectors) and leaves
    the products in shared memory; lane groups then sum each row's products."""
    t, lanes, e, th = shape.ctype, shape.lanes, shape.tile, shape.threads
    bicg, scatter = shape.solver == "bicg", shape.transpose == "scatter"
    gather_t = bicg and not scatter
    out = ["        for (int tile = tile0; tile < tile1; ++tile) {",
           "            const int tr0 = tile_rows[tile], tr1 = tile_rows[tile + 1];",
           "            const int te0 = indptr[tr0], te1 = indptr[tr1];",
           f"            int col[{e}];",
           f"            {t} val[{e}];",
           "            #pragma unroll",
           f"            for (int k = 0; k < {e}; ++k) {{   // the tile's entries, {th} apart: coalesced",
           f"                const int o = te0 + k * {th} + (int)threadIdx.x;",
           "                col[k] = o < te1 ? indices[o] : -1;",
           f"                val[k] = o < te1 ? values[o] : ({t})0;",
           "            }",
           "            #pragma unroll",
           f"            for (int k = 0; k < {e}; ++k) {{",
           "                if (col[k] >= 0) {",
           "                    const int j = col[k];",
           f"                    prod[k * {th} + threadIdx.x] = val[k] * (r[j] + beta * p_in[j]);"]
    if gather_t:
        out.append(f"                    prod_t[k * {th} + threadIdx.x] = val[k] * (rt[j] + beta * pt_in[j]);")
    if scatter:
        out += [f"                    entry[k * {th} + threadIdx.x] = val[k];",
                f"                    column[k * {th} + threadIdx.x] = j;"]
    out += ["                }", "            }",
            "            __syncthreads();",
            f"            for (int base = tr0; base < tr1; base += {th // lanes}) {{   // alike in every lane (shuffles)",
            "                const int i = base + group;",
            "                const bool valid = i < tr1;",
            "                const int o0 = valid ? indptr[i] - te0 : 0, o1 = valid ? indptr[i + 1] - te0 : 0;",
            f"                {t} acc = ({t})0;"]
    if gather_t:
        out.append(f"                {t} acc_t = ({t})0;")
    if scatter:
        out.append(f"                const {t} pt_i = valid ? rt[i] + beta * pt_in[i] : ({t})0;")
    out += [f"                for (int o = o0 + lane; o < o1; o += {lanes}) {{",
            "                    acc += prod[o];"]
    if gather_t:
        out.append("                    acc_t += prod_t[o];")
    if scatter:
        out += ["                    const int j = column[o];"] + _scatter(shape, "entry[o] * pt_i", " " * 20)
    out.append("                }")
    for o in _halves(lanes):
        out.append(f"                acc += __shfl_xor_sync(0xffffffffu, acc, {o});")
        if gather_t:
            out.append(f"                acc_t += __shfl_xor_sync(0xffffffffu, acc_t, {o});")
    out += ["                if (valid && lane == 0) {"] + _row_result(shape, "")
    out += ["                }", "            }",
            "            __syncthreads();   // the next tile reuses the products' memory",
            "        }"]
    return out


def _scatter(shape, value: str, pad: str) -> list:
    """Entry (row i, column j)'s term ``value`` of Aᵀp̃: into the block's shared window where j
    lies in it, else by a global atomic."""
    return [f"{pad}const {shape.ctype} c = {value};",
            f"{pad}const unsigned int w = (unsigned int)(j - low);",
            f"{pad}if (w < {shape.window}u) atomicAdd(&window[w], c);",
            f"{pad}else atomicAdd(&qt_out[j], c);"]


def _halves(lanes: int) -> list:
    out, o = [], lanes // 2
    while o:
        out.append(o)
        o //= 2
    return out


def _update(shape) -> list:
    """Phase 2: alpha, the vector updates on the block's rows (``rows`` per thread loaded
    before any is stored), the parts of the next dots."""
    t, bicg, u = shape.ctype, shape.solver == "bicg", shape.rows
    scatter = shape.transpose == "scatter"
    names = ["pv", "qv", "rv", "xv"] + (["rtv", "qtv"] if bicg else [])
    loads = {"pv": "p_out", "qv": "q", "rv": "r", "xv": "x", "rtv": "rt", "qtv": "qt_out"}
    out = ["        // phase 2: alpha = rho / (" + ("p̃.q" if bicg else "p.q") + "), x += alpha p, "
           "r -= alpha q" + (", r̃ -= alpha Aᵀp̃" if bicg else "") + ", the parts of "
           + ("r̃.r and r.r" if bicg else "r.r"),
           "        grid_sum(part_k, &sums[0], red);",
           f"        const double alpha = rho / sums[0];",
           f"        const {t} alpha_t = ({t})alpha;",
           "        double rr = 0.0, rtr = 0.0;",
           f"        for (int i0 = row0 + (int)threadIdx.x; i0 < row1; i0 += {shape.threads * u}) {{",
           "            " + t + " " + ", ".join(f"{v}[{u}]" for v in names) + ";",
           "            #pragma unroll",
           f"            for (int u = 0; u < {u}; ++u) {{",
           f"                const int i = i0 + u * {shape.threads};",
           "                if (i < row1) {"]
    out += [f"                    {v}[u] = {loads[v]}[i];" for v in names]
    out += ["                }", "            }",
            "            #pragma unroll",
            f"            for (int u = 0; u < {u}; ++u) {{",
            f"                const int i = i0 + u * {shape.threads};",
            "                if (i < row1) {",
            "                    x[i] = xv[u] + alpha_t * pv[u];",
            f"                    const {t} r_i = rv[u] - alpha_t * qv[u];",
            "                    r[i] = r_i;",
            "                    rr += (double)r_i * (double)r_i;"]
    if bicg:
        out += [f"                    const {t} rt_i = rtv[u] - alpha_t * qtv[u];",
                "                    rt[i] = rt_i;",
                "                    rtr += (double)rt_i * (double)r_i;"]
        if scatter:
            out.append(f"                    qt_next[i] = ({t})0;   // the next iteration's scatter target")
    out += ["                }", "            }", "        }",
            "        rr = block_sum(rr, red);"]
    if bicg:
        out.append("        rtr = block_sum(rtr, red);")
    out += ["        if (threadIdx.x == 0) {",
            "            part_k[blockIdx.x * 4 + 1] = rr;"]
    if bicg:
        out.append("            part_k[blockIdx.x * 4 + 2] = rtr;")
    out += ["        }",
            "        grid_barrier(barrier);"]
    return out + _next(shape)


def _next(shape) -> list:
    """After the second barrier: beta = rho_new / rho, the residual history, the stop test
    (alike in every block)."""
    t, bicg = shape.ctype, shape.solver == "bicg"
    out = ["        // beta = rho_new / rho, the residual history, the stop test (alike in every block)",
           "        grid_sum(part_k + 1, &sums[1], red);"]
    if bicg:
        out.append("        grid_sum(part_k + 2, &sums[2], red);")
    rho_new = "sums[2]" if bicg else "sums[1]"
    out += ["        rr = sums[1];",
            f"        const double rho_new = {rho_new};",
            "        beta_d = rho_new / rho;",
            "        beta = (" + t + ")beta_d;",
            "        rho = rho_new;",
            "        done = k + 1;",
            "        if (blockIdx.x == 0 && threadIdx.x == 0) history[k] = rr;",
            "        if (rr <= stop) { status = 1; break; }",
            "        if (!isfinite(rr)) { status = (rho_new == 0.0 || !isfinite(rho_new)) ? 2 : 3; break; }",
            "        if (rho_new == 0.0) { status = 2; break; }"]
    return out


def kernel_text(shape) -> str:
    """The CUDA C of one resident kernel."""
    t, bicg = shape.ctype, shape.solver == "bicg"
    scatter = shape.transpose == "scatter"
    lines = [_signature(shape) + " {",
             f"    // {shape.solver.upper()} iterations, {shape.dtype}, {shape.threads} threads, "
             f"{shape.lanes} lanes per row" + (f", transpose {shape.transpose}" if bicg else ""),
             "    __shared__ double red[32];",
             "    __shared__ double sums[4];"]
    if scatter or shape.tile:
        lines.append("    extern __shared__ __align__(16) unsigned char dynamic[];")
    if scatter:
        lines += [f"    {t}* window = ({t}*)dynamic;   // Aᵀ p̃ for columns low .. low + {shape.window} - 1",
                  "    const int low = window_low[blockIdx.x];"]
    if shape.tile:
        cap, after = shape.capacity, f"dynamic + {shape.window * shape.item if scatter else 0}"
        lines.append(f"    {t}* prod = ({t}*)({after});   // a tile's products a_ij p_j, {cap} at most")
        if bicg and not scatter:
            lines.append(f"    {t}* prod_t = prod + {cap};   // and a_ij p̃_j")
        if scatter:
            lines += [f"    {t}* entry = prod + {cap};   // the tile's entries a_ij",
                      f"    int* column = (int*)(entry + {cap});   // and their columns j"]
        lines += ["    const int tile0 = starts[blockIdx.x], tile1 = starts[blockIdx.x + 1];   // the block's tiles",
                  "    const int row0 = tile_rows[tile0], row1 = tile_rows[tile1];"]
    else:
        lines.append("    const int row0 = starts[blockIdx.x], row1 = starts[blockIdx.x + 1];")
    lines += [
              f"    const int lane = (int)(threadIdx.x % {shape.lanes}), group = (int)(threadIdx.x / {shape.lanes});",
              "    double rho = scalars[0], beta_d = scalars[1];",
              f"    {t} beta = ({t})beta_d;",
              "    int done = 0, status = 0;",
              "    for (int k = 0; k < iterations; ++k) {",
              "        double* part_k = part + (k & 1) * gridDim.x * 4;",
              f"        {t}* p_in = (k & 1) ? p1 : p0;      // p of the iteration before",
              f"        {t}* p_out = (k & 1) ? p0 : p1;     // p of this one"]
    if bicg:
        lines += [f"        {t}* pt_in = (k & 1) ? pt1 : pt0;",
                  f"        {t}* pt_out = (k & 1) ? pt0 : pt1;",
                  f"        {t}* qt_out = (k & 1) ? qt1 : qt0;   // Aᵀ p̃ (scatter: zero on entry)"]
        if scatter:
            lines.append(f"        {t}* qt_next = (k & 1) ? qt0 : qt1;")
    lines += _pass(shape) + _update(shape)
    lines += ["    }",
              "    if (blockIdx.x == 0 && threadIdx.x == 0) {",
              "        scalars[0] = rho; scalars[1] = beta_d; scalars[2] = (double)done; scalars[3] = (double)status;",
              "    }",
              "}"]
    return "\n".join(lines) + "\n"


def module_source(shape, program: str = "") -> str:
    """The module's CUDA text: a header naming the solver and shape, the barrier and sums, the
    kernel."""
    head = (f"// Generated by kfuse {__version__}: resident {shape.solver.upper()} iterations"
            + (f" for '{program}'" if program else "") + f" ({shape.name}).\n"
            "// One cooperative launch runs many iterations; see kfuse.codegen.resident.\n")
    return head + _PRELUDE + "\n" + kernel_text(shape)
