"""BLAS-3 calls leave every input bitwise unchanged on every host path (issue 30, item 2), in one
process with CuPy's memory pool on: the generated stub (C/F order, ``.T`` views), its CUDA graphs
(captured on a call's second sighting without ``poison``, replayed on the third), the general
path with the unaligned fallback plan (F-order operands 4 bytes past 16-byte alignment), fresh
inputs allocated into the memory the pool just freed (next to the workspace and output ring of an
executable already loaded), ``out=`` (a fresh array, ``B`` in place; an ``out`` on ``A`` is
refused) and ``solve_triangular`` with a B of zero columns.  M = 257, N = 33 (the issue's), the
unread triangle NaN; results checked by the reference BLAS test ratio (tests/blas3_sweep.py)."""
import zlib

import numpy as np
import pytest

import kfuse
from kfuse import blas
from kfuse.errors import ArgumentError
from tests import blas3_sweep as sw
from tests.gpu.helpers import every_input_unchanged  # noqa: F401 - autouse: inputs never change

ROUTINES = [dict(fn="symm", side="left", uplo="upper"), dict(fn="symm", side="right", uplo="lower"),
            dict(fn="trmm", side="left", uplo="lower", transa=True, diag="unit"),
            dict(fn="trsm", side="left", uplo="upper"), dict(fn="trsm", side="right", uplo="lower", transa=True),
            dict(fn="syrk", uplo="upper"), dict(fn="syr2k", uplo="lower", transa=True)]
PATHS = [("F", "ieee"), ("F", "tf32"), ("T", "ieee"), ("offset", "ieee")]


def _offset_f(a: np.ndarray):
    """An F-contiguous device copy of ``a`` at an address 4 bytes past 16-byte alignment."""
    import cupy
    flat = cupy.empty(a.size + 4, a.dtype)
    v = flat[1:1 + a.size].reshape(a.shape[::-1]).T
    v[...] = cupy.asarray(np.asfortranarray(a))
    assert v.flags.f_contiguous and v.data.ptr % 16 == 4
    return v


def _device(host: dict, layout: str) -> dict:
    return {n: _offset_f(a) for n, a in host.items()} if layout == "offset" else sw.to_device(host, layout)


def _graphs_captured() -> int:
    """CUDA graphs the eager BLAS stubs captured so far (every compiled signature)."""
    return sum(exe.stub.graphs.captured for jf in blas._EAGER.values() for exe, _ in jf._cache.values()
               if exe.stub is not None)


def _calls(case, host, x, alpha, beta, what):
    """Four calls (poison on the first) checked: result by the test ratio, inputs bitwise."""
    import cupy
    before = sw.snapshot(x, cupy.asnumpy)
    for rep, poison in enumerate((True, False, False, False)):
        with kfuse.config.override(poison=poison):
            got = sw.call(case, x, alpha, beta)
        cupy.cuda.runtime.deviceSynchronize()
        assert not sw.failures(case, host, cupy.asnumpy(got), alpha, beta), (what, rep)
        assert not sw.changed_inputs(before, x, cupy.asnumpy), (what, rep, sw.changed_inputs(before, x, cupy.asnumpy))
        del got


@pytest.mark.parametrize("layout, precision", PATHS, ids=[f"{lay}-{p}" for lay, p in PATHS])
@pytest.mark.parametrize("v", ROUTINES, ids=lambda v: "-".join(str(x) for x in v.values()))
def test_inputs_bitwise_unchanged_on_every_host_path(v, layout, precision, monkeypatch):
    monkeypatch.setattr(blas, "_EAGER", {})   # executables of this test alone (their graphs counted)
    case = sw.Case(m=257, n=257 if v["fn"] in ("syrk", "syr2k") else 33, k=65,
                   layout="F" if layout == "offset" else layout, precision=precision, **v)
    host = sw.inputs(case, seed=zlib.crc32(case.label().encode()))
    alpha, beta = 0.7, (1.3 if case.has_beta else None)
    graphs = _graphs_captured()
    _calls(case, host, _device(host, layout), alpha, beta, f"{case.label()} {layout}")
    if layout != "offset":   # the stub captured a graph of the launches and replayed it
        assert _graphs_captured() > graphs
    # fresh inputs where the pool just freed the last ones (beside the loaded workspace and ring)
    _calls(case, host, _device(host, layout), alpha, beta, f"{case.label()} {layout} fresh")


@pytest.mark.parametrize("fn", ["trmm", "trsm"])
def test_out_is_written_and_no_input_else(fn):
    import cupy
    case = sw.Case(fn=fn, m=257, n=33, k=65, layout="F", side="left", uplo="lower")
    host = sw.inputs(case, seed=3)
    x = sw.to_device(host, "F")
    before = sw.snapshot(x, cupy.asnumpy)
    f = getattr(blas, fn)
    with pytest.raises(ArgumentError, match="out= shares memory with 'A'"):
        f(x["A"], x["B"], side="left", uplo="lower", alpha=0.7, out=x["A"][:, :33])
    assert not sw.changed_inputs(before, x, cupy.asnumpy)
    o = cupy.empty_like(f(x["A"], x["B"], side="left", uplo="lower", alpha=0.7))   # the result's layout
    assert f(x["A"], x["B"], side="left", uplo="lower", alpha=0.7, out=o) is o
    assert not sw.failures(case, host, cupy.asnumpy(o), 0.7, None)
    assert not sw.changed_inputs(before, x, cupy.asnumpy)
    f(x["A"], x["B"], side="left", uplo="lower", alpha=0.7, out=x["B"])   # BLAS's in-place form
    assert not sw.failures(case, host, cupy.asnumpy(x["B"]), 0.7, None)
    assert sw.changed_inputs({"A": before["A"]}, {"A": x["A"]}, cupy.asnumpy) == []


@pytest.mark.parametrize("order", ["C", "F"])
def test_solve_triangular_with_no_right_hand_side_leaves_A(order):
    import cupy
    a = np.tril(np.random.default_rng(1).uniform(-1, 1, (257, 257))) + 2 * np.eye(257)
    a[np.triu_indices(257, 1)] = np.nan
    A = cupy.asarray(a.astype(np.float32), order=order)
    B = cupy.empty((257, 0), cupy.float32, order=order)
    before = sw.snapshot({"A": A}, cupy.asnumpy)
    for poison in (True, False, False):
        with kfuse.config.override(poison=poison):
            X = kfuse.linalg.solve_triangular(A, B, lower=True)
        cupy.cuda.runtime.deviceSynchronize()
        assert X.shape == (257, 0)
        assert not sw.changed_inputs(before, {"A": A}, cupy.asnumpy)
