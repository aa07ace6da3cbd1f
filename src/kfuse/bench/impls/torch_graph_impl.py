"""PyTorch with CUDA graphs: eager captured by hand (``torch-graph``) and torch.compile's
``mode="reduce-overhead"`` (``inductor-graphs``).

``torch-graph``: per input set (``bind``), the call is warmed up on a side stream, then captured
with ``torch.cuda.graph`` (a private memory pool per graph) and every timed call is one
``graph.replay()`` on the current stream.  Inputs are the CuPy arrays shared through DLPack, so
each graph reads its input set in place; with rotating inputs the calls replay one graph per
buffer set (capturing per buffer set rather than copying inputs into one graph's static
buffers: what a user with fixed buffers does, and the fastest option for the peer).  Scalars
are baked into the graph.  Outputs are set to NaN after capture, so the check reads a replay.

``inductor-graphs``: ``torch.compile(mode="reduce-overhead", dynamic=False)`` (Inductor's
kernels replayed through CUDA graph trees), one compile per size.  Tensor inputs are marked as
static addresses (``torch._dynamo.mark_static_address(t, guard=False)``) so the graphs read
them in place instead of copying each input into a static buffer on every call (the copy
reduce-overhead makes for unmarked inputs; marking them is what a user who cares does); a new
input set records its own graph.  ``torch.compiler.cudagraph_mark_step_begin()`` precedes each
call, as PyTorch documents for inference loops.  The first calls warm up and record: the check
runs on the third call, a replay.
"""
from __future__ import annotations

from typing import Callable

from .inductor_impl import InductorImpl
from .torch_impl import TorchImpl


def _poison(torch, outs) -> None:
    """Fill floating-point outputs with NaN (what a replay must overwrite)."""
    for o in outs:
        if isinstance(o, torch.Tensor) and o.is_floating_point():
            o.fill_(float("nan"))


class TorchGraphImpl(TorchImpl):
    """PyTorch eager captured into a torch.cuda.CUDAGraph per input set; one replay per call."""

    name = "torch-graph"
    warmup_calls = 2

    def bind(self, built, args: list) -> Callable[[], object]:
        torch = self.torch
        native = [self.convert(a) for a in args]
        side = torch.cuda.Stream()
        side.wait_stream(torch.cuda.current_stream())
        with torch.cuda.stream(side):
            for _ in range(self.warmup_calls):   # cuBLAS handles and workspaces, kernel loads
                built(*native)
        torch.cuda.current_stream().wait_stream(side)
        graph = torch.cuda.CUDAGraph()
        with torch.cuda.graph(graph):
            result = built(*native)
        outs = tuple(result) if isinstance(result, (tuple, list)) else (result,)
        _poison(torch, outs)
        torch.cuda.synchronize()
        replay = graph.replay

        def call():
            replay()
            return outs

        call.keep = graph
        return call


class InductorGraphsImpl(InductorImpl):
    """torch.compile(mode="reduce-overhead", dynamic=False), inputs marked static."""

    name = "inductor-graphs"
    mode, suffix = "reduce-overhead", "_graphs"
    check_after_calls = 3       # warm-up, recording, then a replay is checked

    def setup(self, dtype: str) -> None:
        super().setup(dtype)
        try:   # a recording per rotating input set must not count as an unexpected re-record
            cfg = self.torch._inductor.config.triton
            cfg.cudagraph_unexpected_rerecord_limit = max(
                4096, getattr(cfg, "cudagraph_unexpected_rerecord_limit", 0))
        except Exception:
            pass

    def bind(self, built, args: list) -> Callable[[], object]:
        torch = self.torch
        native = [self.convert(a) for a in args]
        mark = getattr(torch._dynamo, "mark_static_address", None)
        for t in native:
            if mark is not None and isinstance(t, torch.Tensor):
                mark(t, guard=False)
        step = getattr(getattr(torch, "compiler", None), "cudagraph_mark_step_begin", None) \
            or (lambda: None)

        def call():
            step()
            return built(*native)

        return call
