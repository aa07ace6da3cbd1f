"""Issue 31, GPU tier: D2Q9's NumPy pieces run by ``kfuse.jit`` on CuPy arrays against NumPy
float64 (odd sizes, both dtypes): a three-velocity LBM step in Mocz's form with his bounce-back
(tests/compile/test_planes_cpu.py's ``lbm3_masked``: a bool mask argument, rolled planes, sums
over the short axis, ``F * cx``, ``np.zeros``, the masked read, permutation and write) for
several masks, the caller's ``F`` updated in place and the mask untouched; bitwise NumPy with
``fmad=False``; D2Q9's moments (tests/unit/test_axis_reduce.py); and ``fict[t]``'s index checked
on the host (tests/gpu/test_apps_gpu.py has fdtd2d itself); Mocz's whole D2Q9 step at 37 x 61,
with the launch where each thread owns a site's nine planes forced, and his time loop folded."""
from __future__ import annotations

import numpy as np
import pytest

import kfuse
from kfuse import config

from ..compile.test_planes_cpu import SHAPE, WEIGHTS, _state, lbm3_masked
from ..unit.test_axis_reduce import _lbm_moments

TOL = {"float32": 1e-5, "float64": 1e-12}


def _near_equilibrium(shape, dtype):
    """A state within 10% of the rest weights, as an LBM run holds: uniform(0.5, 1.5) in every
    direction at this size amplifies rounding a thousandfold in three steps (NumPy's own float32
    step is 8e-4 from float64 there), which is the state's conditioning, not kfuse's."""
    rng = np.random.default_rng(4)
    return (np.array(WEIGHTS) * rng.uniform(0.9, 1.1, shape + (3,))).astype(dtype)


def _masks(shape):
    rng = np.random.default_rng(9)
    return {"random": rng.random(shape) < 0.5, "empty": np.zeros(shape, bool), "all": np.ones(shape, bool)}


@pytest.mark.parametrize("shape", [SHAPE, (37, 61)])
@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_a_masked_lbm_step_matches_numpy(dtype, shape):
    import cupy
    F0, cx, cy = _state(dtype) if shape == SHAPE else (_near_equilibrium(shape, dtype), *_state(dtype)[1:])
    step = kfuse.jit(lbm3_masked)
    for name, mask in _masks(shape).items():
        F, m = cupy.asarray(F0), cupy.asarray(mask)
        want = F0.astype(np.float64)
        for _ in range(3):
            step(F, m, cupy.asarray(cx), cupy.asarray(cy))
            lbm3_masked(want, mask, cx.astype(np.float64), cy.astype(np.float64))
        err = np.abs(cupy.asnumpy(F) - want).max() / np.abs(want).max()
        assert err <= TOL[dtype], (name, err)
        assert np.array_equal(cupy.asnumpy(m), mask), name


def test_without_contraction_the_masked_step_is_numpy_bitwise():
    import cupy
    F0, cx, cy = _state("float64")
    mask = _masks(SHAPE)["random"]
    with config.override(fmad=False):
        step = kfuse.jit(lbm3_masked)
        F = cupy.asarray(F0)
        step(F, cupy.asarray(mask), cupy.asarray(cx), cupy.asarray(cy))
    want = F0.copy()
    lbm3_masked(want, mask, cx, cy)
    assert np.array_equal(cupy.asnumpy(F), want)


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_d2q9_moments_match_numpy(dtype):
    import cupy
    rng = np.random.default_rng(2)
    F0, G0 = rng.uniform(0.5, 1.5, (37, 61, 9)).astype(dtype), rng.uniform(-1, 1, (37, 61, 3)).astype(dtype)
    F, G = cupy.asarray(F0), cupy.asarray(G0)
    kfuse.jit(_lbm_moments)(F, G)
    wF, wG = F0.astype(np.float64), G0.astype(np.float64)
    _lbm_moments(wF, wG)
    for got, want in ((F, wF), (G, wG)):
        assert np.abs(cupy.asnumpy(got) - want).max() <= TOL[dtype] * np.abs(want).max()


D2Q9_SHAPE = (37, 61)


def _d2q9_masks(lbm):
    return {"cylinder": lbm.init(D2Q9_SHAPE, "float64")["cylinder"],
            "random": np.random.default_rng(5).random(D2Q9_SHAPE) < 0.3}


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_d2q9_as_published_matches_numpy_at_an_odd_size(dtype):
    """Mocz's whole D2Q9 step (tests/programs/apps/lbm_d2q9.py) from its own near-equilibrium
    start, with its cylinder and a random mask: four steps, ``F`` updated in place for the
    caller, the mask untouched, against NumPy float64."""
    import cupy
    from tests.programs.apps import lbm_d2q9 as lbm
    s, ref = lbm.init(D2Q9_SHAPE, dtype), lbm.init(D2Q9_SHAPE, "float64")
    step = kfuse.jit(lbm.step)
    for name, mask in _d2q9_masks(lbm).items():
        F, m = cupy.asarray(s["F"]), cupy.asarray(mask)
        cx, cy = cupy.asarray(s["cx"]), cupy.asarray(s["cy"])
        want = ref["F"].copy()
        for _ in range(4):
            step(F, m, cx, cy)
            lbm.step(want, mask, ref["cx"], ref["cy"])
        err = np.abs(cupy.asnumpy(F) - want).max() / np.abs(want).max()
        assert err <= TOL[dtype], (name, err)
        assert np.array_equal(cupy.asnumpy(m), mask), name


def test_d2q9_without_contraction_is_numpy_bitwise():
    """The same step in float64 with ``fmad=False``: NumPy's result bitwise (as the compile
    tier's g++ run of its plan, tests/compile/test_lbm_d2q9_cpu.py)."""
    import cupy
    from tests.programs.apps import lbm_d2q9 as lbm
    s = lbm.init(D2Q9_SHAPE, "float64")
    mask = _d2q9_masks(lbm)["cylinder"]
    with config.override(fmad=False):
        step = kfuse.jit(lbm.step)
        F = cupy.asarray(s["F"])
        for _ in range(2):
            step(F, cupy.asarray(mask), cupy.asarray(s["cx"]), cupy.asarray(s["cy"]))
    want = s["F"].copy()
    for _ in range(2):
        lbm.step(want, mask, s["cx"], s["cy"])
    assert np.array_equal(cupy.asnumpy(F), want)


def _owned_plan(lbm, s):
    """The lowered D2Q9 plan with its one kernel's threads each owning a site's nine planes
    (``bx`` 1, ``px`` 9: kfuse.spaces.grid.work.owns_axis), streaming ``zc`` rows."""
    lo = kfuse.jit(lbm.step).lower(s["F"], s["cylinder"], s["cx"], s["cy"])
    plan = lo.plan
    assert len(plan["kernels"]) == 1, plan["kernels"]
    plan["kernels"][0]["params"] = {"bx": 1, "by": 32, "px": 9, "zc": 5}
    return plan


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_d2q9_with_each_thread_owning_a_site_matches_numpy(dtype):
    """Mocz's step with the owned-axis launch forced at 37 x 61 (the rows a block walks end
    past the grid; a block's 32 threads past its columns): the cylinder and a random mask,
    four steps, against NumPy float64, the mask untouched."""
    import cupy
    from tests.programs.apps import lbm_d2q9 as lbm
    s, ref = lbm.init(D2Q9_SHAPE, dtype), lbm.init(D2Q9_SHAPE, "float64")
    step = kfuse.jit(lbm.step, plan=_owned_plan(lbm, s))
    for name, mask in _d2q9_masks(lbm).items():
        F, m = cupy.asarray(s["F"]), cupy.asarray(mask)
        want = ref["F"].copy()
        for _ in range(4):
            step(F, m, cupy.asarray(s["cx"]), cupy.asarray(s["cy"]))
            lbm.step(want, mask, ref["cx"], ref["cy"])
        err = np.abs(cupy.asnumpy(F) - want).max() / np.abs(want).max()
        assert err <= TOL[dtype], (name, err)
        assert np.array_equal(cupy.asnumpy(m), mask), name


@pytest.mark.parametrize("steps", [3, 7])
def test_d2q9_time_loop_folds_and_matches_numpy(steps):
    """The author's ``for it in range(Nt): step(F, ...)`` jitted with the count static: one
    step planned (its state read as the arguments are, not through the previous step's plane
    assignments), run ``steps`` times, ``F`` updated for the caller; NumPy float64."""
    import cupy
    from tests.programs.apps import lbm_d2q9 as lbm

    def loop(F, cylinder, cx, cy, *, steps):
        for _ in range(steps):
            lbm.step(F, cylinder, cx, cy)

    s = lbm.init(D2Q9_SHAPE, "float64")
    fn = kfuse.jit(loop, static_argnames=("steps",))
    args = [cupy.asarray(s[k]) for k in ("F", "cylinder", "cx", "cy")]
    fn(*args, steps=steps)
    assert any("folded" in line for line in fn.loops(*args, steps=steps))
    want = s["F"].copy()
    for _ in range(steps):
        lbm.step(want, s["cylinder"], s["cx"], s["cy"])
    err = np.abs(cupy.asnumpy(args[0]) - want).max() / np.abs(want).max()
    assert err <= TOL["float64"], err
