"""NPBench kernels as their authors write them (tests/programs/npbench_*.py).  PolyBench's stencils,
their time loops as written: each folds into one planned step of one kernel whatever TSTEPS, and matches NumPy's own
loop through the reference (A and B written as NumPy leaves them).  heat_3d's long body puts an
EXTENDED_ARG before the loop's FOR_ITER, which hid the loop from folding.  hdiff: one kernel
storing its output in place, NumPy's result bitwise through the reference."""
from __future__ import annotations

import dis

import numpy as np
import pytest

import kfuse
from kfuse import config
from kfuse.frontend.loop_split import Folded
from kfuse.loop_fold_run import reference as folded_reference
from tests.programs.npbench_polybench import KERNELS, heat_3d


def _start(shape):
    rng = np.random.default_rng(5)
    return rng.uniform(-1, 1, shape), rng.uniform(-1, 1, shape)


def test_heat_3d_has_an_extended_arg_before_its_for_iter():
    names = [i.opname for i in dis.get_instructions(heat_3d.__code__)]
    k = names.index("GET_ITER")
    assert names[k + 1] == "EXTENDED_ARG" and "FOR_ITER" in names[k + 2:k + 4]


@pytest.mark.parametrize("T", [4, 9, 500])
@pytest.mark.parametrize("name", sorted(KERNELS))
def test_the_loop_folds_and_matches_numpy(name, T):
    fn, shape = KERNELS[name]
    A, B = _start(shape)
    jf = kfuse.jit(fn, static_argnames=("TSTEPS",))
    prog, *_, loops = jf._traced(jf._lower_key((T, A, B), {}), fold=True)
    assert isinstance(prog, Folded), loops
    assert prog.count == T - 1 and "folded" in loops[0]
    if T > 100:
        return
    want_A, want_B = A.copy(), B.copy()
    fn(T, want_A, want_B)
    _, writes = folded_reference(prog, {"A": A, "B": B, "TSTEPS": T})
    np.testing.assert_allclose(writes["A"], want_A, rtol=1e-13, atol=1e-13)
    np.testing.assert_allclose(writes["B"], want_B, rtol=1e-13, atol=1e-13)


@pytest.mark.parametrize("name", sorted(KERNELS))
def test_one_kernel_per_step(name):
    fn, shape = KERNELS[name]
    with config.override(search_grid_time_s=0.0):
        low = kfuse.jit(fn, static_argnames=("TSTEPS",)).lower(50, *_start(shape))
    assert len(low.plan["kernels"]) == 1, [k["calls"] for k in low.plan["kernels"]]
    assert low.plan["loop"]["count"] == 49


def test_npbench_hdiff_as_written_is_one_kernel_storing_in_place():
    from kfuse import reference
    from kfuse.frontend.trace import trace
    from tests.programs.npbench_weather import hdiff
    I, J, K = 9, 7, 5
    rng = np.random.default_rng(0)
    inf, out, co = rng.uniform(-1, 1, (I + 4, J + 4, K)), np.full((I, J, K), np.nan), rng.uniform(-1, 1, (I, J, K))
    with config.override(search_grid_time_s=0.0):
        low = kfuse.jit(hdiff).lower(inf, out, co)
    assert len(low.plan["kernels"]) == 1
    assert low.plan["writes"]["out_field"].startswith("stored in place")
    prog, _ = trace(hdiff, ["in_field", "out_field", "coeff"], [("a", a.shape, "float64", "C") for a in (inf, out, co)],
                    "hdiff")
    want = out.copy()
    hdiff(inf, want, co)
    got = reference.run(prog, {"in_field": inf, "out_field": out, "coeff": co})[prog.writes["out_field"]]
    assert np.array_equal(got, want)


def _inner(p):
    for q in range(1100):
        p = p * 0.5 + 1.0
    return p


def _outer_calls_a_loop(p, nt):
    for n in range(nt):
        p = _inner(p)
    return p


def _nested(p, nt):
    for n in range(nt):
        for q in range(4):
            p = p * 0.5 + 1.0
    return p


def test_a_loop_in_a_called_function_names_itself_at_the_call_limit():
    # Barba's cavity flow calls pressure_poisson, whose nit loop unrolls in every step
    with pytest.raises(kfuse.errors.PlanError, match=r"call 2049 is at .*test_npbench.py:\d+, in _inner\(\)"):
        kfuse.jit(_outer_calls_a_loop, static_argnames=("nt",)).lower(np.ones((5, 7)), 40)


def test_a_nested_loop_says_it_unrolls_within_each_step():
    low = kfuse.jit(_nested, static_argnames=("nt",)).lower(np.ones((5, 7)), 6)
    assert "folded" in low.loops[0]
    assert any("is inside the loop at" in r and "unrolls within each step" in r for r in low.loops[1:]), low.loops
