"""GPU tier of folded time loops: ``for t in range(steps)`` inside ``kfuse.jit(f,
static_argnames=("steps",))`` runs as one planned step replayed in CUDA graphs, its arrays
ping-ponged (tests/unit/test_loop_fold.py traces the same functions).  Each application's loop
against NumPy float64 at odd sizes, float32 and float64, CuPy and torch; the arguments are
written as NumPy writes them (the wave equation's three levels rotate: each name ends on another
array for each T mod 3) and the others are left bitwise unchanged; one kernel per step, the graph
captured once and replayed, T odd and longer than the graph."""
from __future__ import annotations

import numpy as np
import pytest

import kfuse
from tests.programs import apps
from tests.unit.test_loop_fold import APPS, _args, _numpy, uses_t

#: what each loop function writes (NumPy's in-place updates); the other arrays stay as they were
WRITTEN = {"wave2d": {"u", "u_n", "u_nm1"}, "gray_scott": {"U", "V"}, "hotspot": {"temp"}, "heat7": set()}


def _to_device(x, lib):
    if not isinstance(x, np.ndarray):
        return x
    if lib == "torch":
        torch = pytest.importorskip("torch")
        return torch.as_tensor(x, device="cuda")
    import cupy
    return cupy.asarray(x, order="F" if x.flags.f_contiguous and not x.flags.c_contiguous else "C")


def _host(x):
    import cupy
    if not isinstance(x, cupy.ndarray) and hasattr(x, "detach"):
        return x.detach().cpu().numpy()
    return cupy.asnumpy(x)


def _check(got, want, dtype, what):
    g = _host(got).astype(np.float64)
    assert g.shape == want.shape, what
    assert np.isfinite(g).all(), f"{what}: non-finite values"
    scale = max(float(np.abs(want).max()), 1e-30)
    err = float(np.abs(g - want).max()) / scale
    assert err <= apps.TOLERANCE[dtype], f"{what}: error {err:.2e} against NumPy float64"


def _run(name, dtype, lib, T, graph_steps=None):
    """(jit function, the device arguments, their host copies before, the results)."""
    fn, names, args = _args(name, dtype)
    dev = [_to_device(a, lib) for a in args]
    before = [_host(d).copy() if isinstance(a, np.ndarray) else a for a, d in zip(args, dev)]
    jf = kfuse.jit(fn, static_argnames=("steps",))
    entry = jf.entry(*dev, T)
    from kfuse.loop_fold_run import FoldedExecutable
    assert isinstance(entry.exe, FoldedExecutable), entry.loops
    if graph_steps is not None:
        entry.exe.graph_steps = graph_steps
    out = jf(*dev, T)
    out = () if out is None else (out if isinstance(out, tuple) else (out,))
    return jf, fn, names, args, dev, before, out


@pytest.mark.parametrize("lib", ["cupy", "torch"])
@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("name", sorted(APPS))
def test_folded_app_loop_against_numpy(name, dtype, lib):
    T = 13
    jf, fn, names, args, dev, before, out = _run(name, dtype, lib, T)
    want_out, want_args = _numpy(fn, [a.astype(np.float64) if isinstance(a, np.ndarray) else a for a in args], T)
    assert len(out) == len(want_out)
    for k, (g, w) in enumerate(zip(out, want_out)):
        _check(g, w, dtype, f"{name} result {k}")
        if lib == "torch":
            assert not isinstance(g, np.ndarray) and hasattr(g, "detach"), type(g)
    for n, d, w, b in zip(names, dev, want_args, before):
        if not isinstance(w, np.ndarray):
            continue
        if n in WRITTEN[name]:
            _check(d, w, dtype, f"{name} argument {n} (written, as NumPy writes it)")
        else:
            assert np.array_equal(_host(d), b), f"{name}: argument {n} is not written but changed"


@pytest.mark.parametrize("T", [3, 4, 5, 29])
def test_wave_levels_rotate_onto_the_callers_arrays(T):
    jf, fn, names, args, dev, before, out = _run("wave2d", "float64", "cupy", T, graph_steps=8)
    want_out, want_args = _numpy(fn, args, T)
    for k in range(3):
        _check(out[k], want_out[k], "float64", f"level {k} after {T} steps")
        _check(dev[k], want_args[k], "float64", f"argument {names[k]} after {T} steps")
        # NumPy returns the caller's arrays (rotated): so does the folded loop
        assert any(out[k] is d for d in dev[:3]), f"result {k} is not one of the caller's arrays"


def test_one_kernel_per_step_and_the_graph_is_captured_once(monkeypatch):
    from kfuse.runtime.executable import Executable
    T, graph_steps = 37, 8                       # odd and longer than the graph
    jf, fn, names, args, dev, before, out = _run("gray_scott", "float64", "cupy", T, graph_steps)
    exe = jf.entry(*dev, T).exe
    assert exe.body.n_kernels == 1 and exe.pre is None and exe.post is None
    calls, captures = [], []
    real_call, real_capture = Executable.__call__, Executable.capture
    monkeypatch.setattr(Executable, "__call__", lambda self, *a, **k: calls.append(self) or real_call(self, *a, **k))
    monkeypatch.setattr(Executable, "capture", lambda self, envs: captures.append(1) or real_capture(self, envs))
    U, V = (_to_device(a, "cupy") for a in args)
    jf(U, V, T)                                  # the same signature: the graph is replayed
    assert captures == []
    singles = [c for c in calls if c is exe.body]
    assert 2 <= len(singles) <= 2 + graph_steps, len(singles)   # the first, the remainder, the last
    _, want = _numpy(fn, args, T)
    for d, w, n in zip((U, V), want, names):
        _check(d, w, "float64", f"gray_scott {n} (second call)")


@pytest.mark.parametrize("order", ["C", "F"])
def test_hotspot_in_fortran_order_keeps_its_power_map(order):
    fn, names, args = _args("hotspot", "float64")
    if order == "F":
        args = [np.asfortranarray(a) if isinstance(a, np.ndarray) else a for a in args]
    dev = [_to_device(a, "cupy") for a in args]
    power = _host(dev[1]).copy()
    jf = kfuse.jit(fn, static_argnames=("steps",))
    assert jf(*dev, 11) is None
    _, want = _numpy(fn, args, 11)
    _check(dev[0], want[0], "float64", f"temp ({order})")
    assert np.array_equal(_host(dev[1]), power)


def test_a_loop_that_unrolls_still_runs_right():
    import cupy
    u0 = np.random.default_rng(3).standard_normal((13, 11))
    jf = kfuse.jit(uses_t, static_argnames=("steps",))
    got = jf(cupy.asarray(u0), 7)
    assert "uses its index" in jf.entry(cupy.asarray(u0), 7).loops[0]
    want, _ = _numpy(uses_t, [u0], 7)
    _check(got, want[0], "float64", "unrolled")


# ------------------------------------------- a loop whose body reads its index: NPBench's fdtd_2d
def _fdtd2d_device(shape, n_fict=None):
    """(the module, host float64 arguments ex, ey, hz, _fict_, their CuPy copies)."""
    import cupy
    from tests.programs.apps import fdtd2d
    st = fdtd2d.init(shape, "float64", seed=1)
    if n_fict is not None:
        st["_fict_"] = st["_fict_"][:n_fict]
    args = [st[n] for n in ("ex", "ey", "hz", "_fict_")]
    return fdtd2d, args, [cupy.asarray(a) for a in args]


@pytest.mark.parametrize("graph_steps", [8, 10**9])    # graphs would be used / never long enough
@pytest.mark.parametrize("T", [3, 50])
def test_npbench_fdtd2d_kernel_unchanged_against_numpy(T, graph_steps, monkeypatch):
    # kernel(TMAX, ex, ey, hz, _fict_) as NPBench writes it: ey[0, :] = _fict_[t] at each step,
    # t set by the runner per step (such a loop captures no graph: a graph would replay one t)
    from kfuse.loop_fold_run import FoldedExecutable
    from kfuse.runtime.executable import Executable
    fdtd2d, args, dev = _fdtd2d_device((37, 41))
    jf = kfuse.jit(fdtd2d.kernel, static_argnames=("TMAX",))
    entry = jf.entry(T, *dev)
    assert isinstance(entry.exe, FoldedExecutable), entry.loops
    assert entry.exe.body.n_kernels == 1 and entry.exe.folded.count == T
    entry.exe.graph_steps = graph_steps
    captures = []
    real_capture = Executable.capture
    monkeypatch.setattr(Executable, "capture", lambda self, envs: captures.append(1) or real_capture(self, envs))
    fict = _host(dev[3]).copy()
    for call in range(2):                      # the second call: the cached executable again
        want = [a.copy() for a in args]
        for _ in range(call + 1):
            fdtd2d.kernel(T, *want)
        assert jf(T, *dev) is None
        for n, d, w in zip(("ex", "ey", "hz"), dev, want):
            g = _host(d)
            err = float(np.abs(g - w).max()) / max(float(np.abs(w).max()), 1e-30)
            assert err <= 1e-12, f"{n} after {call + 1} call(s) of {T} steps: error {err:.2e}"
    assert np.array_equal(_host(dev[3]), fict), "_fict_ is read only"
    assert captures == []


def test_fdtd2d_index_out_of_range_at_a_later_step_is_refused_before_running():
    fdtd2d, args, dev = _fdtd2d_device((37, 41), n_fict=20)
    before = [_host(d).copy() for d in dev]
    jf = kfuse.jit(fdtd2d.kernel, static_argnames=("TMAX",))
    with pytest.raises(kfuse.errors.ArgumentError, match=r"index t = 20 at step 20 .*_fict_, of length 20"):
        jf(50, *dev)
    for d, b in zip(dev, before):
        assert np.array_equal(_host(d), b)


@pytest.mark.parametrize("T", [3, 11])
def test_numbers_made_from_the_index_are_set_at_each_step(T):
    # t % n and (t + 1) % n as indices and as numbers, t * dt, n - 1 - t (tests/unit/test_loop_fold_index.py)
    import cupy
    from tests.unit.test_loop_fold_index import sources
    rng = np.random.default_rng(5)
    u, src = rng.standard_normal((37, 41)), rng.standard_normal(4)
    jf = kfuse.jit(sources, static_argnames=("steps",))
    from kfuse.loop_fold_run import FoldedExecutable
    assert isinstance(jf.entry(cupy.asarray(u), cupy.asarray(src), T).exe, FoldedExecutable)
    got = _host(jf(cupy.asarray(u), cupy.asarray(src), T))
    want, _ = _numpy(sources, [u, src], T)
    err = float(np.abs(got - want[0]).max()) / float(np.abs(want[0]).max())
    assert err <= 1e-12, f"error {err:.2e} after {T} steps"


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("name", ["jacobi_1d", "jacobi_2d", "heat_3d"])
def test_npbench_polybench_loops_fold_and_match_numpy(name, dtype):
    # NPBench's kernels as written (the whole time loop; heat_3d's body is long enough for an
    # EXTENDED_ARG before its FOR_ITER): A and B written in place, one kernel per step
    import cupy
    from tests.programs.npbench_polybench import KERNELS
    fn, shape = KERNELS[name]
    rng = np.random.default_rng(7)
    A, B = rng.uniform(-1, 1, shape), rng.uniform(-1, 1, shape)
    dA, dB = cupy.asarray(A.astype(dtype)), cupy.asarray(B.astype(dtype))
    jf = kfuse.jit(fn, static_argnames=("TSTEPS",))
    assert jf(50, dA, dB) is None
    assert len(jf.lower(50, dA, dB).plan["kernels"]) == 1
    fn(50, A, B)
    _check(dA, A, dtype, f"{name} A")
    _check(dB, B, dtype, f"{name} B")
