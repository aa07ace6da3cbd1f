"""kfuse's benchmark suite: the paper's 11 BLAS sequences against cuBLAS, CuPy,
PyTorch eager, torch.compile and JAX, each implementation in its own process.

Entry points: ``kfuse bench`` / ``python -m kfuse.bench`` (:func:`runner.main`).
Importing this package needs neither CuPy nor any other GPU library.
"""
from __future__ import annotations


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark CLI (see ``python -m kfuse.bench --help``)."""
    from .runner import main as _main

    return _main(argv)


__all__ = ["main"]
