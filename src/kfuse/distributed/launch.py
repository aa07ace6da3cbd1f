"""Where this process sits among its peers, read from the launcher that started it.

A :class:`Launch` is this process's rank and the number of ranks, and its rank and count on this
node.  :meth:`Launch.from_env` reads the variables of torchrun, Open MPI (``mpirun``), PMI-based
MPIs (MPICH, Intel MPI) and Slurm (``srun``); with none of them set the process runs alone (rank 0
of 1).  :func:`device_for` picks the GPU of a rank: its local rank.
"""
from __future__ import annotations

import dataclasses
import os
import re
from typing import Mapping

from ..errors import ConfigError, NoGPUError


@dataclasses.dataclass(frozen=True)
class Launch:
    """This process's place: ``rank`` of ``size`` in all, ``local_rank`` of ``local_size`` on
    this node, and ``source``, the launcher the numbers came from ("torchrun", "openmpi",
    "pmi", "slurm", "single", or the communicator they were read from)."""
    rank: int
    size: int
    local_rank: int
    local_size: int
    source: str

    @staticmethod
    def from_env(environ: Mapping[str, str] = os.environ) -> "Launch":
        """The launch described by ``environ``; rank 0 of 1 when no launcher's variables are set.
        Bad values (not integers, negative, a rank beyond the size) and launchers that disagree
        raise one :class:`ConfigError` naming the variable and its value."""
        found = [launch for launch in (read(spec, environ) for spec in LAUNCHERS) if launch]
        if not found:
            return Launch(0, 1, 0, 1, "single")
        return agree(found, environ)


@dataclasses.dataclass(frozen=True)
class LauncherVars:
    """The variables one launcher sets: global rank and size, local rank and size (local ones
    may be absent: then the job is taken to be one node)."""
    source: str
    rank: str
    size: tuple
    local_rank: tuple
    local_size: tuple


#: Launchers in order of precedence: the innermost launcher (the one that started this
#: process) first; Slurm last, since torchrun and mpirun also run inside Slurm allocations.
LAUNCHERS = (
    LauncherVars("torchrun", "RANK", ("WORLD_SIZE",), ("LOCAL_RANK",), ("LOCAL_WORLD_SIZE",)),
    LauncherVars("openmpi", "OMPI_COMM_WORLD_RANK", ("OMPI_COMM_WORLD_SIZE",),
                 ("OMPI_COMM_WORLD_LOCAL_RANK",), ("OMPI_COMM_WORLD_LOCAL_SIZE",)),
    LauncherVars("pmi", "PMI_RANK", ("PMI_SIZE",), ("MPI_LOCALRANKID", "PMI_LOCAL_RANK"),
                 ("MPI_LOCALNRANKS", "PMI_LOCAL_SIZE")),
    LauncherVars("slurm", "SLURM_PROCID", ("SLURM_STEP_NUM_TASKS", "SLURM_NTASKS", "SLURM_NPROCS"),
                 ("SLURM_LOCALID",),
                 ("SLURM_STEP_TASKS_PER_NODE", "SLURM_TASKS_PER_NODE", "SLURM_NTASKS_PER_NODE")),
)


def _first(environ: Mapping[str, str], names: tuple) -> tuple:
    """(name, value) of the first of ``names`` set in ``environ``; (names[0], None) if none is."""
    for name in names:
        if environ.get(name, "").strip():
            return name, environ[name].strip()
    return names[0], None


def _integer(name: str, value: str, least: int) -> int:
    try:
        number = int(value)
    except ValueError:
        raise ConfigError(f"{name}={value!r} is not an integer") from None
    if number < least:
        raise ConfigError(f"{name}={value!r} must be at least {least}")
    return number


def tasks_on_node(name: str, value: str, node: int | None) -> int:
    """Slurm's count of tasks on this node from its compressed list ("4(x2),3": 4, 4, 3),
    indexed by the node number (``SLURM_NODEID``); a plain count for every node."""
    counts = []
    for part in value.split(","):
        match = re.fullmatch(r"\s*(\d+)\s*(?:\(x(\d+)\))?\s*", part)
        if not match:
            raise ConfigError(f"{name}={value!r} is not a Slurm task count such as '4' or '4(x2),3'")
        counts += [int(match.group(1))] * int(match.group(2) or 1)
    if len(counts) == 1:
        return counts[0]
    if node is None or node >= len(counts):
        raise ConfigError(f"{name}={value!r} lists {len(counts)} nodes but SLURM_NODEID="
                          f"{node if node is not None else '(unset)'} does not pick one of them")
    return counts[node]


def _local_size(spec: LauncherVars, environ: Mapping[str, str], size: int) -> int:
    name, value = _first(environ, spec.local_size)
    if value is None:
        return size
    if spec.source != "slurm":
        return _integer(name, value, 1)
    node = environ.get("SLURM_NODEID")
    return tasks_on_node(name, value, _integer("SLURM_NODEID", node, 0) if node else None)


def read(spec: LauncherVars, environ: Mapping[str, str]) -> Launch | None:
    """The launch one launcher's variables describe; None when its rank variable is unset."""
    rank_value = environ.get(spec.rank, "").strip()
    if not rank_value:
        return None
    rank = _integer(spec.rank, rank_value, 0)
    size_name, size_value = _first(environ, spec.size)
    if size_value is None:
        raise ConfigError(f"{spec.rank}={rank_value!r} is set but {size_name} (the number of ranks) is not")
    size = _integer(size_name, size_value, 1)
    if rank >= size:
        raise ConfigError(f"{spec.rank}={rank_value!r} is not below {size_name}={size_value!r}")
    local_name, local_value = _first(environ, spec.local_rank)
    local_rank = rank if local_value is None else _integer(local_name, local_value, 0)
    local_size = _local_size(spec, environ, size)
    if local_size > size:
        raise ConfigError(f"{spec.source}'s local size {local_size} exceeds {size_name}={size_value!r}")
    if local_rank >= local_size:
        raise ConfigError(f"{local_name}={local_value!r} is not below the local size {local_size} "
                          f"({_first(environ, spec.local_size)[0]})")
    return Launch(rank, size, local_rank, local_size, spec.source)


def _describe(launch: Launch, environ: Mapping[str, str]) -> str:
    spec = next(s for s in LAUNCHERS if s.source == launch.source)
    size_name, size_value = _first(environ, spec.size)
    return f"{spec.rank}={environ[spec.rank]!r}, {size_name}={size_value!r}"


def agree(found: list, environ: Mapping[str, str]) -> Launch:
    """The innermost launcher's launch, once every other launcher agrees with its rank and size.
    Slurm's numbers are left out when its size differs: then Slurm started the launcher (torchrun,
    mpirun's daemons) rather than this process."""
    first = found[0]
    for other in found[1:]:
        if other.source == "slurm" and other.size != first.size:
            continue
        if (other.rank, other.size) != (first.rank, first.size):
            raise ConfigError(f"the launchers disagree: {first.source} says {_describe(first, environ)} "
                              f"but {other.source} says {_describe(other, environ)}")
    return first


def device_for(launch: Launch, n_devices: int) -> int:
    """The GPU this rank uses: its local rank, which must be below the node's ``n_devices``."""
    if n_devices < 1:
        raise NoGPUError(f"rank {launch.rank} of {launch.size} needs a GPU but this node has none")
    if launch.local_rank >= n_devices:
        raise ConfigError(f"local rank {launch.local_rank} (of {launch.local_size} on this node) has no "
                          f"GPU: the node has {n_devices}; start at most {n_devices} processes per node")
    return launch.local_rank
