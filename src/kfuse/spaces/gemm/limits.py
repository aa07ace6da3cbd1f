"""The limits a GEMM scheme meets on sm_90 and the element sizes it knows: shared memory,
registers and threads per block, split-k, the 16-byte vectors of the loaders and the pads of
the shared tiles (read by the scheme and by the engines)."""
from __future__ import annotations

DTYPES = {"float32": 4, "float64": 8}
#: Shared memory one block may take on sm_90 (opt-in limit, bytes).
MAX_SHARED = 232448
MAX_REGISTERS = 255
MAX_THREADS = 1024
#: Registers of addressing, indices, loop counters and pointers, estimated.
ADDRESS_REGISTERS = 24
#: the most blocks that split one output tile's k range (split-k)
MAX_SPLITK = 16
#: ``tload`` values: how a k-contiguous (transposing) operand reaches its k-major shared tile
TLOAD_REGISTERS, TLOAD_ASYNC = 1, 2


def vector_elems(dtype: str) -> int:
    """Elements in one 16-byte vector of ``dtype`` (4 for float32, 2 for float64)."""
    return 16 // DTYPES[dtype]


def pad_elems(dtype: str) -> int:
    """Padding of each shared-memory tile row (elements): one 16-byte vector, so that the
    transposing store of a k-contiguous operand hits distinct banks and rows stay 16-B aligned."""
    return vector_elems(dtype)
