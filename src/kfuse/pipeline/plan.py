"""Planning: the plan a program is built with, checked once.

:func:`make_plan` is the one chain every compile takes: a given plan (:func:`load_plan`:
a Plan, a dict, JSON text or a file), else the plan ``kfuse tune`` cached for the program on
this GPU (or, asked to tune, the one timed now), else the model's best
(:func:`kfuse.model.planner.best_plan`) with each gemm kernel on its tuned GEMM scheme
(:func:`kfuse.pipeline.winners.apply_winners`).  The plan it returns has been checked against
the program exactly once (:func:`kfuse.fusion.plan.check_plan`: by this module, by the tune
cache, or by the build that timed it), so the stages after it trust it
(``build(..., checked=True)``); a plan handed to :func:`kfuse.pipeline.stages.build` by other
code is checked there.  :func:`bind_sizes` binds a program's symbolic sizes first.
"""
from __future__ import annotations

import os

from .. import config, files, library
from ..errors import KfuseError, PlanError
from ..fusion.plan import Plan, check_plan
from ..ir import Program

def load_plan(plan) -> Plan | None:
    """A Plan from a Plan, a dict, JSON text or a path to a JSON file (None stays None).

    Text that starts with ``{`` or ``[`` is JSON; any other text is a path, and a path that
    does not exist says so.  The plan is checked completely (:meth:`Plan.from_json`)."""
    if plan is None or isinstance(plan, Plan):
        return plan
    if isinstance(plan, dict):
        return Plan.from_json(plan)
    if isinstance(plan, os.PathLike):
        plan = os.fspath(plan)
    if not isinstance(plan, str):
        raise PlanError(f"unsupported plan object {type(plan).__name__} (give a Plan, a dict, "
                        "JSON text or a path)")
    if plan.lstrip()[:1] in ("{", "["):
        return Plan.from_json(files.loads(plan, "plan text", PlanError))
    if not os.path.exists(plan):
        raise PlanError(f"plan file {plan!r} is missing (no such file)")
    d = files.load_file(plan, plan, PlanError)
    return Plan.from_json(d)


def make_plan(program: Program, plan=None, fuse: bool | None = None, tune: dict | None = None,
              exclude: dict | None = None, strategy: str | None = None) -> Plan:
    """The plan to build ``program`` with, checked once against it: ``plan`` (anything
    :func:`load_plan` takes), else with ``tune`` (the options of
    :func:`kfuse.pipeline.tune.tune`; needs a GPU) the cached tuned plan or one timed now,
    else, where ``exclude`` (call id -> reason: calls kept out of fusion) or ``strategy``
    (:data:`kfuse.pipeline.workflow.STRATEGIES`) steer the search and ``fuse`` is not False,
    the plan that search picks, else the cached tuned plan (unless ``fuse`` is off), else the
    predicted best (``fuse=False``, or the setting ``fuse`` off, gives one kernel per call) on
    the tuned GEMM schemes."""
    check_steering(program, exclude, strategy)
    given = load_plan(plan)
    if given is not None:
        return checked(program, given)
    if tune is not None:
        return tuned_plan(program, tune)
    if fuse is not False and (exclude or strategy not in (None, "auto")):
        from .workflow import search_plan
        return checked(program, search_plan(program, excluded=exclude, strategy=strategy or "auto"))
    fuse = config.get().fuse if fuse is None else fuse
    from ..platform import device
    name = device.planning_device()
    if fuse:
        from .tune import cached_plan
        cached = cached_plan(program, name)   # checked; a stale one is ignored with a warning
        if cached is not None:
            return cached
    return checked(program, searched_plan(program, fuse, name))


def check_steering(program: Program, exclude, strategy) -> None:
    """Refuse, naming the argument, a ``strategy`` that is not one of
    :data:`kfuse.pipeline.workflow.STRATEGIES` (or "exhaustive" over too many calls) and an
    ``exclude`` that is not a dict of this program's call ids."""
    from .workflow import STRATEGIES, exhaustive_refusal
    if strategy is not None and (not isinstance(strategy, str) or strategy not in STRATEGIES):
        raise KfuseError(f"strategy {strategy!r} is unknown (strategies: {', '.join(STRATEGIES)})")
    why = exhaustive_refusal(program, strategy)
    if why:
        raise KfuseError(f"strategy {why}")
    if exclude is None:
        return
    if not isinstance(exclude, dict):
        raise KfuseError(f"exclude must be a dict of call id -> reason, got {type(exclude).__name__}")
    n = len(program.calls)
    for c in exclude:
        if isinstance(c, bool) or not isinstance(c, int) or not 0 <= c < n:
            raise KfuseError(f"exclude names call {c!r}; the calls of {program.name} are 0..{n - 1}")


def checked(program: Program, plan: Plan) -> Plan:
    """``plan``, once :func:`~kfuse.fusion.plan.check_plan` accepts it for ``program``."""
    check_plan(program, plan)
    return plan


def tuned_plan(program: Program, options: dict) -> Plan:
    """The plan ``kfuse tune`` cached for ``program`` on this GPU, else the fastest of the best
    predicted plans, timed now (:func:`kfuse.pipeline.tune.tune` with ``options``).  Either was
    checked once already: by the cache (:func:`~kfuse.pipeline.tune.cached_plan`) or by the
    build that timed it."""
    from ..platform import device
    from .tune import cached_plan, tune
    return cached_plan(program, device.device_name()) or tune(program, **options)["plan"]


def searched_plan(program: Program, fuse: bool, device_name: str) -> Plan:
    """The model's best plan for ``program`` on ``device_name`` (one kernel per call unless
    ``fuse``), each gemm kernel on the GEMM scheme tuned for its kind and size; not checked."""
    from ..model import load_calibration
    from ..model.planner import best_plan
    from .winners import apply_winners   # the tuned GEMM schemes (user's, then shipped)
    return apply_winners(program, best_plan(program, load_calibration(device_name), fuse), device_name)


def bind_sizes(program: Program, sizes: dict | None) -> Program:
    """Bind symbolic sizes; unknown size names and unbound ones are errors."""
    if sizes is not None and not isinstance(sizes, dict):
        raise KfuseError(f"{program.name}: sizes must be a dict of size name -> integer, got "
                         f"{type(sizes).__name__} {sizes!r}")
    sizes = dict(sizes or {})
    syms = program.symbols()
    unknown = [k for k in sizes if k not in syms]
    if unknown:
        raise KfuseError(f"{program.name}: unknown size(s) {', '.join(unknown)} "
                         f"(the script uses {', '.join(syms) or 'no symbolic sizes'})")
    bound = program.bind(sizes)
    _recheck(bound)
    return bound


def bound_program(program: Program, sizes: dict | None) -> Program:
    """``program`` itself where it is bound and no ``sizes`` are given, else bound to them."""
    return program if program.is_bound and not sizes else bind_sizes(program, sizes)


def _recheck(program: Program):
    """Re-run type inference on a bound program: catches dims that clash once bound."""
    for c in program.calls:
        fn = library.get(c.fn)
        weak = frozenset(k for k, v in c.args.items() if program.value(v).role == "const")
        try:
            fn.infer({k: program.value(v).type for k, v in c.args.items()}, weak)
        except KfuseError as e:
            loc = f" (line {c.loc[0]})" if c.loc else ""
            raise type(e)(f"{c.label}{loc}: {e}") from None
