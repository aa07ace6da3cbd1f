"""What the peers' GEMM and application runs share: device timers (torch and CuPy events on the
current stream), the row-split GEMM run over any library's product, and the stacked read fields
of an application's state that the check compares."""
from __future__ import annotations

from typing import Callable

import numpy as np

from .base import PeerRun


def torch_timer(torch) -> Callable:
    """``timer(fn)``: the device seconds of ``fn()`` on torch's current stream."""

    def timer(fn) -> float:
        e0, e1 = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        e0.record()
        fn()
        e1.record()
        e1.synchronize()
        return e0.elapsed_time(e1) * 1e-3

    return timer


def cupy_timer(cupy) -> Callable:
    """``timer(fn)``: the device seconds of ``fn()`` on CuPy's current stream."""

    def timer(fn) -> float:
        e0, e1 = cupy.cuda.Event(), cupy.cuda.Event()
        e0.record()
        fn()
        e1.record()
        e1.synchronize()
        return cupy.cuda.get_elapsed_time(e0, e1) * 1e-3

    return timer


class GemmRun(PeerRun):
    """The rank's rows of ``C = A B`` by ``product(a, b)``; one step is one product."""

    whats = ("step",)

    def __init__(self, product: Callable, a, b, box: tuple, timer: Callable, to_host: Callable):
        self.product, self.a, self.b, self.box = product, a, b, box
        self.timer, self.to_host, self.c = timer, to_host, None

    def _steps(self, steps: int) -> None:
        for _ in range(steps):
            self.c = self.product(self.a, self.b)

    def run(self, what: str, steps: int) -> float:
        return self.timer(lambda: self._steps(steps))

    def owned(self) -> tuple:
        return self.box, np.asarray(self.to_host(self.c), dtype=np.float64)


def read_fields(wl, state: dict, to_host: Callable, rows: slice = slice(None)) -> np.ndarray:
    """The fields the application's step reads, rows ``rows`` of each, stacked, float64."""
    return np.stack([np.asarray(to_host(state[k]), dtype=np.float64)[rows] for k in wl.fields()["read"]])
