"""The fast host path (generated stubs): driver launches with prebuilt parameter blocks and
outputs reused from a ring only when nobody holds them."""
import numpy as np
import pytest

import kfuse
from kfuse import reference
from kfuse.runtime.stub import MISS

from .helpers import check_outputs

CASES = [("waxpby", {"n": 1001}, "float32"), ("axpydot", {"n": 100003}, "float64"),
         ("gemver", {"m": 301, "n": 517}, "float32"), ("gesummv", {"m": 1023, "n": 77}, "complex64"),
         ("atax", {"m": 333, "n": 1025}, "complex128")]


@pytest.mark.parametrize("name,sizes,dtype", CASES, ids=[c[0] for c in CASES])
def test_stub_computes_what_the_reference_does(name, sizes, dtype):
    import cupy
    exe = kfuse.compile_script(f"examples/{name}.kf", sizes=sizes, dtype=dtype)
    exe.load()
    assert exe.stub is not None, "one-call programs on CuPy arrays take the stub"
    for seed in (1, 2, 3):   # poisoned each call (conftest); fresh inputs; outputs reused
        ins = reference.random_inputs(exe.program, seed=seed, xp=cupy)
        args = list(ins.values())   # scalars come as Python numbers, as users pass them
        outs = exe.stub(*args)
        assert outs is not MISS
        refs = reference.run(exe.program, {k: (cupy.asnumpy(v) if isinstance(v, cupy.ndarray) else v)
                                           for k, v in ins.items()})
        check_outputs(exe.program.outputs, outs, [refs[o] for o in exe.program.outputs], dtype, name)


def test_ring_reuses_only_arrays_nobody_holds():
    import cupy
    with kfuse.config.override(poison=False):
        exe = kfuse.compile_script("examples/waxpby.kf", sizes={"n": 1001})
        x = cupy.asarray(np.random.default_rng(0).uniform(-1, 1, 1001).astype(np.float32))
        y = cupy.asarray(np.random.default_rng(1).uniform(-1, 1, 1001).astype(np.float32))
        xs, ys = x.get().astype(np.float64), y.get().astype(np.float64)

        def call(a):
            return exe(x, y, a, 1.0)[0]

        first = call(2.0)
        kept = first.data.ptr
        second = call(3.0)                      # `first` held: a new array
        assert second.data.ptr != kept
        assert reference.rel_error(first, 2 * xs + ys) <= 1e-6
        ptr2 = second.data.ptr
        del second
        third = call(4.0)                       # `second` dropped: its array comes back
        assert third.data.ptr == ptr2 and reference.rel_error(third, 4 * xs + ys) <= 1e-6
        view = third[1:]                        # a view holds it
        ptr3 = third.data.ptr
        del third
        fourth = call(5.0)
        assert fourth.data.ptr not in (ptr3, kept)
        assert reference.rel_error(view, (4 * xs + ys)[1:]) <= 1e-6
        mem = fourth.data                       # so does its memory pointer
        ptr4 = mem.ptr
        del fourth
        fifth = call(6.0)
        assert fifth.data.ptr != ptr4
        assert reference.rel_error(cupy.ndarray((1001,), np.float32, mem), 5 * xs + ys) <= 1e-6
        assert reference.rel_error(first, 2 * xs + ys) <= 1e-6   # never overwritten
        del fifth
        with cupy.cuda.Stream(non_blocking=True) as s:   # another stream: never a free array of the first
            other = call(7.0)
            s.synchronize()
        assert reference.rel_error(other, 7 * xs + ys) <= 1e-6
        ring = exe.stub.__globals__["_ring_0"]
        assert sum(a is not None for a in ring.arrays) == 2
    with kfuse.config.override(poison=False, reuse_outputs=0):
        exe2 = kfuse.compile_script("examples/waxpby.kf", sizes={"n": 1001})
        for a in (1.0, 2.0):
            assert reference.rel_error(exe2(x, y, a, 1.0)[0], a * xs + ys) <= 1e-6
        assert exe2.stub.__globals__["_ring_0"].arrays == [None, None]


def test_stub_misses_fall_back_to_the_checked_path():
    import cupy
    exe = kfuse.compile_script("examples/waxpby.kf", sizes={"n": 1001})
    exe.load()
    x = cupy.ones(1002, np.float32)[1:]        # 4-byte aligned only: the stub refuses it
    y = cupy.ones(1001, np.float32)
    assert exe.stub(x, y, 1.0, 2.0) is MISS
    assert reference.rel_error(exe(x, y, 1.0, 2.0)[0], np.full(1001, 3.0)) <= 1e-6
    assert exe.stub(y, y, np.float32(1.0), 2.0) is MISS   # a NumPy scalar: the general path converts
    with pytest.raises(kfuse.KfuseError, match="x"):
        exe(cupy.ones(1000, np.float32), y, 1.0, 2.0)


def test_graph_cache_replays_repeated_arguments_and_reads_inputs_in_place():
    import cupy
    base = kfuse.compile_script("examples/sgemvt.kf", sizes={"m": 301, "n": 517})
    plan = base.plan
    for k in plan["kernels"]:
        k["params"]["finish"] = "atomic"     # the zeroing kernel in the graph too
    rng = np.random.default_rng(5)
    with kfuse.config.override(poison=False):
        exe = kfuse.compile_script("examples/sgemvt.kf", sizes={"m": 301, "n": 517}, plan=plan)
        A = cupy.asarray(rng.uniform(-1, 1, (301, 517)).astype(np.float32))
        y = cupy.asarray(rng.uniform(-1, 1, 301).astype(np.float32))
        z = cupy.asarray(rng.uniform(-1, 1, 517).astype(np.float32))

        def check(alpha, beta):
            x, w = exe(A, y, z, alpha, beta)
            An = A.get().astype(np.float64)
            xr = beta * An.T @ y.get() + z.get()
            assert reference.rel_error(x, xr) <= 1e-5
            assert reference.rel_error(w, alpha * An @ xr) <= 1e-5

        exe.load()
        assert exe.stub is not None and exe.module.zero is not None, "atomic finishes zero their outputs first"
        assert len(exe._steps) == 3, "one zeroing kernel for both kernels' outputs, then the two kernels"
        cache = exe.stub.graphs
        check(1.5, -0.5)                 # first sighting: launches
        assert cache.captured == 0
        check(1.5, -0.5)                 # second: launches, then captured
        assert cache.captured == 1
        A *= -2                          # same buffers, new contents: the replay reads them
        for _ in range(3):
            check(1.5, -0.5)
        assert cache.captured == 1
        check(0.25, 2.0)                 # new scalars: launches again
        assert cache.captured == 1
        with kfuse.config.override(auto_graph=False):
            check(1.5, -0.5)
        held = exe(A, y, z, 1.5, -0.5)   # outputs held: new arrays, a new key
        check(1.5, -0.5)
        assert held[0].data.ptr != exe(A, y, z, 1.5, -0.5)[0].data.ptr


def test_calls_inside_a_users_own_capture_launch_into_it():
    import cupy
    with kfuse.config.override(poison=False):
        exe = kfuse.compile_script("examples/waxpby.kf", sizes={"n": 1001})
        rng = np.random.default_rng(9)
        x = cupy.asarray(rng.uniform(-1, 1, 1001).astype(np.float32))
        y = cupy.asarray(rng.uniform(-1, 1, 1001).astype(np.float32))
        s = cupy.cuda.Stream(non_blocking=True)
        with s:
            for _ in range(3):          # a graph of its own for these arguments on s
                exe(x, y, 2.0, 1.0)
            s.synchronize()
            assert exe.stub.graphs.captured == 1
            s.begin_capture()
            out = exe(x, y, 2.0, 1.0)[0]   # the user's capture records the launch itself
            g = s.end_capture()
            out.fill(np.nan)            # on s, before the replay
            g.launch(stream=s)
            s.synchronize()
        assert reference.rel_error(out, 2 * x.get().astype(np.float64) + y.get()) <= 1e-6
