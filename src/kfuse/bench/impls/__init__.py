"""Implementations benchmarked against each other, one module per implementation.

Every implementation is a subclass of :class:`Impl`.  The worker drives it:

1. ``unavailable()`` -> a one-line reason to skip it, or None;
2. ``setup(dtype)`` once per process;
3. per (sequence, size): ``build(seq, sizes, dtype)`` (compile, where it compiles
   ahead of time), then ``bind(built, args)`` -> a thunk that runs one call on one
   input set (the graph peers capture a CUDA graph per input set here);
   ``outputs(result)`` turns a call's results into CuPy arrays for checking, after
   ``check_after_calls`` calls (default 1; 3 where the first calls warm up and record);
4. ``release()`` between points to give memory back.

Inputs always arrive as CuPy arrays (scalars as Python floats); an implementation
converts them once in ``bind`` (zero-copy through DLPack where it can).
GPU libraries are imported lazily, inside methods.
"""
from __future__ import annotations

import importlib
from typing import Callable

# name -> (module, class); the order is the default run order
REGISTRY: dict[str, tuple[str, str]] = {
    "kfuse": ("kfuse_impl", "KfuseImpl"),
    "cublas": ("cublas_impl", "CublasImpl"),
    "cupy": ("cupy_impl", "CupyImpl"),
    "torch": ("torch_impl", "TorchImpl"),
    "jax": ("jax_impl", "JaxImpl"),
    "inductor": ("inductor_impl", "InductorImpl"),
    "kfuse-tuned": ("kfuse_impl", "KfuseTunedImpl"),
    # the peers a user who cares about launch overhead picks: CUDA graphs of their launches
    "cupy-graph": ("cupy_graph_impl", "CupyGraphImpl"),
    "torch-graph": ("torch_graph_impl", "TorchGraphImpl"),
    "inductor-graphs": ("torch_graph_impl", "InductorGraphsImpl"),
}
DEFAULT_IMPLS: tuple[str, ...] = ("kfuse", "cublas", "cupy", "cupy-graph", "torch",
                                  "torch-graph", "jax", "inductor", "inductor-graphs")
OURS: tuple[str, ...] = ("kfuse", "kfuse-tuned")


class ImplUnavailable(Exception):
    """Raised by ``build`` when the implementation cannot run at all (skips every point)."""


def is_peer(name: str) -> bool:
    """True for the implementations kfuse is compared against."""
    return name not in OURS


def first_line(exc: BaseException) -> str:
    """``Type: first line of the message``, for one-line notes."""
    msg = str(exc).strip().splitlines()
    return f"{type(exc).__name__}: {msg[0] if msg else ''}".rstrip(": ")


class Impl:
    """Base class: a CuPy-based implementation timed with CUDA events."""

    name = "?"
    requires: tuple[str, ...] = ("cupy",)
    check_after_calls = 1   # calls before the outputs are checked (the last call's are)

    def unavailable(self) -> str | None:
        """One-line reason why this implementation cannot run here, or None."""
        for mod in self.requires:
            try:
                importlib.import_module(mod)
            except Exception as exc:  # ImportError, or a library failing to load
                return f"{mod} not importable ({first_line(exc)})"
        return None

    def setup(self, dtype: str) -> None:
        """Once per process, before the first point."""
        import cupy

        self.cupy = cupy
        self.dtype = dtype

    def build(self, seq, sizes: dict, dtype: str):
        """Prepare one (sequence, size); returns what ``bind`` needs."""
        return seq.compute

    def convert(self, value):
        """A CuPy array (or Python float) -> this implementation's argument."""
        return value

    def bind(self, built, args: list) -> Callable[[], object]:
        """A zero-argument callable that runs one call on this input set."""
        native = [self.convert(a) for a in args]
        return lambda: built(*native)

    def outputs(self, result) -> list:
        """A call's results (in ``return`` order) as CuPy arrays."""
        cupy = self.cupy
        if not isinstance(result, (tuple, list)):
            result = (result,)
        out = []
        for r in result:
            if isinstance(r, cupy.ndarray):
                out.append(r)
            else:
                try:
                    out.append(cupy.from_dlpack(r))
                except Exception:
                    out.append(cupy.asarray(_to_numpy(r)))
        return out

    def timer(self):
        """The timer for this implementation (see :mod:`kfuse.bench.timing`)."""
        from ..timing import CupyEventTimer

        return CupyEventTimer()

    def block(self, result) -> None:
        """Wait until ``result`` is computed."""
        self.cupy.cuda.Device().synchronize()

    def info(self, built) -> dict:
        """Extra facts about a built point for the record (e.g. kernel count)."""
        return {}

    def release(self) -> None:
        """Give cached device memory back between points."""
        self.cupy.get_default_memory_pool().free_all_blocks()


def _to_numpy(x):
    """Best-effort host copy of a foreign array (torch tensor, JAX array, ...)."""
    import numpy as np

    if hasattr(x, "detach"):
        return x.detach().cpu().numpy()
    return np.asarray(x)


def load(name: str) -> Impl:
    """Instantiate the implementation registered under ``name``."""
    if name not in REGISTRY:
        raise KeyError(f"unknown implementation {name!r}; known: {', '.join(REGISTRY)}")
    module, cls = REGISTRY[name]
    mod = importlib.import_module(f"{__name__}.{module}")
    return getattr(mod, cls)()
