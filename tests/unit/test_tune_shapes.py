"""The tuner's candidate list favours runner-ups of different launch shapes."""
from kfuse.pipeline.tune import _distinct_shapes


def test_distinct_shapes_keep_the_first_of_each_shape():
    ps = [{"block": 128, "group": 8, "iters": 1, "vec": 4},
          {"block": 256, "group": 8, "iters": 1, "vec": 4},      # same shape, other block
          {"block": 128, "group": 32, "iters": 2, "vec": 4},
          {"block": 128, "group": 8, "iters": 1, "vec": 4, "finish": "atomic"},
          {"block": 256, "group": 32, "iters": 1, "vec": 4},      # no serial loop: a shape of its own
          {"block": 128, "group": 32, "iters": 4, "vec": 4}]      # serial, as ps[2]
    assert _distinct_shapes(ps) == [ps[0], ps[2], ps[3], ps[4]]


def test_refinements_walk_one_kernel_past_what_was_timed():
    """Refinement candidates of kernel ``ki``: its best predicted distinct shapes, the other
    kernels unchanged, none already timed, at most ``count``."""
    from kfuse.frontend.trace import trace
    from kfuse.model import load_calibration
    from kfuse.model.planner import best_plan
    from kfuse.pipeline.tune import plan_key, refinements
    from kfuse.solvers import bicg_step
    cal = load_calibration()
    n = 121192   # cop20k_A's rows, 21.8 nonzeros per row
    sp, v, d = ("s", "csr", (n, n), "float32", 16, 21.8), ("a", (n,), "float32", "C"), ("d", "float32")
    prog, _ = trace(bicg_step, ["A", "At", "x", "r", "rt", "p", "pt", "rho"], [sp, sp, v, v, v, v, v, d], "bicg")
    plan = best_plan(prog, cal)
    first = refinements(prog, cal, plan, 1, {plan_key(plan)}, 5)
    assert len(first) == 5
    for _t, p in first:
        assert [k.params for j, k in enumerate(p.kernels) if j != 1] == \
            [k.params for j, k in enumerate(plan.kernels) if j != 1]
        assert [k.calls for k in p.kernels] == [k.calls for k in plan.kernels]
    shapes = [p.kernels[1].params for _t, p in first]
    assert _distinct_shapes(shapes) == shapes and plan.kernels[1].params not in shapes
    again = refinements(prog, cal, plan, 1, {plan_key(plan)} | {plan_key(p) for _t, p in first}, 5)
    assert not {plan_key(p) for _t, p in again} & {plan_key(p) for _t, p in first}
