"""GPU tier for temporal blocking of 3-D grids in ``kfuse.iterate`` (a plane tile per block,
streaming along the planes: kfuse.spaces.grid.temporal): heat-3d at every depth a tile takes,
forced through the setting, float32 and float64, odd sizes, step counts that leave a remainder;
a periodic grid (np.roll along every axis) and a channel periodic along one axis; two fields
with a constant field -- against the NumPy float64 loop; the caller's state bitwise unchanged;
the pass actually ran with a 3-D tile."""
from __future__ import annotations

import numpy as np
import pytest

import kfuse
from tests.compile.test_temporal3d_cpu import channel, channel_np, heat, heat_np, periodic_heat, reaction, reaction_np
from tests.gpu.test_temporal_gpu import _close


@pytest.fixture
def tiles(monkeypatch):
    """(depth, tile rows) of the blocked runs kfuse.iterate made (kfuse.loop_temporal.run)."""
    from kfuse import loop_temporal
    seen, real = [], loop_temporal.run

    def run(entry, decision, *args):
        seen.append((decision.cost.blocking.depth, decision.cost.blocking.ty))
        return real(entry, decision, *args)
    monkeypatch.setattr(loop_temporal, "run", run)
    return seen


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("depth", [2, 3, 4])
@pytest.mark.parametrize("shape", [(67, 45, 131), (9, 130, 33), (130, 7, 70)])
def test_heat_every_depth_matches_numpy(dtype, depth, shape, tiles):
    import cupy
    steps = 2 * depth + 1
    a = np.random.default_rng(depth).random(shape).astype(dtype)
    d = cupy.asarray(a)
    with kfuse.config.override(temporal_depth=depth):
        plan = kfuse.loops.temporal_plan(heat, a, steps)
        got = kfuse.iterate(heat, d, steps=steps)
    assert plan["blocked"] and plan["depth"] == depth and plan["tile_rows"] > 1, plan
    assert [t for t, _ in tiles] == [depth] and tiles[0][1] > 1, tiles
    assert np.array_equal(cupy.asnumpy(d), a)   # the caller's state untouched
    want = a.astype(np.float64)
    for _ in range(steps):
        want = heat_np(want)
    _close(cupy.asnumpy(got), want, dtype)


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_periodic_and_channel_grids_match_numpy(dtype, tiles):
    import cupy
    shape, steps = (37, 61, 45), 7
    a = np.random.default_rng(5).random(shape).astype(dtype)
    for step, twin in ((periodic_heat, periodic_heat), (channel, channel_np)):
        d = cupy.asarray(a)
        with kfuse.config.override(temporal_depth=3):
            got = kfuse.iterate(step, d, steps=steps)
        assert np.array_equal(cupy.asnumpy(d), a)
        want = a.astype(np.float64)
        for _ in range(steps):
            want = twin(want)
        _close(cupy.asnumpy(got), want, dtype)
    assert [t for t, _ in tiles] == [3, 3], tiles


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_two_fields_a_constant_field_and_a_scalar(dtype, tiles):
    import cupy
    shape, steps = (41, 33, 70), 9
    rng = np.random.default_rng(6)
    u, v, k = (rng.random(shape).astype(dtype), (0.3 * rng.random(shape)).astype(dtype),
               rng.random(shape).astype(dtype))
    du, dv, dk = cupy.asarray(u), cupy.asarray(v), cupy.asarray(k)
    with kfuse.config.override(temporal_depth=2):
        gu, gv = kfuse.iterate(reaction, (du, dv), steps=steps, consts=(dk, 0.01))
    for host, dev in ((u, du), (v, dv), (k, dk)):
        assert np.array_equal(cupy.asnumpy(dev), host)
    wu, wv = u.astype(np.float64), v.astype(np.float64)
    for _ in range(steps):
        wu, wv = reaction_np(wu, wv, k.astype(np.float64), 0.01)
    _close(cupy.asnumpy(gu), wu, dtype)
    _close(cupy.asnumpy(gv), wv, dtype)
    assert [t for t, _ in tiles] == [2], tiles
