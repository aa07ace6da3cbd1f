"""GPU tier: skipped as a whole where no CUDA device is usable."""
import pytest

from kfuse.runtime import device

if not device.has_gpu():
    pytest.skip(f"no GPU: {device.no_gpu_reason()}", allow_module_level=True)


def pytest_collection_modifyitems(items):
    for item in items:
        if "/tests/gpu/" in str(item.fspath).replace("\\", "/"):
            item.add_marker(pytest.mark.gpu)


@pytest.fixture(autouse=True)
def _poison_and_fresh_cache(tmp_path_factory):
    """Every GPU test poisons outputs (NaN) before launches."""
    import kfuse
    with kfuse.config.override(poison=True):
        yield
