"""The CUDA C of a peer-copy halo exchange (:mod:`kfuse.distributed.peer`), one kernel per
exchange, one block per message.

A *pull* block copies a box of a neighbour's block (read through the neighbour's memory, mapped
into this process by CUDA IPC) into this rank's halo, once the neighbour has said its data is
ready, then says it has finished reading.  A *send* block says this rank's data is ready, then
waits until the neighbour has finished reading it, so nothing after the kernel overwrites what the
neighbour still reads.  Each block counts its exchanges in its own sequence word; a flag holds the
sequence number of the last exchange it announces, so the graphs that replay the kernel need no
reset.  A wait that lasts longer than ``timeout_ns`` gives up, sets ``*error`` (host-mapped
memory the host reads after the loop) and lets the stream go on: a wrong result reported, never a
hang."""
from __future__ import annotations

import numpy as np

#: the kernel's name and threads per block
NAME, THREADS = "kf_peer_exchange", 512
#: one message's descriptor: the fields of ``struct KfPeerMsg`` below, in order, each 8 bytes
FIELDS = ("kind", "unit", "src", "dst", "outer0", "outer1", "outer2", "src_s0", "src_s1", "src_s2",
          "dst_s0", "dst_s1", "dst_s2", "row_bytes", "flag_remote", "flag_local", "seq", "error")
DESCRIPTOR = np.dtype([(f, np.int64) for f in FIELDS])
PULL, SEND = 0, 1

SOURCE = r"""
// kfuse peer-copy halo exchange: one block per message (kind 0: pull a neighbour's box into this
// rank's halo; kind 1: announce this rank's data and wait until the neighbour has read it).
struct KfPeerMsg {
  long long kind, unit;                      // PULL or SEND; bytes per copy (16, 8, 4 or 1)
  long long src, dst;                        // pull: the neighbour's box (mapped) -> this rank's halo
  long long outer0, outer1, outer2;          // the box's extents before its rows (1 where unused)
  long long src_s0, src_s1, src_s2;          // bytes between indices of those axes, source block
  long long dst_s0, dst_s1, dst_s2;          // the same, destination block
  long long row_bytes;                       // one row of the box (its last axis)
  long long flag_remote, flag_local;         // unsigned long long*: the neighbour's word, this rank's
  long long seq;                             // unsigned long long*: this block's exchange count
  long long error;                           // int*: host-mapped, set when a wait times out
};

__device__ __forceinline__ unsigned long long kf_load_acquire(const unsigned long long* p) {
  unsigned long long v;
  asm volatile("ld.acquire.sys.global.u64 %0, [%1];" : "=l"(v) : "l"(p) : "memory");
  return v;
}

__device__ __forceinline__ void kf_store_release(unsigned long long* p, unsigned long long v) {
  asm volatile("st.release.sys.global.u64 [%0], %1;" :: "l"(p), "l"(v) : "memory");
}

__device__ __forceinline__ unsigned long long kf_now() {
  unsigned long long t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  return t;
}

// Wait until *p >= e; false (and *error = 1) after timeout_ns.
__device__ bool kf_wait(const unsigned long long* p, unsigned long long e, long long timeout_ns, int* error) {
  const unsigned long long t0 = kf_now();
  while (kf_load_acquire(p) < e) {
    if ((long long)(kf_now() - t0) > timeout_ns) { atomicExch(error, 1); return false; }
    __nanosleep(64);
  }
  return true;
}

template <typename T>
__device__ void kf_copy_box(const KfPeerMsg& m) {
  const long long per_row = m.row_bytes / (long long)sizeof(T);
  const long long rows = m.outer0 * m.outer1 * m.outer2;
  for (long long i = threadIdx.x; i < rows * per_row; i += blockDim.x) {
    const long long r = i / per_row, c = i - r * per_row;
    const long long i2 = r % m.outer2, r1 = r / m.outer2, i1 = r1 % m.outer1, i0 = r1 / m.outer1;
    const char* s = (const char*)m.src + i0 * m.src_s0 + i1 * m.src_s1 + i2 * m.src_s2;
    char* d = (char*)m.dst + i0 * m.dst_s0 + i1 * m.dst_s1 + i2 * m.dst_s2;
    ((T*)d)[c] = ((const T*)s)[c];
  }
}

extern "C" __global__ void __launch_bounds__(512) kf_peer_exchange(const KfPeerMsg* msgs, long long timeout_ns) {
  const KfPeerMsg m = msgs[blockIdx.x];
  __shared__ unsigned long long e;
  __shared__ int ready;
  unsigned long long* remote = (unsigned long long*)m.flag_remote;
  unsigned long long* local = (unsigned long long*)m.flag_local;
  int* error = (int*)m.error;
  if (threadIdx.x == 0) {
    e = *(unsigned long long*)m.seq + 1;
    *(unsigned long long*)m.seq = e;
    ready = 1;
    if (m.kind == 1) {                       // send: announce, then wait for the read
      __threadfence_system();
      kf_store_release(remote, e);
      kf_wait(local, e, timeout_ns, error);
    } else {                                 // pull: wait for the neighbour's data
      ready = kf_wait(local, e, timeout_ns, error);
    }
  }
  __syncthreads();
  if (m.kind == 1) return;
  if (ready) {
    if (m.unit == 16) kf_copy_box<int4>(m);
    else if (m.unit == 8) kf_copy_box<long long>(m);
    else if (m.unit == 4) kf_copy_box<int>(m);
    else kf_copy_box<char>(m);
  }
  __syncthreads();
  if (threadIdx.x == 0) {                    // read: tell the neighbour
    __threadfence_system();
    kf_store_release(remote, e);
  }
}
"""
