"""Where a distributed stencil step's time goes, per rank: the step through ``kfuse.jit`` on
DistArrays, its kernels alone (``communicate=False``), its halo exchange alone, ``kfuse.iterate``
of 200 steps (CUDA graphs) at each halo depth asked and without graphs, the depth model's
prediction, and the same step by ``kfuse.jit`` on one plain CuPy array of the rank's block.

    torchrun --nproc-per-node 2 benchmarks/probes/mgpu_step_probe.py --side 16384 4096 --overlap 0 1 --depths 1 4 0

One process per GPU (torchrun, or plain python for one GPU).  Rank 0 prints one line per point
and the step's explain(); every rank's medians go to ``--out`` as JSON lines.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import sys


def timed(cp, fn, x, steps: int, loops: int) -> float:
    """Median over ``loops`` of the ms per step of ``steps`` calls ``x = fn(x)`` (CUDA events)."""
    out = []
    for _ in range(loops):
        e0, e1 = cp.cuda.Event(), cp.cuda.Event()
        e0.record()
        for _ in range(steps):
            x = fn(x)
        e1.record()
        e1.synchronize()
        out.append(cp.cuda.get_elapsed_time(e0, e1) / steps)
    return statistics.median(out)


def point(comm, n: int, dtype: str, overlap: bool, steps: int, loops: int, depths=(1,), engines=("nccl",),
          iters: int = 200) -> dict:
    import cupy as cp

    import kfuse
    from kfuse.bench.multigpu.peers.kfuse_peer import distributed_step
    from kfuse.bench.multigpu.stencil_workload import ScaledWorkload
    from kfuse.distributed.jit import prepare

    wl = ScaledWorkload("probe", "jacobi-2d", (n, n), "strong")
    u, step, exchange, compute = distributed_step(wl, dtype, (n, n), comm, overlap)
    entry = prepare(step, u)
    rs = entry.step
    u = step(step(u))

    res = {"rank": comm.rank, "size": comm.size, "n": n, "dtype": dtype, "overlap": overlap,
           "block": list(u.block.shape)}
    comm.barrier()
    res["step_ms"] = timed(cp, step, u, steps, loops)
    comm.barrier()
    res["compute_ms"] = timed(cp, compute, u, steps, loops)
    comm.barrier()
    res["halo_ms"] = timed(cp, exchange, u, steps, loops)
    it = lambda x: kfuse.iterate(step, x, iters)   # noqa: E731 - the time loop, CUDA graphs per rank
    for engine in engines:
        for d in depths:
            with kfuse.config.override(halo_depth=d, peer_copies=engine == "peer"):
                it(u)
                comm.barrier()
                res[f"iterate_{engine}_depth{d}_ms"] = timed(cp, it, u, 1, loops) / iters
    from kfuse.distributed import depth as D
    from kfuse.model import load_calibration
    res["predicted_us"] = {k: round(t * 1e6, 2) for k, t in D.table(rs, load_calibration()).items()}
    with kfuse.config.override(auto_graph=False):
        comm.barrier()
        res["iterate_nograph_ms"] = timed(cp, it, u, 1, loops) / iters
    local = u.local.copy()
    plain = kfuse.jit(wl.step(kfuse))
    res["plain_jit_ms"] = timed(cp, plain, local, steps, loops)
    res["bytes_per_step"] = 2 * local.nbytes
    if comm.rank == 0:
        res["explain"] = entry.explain()
    return res


def main(argv=None) -> int:
    p = argparse.ArgumentParser()
    p.add_argument("--side", "--sides", dest="n", type=int, nargs="+", default=[16384, 4096])
    p.add_argument("--dtype", nargs="+", default=["float32", "float64"])
    p.add_argument("--overlap", type=int, nargs="+", default=[0, 1])
    p.add_argument("--depths", type=int, nargs="+", default=[1, 2, 4, 8, 0],
                   help="halo depths of the kfuse.iterate timings (0: the model's)")
    p.add_argument("--engines", nargs="+", default=["nccl", "peer"], choices=["nccl", "peer"],
                   help="the graphs' halo exchanges: NCCL, peer copies (the setting peer_copies)")
    p.add_argument("--steps", type=int, default=20)
    p.add_argument("--loops", type=int, default=5)
    p.add_argument("--out", default=os.environ.get("OUT", "."))
    a = p.parse_args(argv)
    import cupy as cp

    import kfuse.distributed as kd
    cp.cuda.Device(int(os.environ.get("LOCAL_RANK", 0))).use()
    comm = kd.init()
    path = os.path.join(a.out, f"probe_{comm.size}ranks_rank{comm.rank}.jsonl")
    with open(path, "w") as f:
        for n in a.n:
            for dt in a.dtype:
                for ov in a.overlap:
                    try:
                        r = point(comm, n, dt, bool(ov), a.steps, a.loops, tuple(a.depths), tuple(a.engines))
                    except Exception as e:   # a probe: report and go on
                        r = {"rank": comm.rank, "n": n, "dtype": dt, "overlap": ov, "error": repr(e)[:400]}
                    f.write(json.dumps(r) + "\n")
                    f.flush()
                    if comm.rank == 0:
                        ex = r.pop("explain", "")
                        print(json.dumps(r), flush=True)
                        if ex and n == a.n[0] and dt == a.dtype[0]:
                            print(ex, flush=True)
    comm.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
