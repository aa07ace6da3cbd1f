"""Unit tier for NumPy's own names on traced arrays (kfuse.frontend.numpy_api, issue 31 item 3):
every supported ufunc, function, method and operator traced and run through the reference
against NumPy on small odd shapes in float32 and float64; every refusal one kfuse error naming
the NumPy function and this file's line; DLPack (JAX-like) arrays and torch dtypes from their
metadata, without a GPU."""
from __future__ import annotations

import math

import numpy as np
import pytest

import kfuse
from kfuse import reference
from kfuse.errors import ArgumentError, DTypeError, KfuseError, ShapeError
from kfuse.frontend.numpy_api import UnsupportedError
from kfuse.frontend.trace import ShapeDtype, lower_spec, trace
from kfuse.platform import arrays

DTYPES = ("float32", "float64")
V, M = (7,), (5, 3)


def _run(fn, shapes, dtype, positive=False):
    """(kfuse's outputs through the reference, NumPy's outputs) of ``fn`` on random arrays."""
    rng = np.random.default_rng(3)
    xs = [rng.uniform(0.2 if positive else -1, 1, s).astype(dtype) for s in shapes]
    if len(xs) > 1 and xs[0].shape == xs[1].shape:
        xs[1].flat[::3] = xs[0].flat[::3]   # some equal elements (==, !=, maximum ties)
    prog, _ = trace(fn, [f"a{i}" for i in range(len(xs))], [("a", x.shape, dtype, "C") for x in xs])
    got = reference.run(prog, dict(zip(prog.inputs, xs)))
    want = fn(*[x.astype(np.float64) for x in xs])
    want = want if isinstance(want, tuple) else (want,)
    return [got[o] for o in prog.outputs], [np.asarray(w, dtype=np.float64) for w in want], prog


def _filled_empty(x):
    """``np.empty_like(x)`` with every element then assigned (NumPy's own empty memory is
    arbitrary, so the reference must not read it)."""
    e = np.empty_like(x)
    e[:] = 2 * x
    return e


# name -> (function of the traced arrays, shapes, inputs positive)
CASES = {
    "add": (lambda x, y: np.add(x, y), [M, M], False),
    "add_numpy_scalar": (lambda x: np.float64(2.5) + x + np.float32(1.0), [M], False),
    "subtract": (lambda x, y: np.subtract(x, y), [M, M], False),
    "multiply": (lambda x, y: np.multiply(x, 3.0) * y, [M, M], False),
    "divide": (lambda x, y: np.divide(x, y) + np.true_divide(2.0, y), [V, V], True),
    "negative_positive": (lambda x: np.negative(x) + np.positive(x) * 2, [V], False),
    "absolute": (lambda x: np.absolute(x) + np.abs(x) + np.fabs(x) + abs(x), [M], False),
    "sqrt": (lambda x: np.sqrt(x), [M], True),
    "exp": (lambda x: np.exp(x), [M], False),
    "log": (lambda x: np.log(x), [M], True),
    "sin_cos_tanh": (lambda x: np.sin(x) * np.cos(x) - np.tanh(x), [M], False),
    "power_int": (lambda x: np.power(x, 2) + x ** 2 + x ** 3 + x ** 1 + x ** 0, [M], False),
    "power_float": (lambda x: x ** 0.5 + x ** 1.7 + x ** -1 + np.power(x, 2.5), [M], True),
    "power_array": (lambda x, y: x ** y + 2.0 ** y, [V, V], True),
    "square_reciprocal": (lambda x: np.square(x) + np.reciprocal(x), [V], True),
    "maximum_minimum": (lambda x, y: np.maximum(x, y) - np.minimum(x, 0.25), [M, M], False),
    "comparisons": (lambda x, y: (np.greater(x, y), np.less(x, y), np.greater_equal(x, y), np.less_equal(x, y)),
                    [M, M], False),
    "equal": (lambda x, y: (np.equal(x, y), np.not_equal(x, y), x == y, x != y, x == 0.5), [M, M], False),
    "where": (lambda x, y: np.where(x > y, x, y) + np.where(x < 0, 0.0, x), [M, M], False),
    "clip": (lambda x: (np.clip(x, -0.5, 0.5), x.clip(0.1, None), x.clip(None, 0.2)), [M], False),
    "sum": (lambda x: (np.sum(x), x.sum()), [M], False),
    "max_min": (lambda x: (np.max(x), np.amax(x), x.max(), np.min(x), np.amin(x), x.min()), [M], False),
    "mean": (lambda x: (np.mean(x), x.mean()), [(5, 3, 3)], False),
    "dot_vectors": (lambda x, y: (np.dot(x, y), x.dot(y), np.vdot(x, y), np.dot(2.0, x)), [V, V], False),
    "dot_matrix_vector": (lambda A, x: np.dot(A, x), [(3, 7), V], False),
    "matmul": (lambda A, B: np.matmul(A, B) + np.dot(A, B), [(5, 3), (3, 4)], False),
    "outer": (lambda x, y: np.outer(x, y), [V, (3,)], False),
    "norm": (lambda x, A: (np.linalg.norm(x), np.linalg.norm(A)), [V, (5, 3, 3)], False),
    "transpose": (lambda A: np.transpose(A) * 1.0, [M], False),
    "copy": (lambda x: (np.copy(x), x.copy(), x.astype(x.dtype), x.reshape(x.shape) + 0), [M], False),
    "conjugate": (lambda x: np.conjugate(x) + x.conjugate(), [V], False),
    "like": (lambda x: (np.zeros_like(x), np.ones_like(x), np.full_like(x, 2.5), _filled_empty(x)), [M], False),
    "full_like_0d": (lambda x: np.full_like(x, np.mean(x)) - x, [M], False),
}


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("name", sorted(CASES))
def test_numpy_names_trace_to_numpy_results(name, dtype):
    fn, shapes, positive = CASES[name]
    got, want, _ = _run(fn, shapes, dtype, positive)
    assert len(got) == len(want)
    for g, w in zip(got, want):
        assert g.shape == w.shape
        np.testing.assert_allclose(g, w, rtol=1e-6 if dtype == "float32" else 1e-12, atol=1e-6)


def test_squares_and_fills_are_plain_kfuse_calls():
    _, _, prog = _run(lambda x: (x ** 2, np.zeros_like(x), np.mean(x)), [M], "float64")
    assert [c.fn for c in prog.calls] == ["mul", "full", "sum", "div"]
    full = prog.calls[1]
    assert full.args["like"] == "a0" and prog.value(full.args["value"]).const == 0.0


def test_zeros_like_takes_window_assignments():
    def f(u):
        w = np.zeros_like(u)
        w[1:-1, 1:-1] = 0.25 * (u[:-2, 1:-1] + u[2:, 1:-1] + u[1:-1, :-2] + u[1:-1, 2:])
        return w
    got, want, _ = _run(f, [(7, 9)], "float64")
    np.testing.assert_allclose(got[0], want[0], rtol=1e-14)


def _line(fn) -> str:
    return f"{__file__}:{fn.__code__.co_firstlineno}"


# (what the message names, the function (one line), shapes, the error class)
REFUSALS = [
    ("numpy.fft.fft", lambda x: np.fft.fft(x), [V], UnsupportedError),
    ("numpy.linalg.solve", lambda A, x: np.linalg.solve(A, x), [(7, 7), V], UnsupportedError),
    ("numpy.cumsum", lambda x: np.cumsum(x), [V], UnsupportedError),
    ("numpy.linalg.norm", lambda x: np.linalg.norm(x, ord=1), [V], UnsupportedError),
    ("numpy.concatenate", lambda x: np.concatenate([x, x]), [V], UnsupportedError),
    ("numpy.arctan2", lambda x, y: np.arctan2(x, y), [V, V], UnsupportedError),
    ("numpy.add.reduce", lambda x: np.add.reduce(x), [V], UnsupportedError),
    ("numpy.sum", lambda x: np.sum(x, axis=(0, 1)), [M], UnsupportedError),   # one axis (short) only
    ("numpy.sum", lambda x: x.sum(axis=2), [M], UnsupportedError),
    ("numpy.exp", lambda x: np.exp(x, out=x), [V], UnsupportedError),
    ("numpy.where", lambda x: np.where(x > 0), [V], UnsupportedError),
    ("//", lambda x: x // 2, [V], UnsupportedError),
    ("%", lambda x: x % 2, [V], UnsupportedError),
    ("numpy.remainder", lambda x: np.remainder(x, 2.0), [V], UnsupportedError),
    (".astype(float16)", lambda x: x.astype(np.float16), [V], UnsupportedError),
    (".reshape", lambda x: x.reshape(-1), [M], UnsupportedError),
    (".ravel", lambda x: x.ravel(), [M], UnsupportedError),
    (".cumprod", lambda x: x.cumprod(), [M], UnsupportedError),
    ("numpy.asarray", lambda x: np.asarray(x) + 1, [V], UnsupportedError),
    ("numpy.zeros_like", lambda x: np.zeros_like(x, dtype=np.float16), [V], DTypeError),
    ("'floaty' is not an element type", lambda x: x.astype("floaty"), [V], DTypeError),
    ("full_like: the fill value must be a number", lambda x: np.full_like(x, x), [V], ArgumentError),
    ("numpy.log", lambda x: np.log(x), [V], DTypeError),   # complex64 below
    ("cannot iterate over a traced array", lambda x: [r for r in x], [M], KfuseError),
    ("static_argnames=('T',)", lambda x, T: x * len(range(T)), [V, "h"], KfuseError),
    ("static argument", lambda x, s: x * int(s), [V, ()], KfuseError),
    ("math.sqrt(u)", lambda x: x * math.sqrt(np.sum(x)), [V], KfuseError),
]


@pytest.mark.parametrize("what,fn,shapes,cls", REFUSALS, ids=[f"{r[0]}-{k}" for k, r in enumerate(REFUSALS)])
def test_refusals_name_the_function_and_the_users_line(what, fn, shapes, cls):
    dtype = "complex64" if what == "numpy.log" else "float32"
    specs = [("h", "real") if s == "h" else ("d", dtype) if s == () else ("a", s, dtype, "C") for s in shapes]
    with pytest.raises(cls) as e:
        trace(fn, [f"a{i}" for i in range(len(shapes))], specs)
    msg = str(e.value)
    assert isinstance(e.value, KfuseError)
    assert what in msg, msg
    assert _line(fn) in msg, msg


def test_refusals_say_the_nearest_kfuse_form():
    with pytest.raises(UnsupportedError, match=r"numpy.linalg.solve.*nearest kfuse form: kfuse.linalg.solve_triangular"):
        trace(lambda A, x: np.linalg.solve(A, x), ["A", "x"], [("a", (4, 4), "float64", "C"), ("a", (4,), "float64", "C")])
    with pytest.raises(UnsupportedError, match=r"\.ravel.*nearest kfuse form: slices"):
        trace(lambda x: x.ravel(), ["x"], [("a", M, "float64", "C")])
    with pytest.raises(UnsupportedError, match=r"numpy\.nanmax .*nearest kfuse form: np\.amax"):   # near matches
        trace(lambda x: np.nanmax(x), ["x"], [("a", V, "float64", "C")])


def test_iteration_suggests_the_vectorized_form():
    with pytest.raises(KfuseError, match=r"for row in u.*vectorized.*slices"):
        trace(lambda x: sum(r for r in x), ["x"], [("a", M, "float64", "C")])


def test_unsupported_attributes_stay_attribute_errors_for_hasattr():
    seen = {}

    def f(x):
        seen["ravel"] = hasattr(x, "ravel")
        seen["cuda"] = hasattr(x, "__cuda_array_interface__")
        return x * 1.0
    trace(f, ["x"], [("a", V, "float64", "C")])
    assert seen == {"ravel": False, "cuda": False}


def test_tensors_stay_hashable_with_equality_masks():
    def f(x):
        assert len({x, x}) == 1
        return x * 1.0
    trace(f, ["x"], [("a", V, "float64", "C")])


# ---------------------------------------------------------------- item 5: arrays from metadata
class _DLPackArray:
    """A stand-in for a JAX array: shape, dtype and DLPack export, no strides."""

    def __init__(self, shape, dtype, device_type):
        self.shape, self.dtype, self._dev = shape, np.dtype(dtype), device_type
        self.itemsize = self.dtype.itemsize

    def __dlpack__(self, stream=None):
        raise AssertionError("not read: metadata only")

    def __dlpack_device__(self):
        return (self._dev, 0)


def test_a_dlpack_array_on_the_gpu_passes_the_metadata_checks():
    x = _DLPackArray((5, 3), "float32", 2)   # kDLCUDA
    arrays.precheck("x", x, "matrix", (5, 3), "float32", "C")
    with pytest.raises(ShapeError, match="argument 'x' has shape"):
        arrays.precheck("x", x, "matrix", (3, 5), "float32", "C")
    with pytest.raises(DTypeError, match="argument 'x' has element type float32"):
        arrays.precheck("x", x, "matrix", (5, 3), "float64", "C")
    with pytest.raises(ArgumentError, match="must be F-contiguous"):
        arrays.precheck("x", x, "matrix", (5, 3), "float32", "F")


def test_a_dlpack_array_on_the_host_is_refused_naming_it():
    with pytest.raises(ArgumentError, match=r"argument 'x' .* is not in GPU memory \(DLPack device type 1\)"):
        arrays.precheck("x", _DLPackArray((4,), "float64", 1), "vector", (4,), "float64", "C")


def test_dlpack_arrays_and_torch_dtypes_lower_from_their_metadata():
    assert lower_spec("x", _DLPackArray((5, 3), "float32", 1)) == ("a", (5, 3), "float32", "C")
    assert lower_spec("s", _DLPackArray((), "float64", 2)) == ("d", "float64")

    class FakeTorchDtype:   # what torch.float32 looks like to kfuse: module torch, str "torch.float32"
        __module__ = "torch"

        def __str__(self):
            return "torch.float32"
    assert ShapeDtype((4, 4), FakeTorchDtype()).dtype == "float32"


def test_torch_tensors_lower_on_the_meta_device():
    torch = pytest.importorskip("torch", reason="torch is not installed here; the GPU tier covers torch")
    lo = kfuse.jit(lambda u: np.roll(u, 1, axis=0) * 2.0).lower(torch.empty((9, 5), dtype=torch.float32,
                                                                            device="meta"))
    assert lo.plan["kernels"]
    assert ShapeDtype((3,), torch.float64).dtype == "float64"
    assert lower_spec("u", torch.empty((4, 6), dtype=torch.float64).t()) == ("a", (6, 4), "float64", "F")
