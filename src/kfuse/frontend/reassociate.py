"""Matrix-chain order for products the program does not keep: ``(A @ B) @ x`` -> ``A @ (B @ x)``.

A matrix product whose only consumers are matrix-vector products, and which the program does
not return, is never formed: each ``P @ x`` (``gemv``) becomes ``A @ (B @ x)`` and each
``x @ P`` / ``P.T @ x`` (``gemv_t``) becomes ``B.T @ (A.T @ x)``, two matrix-vector products
(2mk + 2kn flops instead of 2mkn + 2mn: 67 MFLOP instead of 137 GFLOP at 4096), and the product
is dropped.  A product with ``alpha``, ``beta`` or ``C`` (``kfuse.blas.gemm``'s) is left as it is.
The rewritten calls say so in their labels, which plans, ``explain`` and the CUDA comments show.
"""
from __future__ import annotations

import dataclasses


MATVEC = ("gemv", "gemv_t")


def reassociate(b, outputs: list) -> None:
    """Rewrite the builder ``b``'s calls in place (see the module doc); ``outputs``: the value
    names the program returns."""
    while True:
        hit = _candidate(b, outputs)
        if hit is None:
            return
        _rewrite(b, *hit)
        _drop_dead_products(b, outputs)


def _consumers(b, value: str) -> list:
    """The calls that read ``value`` or a view of it."""
    views = {n for n, v in b.values.items() if v.view_of == value}
    return [c for c in b.calls if set(c.args.values()) & (views | {value})]


def _candidate(b, outputs: list):
    """(matrix-vector call, the product's call) of the first rewrite, or None."""
    made = {c.out: c for c in b.calls}
    for c in b.calls:
        if c.fn not in MATVEC:
            continue
        p = made.get(c.args["A"])
        if p is None or p.fn != "gemm" or set(p.args) != {"A", "B"} or p.out in outputs:
            continue
        if any(v.view_of == p.out for n, v in b.values.items() if n in outputs):
            continue
        if all(u.fn in MATVEC and u.args["A"] == p.out for u in _consumers(b, p.out)):
            return c, p
    return None


def _matvec(b, mat: str, x: str, label: str, extra: dict | None = None) -> str:
    """``mat @ x`` as ``gemv`` (or ``gemv_t`` of the base of a transpose view); returns its
    output value."""
    base = b.values[mat].view_of if b.values[mat].window is None else None
    fn, a = ("gemv_t", base) if base else ("gemv", mat)
    return b.call(fn, {"A": a, "x": x, **(extra or {})}, label=label)


def _rewrite(b, c, p) -> None:
    """Replace the matrix-vector call ``c`` over ``p``'s product by two, at ``c``'s place, its
    output keeping its name."""
    disp = {n: b.values[n].display for n in (p.args["A"], p.args["B"], c.args["x"])}
    a, m, x = p.args["A"], p.args["B"], c.args["x"]
    extra = {k: v for k, v in c.args.items() if k not in ("A", "x")}
    before = len(b.calls)
    if c.fn == "gemv":      # (A B) x = A (B x)
        first, second = m, a
        text = f"{disp[a]} @ ({disp[m]} @ {disp[x]})"
    else:                   # (A B)^T x = B^T (A^T x)
        first, second = b.transpose(a), b.transpose(m)
        text = f"{disp[m]}.T @ ({disp[a]}.T @ {disp[x]})"
    note = f"  [reassociated: the product {p.label} is not formed]"
    inner = _matvec(b, first, x, text.split(" @ (", 1)[1].rstrip(")") + note)
    temp = _matvec(b, second, inner, text + note, extra)
    new = b.calls[before:]
    del b.calls[before:]
    final = new[-1]
    _forget(b, temp)
    new[-1] = dataclasses.replace(final, outs={k: c.out for k in final.outs}, loc=c.loc)
    at = b.calls.index(c)
    b.calls[at:at + 1] = new
    renumber(b)


def _forget(b, name: str) -> None:
    """Remove value ``name`` (a temporary the rewrite renames away) from ``b``."""
    b.remove_value(name)


def _drop_dead_products(b, outputs: list) -> None:
    """Remove products nothing reads any more (and that are not returned)."""
    keep = [c for c in b.calls if not (c.fn == "gemm" and c.out not in outputs and not _consumers(b, c.out))]
    if len(keep) != len(b.calls):
        b.calls[:] = keep
        renumber(b)


def renumber(b) -> None:
    """Call ids are positions in the program."""
    b.calls[:] = [c if c.id == i else dataclasses.replace(c, id=i) for i, c in enumerate(b.calls)]
