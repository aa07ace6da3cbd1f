"""The halo-depth model (kfuse.distributed.depth) on figures alone: grown boxes, the predicted
time per step, and where deeper halos pay (a short step on a slow link) and where they do not
(a long step, or no neighbour)."""
from __future__ import annotations

import pytest

from kfuse.distributed import depth as D

LINK = {"exchange_s": 15e-6, "bw": 3.55e11}
BW = 4.3e12


def test_grown_box_grows_only_toward_neighbours():
    owned, reach = (100, 50), ((1, 1), (0, 0))
    assert D.grown_box(owned, reach, ((False, True), (False, False)), 0) == 100 * 50
    assert D.grown_box(owned, reach, ((False, True), (False, False)), 3) == 103 * 50
    assert D.grown_box(owned, reach, ((True, True), (True, True)), 2) == 104 * 50   # no reach along axis 1


def test_one_step_is_its_compute_and_one_exchange():
    owned, reach, sides = (2048, 4096), ((1, 1), (0, 0)), ((False, True), (False, False))
    t = D.step_seconds(owned, reach, sides, 1, 8.0, 16384, BW, LINK)
    want = 2048 * 4096 * 8.0 / BW + 15e-6 + 16384 / 3.55e11
    assert t == pytest.approx(want)


def _best(owned, halo_bytes, per_point=8.0, sides=((False, True), (False, False))):
    ts = {k: D.step_seconds(owned, ((1, 1), (0, 0)), sides, k, per_point, halo_bytes, BW, LINK) for k in D.DEPTHS}
    return min(ts, key=ts.get), ts


def test_a_short_step_on_a_slow_link_goes_deep():
    k, ts = _best((2048, 4096), 16384)   # jacobi-2d 4096^2 f32 on 2 ranks: 15.6 us compute, 15 us exchange
    assert k == 8 and ts[8] < 0.7 * ts[1]


def test_the_deeper_the_halo_the_more_points_computed_twice():
    owned, reach, sides = (64, 64), ((1, 1), (0, 0)), ((True, True), (False, False))
    fast = {"exchange_s": 1e-12, "bw": 1e30}   # a free link: depth only costs compute
    ts = [D.step_seconds(owned, reach, sides, k, 8.0, 1024, BW, fast) for k in D.DEPTHS]
    assert ts == sorted(ts) and ts[0] < ts[-1]


def test_no_neighbour_no_exchange_no_depth():
    k, ts = _best((4096, 4096), 0, sides=((False, False), (False, False)))
    assert k == 1 and len(set(round(t * 1e12) for t in ts.values())) == 1
