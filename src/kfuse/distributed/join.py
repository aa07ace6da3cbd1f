"""Joining the ranks: this rank's communicator from what the user already has (a
``torch.distributed`` group, an mpi4py communicator, or the launcher's environment)."""
from __future__ import annotations

import os
from typing import Mapping

from ..errors import ArgumentError
from .comm import Communicator, NcclComm, SingleComm
from .launch import Launch


#: The backends :func:`init` accepts: "auto" (one rank: SingleComm; more: NCCL) and "nccl".
BACKENDS = ("auto", "nccl")


def _launch(rank: int, size: int, source: str, environ: Mapping[str, str]) -> Launch:
    """The launch of a rank read from a communicator: its node placement from the environment when
    the launcher's variables describe the same rank and size, else the job is taken as one node."""
    env = Launch.from_env(environ)
    if (env.rank, env.size) == (rank, size):
        return Launch(rank, size, env.local_rank, env.local_size, source)
    return Launch(rank, size, rank, size, source)


def init(group=None, comm=None, backend: str = "auto", environ: Mapping[str, str] = os.environ) -> Communicator:
    """This rank's communicator: from a torch.distributed process group (``group``), an mpi4py
    communicator (``comm``), or the launcher's environment (neither)."""
    if backend not in BACKENDS:
        raise ArgumentError(f"backend is {backend!r}: it is one of {', '.join(BACKENDS)}")
    if group is not None and comm is not None:
        raise ArgumentError("pass a torch.distributed group (group=) or an mpi4py communicator (comm=), not both")
    if group is not None:
        launch, bootstrap = _launch(group.rank(), group.size(), "torch", environ), group
    elif comm is not None:
        launch, bootstrap = _launch(comm.Get_rank(), comm.Get_size(), "mpi", environ), comm
    else:
        launch, bootstrap = Launch.from_env(environ), None
    if launch.size == 1 and backend == "auto":
        return SingleComm()
    return NcclComm.create(launch, bootstrap, environ)
