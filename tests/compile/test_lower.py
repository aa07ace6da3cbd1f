"""``kfuse.jit(f).lower(*args)``: trace, plan and compile a Python function on a machine with no GPU,
from NumPy arrays or ``kfuse.ShapeDtype`` specs (issue 17, "Installing where users are"); and the
options ``kfuse.jit`` takes (issue 17, bug 6: ``fuse=False`` raised TypeError)."""
from __future__ import annotations

import numpy as np
import pytest

import kfuse
from kfuse import sparse
from kfuse.errors import ArgumentError, DTypeError, KfuseError, ShapeError
from kfuse.frontend.trace import per_row_hint
from kfuse.fusion import Plan

from .compile_helpers import ARCH, DTYPES, assert_clean_resources


def bicgk(A, p, r):
    return A @ p, A.T @ r


def axpydot(w, v, u, alpha):
    z = w - alpha * v
    return z, z @ u


def gemver(A, u1, v1, u2, v2, y, z, alpha, beta):
    B = A + kfuse.outer(u1, v1) + kfuse.outer(u2, v2)
    x = kfuse.blas.gemv(B, y, trans=True, alpha=beta, y=z)
    return B, x, alpha * (B @ x)


def _rand(shape, dtype, order="C", seed=0):
    rng = np.random.default_rng(seed)
    a = rng.standard_normal(shape)
    if np.dtype(dtype).kind == "c":
        a = a + 1j * rng.standard_normal(shape)
    return np.asarray(a, dtype=dtype, order=order)


def _assert_lowered(lo, n_calls):
    assert isinstance(lo, kfuse.Lowered)
    plan = lo.plan
    assert plan["kfuse_plan"] == 1
    assert sorted(c for k in plan["kernels"] for c in k["calls"]) == list(range(n_calls))
    assert Plan.from_json(plan).kernels == lo.plan_obj.kernels
    for k in plan["kernels"]:
        assert "__launch_bounds__" in lo.source and k["name"] in lo.source
        assert f"Compiling entry function '{k['name']}' for '{ARCH}'" in lo.ptxas
    assert lo.cubin[:4] == b"\x7fELF" and lo.arch == ARCH
    assert_clean_resources(lo.executable)
    text = lo.explain()
    assert "fusion decisions:" in text and f"plan for {lo.program.name}" in text
    for k in plan["kernels"]:
        assert k["name"] in text   # the plan explained is the one compiled


@pytest.mark.parametrize("order", ["C", "F"])
@pytest.mark.parametrize("dtype", DTYPES)
def test_lower_from_numpy_arrays(dtype, order):
    m, n = 33, 1025
    lo = kfuse.jit(bicgk).lower(_rand((m, n), dtype, order), _rand(n, dtype), _rand(m, dtype))
    _assert_lowered(lo, 2)
    A = lo.program.value("A").type
    assert (A.shape, A.dtype, A.order) == ((m, n), dtype, order)
    assert lo.signature[0] == f"A: matrix({m}, {n}) {dtype} {order}"


@pytest.mark.parametrize("order", ["C", "F"])
@pytest.mark.parametrize("dtype", ["float32", "complex128"])
def test_shape_dtype_specs_give_what_numpy_arrays_give(dtype, order):
    m, n = 1000, 3001
    f = kfuse.jit(bicgk)
    spec = f.lower(kfuse.ShapeDtype((m, n), dtype, order=order), kfuse.ShapeDtype((n,), dtype),
                   kfuse.ShapeDtype(m, np.dtype(dtype)))
    arrays = f.lower(np.zeros((m, n), dtype, order=order), np.zeros(n, dtype), np.zeros(m, dtype))
    assert spec.plan == arrays.plan and spec.source == arrays.source and spec.cubin == arrays.cubin
    _assert_lowered(spec, 2)


def test_lower_with_numbers_device_scalars_and_keywords():
    n = 4097
    vec = kfuse.ShapeDtype((n,), "float64")
    f = kfuse.jit(axpydot)
    lo = f.lower(vec, vec, u=np.ones(n), alpha=0.5)        # alpha: a Python number, by value
    _assert_lowered(lo, 3)   # alpha * v, w - that, z @ u
    alpha = lo.program.value("alpha")
    assert alpha.host and alpha.type.dtype == "float64"
    lo = f.lower(vec, vec, vec, kfuse.ShapeDtype((), "float64"))   # alpha: a 0-d device array
    assert not lo.program.value("alpha").host
    assert "alpha: scalar float64 (0-d device array)" in lo.signature


def test_lower_gemver_and_a_host_sparse_matrix():
    n = 513
    v = kfuse.ShapeDtype(n, "float32")
    lo = kfuse.jit(gemver).lower(kfuse.ShapeDtype((n, n), "float32"), v, v, v, v, v, v, 1.5, 0.5)
    _assert_lowered(lo, len(lo.program.calls))
    A = sparse.random_sparse(2000, 2000, 8, "float32", seed=1)     # on the host
    lo = kfuse.jit(lambda A, x, b: (A @ x + b, (A @ x) @ x)).lower(A, np.ones(2000, np.float32),
                                                                  kfuse.ShapeDtype(2000, "float32"))
    _assert_lowered(lo, len(lo.program.calls))
    t = lo.program.value("A").type   # the hints a device copy of A would give
    assert (t.fmt, t.per_row, t.row_mean) == ("csr", per_row_hint(A.nnz, 2000), round(A.nnz / 2000, 1))


def test_jit_takes_the_readme_options():
    """Bug 6: @kfuse.jit(fuse=False) raised TypeError; every option the README lists is taken."""
    m, n = 64, 96
    args = (kfuse.ShapeDtype((m, n), "float32"), kfuse.ShapeDtype(n, "float32"), kfuse.ShapeDtype(m, "float32"))

    @kfuse.jit(fuse=False)
    def unfused(A, p, r):
        return A @ p + 1.0, A.T @ r

    lo = unfused.lower(*args)
    assert [k["calls"] for k in lo.plan["kernels"]] == [[0], [1], [2]]
    fused = kfuse.jit(lambda A, p, r: (A @ p + 1.0, A.T @ r)).lower(*args)
    assert len(fused.plan["kernels"]) < 3
    # plan= (JSON text, dict or Plan) is what gets compiled; the compiled plan is not the input
    f = kfuse.jit(bicgk)
    given = kfuse.jit(bicgk).lower(*args).plan
    g = kfuse.jit(bicgk, plan=given, graph=True, tune=False, name="bicgk")
    assert g.given_plan.kernels == Plan.from_json(given).kernels
    assert g.lower(*args).plan["kernels"] == given["kernels"]
    assert g.plan is None and g.plans == {} and f.plan is None   # nothing called yet
    assert kfuse.jit(fuse=True, tune=True)(bicgk).tune
    with pytest.raises(ArgumentError, match="fuse=False"):
        kfuse.jit(bicgk, fuse=False, tune=True)
    with pytest.raises(ArgumentError, match="fuse must be"):
        kfuse.jit(bicgk, fuse="no")
    with pytest.raises(TypeError):
        kfuse.jit(bicgk, fusion=False)   # an unknown option stays a TypeError, as in Python


def test_lower_for_another_arch():
    lo = kfuse.jit(lambda x, y: x * 2.0 + y, arch="sm_80").lower(np.ones(1000, np.float32), np.ones(1000, np.float32))
    assert lo.arch == "sm_80" and "for 'sm_80'" in lo.ptxas


@pytest.mark.parametrize("make,err,match", [
    (lambda: kfuse.ShapeDtype((2, 3, 4, 5, 6), "float32"), ShapeError, "5 dimensions"),
    (lambda: kfuse.ShapeDtype((-1,), "float32"), ShapeError, "non-negative"),
    (lambda: kfuse.ShapeDtype((2.5,), "float32"), ShapeError, "non-negative ints"),
    (lambda: kfuse.ShapeDtype("abc", "float32"), ShapeError, "non-negative ints"),
    (lambda: kfuse.ShapeDtype(None, "float32"), ShapeError, "tuple of ints"),
    (lambda: kfuse.ShapeDtype((3,), "float16"), DTypeError, "ShapeDtype: dtype: unsupported element type 'float16'"),
    (lambda: kfuse.ShapeDtype((3,), "int32"), DTypeError, "unsupported element type 'int32'"),
    (lambda: kfuse.ShapeDtype((3,), None), DTypeError, "dtype is required"),
    (lambda: kfuse.ShapeDtype((3,), "nonsense"), DTypeError, "unsupported element type"),
    (lambda: kfuse.ShapeDtype((3, 3), "float32", order="K"), ArgumentError, "order must be 'C'"),
])
def test_bad_shape_dtype_specs(make, err, match):
    with pytest.raises(err, match=match):
        make()


def test_shape_dtype_basics():
    s = kfuse.ShapeDtype([4, 5], np.float64, order="F")
    assert (s.shape, s.dtype, s.order, s.ndim) == ((4, 5), "float64", "F", 2)
    assert s == kfuse.ShapeDtype((4, 5), "float64", "F") and hash(s) == hash(kfuse.ShapeDtype((4, 5), "float64", "F"))
    assert kfuse.ShapeDtype(7, "complex64", order="F").order == "C"   # a vector is both
    assert "ShapeDtype(shape=(4, 5), dtype='float64', order='F')" == repr(s)


@pytest.mark.parametrize("args,err,match", [
    ((np.ones((3, 4), np.int32), np.ones(4), np.ones(3)), DTypeError, "argument 'A'.*int32"),
    ((np.ones((3, 4, 2)), np.ones(4), np.ones(3)), ShapeError, "@ needs vectors or matrices, got grid"),
    ((np.ones((3, 4, 2, 2, 2)), np.ones(4), np.ones(3)), ShapeError, "argument 'A' has 5 dimensions"),
    ((np.ones((3, 8))[:, ::2], np.ones(4), np.ones(3)), ArgumentError, "argument 'A' is a non-contiguous"),
    ((np.ones((3, 4)), np.ones(8)[::2], np.ones(3)), ArgumentError, "argument 'p' is a strided vector"),
    ((np.ones((3, 4)), np.ones(5), np.ones(3)), ShapeError, "gemv"),
    ((np.ones((3, 4)), np.ones(4, np.float32), np.ones(3)), DTypeError, "mismatched element types"),
    ((np.ones((3, 4)), [1.0], np.ones(3)), ArgumentError, "argument 'p': unsupported type list"),
    # a str or bool is static (passed as its Python value, issue 31): misused as an array, named
    ((np.ones((3, 4)), "x", np.ones(3)), ArgumentError, "operand str .*argument 'p' is static"),
    ((np.ones((3, 4)), True, np.ones(3)), ArgumentError, "operand bool .*argument 'p' is static"),
    ((np.ones((3, 4)), np.ones(4)), KfuseError, "missing a required argument: 'r'"),
])
def test_bad_lower_arguments_are_clear_errors(args, err, match):
    with pytest.raises(err, match=match):
        kfuse.jit(bicgk).lower(*args)


def test_a_shape_dtype_is_not_a_call_argument():
    f = kfuse.jit(lambda x: x * 2)
    with pytest.raises(ArgumentError, match="argument 'x' is a ShapeDtype"):
        f(kfuse.ShapeDtype(4, "float32"))
    with pytest.raises(ArgumentError, match=r"host \(NumPy\) array.*lower"):
        f(np.ones(4, np.float32))


def test_lower_python_number_argument_with_real_and_complex_uses():
    """A Python float argument of a complex program (fuzz seed 306): real with abs(z), complex
    with z, through a second host input filled from the same number; compiles with NVRTC."""
    z = kfuse.ShapeDtype((1025,), "complex64")
    lo = kfuse.jit(lambda z, s: s * abs(z)).lower(z, 0.5)
    assert lo.program.value("s").type.dtype == "float32"
    _assert_lowered(lo, 2)
    lo = kfuse.jit(lambda z, s: (s * kfuse.blas.asum(z), s * z)).lower(z, 0.5)
    assert [lo.program.value(n).copy_of for n in lo.program.inputs] == [None, None, "s"]
    assert lo.executable.input_names == ["z", "s"]
    assert lo.executable._expand == (0, 1, 1)   # the copy is read from argument 1
    zh = (np.arange(1025) % 7 - 3 + 1j * (np.arange(1025) % 5 - 2)).astype(np.complex64)
    r_asum, r_z = lo.executable.reference(zh, -0.5)
    np.testing.assert_allclose(r_asum, -0.5 * (np.abs(zh.real).sum() + np.abs(zh.imag).sum()))
    np.testing.assert_allclose(r_z, -0.5 * zh.astype(np.complex128))
    _assert_lowered(lo, 3)
    with pytest.raises(DTypeError, match="Python complex number"):
        kfuse.jit(lambda z, s: s * abs(z)).lower(z, 0.5j)
