"""The stencil suite on a GPU (``kfuse bench --stencils --quick``): every peer checks every
workload against the float64 reference and is timed; kfuse either runs or says why in one line;
the CLI writes its report.  Skipped without a GPU (tests/gpu/conftest.py), and per peer where
its package is missing (with the worker's reason)."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from kfuse.bench import worker
from kfuse.bench.stencils import workloads as W

ROOT = Path(__file__).resolve().parents[2]
ENV = dict(os.environ, PYTHONPATH=str(ROOT / "src") + os.pathsep + os.environ.get("PYTHONPATH", ""))


def _worker(impl: str, names: list[str], dtype: str = "float32") -> list[dict]:
    cmd = [sys.executable, "-m", "kfuse.bench.stencils.worker", "--impl", impl, "--dtype", dtype,
           "--quick", "--min-time", "0.01", "--workloads", json.dumps(names)]
    res = subprocess.run(cmd, capture_output=True, text=True, env=ENV, timeout=560)
    msgs = [json.loads(line[len(worker.PREFIX):]) for line in res.stdout.splitlines()
            if line.startswith(worker.PREFIX)]
    recs = [m for m in msgs if m["type"] == "result"]
    assert len(recs) == len(names), (res.returncode, res.stderr[-3000:])
    return recs


def _all_ok(recs: list[dict]) -> None:
    if all(r["status"] == "skipped" for r in recs):
        pytest.skip(recs[0]["note"])
    bad = [(r["workload"], r["status"], r["note"]) for r in recs if r["status"] != "ok"]
    assert not bad, bad
    for r in recs:
        assert r["hot"]["us"] > 0 and max(r["relerr"].values()) <= max(r["tol"].values())


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("impl", ["cupy", "torch", "jax"])
def test_eager_peers_check_and_time_every_workload(impl, dtype):
    _all_ok(_worker(impl, list(W.ORDER), dtype))


def test_torch_compile_checks_and_times():
    _all_ok(_worker("inductor", ["heat3d-256", "hdiff-80x256x256", "flux5-512", "jacobi2d_loop-8192"]))


def test_torch_compile_max_autotune_checks_and_times():
    """Regression: the 100-step loops failed with "accessing tensor output of CUDAGraphs that
    has been overwritten by a subsequent run"; they run as one cudagraph generation per loop."""
    recs = _worker("inductor-max-autotune", ["jacobi2d-8192", "jacobi2d_loop-8192", "heat3d_loop-256"])
    _all_ok(recs)
    for r in recs[1:]:
        assert "cudagraph_mark_step_begin() once per loop" in r["loop"], r["loop"]


def test_kfuse_runs_or_says_why_in_one_line():
    recs = _worker("kfuse", ["heat3d-256", "hdiff-80x256x256", "jacobi2d_loop-8192"])
    for r in recs:
        assert r["status"] in ("ok", "error"), r                   # never "wrong"
        if r["status"] == "error":
            assert r["note"] and "\n" not in r["note"] and "Traceback" not in r["note"]
        else:
            assert r["hot"]["us"] > 0 and r["plan"].get("kernels")
    loop = recs[2]
    if loop["status"] == "ok":
        import kfuse
        want = "kfuse.iterate" if hasattr(kfuse, "iterate") else "out= ping-pong"
        assert loop["loop"].startswith(want), loop["loop"]


def test_kfuse_occupancy_same_kernels_block_by_occupancy():
    names = ["heat3d-256", "hdiff-80x256x256", "jacobi2d_loop-8192"]
    mine = {r["workload"]: r for r in _worker("kfuse", names)}
    for r in _worker("kfuse-occupancy", names):
        assert r["status"] in ("ok", "error"), r
        if r["status"] != "ok" or mine[r["workload"]]["status"] != "ok":
            continue
        assert r["hot"]["us"] > 0
        ks, ref = r["plan"]["kernels"], mine[r["workload"]]["plan"]["kernels"]
        assert [k["calls"] for k in ks] == [k["calls"] for k in ref]       # the same fusion
        for rep in r["plan"]["occupancy"]:
            occ = [c["occupancy"] for c in rep["candidates"]]
            assert rep["chosen"] == occ.index(max(occ))


def test_kfuse_tuned_times_plans_and_is_not_slower_than_its_first():
    """kfuse-tuned: the tuner's report is in the record, the fastest plan it timed is at most
    its first (the model's) one, and the plan has the same kernels' calls as kfuse's."""
    names = ["heat3d-256", "flux5-512"]
    for r in _worker("kfuse-tuned", names):
        assert r["status"] == "ok", r
        rep = r["plan"]["tune"]
        assert rep["benchmarked"] >= 2 and rep["first_vs_best"] >= 1.0
        assert r["hot"]["us"] > 0 and max(r["relerr"].values()) <= max(r["tol"].values())


def test_cli_quick_writes_the_report(tmp_path):
    out = tmp_path / "sb"
    cmd = [sys.executable, "-m", "kfuse", "bench", "--stencils", "--quick", "--dtype", "float32",
           "--workload", "heat3d-256", "jacobi2d_loop", "--impls", "kfuse,kfuse-occupancy,cupy",
           "--budget", "240", "--out", str(out)]
    res = subprocess.run(cmd, capture_output=True, text=True, env=ENV, timeout=400)
    assert res.returncode == 0, res.stderr[-3000:]
    results = json.loads((out / "results.json").read_text())
    assert results["ceilings"].get("read_GBs", 0) > 0
    cupy = [r for r in results["records"] if r["impl"] == "cupy"]
    # the selectors' workloads (jacobi2d_loop names two sizes: jacobi2d_loop-8192, -16384)
    assert {r["workload"].split("-")[0] for r in cupy} == {"heat3d", "jacobi2d_loop"}, cupy
    assert all(r["status"] == "ok" for r in cupy), [(r["workload"], r["status"]) for r in cupy]
    text = (out / "report.md").read_text()
    assert "Table 1" in text and "Table 2" in text and "% of the limit" in text
    assert "occupancy rule" in text and "which loop" in text
    for r in results["records"]:
        if r["impl"] == "kfuse" and r["status"] != "ok":
            assert f"{r['workload']} float32: kfuse: " in res.stdout


def test_cli_two_parts_then_merge(tmp_path):
    """--part 1/2 and 2/2 each run half the workloads; --merge makes one report of both."""
    dirs = []
    for n in (1, 2):
        d = tmp_path / f"p{n}"
        cmd = [sys.executable, "-m", "kfuse", "bench", "--stencils", "--quick", "--dtype", "float32",
               "--workload", "heat3d-256", "jacobi2d-8192", "--impls", "cupy", "--budget", "120",
               "--part", f"{n}/2", "--out", str(d)]
        res = subprocess.run(cmd, capture_output=True, text=True, env=ENV, timeout=300)
        assert res.returncode == 0, res.stderr[-3000:]
        dirs.append(str(d))
    out = tmp_path / "merged"
    res = subprocess.run([sys.executable, "-m", "kfuse", "bench", "--stencils", "--merge", *dirs,
                          "--out", str(out)], capture_output=True, text=True, env=ENV, timeout=120)
    assert res.returncode == 0, res.stderr[-3000:]
    merged = json.loads((out / "results.json").read_text())
    assert sorted(r["workload"] for r in merged["records"]) == ["heat3d-256", "jacobi2d-8192"]
    text = (out / "report.md").read_text()
    assert "Merged from" in text and ((out / "stencils.png").is_file() or "plot skipped" in text)
