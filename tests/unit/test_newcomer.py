"""A newcomer's first hour (issue 30, item 18), the parts the unit tier sees: tune=True without a
GPU is one NoGPUError at once, scripts load by an example's name as the CLI takes them, and
solve_triangular takes a torch tensor outside kfuse.jit (a class named Tensor is not kfuse's)."""
from __future__ import annotations

import time

import numpy as np
import pytest

import kfuse
import kfuse.examples   # (an attribute of kfuse only once imported)
from kfuse import blas, linalg
from kfuse import api
from kfuse.errors import KfuseError, NoGPUError
from kfuse.frontend.trace import lower_spec
from kfuse.platform import device


@pytest.mark.skipif(device.has_gpu(), reason="with a GPU, tune=True tunes")
def test_tune_without_a_gpu_is_one_clear_error_at_once():
    """Before: a raw CUDARuntimeError after about 7 s of planning."""
    t0 = time.perf_counter()
    with pytest.raises(NoGPUError, match=r"^tune=True \(timing plans\) needs a GPU: "):
        kfuse.compile_script("bicgk", sizes={"m": 64, "n": 64}, tune=True)
    assert time.perf_counter() - t0 < 2.0


def test_scripts_load_by_an_examples_name():
    """Before: compile_script("bicgk") said 'no such script: bicgk' though `kfuse run bicgk` works."""
    assert api.load_script("bicgk").name == "bicgk" and api.load_script("bicgk.kf").name == "bicgk"
    packaged = kfuse.load(kfuse.examples.path("bicgk"))
    assert [c.name for c in api.load_script("bicgk").calls] == [c.name for c in packaged.calls]
    assert "program bicgk" in kfuse.explain("bicgk", sizes={"m": 64, "n": 64})
    with pytest.raises(KfuseError, match="no such script: bicgkk .*the examples are: atax"):
        api.load_script("bicgkk")
    assert api.load_script("vector x(n); input x; y = x * 2; return y;").name == "script"


def traced(f, *specs) -> tuple:
    """(program, structure, named precision) of jitted ``f`` traced for ``specs`` (no GPU)."""
    return f._traced(tuple(lower_spec(n, s) for n, s in zip(f.names, specs)))


class Tensor:
    """Stands for torch.Tensor (same class name) outside kfuse.jit: shape, reshape, a device array."""

    def __init__(self, a):
        self.a = np.asarray(a)
        self.shape = self.a.shape

    def reshape(self, *shape):
        return Tensor(self.a.reshape(*shape))


def test_solve_triangular_takes_a_torch_vector_outside_jit(monkeypatch):
    """Before: a 1-D torch B outside jit was refused as 'a 1-D B inside kfuse.jit' (the check was
    the class name "Tensor")."""
    seen = {}

    def trsm(A, B, **kw):
        seen.update(B_shape=B.shape, **kw)
        return Tensor(np.linalg.solve(np.tril(A.a), B.a))

    monkeypatch.setattr(blas, "trsm", trsm)
    L = Tensor(np.tril(np.random.default_rng(0).random((5, 5))) + 5 * np.eye(5))
    b = Tensor(np.arange(5.0))
    x = linalg.solve_triangular(L, b, lower=True)
    assert isinstance(x, Tensor) and x.shape == (5,) and seen["B_shape"] == (5, 1)
    np.testing.assert_allclose(np.tril(L.a) @ x.a, b.a)


def test_solve_triangular_still_refuses_a_traced_vector():
    f = kfuse.jit(lambda L, b: linalg.solve_triangular(L, b, lower=True))
    with pytest.raises(KfuseError, match="a 1-D B inside kfuse.jit"):
        traced(f, kfuse.ShapeDtype((5, 5), "float32"), kfuse.ShapeDtype((5,), "float32"))


def test_named_precision_inside_jit_is_the_functions():
    """Before: gemm(..., precision="tf32") inside jit was refused unless the setting said tf32."""
    S = kfuse.ShapeDtype((64, 48), "float32")
    f = kfuse.jit(lambda A, B: blas.gemm(A, B.T, precision="tf32"))
    assert traced(f, S, S)[2] == "tf32"   # the function's precision, no refusal
    assert traced(kfuse.jit(lambda A, B: blas.gemm(A, B.T)), S, S)[2] is None
    both = kfuse.jit(lambda A, B: (blas.gemm(A, B.T, precision="tf32"), blas.gemm(A, B.T, precision="ieee")))
    with pytest.raises(KfuseError, match="gemm: precision='ieee' inside kfuse.jit, where gemm named 'tf32': "
                                         "a jitted function's products share one precision"):
        traced(both, S, S)
