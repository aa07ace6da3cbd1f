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
    _all_ok(_worker("inductor-max-autotune", ["jacobi2d-8192"]))


def test_kfuse_runs_or_says_why_in_one_line():
    recs = _worker("kfuse", ["heat3d-256", "hdiff-80x256x256", "jacobi2d_loop-8192"])
    for r in recs:
        assert r["status"] in ("ok", "error"), r                   # never "wrong"
        if r["status"] == "error":
            assert r["note"] and "\n" not in r["note"] and "Traceback" not in r["note"]
        else:
            assert r["hot"]["us"] > 0 and r["plan"].get("kernels")


def test_cli_quick_writes_the_report(tmp_path):
    out = tmp_path / "sb"
    cmd = [sys.executable, "-m", "kfuse", "bench", "--stencils", "--quick", "--dtype", "float32",
           "--workload", "heat3d-256", "jacobi2d_loop", "--impls", "kfuse,cupy", "--budget", "240",
           "--out", str(out)]
    res = subprocess.run(cmd, capture_output=True, text=True, env=ENV, timeout=400)
    assert res.returncode == 0, res.stderr[-3000:]
    results = json.loads((out / "results.json").read_text())
    assert results["ceilings"].get("read_GBs", 0) > 0
    cupy = [r for r in results["records"] if r["impl"] == "cupy"]
    assert [r["status"] for r in cupy] == ["ok", "ok"]
    text = (out / "report.md").read_text()
    assert "Table 1" in text and "Table 2" in text and "% of the limit" in text
    for r in results["records"]:
        if r["impl"] == "kfuse" and r["status"] != "ok":
            assert f"{r['workload']} float32: kfuse: " in res.stdout
