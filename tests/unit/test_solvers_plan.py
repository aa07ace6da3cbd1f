"""Solver iterations plan into the fused kernels of seed 003 (CPU: tracing and planning only)."""
from kfuse.frontend.trace import trace
from kfuse.model.planner import best_plan
from kfuse.solvers import bicg_step, cg_step

N = 62451
SP, V, D = ("s", "csr", (N, N), "float32"), ("a", (N,), "float32", "C"), ("d", "float32")


def test_cg_iteration_is_three_kernels():
    p, _ = trace(cg_step, ["A", "x", "r", "p", "rho"], [SP, V, V, V, D], "cg_step")
    plan = best_plan(p)
    assert len(plan.kernels) == 3
    first = [p.calls[c].fn for c in plan.kernels[0].calls]
    assert first == ["spmv", "dot"]                       # q = A p fused with p.q


def test_bicg_iteration_is_three_kernels():
    p, _ = trace(bicg_step, ["A", "At", "x", "r", "rt", "p", "pt", "rho"], [SP, SP, V, V, V, V, V, D],
                 "bicg_step")
    plan = best_plan(p)
    assert len(plan.kernels) == 3
    fns = [[p.calls[c].fn for c in k.calls] for k in plan.kernels]
    assert sum(f.count("spmv") for f in fns) == 2 and sum(f.count("dot") for f in fns) == 3


def test_rows_group_follows_nonzeros_per_row():
    """The traced per-row hint steers the threads per row: a long-row matrix gets a group
    reading at least 8 nonzeros per step (threads x nonzeros per load / rows per group), a 5-point-stencil-like
    one at most 4 threads, and the hint reaches the type."""
    for hint, lo, hi in ((64, 8, 128), (4, 1, 8)):
        sp = ("s", "csr", (N, N), "float32", hint)
        p, _ = trace(cg_step, ["A", "x", "r", "p", "rho"], [sp, V, V, V, D], "cg_step")
        assert p.value("A").type.per_row == hint
        prm = best_plan(p).kernels[0].params
        step = prm["group"] * prm.get("vec", 1) // prm.get("span", 1)   # nonzeros per row and step
        assert lo <= step <= hi and (hint > 4 or prm["group"] <= 4), (hint, prm)


def test_per_row_hint_rounds_to_a_power_of_two():
    from kfuse.frontend.trace import per_row_hint
    assert [per_row_hint(nz, 10) for nz in (0, 5, 10, 30, 55, 640, 1180)] == [1, 1, 1, 4, 4, 64, 128]
