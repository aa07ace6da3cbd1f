"""The GPU tier's error bounds (tests/fuzz/bounds.py) on the CPU: they hold for NumPy computing
the generated programs in their own element types, and they are tight enough to see one term
of a reduction go missing."""
import numpy as np
import pytest

import kfuse
from kfuse.api import bind_sizes

from . import bounds
from .checks import build_program
from .generator import generate


def _valid(seeds):
    for s in seeds:
        p = generate(s)
        if p.valid:
            try:
                yield p, build_program(p)
            except kfuse.KfuseError:
                continue        # a known bug of the front end: the compile tier counts it


@pytest.mark.parametrize("chunk", range(4))
def test_bounds_hold_in_working_precision(chunk):
    worst = 0.0
    for p, program in _valid(range(chunk * 50, chunk * 50 + 50)):
        ins = p.random_inputs()
        got = bounds.emulate(program, ins)
        for o, (want, bound) in bounds.bounds(program, ins).items():
            r = bounds.worst_ratio(got[o], want, bound)
            assert r <= 1, f"seed {p.seed} output {o}: error / bound {r:.3g}\n{p.source()}"
            worst = max(worst, r)
    assert worst > 1e-4, "the bounds should not be vacuous"


@pytest.mark.parametrize("dtype", ["float32", "complex64", "float64"])
def test_bound_sees_a_missing_term(dtype):
    prog = bind_sizes(kfuse.load("vector x(n), y(n); input x, y; r = dot(x, y); return r;", dtype),
                      {"n": 4099})
    rng = np.random.default_rng(1)
    x = rng.uniform(-1, 1, 4099).astype(dtype)
    y = rng.uniform(-1, 1, 4099).astype(dtype)
    (want, bound), = bounds.bounds(prog, {"x": x, "y": y}).values()
    k = int(np.argmax(np.abs(x * y)))
    wrong = want - x[k].astype(np.complex128) * y[k]
    assert bounds.worst_ratio(wrong, want, bound) > 1
