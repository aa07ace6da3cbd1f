"""The peers of the multi-GPU suite, one module each, and the registry that names them.

Every peer module has ``build(ctx, wl, dtype) -> PeerRun`` (:class:`.base.PeerRun`: ``run(what,
steps)`` times ``steps`` steps of the full step, the compute alone or the halo exchange alone;
``owned()`` the rank's result on the host).  A peer whose library is missing is not started:
:func:`availability` gives the reason it is skipped.
"""
from __future__ import annotations

import importlib
import importlib.util
from dataclasses import dataclass

from ....errors import ArgumentError


@dataclass(frozen=True)
class PeerSpec:
    """``module``: the peer's module under this package; ``requires``: the Python modules it
    imports; ``launch``: "torchrun" (a process per GPU) or "single" (one process, every GPU);
    ``options``: keyword arguments its ``build`` takes (a variant of the same module);
    ``kinds``: the workload kinds it runs (None: every kind; a kind it has no form of is a
    "skipped" record with the reason)."""

    name: str
    module: str
    requires: tuple
    launch: str
    label: str
    ours: bool = False
    options: tuple = ()
    kinds: tuple | None = None

    def applies(self, wl) -> bool:
        """Whether the peer runs workload ``wl``."""
        return self.kinds is None or wl.kind in self.kinds

    def load(self):
        """The peer's module."""
        return importlib.import_module(f"{__name__}.{self.module}")


STENCIL_KINDS = ("jacobi-2d", "heat-3d")

REGISTRY = {p.name: p for p in (
    PeerSpec("kfuse", "kfuse_peer", ("cupy", "torch"), "torchrun",
             "kfuse.iterate on DistArrays with the default settings (NCCL, peer copies inside a node for "
             "messages up to 256 KiB), CUDA graphs per rank (CG: kfuse.distributed.solvers.cg "
             "single_reduction; GEMM: kfuse.distributed.blas3.gemm; apps: the author's loop, kfuse.jit of "
             "the step on DistArrays)", ours=True),
    PeerSpec("kfuse-depth", "kfuse_peer", ("cupy", "torch"), "torchrun",
             "kfuse.iterate with the model's halo depth (halo_depth=0: halos k wide every k steps)", ours=True,
             options=(("halo_depth", 0),), kinds=STENCIL_KINDS),
    PeerSpec("kfuse-nccl", "kfuse_peer", ("cupy", "torch"), "torchrun",
             "kfuse.iterate with every halo exchange on NCCL (peer_copies=False)",
             ours=True, options=(("peer_copies", False),), kinds=STENCIL_KINDS),
    PeerSpec("kfuse-pipelined", "kfuse_peer", ("cupy", "torch"), "torchrun",
             "kfuse.distributed.solvers.cg pipelined on NCCL", ours=True,
             options=(("variant", "pipelined"),), kinds=("cg",)),
    PeerSpec("jax-concat", "jax_peer", ("jax",), "single",
             "JAX shard_map + ppermute, halos concatenated", options=(("form", "concat"),),
             kinds=STENCIL_KINDS + ("cg",)),
    PeerSpec("jax-split", "jax_peer", ("jax",), "single",
             "JAX shard_map + ppermute, interior before edges", options=(("form", "split"),),
             kinds=STENCIL_KINDS),
    PeerSpec("torch", "torch_peer", ("torch",), "torchrun",
             "torch.distributed NCCL + torch eager step (CG: torch sparse CSR; GEMM: torch.matmul)",
             kinds=STENCIL_KINDS + ("cg", "gemm")),
    PeerSpec("torch-cupy", "cupy_peer", ("torch", "cupy"), "torchrun",
             "torch.distributed NCCL + fused CuPy kernel (CG: cupyx CSR; GEMM: cupy.matmul; apps: "
             "the step on CuPy)"),
)}
ORDER = tuple(REGISTRY)


def parse(text: str) -> list:
    """The peers named in a comma-separated list, checked against the registry."""
    names = [n.strip() for n in text.split(",") if n.strip()]
    unknown = [n for n in names if n not in REGISTRY]
    if unknown:
        raise ArgumentError(f"--peers: unknown peer {unknown[0]!r}; known: {', '.join(ORDER)}")
    if not names:
        raise ArgumentError("--peers: no peer named")
    return list(dict.fromkeys(names))


def _present(module: str, find_spec) -> bool:
    try:
        return find_spec(module) is not None
    except (ImportError, ValueError):   # a missing parent package
        return False


def availability(names: list, find_spec=importlib.util.find_spec) -> tuple:
    """(the peers that can run, {peer: why it is skipped}) for ``names``."""
    ok, skipped = [], {}
    for n in names:
        missing = [m for m in REGISTRY[n].requires if not _present(m, find_spec)]
        if missing:
            skipped[n] = f"{', '.join(missing)} not installed"
        else:
            ok.append(n)
    return ok, skipped


def by_launch(names: list) -> dict:
    """{launch kind: [peer names]} in registry order."""
    out: dict = {}
    for n in names:
        out.setdefault(REGISTRY[n].launch, []).append(n)
    return out
