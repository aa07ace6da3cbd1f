"""The BLAS-3 benchmark suite: ``kfuse bench --blas3``.

Modules: :mod:`.workloads` (the 24 variants + SYRK/SYR2K, points, flops, inputs with poisoned
triangles, float64 references, the check), :mod:`.peers` and :mod:`.cublas3` (kfuse, cuBLAS,
CuPy, PyTorch, torch.compile), :mod:`.peaks` (FFMA probe, TF32 datasheet peak), :mod:`.worker`
(one implementation per process), :mod:`.runner` (the CLI, budget, parts), :mod:`.merge`,
:mod:`.report` and :mod:`.plots`.  Importing this package needs no GPU library.
"""
from __future__ import annotations


def main(argv: list[str] | None = None) -> int:
    """Run the BLAS-3 suite's CLI (see ``kfuse bench --blas3 --help``)."""
    from .runner import main as _main

    return _main(argv)


__all__ = ["main"]
