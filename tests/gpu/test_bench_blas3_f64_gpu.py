"""float64 points of ``kfuse bench --blas3`` on the device (issue 36): every implementation's
worker checks one variant of each family, the non-square-style GEMM shape and NPBench's 2mm / 3mm
in float64 against the float64 reference (the odd-size check included) and times them; kfuse
(mma_f64) and every peer are "ok" in float64, never "wrong" (torch.compile skips the families it
does not run; kfuse may be "not-built" only with kfuse's own message).  The peaks worker
measures the FP64 tensor-core probe."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from kfuse.bench import worker

ROOT = Path(__file__).resolve().parents[2]
VARIANTS = ("GEMM-NN", "GEMM-TN", "SYMM-LU", "TRMM-RL-T", "TRSM-LL-N", "SYRK-UN", "SYR2K-LT")
SHAPE = (256, 192, 320)


def _worker(impl: str, points: list) -> list[dict]:
    env = dict(os.environ, PYTHONPATH=str(ROOT / "src") + os.pathsep + os.environ.get("PYTHONPATH", ""))
    res = subprocess.run([sys.executable, "-m", "kfuse.bench.blas3.worker", "--impl", impl,
                          "--min-time", "0.01", "--points", json.dumps(points)],
                         capture_output=True, text=True, env=env, timeout=500)
    msgs = [json.loads(ln[len(worker.PREFIX):]) for ln in res.stdout.splitlines()
            if ln.startswith(worker.PREFIX)]
    recs = [m for m in msgs if m["type"] in ("result", "peaks")]
    assert len(recs) == max(1, len(points)), res.stderr[-3000:]
    return recs


def _points() -> list:
    m, n, k = SHAPE
    pts = [[v, n if v.startswith("SYR") else m, n, k if v.startswith(("GEMM", "SYR")) else m, "ieee", "float64"]
           for v in VARIANTS]
    pts[0][1:4] = [384, 256, 64]        # a thin inner size, as 4096x4096x64
    return pts + [[w, *SHAPE, "ieee", "float64"] for w in ("2mm", "3mm")]


@pytest.mark.parametrize("impl", ["kfuse", "cublas", "cupy", "torch", "inductor"])
def test_float64_points_check_and_time(impl):
    recs = _worker(impl, _points())
    if all(r["status"] == "skipped" for r in recs):
        pytest.skip(recs[0]["note"])
    for r in recs:
        assert r["dtype"] == "float64" and r["precision"] == "ieee"
        if impl == "inductor" and r["family"] in ("symm", "trmm", "trsm"):
            assert r["status"] == "skipped", r
            continue
        if impl == "kfuse" and r["status"] == "not-built":
            assert r["note"], r
            continue
        assert r["status"] == "ok", r
        assert r["hot"]["us"] > 0 and r["relerr"] <= r["tol"] <= 2e-13, r
    if impl == "kfuse":     # GEMM on mma_f64 and the chains are built
        ok = {r["variant"] for r in recs if r["status"] == "ok"}
        assert {"GEMM-NN", "GEMM-TN", "2mm", "3mm"} <= ok, ok
    if impl != "inductor":
        assert all("odd_check" in r for r in recs if r["status"] == "ok")


def test_peaks_measure_the_fp64_tensor_probe():
    (peaks,) = _worker("peaks", [])
    assert peaks.get("ffma_probe_tflops"), peaks
    if tuple(peaks["cc"]) >= (9, 0):     # DMMA m16n8k8: sm_90
        assert peaks["fp64_tensor_probe_tflops"] > peaks["dfma_probe_tflops"] > 0
