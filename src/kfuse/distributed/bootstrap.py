"""How the ranks share NCCL's unique id: through the communicator the user already has.

Rank 0 makes the id; a channel broadcasts it to the others.  The channels: a ``torch.distributed``
process group (``broadcast_object_list``), an mpi4py communicator (``bcast``), or, with neither,
a TCP store at ``MASTER_ADDR:MASTER_PORT`` (torch's ``TCPStore``; torch's default group when
torch.distributed is already initialised).  Groups and communicators are recognised by their
methods, so any object with the same calls works.
"""
from __future__ import annotations

import datetime
import importlib
import itertools
import os
from typing import Mapping

from ..errors import ArgumentError, ConfigError
from .launch import Launch

#: Seconds a rank waits at the TCP store for rank 0's id.
STORE_TIMEOUT_S = 300
_STORE_KEYS = itertools.count()


def torch_distributed():
    """The ``torch.distributed`` module (ImportError when torch is not importable)."""
    return importlib.import_module("torch.distributed")


def encode(unique_id) -> str:
    """NCCL's unique id (a tuple of byte values) as text every channel carries."""
    return ",".join(str(int(b)) for b in unique_id)


def decode(text) -> tuple:
    """The unique id :func:`encode` wrote (str or bytes)."""
    if isinstance(text, bytes):
        text = text.decode("ascii")
    return tuple(int(b) for b in text.split(","))


def is_mpi_comm(obj) -> bool:
    """An mpi4py communicator (or anything with its ``bcast`` and ``Get_rank``)."""
    return callable(getattr(obj, "bcast", None)) and callable(getattr(obj, "Get_rank", None))


def is_torch_group(obj) -> bool:
    """A torch.distributed process group (or anything with its ``rank()`` and ``size()``)."""
    return callable(getattr(obj, "rank", None)) and callable(getattr(obj, "size", None))


class MpiChannel:
    """Broadcast from rank 0 through an mpi4py communicator."""
    kind = "mpi"

    def __init__(self, comm):
        self.comm = comm

    def bcast(self, value):
        return self.comm.bcast(value, root=0)


class TorchChannel:
    """Broadcast from the group's rank 0 through ``torch.distributed.broadcast_object_list``."""
    kind = "torch"

    def __init__(self, group, dist):
        self.group, self.dist = group, dist

    def bcast(self, value):
        src = self.dist.get_global_rank(self.group, 0) if self.group is not None else 0
        box = [value]
        self.dist.broadcast_object_list(box, src=src, group=self.group)
        return box[0]


class StoreChannel:
    """Rank 0 sets ``key`` in a TCP store; the others wait for it.  Each communicator a process
    starts takes the next key, so the ranks' k-th communicators meet at the same key."""
    kind = "store"

    def __init__(self, store, rank: int, key: str):
        self.store, self.rank, self.key = store, rank, key

    def bcast(self, value):
        if self.rank == 0:
            self.store.set(self.key, value)
            return value
        got = self.store.get(self.key)
        return got.decode("ascii") if isinstance(got, bytes) else got


def _master(environ: Mapping[str, str]) -> tuple:
    """(host, port) from MASTER_ADDR and MASTER_PORT."""
    host, port = environ.get("MASTER_ADDR", "").strip(), environ.get("MASTER_PORT", "").strip()
    for name, value in (("MASTER_ADDR", host), ("MASTER_PORT", port)):
        if not value:
            raise ConfigError(f"{name} is not set: the ranks share NCCL's id through a TCP store at "
                              "MASTER_ADDR:MASTER_PORT; set both, or pass kfuse.distributed.init a "
                              "torch.distributed group (group=) or an mpi4py communicator (comm=)")
    if not port.isdigit() or not 0 < int(port) < 65536:
        raise ConfigError(f"MASTER_PORT={port!r} is not a port number (1 to 65535)")
    return host, int(port)


def store_channel(launch: Launch, environ: Mapping[str, str], dist) -> StoreChannel:
    """A channel through torch's TCPStore at MASTER_ADDR:MASTER_PORT.  Under torchrun the agent
    already serves a store there (TORCHELASTIC_USE_AGENT_STORE): every rank joins it as a client."""
    host, port = _master(environ)
    agent = environ.get("TORCHELASTIC_USE_AGENT_STORE", "").lower() == "true"
    store = dist.TCPStore(host, port, launch.size, is_master=launch.rank == 0 and not agent,
                          timeout=datetime.timedelta(seconds=STORE_TIMEOUT_S))
    return StoreChannel(store, launch.rank, f"kfuse/nccl-unique-id/{next(_STORE_KEYS)}")


def _environment_channel(launch: Launch, environ: Mapping[str, str]):
    """The channel when the user passed nothing: torch's default group if initialised, else a store."""
    try:
        dist = torch_distributed()
    except ImportError as exc:
        raise ConfigError(f"{launch.size} ranks (started by {launch.source}) need a way to share NCCL's id, "
                          f"and torch is not importable for its TCPStore ({exc}): pass kfuse.distributed.init "
                          "an mpi4py communicator (comm=) or a torch.distributed group (group=), "
                          "or install torch") from None
    if dist.is_available() and dist.is_initialized():
        return TorchChannel(None, dist)
    return store_channel(launch, environ, dist)


def select_channel(bootstrap, launch: Launch, environ: Mapping[str, str] = os.environ):
    """The channel for ``bootstrap``: an mpi4py communicator, a torch group, or None (the environment)."""
    if bootstrap is None:
        return _environment_channel(launch, environ)
    if is_mpi_comm(bootstrap):
        rank, channel = bootstrap.Get_rank(), MpiChannel(bootstrap)
    elif is_torch_group(bootstrap):
        rank, channel = bootstrap.rank(), TorchChannel(bootstrap, torch_distributed())
    else:
        raise ArgumentError(f"bootstrap is a {type(bootstrap).__name__}: pass a torch.distributed process "
                            "group, an mpi4py communicator, or None (the launcher's environment)")
    if rank != launch.rank:
        raise ArgumentError(f"the {channel.kind} bootstrap says this is rank {rank}, the launch rank "
                            f"{launch.rank} ({launch.source})")
    return channel


def share_id(make_id, launch: Launch, bootstrap=None, environ: Mapping[str, str] = os.environ) -> tuple:
    """NCCL's unique id on every rank: ``make_id()`` on rank 0, broadcast through ``bootstrap``."""
    channel = select_channel(bootstrap, launch, environ)
    return decode(channel.bcast(encode(make_id()) if launch.rank == 0 else None))
