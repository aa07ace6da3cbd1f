"""CuPy captured into a CUDA graph and replayed: what a CuPy user who cares about launch
overhead writes.  CuPy refuses cuBLAS calls during a capture ("calling cuBLAS API during stream
capture is currently unsupported", CuPy 14.2 on the H200, 2026-11-23), so CuPy's matrix-vector
products do not capture: those points are errors, and cuBLAS in a graph is measured through
PyTorch (``torch-graph``).

Per input set (``bind``) the call is run once on a private capture stream (so kernels are
loaded and the memory pool holds blocks), then captured (``stream.begin_capture`` ...
``end_capture``) and every timed call is one ``graph.launch()`` on the current stream.  A graph
reads and writes fixed addresses, so each input set gets its own graph: with rotating inputs
the calls replay one graph per buffer set, each reading its own copy in place (capturing per
buffer set, rather than copying inputs into one graph's static buffers, is what a user with
fixed buffers does and is the fastest option for the peer).  Scalars are baked into the
graph, as a user with fixed alpha/beta would have them.  Memory allocated during capture
(outputs, temporaries) comes from a memory pool private to that graph, kept alive with it, so
no later allocation reuses a graph's buffers.  The outputs are set to NaN after capture, so the
check reads what the first replay wrote.  Capture time is not part of any reported time.
"""
from __future__ import annotations

from typing import Callable

from . import Impl


def capture_cupy(cupy, body: Callable[[], object]):
    """(graph, outputs, pool): ``body`` warmed up once on a new stream, then captured there
    with allocations from a private memory pool."""
    pool = cupy.cuda.MemoryPool()
    stream = cupy.cuda.Stream(non_blocking=True)
    with cupy.cuda.using_allocator(pool.malloc), stream:
        body()                     # loads kernels, primes the pool: nothing allocates in capture
        stream.synchronize()
        stream.begin_capture()
        try:
            result = body()
        finally:
            graph = stream.end_capture()
    graph.upload(stream)
    stream.synchronize()
    outs = result if isinstance(result, (tuple, list)) else (result,)
    for o in outs:
        if isinstance(o, cupy.ndarray) and o.dtype.kind == "f":
            o.fill(float("nan"))   # poison: the check must read what a replay wrote
    cupy.cuda.Device().synchronize()
    return graph, tuple(outs), (pool, stream)


class CupyGraphImpl(Impl):
    """CuPy expressions captured into a CUDA graph per input set; one launch per call."""

    name = "cupy-graph"
    requires = ("cupy",)

    def bind(self, built, args: list) -> Callable[[], object]:
        native = [self.convert(a) for a in args]
        graph, outs, keep = capture_cupy(self.cupy, lambda: built(*native))
        launch = graph.launch

        def call():
            launch()             # on the current stream (where the timer's events are)
            return outs

        call.keep = keep         # the graph's pool and stream live as long as the call
        return call
