"""``kfuse-occupancy``: kfuse's fused plan with each grid kernel's block shape chosen by
occupancy alone (the seed's rule), to measure what kfuse's plan gains over that rule.

The rule, per grid kernel of kfuse's plan: the candidate block shapes are the distinct
``(bx, by)`` of the grid space's variants of that kernel (:func:`kfuse.fusion.search.
impl_variants`, in their order); each candidate keeps kfuse's other choices (points per
thread ``px``/``py``, staging ``smem``) and takes the streaming depth ``zc`` (and plane
unrolling ``uz``) the space gives that shape.  Every candidate is compiled
(:func:`kfuse.pipeline.stages.build`; the registers and shared memory come from ptxas), its
theoretical occupancy computed (:func:`.tables.occupancy`), and the highest wins; ties go to
the first.  Kernels of other spaces (not in :data:`SPACES`) keep kfuse's parameters.

Compiling needs NVRTC only (no GPU): the compile tier tests this module on the CPU.
"""
from __future__ import annotations

from .tables import occupancy

SPACES = ("grid",)                       # the spaces whose kernels the rule re-shapes
SHAPE_KEYS = ("bx", "by", "zc", "uz")    # what a candidate takes from its variant
KEPT_KEYS = ("px", "py", "smem")          # what it keeps from kfuse's plan where it can


def block_of(params: dict) -> tuple[int, int]:
    return int(params["bx"]), int(params.get("by", 1))


def candidates(base: dict, variants: list[dict]) -> list[dict]:
    """One parameter dict per distinct block shape of ``variants`` (their order): ``base``
    (kfuse's params) with bx, by, zc and uz of the variant of that shape that agrees with
    ``base`` on px, py and smem (else the first variant of that shape)."""
    shapes: dict = {}
    for v in variants:
        shapes.setdefault(block_of(v), []).append(v)
    out = []
    for same in shapes.values():
        match = [v for v in same if all(v.get(k) == base.get(k) for k in KEPT_KEYS)]
        pick = (match or same)[0]
        p = {k: v for k, v in base.items() if k not in SHAPE_KEYS}
        p.update({k: pick[k] for k in SHAPE_KEYS if k in pick})
        out.append(p)
    return out


def pick(rows: list[dict]) -> int:
    """Index of the row of highest occupancy (``rows``: dicts with ``occupancy``); ties: the
    first.  Rows without an occupancy (not compiled) never win over one with it."""
    if not rows:
        raise ValueError("no candidate block shape")
    best = 0
    for i, r in enumerate(rows):
        if (r.get("occupancy") or -1.0) > (rows[best].get("occupancy") or -1.0):
            best = i
    return best


def occupancy_of(params: dict, resources: dict | None) -> float | None:
    """Theoretical occupancy of a grid kernel with ``params`` and its ptxas ``resources``."""
    if not resources or resources.get("registers") is None:
        return None
    bx, by = block_of(params)
    return occupancy(bx * by, int(resources["registers"]), int(resources.get("smem") or 0))


def occupancy_plan(program, base, arch: str | None = None):
    """(Plan, report): ``base`` (kfuse's Plan of ``program``) with each grid kernel's block
    shape picked by :func:`pick`.  ``report``: per kernel, the candidates (block, zc,
    registers, smem, occupancy) and the index chosen."""
    from ...fusion.plan import check_plan
    from ...fusion.search import impl_variants, make_plan
    from ...pipeline.stages import build

    cands = {}
    for i, k in enumerate(base.kernels):
        if k.space in SPACES:
            cands[i] = candidates(dict(k.params), impl_variants(program, list(k.calls)))
    width = max((len(c) for c in cands.values()), default=0)
    rows = {i: [] for i in cands}
    for j in range(width):   # build j: every grid kernel under its j-th candidate (or its last)
        kernels = [(list(k.calls), cands[i][min(j, len(cands[i]) - 1)] if i in cands else dict(k.params))
                   for i, k in enumerate(base.kernels)]
        plan = make_plan(program, kernels)
        check_plan(program, plan)
        exe = build(program, plan, arch)
        res = exe.resources
        for i, c in cands.items():
            if j < len(c):
                built = exe.plan_obj.kernels[i]
                r = res.get(built.name) or {}
                rows[i].append({"bx": c[j]["bx"], "by": c[j].get("by", 1), "zc": c[j].get("zc", 1),
                                "registers": r.get("registers"), "smem": r.get("smem"),
                                "occupancy": occupancy_of(c[j], r), "params": c[j]})
    chosen = {i: pick(r) for i, r in rows.items()}
    kernels = [(list(k.calls), rows[i][chosen[i]]["params"] if i in rows else dict(k.params))
               for i, k in enumerate(base.kernels)]
    plan = make_plan(program, kernels)
    check_plan(program, plan)
    report = [{"kernel": base.kernels[i].name, "chosen": chosen[i],
               "candidates": [{k: v for k, v in r.items() if k != "params"} for r in rows[i]]}
              for i in sorted(rows)]
    return plan, report
