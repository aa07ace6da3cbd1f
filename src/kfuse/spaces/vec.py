"""The vec space: a 1-D grid over vectors (unnested maps and reductions).  Each thread loads
``vec`` elements per 16-byte pack, a block walks ``iters`` serial iterations; reductions
leave a partial result per block that the last block (or atomics) combine."""
from __future__ import annotations

import itertools
import math

from ..errors import PlanError
from ..ir import itemsize
from .traffic import Traffic
from .base import (BLOCKS_PER_SM, FINISHES, INT_MAX, Domain, Geometry, ParamSpec, Space, blocks_wanted, frozen,
                   maps_read_directly, pack_width, serial_iters)
from .finish import sum_atomic_refusal

DEFAULT_BLOCK = 256   # threads per block of a vector kernel outside the fusion search (the unfused plan)


def vec_params(domain: Domain, dtype: str = "float32") -> dict:
    """Launch parameters of a 1-D kernel: block size, elements per thread (one 16-byte
    pack), and serial iterations leaving about ``target_blocks_per_sm`` blocks per SM."""
    bs = DEFAULT_BLOCK
    vec = pack_width(dtype)
    blocks = max(1, math.ceil(domain.length / (bs * vec)))
    iters = max(1, math.ceil(blocks / blocks_wanted()))
    return {"block": bs, "vec": vec, "iters": iters}


class VecSpace(Space):
    """A 1-D kernel over vectors of one length.  Sample (``r = dot(x, y)``)::

        for (int it = 0; it < ITERS; ++it) {
            const idx_t i0 = (((idx_t)blockIdx.x * ITERS + it) * BS + threadIdx.x) * VEC;
            if (i0 < N) { ... r_dot_compute(x_e[v], y_e[v], r_acc); }
        }
        ... block reduction; partial per block; the last block finalizes r[0]
    """

    name = "vec"
    claim_order = 30
    kernel_order = 1
    host_rank = 1
    params = (
        ParamSpec("block", int, None, low=32, high=1024, power_of_two=True, required=True,
                  doc="threads per block"),
        ParamSpec("vec", int, 1, low=1, high=16, power_of_two=True, doc="elements per thread and load (16-byte packs)"),
        ParamSpec("iters", int, None, low=1, high=INT_MAX, required=True, doc="serial iterations of each block"),
        ParamSpec("unroll", int, 1, low=1, high=16, doc="unrolling of the serial loop (loads in flight)"),
        ParamSpec("finish", str, "last_block", choices=FINISHES,
                  doc="how block results combine: the last block, or atomics into accumulators"),
    )
    floor_params = {"block": 256, "iters": 1}

    def reads_own_point(self, program, calls: list, params: dict, base: str, info) -> bool:
        return maps_read_directly(program, calls, base, info)

    def claim(self, program, call, fn) -> Domain | None:
        """A call reading vectors elementwise (no matrix, no sparse matrix, not nested; a vector
        read whole, ``pick``'s, makes scalar code)."""
        whole = getattr(fn, "whole_reads", ())
        arrays = [program.value(v) for p, v in call.args.items()
                  if program.value(v).type.kind == "vector" and p not in whole]
        return Domain("vec", length=int(arrays[0].type.shape[0])) if arrays else None

    def refusal(self, program, call, fn) -> str:
        return f"{call.label} reads no vector"

    def describe(self, domain: Domain) -> str:
        return f"vector map/reduce over {domain.length} elements"

    def elements(self, domain: Domain) -> int:
        return domain.length

    def default_params(self, program, calls: list, domain: Domain, dtype: str, info) -> dict:
        return vec_params(domain, dtype)

    def validate(self, program, kernel, domain: Domain, info) -> None:
        """The schema, a grid CUDA can launch, and atomics only where the reductions allow."""
        self.check_schema(kernel)
        geo = self.geometry(program, kernel.calls, kernel.params, domain, info)
        if geo.grid[0] > 2**31 - 1:
            raise PlanError(f"kernel {kernel.name}: grid too large")
        check_sum_atomic(program, kernel, info)

    def variants(self, program, calls: list, domain: Domain, dtype: str, wide: bool, info) -> list:
        """Block sizes x packs per thread x blocks per SM x unrolling, with an atomic finish
        where the reductions allow it and more than one block has a result."""
        pack = pack_width(dtype)
        vecs = sorted({pack, 1, 2 * pack} if wide else {pack, 1})
        if domain.length >= (1 << 20) and pack > 1:
            vecs = [v for v in vecs if v > 1]   # 4-byte loads keep too few bytes in flight
        reduces = any(info.fn(c).is_reduce for c in calls)
        # per_sm 0: one pack per thread, as many blocks as that takes; a reduction then leaves a
        # result per block, which the last block reads or atomics sum as the blocks end
        sums = reduces and sum_atomic_refusal(program, calls, info) is None
        out = []
        for bs, vec, per_sm, unroll in itertools.product((128, 256, 512), vecs, (0,) + BLOCKS_PER_SM, (1, 4)):
            blocks = math.ceil(domain.length / (bs * vec))
            it = serial_iters(blocks, 1, per_sm * 256 // bs) if per_sm else 1
            if unroll > 1 and it < 2:
                continue
            base = {"block": bs, "vec": vec, "iters": it, **({"unroll": unroll} if unroll > 1 else {})}
            out.append(base)
            if sums and not per_sm and blocks > 1:
                out.append({**base, "finish": "atomic"})
        return out

    def geometry(self, program, calls: list, params: dict, domain: Domain, info) -> Geometry:
        """grid = ceil(N / (block * vec * iters)) blocks (at least one) of ``block`` threads;
        workspace per reduction (``hof`` reduce) when several blocks have results.  detail:
        ``reductions`` (their count), ``vec`` (elements per thread and load), ``iters``
        (serial iterations), ``unroll`` (of the serial loop), ``atomic`` (the reductions
        add their block results into accumulators with atomics: ``finish`` 'atomic')."""
        bs, vec, iters = int(params["block"]), int(params.get("vec", 1)), int(params["iters"])
        grid = max(1, math.ceil(domain.length / (bs * vec * iters)))
        outs = [info.out(c) for c in calls if info.fn(c).is_reduce]
        atomic = params.get("finish", "last_block") == "atomic"
        detail = {"reductions": len(outs), "vec": vec, "iters": iters, "unroll": int(params.get("unroll", 1)),
                  "atomic": atomic}
        return Geometry((grid, 1, 1), (bs, 1, 1), self.shared_static(program, calls, params, domain, info), 0,
                        self.workspace(program, outs, grid, atomic), frozen(detail))

    def shared_per_output(self, params: dict, staged_always: bool) -> int:
        return 2 * ((int(params.get("block", 1)) + 31) // 32)

    def smem_sizes(self, program, calls: list, domain: Domain, info) -> tuple:
        return tuple(itemsize(info.dtype(c)) for c in calls if info.fn(c).hof == "reduce")

    def traffic_facts(self, program, calls: list, domain: Domain, seen: set, info) -> dict:
        return {"n_red": sum(info.fn(c).is_reduce for c in calls),
                "item_bytes": sum(itemsize(program.value(b).type.dtype) for b in seen
                                  if program.value(b).type.kind != "scalar")}

    def traffic_key(self, facts: dict) -> tuple:
        return (facts["n_red"], facts["item_bytes"])

    def traffic(self, geometry: Geometry, params: dict, facts: dict) -> Traffic:
        """Partial results (or atomics) of a grid of several blocks with reductions; a thread
        has ``vec`` elements of each array in flight."""
        grid, n_red = geometry.grid[0], facts["n_red"]
        partial = atomics = tail = 0
        if grid > 1 and n_red and params.get("finish") == "atomic":
            atomics = grid * n_red          # one per block and reduction, summed in place
        elif grid > 1:
            partial = 2 * grid * n_red * 8
            tail = grid * n_red * 8         # the last block reads every block's partial
        return Traffic(partial=partial, atomics=atomics, tail_bytes=tail,
                       per_thread_bytes=int(params.get("vec", 1)) * facts["item_bytes"], narrow=True)

    def kind(self, program, calls: list, domain: Domain, info) -> str:
        return "vec-reduce" if any(info.fn(c).is_reduce for c in calls) else "vec-map"


def check_sum_atomic(program, kernel, info) -> None:
    """Refuse ``finish='atomic'`` where the kernel's reductions cannot sum by atomics."""
    if kernel.params.get("finish", "last_block") == "atomic":
        why = sum_atomic_refusal(program, kernel.calls, info)
        if why:
            raise PlanError(f"kernel {kernel.name}: finish='atomic' refused: {why}")
