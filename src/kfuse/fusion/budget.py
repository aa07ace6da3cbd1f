"""The shared-memory budget of a kernel (moved to :mod:`kfuse.spaces.budget`; its names stay
importable from here)."""
from ..spaces.budget import SMEM_FLAGS, SMEM_STATIC_LIMIT, shared_bytes, smem_refusal, smem_terms

__all__ = ["SMEM_FLAGS", "SMEM_STATIC_LIMIT", "shared_bytes", "smem_refusal", "smem_terms"]
