"""Arguments of kfuse.solvers.cg/bicg checked before any GPU work (CPU)."""
import math

import pytest

from kfuse import solvers
from kfuse.errors import ArgumentError


@pytest.mark.parametrize("solve", [solvers.cg, solvers.bicg])
@pytest.mark.parametrize("tol", [-1e-6, -1.0, math.nan, "1e-6", None])
def test_a_tol_that_is_not_a_number_at_least_zero_is_refused(solve, tol):
    """The resident engine tests r.r <= (tol ||b||)^2: a negative tol would report 'converged'
    after one iteration where the graph engine runs to maxiter; both refuse it now."""
    with pytest.raises(ArgumentError, match="tol"):
        solve(None, None, tol=tol)


def test_tol_zero_and_numpy_floats_are_taken():
    import numpy as np
    assert solvers._check_tol(0) == 0.0 and solvers._check_tol(np.float32(1e-3)) == pytest.approx(1e-3)
