"""kfuse.bench.suite (what the stencil and BLAS-3 suites share) and the suite workers' loop
(kfuse.bench.worker.serve), without a GPU: fake workers and a fake implementation."""
from __future__ import annotations

import json
from types import SimpleNamespace

import pytest

from kfuse.bench import suite as S
from kfuse.bench import worker as bw

SPEC = S.SuiteSpec(name="toy", schema="toy/1", measured="ceilings", measured_ok="read_GBs",
                   measured_same=("read_GBs",), record_key=("impl", "point"))


class ToyRun(S.SuiteRun):
    spec = SPEC
    note_skipped = True

    def result_key(self, obj):
        return obj["point"]

    def worker_cmd(self, job, items, deadline):
        return ["toy", job, *items]

    def missing(self, job, item, status, note):
        return {"type": "result", "impl": job, "point": item, "status": status, "note": note}

    def failure_note(self, rec):
        return f"{rec['point']}: {rec['note']}"


def _fake_worker(script):
    """run_worker that plays, per call, the points of ``script`` (a list of (points, reason))."""
    calls = []

    def run_worker(cmd, log, hard, on_message, point_timeout=None, append=False):
        points, reason = script[len(calls)]
        calls.append((cmd, append))
        for p in points:
            on_message({"type": "progress", "point": p})
            if p == "crash":
                return reason
            status = "skipped" if p.startswith("skip") else "ok"
            on_message({"type": "result", "impl": cmd[1], "point": p, "status": status,
                        "note": "no toy" if status == "skipped" else "", "hot": {"us": 1.0}})
        on_message({"type": "env", "versions": {"toy": "1.0", "none": None}})
        return reason

    return run_worker, calls


def _run(tmp_path, monkeypatch, script):
    run_worker, calls = _fake_worker(script)
    monkeypatch.setattr("kfuse.bench.runner.run_worker", run_worker)
    args = SimpleNamespace(budget=100.0, point_timeout=10.0)
    run = ToyRun(args, tmp_path, {"suite": "toy"}, 5)
    return run, calls


def test_run_job_restarts_without_the_point_it_crashed_on(tmp_path, monkeypatch):
    run, calls = _run(tmp_path, monkeypatch, [(["a", "crash"], "exited with 1"), (["b", "skip1"], None)])
    run.run_job("toy", "toy f32", ["a", "crash", "b", "skip1"], 1)
    by = {r["point"]: r for r in run.records}
    assert [c[0][2:] for c in calls] == [["a", "crash", "b", "skip1"], ["b", "skip1"]]
    assert [c[1] for c in calls] == [False, True]            # the log is appended to on restart
    assert by["crash"]["status"] == "error" and "exited with 1" in by["crash"]["note"]
    assert by["a"]["status"] == by["b"]["status"] == "ok"
    assert run.impl_notes["toy f32"].startswith("skipped: no toy; worker exited with 1")
    assert run.meta["versions_loaded"] == {"toy": "1.0"}
    run.raw.close()
    saved = [json.loads(x) for x in (tmp_path / "raw.jsonl").read_text().splitlines()]
    assert saved[0]["type"] == "meta" and len(saved) == 1 + len(run.records)
    back = S.load_results(tmp_path, SPEC)
    assert back["schema"] == "toy/1" and len(back["records"]) == 4 and back["ceilings"] is None


def test_run_job_timed_out_leaves_the_rest_not_run(tmp_path, monkeypatch):
    run, calls = _run(tmp_path, monkeypatch, [(["a"], "timed out")])
    run.run_job("toy", "toy", ["a", "b", "c"], 1)
    assert len(calls) == 1
    assert [(r["point"], r["status"]) for r in run.records] == [("a", "ok"), ("b", "not-run"), ("c", "not-run")]
    assert run.records[1]["note"] == "worker timed out after 0 s"
    assert run.results()["impl_notes"] == {"toy": "worker timed out after 0 s"}


def test_allotment_keeps_a_reserve_for_later_workers():
    start, soft, hard = S.allotment(100.0, 4)
    assert hard - start == pytest.approx(min(100 - 30, 2.5 * 25))
    assert start < soft < hard
    start, _, hard = S.allotment(1.0, 3)
    assert hard - start == pytest.approx(5.0)   # 5 s at least


def test_merge_refuses_another_suite_before_mixing(tmp_path):
    a = {"schema": "toy/1", "meta": {"quick": True}, "records": []}
    with pytest.raises(ValueError, match="not a toy suite"):
        S.merge([a, {"schema": "other/1"}], None, SPEC, lambda parts: {})
    with pytest.raises(ValueError, match="mix --quick and full"):
        S.merge([a, {"schema": "toy/1", "meta": {}}], None, SPEC, lambda parts: {})


class _Impl:
    requires = ()

    def __init__(self, unavailable=None):
        self.why = unavailable
        self.restored = False

    def unavailable(self):
        return self.why

    def setup(self, dtype):
        self.dtype = dtype

    def restore(self):
        self.restored = True


@pytest.fixture
def emitted(monkeypatch):
    out = []
    monkeypatch.setattr(bw, "emit", out.append)
    monkeypatch.setattr(bw, "device_check", lambda: None)
    monkeypatch.setattr(bw, "_release", lambda impl: None)
    monkeypatch.setattr(bw, "_device_healthy", lambda: True)
    return out


def _serve(impl, items, run_one, deadline=0.0):
    return bw.serve("toy", impl, items, "float32", deadline,
                    lambda x: {"type": "result", "point": x, "status": "ok", "note": ""},
                    run_one, lambda x: {"point": x})


def _boom(x):
    if x == "bad":
        raise RuntimeError("bad point\nmore")
    return {"type": "result", "point": x, "status": "ok", "note": "", "hot": {"us": 1.0}}


def test_serve_records_an_error_and_goes_on(emitted):
    impl = _Impl()
    assert _serve(impl, ["a", "bad", "c"], _boom) == 0
    recs = [m for m in emitted if m["type"] == "result"]
    assert [(r["point"], r["status"]) for r in recs] == [("a", "ok"), ("bad", "error"), ("c", "ok")]
    assert recs[1]["note"] == "RuntimeError: bad point"
    assert [m["point"] for m in emitted if m["type"] == "progress"] == ["a", "bad", "c"]
    assert emitted[-1] == {"type": "done"} and impl.restored and impl.dtype == "float32"


def test_serve_unavailable_and_deadline(emitted):
    assert _serve(_Impl("no toy library"), ["a", "b"], _boom) == 0
    assert [(m["status"], m["note"]) for m in emitted if m["type"] == "result"] == [("skipped", "no toy library")] * 2
    emitted.clear()
    assert _serve(_Impl(), ["a", "b"], _boom, deadline=1.0) == 0     # a deadline long past
    assert [m["status"] for m in emitted if m["type"] == "result"] == ["not-run", "not-run"]


def test_serve_exits_3_when_the_context_is_gone(emitted, monkeypatch):
    monkeypatch.setattr(bw, "_device_healthy", lambda: False)
    assert _serve(_Impl(), ["bad", "c"], _boom) == 3
    assert emitted[-1]["type"] == "fatal" and not any(m.get("point") == "c" for m in emitted)
