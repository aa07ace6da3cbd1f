"""GPU tier for issue 31's applications (tests/programs/apps): each step as its author writes
it, run by ``kfuse.jit(step)`` inside the module's own loop on CuPy arrays, against NumPy float64
after a few steps, at the modules' small odd TEST sizes and at their QUICK sizes, in float32 and
float64.  The loop ignores what a step returns unless the author's loop uses it, so an argument
updated in place must be seen by the caller, as in NumPy.

Steps kfuse refuses today (tests/programs/apps/accept.py ``REFUSED``) are strict xfails: when
one runs right, the xfail fails and the entry moves to ``ACCEPTED``.  The same code with ``np``
rebound to CuPy (what the benchmark's CuPy peer runs) is checked too, without xfails: it is
the suite's own check of the harness's rebinding.  Every application also runs on F-order
arrays and on torch tensors."""
from __future__ import annotations

import pytest

from tests.programs import apps
from tests.programs.apps import accept

STEPS = 5
DTYPES = ("float32", "float64")


def _reference(m, shape):
    return m.run(m.init(shape, "float64", seed=0), STEPS)


def _on_device(state):
    import cupy
    import numpy as np
    return {k: cupy.asarray(v) if isinstance(v, np.ndarray) else v for k, v in state.items()}


def _error(m, state, shape):
    import cupy
    got = {k: cupy.asnumpy(v) for k, v in state.items() if isinstance(v, cupy.ndarray)}
    return apps.rel_error(got, _reference(m, shape), m.FIELDS["written"])


def _cases():
    for name in apps.NAMES:
        for dtype in DTYPES:
            for size in ("TEST", "QUICK"):
                marks = () if (name, dtype) in accept.ACCEPTED else \
                    (pytest.mark.skip(reason=accept.SLOW[name]),) if name in accept.SLOW else \
                    (pytest.mark.xfail(strict=True, reason=accept.REFUSED[name]),)
                yield pytest.param(name, dtype, size, id=f"{name}-{dtype}-{size}", marks=marks)


@pytest.mark.parametrize("name,dtype,size", list(_cases()))
def test_kfuse_runs_the_step_as_written(name, dtype, size):
    import kfuse
    m = apps.load(name)
    shape = getattr(m, size)
    state = _on_device(m.init(shape, dtype, seed=0))
    state = m.run(state, STEPS, step=kfuse.jit(m.step))
    err = _error(m, state, shape)
    assert err <= apps.TOLERANCE[dtype], f"{name} {dtype} {shape}: error {err:.2e} against NumPy float64"


def _layout(state, layout):
    """The state's device arrays in F order (``fortran``) or as torch tensors sharing them."""
    import cupy
    if layout == "fortran":
        return {k: cupy.asfortranarray(v) if isinstance(v, cupy.ndarray) and v.ndim > 1 else v
                for k, v in state.items()}
    import torch
    return {k: torch.from_dlpack(v) if isinstance(v, cupy.ndarray) else v for k, v in state.items()}


@pytest.mark.parametrize("name", apps.NAMES)
@pytest.mark.parametrize("layout,dtype", [("fortran", "float64"), ("fortran", "float32"), ("torch", "float64")])
def test_kfuse_runs_the_step_on_fortran_order_arrays_and_torch_tensors(name, layout, dtype):
    """The step as written, ``kfuse.jit(step)`` in the author's loop, on F-order CuPy arrays
    and on torch tensors: NumPy float64's fields after a few steps, the written ones updated
    in the caller's own arrays (same layout, same objects)."""
    import cupy
    import kfuse
    m = apps.load(name)
    if name in accept.SLOW:
        pytest.skip(accept.SLOW[name])
    state = _layout(_on_device(m.init(m.TEST, dtype, seed=0)), layout)
    given = dict(state)
    host = m.init(m.TEST, dtype, seed=0)
    host_given = dict(host)
    host = m.run(host, 1)   # which fields NumPy's own run leaves in the caller's arrays
    state = m.run(state, STEPS, step=kfuse.jit(m.step))
    for k in m.FIELDS["written"]:
        if host[k] is host_given[k]:
            assert state[k] is given[k], f"{k}: the caller's array was replaced (NumPy updates it in place)"
    if layout == "torch":
        state = {k: cupy.asarray(v) if hasattr(v, "__dlpack__") and not isinstance(v, cupy.ndarray) else v
                 for k, v in state.items()}
    err = _error(m, state, m.TEST)
    assert err <= apps.TOLERANCE[dtype], f"{name} {layout} {dtype}: error {err:.2e} against NumPy float64"


@pytest.mark.parametrize("name", apps.NAMES)
@pytest.mark.parametrize("dtype", DTYPES)
def test_the_same_code_on_cupy_is_numpys(name, dtype):
    import cupy
    m = apps.load(name)
    state = apps.bind(m, cupy).run(_on_device(m.init(m.TEST, dtype, seed=0)), STEPS)
    err = _error(m, state, m.TEST)
    assert err <= apps.TOLERANCE[dtype], f"{name} {dtype}: CuPy error {err:.2e} against NumPy float64"


def test_fdtd2d_index_argument_is_checked_on_the_host_and_wraps_like_numpy():
    """``ey[0, :] = _fict_[t]``: a bad ``t`` (out of range, not an integer) is one ArgumentError
    naming ``t`` before any launch (the fields are untouched); a negative ``t`` counts from the
    end; every ``t`` runs the one compiled executable."""
    import cupy
    import numpy as np

    import kfuse
    from kfuse.errors import ArgumentError
    m = apps.load("fdtd2d")
    start = m.init(m.TEST, "float64", seed=0)
    s = _on_device(start)
    f = kfuse.jit(m.step)
    for bad in (m.TMAX, -m.TMAX - 1, 2.5):
        with pytest.raises(ArgumentError, match=r"argument 't' .* indexes _fict_"):
            f(s["ex"], s["ey"], s["hz"], s["_fict_"], bad)
    for k in ("ex", "ey", "hz"):
        assert np.array_equal(cupy.asnumpy(s[k]), start[k]), k
    for t in (-1, 3, -m.TMAX):
        f(s["ex"], s["ey"], s["hz"], s["_fict_"], t)
        assert np.array_equal(cupy.asnumpy(s["ey"])[0], np.full(m.TEST[1], start["_fict_"][t])), t
