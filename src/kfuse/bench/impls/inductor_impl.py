"""torch.compile (default mode, Inductor backend) of the sequence's expressions.

One compile per (sequence, size): ``dynamic=False`` so every size gets kernels
specialised to its shape, as a user with a fixed problem size would get, and
``torch._dynamo.reset()`` before each so the recompile limit never sends a size
back to eager.  The first call (trace + compile) is reported as first-call time.
:class:`InductorMaxAutotuneImpl` is the same with ``mode="max-autotune"`` (the stencil suite's
``inductor-max-autotune``).
"""
from __future__ import annotations

from .torch_impl import TorchImpl


class InductorImpl(TorchImpl):
    """torch.compile(mode="default", dynamic=False)."""

    name = "inductor"
    requires = ("torch", "triton", "cupy")
    mode, suffix = "default", ""      # torch.compile's mode, and what the compiled name adds

    def build(self, seq, sizes: dict, dtype: str):
        torch = self.torch
        torch._dynamo.reset()

        def fn(*args):
            return seq.compute(*args)

        fn.__name__ = f"kfbench_{seq.script}{self.suffix}"
        return torch.compile(fn, mode=self.mode, dynamic=False)


class InductorMaxAutotuneImpl(InductorImpl):
    """torch.compile(mode="max-autotune", dynamic=False)."""

    name = "inductor-max-autotune"
    mode, suffix = "max-autotune", "_maxat"
    cudagraphs = True          # max-autotune replays CUDA graph trees (kfuse.bench.stencils.loops)
    check_after_calls = 3      # warm-up (eager), recording, then a replay is checked
