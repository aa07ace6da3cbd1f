"""CG and BiCG on fused kernels against dense solves and SciPy, and their statuses."""
import numpy as np
import pytest

import kfuse
from kfuse import sparse, solvers


@pytest.mark.parametrize("fmt", ["csr", "ell"])
@pytest.mark.parametrize("graph", [True, False])
def test_cg_poisson(fmt, graph):
    import cupy
    A = sparse.poisson2d(24, "float64")
    b = cupy.asarray(np.random.default_rng(0).uniform(-1, 1, A.shape[0]))
    x, info = solvers.cg(A, b, tol=1e-10, fmt=fmt, graph=graph, check_every=5)
    assert info.converged, info
    want = np.linalg.solve(A.todense(), b.get())
    assert np.linalg.norm(x.get() - want) / np.linalg.norm(want) < 1e-8
    scipy = pytest.importorskip("scipy.sparse.linalg")
    import scipy.sparse as ss
    n_sp = []
    scipy.cg(ss.csr_matrix(A.todense()), b.get(), rtol=1e-10, callback=lambda _x: n_sp.append(1))
    assert info.iterations <= len(n_sp) + 5          # checked every 5 iterations


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_bicg_nonsymmetric(dtype):
    import cupy
    A = sparse.banded(3000, 12, dtype, seed=3)
    b = cupy.asarray(np.random.default_rng(1).uniform(-1, 1, 3000).astype(dtype))
    tol = 1e-5 if dtype == "float32" else 1e-11
    x, info = solvers.bicg(A, b, tol=tol)
    assert info.converged, info
    d = A.todense().astype(np.float64)
    res = np.linalg.norm(b.get() - d @ x.get().astype(np.float64)) / np.linalg.norm(b.get())
    assert res < 10 * tol


def test_fused_iterations_are_three_kernels():
    import cupy
    A = sparse.poisson2d(20, "float32").to_device()
    v = cupy.ones(A.shape[0], np.float32)
    rho = cupy.asarray(np.float32(1))
    assert solvers._jitted(solvers.cg_step, True).executable(A, v, v, v, rho).n_kernels == 3
    assert solvers._jitted(solvers.bicg_step, True).executable(A, A, v, v, v, v, v, rho).n_kernels == 3


def test_statuses_and_bad_input():
    import cupy
    A = sparse.poisson2d(10, "float64")
    b = cupy.ones(100)
    _, info = solvers.cg(A, b, tol=1e-30, maxiter=7, check_every=3)
    assert info.status == "maxiter" and info.iterations == 7
    swap = sparse.CSR.from_any(np.array([[0.0, 1.0], [1.0, 0.0]]))
    _, info = solvers.cg(swap, cupy.asarray([1.0, 0.0]), check_every=1, maxiter=5)
    assert info.status == "breakdown"
    with pytest.raises(kfuse.ArgumentError, match="NaN"):
        solvers.cg(A, cupy.full(100, np.nan))
    with pytest.raises(kfuse.ShapeError, match="square"):
        solvers.bicg(sparse.random_sparse(10, 12, 3, "float64"), cupy.ones(10))
    with pytest.raises(kfuse.ArgumentError, match="float32"):
        solvers.cg(A, cupy.ones(100, np.float32))


def test_out_rejects_aliasing():
    import cupy
    f = kfuse.jit(lambda x, y: x + y)
    x, y = cupy.ones(10), cupy.ones(10)
    with pytest.raises(kfuse.ArgumentError, match="shares memory"):
        f(x, y, out=x)
    z = cupy.empty(10)
    assert f(x, y, out=z) is z and float(z[0]) == 2.0


def test_tuned_solvers_and_jit(tmp_path):
    """tune=True: the iteration's best predicted plans are timed on the system itself, the
    fastest (a correct one) runs, and the choice is cached for later processes; the solution
    matches a dense solve and the tuned jit's SpMV is right."""
    import cupy
    from kfuse.platform import device
    from kfuse.pipeline.tune import cached_plan
    A = sparse.banded(4099, 21, "float64", seed=5)
    b = cupy.asarray(np.random.default_rng(3).uniform(-1, 1, 4099))
    with kfuse.config.override(cache_dir=str(tmp_path)):
        solvers._STEPS.clear()
        x, info = solvers.bicg(A, b, tol=1e-11, tune=True)
        assert info.converged, info
        d = A.todense()
        assert np.linalg.norm(b.get() - d @ x.get()) / np.linalg.norm(b.get()) < 1e-10
        exe = solvers._STEPS[("bicg_step", False, True)].executable(
            *([A.to_device(), A.T.to_device()] + [b] * 5 + [cupy.asarray(1.0)]))
        assert cached_plan(exe.program, device.device_name()) is not None
        f = kfuse.jit(lambda A, x: A @ x, tune=True)
        Ad = A.to_device()
        y = f(Ad, b)
        assert np.linalg.norm(y.get() - d @ b.get()) / np.linalg.norm(d @ b.get()) < 1e-12
        assert cached_plan(f.trace(Ad, b), device.device_name()) is not None
    solvers._STEPS.clear()
