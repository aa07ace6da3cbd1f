"""``kfuse stages`` on the GPU: stage 01 times each call's unfused kernel (issue 19, item 6)."""
from __future__ import annotations

import json
import os

from kfuse.cli import main

EXAMPLES = os.path.join(os.path.dirname(__file__), "..", "..", "examples")


def test_metadata_is_measured_on_the_gpu(tmp_path, capsys):
    out = tmp_path / "st"
    rc = main(["stages", os.path.join(EXAMPLES, "gemver.kf"), "--size", "m=4096", "--size", "n=4096",
               "--until", "program", "--measure", "on", "--out", str(out)])
    assert rc == 0, capsys.readouterr().err
    meta = json.loads((out / "01_metadata.json").read_text())
    assert meta["measured"] and "timed alone" in meta["measured_note"]
    for c in meta["calls"]:
        assert c["measured_us"] > 0, c
        # no kernel beats the DRAM ceilings by more than L2 reuse and noise allow
        assert 1 <= c["measured_limit_pct"] <= 130, c
    big = max(meta["calls"], key=lambda c: c["read_bytes"])   # a 64 MiB matrix pass: DRAM-bound
    assert big["measured_limit_pct"] >= 40, big
    assert "measured on" in (out / "01_report.txt").read_text()


def test_stencil_metadata_is_measured(tmp_path, capsys):
    out = tmp_path / "st"
    rc = main(["stages", os.path.join(EXAMPLES, "jacobi2d.kf"), "--size", "n=1025", "--size", "m=2047",
               "--until", "targets", "--out", str(out)])
    assert rc == 0, capsys.readouterr().err
    meta = json.loads((out / "01_metadata.json").read_text())
    assert meta["measured"] and all(c["measured_us"] > 0 for c in meta["calls"])
