"""Shared by the tiers: a private cache folder per run, the run's seed of the sampled sweeps
(tests/sampling.py), the ``slow`` mark and the ``--quick`` tier (tests/slow.py), and a closing
summary that says whether the GPU tier ran, and if not, why."""
import os
import random
from pathlib import Path

import pytest

_GPU_TESTS = pytest.StashKey[int]()


def _in_gpu_tier(path) -> bool:
    """Whether the test file ``path`` is under a ``tests/gpu`` folder."""
    return "/tests/gpu/" in str(path).replace("\\", "/")


class GpuTally:
    """The GPU tier's tests whose reports reached this process: under pytest-xdist the
    controller collects nothing (the workers do), but every worker's reports come back to it."""

    def __init__(self, root: Path):
        self.root = root
        self.ids: set = set()

    def pytest_runtest_logreport(self, report):
        if report.when == "setup" and _in_gpu_tier(self.root / report.nodeid.split("::")[0]):
            self.ids.add(report.nodeid)


def pytest_addoption(parser):
    parser.addoption("--quick", action="store_true", default=False,
                     help="the quick tier for daily work: leave out the tests marked slow "
                          "(tests/slow.py) and run each sampled sweep's corners only")


def pytest_configure(config):
    config.pluginmanager.register(GpuTally(Path(config.rootpath)), "kfuse-gpu-tally")
    config.addinivalue_line("markers", "slow: left out of the quick tier (--quick); see tests/slow.py")
    from tests import sampling
    if config.getoption("quick", False):   # set before pytest-xdist starts its workers, as the seed is
        os.environ[sampling.QUICK_VAR] = "1"
    # drawn here, before pytest-xdist starts its workers: they inherit it and collect the same cases
    os.environ.setdefault(sampling.SEED_VAR, str(random.SystemRandom().randrange(1_000_000)))
    try:
        sampling.seed()
    except ValueError as e:   # a malformed KFTEST_SEED stops the run here, naming the variable
        raise pytest.UsageError(str(e)) from None


def pytest_report_header(config):
    from tests import sampling
    if sampling.full():
        return f"kfuse sweeps: every case ({sampling.FULL_VAR}=1)"
    if sampling.quick():
        return "kfuse quick tier: tests marked slow left out, sweeps run their corners (drop --quick for all)"
    return (f"kfuse sweeps: corners + a sample, {sampling.SEED_VAR}={sampling.seed()} "
            f"(repeat it with that variable; {sampling.FULL_VAR}=1 runs every case)")


def pytest_collection_modifyitems(config, items):
    config.stash[_GPU_TESTS] = sum(_in_gpu_tier(i.fspath) for i in items)
    _mark_slow(config, items)


def _mark_slow(config, items) -> None:
    """Mark the slow tests (tests/slow.py); under ``--quick``, deselect them."""
    from tests import slow
    stale = slow.stale([i.nodeid for i in items])
    if stale:
        raise pytest.UsageError(f"tests/slow.py lists {', '.join(stale)}, which no longer exist(s)")
    quick, kept, dropped = config.getoption("quick", False), [], []
    for item in items:
        if slow.why(item.nodeid):
            item.add_marker(pytest.mark.slow)
            if quick:
                dropped.append(item)
                continue
        kept.append(item)
    if dropped:
        config.hook.pytest_deselected(items=dropped)
        items[:] = kept


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    """One line on the GPU tier where its tests were collected or reported (pytest-xdist's
    controller sees only reports): ran on which device, or skipped why."""
    tally = config.pluginmanager.get_plugin("kfuse-gpu-tally")
    n = max(config.stash.get(_GPU_TESTS, 0), len(tally.ids) if tally else 0)
    if not n:
        return
    from kfuse.platform import device
    if device.has_gpu():
        terminalreporter.write_line(f"GPU tier: {n} test(s) collected, run on {device.device_name()}")
    else:
        terminalreporter.write_line(f"GPU tier did NOT run: {n} test(s) skipped, no GPU: "
                                    f"{device.no_gpu_reason()}", yellow=True, bold=True)


@pytest.fixture(scope="session", autouse=True)
def _private_cache_dir(tmp_path_factory):
    """Every test run uses a cache folder of its own: a user's calibration, tuned plans or
    compiled kernels under ~/.cache/kfuse never change what the tests plan or serve."""
    from kfuse import config
    with config.override(cache_dir=str(tmp_path_factory.mktemp("kfuse-cache"))):
        yield
