"""Fuzz tier: random programs through kfuse (the CI part compiles with NVRTC, no GPU).

The tier compiles into a private cache directory, never the user's ~/.cache/kfuse.
"""
import pytest


@pytest.fixture(autouse=True, scope="session")
def _private_cache_dir(tmp_path_factory):
    import kfuse
    with kfuse.config.override(cache_dir=str(tmp_path_factory.mktemp("kfuse-fuzz-cache"))):
        yield
