"""The stencil benchmark suite: ``kfuse bench --stencils``.

Modules: :mod:`.workloads` (each stencil written once over an ops namespace), :mod:`.opsets`
(the namespaces: numpy, cupy, torch, jax.numpy, kfuse), :mod:`.shapes` (limit bytes and flops
by tracing on shapes), :mod:`.peers` (the implementations, on :mod:`kfuse.bench.impls`),
:mod:`.worker` (one implementation and dtype per process), :mod:`.runner` (the CLI),
:mod:`.report` and :mod:`.tables` (tables, the seed's Tables 1 and 2, the plot).
Importing this package needs no GPU library.
"""
from __future__ import annotations


def main(argv: list[str] | None = None) -> int:
    """Run the stencil suite's CLI (see ``kfuse bench --stencils --help``)."""
    from .runner import main as _main

    return _main(argv)


__all__ = ["main"]
