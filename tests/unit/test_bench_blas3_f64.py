"""float64 in ``kfuse bench --blas3`` without CUDA (issue 36): the ``--dtypes`` dimension (points,
keys, the dry run), tf32 refused for float64, float64 inputs, the check at float64 against the
float64 reference, the peers' float64 arguments (the cuBLAS D routines and float64 scalars, on a
NumPy model of cuBLAS; kfuse's plan in float64), the float64 peak and the report's float64
series, merge keeping float32 and float64 records apart."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import numpy as np
import pytest

from kfuse.bench.blas3 import fused as F
from kfuse.bench.blas3 import merge as M
from kfuse.bench.blas3 import report as R
from kfuse.bench.blas3 import workloads as W
from kfuse.bench.blas3.cublas3 import routine_names
from kfuse.bench.blas3.worker import base_record
from tests.unit.test_bench_blas3_fused import _FakeCupy, fake_cublas_peer

SRC = str(Path(__file__).resolve().parents[2] / "src")
F64 = ["float64"]


def _cli(*args):
    return subprocess.run([sys.executable, "-m", "kfuse", "bench", "--blas3", *args], capture_output=True,
                          text=True, env={"PYTHONPATH": SRC, "PATH": "/usr/bin:/bin"}, timeout=120)


# --- points and the dtype option ------------------------------------------------------------------

def test_float64_points_are_every_variant_and_shape_exact_only():
    pts = W.make_points(W.select_variants(None, False), None, None, False, F64)
    assert len(pts) == 32 * 4 + 4 * 3 and {p.precision for p in pts} == {"ieee"}
    assert {p.dtype for p in pts} == {"float64"} and {p.variant for p in pts} == set(W.ORDER)
    assert {p.size for p in pts if p.v.family == "gemm"} >= {"8192x8192x1024", "1024x1024x8192", "4096x4096x64"}
    both = W.make_points(W.select_variants(None, False), None, None, False, ["float32", "float64"])
    assert len(both) == (32 * 4 + 4 * 3) * 3 and len({p.key for p in both}) == len(both)
    # float32 keeps today's names; float64 points say so
    assert W.Point("GEMM-NN", 8, 8, 8, "ieee").key == "GEMM-NN|8|ieee"
    assert W.Point("GEMM-NN", 8, 8, 8, "ieee", "float64").key == "GEMM-NN|8|ieee|float64"
    assert W.Point("GEMM-NN", 8, 8, 8, "ieee", "float64").series == "float64"
    # the default is today's float32 suite
    assert W.make_points(["GEMM-NN"], ["64"], None, False) == W.make_points(["GEMM-NN"], ["64"], None, False,
                                                                            ["float32"])


def test_points_travel_to_the_worker_with_their_dtype():
    p = W.Point("TRSM-LL-N", 64, 32, 64, "ieee", "float64")
    assert p.to_list()[-1] == "float64" and W.Point.from_list(p.to_list()) == p
    assert W.Point.from_list(["GEMM-NN", 8, 8, 8, "tf32"]).dtype == "float32"    # an older list


def test_parse_dtypes():
    assert W.parse_dtypes(None) == ["float32"]
    assert W.parse_dtypes(["float32,float64"]) == W.parse_dtypes(["float32", "float64"]) == ["float32", "float64"]
    with pytest.raises(ValueError, match="--dtypes: unknown float16"):
        W.parse_dtypes(["float16"])


def test_tf32_with_float64_is_refused_with_the_reason():
    for dtypes in (F64, ["float32", "float64"]):
        with pytest.raises(ValueError, match="float64 has no tf32 mode") as exc:
            W.make_points(["GEMM-NN"], ["64"], ["ieee", "tf32"], False, dtypes)
        assert "--precisions ieee" in str(exc.value)
    # without --precisions, float64 simply runs its one precision
    assert {p.precision for p in W.make_points(["GEMM-NN"], ["64"], None, False, F64)} == {"ieee"}
    r = _cli("--dtypes", "float64", "--precisions", "tf32", "--dry-run")
    assert r.returncode == 2 and "float64 has no tf32 mode" in r.stderr and not r.stdout


def test_peer_refuses_a_tf32_float64_point():
    from kfuse.bench.blas3.base import Blas3Impl

    impl = Blas3Impl()
    impl.set_dtype("float64")
    assert "float64 has no tf32 mode" in impl.supports(W.VARIANTS["GEMM-NN"], "tf32")
    assert impl.supports(W.VARIANTS["GEMM-NN"], "ieee") is None


def test_dry_run_lists_the_float64_rows():
    r = _cli("--quick", "--dtypes", "float32,float64", "--dry-run")
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith("kfuse bench --blas3: 36 points")    # 6 variants x 2 sizes x 3
    rows = [ln.split() for ln in r.stdout.splitlines()[1:]]
    f64 = [x for x in rows if x[3] == "float64"]
    assert len(f64) == 12 and all(x[2] == "ieee" for x in f64)
    assert {x[0] for x in f64} == set(W.QUICK_VARIANTS) and {x[1] for x in f64} == {"1024", "4096"}
    r = _cli("--routines", "npbench", "--dtypes", "float64", "--sizes", "1024", "--dry-run")
    assert r.returncode == 0, r.stderr
    lines = {ln.split()[0]: ln for ln in r.stdout.splitlines()[1:]}
    assert set(lines) == {"2mm", "3mm"} and all("float64" in ln for ln in lines.values())
    assert "kfuse: gemm[0] + gemm[1] + gemm[2]" in lines["3mm"] and "kfuse: " in lines["2mm"]
    assert "not built" not in lines["2mm"]       # a chain runs as kfuse plans it


# --- inputs, reference and the check at float64 ------------------------------------------------------

@pytest.mark.parametrize("name", ["GEMM-TN", "SYMM-RU", "TRMM-LL-T", "TRSM-RL-N", "SYRK-UN", "SYR2K-LT"])
def test_float64_check_accepts_float64_and_rejects_float32_arithmetic(name):
    v = W.VARIANTS[name]
    shape = (40, 30, 20) if not v.triangle_out else (30, 30, 20)
    ins = W.make_inputs(v, *shape, seed=5, xp=np, dtype="float64")
    assert all(a.dtype == np.float64 for a in ins)
    f32 = W.make_inputs(v, *shape, seed=5, xp=np)
    np.testing.assert_array_equal(np.isnan(ins[0]), np.isnan(f32[0]))          # same poisoning
    assert not np.array_equal(np.nan_to_num(ins[0]), np.nan_to_num(f32[0]).astype(np.float64))  # not rounded
    ref = W.reference(v, ins, np)
    # a float64 result computed another way (an explicit inverse for TRSM; summed in another order)
    other = ref + 1e-15 * np.abs(ref).max() * np.random.default_rng(0).standard_normal(ref.shape)
    err, tol, problem = W.check(v, "ieee", shape, other, ref, np, "float64")
    assert problem == "" and tol < 1e-12
    rounded = ref.astype(np.float32).astype(np.float64)       # float32 arithmetic would do this
    assert "rel. error" in W.check(v, "ieee", shape, rounded, ref, np, "float64")[2]
    assert "output dtype float32" in W.check(v, "ieee", shape, ref.astype(np.float32), ref, np, "float64")[2]


def test_float64_tolerances():
    g, t = W.VARIANTS["GEMM-NN"], W.VARIANTS["TRSM-LL-N"]
    assert W.tolerance(g, "ieee", 4096, "float64") == 5e-14
    assert W.tolerance(g, "ieee", 16384, "float64") == pytest.approx(1e-13)
    assert W.tolerance(t, "ieee", 1024, "float64") == 1e-13
    # >= 20x what float64 sums err by (sequential, k = 4096: 2.1e-15), far below float32's 6e-8
    assert 20 * 2.1e-15 < W.tolerance(g, "ieee", 4096, "float64") < 1e-9
    assert W.tolerance(g, "ieee", 4096) == 1e-5       # float32 unchanged


@pytest.mark.parametrize("name", F.NPBENCH)
def test_npbench_chains_are_npbenchs_formulas(name):
    w = F.WORKLOADS[name]
    m, n, k = 13, 11, 7
    A, B, C, D = F.make_inputs(w, m, n, k, seed=2, xp=np, dtype="float64")
    ref = F.reference(w, [A, B, C, D], np)[0]
    want = 1.5 * A @ B @ C + 1.2 * D if name == "2mm" else (A @ B) @ (C @ D)
    np.testing.assert_allclose(ref, want, rtol=1e-13)
    assert w.group == "npbench" and name not in F.ORDER and F.plan_problem(w, None, None) == ""
    assert W.flops(w, m, n, k) == ({"2mm": 2 * m * n * k + 2 * m * n * n + m * k + 2 * m * n,
                                   "3mm": 2 * m * n * k + 2 * n * n * k + 2 * m * n * n}[name])
    assert F.check(w, (m, n, k), [want.astype(np.float32)], [ref], np, "float64")[2]


def test_records_and_bytes_say_float64():
    rec = base_record("kfuse", W.Point("abx", 30, 20, 10, "ieee", "float64"))
    assert rec["dtype"] == "float64" and rec["bytes"] == 8 * (30 * 10 + 10 * 20 + 20 + 30)
    assert base_record("kfuse", W.Point("GEMM-NN", 8, 8, 8, "ieee"))["dtype"] == "float32"


# --- the peers' float64 arguments ---------------------------------------------------------------------

def test_cublas_routine_names():
    assert routine_names("float32")["gemm"] == "sgemm" and routine_names("float64")["trsm"] == "dtrsm"
    assert routine_names("float64")["symm"] == "cublasDsymm_v2"
    assert routine_names("float64")["syr2k"] == "cublasDsyr2k_v2"
    assert routine_names("float32")["trmm"] == "cublasStrmm_v2"


class _Recorder:
    """A cuBLAS routine that records its name and the dtypes of every pointer it was given."""

    def __init__(self, cp, name, log):
        self.cp, self.name, self.log = cp, name, log

    def __call__(self, *args):
        dts = {str(self.cp.mem[a].dtype) for a in args if isinstance(a, int) and a in self.cp.mem}
        self.log.append((self.name, dts))
        return 0


def _device_cupy():
    cp = _FakeCupy()
    cp.full = lambda shape, value, dtype: cp.dev(np.full(shape, value, dtype=dtype))
    runtime = SimpleNamespace(memcpyDeviceToDevice=3, memcpyAsync=lambda dst, src, nbytes, kind, stream: None)
    cp.cuda = SimpleNamespace(get_current_stream=lambda: SimpleNamespace(ptr=0), runtime=runtime)
    return cp


@pytest.mark.parametrize("name", ["GEMM-NT", "SYMM-LU", "TRMM-RL-T", "TRSM-LU-N", "SYRK-LT", "SYR2K-UN"])
def test_cublas_peer_calls_the_d_routines_with_float64_scalars(name):
    v = W.VARIANTS[name]
    cp = _device_cupy()
    impl = fake_cublas_peer(cp)
    log: list = []
    for fam, routine in routine_names("float64").items():
        setattr(impl.lib, routine, _Recorder(cp, routine, log))
        impl.fns[routine] = _Recorder(cp, routine, log)
    shape = (24, 16, 8) if not v.triangle_out else (16, 16, 8)
    ins = [cp.dev(a) for a in W.make_inputs(v, *shape, seed=1, xp=np, dtype="float64")]
    body = impl.bind(impl.build(v, shape, "ieee"), ins)
    out = body()
    assert out.dtype == np.float64
    assert log == [(routine_names("float64")[v.family], {"float64"})]


def test_cublas_peer_computes_a_float64_gemm():
    cp = _device_cupy()
    impl = fake_cublas_peer(cp)
    v = W.VARIANTS["GEMM-TN"]
    ins = W.make_inputs(v, 24, 16, 8, seed=3, xp=np, dtype="float64")
    out = impl.bind(impl.build(v, (24, 16, 8), "ieee"), [cp.dev(a) for a in ins])()
    assert impl.lib.calls == ["dgemm"]
    assert W.check(v, "ieee", (24, 16, 8), np.asarray(out), W.reference(v, ins, np), np, "float64")[2] == ""


def test_kfuse_peer_plans_a_chain_in_float64(monkeypatch):
    from kfuse.bench.blas3 import peers

    seen = []
    impl = peers.KfuseBlas3()
    impl.kfuse = SimpleNamespace(jit=lambda fn: fn)
    monkeypatch.setattr(F, "kfuse_plan", lambda w, m, n, k, dtype="float32": seen.append(dtype) or
                        (SimpleNamespace(calls=[]), SimpleNamespace(kernels=[])))
    impl.set_dtype("float64")
    fn, w = impl.build(F.WORKLOADS["3mm"], (16, 8, 4), "ieee")
    assert seen == ["float64"] and w.name == "3mm"
    # whatever the jit compiled for a chain counts as built (and is recorded)
    plan = SimpleNamespace(plan_for=lambda *a: {"kernels": [{"space": "gemm", "calls": [i]} for i in range(3)]})
    impl.prepare((plan, w), [])
    assert impl.plan_note == "gemm[0] + gemm[1] + gemm[2]"


# --- peaks, report, merge ------------------------------------------------------------------------------

def test_fp64_peaks_from_the_calibration_probes(monkeypatch):
    from kfuse.bench.blas3 import peaks
    from kfuse.calibrate import gemm

    assert set(peaks.FP64_PROBES.values()) <= set(gemm.PEAKS)
    monkeypatch.setattr(gemm, "measure_peaks", lambda: {"mma_f64/float64": 61.2e12, "ffma/float64": 30.1e12,
                                                        "ffma/float32": 60e12})
    assert peaks.fp64_peaks() == {"fp64_tensor_probe_tflops": pytest.approx(61.2),
                                  "dfma_probe_tflops": pytest.approx(30.1)}

    def fail():
        raise RuntimeError("no DMMA before sm_90")
    monkeypatch.setattr(gemm, "measure_peaks", fail)
    assert peaks.fp64_peaks() == {"fp64_tensor_probe_tflops": None, "dfma_probe_tflops": None}


def _rec(impl, variant, dtype, us=None, status="ok", note=""):
    rec = base_record(impl, W.Point(variant, 4096, 4096, 4096, "ieee", dtype))
    rec.update(status=status, note=note)
    if us is not None:
        rec.update(hot={"us": us, "loops": 7}, relerr=1e-15)
    return rec


def results() -> dict:
    recs = [_rec("kfuse", "GEMM-NN", "float32", 2300.0), _rec("cublas", "GEMM-NN", "float32", 2200.0),
            _rec("kfuse", "GEMM-NN", "float64", 2600.0), _rec("cublas", "GEMM-NN", "float64", 2400.0),
            _rec("kfuse", "TRSM-LL-N", "float64", status="wrong", note="rel. error 1e-9 > 1e-13"),
            _rec("kfuse", "3mm", "float64", 7000.0), _rec("torch", "3mm", "float64", 7700.0)]
    return {"schema": M.SCHEMA, "meta": {"impls": ["kfuse", "cublas", "torch"], "points": [], "wall_s": 1.0},
            "peaks": {"ffma_probe_tflops": 60.0, "tf32_datasheet_tflops": 494.7,
                      "fp64_tensor_probe_tflops": 62.0, "dfma_probe_tflops": 31.0},
            "impl_notes": {}, "records": recs}


def test_report_has_a_float64_table_against_the_fp64_peak():
    from kfuse.bench.blas3 import fused_report as FR

    res = results()
    m = R.metrics(res, ("GEMM-NN", "4096", "float64"), "kfuse")
    t = 2 * 4096 ** 3 / 2600e-6 / 1e12
    assert m["tflops"] == pytest.approx(t) and m["frac_peak"] == pytest.approx(t / 62.0)
    assert m["x_cublas"] == pytest.approx(2400 / 2600)
    assert R.metrics(res, ("GEMM-NN", "4096", "ieee"), "kfuse")["frac_peak"] == pytest.approx(
        2 * 4096 ** 3 / 2300e-6 / 1e12 / 60.0)
    md = FR.render(res, [], [])
    f64 = md.split("## TFLOP/s, float64 (exact)")[1].split("##")[0]
    assert "GEMM-NN" in f64 and "TRSM-LL-N" in f64 and "wrong" in f64
    assert "kfuse TRSM-LL-N 4096 float64: wrong" in md
    assert "FP64 tensor-core (DMMA m16n8k8) probe: **62.0 TFLOP/s**" in md
    assert "FP64 probes: not measured" in R.peaks_section(dict(res["peaks"], fp64_tensor_probe_tflops=None))
    assert "## Fused workloads, float64 (exact)" in md and "## Fused workloads, exact fp32" not in md
    assert "3mm" in FR.fused_table(res, "float64") and FR.fused_table(res) is None


def test_merge_keeps_float32_and_float64_records_apart():
    res = results()
    old = dict(res, records=[{k: v for k, v in r.items() if k != "dtype"} for r in res["records"][:2]])
    merged = M.merge([old, dict(res, records=res["records"][2:])], ["a", "b"])
    assert len(merged["records"]) == len(res["records"]) and "merge" not in merged["impl_notes"]
    assert {r["dtype"] for r in merged["records"]} == {"float32", "float64"}


def test_plots_have_float64_files(tmp_path):
    pytest.importorskip("matplotlib")
    from kfuse.bench.blas3 import plots

    files, _ = plots.write_plots(results(), tmp_path)
    assert "bars-float64-4096.png" in files and "fused-float64-4096.png" in files
    assert "bars-ieee-4096.png" in files


def test_plot_data_of_the_float64_series_without_matplotlib():
    from kfuse.bench.blas3 import fused_report as FR
    from kfuse.bench.blas3 import plots

    res = results()
    assert plots.bar_size(R.index(res), "float64") == "4096"
    assert dict(plots.bar_data(res, "float64", "4096")["cublas"]) == {
        "GEMM-NN": pytest.approx(2 * 4096 ** 3 / 2400e-6 / 1e12)}
    assert FR.speedup_data(res, "4096", "float64")["kfuse"] == [("3mm", pytest.approx(7700 / 7000))]
    assert FR.speedup_data(res, "4096") == {}          # no float32 fused records
