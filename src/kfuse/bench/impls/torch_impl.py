"""PyTorch eager: the sequence's array expressions on torch tensors.

Inputs are CuPy arrays shared with torch through DLPack (zero copy); results
are allocated by torch's caching allocator.  TF32 stays off (torch's default for
float32 matmuls), so float32 results are true float32.
"""
from __future__ import annotations

from . import Impl


class TorchImpl(Impl):
    """PyTorch eager on the current CUDA stream; timed with torch CUDA events."""

    name = "torch"
    requires = ("torch", "cupy")

    def unavailable(self) -> str | None:
        reason = super().unavailable()
        if reason:
            return reason
        import torch

        if not torch.cuda.is_available():
            return f"torch {torch.__version__} sees no CUDA device"
        return None

    def setup(self, dtype: str) -> None:
        super().setup(dtype)
        import torch

        self.torch = torch
        torch.backends.cuda.matmul.allow_tf32 = False
        torch.backends.cudnn.allow_tf32 = False
        torch.set_float32_matmul_precision("highest")
        torch.cuda.init()

    def convert(self, value):
        if isinstance(value, float):
            return value
        return self.torch.from_dlpack(value)

    def timer(self):
        from ..timing import TorchEventTimer

        return TorchEventTimer()

    def block(self, result) -> None:
        self.torch.cuda.synchronize()

    def release(self) -> None:
        super().release()
        self.torch.cuda.synchronize()
        self.torch.cuda.empty_cache()
