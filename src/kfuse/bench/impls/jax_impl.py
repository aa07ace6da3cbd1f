"""JAX: ``jax.jit`` of the sequence's array expressions.

The worker sets ``XLA_PYTHON_CLIENT_PREALLOCATE=false`` before JAX is imported.
float32 matmuls run at "highest" precision (no TF32), float64 needs x64 mode.
JAX dispatches asynchronously on its own streams, so it is timed on the host
clock with a final ``block_until_ready`` of the last result.  Inputs come from
CuPy through DLPack (zero copy where JAX accepts the buffer).
"""
from __future__ import annotations

import os

from . import Impl


class JaxImpl(Impl):
    """jax.jit; first call (trace + compile) reported as first-call time."""

    name = "jax"
    requires = ("jax", "cupy")

    def unavailable(self) -> str | None:
        os.environ.setdefault("XLA_PYTHON_CLIENT_PREALLOCATE", "false")
        reason = super().unavailable()
        if reason:
            return reason
        import jax

        try:
            gpus = jax.devices("gpu")
        except Exception as exc:
            return f"jax {jax.__version__} sees no GPU ({str(exc).splitlines()[0][:120]})"
        return None if gpus else f"jax {jax.__version__} sees no GPU"

    def setup(self, dtype: str) -> None:
        super().setup(dtype)
        import jax

        self.jax = jax
        if dtype == "float64":
            jax.config.update("jax_enable_x64", True)
        jax.config.update("jax_default_matmul_precision", "highest")
        self.device = jax.devices("gpu")[0]

    def build(self, seq, sizes: dict, dtype: str):
        def fn(*args):
            return seq.compute(*args)

        fn.__name__ = f"kfbench_{seq.script}"
        return self.jax.jit(fn)

    def convert(self, value):
        if isinstance(value, float):
            return value
        jax = self.jax
        try:
            arr = jax.dlpack.from_dlpack(value)
        except Exception:
            arr = jax.device_put(self.cupy.asnumpy(value), self.device)
        return arr

    def timer(self):
        from ..timing import HostTimer

        return HostTimer(block=self.block, sync=self._sync_all)

    def block(self, result) -> None:
        self.jax.block_until_ready(result)

    def _sync_all(self) -> None:
        self.cupy.cuda.Device().synchronize()

    def release(self) -> None:
        super().release()
        self.jax.clear_caches()
