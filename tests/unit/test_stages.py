"""Named compilation stages, the launch description and by-value blocks (no NVRTC needed)."""
from __future__ import annotations

import dataclasses
import json
import os

import numpy as np
import pytest

from kfuse.api import compile_stages, make_plan
from kfuse.cli import main
from kfuse.codegen import generate
from kfuse.errors import ArgumentError, KfuseError
from kfuse.frontend import script
from kfuse.runtime import launch, launch_spec
from kfuse.pipeline import stages

from .unit_helpers import bound, example


def test_stage_names_in_order():
    assert stages.STAGES == ("program", "graph", "plan", "kernels", "cuda", "cubin", "executable")


def test_unknown_stage_is_refused_with_the_list():
    with pytest.raises(KfuseError, match=r"unknown stage 'ptx' \(stages, in order: program, graph, plan"):
        compile_stages(script.load(example("bicgk")), {"m": 30, "n": 40}, until="ptx")


@pytest.mark.parametrize("until", ["program", "graph", "plan", "kernels", "cuda"])
def test_stages_up_to_cuda_without_nvrtc(until):
    got = compile_stages(script.load(example("bicgk")), {"m": 30, "n": 40}, until=until)
    assert tuple(got) == stages.STAGES[:stages.STAGES.index(until) + 1]
    assert got["program"].is_bound
    if "graph" in got:
        assert got["graph"].edges == tuple(tuple(e) for e in got["program"].edges())
    if "cuda" in got:
        assert got["cuda"] == got["kernels"].source and "extern \"C\" __global__" in got["cuda"]
        assert [k.name for k in got["kernels"].launches] == [k.name for k in got["plan"].kernels]


def test_cli_stages_writes_one_file_per_artifact(tmp_path, capsys):
    out = tmp_path / "st"
    rc = main(["stages", example("bicgk"), "--size", "m=30", "--size", "n=40", "--until", "cuda",
               "--out", str(out)])
    printed = capsys.readouterr().out.splitlines()
    assert rc == 0
    files = sorted(os.path.relpath(os.path.join(d, f), out) for d, _, fs in os.walk(out) for f in fs)
    assert len(printed) == len(files) and all(ln.startswith(f"wrote {out}") for ln in printed)
    assert {"bicgk.program.json", "bicgk.graph.dot", "bicgk.graph.json", "bicgk.plan.json",
            "bicgk.cu"} <= set(files)
    assert any(f.startswith("bicgk.kernels/") and f.endswith(".cu") for f in files)
    assert json.loads((out / "bicgk.plan.json").read_text())["kernels"]
    assert (out / "bicgk.graph.dot").read_text().startswith("digraph")
    graph = json.loads((out / "bicgk.graph.json").read_text())
    assert [c["fn"] for c in graph["calls"]] == ["gemv", "gemv_t"] and graph["edges"] == []
    phases = [f for f in files if f.endswith(".phases.json")]
    assert len(phases) == len([f for f in files if f.startswith("bicgk.kernels/") and f.endswith(".cu")])
    body = json.loads((out / phases[0]).read_text())
    assert list(body) == ["shared", "registers", "indices", "invariants", "clears", "loop", "finish"]
    kernel = (out / phases[0].replace(".phases.json", ".cu")).read_text()
    loop = body.pop("loop")
    assert list(loop) == ["text", "calls"] and loop["text"] in kernel.replace("\n    ", "\n")
    calls = loop["calls"]
    assert calls and all(list(s) == ["call", "part", "loads", "compute", "stores"] for s in calls)
    assert [s["call"] for s in calls] == sorted(s["call"] for s in calls)   # in call order
    steps = [s[k] for s in calls for k in ("loads", "compute", "stores")]
    assert all(f"// call {s['call']}: " in s["loads"] for s in calls)
    assert body["indices"] and all(line.strip() in loop["text"] for v in steps for line in v.splitlines())
    assert all(line.strip() in kernel for v in list(body.values()) + steps for line in v.splitlines())


def test_cli_unknown_stage_is_one_line(capsys):
    rc = main(["stages", example("bicgk"), "--until", "sass"])
    err = capsys.readouterr().err
    assert rc == 1 and err.startswith("kfuse: error: unknown stage 'sass'") and err.count("\n") == 1


def test_launch_spec_of_a_generated_module():
    prog = bound("bicgk", m=30, n=40)
    module = generate(prog, make_plan(prog, fuse=False))
    spec = launch_spec.build_spec(prog, module, "sm_90", "sm_90")
    assert [i.name for i in spec.inputs] == list(prog.inputs) and spec.n_arguments == len(prog.inputs)
    assert [o.name for o in spec.outputs] == list(prog.outputs)
    assert {a.name for a in spec.per_call} >= set(prog.outputs)
    assert [L.kernel for L in spec.launches] == [k.name for k in module.launches]
    for L, k in zip(spec.launches, module.launches):
        assert L.grid == tuple(k.grid) and L.block == tuple(k.block) and L.shared_bytes == 0
        assert (L.plan_kernel, L.calls) == ((k.plan.name, tuple(k.plan.calls)) if k.plan else (None, L.calls))
    assert json.loads(json.dumps(spec.to_json()))["launches"][0]["kernel"] == spec.launches[0].kernel
    with pytest.raises(Exception):
        spec.inputs = ()   # frozen


def test_by_value_block_is_copied_aligned_and_checked():
    data = np.arange(32, dtype=np.float32)
    block = launch.ByValue(data, 128, 64)
    assert block.address % 64 == 0 and bytes(block.view) == data.tobytes()
    with pytest.raises(ArgumentError, match="'sc' needs 128 bytes, got 64"):
        launch.pass_by_value({"sc": np.zeros(16, np.float32)}, (("sc", 128, 16),))
    with pytest.raises(ArgumentError, match="'sc' was not given"):
        launch.pass_by_value({}, (("sc", 128, 16),))


# ------------------------------------------------------------------ register budgets by space
MIXED = """matrix A(m, n); vector x(n), t(m), u(m), y(m);
input A, x, u;
t = gemv(A, x);
y = t + u;
return y;
"""


def _spill(plan, *names) -> dict:
    """ptxas resources of ``plan``'s kernels where those named spilled (and no other did)."""
    return {k.name: {"spill_stores": 8 if k.name in names else 0, "stack": 0} for k in plan.kernels}


def test_the_build_raises_the_budget_of_spaces_that_allow_it():
    """Tile kernels start at their schema's 64, rows kernels at ptxas's choice; vec kernels,
    and kernels whose plan names a budget, keep theirs."""
    assert (stages.default_regs("tile"), stages.default_regs("rows"), stages.default_regs("vec")) == (64, 0, 0)
    prog = bound(MIXED, m=300, n=200)
    plan = make_plan(prog, fuse=False)
    names = {k.space: k.name for k in plan.kernels}
    assert {"tile", "vec"} <= set(names)
    auto = stages.raisable(plan)
    assert names["tile"] in auto and names["vec"] not in auto
    spilled = _spill(plan, *[k.name for k in plan.kernels])
    assert stages.roomier(plan, spilled, auto, 64) is None   # tile starts at 64 already
    raised = stages.roomier(plan, spilled, auto, 128)
    assert {k.name: k.params.get("regs") for k in raised.kernels} == \
        {k.name: (128 if k.name == names["tile"] else k.params.get("regs")) for k in plan.kernels}
    named = dataclasses.replace(plan, kernels=[dataclasses.replace(k, params={**k.params, "regs": 32})
                                               for k in plan.kernels])
    assert stages.raisable(named) == set()


def test_a_registered_space_says_whether_its_budget_rises():
    """The retry reads the space, not its name: a toy space that raises its registers (from
    its own default, 32) is raised; unregistered, its name is refused."""
    from kfuse import spaces
    from kfuse.spaces import ParamSpec, Space

    class Roomy(Space):
        name = "roomy"
        raises_regs = True
        params = (ParamSpec("regs", int, 32, doc="register budget"),)

    prog = bound("gesummv", m=300, n=200)
    plan = make_plan(prog, fuse=False)
    toy = dataclasses.replace(plan, kernels=[dataclasses.replace(plan.kernels[0], space="roomy", params={})])
    spaces.register(Roomy())
    try:
        assert stages.default_regs("roomy") == 32
        assert stages.raisable(toy) == {toy.kernels[0].name}
        raised = stages.roomier(toy, _spill(toy, toy.kernels[0].name), stages.raisable(toy), 64)
        assert raised.kernels[0].params["regs"] == 64
    finally:
        spaces.unregister("roomy")
    with pytest.raises(KfuseError, match="unknown space 'roomy'"):
        stages.raisable(toy)
