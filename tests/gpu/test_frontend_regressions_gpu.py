"""Issue 17 on the GPU: real literals with real results of complex inputs (bug 3), misaligned
inputs -- offset views -- with sparse span kernels and BLAS calls (bug 4), ``kfuse.jit(fuse=False)``
and the compiled plan (bug 6), and a lowered function run on the device.  Against float64 NumPy."""
import numpy as np
import pytest

import kfuse
from kfuse import sparse
from kfuse.fusion.search import impl_variants, make_plan

from .helpers import check_outputs


def _rand(shape, dtype, seed):
    rng = np.random.default_rng(seed)
    a = rng.standard_normal(shape)
    if np.dtype(dtype).kind == "c":
        a = a + 1j * rng.standard_normal(shape)
    return a.astype(dtype)


def _offset(a_host, offset=1):
    """A device view of ``a_host`` starting ``offset`` elements into a larger buffer: the data
    pointer is misaligned for 16-byte loads (``x[1:]`` of a CuPy array).  An element of 16 bytes
    (complex128) keeps every view aligned: there is no misaligned case to test."""
    import cupy
    if np.dtype(a_host.dtype).itemsize * offset % 16 == 0:
        pytest.skip(f"{a_host.dtype} views at an offset of {offset} element(s) stay 16-byte aligned")
    flat = np.ravel(a_host, order="K")
    big = cupy.zeros(flat.size + offset, dtype=a_host.dtype)
    big[offset:] = cupy.asarray(flat)
    order = "F" if a_host.ndim == 2 and a_host.flags.f_contiguous and not a_host.flags.c_contiguous else "C"
    view = big[offset:].reshape(a_host.shape, order=order)
    assert view.data.ptr % 16
    return view


# ------------------------------------------------------------------------------ bug 3
LITERAL_CASES = {
    "abs_times_half": (lambda z: abs(z) * 0.5, lambda z: np.abs(z) * 0.5),
    "sqrt_abs_plus_one": (lambda z: kfuse.sqrt(abs(z) + 1.0), lambda z: np.sqrt(np.abs(z) + 1.0)),
    "nrm2_times_two": (lambda z: kfuse.blas.nrm2(z) * 2.0, lambda z: np.linalg.norm(z) * 2.0),
    "scal_of_abs": (lambda z: kfuse.blas.scal(0.125, abs(z)), lambda z: 0.125 * np.abs(z)),
}


@pytest.mark.parametrize("n", [1, 33, 100003])
@pytest.mark.parametrize("dtype", ["complex64", "complex128"])
@pytest.mark.parametrize("case", list(LITERAL_CASES))
def test_real_literals_with_real_results_of_complex_inputs(case, dtype, n):
    import cupy
    fn, ref = LITERAL_CASES[case]
    z = _rand(n, dtype, n)
    got = kfuse.jit(fn)(cupy.asarray(z))
    real = {"complex64": "float32", "complex128": "float64"}[dtype]
    assert got.dtype == np.dtype(real)
    check_outputs(["r"], [got], [ref(z.astype(np.complex128))], real, case, terms=n)


# ------------------------------------------------------------------------------ bug 4
def rows_vec(A, p, r, rt, x, a):
    q = A @ p
    x2 = x + a * p
    r2 = r - a * q
    return q, x2, r2, r2 @ rt, p @ q


def _rows_vec_ref(A, p, r, rt, x, a):
    q = A.matvec(p)
    r2 = r - a * q
    return [q, x + a * p, r2, r2 @ rt, p @ q]


@pytest.mark.parametrize("dtype", ["float32", "float64", "complex64"])
def test_span_kernel_on_misaligned_inputs(dtype):
    """A CSR rows kernel owning several rows per group (span > 1) reads CSR parts in 16-byte
    packs; with offset views its fallback used to be illegal ('span > 1 needs ... vec > 1')."""
    import cupy
    n = 10007
    A = sparse.random_sparse(n, n, 32, dtype, seed=3)
    vecs = [_rand(n, dtype, s) for s in range(4)]
    a = 0.75
    dev = A.to_device()
    f = kfuse.jit(rows_vec)
    prog = f.trace(dev, *[cupy.asarray(v) for v in vecs], a)
    calls = [c.id for c in prog.calls]
    if len(kfuse.api.make_plan(prog).kernels) != 1:
        pytest.skip("the rows and vector calls did not fuse into one kernel here")
    spans = [p for p in impl_variants(prog, calls) if p.get("span", 1) > 1]
    assert spans
    g = kfuse.jit(rows_vec, plan=make_plan(prog, [(calls, spans[0])]).to_json())
    # CSR parts and vectors at offsets: nothing is 16-byte aligned
    mis = sparse.CSR(cupy.asarray(A.indptr), _offset(A.indices), _offset(A.data), A.shape)
    wide = "complex128" if "complex" in dtype else "float64"
    refs = _rows_vec_ref(A.astype(wide), *[v.astype(wide) for v in vecs], a)
    for args in ((dev, *[cupy.asarray(v) for v in vecs]), (mis, *[_offset(v) for v in vecs])):
        outs = g(*args, a)
        check_outputs(["q", "x2", "r2", "rr", "pq"], outs, refs, dtype, "rows_vec span", terms=n)
    assert g.plan["kernels"][0]["params"]["span"] == spans[0]["span"]


@pytest.mark.parametrize("fmt", ["csr", "ell"])
@pytest.mark.parametrize("dtype", ["float32", "float64", "complex64", "complex128"])
def test_spmv_and_vector_calls_on_offset_views(dtype, fmt):
    import cupy
    n = 4099
    A = sparse.random_sparse(n, n, 12, dtype, seed=7)
    A = A if fmt == "csr" else A.to_ell()
    x, b = _rand(n, dtype, 1), _rand(n, dtype, 2)
    f = kfuse.jit(lambda A, x, b: (A @ x + b, 2.0 * x - b, x @ b))
    ref_dt = complex if "complex" in dtype else float
    A64 = sparse.CSR.from_any(A).astype("complex128" if "complex" in dtype else "float64")
    xr, br = x.astype(ref_dt), b.astype(ref_dt)
    refs = [A64.matvec(xr) + br, 2.0 * xr - br, xr @ br]
    outs = f(A.to_device(), _offset(x), _offset(b))
    check_outputs(["y", "w", "d"], outs, refs, dtype, f"spmv {fmt} offset views", terms=n)


@pytest.mark.parametrize("order", ["C", "F"])
@pytest.mark.parametrize("dtype", ["float32", "float64", "complex64", "complex128"])
def test_blas_calls_on_offset_views(dtype, order):
    import cupy  # noqa: F401
    m, n = 1001, 4096
    A = np.asarray(_rand((m, n), dtype, 5), order=order)
    x, y, u = _rand(n, dtype, 6), _rand(m, dtype, 7), _rand(n, dtype, 8)
    Ad, xd, yd, ud = _offset(A), _offset(x), _offset(y), _offset(u)
    rd = complex if "complex" in dtype else float
    A64, x64, y64, u64 = (v.astype(rd) for v in (A, x, y, u))
    cases = [
        (kfuse.blas.axpy(0.5, xd, ud), 0.5 * x64 + u64),
        (kfuse.blas.dot(xd, ud), x64 @ u64),
        (kfuse.blas.nrm2(xd), np.linalg.norm(x64)),
        (kfuse.blas.scal(3.0, yd), 3.0 * y64),
        (kfuse.blas.gemv(Ad, xd, alpha=2.0, y=yd), 2.0 * (A64 @ x64) + y64),
        (kfuse.blas.gemv(Ad, yd, trans=True), A64.T @ y64),
        (kfuse.jit(lambda A, x, y, u: (A @ x + y, A.T @ y + u))(Ad, xd, yd, ud)[1], A64.T @ y64 + u64),
    ]
    for k, (got, want) in enumerate(cases):
        check_outputs([f"case{k}"], [got], [want], dtype, f"blas on offset views ({order})", terms=n)


# ------------------------------------------------------------------------------ bug 6
def test_jit_fuse_false_and_the_compiled_plan():
    import cupy
    m, n = 513, 1025
    A, p, r = _rand((m, n), "float64", 1), _rand(n, "float64", 2), _rand(m, "float64", 3)

    @kfuse.jit(fuse=False)
    def bicgk(A, p, r):
        return A @ p + 1.0, A.T @ r

    assert bicgk.plan is None
    q, s = bicgk(cupy.asarray(A), cupy.asarray(p), cupy.asarray(r))
    check_outputs(["q", "s"], [q, s], [A @ p + 1.0, A.T @ r], "float64", "fuse=False", terms=n)
    assert [k["calls"] for k in bicgk.plan["kernels"]] == [[0], [1], [2]]
    assert bicgk.plan == bicgk.executable(cupy.asarray(A), cupy.asarray(p), cupy.asarray(r)).plan
    assert list(bicgk.plans.values()) == [bicgk.plan]
    fused = kfuse.jit(lambda A, p, r: (A @ p + 1.0, A.T @ r))
    fused(cupy.asarray(A), cupy.asarray(p), cupy.asarray(r))
    assert len(fused.plan["kernels"]) < 3


def test_lowered_function_runs_on_the_device():
    import cupy
    n = 3001
    w, v, u = (_rand(n, "float32", s) for s in range(3))
    lo = kfuse.jit(lambda w, v, u, a: (w - a * v, (w - a * v) @ u)).lower(
        kfuse.ShapeDtype(n, "float32"), v, u, 0.5)
    z, d = lo.executable(cupy.asarray(w), cupy.asarray(v), cupy.asarray(u), 0.5)
    z64 = w.astype(float) - 0.5 * v.astype(float)
    check_outputs(["z", "d"], [z, d], [z64, z64 @ u.astype(float)], "float32", "lowered", terms=n)


# ------------------------------------------------------------------------------ bug 3: numbers
NUMBER_ARG_CASES = {   # f(z, s) with s a Python float: real with real values, complex with z
    "s_times_abs": (lambda z, s: s * abs(z), lambda z, s: [s * np.abs(z)]),
    "s_times_asum": (lambda z, s: s * kfuse.blas.asum(z),
                     lambda z, s: [s * (np.abs(z.real).sum() + np.abs(z.imag).sum())]),
    "both_ways": (lambda z, s: (s * abs(z), s * z + 2 * s), lambda z, s: [s * np.abs(z), s * z + 2 * s]),
}


@pytest.mark.parametrize("n", [1, 33, 100003])
@pytest.mark.parametrize("dtype", ["complex64", "complex128"])
@pytest.mark.parametrize("case", list(NUMBER_ARG_CASES))
def test_python_number_arguments_with_complex_inputs(case, dtype, n):
    import cupy
    fn, ref = NUMBER_ARG_CASES[case]
    z = _rand(n, dtype, n)
    f = kfuse.jit(fn)
    for s in (0.75, -1.25):          # a new number each call: the copy is refilled, no retrace
        got = f(cupy.asarray(z), s)
        got = list(got) if isinstance(got, (tuple, list)) else [got]
        want = ref(z.astype(np.complex128), s)
        real = {"complex64": "float32", "complex128": "float64"}[dtype]
        assert got[0].dtype == np.dtype(real)
        check_outputs([f"r{k}" for k in range(len(got))], got, want, dtype, case, terms=n)
    assert len(f._cache) == 1
