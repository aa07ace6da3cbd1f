"""``kfuse stages`` through NVRTC: the CUDA stage's report has ptxas's registers and spills, and
a plan edited into new clusters compiles without spills."""
import json
import re

from kfuse.cli import main
from tests.compile.compile_helpers import ARCH
from tests.unit.unit_helpers import example

SIZES = ["--size", "m=300", "--size", "n=500", "--arch", ARCH]


def _report(out) -> dict:
    """kernel -> (registers, spilled bytes) read from 06_report.txt."""
    text = (out / "06_report.txt").read_text()
    return {m[1]: (int(m[2]), int(m[3])) for m in re.finditer(r"^  (\w+): (\d+) registers, \d+ B shared, (\d+) B spilled",
                                                          text, re.M)}


def test_cuda_report_has_registers_after_cubin(tmp_path):
    out = tmp_path / "st"
    assert main(["stages", example("gemver"), *SIZES, "--until", "cubin", "--out", str(out)]) == 0
    got = _report(out)
    names = [k["name"] for k in json.loads((out / "05_plan.json").read_text())["kernels"]]
    assert {k for k in got if not k.startswith("kf_")} == set(names) and all(regs > 0 and spill == 0 for regs, spill in got.values())
    assert (out / "gemver.cubin").read_bytes()[:4] == b"\x7fELF"


def test_resumed_plan_compiles(tmp_path):
    out = tmp_path / "st"
    assert main(["stages", example("gemver"), *SIZES, "--until", "plan", "--out", str(out)]) == 0
    path = out / "05_oeg_new.dot"
    lines = path.read_text().splitlines()
    i = next(j for j, ln in enumerate(lines) if ln.strip().startswith('"call:2" [shape'))
    moved = lines.pop(i)
    lines[-1:-1] = ["  subgraph cluster_k5 {", moved, "  }"]
    path.write_text("\n".join(lines) + "\n")
    assert main(["stages", example("gemver"), *SIZES, "--from", "plan", "--until", "cubin", "--out", str(out)]) == 0
    got = _report(out)
    plan = json.loads((out / "gemver.plan.json").read_text())
    assert [k["calls"] for k in plan["kernels"]] == [[0, 1], [2], [3]]
    assert {k["name"] for k in plan["kernels"]} == {k for k in got if not k.startswith("kf_")}
    assert all(spill == 0 for _, spill in got.values())
