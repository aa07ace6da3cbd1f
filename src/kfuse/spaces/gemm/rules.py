"""The adaptor rules of a GEMM kernel whose product has a structured operand (symmetric or
triangular): per structure a rule the kernel's loader runs and one that builds a full matrix in
a kernel before it, what each is in words, the share of the rate a loader rule keeps, and the
combinations the search and ``kfuse explain`` weigh.
"""
from __future__ import annotations


#: the seed's adaptor rules per structure: the first of each reads the structure in the
#: loader of the one gemm kernel; the second builds a full matrix first by a prior kernel
RULES = {"sym": ("mirror", "symmetrize"), "tri": ("skip", "zero_fill")}
#: rules the gemm kernel's loader runs (the spec's structure fields)
LOADER_RULES = ("mirror", "skip")
#: what each rule is, in the seed's words (shown by explain)
RULE_TEXT = {
    "mirror": "SM_alloc(X, Symmetry): tiles fetched from the stored triangle, mirrored in the loader",
    "symmetrize": "GM_map(X, Symmetry): a symmetrize kernel writes the full matrix (n^2 read + write), then GEMM",
    "skip": "peel_triangular(X): k tiles entirely zero skipped, diagonal tiles masked (half the flops)",
    "zero_fill": "padding_triangular(X): a zero-fill kernel writes the padded full matrix (n^2 read + write), "
                 "then GEMM (all the flops)"}
#: the share of the gemm rate a loader rule keeps (its element-wise loads of the structured
#: operand; H200 float32 4096, quick bench: SYMM 0.86 of GEMM NN, TRMM 0.73 per flop done)
LOADER_EFFICIENCY = {"mirror": 0.86, "skip": 0.75}
#: (an engine's own shares, where they differ: its ``loader_efficiency``, :mod:`.engines`)
RULE_PARAMS = ("a_rule", "b_rule")


def rule_of(params: dict, operand: str, structure: str) -> str:
    """The adaptor rule of ``operand`` ("A"/"B") in a kernel's params (its ``a_rule`` /
    ``b_rule``), the structure's loader rule when the plan leaves it out."""
    return params.get(f"{operand.lower()}_rule") or RULES[structure][0]


def rule_refusals(adaptors: dict, params: dict) -> list:
    """Why a kernel's rule parameters cannot run its product's ``adaptors`` (operand ->
    (structure, uplo, diag)): a rule on a general operand, a rule of the other structure.  The
    prior-kernel rules (symmetrize, zero_fill) are built: codegen/gemm/prior.py."""
    why = []
    for op in ("A", "B"):
        rule = params.get(f"{op.lower()}_rule")
        ad = adaptors.get(op)
        if ad is None:
            if rule:
                why.append(f"{op.lower()}_rule={rule!r}: operand {op} is a general matrix, no adaptor rule applies")
            continue
        rule = rule or RULES[ad[0]][0]
        if rule not in RULES[ad[0]]:
            what = "symmetric" if ad[0] == "sym" else "triangular"
            why.append(f"{op.lower()}_rule={rule!r}: operand {op} is {what}; its rules are "
                       f"{', '.join(RULES[ad[0]])}")
    return why


def composed(adaptors: dict) -> list:
    """Every combination of the adaptors' rules (the seed's composer), as params dicts:
    ``[{"a_rule": "mirror"}, {"a_rule": "symmetrize"}]`` for a symmetric A; ``[{}]`` for none."""
    combos = [{}]
    for op in ("A", "B"):
        if op in adaptors:
            combos = [dict(c, **{f"{op.lower()}_rule": r}) for c in combos for r in RULES[adaptors[op][0]]]
    return combos
