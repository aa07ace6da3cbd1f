"""A replayed CUDA graph is one captured with the same host scalars, down to the sign of zero:
``0.0 == -0.0`` in Python, so a key holding only the value replayed ``0.0 * x`` for ``-0.0 * x``
(NumPy: -0.0 where x > 0)."""
import numpy as np
import pytest

import kfuse


@pytest.mark.parametrize("graph", [False, True], ids=["stub", "graph-mode"])
def test_negative_zero_scalar_never_replays_the_positive_zero_graph(graph):
    import cupy
    f = kfuse.jit(lambda x, a: a * x, graph=graph)
    x = cupy.asarray(np.linspace(1.0, 2.0, 1001))
    with kfuse.config.override(poison=False, auto_graph=True):
        for _ in range(4):   # captured on the second sighting, replayed after
            y = f(x, 0.0)
            assert not cupy.signbit(y).any()
        for _ in range(3):
            y = f(x, -0.0)
            assert bool(cupy.signbit(y).all()), "-0.0 * x is -0.0 (as NumPy gives)"
        y = f(x, 0.0)
        assert not cupy.signbit(y).any()
