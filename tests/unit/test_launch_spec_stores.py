"""A kfuse call never writes its inputs (issue 30, item 2): the launch description refuses a
module where a kernel stores into a program input or a workspace takes a program value's name.
The host paths key per-call buffers by value name (``Executable.run_bound`` allocates only what
its env lacks; the stub maps names to pointers), so such a name would hand the caller's array to
a kernel as its output buffer, and the setting ``poison`` would fill it with NaN first."""
from __future__ import annotations

import dataclasses

import numpy as np
import pytest

import kfuse
from kfuse.api import make_plan
from kfuse.codegen.module import generate
from kfuse.errors import CompileError
from kfuse.frontend import trace
from kfuse.runtime.launch_spec import build_spec


def _module(f, *args):
    jf = kfuse.jit(f)
    key = tuple(trace.lower_spec(n, a) for n, a in zip(jf.names, args))
    program = jf._traced(key)[0]
    return program, generate(program, make_plan(program))


def _symm():
    A = np.asfortranarray(np.zeros((40, 40), np.float32))
    B = np.asfortranarray(np.zeros((40, 8), np.float32))
    return _module(lambda A, B: kfuse.blas.symm(A, B, uplo="upper", alpha=0.5), A, B)


def _with_arg(module, kind: str, value: str):
    """``module`` with the first argument of ``kind`` of its last kernel renamed ``value``."""
    k = module.kernels[-1]
    i = next(i for i, a in enumerate(k.args) if a.kind == kind)
    args = list(k.args)
    args[i] = dataclasses.replace(args[i], value=value)
    return dataclasses.replace(module, kernels=module.kernels[:-1] + [dataclasses.replace(k, args=args)])


def test_the_blas3_programs_store_no_input():
    program, module = _symm()
    spec = build_spec(program, module, "sm_90", "sm_90")
    inputs = {t.name for t in spec.inputs}
    assert inputs == {"A", "B"}
    assert not inputs & {a.name for a in spec.per_call}
    assert not inputs & {a.name for a in spec.workspace}


def test_a_kernel_storing_into_an_input_is_refused():
    program, module = _symm()
    with pytest.raises(CompileError, match=r"stores into input 'B'"):
        build_spec(program, _with_arg(module, "out", "B"), "sm_90", "sm_90")


def test_a_workspace_named_after_a_value_is_refused():
    program, module = _module(lambda A, B: kfuse.blas.symm(A, B, uplo="lower"),
                              np.zeros((40, 40), np.float32), np.zeros((40, 8), np.float32))
    assert any(a.kind == "partial" for k in module.kernels for a in k.args)   # the symmetrize pass's
    with pytest.raises(CompileError, match=r"workspace 'A'"):
        build_spec(program, _with_arg(module, "partial", "A"), "sm_90", "sm_90")
