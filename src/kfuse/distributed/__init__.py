"""kfuse over several GPUs: a grid decomposed into per-rank blocks, the halos its stencils read,
and the exchange that fills them."""
from .decomp import Decomposition, decompose
from .halo import Halo, halo_of, other_reads, refusal, step_halos, step_reads
from .exchange import Message, directions, exchange_plan, local_box, to_local

__all__ = [
    "Decomposition", "decompose",
    "Halo", "halo_of", "other_reads", "refusal", "step_halos", "step_reads",
    "Message", "directions", "exchange_plan", "local_box", "to_local",
]
