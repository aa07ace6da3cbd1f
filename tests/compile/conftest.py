"""Compile tier: NVRTC turns generated CUDA into sm_90 cubins on a machine without a GPU.

Every test module imports ``compile_helpers``, which skips the module where NVRTC cannot be
loaded.  The tier compiles into a private cache directory, never the user's ~/.cache/kfuse.
"""
import pytest


def pytest_collection_modifyitems(items):
    for item in items:
        if "/tests/compile/" in str(item.fspath).replace("\\", "/"):
            item.add_marker(pytest.mark.compile)


@pytest.fixture(autouse=True, scope="session")
def _private_cache_dir(tmp_path_factory):
    import kfuse
    with kfuse.config.override(cache_dir=str(tmp_path_factory.mktemp("kfuse-cache"))):
        yield


@pytest.fixture(autouse=True, scope="session")
def _gxx_headers_removed():
    """The g++ runs' precompiled headers (55 MB a set of options) leave with the session."""
    yield
    from tests.compile import gxx
    gxx.remove_headers()
