"""kfuse.iterate on DistArrays replayed as CUDA graphs (kfuse.distributed.graphed), on one GPU
with one rank (SingleComm: the path every NCCL rank takes, minus the messages): after a number
of steps that is not a multiple of any graph's, the grid is bitwise what the same steps leave
without graphs and what kfuse.jit leaves on the whole array; a field passed on as another
((u_prev, u) -> (u, u_next)), a constant DistArray and a number; the callers' blocks unchanged;
later calls replay the graphs they captured.  The two-rank form runs under torchrun in
tests/gpu/test_distributed_nccl_gpu.py."""
from __future__ import annotations

import numpy as np
import pytest

import kfuse
import kfuse.distributed as kd
from kfuse.distributed import graphed
from tests.compile.test_distributed_placed import heat3d, jacobi

STEPS = [3, 4, 37, 130]


def wave(p, u):
    n = 2.0 * u - p
    n[1:-1, 1:-1] += 0.1 * (u[:-2, 1:-1] + u[2:, 1:-1] + u[1:-1, :-2] + u[1:-1, 2:] - 4.0 * u[1:-1, 1:-1])
    return u, n


def forced(u, f, dt):
    b = u.copy()
    b[1:-1, 1:-1] = 0.25 * (u[1:-1, :-2] + u[1:-1, 2:] + u[:-2, 1:-1] + u[2:, 1:-1]) + dt * f[1:-1, 1:-1]
    return b


def _grid(shape):
    return kd.Grid(shape, comm=kd.SingleComm())


def _whole(fn, state, consts, steps):
    import cupy
    f = kfuse.jit(fn)
    xs = [cupy.asarray(x) for x in state]
    cs = [cupy.asarray(c) if isinstance(c, np.ndarray) else c for c in consts]
    for _ in range(steps):
        r = f(*xs, *cs)
        xs = list(r) if isinstance(r, tuple) else [r]
    return [cupy.asnumpy(x) for x in xs]


def _iterate(fn, g, state, consts, steps, graphs=True):
    dist = [g.scatter(x) for x in state]
    cs = [g.scatter(c) if isinstance(c, np.ndarray) else c for c in consts]
    own = [d.local.copy() for d in dist]
    with kfuse.config.override(auto_graph=graphs):
        r = kfuse.iterate(kfuse.jit(fn), tuple(dist) if len(dist) > 1 else dist[0], steps, consts=tuple(cs))
    r = list(r) if isinstance(r, tuple) else [r]
    for d, o in zip(dist, own):
        assert bool((d.local == o).all()), "iterate changed a caller's block"
    return [g.gather(x, root=None) for x in r]


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("steps", STEPS)
def test_a_graphed_loop_is_bitwise_the_loop_without_graphs_and_the_whole_array(steps, dtype):
    host = np.random.default_rng(3).standard_normal((131, 77)).astype(dtype)
    g = _grid(host.shape)
    got = _iterate(jacobi, g, [host], [], steps)
    assert np.array_equal(got[0], _iterate(jacobi, g, [host], [], steps, graphs=False)[0])
    assert np.array_equal(got[0], _whole(jacobi, [host], [], steps)[0])


@pytest.mark.parametrize("steps", STEPS)
def test_a_field_passed_on_as_another_replays_its_three_buffer_cycle(steps):
    rng = np.random.default_rng(4)
    p, u = rng.standard_normal((2, 70, 45))
    g = _grid(u.shape)
    got = _iterate(wave, g, [p, u], [], steps)
    want = _whole(wave, [p, u], [], steps)
    assert all(np.array_equal(a, b) for a, b in zip(got, want))


def test_constants_a_dist_array_and_a_number():
    rng = np.random.default_rng(5)
    u, f = rng.standard_normal((2, 66, 50))
    g = _grid(u.shape)
    got = _iterate(forced, g, [u], [f, 0.01], 41)
    assert np.array_equal(got[0], _whole(forced, [u], [f, 0.01], 41)[0])


def _workspaces(step) -> list:
    """The loop workspaces (their graphs) of ``step``'s compiled loop steps (kfuse.iterate keeps
    its own jit function of the step in kfuse.loops._STEPS)."""
    from kfuse.loops import _STEPS
    entries = {id(e): e for jf in _STEPS.get(step, {}).values() for e in jf._distributed.values()}
    return [ws for e in entries.values() for ws in e.step.__dict__.get("_loop_workspaces", {}).values()]


def test_a_3d_step_and_later_calls_replay_the_captured_graphs():
    host = np.random.default_rng(6).standard_normal((19, 23, 17))
    g = _grid(host.shape)
    step = kfuse.jit(heat3d)
    u = g.scatter(host)
    a = kfuse.iterate(step, u, 70)
    ws = next(iter(_workspaces(step)), None)
    assert ws is not None, "no loop workspace"
    kept = dict(ws.graphs)
    assert kept, "no graph was captured"
    b = kfuse.iterate(step, u, 70)
    assert ws.graphs.keys() == kept.keys() and all(ws.graphs[k][0] is kept[k][0] for k in kept)
    assert np.array_equal(g.gather(a, root=None), g.gather(b, root=None))
    assert np.array_equal(g.gather(a, root=None), _whole(heat3d, [host], [], 70)[0])


def test_a_constant_field_is_padded_once_and_later_calls_replay_the_same_graphs():
    rng = np.random.default_rng(7)
    u, f = rng.standard_normal((2, 66, 50))
    g = _grid(u.shape)
    step = kfuse.jit(forced)
    du, df = g.scatter(u), g.scatter(f)
    a = kfuse.iterate(step, du, 40, consts=(df, 0.01))
    wss = _workspaces(step)
    kept = {k: v[0] for ws in wss for k, v in ws.graphs.items()}
    assert kept
    b = kfuse.iterate(step, du, 40, consts=(df, 0.01))
    again = {k: v[0] for ws in wss for k, v in ws.graphs.items()}
    assert again.keys() == kept.keys() and all(again[k] is kept[k] for k in kept)
    assert np.array_equal(g.gather(a, root=None), g.gather(b, root=None))
    assert np.array_equal(df.local.get(), f)


def test_a_local_comm_says_why_it_runs_without_graphs():
    comm = kd.LocalComm.create(1)[0]
    host = np.zeros((20, 20))
    g = kd.Grid(host.shape, comm=comm)
    from kfuse.distributed.jit import prepare
    entry = prepare(kfuse.jit(jacobi), g.scatter(host))
    assert "LocalComm cannot be captured" in graphed.why_not(entry.step, 50)
