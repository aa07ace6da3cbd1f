"""The seed's prior-kernel adaptor rules (issue 20): symmetrize (GM_map(X, Symmetry)) and
zero_fill (padding_triangular(X)) run as a pass before the gemm kernel of the same planned call,
writing the full matrix into a workspace the gemm reads; the composer keeps them as alternatives
and the model picks by predicted time."""
from __future__ import annotations

import numpy as np
import pytest

import kfuse


def _lowered(fn, n=300, m=70, rule=None, side="left"):
    def f(A, B):
        if fn == "symm":
            return kfuse.blas.symm(A, B, side=side, uplo="upper")
        return kfuse.blas.trmm(A, B, side=side, uplo="lower", diag="unit")
    A = np.zeros((n, n), np.float32)
    B = np.zeros((n, m) if side == "left" else (m, n), np.float32)
    low = kfuse.jit(f).lower(A, B)
    if rule is None:
        return low
    plan = low.plan
    plan["kernels"][0]["params"]["a_rule" if side == "left" else "b_rule"] = rule
    return kfuse.jit(f, plan=plan).lower(A, B)


@pytest.mark.parametrize("fn, rule, side", [("symm", "symmetrize", "left"), ("trmm", "zero_fill", "right")])
def test_prior_rule_adds_a_pass_before_the_gemm_sharing_one_workspace(fn, rule, side):
    low = _lowered(fn, rule=rule, side=side)
    src = low.source
    assert src.count("before the gemm kernel") == 1
    name = low.plan["kernels"][0]["name"]
    spec = low.launch_spec
    work = [a for a in spec.allocations if a.kind == "workspace"]
    assert len(work) == 1 and work[0].nbytes == 300 * 300 * 4 and not work[0].zeroed
    assert [ln.kernel for ln in spec.launches] == [f"{name}_{'A' if side == 'left' else 'B'}_full", name]
    assert all(r["spill_stores"] == 0 for r in low.resources.values()), low.resources
    if rule == "symmetrize":
        assert "GM_map(A, Symmetry): the full symmetric matrix from its upper triangle" in src
    else:   # the user's array A is trmm's B operand (side right)
        assert "padding_triangular(A): its lower triangle, zeros elsewhere, ones on the (unit) diagonal" in src


def test_model_picks_symmetrize_for_symm_and_skip_for_trmm_at_4096():
    """SYMM's mirror loader runs 0.86 of GEMM (element-wise loads) while symmetrize costs one
    n^2 pass; TRMM's zero_fill would do all 2n^3 flops where skip does n^3."""
    assert _lowered("symm", n=4096, m=4096).plan["kernels"][0]["params"]["a_rule"] == "symmetrize"
    assert _lowered("trmm", n=4096, m=4096).plan["kernels"][0]["params"]["a_rule"] == "skip"


def test_a_rule_of_the_other_structure_is_refused_with_the_reason():
    with pytest.raises(kfuse.errors.KfuseError, match="operand A is symmetric; its rules are mirror, symmetrize"):
        _lowered("symm", rule="zero_fill")
