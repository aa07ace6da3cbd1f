"""Two ranks on NCCL running kfuse.iterate on DistArrays (CUDA graphs per rank), for
tests/gpu/test_distributed_nccl_gpu.py: started by torchrun; the gathered grid after STEPS steps
is checked on every rank bitwise against kfuse.jit's whole-grid steps on its own GPU and against
the same loop without graphs (halos DEPTH steps deep; 0: the model's depth; "peer": the graphs'
exchanges by peer copies instead of NCCL); the verdicts are all-reduced.  Exit code 0: every rank agrees."""
from __future__ import annotations

import sys

import numpy as np

import kfuse
import kfuse.distributed as kd
from kfuse.examples.jacobi_ranks import jacobi

SHAPE, STEPS = (1031, 517), 75


def forced(u, f, dt):
    b = u.copy()
    b[1:-1, 1:-1] = 0.25 * (u[1:-1, :-2] + u[1:-1, 2:] + u[:-2, 1:-1] + u[2:, 1:-1]) + dt * f[1:-1, 1:-1]
    return b


def constant_field_replays(g, host, depth, peer) -> bool:
    """Two calls of a loop with a constant DistArray: the second captures nothing new (the
    constant padded once in the caller's DistArray, so the graphs bind the same block)."""
    step = kfuse.jit(forced)
    u, f = g.scatter(host), g.scatter(host[::-1].copy())
    with kfuse.config.override(halo_depth=depth, peer_copies=peer):
        a = g.gather(kfuse.iterate(step, u, STEPS, consts=(f, 0.01)), root=None)
        n = graphs_captured(step)
        b = g.gather(kfuse.iterate(step, u, STEPS, consts=(f, 0.01)), root=None)
    return n > 0 and graphs_captured(step) == n and np.array_equal(a, b)


def graphs_captured(step) -> int:
    """CUDA graphs held by the loop workspaces of ``step``'s compiled loop steps (deep ones too)."""
    from kfuse.loops import _STEPS
    n = 0
    for jf in _STEPS.get(step, {}).values():
        for e in {id(e): e for e in jf._distributed.values()}.values():
            steps = [e.step] + [d.step for d in e.__dict__.get("_deep", {}).values() if not isinstance(d, Exception)]
            for s in steps:
                n += sum(len(ws.graphs) for ws in s.__dict__.get("_loop_workspaces", {}).values())
    return n


def main(dtype: str, overlap: bool, depth: int, peer: bool = False) -> int:
    import cupy
    comm = kd.init()
    host = np.random.default_rng(12).standard_normal(SHAPE).astype(dtype)
    want = cupy.asarray(host)
    whole = kfuse.jit(jacobi)
    for _ in range(STEPS):
        want = whole(want)
    want = cupy.asnumpy(want)
    g = kd.Grid(SHAPE, comm=comm, overlap=overlap)
    step = kfuse.jit(jacobi)
    u = g.scatter(host)
    with kfuse.config.override(halo_depth=depth, peer_copies=peer):
        got = g.gather(kfuse.iterate(step, u, STEPS), root=None)
        again = g.gather(kfuse.iterate(step, u, STEPS), root=None)   # the graphs replayed
        captured = graphs_captured(step)
        with kfuse.config.override(auto_graph=False):
            plain = g.gather(kfuse.iterate(step, u, STEPS), root=None)
    same = bool(np.array_equal(got, want) and np.array_equal(again, want) and np.array_equal(plain, want))
    if not captured:
        print(f"rank {comm.rank}: no CUDA graph was captured", flush=True)
        same = False
    if not constant_field_replays(g, host, depth, peer):
        print(f"rank {comm.rank}: a loop with a constant field captured its graphs again", flush=True)
        same = False
    verdict = cupy.asarray([0 if same else 1], dtype=cupy.int32)
    comm.all_reduce(verdict, "sum")
    bad = int(verdict.get()[0])
    print(f"rank {comm.rank} of {comm.size}: {'bitwise' if same else 'DIFFERS'}; ranks differing: {bad}", flush=True)
    comm.close()
    return 0 if bad == 0 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else "float64", len(sys.argv) > 2 and sys.argv[2] == "overlap",
                  int(sys.argv[3]) if len(sys.argv) > 3 else 1, len(sys.argv) > 4 and sys.argv[4] == "peer"))
