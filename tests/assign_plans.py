"""Plans of the boundary-code programs of tests/unit/test_assign.py (shared by the compile and
GPU tiers): unfused, the model's, and the model's with each kernel in turn at each distinct
variant its space offers (staging, streaming depth, points per thread, vector width), and for
grids every kernel at 3 planes per block (register queues; the far plane of ``v[0] = v[-2]``
lies past their span)."""
from __future__ import annotations

from kfuse import spaces
from kfuse.fusion import unfused_plan
from kfuse.fusion.search import make_plan
from kfuse.model import load_calibration
from kfuse.model.planner import best_plan


def _key(v: dict) -> tuple:
    return (v.get("smem", ""), v.get("zc", 1) > 1, v.get("px", 1) * v.get("py", 1) > 1, v.get("stream", "z"),
            v.get("vec", 1))


def plans(prog) -> list:
    """The plans named in the module docstring."""
    best = best_plan(prog, load_calibration())
    groups = [(list(k.calls), dict(k.params)) for k in best.kernels]
    info = spaces.program_info(prog)
    out = [unfused_plan(prog), best]
    for i, (calls, _) in enumerate(groups):
        dom = spaces.kernel_domain(prog, calls)
        if dom.space != "grid":
            continue
        seen = set()
        for v in spaces.get("grid").variants(prog, calls, dom, info.dtype(calls[0]), True, info):
            if _key(v) in seen:
                continue
            seen.add(_key(v))
            out.append(make_plan(prog, [(c, v if j == i else p) for j, (c, p) in enumerate(groups)]))
    if prog.value(prog.inputs[0]).type.rank >= 3:   # several planes per block: the register queues
        out.append(make_plan(prog, [(c, {"bx": 32, "by": 4, "zc": 3} if spaces.kernel_domain(prog, c).space == "grid"
                                     else p) for c, p in groups]))
    return out
