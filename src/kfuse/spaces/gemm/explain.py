"""The GEMM space's alternatives in words (``kfuse explain``): every adaptor rule combination of
a gemm kernel whose product has structured operands, with the model's predicted time and the
filter's reason for each dropped one, and, where more than one engine serves the product
(float64: ffma and mma_f64), each engine's fastest scheme as the model priced it
(:meth:`kfuse.spaces.base.Space.explain_lines`)::

    composer, kernel k0 (t1 = symm_ll(A, B)):
      a_rule=mirror: 12.3 us  <- chosen (SM_alloc(X, Symmetry): ...)
      a_rule=symmetrize: 14.1 us predicted, dropped: ... needs a kernel before the gemm kernel ...
    engines, kernel k0 (C = A @ B): float64 runs on 'ffma' or 'mma_f64', ranked by the model
      mma_f64: 89.4 us  <- chosen (FP64 tensor cores, mma.sync (DMMA); bm=128, bn=64, bk=16)
      ffma: 98.9 us predicted at best (FFMA on CUDA cores; bm=64, bn=64, bk=16), not chosen
"""
from __future__ import annotations

from ... import library
from . import engines
from .rules import RULE_PARAMS, RULE_TEXT, composed, rule_refusals


def _label(rules: dict) -> str:
    return ", ".join(f"{k}={v}" for k, v in rules.items())


def explain_lines(program, kernel, needed: set, predict) -> list:
    """For a gemm kernel (a KernelPlan storing ``needed``) whose product has structured operands:
    one line per composed rule combination, priced by ``predict(calls, params, needed)``, the
    chosen one marked, the others with why they lost (a slower prediction) or were dropped (the
    filter's reason).  None for a product of general matrices."""
    call = next((program.calls[c] for c in kernel.calls
                 if library.get(program.calls[c].fn).hof == "contraction"), None)
    fn = library.get(call.fn) if call is not None else None
    if fn is None or not fn.adaptors:
        return []
    base = {p: v for p, v in kernel.params.items() if p not in RULE_PARAMS}
    chosen = {p: kernel.params[p] for p in RULE_PARAMS if p in kernel.params}
    rows = []
    for rules in composed(fn.adaptors):
        rows.append((rules, predict(kernel.calls, dict(base, **rules), needed), rule_refusals(fn.adaptors, rules)))
    best = next((t for rules, t, _ in rows if rules == chosen), None)
    return [f"composer, kernel {kernel.name} ({call.label}):"] + [_row(rules, t, why, chosen, best)
                                                                   for rules, t, why in rows]


def engine_lines(kernel, label: str, dtype: str, offered: list, predict, needed: set) -> list:
    """Where ``offered`` (the kernel's scheme variants, params dicts) span several engines: one
    line per engine with its fastest variant's ``predict(calls, params, needed)``, the kernel's
    own engine marked chosen; empty where one engine serves the product."""
    best: dict = {}
    for prm in offered:
        t = predict(kernel.calls, prm, needed)
        if prm["engine"] not in best or t < best[prm["engine"]][0]:
            best[prm["engine"]] = (t, prm)
    if len(best) < 2:
        return []
    mine = kernel.params.get("engine", "ffma")
    names = " or ".join(repr(e) for e in best)
    out = [f"engines, kernel {kernel.name} ({label}): {dtype} runs on {names}, ranked by the model"]
    fastest = min(t for t, _ in best.values())
    for name, (t, prm) in sorted(best.items(), key=lambda kv: kv[1][0]):
        title = engines.get(name).title
        if name == mine:   # the plan's own scheme (the model's, or a tuned or measured winner)
            prm = kernel.params
            t = predict(kernel.calls, prm, needed)
        tile = f"bm={prm.get('bm')}, bn={prm.get('bn')}, bk={prm.get('bk')}"
        if name == mine:
            why = "" if t <= fastest else "; not the model's pick: the plan's scheme (tuned or a measured winner)"
            out.append(f"  {name}: {t * 1e6:.1f} us  <- chosen ({title}; {tile}{why})")
        else:
            out.append(f"  {name}: {t * 1e6:.1f} us predicted at best ({title}; {tile}), not chosen")
    return out


def _row(rules: dict, t: float, why: list, chosen: dict, best: float | None) -> str:
    """One rule combination's line: chosen, dropped (``why``) or slower than ``best``."""
    text = "; ".join(RULE_TEXT[v] for v in rules.values())
    if rules == chosen:
        return f"  {_label(rules)}: {t * 1e6:.1f} us  <- chosen ({text})"
    if why:
        return f"  {_label(rules)}: {t * 1e6:.1f} us predicted, dropped: {'; '.join(why)}"
    return (f"  {_label(rules)}: {t * 1e6:.1f} us predicted, not chosen"
            + (f" (slower than {best * 1e6:.1f} us)" if best is not None and t > best else "") + f" ({text})")
