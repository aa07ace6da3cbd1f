"""Temporal blocking in :func:`kfuse.iterate` on one GPU: ``depth`` steps per pass over the grid
(:mod:`kfuse.spaces.grid.temporal` says which steps qualify and how a pass runs,
:mod:`kfuse.model.temporal` what it costs, :mod:`kfuse.codegen.grid.temporal` its code).

:func:`choose` decides for a compiled step and a step count: the setting ``temporal_depth``
(0: the model picks the cheapest shape and blocks where it predicts a pass beats a step per
launch; 1: never; k: k steps per pass where the step allows it, else a KfuseWarning with the
reason and one step per pass).  :func:`run_loop` runs a loop either way; :func:`run` runs
``steps // depth`` passes between two buffers per field (the caller's arrays are only read),
then the remaining steps.  The compiled pass is kept with the step's executable, per shape."""
from __future__ import annotations

import dataclasses
import warnings

from . import config, spaces
from .codegen.grid.temporal import pass_module
from .errors import KfuseWarning
from .model.calibration import load_calibration
from .model.predict import predict_plan
from .model.temporal import figures, ranked
from .platform import device
from .spaces.grid import temporal as space


@dataclasses.dataclass
class Decision:
    """What :func:`choose` decided: ``cost`` (a :class:`kfuse.model.temporal.PassCost`; None:
    one step per launch), the modelled time of one step per launch, why not blocked, and the
    ``candidates`` :func:`run` times on the first blocked run (``measured``: shape -> seconds a
    pass took then; ``cost`` is the fastest from then on)."""

    cost: object = None
    facts: object = None
    one_step_s: float = 0.0
    why: str = ""
    candidates: list = dataclasses.field(default_factory=list)
    measured: dict = dataclasses.field(default_factory=dict)
    tails: dict = dataclasses.field(default_factory=dict)   # rest -> the Blocking of one pass of ``rest`` steps, or None

    def as_dict(self) -> dict:
        out = {"blocked": self.cost is not None, "one_step_predicted_us": round(self.one_step_s * 1e6, 3)}
        if self.cost is not None:
            out.update(self.cost.as_dict())
            out["tuned_among"] = [c.blocking.as_dict() for c in self.candidates]
            if self.measured:
                out["measured_us_per_step"] = {b.label(): round(t / b.depth * 1e6, 3)
                                               for b, t in self.measured.items()}
        if self.why:
            out["why_not"] = self.why
        return out


def facts_of(exe, sources: list) -> tuple:
    """(StepFacts, None) or (None, why not) for the step executable ``exe``, kept with it."""
    memo = exe.__dict__.setdefault("_temporal_facts", {})
    key = tuple(sources)
    if key not in memo:
        program, plan = exe.program, exe.plan_obj
        info = spaces.program_info(program)
        grid = spaces.get("grid")
        memo[key] = space.analyse(program, plan.kernels, list(sources), info,
                                  lambda calls: grid.frame(program, list(calls), {}, info))
    return memo[key]


def choose(exe, sources: list, steps: int, depth: int | None = None) -> Decision:
    """The Decision for ``steps`` steps of ``exe`` whose loop fields come from ``sources``
    (``depth``: the setting ``temporal_depth`` when None)."""
    depth = config.get().temporal_depth if depth is None else depth
    if depth == 1:
        return Decision(why="the setting temporal_depth is 1")
    memo = exe.__dict__.setdefault("_temporal_choices", {})
    # step counts past the deepest pass allowed decide alike (the forced depth may exceed DEPTHS)
    key = (tuple(sources), min(steps, max(max(space.DEPTHS), depth) + 1), depth, config.get().temporal_tune,
           _device_id())
    if key not in memo:
        memo[key] = _choose(exe, sources, steps, depth)
    return memo[key]


def _device_id() -> int:
    """The current device (-1: none), as the choice depends on it."""
    if not device.has_gpu():
        return -1
    import cupy
    return cupy.cuda.runtime.getDevice()


def _choose(exe, sources: list, steps: int, depth: int) -> Decision:
    facts, why = facts_of(exe, sources)
    if facts is None:
        return Decision(why=why)
    if steps < 2:
        return Decision(facts=facts, why=f"{steps} step(s): nothing to block")
    cal = load_calibration(device.planning_device())
    program, kernels = exe.program, exe.plan_obj.kernels
    one = predict_plan(program, [(k.calls, k.params) for k in kernels], cal)["gpu_s"]
    if depth > steps:
        return Decision(facts=facts, one_step_s=one, why=f"temporal_depth {depth} exceeds the {steps} steps")
    if depth < 2 and facts.rank == 3 and not figures(cal, facts):
        return Decision(facts=facts, one_step_s=one,
                        why=f"the calibration of {cal.device} has no figures for 3-D passes "
                            "(benchmarks/temporal_sweep.py --heat3d measures them): the setting "
                            "temporal_depth=k blocks k steps per pass")
    depths = space.DEPTHS if depth < 2 else (depth,)   # the setting may name any depth, not only DEPTHS
    costs = ranked(program, kernels[0].calls, facts, space.shapes(facts, depths), cal, steps)
    if not costs:
        why = (f"no block shape holds {depth} levels" if depth > 1 else "no block shape fits")
        return Decision(facts=facts, one_step_s=one, why=why)
    cost = costs[0]
    if depth < 2 and cost.per_step_s >= 0.95 * one:
        return Decision(facts=facts, one_step_s=one,
                        why=f"the model predicts {cost.per_step_s * 1e6:.1f} us per step blocked "
                            f"({cost.blocking.depth} steps per pass), {one * 1e6:.1f} us one step per launch")
    tune = config.get().temporal_tune
    return Decision(cost, facts, one, candidates=costs[:tune] if tune > 1 else [])


def run_loop(entry, xs: list, cs: list, steps: int, graph_steps: int, targets, varying=None) -> list:
    """The fields after ``steps`` steps of ``entry`` (a loop's compiled step): blocked in time
    where :func:`choose` says so, else (and for a loop whose numbers change from step to step,
    ``varying``) as :func:`kfuse.loop_run.run` runs them.  A setting ``temporal_depth`` the step
    cannot take gives a KfuseWarning with the reason."""
    from .loop_run import run as run_steps_loop
    if varying is None:
        decision = choose(entry.exe, entry.structure.sources, steps)
        depth = config.get().temporal_depth
        if depth > 1 and decision.cost is None:
            warnings.warn(f"temporal_depth={depth} not used, one step per launch: {decision.why}",
                          KfuseWarning, stacklevel=3)
        if decision.cost is not None:
            return run(entry, decision, xs, cs, steps, graph_steps, targets)
    return run_steps_loop(entry, xs, cs, steps, graph_steps, targets, varying)


def _compiled(exe, facts, blocking):
    """The loaded pass kernel of ``blocking`` (compiled once per executable and device)."""
    import cupy

    from .runtime.cache import compile_cached
    from .runtime.launch import load_kernels
    memo = exe.__dict__.setdefault("_temporal_passes", {})
    key = (blocking, cupy.cuda.runtime.getDevice())
    if key not in memo:
        source, kernel = pass_module(exe.program, exe.plan_obj.kernels[0], facts, blocking)
        memo[key] = load_kernels(compile_cached(source, exe.target)[0].cubin, [kernel])
    return memo[key]


def _launch_pass(launches: list, env: dict, facts, src: list, dst: list) -> None:
    """One pass from the fields ``src`` into ``dst`` (``env``: the step's bound arguments)."""
    from .runtime.launch import run_steps
    for f, o, s, d in zip(facts.fields, facts.outputs, src, dst):
        env[f], env[o] = s, d
    run_steps(launches, env)


def pass_source(exe, sources: list, blocking) -> str:
    """The CUDA text of the pass of ``blocking`` for ``exe`` (what :func:`run` compiles)."""
    facts, why = facts_of(exe, sources)
    if facts is None:
        raise ValueError(why)
    return pass_module(exe.program, exe.plan_obj.kernels[0], facts, blocking)[0]


def run(entry, decision: Decision, xs: list, cs: list, steps: int, graph_steps: int, targets) -> list:
    """The fields after ``steps`` steps: ``steps // depth`` passes, then the rest as one shallower
    pass (:func:`_tail`) or one step per launch (:func:`kfuse.loop_run.run`, which also delivers
    into ``targets``).  On the first run of a decision with candidates, each is timed over one
    pass first (:func:`_tune`); a pass NVRTC refuses leaves the loop one step per launch."""
    from .errors import CompileError
    from .loop_run import run as run_steps_loop
    try:
        return _run_blocked(entry, decision, xs, cs, steps, graph_steps, targets)
    except CompileError as e:   # a pass NVRTC refuses: the loop runs as it would unblocked
        decision.cost, decision.candidates = None, []
        decision.why = f"the pass did not compile ({str(e).splitlines()[0]})"
        warnings.warn(f"kfuse.iterate: one step per launch: {decision.why}", KfuseWarning, stacklevel=3)
        return run_steps_loop(entry, list(xs), cs, steps, graph_steps, targets)


def _run_blocked(entry, decision: Decision, xs: list, cs: list, steps: int, graph_steps: int, targets) -> list:
    """:func:`run`'s passes (a CompileError leaves the caller's arrays as they were)."""
    import cupy

    from .loop_run import _deliver, run as run_steps_loop
    exe, facts = entry.exe, decision.facts
    ins = tuple((list(xs) + list(cs) + list(entry.bound))[:exe.n_arguments])
    env = exe.fast_bind(ins)
    if env is None:
        env = exe.bind(ins, {})[0]
    bufs = [[cupy.empty_like(x) for x in xs], [cupy.empty_like(x) for x in xs]]
    if config.get().poison:   # every point a pass leaves unwritten shows as NaN
        for b in bufs[0] + bufs[1]:
            b.fill(float("nan"))
    if decision.candidates and not decision.measured:
        _tune(exe, decision, env, xs, bufs[0])
    blocking = decision.cost.blocking
    passes, rest = divmod(steps, blocking.depth)
    launches = _compiled(exe, facts, blocking)
    src = list(xs)
    for p in range(passes):
        _launch_pass(launches, env, facts, src, bufs[p % 2])
        src = bufs[p % 2]
    tail = _tail(exe, decision, rest)
    if tail is not None:   # the last steps as one shallower pass
        _launch_pass(_compiled(exe, facts, tail), env, facts, src, bufs[passes % 2])
        src, rest = bufs[passes % 2], 0
    if rest:
        return run_steps_loop(entry, src, cs, rest, graph_steps, targets)
    return _deliver(src, targets)


def _tail(exe, decision: Decision, rest: int):
    """The Blocking of one pass of the ``rest`` steps left after the full passes, where the
    model has one cheaper per step than a step per launch (None: they run one per launch)."""
    if rest < 2:
        return None
    if rest not in decision.tails:
        cal = load_calibration(device.planning_device())
        facts, kernels = decision.facts, exe.plan_obj.kernels
        if facts.rank == 3 and not figures(cal, facts):   # no 3-D pass the model was not asked for
            decision.tails[rest] = None
            return None
        costs = ranked(exe.program, kernels[0].calls, facts, space.shapes(facts, (rest,)), cal, rest)
        ok = costs and costs[0].per_step_s < 0.95 * decision.one_step_s
        decision.tails[rest] = costs[0].blocking if ok else None
    return decision.tails[rest]


def _tune(exe, decision: Decision, env: dict, xs: list, scratch: list) -> None:
    """Time one pass of each candidate (after one untimed) from the caller's fields into
    ``scratch``; the fastest per step becomes the decision's cost."""
    import cupy
    facts = decision.facts
    best = None
    for cost in decision.candidates:
        launches = _compiled(exe, facts, cost.blocking)
        _launch_pass(launches, env, facts, xs, scratch)
        start, end = cupy.cuda.Event(), cupy.cuda.Event()
        start.record()
        _launch_pass(launches, env, facts, xs, scratch)
        end.record()
        end.synchronize()
        t = cupy.cuda.get_elapsed_time(start, end) * 1e-3
        decision.measured[cost.blocking] = t
        if best is None or t / cost.blocking.depth < best[0]:
            best = (t / cost.blocking.depth, cost)
    decision.cost = best[1]
