"""The multi-GPU benchmark suite: ``kfuse bench --multi-gpu``.

Modules: :mod:`.workloads` (the registry of workloads: the stencils of
:mod:`.stencil_workload`, CG on a Poisson matrix (:mod:`.cg_workload`), the row-split GEMM
(:mod:`.gemm_workload`), the applications (:mod:`.app_workload`), each with its float64
reference), :mod:`.peers` (kfuse, JAX shard_map in two forms, torch.distributed with a torch step
and with CuPy: one module per library, their CG, GEMM and application runs beside them, and
their registry), :mod:`.launch` (torchrun and single
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
