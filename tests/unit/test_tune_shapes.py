"""The tuner's candidate list favours runner-ups of different launch shapes."""
from kfuse.runtime.tune import _distinct_shapes


def test_distinct_shapes_keep_the_first_of_each_shape():
    ps = [{"block": 128, "group": 8, "iters": 1, "vec": 4},
          {"block": 256, "group": 8, "iters": 1, "vec": 4},      # same shape, other block
          {"block": 128, "group": 32, "iters": 2, "vec": 4},
          {"block": 128, "group": 8, "iters": 1, "vec": 4, "finish": "atomic"},
          {"block": 256, "group": 32, "iters": 1, "vec": 4},      # no serial loop: a shape of its own
          {"block": 128, "group": 32, "iters": 4, "vec": 4}]      # serial, as ps[2]
    assert _distinct_shapes(ps) == [ps[0], ps[2], ps[3], ps[4]]
