"""Planning's arguments from Python (``compile_stages``, ``make_plan``, ``bind_sizes``): a
steering ``strategy`` or ``exclude`` and the ``sizes`` of the wrong kind or naming what does not
exist are one KfuseError naming the argument, never accepted silently nor a raw TypeError."""
from __future__ import annotations

import pytest

import kfuse
from kfuse import config
from kfuse.errors import KfuseError
from kfuse.pipeline import plan as pplan

G = "vector x(n), y(n), z(n); input x; y = x + x; z = y * x; return z;"


@pytest.fixture(autouse=True)
def no_gpu_own_cache(tmp_path, monkeypatch):
    import kfuse.platform.device as device
    monkeypatch.setattr(device, "has_gpu", lambda: False)
    with config.override(cache_dir=str(tmp_path / "cache")):
        yield


def _prog():
    return pplan.bind_sizes(kfuse.parse(G, "g"), {"n": 8})


@pytest.mark.parametrize("kw, what", [
    ({"strategy": "genetic"}, "strategy 'genetic' is unknown (strategies: auto, exhaustive, greedy, unfused)"),
    ({"strategy": 3}, "strategy 3 is unknown"),
    ({"exclude": {9: "slow"}}, "exclude names call 9; the calls of g are 0..1"),
    ({"exclude": {"0": "slow"}}, "exclude names call '0'; the calls of g are 0..1"),
    ({"exclude": [0]}, "exclude must be a dict of call id -> reason, got list"),
])
def test_bad_steering_is_refused_naming_the_argument(kw, what):
    with pytest.raises(KfuseError, match="^" + what.replace("(", "\\(").replace(")", "\\)").replace(".", "\\.")):
        pplan.make_plan(_prog(), **kw)
    with pytest.raises(KfuseError, match="^" + what.replace("(", "\\(").replace(")", "\\)").replace(".", "\\.")):
        kfuse.api.compile_stages(_prog(), until="plan", **kw)


def test_good_steering_still_steers():
    assert len(pplan.make_plan(_prog(), strategy="unfused").kernels) == 2
    assert len(pplan.make_plan(_prog(), exclude={0: "kept apart"}).kernels) == 2


@pytest.mark.parametrize("sizes", [[("n", 8)], "n=8", 8])
def test_sizes_that_are_not_a_mapping_are_refused_naming_the_argument(sizes):
    with pytest.raises(KfuseError, match="^g: sizes must be a dict of size name -> integer"):
        pplan.bind_sizes(kfuse.parse(G, "g"), sizes)
