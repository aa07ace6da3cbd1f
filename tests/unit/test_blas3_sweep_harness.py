"""The BLAS-3 sweep's input check (tests/blas3_sweep.py) compares bits (issue 30, item 2): the
inputs of SYMM/TRMM/TRSM (A) and SYRK/SYR2K (C) hold NaN in the triangle the routine must not
read, and a float comparison (NaN != NaN) reports exactly those inputs "changed" after a call that
wrote nothing -- the pattern of the report, SOLVE_TRIANGULAR with zero right-hand sides (no kernel
receives A) included.  So the check must see NaN as equal to itself and any changed bit, a NaN's
payload too, as a change."""
from __future__ import annotations

import numpy as np
import pytest

from tests import blas3_sweep as sw


@pytest.mark.parametrize("layout", ["C", "F", "T"])
@pytest.mark.parametrize("v", [dict(fn="symm"), dict(fn="trsm", diag="unit"), dict(fn="syrk", uplo="upper")],
                         ids=lambda v: v["fn"])
def test_nan_holding_inputs_compare_equal_to_themselves(v, layout):
    case = sw.Case(m=9, n=9 if v["fn"] == "syrk" else 5, k=3, layout=layout, **v)
    x = sw.inputs(case)
    held = "C" if v["fn"] == "syrk" else "A"
    assert np.isnan(x[held]).any()
    assert not np.array_equal(x[held], x[held].copy())      # what a float comparison would say
    before = sw.snapshot(x)
    assert sw.changed_inputs(before, x) == []


def test_a_changed_bit_is_reported_nan_payloads_too():
    case = sw.Case(fn="trmm", m=9, n=5, k=3, layout="F")
    x = sw.inputs(case)
    before = sw.snapshot(x)
    bits = x["A"].view(np.uint32)
    r, c = np.argwhere(np.isnan(x["A"]))[0]
    bits[r, c] ^= 1                                            # another NaN: same value, new payload
    assert np.isnan(x["A"][r, c])
    assert sw.changed_inputs(before, x) == ["input A changed (1 elements)"]
