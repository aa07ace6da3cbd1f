"""The communicators of kfuse.distributed in one place: the :class:`Communicator` protocol,
:class:`SingleComm` (one rank), :class:`LocalComm` (ranks as threads of one process, for tests
and CI) and :class:`NcclComm` (one process per GPU on NCCL)."""
from __future__ import annotations

from .local import LocalComm
from .nccl import NcclComm
from .protocol import REDUCE_OPS, CommError, Communicator, SingleComm

__all__ = ["Communicator", "CommError", "LocalComm", "NcclComm", "REDUCE_OPS", "SingleComm"]
