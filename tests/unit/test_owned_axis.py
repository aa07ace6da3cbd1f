"""Grid kernels whose threads each own a short fastest axis (kfuse.spaces.grid.work.owns_axis:
``bx`` 1, ``px`` the axis's extent; D2Q9's nine planes of a site): the variants that offer it,
the work the model counts for it (what a plane-by-plane value costs once its points merge),
and its register estimate."""
from __future__ import annotations

import types

import numpy as np
import pytest

import kfuse
from kfuse.fusion.search import impl_variants
from kfuse.spaces.grid.work import Shape, owned_points, owns_axis


def _frame(box, pos=None, shape=None):
    return types.SimpleNamespace(rank=len(box), axes=tuple(range(len(box) - 1, -1, -1)), box=box,
                                 pos=pos or {}, shape=shape or {}, extent=lambda a: box[a][1] - box[a][0])


def test_a_one_plane_value_read_by_every_point_is_evaluated_once():
    """Nine planes each read plane 0's value at their own offset (-k along the axis): one
    evaluation for the thread's nine points; an input loaded at all nine planes from each
    point: nine loads, one per point."""
    f = _frame(((0, 50), (0, 9)), pos={"rho": (0, 0), "F": (0, 0)}, shape={"rho": (50, 1), "F": (50, 9)})
    assert owned_points(f, "rho", {(0, -k) for k in range(9)}) == pytest.approx(1 / 9)
    assert owned_points(f, "F", {(0, k) for k in range(-8, 9)}) == pytest.approx(1)
    # offsets along the other axis stay distinct: two rows of the plane value
    assert owned_points(f, "rho", {(d, -k) for k in range(9) for d in (0, 1)}) == pytest.approx(2 / 9)


def test_owning_needs_one_thread_along_the_axis_and_all_its_points():
    f = _frame(((0, 50), (0, 9)))
    assert owns_axis(f, Shape(bx=1, px=9, vec=1))
    assert not owns_axis(f, Shape(bx=1, px=8, vec=1))
    assert not owns_axis(f, Shape(bx=32, px=9, vec=1))
    assert not owns_axis(_frame(((0, 9),)), Shape(bx=1, px=9, vec=1))


def _variants(shape):
    def step(u):
        return 0.5 * u + np.roll(u, 1, axis=0) + np.roll(u, -1, axis=1)
    prog = kfuse.jit(step).lower(np.zeros(shape)).program
    return impl_variants(prog, list(range(len(prog.calls))))


@pytest.mark.parametrize("shape,owned", [((40, 30, 5), True), ((40, 30, 16), True), ((40, 30, 17), False),
                                         ((40, 1), False)])
def test_variants_offer_owning_a_short_fastest_axis(shape, owned):
    got = [p for p in _variants(shape) if p["bx"] == 1 and p.get("px", 1) == shape[-1]]
    assert bool(got) == owned, _variants(shape)
    for p in got:
        assert p["by"] * p["bx"] >= 32
