"""The BLAS-3 benchmark suite: ``kfuse bench --blas3``.

Modules: :mod:`.workloads` (the 24 variants + SYRK/SYR2K, points in float32 and/or float64,
flops, inputs with poisoned triangles, float64 references, the check), :mod:`.fused` (fused
workloads, NPBench's 2mm / 3mm), :mod:`.peers`, :mod:`.cublas3` and :mod:`.fused_cublas` (kfuse,
cuBLAS, CuPy, PyTorch, torch.compile), :mod:`.peaks` (FFMA probe, TF32 datasheet peak, FP64
tensor-core probe), :mod:`.worker` (one implementation per process), :mod:`.runner` (the CLI,
budget, parts), :mod:`.merge`, :mod:`.report`, :mod:`.fused_report` and :mod:`.plots`.
Importing this package needs no GPU library.
"""
from __future__ import annotations


def main(argv: list[str] | None = None) -> int:
    """Run the BLAS-3 suite's CLI (see ``kfuse bench --blas3 --help``)."""
    from .runner import main as _main

    return _main(argv)


__all__ = ["main"]
