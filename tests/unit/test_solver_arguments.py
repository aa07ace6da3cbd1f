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


@pytest.mark.parametrize("solve", [solvers.cg, solvers.bicg])
@pytest.mark.parametrize("maxiter", [100.0, "100", 1.5])
def test_a_maxiter_that_is_not_a_whole_number_is_refused(solve, maxiter):
    """A float maxiter reached the resident kernel's int parameter as a double (100.0 read as
    0 iterations) and crashed the graph engine's range()."""
    with pytest.raises(ArgumentError, match="maxiter"):
        solve(None, None, maxiter=maxiter)


def test_launch_parameters_from_numpy_numbers():
    """NumPy integers (an n or maxiter computed with NumPy) are the kernel's ints, not arrays."""
    import ctypes

    import numpy as np

    from kfuse.solver_resident import _Args
    args = _Args([np.int64(7), np.int32(3), 5, np.float64(0.5), 2.5, np.float32(1.5)])
    kinds = [type(h) for h in args.held]
    assert kinds == [ctypes.c_int] * 3 + [ctypes.c_double] * 3
    assert [h.value for h in args.held] == [7, 3, 5, 0.5, 2.5, 1.5]


@pytest.mark.parametrize("solve", [solvers.cg, solvers.bicg])
def test_an_unknown_engine_is_refused_first(solve):
    with pytest.raises(ArgumentError, match="engine"):
        solve(None, None, engine="fast")
