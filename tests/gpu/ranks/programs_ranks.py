"""Two ranks on NCCL (torchrun, one process per GPU) running the GPU tier's stencil programs and
the solvers, for tests/gpu/test_distributed_nccl_gpu.py.  Each stencil program runs through
``kfuse.iterate`` (CUDA graphs per rank) and through ``kfuse.jit`` called step by step, on a
Grid of odd sizes cut unevenly, in C and F order, float32 and float64: the gathered grid must be
bitwise what ``kfuse.jit`` leaves on the whole array on one GPU, and within the dtype's
tolerance of the same steps in NumPy float64.  The applications of tests/programs/apps run their
own loops on DistArrays, bitwise one GPU; a two-field (leapfrog) loop in C and F order, with and
without peer copies, bitwise one GPU.  CG (single reduction and pipelined) and BiCG on a
DistCSR reach NumPy's float64 solution.  Each check prints one line; the ranks all-reduce the
failures.  Exit code 0: every check passed on every rank."""
from __future__ import annotations

import sys

import numpy as np

import kfuse
import kfuse.distributed as kd
from kfuse.examples.jacobi_ranks import jacobi
from kfuse import sparse
from kfuse.distributed import solvers as ds
from kfuse.distributed.csr import DistCSR

STEPS = 9


def box9(a):
    b = a.copy()
    b[1:-1, 1:-1] = (a[:-2, :-2] + a[:-2, 1:-1] + a[:-2, 2:] + a[1:-1, :-2] + 2.0 * a[1:-1, 1:-1]
                     + a[1:-1, 2:] + a[2:, :-2] + a[2:, 1:-1] + a[2:, 2:]) / 10.0
    return b


def heat3d(a):
    b = a.copy()
    b[1:-1, 1:-1, 1:-1] = a[1:-1, 1:-1, 1:-1] + 0.1 * (a[:-2, 1:-1, 1:-1] + a[2:, 1:-1, 1:-1] + a[1:-1, :-2, 1:-1]
                                                      + a[1:-1, 2:, 1:-1] + a[1:-1, 1:-1, :-2] + a[1:-1, 1:-1, 2:]
                                                      - 6.0 * a[1:-1, 1:-1, 1:-1])
    return b


def box27(a):
    b = a.copy()
    acc = 0.0 * a[1:-1, 1:-1, 1:-1]
    for i in range(3):
        for j in range(3):
            for k in range(3):
                acc = acc + (0.02 + 0.001 * (i * 9 + j * 3 + k)) * a[i:i + a.shape[0] - 2, j:j + a.shape[1] - 2,
                                                                    k:k + a.shape[2] - 2]
    b[1:-1, 1:-1, 1:-1] = acc
    return b


def two_sweeps(a):   # two sweeps, the second reading the first at diagonal offsets
    b = a.copy()
    b[1:-1, 1:-1] = 0.25 * (a[1:-1, :-2] + a[1:-1, 2:] + a[:-2, 1:-1] + a[2:, 1:-1])
    c = b.copy()
    c[1:-1, 1:-1] = b[1:-1, 1:-1] + 0.1 * (b[:-2, :-2] + b[2:, 2:] - 2.0 * b[1:-1, 1:-1])
    return c


PROGRAMS = [(jacobi, (257, 131)), (box9, (101, 77)), (heat3d, (33, 40, 29)), (box27, (31, 22, 19)),
            (two_sweeps, (99, 61))]
TOL = {"float32": 2e-5, "float64": 1e-12}


def _one_gpu(fn, host, steps):
    import cupy
    f = kfuse.jit(fn)
    a = cupy.asarray(host)
    for _ in range(steps):
        a = f(a)
    return cupy.asnumpy(a)


def _numpy(fn, host, steps):
    a = host.astype(np.float64)
    for _ in range(steps):
        a = fn(a)
    return a


def stencil_checks(comm, report):
    for fn, shape in PROGRAMS:
        for dtype in ("float32", "float64"):
            for order in ("C", "F"):
                host = np.asarray(np.random.default_rng(len(shape)).standard_normal(shape), dtype=dtype, order=order)
                want, ref = _one_gpu(fn, host, STEPS), _numpy(fn, host, STEPS)
                g = kd.Grid(shape, comm=comm, order=order)
                step = kfuse.jit(fn)
                u = g.scatter(host)
                looped = g.gather(kfuse.iterate(step, u, STEPS), root=None)
                v = u
                for _ in range(STEPS):
                    v = step(v)
                stepped = g.gather(v, root=None)
                err = float(np.max(np.abs(looped - ref)))
                ok = np.array_equal(looped, want) and np.array_equal(stepped, want) and err <= TOL[dtype]
                report(f"{fn.__name__} {shape} {dtype} {order}: iterate and jit bitwise one GPU, "
                       f"{err:.1e} from NumPy float64", ok)


def leap(a, b):   # a leapfrog state (a, b) -> (b, c): one field computed, one passed on
    c = b.copy()
    c[1:-1, 1:-1] = 2 * b[1:-1, 1:-1] - a[1:-1, 1:-1] + 0.1 * (b[:-2, 1:-1] + b[2:, 1:-1] + b[1:-1, :-2]
                                                             + b[1:-1, 2:] - 4 * b[1:-1, 1:-1])
    return b, c


def leapfrog_checks(comm, report):
    """A two-field loop through kfuse.iterate (graphs; with and without peer copies) in C and F
    order: the field passed on from a pool block keeps the grid's order, bitwise one GPU."""
    import cupy
    shape = (90, 61)
    for order in ("C", "F"):
        rng = np.random.default_rng(10)
        a0, b0 = (np.asarray(rng.standard_normal(shape), order=order) for _ in range(2))
        want = [cupy.asnumpy(x) for x in kfuse.iterate(kfuse.jit(leap), (cupy.asarray(a0), cupy.asarray(b0)), 7)]
        for peer in (False, True):
            g = kd.Grid(shape, comm=comm, order=order)
            with kfuse.config.override(peer_copies=peer):
                got = kfuse.iterate(kfuse.jit(leap), (g.scatter(a0), g.scatter(b0)), 7)
                again = kfuse.iterate(kfuse.jit(leap), got, 7)   # a loop from the blocks the first returned
            want2 = [cupy.asnumpy(x) for x in kfuse.iterate(kfuse.jit(leap), tuple(cupy.asarray(w) for w in want), 7)]
            ok = all(np.array_equal(g.gather(x, root=None), w) for x, w in zip(got, want)) and \
                all(np.array_equal(g.gather(x, root=None), w) for x, w in zip(again, want2))
            report(f"leapfrog {shape} {order} peer_copies={peer}: two loops of 7 steps bitwise one GPU", ok)


def app_checks(comm, report):
    """Every application of tests/programs/apps through its own time loop on DistArrays (as
    tests/gpu/test_distributed_apps_gpu.py runs them on threads), float64: bitwise one GPU."""
    import cupy

    from kfuse import config
    from tests.gpu.test_distributed_apps_gpu import ROLLS, grid_shape, split
    from tests.programs import apps
    for name in apps.NAMES:
        mod = apps.load(name)
        state = mod.init(mod.QUICK, "float64", xp=cupy)
        with config.override(search_grid_time_s=0.0):
            mod.run(state, 5, step=kfuse.jit(mod.step))
        want = {k: cupy.asnumpy(v) for k, v in state.items() if hasattr(v, "shape")}
        state = mod.init(mod.QUICK, "float64", xp=cupy)
        shape = grid_shape(mod, state)
        g = kd.Grid(shape, comm=comm, split=split(shape, comm.size), periodic=name in ROLLS)
        dist = {k: g.scatter(v) if tuple(getattr(v, "shape", ())) == shape else v for k, v in state.items()}
        with config.override(search_grid_time_s=0.0):
            mod.run(dist, 5, step=kfuse.jit(mod.step))
        got = {k: g.gather(v, root=None) if kd.is_distributed(v) else cupy.asnumpy(v)
               for k, v in dist.items() if hasattr(v, "shape")}
        same = set(got) == set(want) and all(np.array_equal(got[k], want[k]) for k in want)
        report(f"application {name} {shape}, 5 steps of its own loop: bitwise one GPU", same)


def solver_checks(comm, report):
    import cupy
    a = sparse.poisson3d(12, dtype="float64")
    b = np.random.default_rng(2).standard_normal(a.shape[0])
    dense = np.zeros(a.shape)
    for i in range(a.shape[0]):
        lo, hi = int(a.indptr[i]), int(a.indptr[i + 1])
        dense[i, np.asarray(a.indices[lo:hi])] = np.asarray(a.data[lo:hi])
    want = np.linalg.solve(dense, b)
    d = DistCSR.from_global(a, comm).to_device()
    for name, solver, kw in (("cg", ds.cg, {}), ("cg pipelined", ds.cg, {"variant": "pipelined"}),
                             ("bicg", ds.bicg, {})):
        x, info = solver(d, cupy.asarray(d.scatter(b)), tol=1e-10, maxiter=2000, **kw)
        got = cupy.asnumpy(d.gather(x))
        err = float(np.max(np.abs(got - want)) / np.max(np.abs(want)))
        report(f"{name} on poisson3d(12): {info.iterations} iterations, relative error {err:.1e}", err < 1e-8)


def main() -> int:
    import cupy
    comm = kd.init()
    failures = []

    def report(what, ok):
        failures.append(0 if ok else 1)
        print(f"rank {comm.rank}: {'ok' if ok else 'FAILED'} {what}", flush=True)

    stencil_checks(comm, report)
    leapfrog_checks(comm, report)
    app_checks(comm, report)
    solver_checks(comm, report)
    verdict = cupy.asarray([sum(failures)], dtype=cupy.int32)
    comm.all_reduce(verdict, "sum")
    bad = int(verdict.get()[0])
    print(f"rank {comm.rank} of {comm.size}: {len(failures)} checks; failures over the ranks: {bad}", flush=True)
    comm.close()
    return 0 if bad == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
