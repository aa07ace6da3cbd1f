"""The NCCL communicator: one rank per process and GPU, through CuPy's ``cupy.cuda.nccl``.

:class:`NcclComm` drives an ``NcclCommunicator`` by raw device pointers on a CUDA stream, so
its sends, receives and all-reduces are ordered with kfuse's kernels and can be captured in
CUDA graphs.  Exchanges move bytes (``NCCL_UINT8``); all-reduces use the NCCL type of the array
(:data:`NCCL_DTYPES`; a complex array is summed as its real and imaginary parts).  Where CuPy or
``libnccl`` cannot load, :func:`load_nccl` raises one :class:`NoGPUError` that says which wheel
to install.
"""
from __future__ import annotations

import atexit
import gc
import importlib
import os
import weakref
import warnings
from typing import Mapping

from ..errors import ArgumentError, DTypeError, NoGPUError
from ..platform.install import CUPY_WHEELS, installed_cupy
from .bootstrap import share_id
from .launch import Launch, device_for
from .protocol import CommError, check_array, check_exchange, check_op, check_open

#: NumPy dtype name -> the NCCL data type constant (in ``cupy.cuda.nccl``) all_reduce uses.
NCCL_DTYPES = {"float16": "NCCL_FLOAT16", "float32": "NCCL_FLOAT32", "float64": "NCCL_FLOAT64",
               "int32": "NCCL_INT32", "int64": "NCCL_INT64"}
#: complex dtype -> the real dtype of its parts (summed pairwise: sum is the only op that allows it).
COMPLEX_PARTS = {"complex64": "float32", "complex128": "float64"}
#: all_reduce's op -> the NCCL reduction constant.
NCCL_OPS = {"sum": "NCCL_SUM", "max": "NCCL_MAX", "min": "NCCL_MIN", "prod": "NCCL_PROD"}


def nccl_wheel(installed: dict | None = None) -> str:
    """The pip package that provides libnccl for the installed CuPy (CUDA 13 unless CuPy's is 12)."""
    majors = {CUPY_WHEELS[name] for name in (installed_cupy() if installed is None else installed)
              if name in CUPY_WHEELS}
    return "nvidia-nccl-cu12" if majors == {12} else "nvidia-nccl-cu13"


def _missing(reason: str) -> NoGPUError:
    wheel = nccl_wheel()
    other = "nvidia-nccl-cu12" if wheel.endswith("13") else "nvidia-nccl-cu13"
    return NoGPUError(f"kfuse.distributed runs its ranks on NCCL, which cannot be loaded ({reason}): "
                      f"pip install {wheel} (or {other}, matching your CuPy and NVIDIA driver: cu13 "
                      "needs driver >= 580, cu12 driver >= 525)")


def load_nccl(importer=importlib.import_module):
    """CuPy's NCCL module, or one NoGPUError saying what to install when CuPy or libnccl is missing."""
    try:
        importer("cupy")
    except Exception as exc:   # noqa: BLE001 - CuPy raises more than ImportError when CUDA is absent
        raise _missing(f"CuPy is not importable: {exc}") from None
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")   # CuPy warns, then leaves the module without its names
            nccl = importer("cupy.cuda.nccl")
    except Exception as exc:   # noqa: BLE001
        raise _missing(f"cupy.cuda.nccl: {exc}") from None
    if not getattr(nccl, "available", True) or not hasattr(nccl, "NcclCommunicator"):
        raise _missing("CuPy did not find libnccl.so.2")
    return nccl


def reduce_args(array, op: str) -> tuple:
    """(NCCL dtype constant name, element count) of an all-reduce of ``array`` with ``op``."""
    dtype = str(array.dtype)
    if dtype in COMPLEX_PARTS:
        if op != "sum":
            raise ArgumentError(f"all_reduce of a {dtype} array with op {op!r}: complex arrays are "
                                "reduced only with 'sum' (as their real and imaginary parts)")
        return NCCL_DTYPES[COMPLEX_PARTS[dtype]], 2 * int(array.size)
    if dtype not in NCCL_DTYPES:
        raise DTypeError(f"all_reduce of a {dtype} array: NCCL reduces "
                         f"{', '.join(list(NCCL_DTYPES) + list(COMPLEX_PARTS))}")
    return NCCL_DTYPES[dtype], int(array.size)


def device_pointer(array, name: str) -> int:
    """The device address of a contiguous device array (a CuPy array)."""
    ptr = getattr(getattr(array, "data", None), "ptr", None)
    if not isinstance(ptr, int):
        raise ArgumentError(f"{name} is a {type(array).__name__}: NCCL needs device arrays (CuPy)")
    flags = array.flags
    if not (flags.c_contiguous or flags.f_contiguous):
        raise ArgumentError(f"{name} is not contiguous: NCCL sends and receives contiguous arrays")
    return ptr


def communicator(nccl, size: int, unique_id: tuple, rank: int):
    """CuPy's NcclCommunicator for the shared ``unique_id`` (a tuple of byte values): CuPy before
    14 takes the tuple, CuPy 14 takes the 128 bytes."""
    try:
        return nccl.NcclCommunicator(size, unique_id, rank)
    except TypeError:
        return nccl.NcclCommunicator(size, bytes(int(b) & 0xFF for b in unique_id), rank)


class NcclComm:
    """Rank ``rank`` of ``size`` on an NCCL communicator ``handle`` (``nccl``: CuPy's module;
    ``xp``: the array module, for the current stream and the barrier's scratch word)."""
    capturable = True   # NCCL calls are stream-ordered and captured by CUDA graphs

    def __init__(self, handle, rank: int, size: int, nccl, xp):
        self.handle, self.rank, self.size = handle, rank, size
        self._nccl, self._xp, self._scratch, self.closed = nccl, xp, None, False
        self._graph_stores: list = []

    def keep_graphs(self, store: dict) -> None:
        """Register ``store``, a dict holding CUDA graphs that captured this communicator's calls
        (held weakly: the graphs live as long as their loop's workspace): :meth:`close` empties it
        first, since NCCL's destroy waits until every such graph is gone."""
        self._graph_stores = [r for r in self._graph_stores if r() is not None]
        if all(r() is not store for r in self._graph_stores):
            self._graph_stores.append(weakref.ref(store))

    @staticmethod
    def create(launch: Launch, bootstrap=None, environ: Mapping[str, str] = os.environ) -> "NcclComm":
        """Join the ranks of ``launch`` on this rank's GPU (its local rank), the unique id shared
        through ``bootstrap`` (a torch.distributed group, an mpi4py communicator, or None: the
        environment's TCP store)."""
        nccl = load_nccl()
        import cupy
        cupy.cuda.Device(device_for(launch, cupy.cuda.runtime.getDeviceCount())).use()
        unique_id = share_id(nccl.get_unique_id, launch, bootstrap, environ)
        try:
            handle = communicator(nccl, launch.size, unique_id, launch.rank)
        except Exception as exc:   # noqa: BLE001 - NcclError, CUDARuntimeError
            raise CommError(f"rank {launch.rank}: NCCL could not start the {launch.size}-rank "
                            f"communicator: {exc}") from None
        comm = NcclComm(handle, launch.rank, launch.size, nccl, cupy)
        atexit.register(_close_at_exit, weakref.ref(comm))   # graphs released before NCCL's destroy at exit
        return comm

    def _stream(self, stream) -> int:
        if stream is None:
            return self._xp.cuda.get_current_stream().ptr
        if isinstance(stream, int):
            return stream
        if isinstance(getattr(stream, "ptr", None), int):
            return stream.ptr
        raise ArgumentError(f"stream is a {type(stream).__name__}: pass a CuPy stream, its pointer, or None")

    def _call(self, what: str, fn, *args):
        try:
            return fn(*args)
        except Exception as exc:   # noqa: BLE001 - NcclError and CUDA errors become one CommError
            raise CommError(f"rank {self.rank}: NCCL {what} failed: {exc}") from None

    def exchange(self, sends, recvs, stream=None) -> None:
        """Post every send and receive as one NCCL group on ``stream``."""
        check_open(self)
        sends, recvs, _ = check_exchange(sends, recvs, self.rank, self.size)
        posts = [("send", p, device_pointer(a, f"sends[{i}]"), a.nbytes) for i, (p, a) in enumerate(sends)]
        posts += [("recv", p, device_pointer(a, f"recvs[{i}]"), a.nbytes) for i, (p, a) in enumerate(recvs)]
        s, nccl = self._stream(stream), self._nccl
        self._call("groupStart", nccl.groupStart)
        try:
            for kind, peer, ptr, nbytes in posts:
                self._call(f"{kind} with rank {peer}", getattr(self.handle, kind), ptr, nbytes,
                           nccl.NCCL_UINT8, peer, s)
        finally:
            self._call("groupEnd", nccl.groupEnd)

    def all_reduce(self, array, op: str = "sum", stream=None) -> None:
        """Reduce ``array`` in place over the ranks on ``stream``."""
        check_open(self)
        check_op(op)
        check_array(array)
        dtype, count = reduce_args(array, op)
        ptr = device_pointer(array, "array")
        nccl = self._nccl
        self._call("allReduce", self.handle.allReduce, ptr, ptr, count, getattr(nccl, dtype),
                   getattr(nccl, NCCL_OPS[op]), self._stream(stream))

    def barrier(self) -> None:
        """An all-reduce of one word on the current stream, then wait for that stream."""
        if self._scratch is None:
            self._scratch = self._xp.zeros(1, dtype="int32")
        self.all_reduce(self._scratch)
        self._xp.cuda.get_current_stream().synchronize()

    def close(self, abort: bool = False) -> None:
        """Destroy the NCCL communicator (once), after the graphs that captured its calls;
        ``abort``: without waiting for the other ranks (at exit)."""
        if not self.closed:
            self.closed = True
            for ref in self._graph_stores:
                store = ref()
                if store is not None:
                    store.clear()   # the graphs first: NCCL's destroy would wait for them forever
            self._graph_stores.clear()
            gc.collect()
            self._call("destroy", self.handle.abort if abort else self.handle.destroy)

    def __repr__(self) -> str:
        return f"NcclComm(rank {self.rank} of {self.size})"


def _close_at_exit(ref) -> None:
    """Abort a communicator still open when the interpreter exits (its graphs released first), so
    a program that never calls close(), or leaves on an error while its peers wait, does not wait
    forever in NCCL's destroy."""
    comm = ref()
    if comm is not None and not comm.closed:
        try:
            comm.close(abort=True)   # a rank that exits on an error must not wait for its peers
        except Exception:   # noqa: BLE001 - at exit, a failed destroy must not mask the program's status
            pass
