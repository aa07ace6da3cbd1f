"""kfuse.distributed's NCCL communicator without a GPU: the dtype and op tables, the calls it makes
on a recording stand-in for ``cupy.cuda.nccl``, how the unique id travels (torch groups, mpi4py
communicators, TCP stores: duck-typed stand-ins) and the error when CuPy or libnccl is missing."""
from __future__ import annotations

import datetime
import itertools
import types

import numpy as np
import pytest

import kfuse.distributed as kd
from kfuse.distributed import bootstrap, nccl as kn
from kfuse.distributed.launch import Launch
from kfuse.errors import ArgumentError, ConfigError, DTypeError, NoGPUError
from kfuse.distributed.protocol import CommError

CONSTANTS = ("NCCL_UINT8", "NCCL_FLOAT16", "NCCL_FLOAT32", "NCCL_FLOAT64", "NCCL_INT32", "NCCL_INT64",
             "NCCL_SUM", "NCCL_MAX", "NCCL_MIN", "NCCL_PROD")
UID = tuple(range(-64, 64))


class Handle:
    """A recording NcclCommunicator."""

    def __init__(self, log, fail=None):
        self.log, self.fail = log, fail

    def __getattr__(self, name):
        def call(*args):
            if name == self.fail:
                raise RuntimeError("NCCL_ERROR_INVALID_USAGE")
            self.log.append((name,) + args)
        return call


def fake_nccl(log):
    mod = types.SimpleNamespace(**{c: f"<{c}>" for c in CONSTANTS}, available=True)
    mod.groupStart = lambda: log.append(("groupStart",))
    mod.groupEnd = lambda: log.append(("groupEnd",))
    mod.get_unique_id = lambda: UID
    mod.NcclCommunicator = lambda n, uid, rank: (log.append(("NcclCommunicator", n, uid, rank)), Handle(log))[1]
    return mod


class Stream:
    def __init__(self, ptr, log=None):
        self.ptr, self.log = ptr, log

    def synchronize(self):
        self.log.append(("synchronize", self.ptr))


def fake_xp(log):
    cuda = types.SimpleNamespace(get_current_stream=lambda: Stream(77, log))
    return types.SimpleNamespace(cuda=cuda, zeros=lambda n, dtype: DevArray(np.zeros(n, dtype), 500))


class DevArray:
    """A stand-in for a CuPy array: NumPy metadata and a device address."""

    def __init__(self, host, ptr):
        self.shape, self.dtype, self.size, self.nbytes = host.shape, host.dtype, host.size, host.nbytes
        self.flags, self.data = host.flags, types.SimpleNamespace(ptr=ptr)


def comm(rank=0, size=2, fail=None):
    log = []
    return kn.NcclComm(Handle(log, fail), rank, size, fake_nccl(log), fake_xp(log)), log


@pytest.mark.parametrize("dtype, const, count", [("float16", "NCCL_FLOAT16", 6), ("float32", "NCCL_FLOAT32", 6),
                                                 ("float64", "NCCL_FLOAT64", 6), ("int32", "NCCL_INT32", 6),
                                                 ("int64", "NCCL_INT64", 6), ("complex64", "NCCL_FLOAT32", 12),
                                                 ("complex128", "NCCL_FLOAT64", 12)])
def test_reduce_types(dtype, const, count):
    assert kn.reduce_args(np.zeros((2, 3), dtype), "sum") == (const, count)


def test_reduce_types_refused():
    with pytest.raises(ArgumentError, match="complex64 array with op 'max'.*only with 'sum'"):
        kn.reduce_args(np.zeros(2, np.complex64), "max")
    with pytest.raises(DTypeError, match="bool array: NCCL reduces float16, float32"):
        kn.reduce_args(np.zeros(2, bool), "sum")


def test_op_table_covers_every_op():
    assert set(kn.NCCL_OPS) == set(kd.comm.REDUCE_OPS)
    assert kn.NCCL_OPS["prod"] == "NCCL_PROD" and kn.NCCL_OPS["min"] == "NCCL_MIN"


def test_exchange_is_one_group_of_byte_sends_and_receives():
    c, log = comm(rank=1, size=3)
    a, b = DevArray(np.zeros((2, 4), np.float32), 1000), DevArray(np.zeros(5, np.float64), 2000)
    c.exchange([(0, a), (2, b)], [(2, DevArray(np.zeros(3, np.int64), 3000))], stream=Stream(9))
    assert log == [("groupStart",), ("send", 1000, 32, "<NCCL_UINT8>", 0, 9), ("send", 2000, 40, "<NCCL_UINT8>", 2, 9),
                   ("recv", 3000, 24, "<NCCL_UINT8>", 2, 9), ("groupEnd",)]


def test_exchange_to_itself_is_a_send_and_receive_in_the_group():
    c, log = comm(rank=0)
    c.exchange([(0, DevArray(np.zeros(2), 10))], [(0, DevArray(np.zeros(2), 20))], stream=5)
    assert [e[0] for e in log] == ["groupStart", "send", "recv", "groupEnd"] and log[1][4] == log[2][4] == 0


def test_exchange_refusals_post_nothing():
    c, log = comm()
    with pytest.raises(ArgumentError, match=r"sends\[0\] is a ndarray: NCCL needs device arrays"):
        c.exchange([(1, np.zeros(2))], [])
    strided = DevArray(np.zeros((4, 4))[:, ::2], 10)
    with pytest.raises(ArgumentError, match=r"recvs\[0\] is not contiguous"):
        c.exchange([], [(1, strided)])
    with pytest.raises(ArgumentError, match="peer 2"):
        c.exchange([(2, DevArray(np.zeros(1), 1))], [])
    with pytest.raises(ArgumentError, match="stream is a str"):
        c.exchange([], [], stream="default")
    assert log == []


def test_a_failed_nccl_call_still_ends_the_group_and_is_one_comm_error():
    c, log = comm(fail="send")
    with pytest.raises(CommError, match="rank 0: NCCL send with rank 1 failed: NCCL_ERROR_INVALID_USAGE"):
        c.exchange([(1, DevArray(np.zeros(1), 1))], [])
    assert log[-1] == ("groupEnd",)


@pytest.mark.parametrize("op", ["sum", "max", "min", "prod"])
def test_all_reduce_in_place_on_the_current_stream(op):
    c, log = comm()
    c.all_reduce(DevArray(np.zeros(7, np.float64), 4000), op)
    assert log == [("allReduce", 4000, 4000, 7, "<NCCL_FLOAT64>", f"<{kn.NCCL_OPS[op]}>", 77)]


def test_all_reduce_of_complex_sums_its_parts_and_refusals():
    c, log = comm()
    c.all_reduce(DevArray(np.zeros(3, np.complex128), 8), stream=3)
    assert log == [("allReduce", 8, 8, 6, "<NCCL_FLOAT64>", "<NCCL_SUM>", 3)]
    with pytest.raises(ArgumentError, match="op is 'avg'"):
        c.all_reduce(DevArray(np.zeros(3), 8), "avg")
    with pytest.raises(ArgumentError, match="array is a ndarray: NCCL needs device arrays"):
        c.all_reduce(np.zeros(3))


def test_barrier_and_close():
    c, log = comm()
    c.barrier()
    assert log == [("allReduce", 500, 500, 1, "<NCCL_INT32>", "<NCCL_SUM>", 77), ("synchronize", 77)]
    c.close()
    c.close()
    assert log[-1] == ("destroy",) and sum(e == ("destroy",) for e in log) == 1
    with pytest.raises(ArgumentError, match="closed"):
        c.all_reduce(DevArray(np.zeros(1), 1))


# -- NCCL missing ---------------------------------------------------------------------------

def importer(missing=(), nccl=None):
    def load(name):
        if name in missing:
            raise ImportError(f"No module named {name!r}")
        return nccl if name == "cupy.cuda.nccl" else types.SimpleNamespace()
    return load


@pytest.mark.parametrize("load, reason", [
    (importer(missing=("cupy",)), "CuPy is not importable: No module named 'cupy'"),
    (importer(missing=("cupy.cuda.nccl",)), "cupy.cuda.nccl: No module named"),
    (importer(nccl=types.SimpleNamespace(available=False)), "CuPy did not find libnccl.so.2"),
    (importer(nccl=types.SimpleNamespace()), "CuPy did not find libnccl.so.2"),
])
def test_missing_cupy_or_nccl_is_one_clear_error(load, reason, monkeypatch):
    monkeypatch.setattr(kn, "installed_cupy", lambda: {"cupy-cuda13x": "14.2.0"})
    with pytest.raises(NoGPUError) as info:
        kn.load_nccl(load)
    assert reason in str(info.value) and "pip install nvidia-nccl-cu13" in str(info.value)


def test_a_loadable_nccl_is_returned():
    mod = fake_nccl([])
    assert kn.load_nccl(importer(nccl=mod)) is mod


@pytest.mark.parametrize("installed, wheel", [({"cupy-cuda13x": "14"}, "nvidia-nccl-cu13"),
                                              ({"cupy-cuda12x": "13"}, "nvidia-nccl-cu12"),
                                              ({}, "nvidia-nccl-cu13"), ({"cupy": "14"}, "nvidia-nccl-cu13")])
def test_the_wheel_follows_cupy(installed, wheel):
    assert kn.nccl_wheel(installed) == wheel


def test_init_on_two_ranks_without_nccl_says_what_to_install(monkeypatch):
    monkeypatch.setattr(kn, "load_nccl", lambda: (_ for _ in ()).throw(kn._missing("test")))
    with pytest.raises(NoGPUError, match="pip install nvidia-nccl-cu1[23]"):
        kd.init(environ={"RANK": "0", "WORLD_SIZE": "2"})


# -- sharing the unique id -------------------------------------------------------------------

class Mpi:
    """An mpi4py communicator's calls; ``bcast`` hands back what root 0 sent (``sent``)."""

    def __init__(self, rank, size=2, sent=None):
        self.rank_, self.size_, self.sent, self.calls = rank, size, sent, []

    def Get_rank(self):
        return self.rank_

    def Get_size(self):
        return self.size_

    def bcast(self, value, root):
        self.calls.append((value, root))
        return value if self.rank_ == root else self.sent


class Group:
    def __init__(self, rank, size=2):
        self.rank_, self.size_ = rank, size

    def rank(self):
        return self.rank_

    def size(self):
        return self.size_


def fake_dist(initialized=False, sent=None, log=None):
    log = [] if log is None else log

    def broadcast_object_list(box, src, group):
        log.append(("broadcast", src, group))
        if box[0] is None:
            box[0] = sent

    class TCPStore:
        data = {}

        def __init__(self, host, port, world_size, is_master, timeout):
            log.append(("TCPStore", host, port, world_size, is_master, timeout.total_seconds()))

        def set(self, key, value):
            TCPStore.data[key] = value.encode()

        def get(self, key):
            return TCPStore.data[key]

    return types.SimpleNamespace(is_available=lambda: True, is_initialized=lambda: initialized,
                                 get_global_rank=lambda g, r: 4 + r, broadcast_object_list=broadcast_object_list,
                                 TCPStore=TCPStore, log=log)


def no_id():
    raise AssertionError("only rank 0 makes the id")


def test_mpi_bootstrap():
    launch = Launch(1, 2, 1, 2, "mpi")
    mpi = Mpi(1, sent=bootstrap.encode(UID))
    assert bootstrap.share_id(no_id, launch, mpi) == UID and mpi.calls == [(None, 0)]
    root = Mpi(0)
    assert bootstrap.share_id(lambda: UID, Launch(0, 2, 0, 2, "mpi"), root) == UID
    assert root.calls == [(bootstrap.encode(UID), 0)]


def test_torch_group_bootstrap_broadcasts_from_the_groups_first_rank(monkeypatch):
    dist = fake_dist(sent=bootstrap.encode(UID))
    monkeypatch.setattr(bootstrap, "torch_distributed", lambda: dist)
    group = Group(1)
    channel = bootstrap.select_channel(group, Launch(1, 2, 0, 1, "torch"), {})
    assert channel.kind == "torch"
    assert bootstrap.share_id(no_id, Launch(1, 2, 0, 1, "torch"), group, {}) == UID
    assert dist.log[-1] == ("broadcast", 4, group)


def test_environment_bootstrap_uses_torchs_default_group_when_initialised(monkeypatch):
    dist = fake_dist(initialized=True, sent=bootstrap.encode(UID))
    monkeypatch.setattr(bootstrap, "torch_distributed", lambda: dist)
    assert bootstrap.share_id(no_id, Launch(1, 2, 1, 2, "torchrun"), None, {}) == UID
    assert dist.log == [("broadcast", 0, None)]


@pytest.mark.parametrize("agent, master", [("", True), ("True", False)])
def test_environment_bootstrap_through_a_tcp_store(agent, master, monkeypatch):
    dist = fake_dist()
    monkeypatch.setattr(bootstrap, "torch_distributed", lambda: dist)
    env = {"MASTER_ADDR": "node7", "MASTER_PORT": "29500", "TORCHELASTIC_USE_AGENT_STORE": agent}
    for rank, make in ((0, lambda: UID), (1, no_id)):   # each process counts its own communicators
        monkeypatch.setattr(bootstrap, "_STORE_KEYS", itertools.count())
        assert bootstrap.share_id(make, Launch(rank, 2, rank, 2, "slurm"), None, env) == UID
    assert dist.log[0] == ("TCPStore", "node7", 29500, 2, master, bootstrap.STORE_TIMEOUT_S)
    assert dist.log[1][4] is False


def test_store_round_trip_between_two_ranks():
    store = fake_dist().TCPStore("h", 1, 2, True, datetime.timedelta(1))
    sent = bootstrap.StoreChannel(store, 0, "k").bcast(bootstrap.encode(UID))
    assert bootstrap.decode(bootstrap.StoreChannel(store, 1, "k").bcast(None)) == UID == bootstrap.decode(sent)
    with pytest.raises(KeyError):   # another communicator's key is not this one's
        bootstrap.StoreChannel(store, 1, "k2").bcast(None)


@pytest.mark.parametrize("env, match", [({"MASTER_PORT": "1"}, "MASTER_ADDR is not set"),
                                        ({"MASTER_ADDR": "h"}, "MASTER_PORT is not set"),
                                        ({"MASTER_ADDR": "h", "MASTER_PORT": "http"}, "MASTER_PORT='http'"),
                                        ({"MASTER_ADDR": "h", "MASTER_PORT": "70000"}, "MASTER_PORT='70000'")])
def test_store_needs_master_addr_and_port(env, match, monkeypatch):
    monkeypatch.setattr(bootstrap, "torch_distributed", lambda: fake_dist())
    with pytest.raises(ConfigError, match=match):
        bootstrap.select_channel(None, Launch(0, 2, 0, 2, "slurm"), env)


def test_environment_bootstrap_without_torch_is_refused_with_the_reason(monkeypatch):
    def missing():
        raise ImportError("No module named 'torch'")
    monkeypatch.setattr(bootstrap, "torch_distributed", missing)
    with pytest.raises(ConfigError, match=r"2 ranks \(started by openmpi\).*No module named 'torch'.*comm="):
        bootstrap.select_channel(None, Launch(0, 2, 0, 2, "openmpi"), {"MASTER_ADDR": "h", "MASTER_PORT": "1"})


def test_bootstrap_refusals():
    with pytest.raises(ArgumentError, match="bootstrap is a str"):
        bootstrap.select_channel("tcp://h:1", Launch(0, 2, 0, 2, "slurm"), {})
    with pytest.raises(ArgumentError, match="mpi bootstrap says this is rank 1, the launch rank 0"):
        bootstrap.select_channel(Mpi(1), Launch(0, 2, 0, 2, "slurm"), {})


def test_id_encoding_round_trips():
    assert bootstrap.decode(bootstrap.encode(UID).encode()) == UID


# -- NcclComm.create and init on several ranks -----------------------------------------------

def fake_cupy(monkeypatch, log, n_devices=2):
    runtime = types.SimpleNamespace(getDeviceCount=lambda: n_devices)
    device = lambda i: types.SimpleNamespace(use=lambda: log.append(("device", i)))   # noqa: E731
    cuda = types.SimpleNamespace(runtime=runtime, Device=device, get_current_stream=lambda: Stream(77, log))
    monkeypatch.setitem(__import__("sys").modules, "cupy", types.SimpleNamespace(cuda=cuda))


def test_init_from_an_mpi_communicator_builds_the_nccl_communicator(monkeypatch):
    log = []
    monkeypatch.setattr(kn, "load_nccl", lambda: fake_nccl(log))
    fake_cupy(monkeypatch, log)
    env = {"OMPI_COMM_WORLD_RANK": "1", "OMPI_COMM_WORLD_SIZE": "2", "OMPI_COMM_WORLD_LOCAL_RANK": "1",
           "OMPI_COMM_WORLD_LOCAL_SIZE": "2"}
    comm = kd.init(comm=Mpi(1, sent=bootstrap.encode(UID)), environ=env)
    assert isinstance(comm, kn.NcclComm) and (comm.rank, comm.size) == (1, 2)
    assert log == [("device", 1), ("NcclCommunicator", 2, UID, 1)]


def test_create_refuses_a_rank_without_a_gpu_before_sharing_the_id(monkeypatch):
    log = []
    monkeypatch.setattr(kn, "load_nccl", lambda: fake_nccl(log))
    fake_cupy(monkeypatch, log, n_devices=1)
    with pytest.raises(ConfigError, match="local rank 1 .*the node has 1"):
        kn.NcclComm.create(Launch(1, 2, 1, 2, "torchrun"), Mpi(1))
    assert log == []


def test_init_from_a_torch_group_of_one_is_a_single_comm():
    assert isinstance(kd.init(group=Group(0, 1), environ={}), kd.SingleComm)


@pytest.mark.parametrize("takes", [tuple, bytes])
def test_the_communicator_gets_the_id_in_the_form_cupy_takes(takes):
    """CuPy before 14 takes the unique id as a tuple of (signed) byte values, CuPy 14 as bytes;
    both get the same 128 bytes."""
    seen = []

    def make(n, uid, rank):
        if not isinstance(uid, takes):
            raise TypeError(f"Argument 'commId' has incorrect type (expected {takes.__name__})")
        seen.append(uid)
        return "handle"

    mod = types.SimpleNamespace(NcclCommunicator=make)
    assert kn.communicator(mod, 2, UID, 1) == "handle"
    want = UID if takes is tuple else bytes(b % 256 for b in UID)
    assert seen == [want]


def test_close_releases_the_graphs_captured_over_the_communicator_before_destroying_it():
    """NCCL's destroy waits for every CUDA graph that captured its calls: close() empties the
    registered graph stores first, then destroys (once)."""
    import gc

    class Graphs(dict):
        pass
    c, log = comm()
    store, dropped = Graphs(k=("graph", [], None)), Graphs(j=("graph", [], None))
    c.keep_graphs(store)
    c.keep_graphs(store)
    c.keep_graphs(dropped)
    del dropped
    gc.collect()
    c.keep_graphs(store)   # held weakly: a dropped workspace's graphs are not kept alive
    assert len(c._graph_stores) == 1

    def destroy():
        log.append(("destroy", dict(store)))
    c.handle.destroy = destroy
    c.close()
    c.close()
    assert store == {} and log == [("destroy", {})]


def test_at_exit_an_open_communicator_is_aborted_not_destroyed():
    """A rank leaving on an error must not wait in NCCL's destroy for peers that never come."""
    import weakref
    c, log = comm()
    kn._close_at_exit(weakref.ref(c))
    kn._close_at_exit(weakref.ref(c))
    assert [e[0] for e in log] == ["abort"] and c.closed
