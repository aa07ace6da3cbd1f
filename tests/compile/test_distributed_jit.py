"""kfuse.jit on DistArrays without a GPU: the unchanged single-GPU step traced for the global
shape, planned, placed and compiled for each rank (ranks as LocalComm threads, blocks in host
memory), every argument stored with the step's halo; the run itself needs a GPU and says so.
Steps over several kernels exchange their intermediates between the kernels
(kfuse.distributed.schedule); bad calls are refused naming the argument."""
from __future__ import annotations

import threading

import numpy as np
import pytest

import kfuse
import kfuse.distributed as kd
from kfuse.distributed import Halo, LocalComm
from kfuse.distributed.jit import prepare
from kfuse.distributed.schedule import exchange_schedule
from kfuse.errors import ArgumentError, NoGPUError, PlanError
from kfuse.platform import device
from tests.compile.test_distributed_placed import box9, jacobi

LOCK = threading.Lock()   # ranks as threads of one process: one trace at a time


def two_sweeps(a):
    b = a.copy()
    b[1:-1, 1:-1] = 0.25 * (a[1:-1, :-2] + a[1:-1, 2:] + a[:-2, 1:-1] + a[2:, 1:-1])
    c = b.copy()
    c[1:-1, 1:-1] = b[1:-1, 1:-1] + 0.1 * (b[:-2, :-2] + b[2:, 2:] - 2.0 * b[1:-1, 1:-1])
    return c


def relax(a, w):
    a[1:-1, 1:-1] = (1 - w) * a[1:-1, 1:-1] + w * 0.25 * (a[1:-1, :-2] + a[1:-1, 2:] + a[:-2, 1:-1] + a[2:, 1:-1])


def two_kernel_plan(shape):
    """two_sweeps planned as two grid kernels, one per sweep (the second reads the first's
    result at diagonal offsets)."""
    import dataclasses
    from kfuse.frontend.trace import trace
    from kfuse.model import load_calibration
    from kfuse.model.planner import best_plan
    prog = trace(two_sweeps, ["a"], [("a", shape, "float64", "C")], "two_sweeps")[0]
    k = best_plan(prog, load_calibration()).kernels[0]
    split = 1 + max(c.id for c in prog.calls if c.fn == "assign" and c.id < len(prog.calls) - 1)
    plan = best_plan(prog, load_calibration())
    return dataclasses.replace(plan, kernels=[
        dataclasses.replace(k, name="k0_sweep1", calls=[c for c in k.calls if c < split]),
        dataclasses.replace(k, name="k1_sweep2", calls=[c for c in k.calls if c >= split])]).to_json()


def _prepared(fn, shape, dims, *extra, plan=None):
    def rank(comm):
        g = kd.Grid(shape, comm=comm, split=dims, arrays="numpy")
        u = g.scatter(np.ones(shape))
        with LOCK:
            entry = prepare(kfuse.jit(fn, arch="sm_90", plan=plan), u, *extra)
        return entry, u
    return LocalComm.run(int(np.prod(dims)), rank, timeout=300)


@pytest.mark.parametrize("fn, dims, halo", [(jacobi, (2, 1), ((1, 1), (0, 0))), (box9, (2, 2), ((1, 1), (1, 1)))])
def test_each_rank_compiles_the_step_with_the_halo_it_reads(fn, dims, halo):
    got = _prepared(fn, (13, 11), dims)
    for r, (entry, u) in enumerate(got):
        step = entry.step
        assert step.storage.widths == halo and step.storage.diagonal == (fn is box9)
        assert entry.structure == "single" and len(step.module.kernels) == 1
        res = step.compiled.resources()
        assert all(x["spill_stores"] == 0 for x in res.values())
        assert step.schedule == (("a",),)


def test_a_step_of_two_kernels_exchanges_the_intermediate_between_them():
    got = _prepared(two_sweeps, (13, 11), (2, 2), plan=two_kernel_plan((13, 11)))
    for entry, _ in got:
        step = entry.step
        assert [k.name for k in step.module.kernels] == ["k0_sweep1", "k1_sweep2"]
        mid = step.schedule[1][0]
        assert step.schedule == (("a",), (mid,)) and step.halos[mid].diagonal and not step.halos["a"].diagonal
        assert mid in dict((a.name, a) for a in step.spec.per_call)


def test_the_schedule_refuses_a_read_before_the_store():
    class L:
        def __init__(self, name, ins, outs):
            self.kernel = name
            self.args = [type("A", (), {"kind": "in", "value": v}) for v in ins] + \
                        [type("A", (), {"kind": "out", "value": v}) for v in outs]
    halos = {"a": Halo(((1, 1),)), "t": Halo(((1, 0),)), "e": Halo(((0, 0),))}
    assert exchange_schedule([L("k0", ["a", "e"], ["t"]), L("k1", ["t", "a"], ["b"])], ["a", "e"], halos) == \
        (("a",), ("t",))
    with pytest.raises(PlanError, match="k0 reads 't' across a cut before any launch stores it"):
        exchange_schedule([L("k0", ["t"], ["b"])], ["a"], halos)


def test_an_in_place_step_with_a_scalar_and_the_run_needing_a_gpu():
    def rank(comm):
        g = kd.Grid((12, 9), comm=comm, arrays="numpy")
        u = g.scatter(np.arange(108.0).reshape(12, 9))
        before = u.local.copy()
        f = kfuse.jit(relax, arch="sm_90")
        with LOCK:
            entry = prepare(f, u, 0.8)
        assert entry.structure == "none" and list(entry.program.writes) == ["a"]
        if not device.has_gpu():
            with pytest.raises(NoGPUError):
                f(u, 0.8)
        assert np.array_equal(u.local, before) and u.halo == entry.step.storage   # stored with the halo, values kept
        return True
    assert LocalComm.run(3, rank, timeout=300) == [True] * 3


def test_bad_calls_are_refused():
    def rank(comm):
        g = kd.Grid((12, 9), comm=comm, arrays="numpy")
        other = kd.Grid((12, 10), comm=comm, arrays="numpy")
        u = g.scatter(np.ones((12, 9)))
        f = kfuse.jit(lambda a, b: a + b, arch="sm_90")
        with LOCK:
            with pytest.raises(ArgumentError, match="different grids"):
                prepare(f, u, other.zeros())
            with pytest.raises(ArgumentError, match="argument 'b' has the grid's shape .* pass it as a DistArray"):
                kfuse.jit(jacobi_plus, arch="sm_90")(u, np.ones((12, 9)))
        return True
    assert LocalComm.run(2, rank, timeout=300) == [True] * 2


def jacobi_plus(a, b):
    c = a.copy()
    c[1:-1, 1:-1] = 0.25 * (a[1:-1, :-2] + a[1:-1, 2:] + a[:-2, 1:-1] + a[2:, 1:-1]) + b[1:-1, 1:-1]
    return c


def test_explain_says_the_exchanges_the_overlap_and_the_bytes():
    def rank(comm):
        g = kd.Grid((13, 11), comm=comm, split=(2, 1), arrays="numpy", overlap=True)
        u = g.scatter(np.ones((13, 11)))
        with LOCK:
            return prepare(kfuse.jit(jacobi, arch="sm_90"), u).explain()
    text = LocalComm.run(2, rank, timeout=300)[1]
    assert "jacobi on rank 1 of 2: 1 launch(es), every array of the grid stored with halo ((1, 1), (0, 0)) " \
           "(block (7, 11))" in text
    assert "exchange a while the interior [8:13, 0:11] runs; then 1 strip(s) [7:8, 0:11]" in text
    assert "sends [7:8, 0:11] (1 x 11) = 88 bytes, receives [6:7, 0:11] (1 x 11) = 88 bytes" in text


def test_iterate_on_dist_arrays_compiles_the_loop_step_and_needs_a_gpu_to_run():
    def rank(comm):
        g = kd.Grid((12, 9), comm=comm, arrays="numpy")
        u = g.scatter(np.ones((12, 9)))
        f = kfuse.jit(jacobi, arch="sm_90")
        if not device.has_gpu():
            with LOCK, pytest.raises(NoGPUError):
                kfuse.iterate(f, u, 3)
        with LOCK, pytest.raises(ArgumentError, match=r"state\[1\] is not a DistArray"):
            kfuse.iterate(lambda a, b: (a, b), (u, np.ones(3)), 2)
        return True
    assert LocalComm.run(2, rank, timeout=300) == [True, True]


def test_a_repeated_call_takes_the_fast_path_to_the_same_step():
    def rank(comm):
        g = kd.Grid((12, 9), comm=comm, arrays="numpy")
        u = g.scatter(np.ones((12, 9)))
        f = kfuse.jit(relax, arch="sm_90")
        for _ in range(2):
            with LOCK:
                if device.has_gpu():
                    prepare(f, u, 0.5)
                else:
                    with pytest.raises(NoGPUError):
                        f(u, 0.5)
        entries = {id(e) for e in f._distributed.values()}
        fast = [k for k in f._distributed if k[0] == "fast"]
        return len(entries), len(fast) >= (0 if device.has_gpu() else 1)
    assert LocalComm.run(2, rank, timeout=300) == [(1, True)] * 2


def test_the_fast_key_tells_layouts_apart_and_out_is_refused():
    from kfuse.distributed.jit import _fast_key

    def rank(comm):
        g = kd.Grid((6, 6), comm=comm, arrays="numpy")
        u = g.zeros()
        f = kfuse.jit(lambda a, w: a, arch="sm_90")
        w = np.ones((3, 3))
        keys = [_fast_key(f, (u, x), {}) for x in (w, np.asfortranarray(w), w.T.copy())]
        assert keys[0] != keys[1] and keys[0] == keys[2] and _fast_key(f, (u, np.ones((3, 6))[:, ::2]), {}) != keys[0]
        with pytest.raises(ArgumentError, match="out= is not taken with DistArray arguments"):
            kfuse.jit(jacobi, arch="sm_90")(u, out=g.zeros())
        return True
    assert LocalComm.run(2, rank, timeout=120) == [True, True]


def forced(u, f, dt):
    b = u.copy()
    b[1:-1, 1:-1] = 0.25 * (u[1:-1, :-2] + u[1:-1, 2:] + u[:-2, 1:-1] + u[2:, 1:-1]) + dt * f[1:-1, 1:-1]
    return b


def test_a_constant_padded_by_the_first_call_finds_the_same_step():
    """A time loop pads its constant field once in the caller's DistArray while the state field
    stays as given: the second loop's arguments (field unpadded, constant padded) find the first
    step (so its graphs replay), not a new compile."""
    from kfuse.distributed.grid import store_with

    def rank(comm):
        g = kd.Grid((14, 9), comm=comm, arrays="numpy")
        u, c = g.scatter(np.ones((14, 9))), g.scatter(np.ones((14, 9)))
        f = kfuse.jit(forced, arch="sm_90")
        with LOCK:
            first = prepare(f, u, c, 0.01)
        store_with(c, first.step.storage)   # what the loop does to the constant
        assert c.halo.widths != u.halo.widths
        with LOCK:
            second = prepare(f, u, c, 0.01)
        # a deep loop pads the constant to its deep step's wider halo: the same step still serves
        import types
        wide = Halo(tuple((lo + 3, hi + 3) if lo or hi else (0, 0) for lo, hi in first.step.storage.widths))
        first.__dict__["_deep"] = {4: types.SimpleNamespace(step=types.SimpleNamespace(storage=wide))}
        store_with(c, wide)
        with LOCK:
            third = prepare(f, u, c, 0.01)
        store_with(c, Halo(tuple((lo + 5, hi + 5) if lo or hi else (0, 0) for lo, hi in wide.widths)))
        with LOCK:
            wider = prepare(f, u, c, 0.01)   # wider than any step's storage: a step of its own
        return second is first and third is first and wider is not first
    assert LocalComm.run(2, rank, timeout=300) == [True, True]


def test_a_block_not_contiguous_in_the_grids_order_is_refused():
    """A rank's block handed to the step in the other memory order (a C-ordered grid's kernels
    would read an F-ordered block transposed): an ArgumentError naming the order, before any
    launch; the block in the grid's order binds."""
    for entry, u in _prepared(jacobi, (13, 11), (2, 1)):
        step = entry.step
        name = step.program.inputs[0]
        block = np.zeros(step.padded_shape(name))
        assert step._bind({name: block})[name] is block
        with pytest.raises(ArgumentError, match="not C-contiguous"):
            step._bind({name: np.asfortranarray(block)})
