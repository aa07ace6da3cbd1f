"""Matrix products sharing an operand in one launch: the gemm space's groups.

Two or more independent contraction calls of one program that read the same operand in the same
role (``C1 = A @ B1; C2 = A @ B2``, or ``C1 = B1 @ A; C2 = B2 @ A``; the query/key/value
projections ``x @ Wq, x @ Wk, x @ Wv``) may run in ONE gemm kernel: one grid covers every
product's tiles (:mod:`kfuse.codegen.gemm.group` interleaves them: block b computes tile
b / P of product b % P), each product with its own epilogue maps, all under the kernel's one
scheme.  The shared operand is not loaded once per block (one accumulator per block): the
blocks computing the same tile of each product run side by side, so its tiles are re-read
from L2.  The gain is one launch instead of P and a fuller last wave of blocks.

What may not be grouped, and why (:func:`group_refusals`, shown by ``kfuse explain``): products
that depend on each other, of different dtypes (the precision picks the engine) or sizes (the
kernel's domain and scheme are one), that share no operand in the same role, structured
operands or results (symm, trmm, syrk, syr2k), reductions of a product, an epilogue map reading
two products (each runs in its own blocks), and split-k (:func:`scheme_refusals`).

The model (:func:`traffic_facts`): the products' flops add up, the grid is P x the tiles of one
product (``Geometry.grid[2]`` = P), each product re-reads its operands per tile row and column
as a lone product does, and the shared operand's further reads are counted as DRAM reads (the
generic reads count each distinct value once), so a group is predicted faster than its P
launches only by the launch and the wave quantisation it saves.
"""
from __future__ import annotations

#: what the operands of a contraction are called (its roles)
ROLES = ("A", "B")


def products(calls: list, info) -> list:
    """The contraction calls among ``calls`` (the products of a gemm kernel), in order."""
    return [c for c in calls if info.fn(c).hof == "contraction"]


def is_group(calls: list, info) -> bool:
    """Whether a gemm kernel running ``calls`` runs several products (a group)."""
    return len(products(calls, info)) > 1


def operand_key(program, v: str) -> tuple:
    """What makes two operand arguments the same operand: the stored array (the base value),
    whether it is read transposed (a ``.T`` view) and the window of it read."""
    val = program.value(v)
    return program.base(v), bool(val.view_of) and val.window is None, val.window


def shared_operands(program, gemms: list) -> list:
    """(role, value) of each operand every product of ``gemms`` reads in the same role."""
    got = []
    for role in ROLES:
        keys = {operand_key(program, program.calls[g].args[role]) for g in gemms}
        if len(keys) == 1:
            got.append((role, program.calls[gemms[0]].args[role]))
    return got


def owners(program, calls: list, info) -> dict:
    """Each call of the kernel -> the products whose results it reads (transitively, inside the
    kernel); a product owns itself.  An epilogue map of one product has one owner; a map that
    reads no product, none (it runs with the first product's tiles)."""
    produced = {info.out(c): c for c in calls}
    got: dict = {}
    for c in sorted(calls):
        if info.fn(c).hof == "contraction":
            got[c] = {c}
            continue
        own: set = set()
        for v in program.calls[c].args.values():
            src = produced.get(program.base(v))
            if src is not None and src != c:
                own |= got.get(src, set())
        got[c] = own
    return got


def parts(program, calls: list, info) -> list:
    """The kernel's calls split by product: one list per product (the product first, then its
    epilogue calls in order); calls that read no product join the first product's list."""
    gemms = products(calls, info)
    own = owners(program, calls, info)
    out = [[g] for g in gemms]
    for c in sorted(calls):
        if c in gemms:
            continue
        mine = own[c]
        i = gemms.index(min(mine)) if mine else 0
        out[i].append(c)
    return out


def group_refusals(program, calls: list, info, label) -> list:
    """Why the products among ``calls`` (two or more) cannot run in one grouped launch; ``label``
    names a call for the reasons.  Empty: they can (see the module doc).  Called by
    :meth:`kfuse.spaces.gemm.space.GemmSpace.fusion_refusals`, which checks the first product's
    operands itself and the epilogue maps' shapes and windows."""
    gemms = products(calls, info)
    why = []
    names = ", ".join(label(c) for c in gemms)
    produced = {info.out(c): c for c in calls}
    for g in gemms[1:]:   # the first product's operands: GemmSpace.fusion_refusals checks them
        for role in ROLES:
            v = program.calls[g].args[role]
            src = produced.get(program.base(v))
            if src is not None:
                why.append(f"{label(g)} reads {program.value(v).display}, computed by {label(src)} in the same "
                           "kernel: dependent products do not run in one launch (each tile reads whole rows and "
                           "columns of its operands)")
    dtypes = {info.dtype(g) for g in gemms}
    if len(dtypes) > 1:
        why.append(f"{names} are products of different dtypes ({', '.join(sorted(dtypes))}): one launch runs one "
                   "engine and precision")
    shapes = {info.domain(g).shape for g in gemms}
    if len(shapes) > 1:
        why.append(f"{names} have different sizes ({', '.join('x'.join(map(str, s)) for s in sorted(shapes))}): "
                   "a grouped launch runs products of one m x n x k under one scheme")
    if not shared_operands(program, gemms):
        why.append(f"{names} share no operand in the same role (A of each, or B of each): only products "
                   "sharing an operand are grouped")
    for g in gemms:
        fn = info.fn(g)
        if fn.adaptors or fn.c_uplo or fn.second:
            why.append(f"{label(g)} is a structured product ({fn.name}): grouped launches run general "
                       "products only")
    own = owners(program, calls, info)
    for c in calls:
        if c in gemms:
            continue
        if info.fn(c).is_reduce:
            why.append(f"{label(c)} is a reduction: a grouped launch runs no reductions of its products")
        elif len(own[c]) > 1:
            why.append(f"{label(c)} reads the results of {len(own[c])} products: in a grouped launch each "
                       "product's tiles run in their own blocks")
    return why


def scheme_refusals(scheme, calls: list, info) -> list:
    """What the kernel's one scheme cannot do for a group: split-k (its partial tiles and
    counters are one product's)."""
    if getattr(scheme, "splitk", 1) > 1 and is_group(calls, info):
        return [f"splitk={scheme.splitk}: split-k of a grouped launch (several products) is not built; use "
                "splitk=1"]
    return []


def traffic_facts(program, calls: list, info) -> dict:
    """The gemm facts of a group (:meth:`kfuse.spaces.gemm.space.GemmSpace.traffic_facts`): ``a_bytes``
    and ``b_bytes`` summed over the products (each re-reads its own operands per tile column /
    row), ``flops`` summed, ``dup_bytes`` the reads of a shared operand beyond the first (the
    generic reads count each distinct value once)."""
    gemms = products(calls, info)
    a = b = flops = 0
    seen: dict = {}
    dup = 0
    for g in gemms:
        call = program.calls[g]
        for role in ROLES:
            nbytes = program.value(call.args[role]).type.nbytes()
            key = operand_key(program, call.args[role])
            if key in seen:
                dup += nbytes
            seen[key] = nbytes
            if role == "A":
                a += nbytes
            else:
                b += nbytes
        m, n, k = info.domain(g).shape
        flops += 2 * m * n * k
    return {"a_bytes": a, "b_bytes": b, "flops": flops, "dup_bytes": dup, "products": len(gemms),
            "group_eff": GROUP_EFFICIENCY}


#: the share of the scheme's rate a grouped kernel keeps (its products as device functions of one
#: launch): H200 float32, two products sharing A, gemm_group_probe: 31.7 TFLOP/s at n = 1024 and
#: 31.8 at 4096, where the separate kernels ran 46.0 at 4096 (benchmarks/results/2026-11-24/group_s17)
GROUP_EFFICIENCY = 0.69
