"""Shared by the tiers: a private cache folder per run, and a closing summary that says whether
the GPU tier ran, and if not, why."""
import pytest

_GPU_TESTS = pytest.StashKey[int]()


def pytest_collection_modifyitems(config, items):
    config.stash[_GPU_TESTS] = sum("/tests/gpu/" in str(i.fspath).replace("\\", "/") for i in items)


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    """One line on the GPU tier where its tests were collected: ran on which device, or skipped why."""
    n = config.stash.get(_GPU_TESTS, 0)
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
