"""Issue 31's applications (tests/programs/apps) as kfuse takes them today: each step as its
author writes it, ``kfuse.jit(step).lower(...)`` at the modules' small odd TEST sizes.

Accepted steps must stay accepted, in at most the recorded kernels.  Refused ones are
``xfail(strict=True)`` with today's refusal: when the front end takes one, its test passes,
strict xfail turns that into a failure, and the entry moves to ACCEPTED (with its kernels).
``benchmarks/apps/accept.py`` prints the same attempts as a table.
"""
from __future__ import annotations

import numpy as np
import pytest

from tests.compile import compile_helpers  # noqa: F401 - skips the module without NVRTC
from tests.programs import apps
from tests.programs.apps import accept

ACCEPTED, REFUSED = accept.ACCEPTED, accept.REFUSED
DTYPES = ("float32", "float64")


def _cases():
    for name in apps.NAMES:
        for dtype in DTYPES:
            if name in accept.SLOW:
                yield pytest.param(name, dtype, id=f"{name}-{dtype}", marks=pytest.mark.skip(reason=accept.SLOW[name]))
            elif (name, dtype) in ACCEPTED:
                yield pytest.param(name, dtype, id=f"{name}-{dtype}")
            else:
                yield pytest.param(name, dtype, id=f"{name}-{dtype}",
                                   marks=pytest.mark.xfail(strict=True, reason=REFUSED[name]))


def test_every_application_is_listed():
    for name in apps.NAMES:
        for dtype in DTYPES:
            assert (name, dtype) in ACCEPTED or name in REFUSED or name in accept.SLOW, (name, dtype)


@pytest.mark.parametrize("name,dtype", list(_cases()))
def test_step_is_accepted_unchanged(name, dtype):
    rec = accept.try_lower(name, dtype)
    assert rec["accepted"], accept.first_line(rec)
    assert rec["kernels"] <= ACCEPTED.get((name, dtype), rec["kernels"]), rec


@pytest.mark.parametrize("name,dtype", sorted(ACCEPTED))
def test_an_accepted_one_field_step_computes_numpys_answer(name, dtype):
    """The generated CUDA of an accepted one-field step (``u = step(u)``), run on the CPU (g++,
    tests/compile/grid_cpu.py) for 4 steps, against the module's NumPy loop."""
    import kfuse
    from kfuse.codegen.module import generate
    from tests.compile import grid_cpu
    m = apps.load(name)
    if not getattr(m, "SINGLE_FIELD", False):
        pytest.skip("only one-field steps map the state positionally (grid_cpu's contract)")
    (u,) = apps.args_of(m.step, m.init(m.TEST, dtype))
    lo = kfuse.jit(m.step).lower(u)
    got = grid_cpu.run_schedule([(lo.program, generate(lo.program, lo.plan_obj))], [0] * 4, [u], False)[0]
    want = m.run({"u": u.copy()}, 4)["u"]
    tol = 1e-12 if dtype == "float64" else 1e-5
    assert np.abs(got - want).max() <= tol * np.abs(want).max()


def fortran(args: list) -> list:
    """An application's arguments with every array of two or more axes in Fortran order."""
    return [np.asfortranarray(a) if isinstance(a, np.ndarray) and a.ndim > 1 else a for a in args]


@pytest.mark.parametrize("name", apps.NAMES)
def test_every_application_lowers_for_fortran_order_arrays(name):
    """The same steps on F-order arrays (float64, TEST size): planned for that layout (its
    inputs' order), in no more kernels than in C order."""
    import kfuse
    m = apps.load(name)
    args = fortran(apps.args_of(m.step, m.init(m.TEST, "float64")))
    lo = kfuse.jit(m.step).lower(*args)
    orders = {lo.program.value(n).type.order for n in lo.program.inputs
              if len(lo.program.value(n).type.shape or ()) > 1}
    assert orders == {"F"}, orders
    assert 1 <= len(lo.plan["kernels"]) <= ACCEPTED[(name, "float64")], lo.plan["kernels"]


@pytest.mark.parametrize("name", apps.NAMES)
def test_a_refusal_is_a_kfuse_error(name):
    """Whatever kfuse refuses, it refuses with a kfuse exception (never a raw one from below)."""
    if name in accept.SLOW:
        pytest.skip(accept.SLOW[name])
    rec = accept.try_lower(name, "float64")
    if rec["accepted"]:
        return
    assert rec["kfuse_error"], accept.first_line(rec)


def test_augmented_assignment_into_a_view_is_not_dropped():
    import kfuse

    def f(U):
        u = U[1:-1, 1:-1]
        u += 1.0
        return U
    try:
        lo = kfuse.jit(f).lower(np.zeros((7, 9)))
    except kfuse.KfuseError:
        return                                   # a clear refusal is acceptable; a silent no-op is not
    assert lo.program.outputs != lo.program.inputs, "the result is the unmodified argument"
    assert lo.program.writes == {"U": lo.program.outputs[0]}
