"""The staged workflow of a Python function on the GPU (issue 31, item 5): stage 01 times each
call of the traced function, and the plan of an edited, resumed folder runs the function to
NumPy's result."""
from __future__ import annotations

import json
import os

import numpy as np

import kfuse
from kfuse import ShapeDtype

from ..unit import stage_functions as F


def _kernels(path) -> list:
    with open(path) as f:
        return json.load(f)["kernels"]


def test_a_functions_stages_are_measured_and_its_edited_plan_runs(tmp_path):
    import cupy as cp
    shape, c = (1023, 2049), 0.1   # odd sizes
    u = ShapeDtype(shape, "float64")
    out = str(tmp_path / "st")
    st = kfuse.jit(F.heat).stages(u, c, dir=out, until="plan", measure="on")
    with open(st["01_metadata.json"]) as f:
        meta = json.load(f)
    assert meta["measured"] and meta["function"]["args"] == ["u=float64[1023,2049]", "c=float"]
    assert all(call["measured_us"] > 0 for call in meta["calls"]), meta["calls"]
    fused = st.plan
    unfused = kfuse.jit(F.heat, fuse=False).stages(u, c, dir=str(tmp_path / "u"), until="plan", measure="off")
    with open(st["05_plan.json"]) as f:
        plan = json.load(f)
    plan["kernels"] = _kernels(unfused["05_plan.json"])
    with open(st["05_plan.json"], "w") as f:
        json.dump(plan, f)
    again = kfuse.jit(F.heat).stages(u, c, dir=out, from_stage="plan")   # to the executable
    n = len(again.program.calls)
    assert [k.calls for k in again.plan.kernels] == [[i] for i in range(n)]
    rng = np.random.default_rng(7)
    host = rng.random(shape)
    want = F.heat(host, c)   # the function is plain NumPy
    for plan_file in (os.path.join(out, "heat.plan.json"), fused.dumps(again.program)):
        got = kfuse.jit(F.heat, plan=plan_file)(cp.asarray(host), c)
        np.testing.assert_allclose(cp.asnumpy(got), want, rtol=1e-13, atol=1e-13)
