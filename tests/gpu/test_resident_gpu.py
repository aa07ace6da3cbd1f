"""Resident CG and BiCG (many iterations in one cooperative launch) against the same iterations
in float64 NumPy, at odd sizes, every transpose mode, both element types; inputs unchanged."""
import numpy as np
import pytest

import kfuse
from kfuse import solver_resident, solvers, sparse
from kfuse.spaces import resident as space


def ref_cg(A, b, iters):
    """Textbook CG in float64 from x = 0: (x, r.r after each iteration)."""
    A = A.astype(np.float64)
    x = np.zeros(len(b))
    r = b.astype(np.float64).copy()
    p, rho, hist = r.copy(), r @ r, []
    for _ in range(iters):
        q = A @ p
        alpha = rho / (p @ q)
        x += alpha * p
        r -= alpha * q
        rho_new = r @ r
        hist.append(rho_new)
        p = r + (rho_new / rho) * p
        rho = rho_new
    return x, np.array(hist)


def ref_bicg(A, b, iters):
    A = A.astype(np.float64)
    x = np.zeros(len(b))
    r = b.astype(np.float64).copy()
    rt, p, pt = r.copy(), r.copy(), r.copy()
    rho, hist = rt @ r, []
    for _ in range(iters):
        q, qt = A @ p, A.T @ pt
        alpha = rho / (pt @ q)
        x += alpha * p
        r -= alpha * q
        rt -= alpha * qt
        rho_new = rt @ r
        hist.append(r @ r)
        beta = rho_new / rho
        p, pt, rho = r + beta * p, rt + beta * pt, rho_new
    return x, np.array(hist)


def _system(kind, n, dtype, seed=0):
    if kind == "poisson":
        k = int(round(n ** 0.5))
        return sparse.poisson2d(k, dtype)
    if kind == "symmetric":
        A = sparse.banded(n, 9, "float64", seed=seed).todense()
        return sparse.CSR.from_any((A + A.T).astype(dtype))
    return sparse.banded(n, 9, dtype, seed=seed)


def _inputs(A, dtype, seed=1):
    import cupy
    b = np.random.default_rng(seed).uniform(-1, 1, A.shape[0]).astype(dtype)
    return cupy.asarray(b), b


TOL = {"float32": 2e-4, "float64": 1e-11}


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("k", [1, 7, 37, 61])
def test_cg_matches_float64(dtype, k):
    import cupy
    A = sparse.poisson2d(k, dtype)
    b, bh = _inputs(A, dtype)
    iters = min(12, A.shape[0])
    Ad = A.to_device()
    before = [a.copy() for a in (Ad.indptr, Ad.indices, Ad.data, b)]
    x, info = solvers.cg(Ad, b, tol=0.0, maxiter=iters, engine="resident")
    want, hist = ref_cg(A.todense(), bh, iters)
    assert info.iterations == iters or info.status in ("converged", "breakdown", "nan")
    got = x.get().astype(np.float64)
    m = info.iterations
    if info.status == "maxiter":
        np.testing.assert_allclose(got, ref_cg(A.todense(), bh, m)[0], rtol=TOL[dtype], atol=TOL[dtype])
    for a, w in zip((Ad.indptr, Ad.indices, Ad.data, b), before):
        assert bool(cupy.array_equal(a, w)), "an input changed"
    rr = np.array([v for _, v in info.residuals[1:]]) ** 2 * float(bh.astype(np.float64) @ bh)
    np.testing.assert_allclose(rr[:min(m, 6)], hist[:min(m, 6)], rtol=50 * TOL[dtype], atol=1e-30)


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("kind", ["nonsymmetric", "symmetric"])
@pytest.mark.parametrize("n", [1, 2, 129, 1001, 4099])
def test_bicg_matches_float64(dtype, kind, n):
    A = _system(kind, n, dtype)
    b, bh = _inputs(A, dtype)
    iters = min(8, n)
    x, info = solvers.bicg(A, b, tol=0.0, maxiter=iters, engine="resident")
    want, hist = ref_bicg(A.todense(), bh, info.iterations)
    if info.status == "maxiter":
        assert info.iterations == iters
    scale = max(1.0, float(np.abs(want).max()))
    np.testing.assert_allclose(x.get().astype(np.float64), want, rtol=TOL[dtype], atol=TOL[dtype] * scale)


def test_transpose_modes_are_chosen():
    import cupy
    S = _system("symmetric", 500, "float64").to_device()
    N = _system("nonsymmetric", 500, "float64").to_device()
    assert solver_resident.symmetric(S) and not solver_resident.symmetric(N)
    assert not solver_resident.symmetric(sparse.random_sparse(50, 50, 3, "float64").to_device())
    assert cupy is not None


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_scatter_outside_the_window(dtype):
    """A window of 16 columns: most of Aᵀp̃ goes through global atomics."""
    import cupy
    A = sparse.random_sparse(2000, 2000, 7, dtype, seed=4)
    A = sparse.CSR.from_any(A.todense() + 8 * np.eye(2000, dtype=dtype))
    Ad = A.to_device()
    b, bh = _inputs(A, dtype)
    x = cupy.zeros(2000, dtype)
    r, rt = b.copy(), b.copy()
    shape = space.shape_for("bicg", dtype, 2000, A.nnz, "scatter", window=16)
    out = solver_resident.run(shape, Ad, x, r, rt, float(bh.astype(np.float64) @ bh), 0.0, 6)
    assert out.inside < 0.5 and out.iterations == 6
    want, hist = ref_bicg(A.todense(), bh, 6)
    np.testing.assert_allclose(x.get().astype(np.float64), want, rtol=TOL[dtype], atol=TOL[dtype])
    np.testing.assert_allclose(out.rr, hist, rtol=100 * TOL[dtype])


@pytest.mark.parametrize("per_sm", [1, 2])
def test_stops_where_it_converges(per_sm):
    import cupy
    A = sparse.poisson2d(40, "float64")
    b, bh = _inputs(A, "float64")
    _, hist = ref_cg(A.todense(), bh, 400)
    stop = 1e-8 ** 2 * float(bh @ bh)
    want = int(np.argmax(hist <= stop)) + 1
    shape = space.shape_for("cg", "float64", A.shape[0], A.nnz)
    x = cupy.zeros(A.shape[0])
    out = solver_resident.run(shape, A.to_device(), x, b.copy(), None, float(bh @ bh), stop, 1000,
                              per_sm=per_sm, chunk=64)
    assert out.status == "converged" and abs(out.iterations - want) <= 1, (out.iterations, want)
    x2, info = solvers.cg(A, b, tol=1e-8, engine="resident")
    assert info.converged and abs(info.iterations - want) <= 1
    assert np.linalg.norm(bh - A.todense() @ x2.get()) <= 2e-8 * np.linalg.norm(bh)


def test_statuses_and_refusals():
    import cupy
    swap = sparse.CSR.from_any(np.array([[0.0, 1.0], [1.0, 0.0]]))
    _, info = solvers.cg(swap, cupy.asarray([1.0, 0.0]), maxiter=5, engine="resident")
    assert info.status == "breakdown"
    A = sparse.poisson2d(10, "float64")
    _, info = solvers.cg(A, cupy.ones(100), tol=1e-30, maxiter=7, engine="resident")
    assert info.status == "maxiter" and info.iterations == 7
    with pytest.raises(kfuse.ArgumentError, match="CSR"):
        solvers.cg(A, cupy.ones(100), fmt="ell", engine="resident")
    with pytest.raises(kfuse.ArgumentError, match="engine"):
        solvers.cg(A, cupy.ones(100), engine="fast")
    with pytest.raises(kfuse.ArgumentError, match="resident"):
        solvers.bicg(cupy.eye(4), cupy.ones(4), engine="resident")


def test_auto_runs_the_graph_engine():
    import cupy
    A = sparse.banded(5000, 9, "float32", seed=2)
    b = cupy.ones(5000, np.float32)
    x, info = solvers.bicg(A, b, tol=1e-5)
    assert info.engine == "graph" and info.converged
    x2, info2 = solvers.bicg(A, b, tol=1e-5, engine="resident")
    assert info2.engine == "resident" and info2.converged
    d = A.todense().astype(np.float64)
    for v in (x, x2):
        assert np.linalg.norm(1 - d @ v.get().astype(np.float64)) / np.sqrt(5000) < 1e-4


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("mode", ["cg", "same", "scatter"])
@pytest.mark.parametrize("tile", [4, 16])
@pytest.mark.parametrize("n", [1, 129, 4099])
def test_tiles_match_float64(dtype, mode, tile, n):
    """The pass that streams row-aligned tiles through shared memory."""
    import cupy
    A = _system("symmetric" if mode != "scatter" else "nonsymmetric", n, dtype, seed=n)
    if mode == "cg":   # symmetric positive definite: the symmetric system plus its row sums
        d = A.todense().astype(np.float64)
        A = sparse.CSR.from_any((d + np.diag(np.abs(d).sum(1) + 1)).astype(dtype))
    b, bh = _inputs(A, dtype)
    iters = min(8, n)
    solver = "cg" if mode == "cg" else "bicg"
    shape = space.shape_for(solver, dtype, n, A.nnz, "" if mode == "cg" else mode, tile=tile, lanes=4)
    Ad = A.to_device()
    x = cupy.zeros(n, dtype)
    r = b.copy()
    out = solver_resident.run(shape, Ad, x, r, b.copy() if solver == "bicg" else None,
                              float(bh.astype(np.float64) @ bh), 0.0, iters)
    want, hist = (ref_cg if solver == "cg" else ref_bicg)(A.todense(), bh, out.iterations)
    scale = max(1.0, float(np.abs(want).max()))
    np.testing.assert_allclose(x.get().astype(np.float64), want, rtol=TOL[dtype], atol=TOL[dtype] * scale)


def test_a_row_longer_than_a_tile_is_refused():
    import cupy
    d = np.eye(1500) * 4
    d[7, :] = 0.5
    d[7, 7] = 1000.0
    A = sparse.CSR.from_any(d).to_device()
    shape = space.shape_for("bicg", "float64", 1500, A.nnz, "scatter", tile=4)
    b = cupy.ones(1500)
    with pytest.raises(ValueError, match="does not fit a tile"):
        solver_resident.run(shape, A, cupy.zeros(1500), b.copy(), b.copy(), 1500.0, 0.0, 3)


@pytest.mark.parametrize("mode", ["cg", "same", "scatter"])
@pytest.mark.parametrize("chunk", [1, 5, 6])
def test_launches_continue_where_the_last_one_stopped(mode, chunk):
    """17 iterations as launches of ``chunk`` iterations (an odd launch ends with p and p̃ in the
    second buffers, which the host swaps; every launch starts the scatter target anew) are the
    17 iterations of one launch, and the float64 reference's."""
    import cupy
    n, iters = 777, 17
    A = _system("symmetric" if mode != "scatter" else "nonsymmetric", n, "float64", seed=5)
    if mode == "cg":   # symmetric positive definite
        d = A.todense()
        A = sparse.CSR.from_any(d + np.diag(np.abs(d).sum(1) + 1))
    solver = "cg" if mode == "cg" else "bicg"
    b, bh = _inputs(A, "float64")
    shape = space.shape_for(solver, "float64", n, A.nnz, "" if mode == "cg" else mode)
    Ad = A.to_device()
    runs = []
    for c in (chunk, solver_resident.LAUNCH_ITERATIONS):
        x = cupy.zeros(n)
        out = solver_resident.run(shape, Ad, x, b.copy(), b.copy() if solver == "bicg" else None,
                                  float(bh @ bh), 0.0, iters, chunk=c)
        assert out.status == "maxiter" and out.iterations == iters and len(out.rr) == iters
        runs.append((x.get(), np.array(out.rr)))
    (x1, rr1), (x2, rr2) = runs
    np.testing.assert_allclose(rr1, rr2, rtol=1e-8)
    np.testing.assert_allclose(x1, x2, rtol=1e-8, atol=1e-10 * float(np.abs(x2).max()))
    want, hist = (ref_cg if solver == "cg" else ref_bicg)(A.todense(), bh, iters)
    scale = max(1.0, float(np.abs(want).max()))
    np.testing.assert_allclose(x1, want, rtol=TOL["float64"], atol=TOL["float64"] * scale)


def test_solver_inputs_x0_zero_right_side_and_refusals():
    """Through solvers.cg/bicg(engine='resident'): a zero right side converges at iteration 0
    with x = 0; an x0 is a start (not written) and the answer is A's; int64 indices and complex
    values are refused with the reason."""
    import cupy
    A = sparse.poisson2d(20, "float64")
    n, d = A.shape[0], A.todense()
    Ad = A.to_device()
    x, info = solvers.cg(Ad, cupy.zeros(n), engine="resident")
    assert info.converged and info.iterations == 0 and not bool(x.any())
    bh = np.random.default_rng(3).uniform(-1, 1, n)
    x0 = cupy.asarray(np.random.default_rng(4).uniform(-1, 1, n))
    keep = x0.copy()
    for solve in (solvers.cg, solvers.bicg):
        x, info = solve(Ad, cupy.asarray(bh), x0=x0, tol=1e-10, engine="resident")
        assert info.converged and info.engine == "resident"
        assert np.linalg.norm(bh - d @ x.get()) <= 1e-9 * np.linalg.norm(bh)
        assert bool(cupy.array_equal(x0, keep))
    wide = sparse.CSR(Ad.indptr.astype(cupy.int64), Ad.indices.astype(cupy.int64), Ad.data, Ad.shape)
    with pytest.raises(kfuse.ArgumentError, match="int32"):
        solvers.bicg(wide, cupy.asarray(bh), engine="resident")
    cplx = sparse.CSR(Ad.indptr, Ad.indices, Ad.data.astype(cupy.complex128), Ad.shape)
    with pytest.raises(kfuse.ArgumentError, match="complex128"):
        solvers.bicg(cplx, cupy.asarray(bh).astype(cupy.complex128), engine="resident")


@pytest.mark.parametrize("engine", ["resident", "graph"])
def test_a_strided_right_side(engine):
    """b a view with a stride of 2: the answer of the same values contiguous, b's storage
    unchanged."""
    import cupy
    A = sparse.poisson2d(20, "float64")
    n = A.shape[0]
    big = cupy.asarray(np.random.default_rng(5).uniform(-1, 1, 2 * n))
    before = big.get()
    x1, i1 = solvers.cg(A, big[::2], tol=1e-10, engine=engine)
    assert np.array_equal(big.get(), before)
    x2, i2 = solvers.cg(A, cupy.ascontiguousarray(big[::2]), tol=1e-10, engine=engine)
    assert i1.converged and i1.iterations == i2.iterations
    np.testing.assert_allclose(x1.get(), x2.get(), rtol=1e-12, atol=1e-14)
