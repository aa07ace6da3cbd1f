"""Choosing a plan: the fusion search driven by the cost model."""
from __future__ import annotations

import time

from .. import spaces
from ..fusion.plan import Plan, unfused_plan
from ..fusion.search import Search, make_plan
from ..ir import Program
from ..spaces import stored
from .calibration import Calibration, load_calibration
from .writeback import writeback_lines
from .predict import cost_key, group_facts, kernel_floor, kernel_traffic, predict_kernel, predict_plan


def make_search(program: Program, cal: Calibration) -> Search:
    """A Search whose costs are this model's predictions for ``cal``'s device.  What a
    prediction needs of a fusion whatever its launch shape (:func:`group_facts`) is computed
    once per fusion and kept as long as the search."""
    facts_of: dict = {}

    def facts(calls):
        key = tuple(calls)
        if key not in facts_of:
            facts_of[key] = group_facts(program, calls)
        return facts_of[key]

    def host(group, needed):
        return cal.host_launch_s + len(needed) * cal.host_alloc_s

    def zeroes(calls, params, needed):   # outputs zeroed (by the plan's zeroing kernel) before the kernel
        return params.get("finish") == "atomic" and kernel_traffic(program, calls, params, needed,
                                                                    facts(calls)).terms.zeroed

    search = Search(program,
                    lambda calls, params, needed: predict_kernel(program, calls, params, needed, cal,
                                                                 facts=facts(calls)),
                    lambda kernels, needed: predict_plan(program, kernels, cal, needed, facts)["time_s"],
                    lambda groups: stored(program, groups), host, zeroes,
                    lambda calls, needed: kernel_floor(program, calls, needed, cal, facts_of.get(tuple(calls))),
                    lambda calls, needed: cost_key(program, calls, needed, cal, facts(calls)))
    search.wide = cal.measured_wide
    search.host_fixed = cal.host_call_s
    return search


def best_plan(program: Program, cal: Calibration | None = None, fuse: bool = True) -> Plan:
    """The predicted-best plan (``fuse=False``: one kernel per call with default launch shapes)."""
    if not fuse:
        return unfused_plan(program)
    cal = cal or load_calibration()
    t0 = time.perf_counter()
    search = make_search(program, cal)
    t, kernels = search.best()
    plan = make_plan(program, kernels, t, search.fissioned(kernels))
    plan.search_s = time.perf_counter() - t0
    plan.notes = (explain_lines(program, plan.kernels, cal)
                  + writeback_lines(program, kernels, cal) + search.cap_notes())
    return plan


def explain_lines(program: Program, kernels: list, cal: Calibration) -> list:
    """What ``kfuse explain`` prints of each kernel (a KernelPlan) of a plan: the alternatives
    its space weighed (:meth:`kfuse.spaces.base.Space.explain_lines`), priced by this model."""
    info = spaces.program_info(program)
    needed = stored(program, [k.calls for k in kernels])

    def predict(calls, params, need):
        return predict_kernel(program, calls, params, need, cal)
    return [line for k, need in zip(kernels, needed)
            for line in spaces.get(k.space).explain_lines(program, k, need, predict, info)]


def ranked_plans(program: Program, cal: Calibration | None = None, limit: int | None = None) -> list:
    """Every legal combination (small programs) as (predicted seconds, Plan), best first."""
    cal = cal or load_calibration()
    search = make_search(program, cal)
    if len(program.calls) <= 9:
        combos = search.all_combinations(limit)
    else:
        combos = [search.greedy()]
    return [(t, make_plan(program, kernels, t)) for t, kernels in combos]
