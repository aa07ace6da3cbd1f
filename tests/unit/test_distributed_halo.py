"""Halo widths read from a planned program's grid kernels (kfuse.distributed.halo): offsets in
each array's own index space from the output point a thread owns, widths along cut axes only,
corners only for diagonal reads, and the refusals (a halo wider than a block; a non-grid kernel
reading a cut array)."""
from __future__ import annotations

import pytest

import kfuse
from kfuse.distributed import Halo, decompose, halo_of, other_reads, refusal, step_halos, step_reads
from kfuse.errors import ShapeError
from kfuse.frontend.trace import trace
from kfuse.model import load_calibration
from kfuse.model.planner import best_plan


def _lap(a):
    return 4 * a[1:-1, 1:-1] - (a[1:-1, :-2] + a[1:-1, 2:] + a[:-2, 1:-1] + a[2:, 1:-1])


def jacobi(a):
    b = a.copy()
    b[1:-1, 1:-1] = 0.25 * (a[1:-1, :-2] + a[1:-1, 2:] + a[:-2, 1:-1] + a[2:, 1:-1])
    return b


def jacobi_interior(a):
    return kfuse.interior(a, 0.25 * (a[1:-1, :-2] + a[1:-1, 2:] + a[:-2, 1:-1] + a[2:, 1:-1]))


def box9(a):
    b = a.copy()
    b[1:-1, 1:-1] = (a[:-2, :-2] + a[:-2, 1:-1] + a[:-2, 2:] + a[1:-1, :-2] + a[1:-1, 1:-1]
                     + a[1:-1, 2:] + a[2:, :-2] + a[2:, 1:-1] + a[2:, 2:]) / 9.0
    return b


def one_d(a):
    b = a.copy()
    b[1:-1] = a[2:] + a[:-2]
    return b


def lap_of_lap(a):
    b = a.copy()
    b[2:-2, 2:-2] = _lap(_lap(a))
    return b


def shifted(a):
    return a[2:, :] * 2.0


def two_arrays(a, c):
    b = a.copy()
    b[1:-1, :] = a[2:, :] - c[:-2, :]
    return b


def transpose_add(a):
    return a.T + a


def _prog(fn, shape, names=("a",)):
    specs = [("a", shape, "float64", "C") for _ in names]   # "a": a dense array argument
    return trace(fn, list(names), specs, fn.__name__)[0]


def _step(fn, shape, names=("a",)):
    prog = _prog(fn, shape, names)
    return prog, best_plan(prog, load_calibration())


def _only(reads: dict) -> dict:
    assert len(reads) == 1, reads
    return next(iter(reads.values()))


FIVE = {(0, 0), (0, 1), (0, -1), (1, 0), (-1, 0)}


@pytest.mark.parametrize("fn", [jacobi, jacobi_interior])
def test_jacobi_reads_a_at_the_five_points(fn):
    prog, plan = _step(fn, (10, 12))
    assert _only(step_reads(prog, plan)) == {"a": FIVE}
    halos = step_halos(prog, plan, decompose((10, 12), 4, split=(2, 2)))
    assert halos == {"a": Halo(((1, 1), (1, 1)), False)}


def test_a_cut_along_one_axis_has_no_width_on_the_other():
    prog, plan = _step(jacobi, (10, 12))
    assert step_halos(prog, plan, decompose((10, 12), 2)) == {"a": Halo(((1, 1), (0, 0)), False)}
    assert step_halos(prog, plan, decompose((10, 12), 1))["a"].empty


def test_a_box_stencil_needs_corners():
    prog, plan = _step(box9, (10, 12))
    reads = _only(step_reads(prog, plan))["a"]
    assert reads == {(i, j) for i in (-1, 0, 1) for j in (-1, 0, 1)}
    assert step_halos(prog, plan, decompose((10, 12), 4, split=(2, 2)))["a"] == Halo(((1, 1), (1, 1)), True)
    # cut along one axis only: no corner to fetch
    assert step_halos(prog, plan, decompose((10, 12), 2))["a"] == Halo(((1, 1), (0, 0)), False)


def test_one_d():
    prog, plan = _step(one_d, (17,))
    assert _only(step_reads(prog, plan)) == {"a": {(-1,), (0,), (1,)}}
    assert step_halos(prog, plan, decompose((17,), 3))["a"] == Halo(((1, 1),), False)


def test_a_fused_chain_reads_twice_as_far():
    prog, plan = _step(lap_of_lap, (12, 14))
    assert len(plan.kernels) == 1 and plan.kernels[0].space == "grid"   # fused: the inner lap recomputed
    reads = _only(step_reads(prog, plan))["a"]
    assert max(d[0] for d in reads) == 2 and min(d[0] for d in reads) == -2 and (1, 1) in reads
    assert step_halos(prog, plan, decompose((12, 14), 4, split=(2, 2)))["a"] == Halo(((2, 2), (2, 2)), True)


def test_a_one_sided_read_has_a_one_sided_width():
    prog, plan = _step(shifted, (10, 12))
    assert _only(step_reads(prog, plan)) == {"a": {(2, 0)}}
    assert halo_of({(2, 0)}, decompose((10, 12), 2)) == Halo(((0, 2), (0, 0)), False)


def rms_of_difference(a):
    return ((a[1:-1, 1:-1] - a[:-2, 1:-1]) ** 2).sum()


def test_a_reduced_window_reads_from_the_grid_arrays_position():
    """The ranks cut a reduced window where the grid's arrays lie: reading ``a[:-2]`` beside
    ``a[1:-1]`` reaches one row below the owned rows (the low side), not above."""
    prog, plan = _step(rms_of_difference, (13, 11))
    d = decompose((13, 11), 2, split=(2, 1))
    assert step_halos(prog, plan, d) == {"a": Halo(((1, 0), (0, 0)), False)}
    assert _only(step_reads(prog, plan, (13, 11))) == {"a": {(0, 0), (-1, 0)}}


def test_two_arrays_each_get_their_own_halo():
    prog, plan = _step(two_arrays, (10, 12), ("a", "c"))
    reads = {}
    for r in step_reads(prog, plan).values():
        reads.update(r)
    assert reads["a"] == {(1, 0), (0, 0)} and reads["c"] == {(-1, 0)}
    halos = step_halos(prog, plan, decompose((10, 12), 2))
    assert halos["a"].widths == ((0, 1), (0, 0)) and halos["c"].widths == ((1, 0), (0, 0))


def test_halo_of_by_hand():
    d = decompose((20, 20, 20), 8, split=(2, 2, 2))
    h = halo_of({(0, -3, 0), (1, 0, 0), (0, 0, 2)}, d)
    assert h == Halo(((0, 1), (3, 0), (0, 2)), False)
    assert halo_of({(1, 0, -1)}, d).diagonal
    assert not halo_of({(1, 0, -1)}, decompose((20, 20, 20), 2, split=(2, 1, 1))).diagonal
    assert halo_of(set(), d) == Halo(((0, 0),) * 3, False)
    with pytest.raises(ShapeError, match="offsets"):
        halo_of({(1, 0)}, d)


def test_a_halo_wider_than_a_block_is_refused():
    d = decompose((10, 12), 4, split=(4, 1))   # blocks of 3, 3, 2, 2 rows
    assert refusal({"a": Halo(((2, 2), (0, 0)))}, d) is None
    why = refusal({"a": Halo(((0, 3), (0, 0)))}, d)
    assert why and "'a'" in why and "axis 0" in why and "3" in why and "holds 2" in why
    # an uncut axis takes any width
    assert refusal({"a": Halo(((0, 0), (5, 5)))}, d) is None


def test_the_chain_is_refused_on_blocks_thinner_than_its_reach():
    prog, plan = _step(lap_of_lap, (12, 14))
    d = decompose((12, 14), 12, split=(12, 1))   # one row per rank, the halo is 2
    why = refusal(step_halos(prog, plan, d), d)
    assert why is not None and "axis 0" in why and "holds 1" in why
    assert refusal(step_halos(prog, plan, decompose((12, 14), 6, split=(6, 1))), decompose((12, 14), 6)) is None


def test_a_non_grid_kernel_reading_a_cut_array_is_refused():
    prog, plan = _step(transpose_add, (12, 12))
    d = decompose((12, 12), 2)
    others = other_reads(prog, plan, d)
    assert others and all(arrays == ("a",) for _, arrays in others.values())
    assert all(space != "grid" for space, _ in others.values())
    why = refusal(step_halos(prog, plan, d), d, others)
    assert why is not None and "'a'" in why and "only grid kernels" in why
    assert refusal({}, decompose((12, 12), 1), others) is None   # nothing cut: nothing to refuse
    prog, plan = _step(jacobi, (10, 12))
    assert other_reads(prog, plan, decompose((10, 12), 2)) == {}
