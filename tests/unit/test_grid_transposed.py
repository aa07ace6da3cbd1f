"""A transpose view read next to a stencil on one GPU: ``v + B.T`` after a window update of ``v``
is no grid call and is never fused into the grid kernel (which addresses every array in one
memory order: it read ``B[i, j]`` for ``B[j, i]``); a kernel of another space reads the
transpose."""
from __future__ import annotations

import numpy as np

from kfuse.frontend.trace import trace
from kfuse.pipeline.plan import make_plan
from kfuse.spaces.grid.space import grid_calls


def step(u, B):
    v = u.copy()
    v[1:-1, 1:-1] = u[1:-1, :-2] * 0.5
    return v + B.T


def test_a_transposed_read_is_no_grid_call():
    prog = trace(step, ["u", "B"], [("a", (6, 4), "float64", "C"), ("a", (4, 6), "float64", "C")], "step")[0]
    reads_t = [c.id for c in prog.calls if any(prog.value(v).view_of and prog.value(v).type.order != "C"
                                               for v in c.args.values())]
    assert reads_t and not set(reads_t) & grid_calls(prog)
    for k in make_plan(prog).kernels:
        if k.space == "grid":
            assert not set(reads_t) & set(k.calls), k
