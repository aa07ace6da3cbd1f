"""The multi-GPU benchmark suite: ``kfuse bench --multi-gpu``.

Modules: :mod:`.workloads` (the workloads as data, the NumPy steps and reference),
:mod:`.peers` (kfuse, JAX shard_map in two forms, torch.distributed with a torch step and with
a fused CuPy step: one module each, and their registry), :mod:`.launch` (torchrun and single
launches, the ranks' environment), :mod:`.rank` (one rank: check, time, write its JSON),
:mod:`.measure`, :mod:`.schema` (the JSON, the merge of the ranks, efficiency, exposed
communication, DRAM fraction), :mod:`.report` (table, JSON, PNG) and :mod:`.runner` (the CLI).
Importing this package needs no GPU library.
"""
from __future__ import annotations


def main(argv: list[str] | None = None) -> int:
    """Run the multi-GPU suite's CLI (see ``kfuse bench --multi-gpu --help``)."""
    from .runner import main as _main

    return _main(argv)


__all__ = ["main"]
