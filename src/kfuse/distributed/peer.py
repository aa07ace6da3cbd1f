"""Halo exchanges by peer copies inside one node, in place of NCCL, for the CUDA graphs of a time
loop (:mod:`kfuse.distributed.graphed`; the setting ``peer_copies``).

The loop's workspace blocks are allocated so that CUDA IPC can map them (``cudaMalloc``, not a
pool), and every rank maps its neighbours' blocks and flag words once.  An exchange is then one
kernel (:mod:`kfuse.distributed.peer_kernel`): a block per message pulls the neighbour's box
straight into this rank's halo, or announces this rank's data and waits until the neighbour has
read it.  Every rank computes every rank's list of messages from the decomposition
(:func:`messages`), so the ranks agree on which flag word each message uses without asking.

Used only where every rank is on one node and maps its neighbours, and only for exchanges of the
workspace's own blocks (a step's first exchange, from the caller's blocks, and the intermediates
of a step of several launches stay on NCCL).  A wait past :data:`TIMEOUT_NS` sets an error word
the host reads after the loop (:meth:`PeerExchange.check`): a ``CommError``, never a hang."""
from __future__ import annotations

import ctypes
import hashlib
import math
import socket

import numpy as np

from .exchange import local_box
from .halo_exchange import routes
from .peer_kernel import DESCRIPTOR, NAME, PULL, SEND, SOURCE, THREADS
from .protocol import CommError

TIMEOUT_NS = 20 * 10**9
#: the largest message peer copies carry: the exchange kernel copies a message with one thread
#: block, which beat NCCL on jacobi-2d's 16-128 KiB rows (4096^2 float32 on 2 x H200: 21.9 us a
#: step against 29.5 us) and lost on heat-3d's 1 MiB planes (61% weak-scaling efficiency against
#: NCCL's 92.5%); an exchange with a larger message goes to NCCL
PEER_MAX_BYTES = 256 * 1024
HANDLE_BYTES = 64
SLOTS = 512          # flag words per rank (then as many sequence words)


def upload(host: np.ndarray):
    """A device copy of ``host`` made on a stream of its own, in the default pool: an exchange's
    descriptors are first made while the loop's graph is being captured, where a copy on the
    capturing stream is refused and the capture's pool lives only as long as the graph."""
    import cupy
    side = cupy.cuda.Stream(non_blocking=True)
    with cupy.cuda.using_allocator(cupy.get_default_memory_pool().malloc), side:
        dev = cupy.asarray(host)
    side.synchronize()
    return dev


def messages(decomp, rank: int, signature: tuple) -> tuple:
    """(pulls, sends) of ``rank`` for one exchange ``signature`` (((array, halo, stored), ...),
    sorted by array): pulls ``(array, peer, k, into)``: the ``k``-th box ``rank`` receives from
    ``peer`` for ``array``, ``into`` its slices of ``rank``'s block; sends ``(array, peer, k,
    out_of)``: the ``k``-th box it sends to ``peer``, ``out_of`` its slices."""
    pulls, sends = [], []
    for array, halo, stored in signature:
        out_of, into_of = routes(decomp, rank, halo, stored)
        count: dict = {}
        for peer, _shape, where in into_of:
            k = count[peer] = count.get(peer, -1) + 1
            pulls.append((array, peer, k, where))
        count = {}
        for peer, where in out_of:
            k = count[peer] = count.get(peer, -1) + 1
            sends.append((array, peer, k, where))
    return pulls, sends


def neighbours(decomp, rank: int, signatures: list) -> list:
    """The ranks ``rank`` exchanges with in any of ``signatures`` (those it maps), sorted."""
    return sorted({p for sig in signatures for g in messages(decomp, rank, sig) for _, p, _, _ in g} - {rank})


def largest_message(decomp, signature: tuple, itemsize: dict) -> int:
    """Bytes of the largest box any rank receives in exchange ``signature`` (``itemsize``: per
    array): the same on every rank, so every rank takes peer copies or NCCL alike."""
    return max((math.prod(s.stop - s.start for s in where) * itemsize[array]
                for rank in range(decomp.size) for array, _, _, where in messages(decomp, rank, signature)[0]),
               default=0)


def slots(decomp, rank: int, signatures: list) -> dict:
    """``rank``'s flag words: (signature index, "pull" or "send", array, peer, k) -> index; the
    pulls of each signature, then its sends, signature after signature."""
    out, n = {}, 0
    for i, sig in enumerate(signatures):
        pulls, sends = messages(decomp, rank, sig)
        for kind, group in (("pull", pulls), ("send", sends)):
            for array, peer, k, _ in group:
                out[(i, kind, array, peer, k)] = n
                n += 1
    return out


def offset(where: tuple, shape: tuple, itemsize: int) -> int:
    """Bytes from a C-ordered block's start to the first element of its box ``where``."""
    strides = _strides(shape, itemsize)
    return sum(s.start * st for s, st in zip(where, strides))


def geometry(where: tuple, shape: tuple, itemsize: int) -> tuple:
    """(outer extents, outer strides in bytes, row bytes) of box ``where`` of a C-ordered block
    of ``shape``: its last axis a row, up to three axes before it (padded with extent 1)."""
    strides = _strides(shape, itemsize)
    ext = [s.stop - s.start for s in where]
    outer, ostr = ext[:-1], strides[:-1]
    if len(outer) > 3:
        raise CommError(f"a {len(shape)}-D box: peer copies take up to 4 axes")
    outer = [1] * (3 - len(outer)) + outer
    ostr = [0] * (3 - len(ostr)) + list(ostr)
    return tuple(outer), tuple(ostr), ext[-1] * itemsize


def _strides(shape: tuple, itemsize: int) -> tuple:
    out, acc = [], itemsize
    for n in reversed(shape):
        out.append(acc)
        acc *= n
    return tuple(reversed(out))


def unit(*values: int) -> int:
    """The widest copy (16, 8, 4 or 1 bytes) that divides every address, stride and length."""
    return next(u for u in (16, 8, 4, 1) if all(v % u == 0 for v in values))


def same_node(comm) -> bool:
    """Whether every rank runs on this host (one all-reduce of the host name's hash, min and max)."""
    import cupy
    h = int.from_bytes(hashlib.sha256(socket.gethostname().encode()).digest()[:7], "little")
    lo, hi = cupy.asarray([-h], dtype=cupy.int64), cupy.asarray([h], dtype=cupy.int64)
    comm.all_reduce(lo, "max")
    comm.all_reduce(hi, "max")
    return int(-lo.get()[0]) == int(hi.get()[0])


def ipc_empty(shape: tuple, dtype):
    """A CuPy array in memory of its own ``cudaMalloc`` (CUDA IPC maps whole allocations)."""
    import cupy
    nbytes = max(1, int(np.prod(shape)) * np.dtype(dtype).itemsize)
    mem = cupy.cuda.memory.Memory(nbytes)   # not from the pool: its own allocation, freed with it
    return cupy.ndarray(shape, dtype, cupy.cuda.MemoryPointer(mem, 0))


class PeerExchange:
    """The peer-copy exchanges of one rank over one loop workspace (``pool``: ref -> block,
    every block IPC-mappable); :meth:`exchange` serves a RankStep's exchange where every array
    is a C-ordered workspace block and no message exceeds :data:`PEER_MAX_BYTES` (else returns
    False: the caller goes to NCCL)."""

    def __init__(self, step, pool: dict, peers: dict, flags, error_host: int):
        self.step, self.pool, self.peers, self.flags = step, pool, peers, flags
        self._error = error_host
        self._ref_of = {b.data.ptr: ref for ref, b in pool.items()}
        self._signatures: list = []
        self._descriptors: dict = {}
        self._served: dict = {}
        self._function = None

    @classmethod
    def build(cls, step, pool: dict):
        """The rank's peer exchanges, or None where a rank cannot map its neighbours (decided
        alike on every rank: collective, call it on every rank at the same point)."""
        import cupy
        comm = step.comm
        mine = neighbours(step.decomp, comm.rank, _all_signatures(step))
        ok = cupy.asarray([0 if same_node(comm) and mine else 1], dtype=cupy.int32)
        comm.all_reduce(ok, "sum")
        if int(ok.get()[0]):
            return None
        flags = cupy.zeros(2 * SLOTS, dtype=cupy.uint64)
        flags = _ipc_copy(flags)
        error = cupy.cuda.runtime.hostAlloc(4, cupy.cuda.runtime.hostAllocMapped)
        ctypes.memset(error, 0, 4)
        peers, why = _share(comm, mine, [pool[r] for r in sorted(pool)] + [flags], sorted(pool))
        failed = cupy.asarray([1 if why else 0], dtype=cupy.int32)
        comm.all_reduce(failed, "sum")   # a rank that cannot map a neighbour: NCCL on every rank
        if int(failed.get()[0]):
            _unmap(peers)
            return None
        return cls(step, pool, peers, flags, error)

    def exchange(self, env: dict, arrays, halos: dict, stream=None) -> bool:
        """Fill the ``halos`` (array -> Halo) of ``arrays`` by peer copies; False (nothing done)
        where one of them is not a workspace block, a message is larger than
        :data:`PEER_MAX_BYTES` or a rank's peer in it is not mapped (the same answer on every
        rank: the caller then goes to NCCL on every rank)."""
        if any(env[n].data.ptr not in self._ref_of for n in arrays):
            return False
        import cupy
        sig = tuple((n, halos[n], self.step.storage) for n in sorted(arrays))
        if sig not in self._served:
            sizes = {n: env[n].dtype.itemsize for n in arrays}
            self._served[sig] = (largest_message(self.step.decomp, sig, sizes) <= PEER_MAX_BYTES
                                and self._mapped(sig))
        if not self._served[sig]:
            return False
        key = (sig, tuple(self._ref_of[env[n].data.ptr] for n in sorted(arrays)))
        if key not in self._descriptors:
            if sig not in self._signatures:
                self._signatures.append(sig)
            if max(len(slots(self.step.decomp, r, self._signatures)) for r in range(self.step.decomp.size)) > SLOTS:
                self._signatures.remove(sig)
                return False
            self._descriptors[key] = upload(self._describe(sig, {n: env[n] for n in arrays}).view(np.uint8))
        desc = self._descriptors[key]
        if desc.size == 0:
            return True   # no message of this rank in this exchange
        fn = self._kernel()
        s = stream if stream is not None else cupy.cuda.get_current_stream()
        fn((len(desc) // DESCRIPTOR.itemsize,), (THREADS,), (desc, np.int64(TIMEOUT_NS)), stream=s)
        return True

    def _mapped(self, sig: tuple) -> bool:
        """Whether every rank maps every peer it exchanges with in ``sig`` (a deep loop's halos
        reach diagonal ranks the step's own halos do not): decided alike on every rank."""
        decomp = self.step.decomp
        for r in range(decomp.size):
            have = neighbours(decomp, r, _all_signatures(self.step))
            if any(p not in have for g in messages(decomp, r, sig) for _, p, _, _ in g if p != r):
                return False
        return True

    def check(self) -> None:
        """Raise CommError if a wait of an exchange timed out (read from host-mapped memory)."""
        if ctypes.c_int.from_address(self._error).value:
            raise CommError(f"rank {self.step.comm.rank}: a peer-copy halo exchange waited more than "
                            f"{TIMEOUT_NS / 1e9:.0f} s for a neighbour; the loop's results are not valid")

    def _describe(self, sig: tuple, blocks: dict) -> np.ndarray:
        decomp, me = self.step.decomp, self.step.comm.rank
        i = self._signatures.index(sig)
        sigs = self._signatures
        mine, rows = slots(decomp, me, sigs), []
        pulls, sends = messages(decomp, me, sig)
        for array, peer, k, into in pulls:
            block = blocks[array]
            theirs = slots(decomp, peer, sigs)
            _, peer_sends = messages(decomp, peer, sig)
            out_of = next(w for a, p, kk, w in peer_sends if a == array and p == me and kk == k)
            shape = tuple(hi - lo for lo, hi in local_box(decomp, peer, self.step.storage))   # the peer's block
            base = self.peers[peer]["blocks"][self._ref_of[block.data.ptr]]
            src = base + offset(out_of, shape, block.itemsize)
            dst = block.data.ptr + offset(into, block.shape, block.itemsize)
            outer, sstr, row = geometry(out_of, shape, block.itemsize)
            _, dstr, _ = geometry(into, block.shape, block.itemsize)
            rows.append(self._row(PULL, unit(src, dst, row, *sstr, *dstr), src, dst, outer, sstr, dstr, row,
                                  self.peers[peer]["flags"] + 8 * theirs[(i, "send", array, me, k)],
                                  self.flags.data.ptr + 8 * mine[(i, "pull", array, peer, k)]))
        for array, peer, k, _ in sends:
            theirs = slots(decomp, peer, sigs)
            rows.append(self._row(SEND, 1, 0, 0, (1, 1, 1), (0, 0, 0), (0, 0, 0), 0,
                                  self.peers[peer]["flags"] + 8 * theirs[(i, "pull", array, me, k)],
                                  self.flags.data.ptr + 8 * mine[(i, "send", array, peer, k)]))
        return np.array(rows, dtype=DESCRIPTOR)

    def _row(self, kind, width, src, dst, outer, sstr, dstr, row, remote, local) -> tuple:
        seq = self.flags.data.ptr + 8 * (SLOTS + (local - self.flags.data.ptr) // 8)
        return (kind, width, src, dst, *outer, *sstr, *dstr, row, remote, local, seq, self._error)

    def _kernel(self):
        if self._function is None:
            import cupy
            from ..platform import device
            from ..runtime.cache import compile_cached
            compiled, _ = compile_cached(SOURCE, device.current_arch(), name="kfuse_peer_exchange.cu")
            module = cupy.cuda.function.Module()
            module.load(compiled.cubin)
            self._module, self._function = module, module.get_function(NAME)
        return self._function


def _all_signatures(step) -> list:
    """Every exchange signature a step of ``step`` can post on the state's blocks (its halos)."""
    return [tuple((n, h, step.storage) for n, h in sorted(step.halos.items()) if not h.empty)]


def _ipc_copy(a):
    """``a`` (the flag words, one axis) copied into memory of its own."""
    out = ipc_empty(a.shape, a.dtype)
    out[...] = a
    return out


def _share(comm, neighbours: list, blocks: list, refs: list) -> tuple:
    """(each neighbour's blocks and flag words mapped into this process: {peer: {"blocks": {ref:
    address}, "flags": address}}, None; or what could be mapped and why not all) after one
    exchange of IPC handles with every neighbour."""
    import cupy
    rt = cupy.cuda.runtime
    mine = np.frombuffer(b"".join(rt.ipcGetMemHandle(b.data.ptr) for b in blocks), dtype=np.uint8)
    sends = [(p, cupy.asarray(mine)) for p in neighbours]
    recvs = [(p, cupy.empty(mine.size, dtype=cupy.uint8)) for p in neighbours]
    comm.exchange(sends, recvs)
    out = {}
    for p, buf in recvs:
        raw = buf.get().tobytes()
        handles = [raw[i * HANDLE_BYTES:(i + 1) * HANDLE_BYTES] for i in range(len(blocks))]
        ptrs = []
        try:
            for h in handles:
                ptrs.append(rt.ipcOpenMemHandle(h, rt.cudaIpcMemLazyEnablePeerAccess))
        except Exception as e:   # noqa: BLE001 - no peer access, no IPC (containers): NCCL serves
            out[p] = {"blocks": dict(zip(refs, ptrs)), "flags": None}
            return out, f"rank {comm.rank} cannot map rank {p}'s memory: {e}"
        out[p] = {"blocks": dict(zip(refs, ptrs[:-1])), "flags": ptrs[-1]}
    return out, None


def _unmap(peers: dict) -> None:
    """Close the IPC mappings of ``peers`` (after a refusal)."""
    import cupy
    for links in peers.values():
        for ptr in list(links["blocks"].values()) + ([links["flags"]] if links["flags"] else []):
            try:
                cupy.cuda.runtime.ipcCloseMemHandle(ptr)
            except Exception:   # noqa: BLE001 - best effort
                pass
