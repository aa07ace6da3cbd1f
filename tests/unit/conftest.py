"""Fixtures of the unit tier (no CUDA, no NVRTC, no CuPy)."""
from __future__ import annotations

import pytest


@pytest.fixture
def user_functions():
    """``register(...)`` user library functions in a test; they are removed afterwards."""
    from kfuse import library
    added = []

    def register(*args, **kwargs):
        fn = library.register(*args, **kwargs)
        added.append(fn.name)
        return fn

    yield register
    for name in added:
        if name in library.names():
            library.unregister(name)
