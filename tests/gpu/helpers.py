"""Shared helpers of the GPU tier: tolerances and comparisons against the float64 reference, and
the check that a call leaves its inputs bitwise unchanged (:func:`unchanged`, the autouse fixture
:func:`every_input_unchanged` of the BLAS-3 modules)."""
import contextlib
import threading

import numpy as np
import pytest

from kfuse import reference

TOL = {"float32": 1e-5, "complex64": 1e-5, "float64": 1e-12, "complex128": 1e-12}


def check_outputs(names, outs, refs, dtype, what="", terms=None):
    """Every output finite and within tolerance of the reference; returns the errors.

    A 0-d output (a reduction) may lose more: its value is a sum of ``terms`` terms of random
    signs, about sqrt(terms) times smaller than the sum of their magnitudes the rounding
    errors scale with, so its tolerance is TOL * sqrt(terms) (default: the largest output)."""
    import cupy
    errs = {}
    if terms is None:
        terms = max([int(np.size(w)) for w in refs] + [1])
    for name, got, want in zip(names, outs, refs):
        g = cupy.asnumpy(got) if isinstance(got, cupy.ndarray) else np.asarray(got)
        assert g.shape == np.shape(want), f"{what} {name}: shape {g.shape} != {np.shape(want)}"
        assert np.all(np.isfinite(g)), f"{what} {name}: non-finite elements (unwritten output?)"
        err = reference.rel_error(g, want)
        errs[name] = err
        tol = TOL[dtype] * (np.sqrt(terms) if np.ndim(want) == 0 else 1)
        assert err <= tol, f"{what} {name}: relative error {err:.3e} > {tol:g}"
    return errs


# ---- inputs never written (issue 30, item 2) ----------------------------------------------------
def _arrays_of(args) -> list:
    """The device arrays among call arguments (a kfuse.sym/tri wrapper: its array; torch tensors)."""
    out = []
    for a in args:
        a = getattr(a, "array", a) if getattr(a, "_kfuse_structured", False) else a
        if hasattr(a, "__cuda_array_interface__") or type(a).__name__ == "Tensor" and hasattr(a, "is_cuda"):
            out.append(a)
    return out


def _bits(a) -> np.ndarray:
    """The bytes of device array ``a`` on the host, in its logical element order (NaN == NaN)."""
    import cupy
    if type(a).__name__ == "Tensor" and not hasattr(a, "__cuda_array_interface__"):
        h = a.detach().cpu().numpy()
    else:
        h = cupy.asnumpy(a)
    return np.ascontiguousarray(h).view(np.uint8).reshape(-1).copy()


def snapshot(arrays) -> list:
    """Bitwise copies of ``arrays`` (device arrays) for :func:`assert_unchanged`."""
    return [_bits(a) for a in arrays]


def assert_unchanged(before: list, arrays, what: str = "") -> None:
    """Every array bitwise as in its :func:`snapshot` (a NaN-poisoned triangle included)."""
    import cupy
    cupy.cuda.runtime.deviceSynchronize()
    for i, (b, a) in enumerate(zip(before, arrays)):
        now = _bits(a)
        assert now.shape == b.shape and np.array_equal(now, b), \
            f"{what}: input {i} (shape {tuple(a.shape)}) changed in {int((now != b).sum())} bytes"


@contextlib.contextmanager
def unchanged(*arrays, what: str = ""):
    """Assert that the block leaves every one of ``arrays`` bitwise unchanged."""
    arrays = _arrays_of(arrays)
    before = snapshot(arrays)
    yield
    assert_unchanged(before, arrays, what)


_DEPTH = threading.local()


def _checked(call):
    """``call`` (JitFunction.__call__ or Executable.__call__) checking its positional array
    arguments bitwise unchanged after it (once: nested calls are the outer call's)."""
    def wrapper(self, *args, **kwargs):
        if getattr(_DEPTH, "n", 0):
            return call(self, *args, **kwargs)
        arrays = _arrays_of(list(args) + [v for k, v in kwargs.items() if k != "out"])
        before = snapshot(arrays)
        _DEPTH.n = 1
        try:
            result = call(self, *args, **kwargs)
        finally:
            _DEPTH.n = 0
        assert_unchanged(before, arrays, f"{getattr(self, 'name', None) or type(self).__name__} changed an input")
        return result
    return wrapper


@pytest.fixture(autouse=True)
def every_input_unchanged(monkeypatch):
    """Autouse in a test module that imports it: every kfuse call in the test (a jitted function,
    an eager ``kfuse.blas``/``kfuse.linalg`` call, an Executable) checks that each array it was
    given is bitwise unchanged after the call (``out=`` excepted: written by definition)."""
    from kfuse.api import JitFunction
    from kfuse.runtime.executable import Executable
    monkeypatch.setattr(JitFunction, "__call__", _checked(JitFunction.__call__))
    monkeypatch.setattr(Executable, "__call__", _checked(Executable.__call__))
    yield
