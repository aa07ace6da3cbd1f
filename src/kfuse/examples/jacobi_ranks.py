"""Jacobi-2d on one GPU or several, written as for one GPU: a kfuse.distributed Grid, the step
traced by kfuse.jit, one process per GPU started by the launcher you already use.

    python -m kfuse.examples.jacobi_ranks --side 4096 --steps 200 --check          # one GPU
    torchrun --nproc-per-node 2 -m kfuse.examples.jacobi_ranks --side 16384        # two GPUs, NCCL
    mpirun -n 2 python -m kfuse.examples.jacobi_ranks --side 16384                 # the same, by MPI
    srun --ntasks-per-node 4 --gpus-per-task 1 python -m kfuse.examples.jacobi_ranks

Each rank holds its rows of the grid with one row of halo; the step's kernels run on every rank's
block, the halos exchanged through NCCL inside the step (``--overlap``: the interior computed
while they are).  Rank 0 prints the time per step; ``--check`` gathers the grid on rank 0 and
compares it with the same steps in NumPy float64."""
from __future__ import annotations

import argparse
import sys

import numpy as np


def jacobi(a):
    """One Jacobi sweep: the unchanged single-GPU step."""
    b = a.copy()
    b[1:-1, 1:-1] = 0.25 * (a[1:-1, :-2] + a[1:-1, 2:] + a[:-2, 1:-1] + a[2:, 1:-1])
    return b


def initial(i, j):
    """The starting grid at global index (i, j): the same on any number of ranks."""
    return ((7 * i + 13 * j) % 97) / 97.0


def reference(n: int, steps: int) -> np.ndarray:
    """``steps`` sweeps in NumPy float64 from :func:`initial`."""
    a = np.fromfunction(initial, (n, n))
    for _ in range(steps):
        a = jacobi(a)
    return a


def main(argv=None, comm=None) -> int:
    p = argparse.ArgumentParser(prog="kfuse.examples.jacobi_ranks", description=__doc__.split("\n\n")[0])
    p.add_argument("--side", type=int, default=4096, help="grid points per side (default 4096)")
    p.add_argument("--steps", type=int, default=100, help="timed steps (default 100)")
    p.add_argument("--dtype", default="float64", choices=("float32", "float64"))
    p.add_argument("--overlap", action="store_true", help="compute the interior while the halos are exchanged")
    p.add_argument("--check", action="store_true", help="compare with NumPy float64 on rank 0 (side <= 8192)")
    args = p.parse_args(argv)
    import cupy

    import kfuse
    import kfuse.distributed as kd
    own = comm is None
    comm = comm or kd.init()
    grid = kd.Grid((args.side, args.side), comm=comm, overlap=args.overlap)
    u = grid.fromfunction(initial, dtype=args.dtype)
    step = kfuse.jit(jacobi)
    u = kfuse.iterate(step, u, args.steps)  # compile, capture the CUDA graphs, warm up
    comm.barrier()
    start, end = cupy.cuda.Event(), cupy.cuda.Event()
    start.record()
    u = kfuse.iterate(step, u, args.steps)  # the time loop: CUDA graphs of the steps on each rank
    end.record()
    end.synchronize()
    ms = cupy.cuda.get_elapsed_time(start, end) / args.steps
    ok = True
    if args.check:
        whole = grid.gather(u, root=0)
        if comm.rank == 0:
            err = float(np.max(np.abs(whole - reference(args.side, 2 * args.steps))))
            ok = err <= (1e-5 if args.dtype == "float32" else 1e-12)
            print(f"check against NumPy float64: max error {err:.1e} ({'ok' if ok else 'FAILED'})")
    if comm.rank == 0:
        print(f"jacobi-2d {args.side} x {args.side} {args.dtype} over {comm.size} rank(s) {grid.decomp.dims}: "
              f"{ms:.4f} ms per step")
    if own:
        comm.close()
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
