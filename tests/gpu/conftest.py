"""GPU tier: every test here is skipped, with the reason, where no CUDA device is usable.

The check runs when the tests are collected, not when this file is imported: a module-level skip
in a conftest aborts pytest when tests/gpu is the path it was given.  Tests import CuPy inside
their bodies or fixtures, so collecting them needs no CuPy.
"""
import pytest

from kfuse.platform import device


def _is_gpu_test(item) -> bool:
    return "/tests/gpu/" in str(item.fspath).replace("\\", "/")


def pytest_collection_modifyitems(items):
    skip = None if device.has_gpu() else pytest.mark.skip(reason=f"no GPU: {device.no_gpu_reason()}")
    for item in items:
        if _is_gpu_test(item):
            item.add_marker(pytest.mark.gpu)
            if skip is not None:
                item.add_marker(skip)


@pytest.fixture(autouse=True)
def _poison_and_fresh_cache(tmp_path_factory):
    """Every GPU test poisons outputs (NaN) before launches."""
    import kfuse
    with kfuse.config.override(poison=True):
        yield


@pytest.fixture
def passes(monkeypatch):
    """The depths of the temporally blocked runs kfuse.iterate made (kfuse.loop_temporal.run,
    recorded): the temporal-blocking files' fixture."""
    from kfuse import loop_temporal
    seen, real = [], loop_temporal.run

    def run(entry, decision, *args):
        seen.append(decision.cost.blocking.depth)
        return real(entry, decision, *args)
    monkeypatch.setattr(loop_temporal, "run", run)
    return seen
