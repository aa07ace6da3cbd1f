"""The stencil GPU tier's checking path (tests/fuzz/stencil_check.py) run on the CPU: the
device call replaced by NumPy running the program's text in its own element type (float32
stays float32), so the static rounding bounds are checked against real roundings.  Correct
results pass; one element off by a little more than its tolerance is a mismatch; a call that
writes into an input is a changed input; the report prints the program and a repro."""
import numpy as np
import pytest

from kfuse.fusion import search as space

from . import stencil_check
from .stencil_gen import generate_stencil
from .stencil_prog import NUMPY


def _fake_device(monkeypatch, corrupt=False, write_input=False):
    def compiled(prog, args):
        fn = prog.python_function(NUMPY)

        def run(*xs):
            outs = [np.array(o) for o in fn(*[x.copy() if isinstance(x, np.ndarray) else x for x in xs])]
            if corrupt:
                i = next(k for k, o in enumerate(outs) if o.size)
                outs[i].flat[0] += 3 * prog.tolerance(prog.outputs[i])
            if write_input:
                xs[0].flat[-1] = 0.5
            return tuple(outs)
        return run
    monkeypatch.setattr(stencil_check, "compiled", compiled)
    monkeypatch.setattr(stencil_check, "to_device", lambda a, order: a.copy(order=order))
    monkeypatch.setattr(stencil_check, "to_host", lambda a: np.array(a))
    monkeypatch.setattr(stencil_check, "BIG", False)
    monkeypatch.setattr(space, "EXHAUSTIVE_CALLS", space.EXHAUSTIVE_CALLS)   # run_stencil_gpu lowers it


def _seeds(n, dtype=None):
    out = []
    for s in range(400):
        p = generate_stencil(s)
        if p.valid and (dtype is None or p.dtype == dtype):
            out.append(s)
        if len(out) == n:
            break
    return out


def test_bounds_hold_for_numpy_in_the_programs_own_precision(monkeypatch):
    _fake_device(monkeypatch)
    results = [stencil_check.run_stencil_gpu(s) for s in _seeds(80, "float32")]
    bad = [r for r in results if r.outcome != "ok"]
    assert not bad, "\n\n".join(stencil_check.report(r) for r in bad[:3])
    assert max(r.ratio for r in results) > 1e-3   # the float32 roundings are seen, not swamped


@pytest.mark.parametrize("how", ["corrupt", "write_input"])
def test_a_wrong_element_or_a_written_input_is_reported(monkeypatch, how):
    _fake_device(monkeypatch, corrupt=how == "corrupt", write_input=how == "write_input")
    results = [stencil_check.run_stencil_gpu(s) for s in _seeds(8)]
    want = "mismatch" if how == "corrupt" else "changed input"
    assert all(r.outcome == want for r in results), [r.line() for r in results]
    text = stencil_check.report(results[0], gpu=True)
    assert "--stencil --seeds" in text and "--gpu" in text and ("def prog" in text or "input " in text)
