"""The CUDA-graph peers of the benchmark suite run, pass the check and are timed (small sizes);
and the calibration validation times two plans of one program."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from kfuse.bench import worker

ROOT = Path(__file__).resolve().parents[2]


def _worker(impl: str, points: list) -> list[dict]:
    env = dict(os.environ, PYTHONPATH=str(ROOT / "src") + os.pathsep + os.environ.get("PYTHONPATH", ""))
    res = subprocess.run([sys.executable, "-m", "kfuse.bench.worker", "--impl", impl, "--min-time", "0.01",
                          "--points", json.dumps(points)], capture_output=True, text=True, env=env,
                         timeout=400)
    msgs = [json.loads(l[len(worker.PREFIX):]) for l in res.stdout.splitlines() if l.startswith(worker.PREFIX)]
    return [m for m in msgs if m["type"] == "result"]


@pytest.mark.parametrize("impl", ["cupy-graph", "torch-graph", "inductor-graphs"])
def test_graph_peer_checks_and_times(impl):
    points = [["SGEMV", 512, 384], ["BiCGK", 256, 320], ["VADD", None, 4096], ["AXPYDOT", None, 5000]]
    recs = _worker(impl, points)
    assert len(recs) == len(points)
    if all(r["status"] == "skipped" for r in recs):
        pytest.skip(recs[0]["note"])
    for r in recs:
        assert r["status"] in ("ok", "error"), r        # never "wrong"
        if r["status"] == "ok":
            assert r["hot"]["us"] > 0 and r["rotating"]["sets"] >= 2
    assert sum(r["status"] == "ok" for r in recs) >= (2 if impl == "cupy-graph" else len(points))


def test_validation_times_differing_plans():
    from kfuse.bench import validate
    from kfuse.model.calibration import load_calibration
    cur = load_calibration()
    new = type(cur).from_json({**cur.to_json(), "env_factor": {}, "host_launch_s": 1.0})   # another model
    pts = validate.sequence_points()[:3]
    rows = validate.compare(new, cur, pts)
    assert [r["point"] for r in rows] == [p[0] for p in pts]
    for r in rows:
        assert r["same_plan"] or (r["current_us"] > 0 and r["new_us"] > 0 and r["ratio"] > 0)
