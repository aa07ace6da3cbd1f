"""The peer-copy exchange kernel (kfuse.distributed.peer_kernel) compiles with NVRTC for sm_90
without spills or a stack frame, and its descriptor is the C struct's layout (18 words of 8
bytes)."""
from __future__ import annotations

from kfuse.distributed import peer_kernel as K
from kfuse.runtime.cache import compile_cached
from tests.compile import compile_helpers  # noqa: F401 - skips the module without NVRTC


def test_the_kernel_compiles_without_spills():
    compiled, _ = compile_cached(K.SOURCE, "sm_90", name="kfuse_peer_exchange.cu")
    res = compiled.resources()
    assert K.NAME in res, sorted(res)
    r = res[K.NAME]
    assert r["spill_stores"] == 0 and r["spill_loads"] == 0 and r["stack"] == 0, r
    assert compiled.cubin[:4] == b"\x7fELF"


def test_the_descriptor_matches_the_struct():
    body = K.SOURCE[K.SOURCE.index("struct KfPeerMsg {"):K.SOURCE.index("};")]
    fields = [w.strip(" ,;") for line in body.splitlines()[1:] for w in line.split("//")[0].replace("long long", "")
              .split(",") if w.strip(" ,;")]
    assert tuple(fields) == K.FIELDS and K.DESCRIPTOR.itemsize == 8 * len(K.FIELDS)
