"""The GEMM family's code generator: a plan's GEMM kernel lowered to a kernel spec (``lower``)
and printed by an engine (``ffma``: FFMA on CUDA cores; ``mma``: TF32 ``mma.sync``), with the
pieces both engines share (loads, prologues, reductions, split-K, structured operands, groups)."""
