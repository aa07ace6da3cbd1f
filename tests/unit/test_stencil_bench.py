"""The stencil benchmark suite without a GPU: each workload on NumPy against an independent
naive loop implementation (explicit Python loops over indices) at small odd sizes, the limit
bytes and flops, the input generator, the occupancy equations and the report writer on fake
timings."""
from __future__ import annotations

import inspect
import itertools
import json

import numpy as np
import pytest

from kfuse.bench.stencils import opsets, peers, report, runner, tables
from kfuse.bench.stencils import workloads as W

NP = opsets.numpy_ops()


def rand(shape, seed=0):
    return np.random.default_rng(seed).standard_normal(shape)


# ---------------------------------------------------------------------------
# naive references: loops over indices, written from the formulas, not from the slices
# ---------------------------------------------------------------------------

def naive_heat3d(A):
    n0, n1, n2 = A.shape
    B = np.empty((n0 - 2, n1 - 2, n2 - 2))
    for i, j, k in itertools.product(range(1, n0 - 1), range(1, n1 - 1), range(1, n2 - 1)):
        c = A[i, j, k]
        B[i - 1, j - 1, k - 1] = (0.125 * (A[i + 1, j, k] - 2 * c + A[i - 1, j, k])
                                  + 0.125 * (A[i, j + 1, k] - 2 * c + A[i, j - 1, k])
                                  + 0.125 * (A[i, j, k + 1] - 2 * c + A[i, j, k - 1]) + c)
    return B


def naive_jacobi2d(A):
    n0, n1 = A.shape
    B = np.empty((n0 - 2, n1 - 2))
    for i, j in itertools.product(range(1, n0 - 1), range(1, n1 - 1)):
        B[i - 1, j - 1] = 0.2 * (A[i, j] + A[i, j - 1] + A[i, j + 1] + A[i + 1, j] + A[i - 1, j])
    return B


def naive_box27(A):
    n0, n1, n2 = A.shape
    B = np.zeros((n0 - 2, n1 - 2, n2 - 2))
    for i, j, k in itertools.product(range(1, n0 - 1), range(1, n1 - 1), range(1, n2 - 1)):
        s, n = 0.0, 0
        for di in (-1, 0, 1):
            for dj in (-1, 0, 1):
                for dk in (-1, 0, 1):
                    s += (0.02 + 0.001 * n) * A[i + di, j + dj, k + dk]
                    n += 1
        B[i - 1, j - 1, k - 1] = s
    return B


def naive_hdiff(q, coeff=0.025):
    K, J, I = q.shape

    def lap(k, j, i):
        return 4 * q[k, j, i] - (q[k, j, i + 1] + q[k, j, i - 1] + q[k, j + 1, i] + q[k, j - 1, i])

    def flx(k, j, i):            # flux between i and i+1, limited
        f = lap(k, j, i + 1) - lap(k, j, i)
        return 0.0 if f * (q[k, j, i + 1] - q[k, j, i]) > 0 else f

    def fly(k, j, i):            # flux between j and j+1, limited
        f = lap(k, j + 1, i) - lap(k, j, i)
        return 0.0 if f * (q[k, j + 1, i] - q[k, j, i]) > 0 else f

    out = np.empty((K, J - 4, I - 4))
    for k, j, i in itertools.product(range(K), range(2, J - 2), range(2, I - 2)):
        out[k, j - 2, i - 2] = q[k, j, i] - coeff * (flx(k, j, i) - flx(k, j, i - 1)
                                                     + fly(k, j, i) - fly(k, j - 1, i))
    return out


def naive_flux5(u, w, C=0.1, DT=0.5):
    n0, n1, n2 = u.shape
    un = np.empty((n0 - 2, n1 - 2, n2 - 2))
    for i, j, k in itertools.product(range(1, n0 - 1), range(1, n1 - 1), range(1, n2 - 1)):
        d = 0.0
        for a in range(3):
            p = [i, j, k]
            up, um = list(p), list(p)
            up[a] += 1
            um[a] -= 1
            d += C * (u[tuple(up)] - u[i, j, k]) - C * (u[i, j, k] - u[tuple(um)])
        un[i - 1, j - 1, k - 1] = u[i, j, k] + DT * d
    return un, 2.0 * un + w[1:-1, 1:-1, 1:-1]


def naive_scale_rk(dens, m0, m1, m2, rhot, dt=0.1, nu=0.01, cs2=1.0, grav=0.5, dref=1.0):
    moms = (m0, m1, m2)
    vel = [m / dens for m in moms]
    pt = rhot / dens
    pres = cs2 * rhot

    def at(f, p, a, d):
        q = list(p)
        q[a] += d
        return f[tuple(q)]

    def face(f, p, a):           # f at p + 1/2 along a, 4th order
        return 7 / 12 * (at(f, p, a, 0) + at(f, p, a, 1)) - 1 / 12 * (at(f, p, a, -1) + at(f, p, a, 2))

    def div(p, a, flux):          # flux(p + 1/2) - flux(p - 1/2)
        q = list(p)
        q[a] -= 1
        return flux(p) - flux(tuple(q))

    def d4(f, p):
        return sum(at(f, p, a, -2) - 4 * at(f, p, a, -1) + 6 * f[p] - 4 * at(f, p, a, 1) + at(f, p, a, 2)
                   for a in range(3))

    n = dens.shape
    outs = [np.empty(tuple(s - 4 for s in n)) for _ in range(5)]
    for p in itertools.product(*(range(2, s - 2) for s in n)):
        o = tuple(x - 2 for x in p)
        outs[0][o] = dens[p] - dt * sum(div(p, a, lambda q, a=a: face(moms[a], q, a)) for a in range(3)) \
            - nu * d4(dens, p)
        for b in range(3):
            t = sum(div(p, a, lambda q, a=a, b=b: face(moms[a], q, a) * face(vel[b], q, a)) for a in range(3))
            t += (8 * (at(pres, p, b, 1) - at(pres, p, b, -1)) - (at(pres, p, b, 2) - at(pres, p, b, -2))) / 12
            if b == 2:
                t += grav * (dens[p] - dref)
            outs[1 + b][o] = moms[b][p] - dt * t - nu * d4(moms[b], p)
        outs[4][o] = rhot[p] - dt * sum(div(p, a, lambda q, a=a: face(moms[a], q, a) * face(pt, q, a))
                                        for a in range(3)) - nu * d4(rhot, p)
    return tuple(outs)


def naive_interior_step(A, naive_step):
    B = A.copy()
    B[(slice(1, -1),) * A.ndim] = naive_step(A)
    return B


# ---------------------------------------------------------------------------
# workloads against the naive loops
# ---------------------------------------------------------------------------

def close(a, b):
    np.testing.assert_allclose(a, b, rtol=1e-12, atol=1e-12)


def test_heat3d_matches_naive_loops():
    u = rand((7, 9, 5))
    close(W.heat3d(NP, u), naive_heat3d(u))


def test_jacobi2d_matches_naive_loops():
    a = rand((11, 7), 1)
    close(W.jacobi2d(NP, a), naive_jacobi2d(a))


def test_box27_matches_naive_loops():
    u = rand((5, 7, 9), 2)
    close(W.box27(NP, u), naive_box27(u))


@pytest.mark.parametrize("shape", [(3, 9, 11), (1, 7, 5)])
def test_hdiff_matches_naive_loops(shape):
    q = rand(shape, 3)
    close(W.hdiff(NP, q), naive_hdiff(q))


def test_hdiff_limiter_fires_both_ways():
    """The input exercises the limiter: some fluxes are zeroed, some are kept."""
    q = rand((2, 11, 13), 4)
    lap = 4 * q[:, 1:-1, 1:-1] - (q[:, 1:-1, 2:] + q[:, 1:-1, :-2] + q[:, 2:, 1:-1] + q[:, :-2, 1:-1])
    flx = lap[:, :, 1:] - lap[:, :, :-1]
    prod = flx * (q[:, 1:-1, 2:-1] - q[:, 1:-1, 1:-2])
    assert (prod > 0).any() and (prod <= 0).any()


def test_flux5_matches_naive_loops_and_the_anchor():
    u, w = rand((7, 5, 9), 5), rand((7, 5, 9), 6)
    un, v = W.flux5(NP, u, w)
    nun, nv = naive_flux5(u, w)
    close(un, nun)
    close(v, nv)


def test_scale_rk_matches_naive_loops():
    shape = (7, 8, 9)
    rng = np.random.default_rng(7)
    dens, rhot = rng.uniform(0.5, 1.5, shape), rng.uniform(0.5, 1.5, shape)
    m0, m1, m2 = (rng.standard_normal(shape) for _ in range(3))
    got = W.scale_rk(NP, dens, m0, m1, m2, rhot)
    want = naive_scale_rk(dens, m0, m1, m2, rhot)
    for g, w in zip(got, want):
        close(g, w)


def test_scale_rk_statement_count_in_range():
    wl = W.WORKLOADS["scale_rk-1280x32x32"]
    assert 30 <= wl.statements <= 40 and len(wl.fields) == 5 and len(wl.outputs) == 5


def test_jacobi2d_loop_step_keeps_the_boundary():
    a = rand((9, 7), 8)
    got = W.jacobi2d_step(NP, a)
    close(got, naive_interior_step(a, naive_jacobi2d))
    close(got[0], a[0])
    close(got[:, -1], a[:, -1])


def test_heat3d_loop_three_steps_match_naive():
    wl = W.WORKLOADS["heat3d_loop-256"]
    u = rand((5, 7, 6), 9)
    (got,) = W.reference(wl, [u], NP, steps=3)
    want = u
    for _ in range(3):
        want = naive_interior_step(want, naive_heat3d)
    close(got, want)


def test_interior_rejects_odd_halo():
    with pytest.raises(ValueError, match="centred"):
        opsets.halo_index((9, 9), (6, 7))


# ---------------------------------------------------------------------------
# bytes, limit, flops
# ---------------------------------------------------------------------------

def test_limit_bytes_formulas():
    n = 512
    assert W.limit_bytes(W.WORKLOADS["heat3d-512"], (n,) * 3, 4) == (4 * n**3, 4 * (n - 2)**3)
    rd, wr = W.limit_bytes(W.WORKLOADS["flux5-512"], (n,) * 3, 4)
    assert rd + wr == 4 * (2 * n**3 + 2 * (n - 2)**3)          # the anchor's byte count
    assert W.limit_bytes(W.WORKLOADS["hdiff-64x512x512"], (64, 512, 512), 8) == \
        (8 * 64 * 512 * 512, 8 * 64 * 508 * 508)
    assert W.limit_bytes(W.WORKLOADS["jacobi2d_loop-8192"], (100, 90), 4) == (4 * 9000, 4 * 9000)
    assert W.limit_bytes(W.WORKLOADS["scale_rk-512x512x64"], (10, 11, 12), 8) == \
        (5 * 8 * 1320, 5 * 8 * 6 * 7 * 8)


def test_limit_us_uses_read_and_write_ceilings():
    ceil = {"read_GBs": 4000.0, "write_GBs": 2000.0}
    assert W.limit_us(4e9, 2e9, ceil) == pytest.approx(1000.0 + 1000.0)   # µs
    assert W.limit_us(1, 1, {"error": "x"}) is None
    # the anchor's hdiff limit: 31.5 us at a 4226 GB/s copy ceiling
    rd, wr = W.limit_bytes(W.WORKLOADS["hdiff-64x512x512"], (64, 512, 512), 4)
    assert W.limit_us(rd, wr, {"read_GBs": 4226, "write_GBs": 4226}) == pytest.approx(31.5, abs=0.1)


def test_flops_count_each_elementwise_operation():
    assert W.flops(W.WORKLOADS["jacobi2d-8192"], (7, 9)) == 5 * 5 * 7
    assert W.flops(W.WORKLOADS["heat3d-256"], (5, 6, 7)) == 15 * 3 * 4 * 5
    assert W.flops(W.WORKLOADS["box27-512"], (5, 5, 5)) == 53 * 27
    assert W.WORKLOADS["hdiff-80x256x256"].traced((3, 9, 9))["out_shapes"] == [(3, 5, 5)]


# ---------------------------------------------------------------------------
# inputs, selection, the kfuse step
# ---------------------------------------------------------------------------

def test_inputs_seeded_fresh_and_never_zero():
    wl = W.WORKLOADS["scale_rk-1280x32x32"]
    a = W.make_inputs(wl, (5, 6, 7), "float32", 11)
    b = W.make_inputs(wl, (5, 6, 7), "float32", 11)
    c = W.make_inputs(wl, (5, 6, 7), "float32", 12)
    assert all(x.dtype == np.float32 and x.shape == (5, 6, 7) for x in a)
    assert all(np.array_equal(x, y) for x, y in zip(a, b))
    assert not np.array_equal(a[0], c[0])
    assert all(np.count_nonzero(x) == x.size for x in a)
    assert (a[0] >= 0.5).all() and (a[4] >= 0.5).all()          # density and rho*theta
    assert not np.array_equal(a[1], a[2])                       # fields drawn apart


def test_select_by_name_and_by_stencil():
    assert [w.name for w in W.select(["heat3d"])] == ["heat3d-256", "heat3d-512"]
    assert [w.name for w in W.select(["hdiff-80x256x256", "jacobi2d_loop"])] == \
        ["hdiff-80x256x256", "jacobi2d_loop-8192", "jacobi2d_loop-16384"]
    assert len(W.select(None)) == len(W.ORDER) == 13
    with pytest.raises(ValueError, match="unknown workload"):
        W.select(["nosuch"])


def test_quick_shapes_are_small():
    for wl in W.WORKLOADS.values():
        assert np.prod(wl.quick_shape) <= 1_100_000, wl.name
        wl.traced(wl.quick_shape)


def test_named_step_has_the_field_names():
    wl = W.WORKLOADS["flux5-512"]
    f = peers.named_step(wl, NP)
    assert list(inspect.signature(f).parameters) == ["u", "w"]
    u, w = rand((5, 6, 7)), rand((5, 6, 7), 1)
    close(f(u, w)[1], W.flux5(NP, u, w)[1])


def test_tolerances_by_dtype():
    assert W.tolerance(W.WORKLOADS["heat3d-256"], "float32") == 2e-5
    assert W.tolerance(W.WORKLOADS["heat3d_loop-256"], "float64") == 1e-11


# ---------------------------------------------------------------------------
# occupancy and the report on fake timings
# ---------------------------------------------------------------------------

def test_occupancy_equations():
    assert tables.occupancy(256, 32, 0) == 1.0
    assert tables.occupancy(256, 64, 0) == 0.5
    assert tables.occupancy(256, 32, 100 * 1024) == 0.25
    assert tables.occupancy(1024, 32, 0) == 1.0
    assert tables.occupancy(96, 255, 0) == pytest.approx(6 / 64)   # 8 warps of registers: 2 blocks of 3


def fake_results(kfuse_ok: bool) -> dict:
    shape = [67, 65, 63]
    recs = []
    for dtype in ("float32", "float64"):
        for impl, us in (("cupy", 900.0), ("torch", 500.0), ("inductor", 100.0), ("jax", 150.0)):
            recs.append({"type": "result", "impl": impl, "workload": "heat3d-512", "kernel": "heat3d",
                         "dtype": dtype, "shape": shape, "steps": 1, "status": "ok", "note": "",
                         "first_call_s": 1.0, "hot": {"us": us, "us_min": us, "us_max": us}})
        k = {"type": "result", "impl": "kfuse", "workload": "heat3d-512", "kernel": "heat3d",
             "dtype": dtype, "shape": shape, "steps": 1}
        if kfuse_ok:
            k.update(status="ok", note="", first_call_s=2.0, hot={"us": 80.0, "us_min": 79.0, "us_max": 81.0},
                     plan={"calls": 15, "predicted_us": 70.0, "kernels": [
                         {"name": "k0", "space": "grid", "calls": 15, "params": {"bx": 32, "by": 8, "zc": 16},
                          "resources": {"registers": 64, "smem": 0}}]})
        else:
            k.update(status="error", note="KfuseError: indexing and slicing are not supported")
        recs.append(k)
    recs.append({"type": "result", "impl": "inductor-max-autotune", "workload": "heat3d-512",
                 "kernel": "heat3d", "dtype": "float32", "shape": shape, "steps": 1, "status": "skipped",
                 "note": "torch not importable"})
    return {"meta": {"impls": list(peers.DEFAULT_IMPLS), "command": "kfuse bench --stencils", "quick": True},
            "ceilings": {"read_GBs": 4000.0, "write_GBs": 3000.0, "copy_GBs": 3500.0,
                         "device": {"name": "FakeGPU"}},
            "impl_notes": {"inductor-max-autotune float32": "skipped: torch not importable"},
            "records": recs}


def test_report_on_fake_timings_kfuse_failing():
    res = fake_results(kfuse_ok=False)
    text = report.render(res)
    assert "heat3d-512 float32: kfuse: KfuseError: indexing and slicing are not supported" in text
    assert text.count("kfuse: KfuseError") == 2                     # one line per workload and dtype
    rd, wr = 4 * 67 * 65 * 63, 4 * 65 * 63 * 61
    frac = (rd / 4e12 + wr / 3e12) * 1e6 / 100.0                     # inductor: 100 us
    assert f"100.0 ({report.fmt_pct(frac)})" in text
    assert "100.0 (inductor)" in text                               # the fastest peer
    assert "| heat3d-512 | 1 | 15 | n/a | n/a | n/a |" in text        # Table 1 without a plan
    summary = report.console_summary(res)
    assert "heat3d-512 float64: kfuse: KfuseError" in summary and "Traceback" not in summary


def test_report_on_fake_timings_kfuse_running():
    res = fake_results(kfuse_ok=True)
    text = report.render(res)
    assert "| 1.25× |" in text                                       # 100 us / 80 us
    assert "| heat3d-512 | 1 | 15 | 15 | 1 | 1¹ |" in text            # Table 1 from the plan
    assert tables.NO_FISSION in text                                 # after fission = after fusion, noted
    assert "32×8, zc 16" in text and "| 50% |" in text               # Table 2: block, occupancy
    m = report.metrics(res["records"][4], res["ceilings"])
    assert m["eff_GBs"] == pytest.approx((4 * 67 * 65 * 63 + 4 * 65 * 63 * 61) / 80e-6 / 1e9)


def test_fission_count_from_the_plans_fissioned_field():
    ks = [{"name": f"k{i}"} for i in range(5)]
    assert tables.fission_count({"kernels": ks, "fissioned": [["k1", "k2", "k3"]]}) == (3, 5)
    assert tables.fission_count({"kernels": ks, "fissioned": []}) == (5, 5)
    assert tables.fission_count({"kernels": ks}) is None   # an older record


def test_write_outputs_and_report_only(tmp_path):
    res = fake_results(kfuse_ok=False)
    runner.write_outputs(res, tmp_path)
    assert json.loads((tmp_path / "results.json").read_text())["records"]
    assert "Table 1" in (tmp_path / "report.md").read_text()
    (tmp_path / "report.md").unlink()
    assert runner.main(["--report-only", str(tmp_path), "--no-plots"]) == 0
    assert (tmp_path / "report.md").is_file()


def test_cli_rejects_unknown_workload_before_needing_a_gpu(capsys):
    from kfuse.cli import main as cli_main

    with pytest.raises(SystemExit) as e:
        cli_main(["bench", "--stencils", "--workload", "nosuch"])
    assert e.value.code == 2
    assert "unknown workload 'nosuch'" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        runner.main(["--impls", "cupy,nosuch"])


# ---------------------------------------------------------------------------
# the worker's point on NumPy (a fake implementation; no GPU)
# ---------------------------------------------------------------------------

class _NumpyImpl:
    """An implementation on NumPy with the Impl interface the worker drives."""

    name = "fake"
    check_after_calls = 1

    def __init__(self, perturb=0.0):
        self.perturb = perturb

    def build(self, step, sizes, dtype):
        return step.compute

    def convert(self, a):
        return a

    def bind(self, built, args):
        return lambda: built(*args)

    def outputs(self, result):
        outs = result if isinstance(result, (tuple, list)) else (result,)
        return [o + self.perturb for o in outs]

    def timer(self):
        from kfuse.bench.timing import HostTimer
        return HostTimer(block=lambda r: None)

    def block(self, result):
        pass


@pytest.fixture
def numpy_worker(monkeypatch):
    import cupy

    from kfuse.bench.stencils import worker as sw

    class _Dev:
        def synchronize(self):
            pass

    monkeypatch.setattr(cupy.cuda, "Device", lambda *a: _Dev())
    monkeypatch.setitem(peers.OPS_OF, "fake", "numpy")

    def make_data(wl, shape, dtype, seed, reference):
        inputs = W.make_inputs(wl, shape, dtype, seed)
        return inputs, W.reference(wl, inputs, NP), np

    monkeypatch.setattr(sw, "make_data", make_data)
    args = sw.parse_args(["--impl", "fake", "--quick", "--min-time", "0.001", "--dtype", "float32"])
    return sw, args


@pytest.mark.parametrize("name", ["hdiff-80x256x256", "jacobi2d_loop-8192", "flux5-512"])
def test_worker_point_checks_then_times(numpy_worker, name):
    sw, args = numpy_worker
    wl = W.WORKLOADS[name]
    rec = sw.run_point(_NumpyImpl(), wl, args)
    assert rec["status"] == "ok", rec["note"]
    assert len(rec["relerr"]) == len(wl.outputs) and max(rec["relerr"].values()) < 1e-6
    assert rec["hot"]["us"] > 0 and rec["hot"]["loops"] >= 7
    if wl.loop:   # timed whole, reported per step
        assert rec["hot"]["whole_loop_us"] == pytest.approx(rec["hot"]["us"] * wl.steps)


def test_worker_point_wrong_result_is_not_timed(numpy_worker):
    sw, args = numpy_worker
    rec = sw.run_point(_NumpyImpl(perturb=1e-2), W.WORKLOADS["heat3d-256"], args)
    assert rec["status"] == "wrong" and "rel. error" in rec["note"] and "hot" not in rec
