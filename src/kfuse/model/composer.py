"""The seed's composer in words (issue 20): every adaptor rule combination of each gemm kernel of
a plan, with the model's predicted time and the filter's reason for each dropped one.

``kfuse explain`` prints these lines under the plan (:attr:`kfuse.fusion.plan.Plan.notes`)::

    composer, kernel k0 (t1 = symm_ll(A, B)):
      a_rule=mirror: 12.3 us  <- chosen (SM_alloc(X, Symmetry): ...)
      a_rule=symmetrize: 14.1 us predicted, dropped: ... needs a kernel before the gemm kernel ...
"""
from __future__ import annotations

from .. import library
from ..spaces import stored
from ..ir import Program
from ..spaces.gemm.space import RULE_PARAMS, RULE_TEXT, composed, rule_refusals
from .calibration import Calibration
from .predict import predict_kernel


def _label(rules: dict) -> str:
    return ", ".join(f"{k}={v}" for k, v in rules.items())


def composer_lines(program: Program, kernels: list, cal: Calibration) -> list:
    """For each gemm kernel (a KernelPlan) whose product has structured operands: one line per
    composed rule combination, the chosen one marked, the others with why they lost (a slower
    prediction) or were dropped (the filter's reason)."""
    lines = []
    needed = stored(program, [k.calls for k in kernels])
    for k, need in zip(kernels, needed):
        if k.space != "gemm":
            continue
        call = next((program.calls[c] for c in k.calls if library.get(program.calls[c].fn).hof == "contraction"),
                    None)
        fn = library.get(call.fn) if call is not None else None
        if fn is None or not fn.adaptors:
            continue
        base = {p: v for p, v in k.params.items() if p not in RULE_PARAMS}
        chosen = {p: k.params[p] for p in RULE_PARAMS if p in k.params}
        lines.append(f"composer, kernel {k.name} ({call.label}):")
        best = None
        rows = []
        for rules in composed(fn.adaptors):
            params = dict(base, **rules)
            t = predict_kernel(program, k.calls, params, need, cal)
            why = rule_refusals(fn.adaptors, rules)
            rows.append((rules, t, why))
            if rules == chosen:
                best = t
        for rules, t, why in rows:
            text = "; ".join(RULE_TEXT[v] for v in rules.values())
            if rules == chosen:
                lines.append(f"  {_label(rules)}: {t * 1e6:.1f} us  <- chosen ({text})")
            elif why:
                lines.append(f"  {_label(rules)}: {t * 1e6:.1f} us predicted, dropped: {'; '.join(why)}")
            else:
                lines.append(f"  {_label(rules)}: {t * 1e6:.1f} us predicted, not chosen"
                             + (f" (slower than {best * 1e6:.1f} us)" if best is not None and t > best else "")
                             + f" ({text})")
    return lines
