"""A few programs of the BLAS-3 sweep (tests/blas3_sweep.py, issue 30 items 2 and 3) lowered for
sm_90 and run on the CPU (g++ with AddressSanitizer: tests/compile/module_cpu.py): the unread
triangle and a beta = 0 C NaN, F order and ``.T`` views, an empty product and k = 0 -- checked
by the reference BLAS test ratio, exact quick returns, every input bitwise unchanged and no access
outside any array (the device sweep is tests/gpu/test_blas3_sweep_gpu.py)."""
import numpy as np
import pytest

import kfuse
from tests import blas3_sweep as sweep
from tests.compile.compile_helpers import ARCH   # noqa: F401 - skips the module without NVRTC
from tests.compile.module_cpu import run_program

C = sweep.Case
CASES = [
    (C("symm", 9, 5, 0, layout="T", side="right", uplo="upper"), 0.7, 1.3),
    (C("trsm", 9, 5, 0, layout="F", uplo="upper", transa=True, diag="unit"), 0.7, None),
    (C("syrk", 9, 9, 5, layout="F", uplo="upper", transa=True), 1.3, 0.7),
    (C("syr2k", 5, 5, 0, layout="T"), 0.7, 1.3),                      # k = 0: exactly beta * C
    (C("gemm", 5, 0, 3, layout="F", beta_zero=True), 0.7, 0.0),        # an empty result
    (C("trmm", 5, 9, 0, layout="T", side="right", diag="unit"), 0.0, None),   # alpha = 0: zeros
]


def _lowered(case, x: dict, alpha, beta):
    names = list(x)
    fn = eval(f"lambda {', '.join(names)}: _call(dict({', '.join(f'{n}={n}' for n in names)}))",  # noqa: S307
              {"_call": lambda d: sweep.call(case, d, alpha, beta)})
    return kfuse.jit(fn).lower(*x.values()).executable


def _result(exe, res: dict) -> np.ndarray:
    out = exe.program.value(exe.program.outputs[0])
    base = exe.program.value(out.view_of) if out.view_of else out
    t = base.type
    a = res[base.name].reshape(t.shape, order=t.order)
    return a.T if out.view_of else a


@pytest.mark.parametrize("case, alpha, beta", CASES, ids=[c[0].label() for c in CASES])
def test_sweep_program_on_the_cpu(case, alpha, beta):
    x = sweep.inputs(case, seed=1)
    exe = _lowered(case, x, alpha, beta)
    stored = {name: x[user] for name, user in zip(exe.program.inputs, x)}
    before = sweep.snapshot(stored)
    res = run_program(exe, stored)
    got = _result(exe, res)
    assert sweep.failures(case, x, got, alpha, beta) == []
    after = {name: res[name].reshape(a.shape, order="F" if a.flags.f_contiguous and not a.flags.c_contiguous
                                     else "C") for name, a in stored.items()}
    assert sweep.changed_inputs(before, after) == []
