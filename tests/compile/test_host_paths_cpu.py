"""The host call paths of BLAS-3 executables never hand an input to a kernel as a place to write
(issue 30, item 2), run on the CPU with a host-memory stand-in for CuPy (tests/compile/
fake_cupy.py): the first call (general path, ``poison`` on), the generated stub (later calls,
the output ring), the unaligned fallback plan (operands 4 bytes past 16-byte alignment) and
``out=``.  Every launch's pointer parameters are read back as the kernel would receive them
(the stub's parameter blocks decoded from memory): inputs arrive as ``in`` parameters at their
own addresses, and no ``out`` or workspace parameter, nor any ``poison`` fill, falls inside an
input's bytes."""
from __future__ import annotations

import numpy as np
import pytest

import kfuse
from kfuse import api, blas
from tests.compile import fake_cupy

M, N = 130, 9
ROUTINES = {
    "symm-L": lambda A, B, **o: blas.symm(A, B, side="left", uplo="upper", alpha=0.7, **o),
    "symm-R": lambda A, B, **o: blas.symm(A, B.T, side="right", uplo="lower", alpha=0.7, **o),
    "trmm-L": lambda A, B, **o: blas.trmm(A, B, side="left", uplo="lower", trans=True, alpha=0.7, **o),
    "trsm-L": lambda A, B, **o: blas.trsm(A, B, side="left", uplo="upper", diag="unit", alpha=0.7, **o),
    "trsm-R": lambda A, B, **o: blas.trsm(A, B.T, side="right", uplo="lower", alpha=0.7, **o),
    "syrk": lambda A, B, **o: blas.syrk(B, uplo="upper", alpha=0.7, beta=1.3, C=A, **o),
    "syr2k": lambda A, B, **o: blas.syr2k(B.T, B.T, uplo="lower", trans=True, alpha=0.7, beta=1.3, C=A, **o),
}


@pytest.fixture
def cupy(monkeypatch):
    monkeypatch.setattr(blas, "_EAGER", {})          # executables loaded here stay here
    api._cupy_ndarray.cache_clear()
    with kfuse.config.override(arch="sm_90"), fake_cupy.installed(monkeypatch) as cp:
        yield cp
    api._cupy_ndarray.cache_clear()


def _inputs(cp, layout: str) -> tuple:
    rng = np.random.default_rng(0)
    a, b = rng.uniform(-1, 1, (M, M)).astype(np.float32), rng.uniform(-1, 1, (M, N)).astype(np.float32)
    if layout == "T":   # .T views of C-order arrays
        return fake_cupy.from_host(np.ascontiguousarray(a.T)).T, fake_cupy.from_host(np.ascontiguousarray(b.T)).T
    off = 4 if layout == "offset" else 0
    return fake_cupy.from_host(a, "F", off), fake_cupy.from_host(b, "F", off)


def _check(record, inputs: dict, result) -> None:
    """Every launch reads the inputs at their addresses and writes none of them."""
    spans = {n: (x.data.ptr, x.data.ptr + x.nbytes) for n, x in inputs.items()}
    inside = lambda p: [n for n, (lo, hi) in spans.items() if lo <= p < hi]   # noqa: E731
    assert record.launches, "no launch recorded"
    read = set()
    for kernel, params in record.launches:
        for kind, cname, ptr in params:
            if kind == "in":
                read |= {n for n in inside(ptr) if ptr == spans[n][0]}
            elif ptr is not None:
                assert not inside(ptr), f"{kernel} gets input {inside(ptr)} as its {kind} parameter {cname}"
    assert read == set(inputs), f"inputs read {read}, expected {set(inputs)}"
    for lo, hi in record.fills:
        assert not [n for n, (a, b) in spans.items() if lo < b and a < hi], "poison filled an input"
    written = {ptr for _, params in record.launches for kind, _, ptr in params if kind == "out"}
    assert result.data.ptr in written


@pytest.mark.parametrize("layout", ["F", "T", "offset"])
@pytest.mark.parametrize("name", sorted(ROUTINES))
def test_no_launch_writes_an_input(cupy, name, layout):
    A, B = _inputs(cupy, layout)
    inputs = {"A": A, "B": B}
    for call, poison in enumerate((True, False, False)):   # general path, then the stub (ring reuse)
        fake_cupy.RECORD.clear()
        with kfuse.config.override(poison=poison):
            X = ROUTINES[name](A, B)
        _check(fake_cupy.RECORD, inputs, X)
        assert not poison or fake_cupy.RECORD.fills, "poison filled nothing"
        path = "general" if call == 0 or layout == "offset" else "stub"
        assert set(fake_cupy.RECORD.paths) == {path}, (call, fake_cupy.RECORD.paths)
    (exe, _), = next(iter(blas._EAGER.values()))._cache.values()
    if layout == "offset":   # the plan's 16-byte loads cannot take these: the fallback ran
        assert exe.misaligned({"A": A, "B": B}) and exe._fallback is not None
    else:                    # the later calls took the generated stub
        assert exe.stub is not None and exe._fallback is None
    if name.startswith(("trmm", "trsm")):   # out=: the caller's array, written, inputs not
        fake_cupy.RECORD.clear()
        out = cupy.empty(X.shape, np.float32, "F" if X._f_contiguous else "C")
        assert ROUTINES[name](A, B, out=out) is not None
        _check(fake_cupy.RECORD, inputs, out)
