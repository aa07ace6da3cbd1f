"""kfuse on several GPUs: one process per GPU, joined on NCCL; a grid decomposed into per-rank
blocks, the halos its stencils read, and the exchanges that fill them.

:func:`init` joins the ranks from what the user already has (a ``torch.distributed`` group, an
mpi4py communicator, or the environment of torchrun, mpirun or srun) and returns this rank's
:class:`Communicator`; a run on one rank gets a :class:`SingleComm`, so the same code runs on
one GPU.
"""
from __future__ import annotations

from .comm import CommError, Communicator, LocalComm, NcclComm, SingleComm
from .decomp import Decomposition, decompose
from .exchange import Message, directions, exchange_plan, local_box, to_local
from .grid import DistArray, Grid, is_distributed
from .halo_exchange import exchange_halos
from .halo import Halo, halo_of, other_reads, refusal, step_halos, step_reads, storage_halo
from .join import BACKENDS, init
from .launch import Launch, device_for

__all__ = ["BACKENDS", "CommError", "Communicator", "Launch", "LocalComm", "NcclComm", "SingleComm",
           "device_for", "init", "Grid", "DistArray", "is_distributed",
           "Decomposition", "decompose",
           "Halo", "halo_of", "other_reads", "refusal", "step_halos", "step_reads", "storage_halo",
           "Message", "directions", "exchange_plan", "local_box", "to_local", "exchange_halos"]
