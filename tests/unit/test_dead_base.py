"""Unit tier for arrays assigned whole (kfuse.frontend.dead_base): an assignment chain whose
windows cover every point read afterwards starts from a new array, so no kernel loads the old
one, and a written argument assigned whole is stored in place (no copy back); where a point of
the old array is still seen, the chain keeps it.  Checked on the traced program, the plan and
the NumPy reference against NumPy float64."""
from __future__ import annotations

import itertools

import numpy as np
import pytest

import kfuse
from kfuse import reference
from kfuse.frontend.dead_base import inside
from kfuse.frontend.trace import trace
from kfuse.fusion.inplace import inplace_writes
from kfuse.model.planner import best_plan
from tests.programs.apps import hotspot3d, wave2d


def _trace(fn, shapes, dtype="float64", extra=()):
    names = [f"a{i}" for i in range(len(shapes))] + [f"s{i}" for i in range(len(extra))]
    specs = [("a", s, dtype, "C") for s in shapes] + [("s", (), dtype, "C")] * len(extra)
    return trace(fn, names, specs)[0]


def _reads(prog, name: str) -> list:
    return [c.id for c in prog.calls for v in c.args.values() if prog.base(v) == name]


def _check(fn, shapes, extra=(), seed=0):
    """The program's outputs through the reference against ``fn`` run by NumPy on copies."""
    prog = _trace(fn, shapes, extra=extra)
    rng = np.random.default_rng(seed)
    xs = [rng.uniform(-1, 1, s) for s in shapes]
    env = dict(zip(prog.inputs, xs + list(extra)))
    got = reference.run(prog, env)
    mine = [x.copy() for x in xs]
    want = fn(*mine, *extra)
    for inp, final in prog.writes.items():
        np.testing.assert_array_equal(got[final], mine[prog.inputs.index(inp)])
    if want is not None and prog.results:
        want = want if isinstance(want, tuple) else (want,)
        for o, w in zip(prog.returned(), want):
            np.testing.assert_array_equal(got[o], w)
    return prog


def edges_zero(u, v):
    u[1:-1, 1:-1] = 2 * v[1:-1, 1:-1] + v[:-2, 1:-1]
    u[:, 0] = 0
    u[:, -1] = 0
    u[0, :] = 0
    u[-1, :] = 0


def interior_only(u, v):
    u[1:-1, 1:-1] = 2 * v[1:-1, 1:-1]


def read_between(u, v):
    u[1:-1, :] = v[1:-1, :] * 3
    w = u[0:1, :] * 2      # row 0 of the old u is seen here
    u[0, :] = 1.0
    u[-1:, :] = w
    return w


def read_covered(u, v):
    u[1:-1, :] = v[1:-1, :] * 3
    w = u[1, :] + u[-2, :]   # rows the first window wrote
    u[0, :] = w
    u[-1, :] = 0.0


def copy_then_whole(u, v):
    r = u.copy()
    r[...] = v * 2
    return r


def returned_partial(u, v):
    r = v.copy()
    r[1:, :] = u[1:, :]
    return r


def test_edges_assigned_whole_start_from_a_new_array():
    prog = _check(edges_zero, [(9, 7), (9, 7)])
    full = [c for c in prog.calls if c.fn == "full"]
    assert len(full) == 1 and "a0 is assigned before it is read" in full[0].label
    assert _reads(prog, "a0") == []                     # no call loads the old u
    first = next(c for c in prog.calls if c.fn == "assign")
    assert first.args["u"] == full[0].out and first.id == full[0].id + 1


@pytest.mark.parametrize("fn", [interior_only, read_between])
def test_old_values_seen_keep_the_old_array(fn):
    prog = _check(fn, [(9, 7), (9, 7)])
    assert not [c for c in prog.calls if c.fn == "full"]
    assert _reads(prog, "a0")


def test_reads_inside_assigned_windows_do_not_keep_it():
    prog = _check(read_covered, [(8, 5), (8, 5)])
    assert [c.fn for c in prog.calls].count("full") == 1
    assert _reads(prog, "a0") == []


def test_copy_assigned_whole_is_not_made():
    prog = _check(copy_then_whole, [(6, 5), (6, 5)])
    assert "copy" not in [c.fn for c in prog.calls]
    assert _reads(prog, "a0") == []


def test_returned_version_must_be_covered():
    prog = _check(returned_partial, [(6, 5), (6, 5)])
    assert not [c for c in prog.calls if c.fn == "full"]
    assert _reads(prog, "a1")


def _lower(fn, *args):
    return kfuse.jit(fn).lower(*args)


def test_wave2d_writes_u_in_place_and_never_reads_it():
    s = kfuse.ShapeDtype((41, 35), "float64")
    lo = _lower(wave2d.step, s, s, s, 0.25, 0.25)
    assert len(lo.plan["kernels"]) == 1
    assert "stored in place" in lo.plan["writes"]["u"]
    assert "const double* __restrict__ u," not in lo.source and "const double* u," not in lo.source


def test_hotspot3d_writes_tout_in_place():
    s = kfuse.ShapeDtype(hotspot3d.TEST, "float64")
    lo = _lower(hotspot3d.step, s, s, s, *hotspot3d.coefficients(*hotspot3d.TEST))
    assert "stored in place" in lo.plan["writes"]["tOut"]


def test_partial_writes_are_copied_back():
    s = kfuse.ShapeDtype((9, 7), "float64")
    lo = _lower(interior_only, s, s)
    assert "copied into the caller's array" in lo.plan["writes"]["u"]


def test_inplace_rule_follows_the_kernel_reading_u():
    # interior only: the kernel reads u's edges (kept) and stores u's final value: a grid kernel
    # reading the array it would overwrite does not store in place; assigned whole, it does
    kept = _trace(interior_only, [(9, 7), (9, 7)])
    assert inplace_writes(kept, best_plan(kept)) == {}
    whole = _trace(edges_zero, [(9, 7), (9, 7)])
    assert inplace_writes(whole, best_plan(whole)) == {whole.writes["a0"]: "a0"}


def _brute(region, boxes):
    pts = itertools.product(*[range(lo, hi) for lo, hi in region])
    return all(any(all(lo <= p < hi for p, (lo, hi) in zip(pt, box)) for box in boxes) for pt in pts)


def test_inside_matches_a_point_by_point_check():
    rng = np.random.default_rng(5)
    for _ in range(400):
        rank = int(rng.integers(1, 4))
        n = [int(rng.integers(1, 7)) for _ in range(rank)]

        def box():
            out = []
            for m in n:
                lo = int(rng.integers(0, m + 1))
                out.append((lo, int(rng.integers(lo, m + 1))))
            return tuple(out)
        boxes = [box() for _ in range(int(rng.integers(1, 6)))]
        region = box() if rng.uniform() < 0.5 else tuple((0, m) for m in n)
        assert inside(region, boxes) == _brute(region, boxes), (region, boxes)
