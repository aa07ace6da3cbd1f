"""pyproject.toml offers the extras a user expects and describes today's kfuse."""
from __future__ import annotations

from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]


def _meta() -> dict:
    tomllib = pytest.importorskip("tomllib")
    return tomllib.loads((REPO / "pyproject.toml").read_text())["project"]


def test_the_extras_a_user_expects():
    extras = _meta()["optional-dependencies"]
    assert {"cuda12", "cuda13", "torch", "jax", "test", "bench", "all"} <= set(extras)
    for cuda in ("cuda12", "cuda13"):   # what the benchmarks and examples import beside CuPy
        libs = " ".join(extras[cuda])
        assert "cublas" in libs and "curand" in libs, cuda
    assert any(d.startswith("torch") for d in extras["torch"])
    assert any(d.startswith("jax") for d in extras["jax"])
    everything = extras["all"][0]
    for name in ("cuda13", "torch", "jax", "bench", "test"):
        assert name in everything


def test_the_description_names_what_kfuse_fuses():
    meta = _meta()
    for word in ("BLAS-1/2/3", "stencils", "SpMV"):
        assert word in meta["description"]
    assert meta["keywords"] and meta["classifiers"]
