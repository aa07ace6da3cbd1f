"""The scalar space: calls over scalars only, run by one thread (or as the prologue of any
other kernel, every thread computing them redundantly)."""
from __future__ import annotations

from ..errors import PlanError
from .base import Domain, Geometry, Space


class ScalarSpace(Space):
    """One thread: no extent, no launch parameters.  Sample::

        if (threadIdx.x != 0 || blockIdx.x != 0) return;
        alpha_div_compute(rho_v, pq_v, alpha_e);
    """

    name = "scalar"
    claim_order = 90
    kernel_order = 0
    host_rank = 0
    prologue = True
    params = ()

    def claim(self, program, call, fn) -> Domain | None:
        """Every call the other spaces leave: one over scalars only."""
        return Domain("scalar")

    def describe(self, domain: Domain) -> str:
        return "scalar call"

    def validate(self, program, kernel, domain: Domain, info) -> None:
        """The schema (no parameter), and no reduction: one thread has no vector to reduce."""
        self.check_schema(kernel)
        for c in kernel.calls:
            if info.fn(c).is_reduce:
                raise PlanError(f"kernel {kernel.name}: {program.calls[c].label}: a reduction needs a vector")

    def geometry(self, program, calls: list, params: dict, domain: Domain, info) -> Geometry:
        """One block of 32 threads (one warp; thread 0 runs the calls), no shared memory."""
        return Geometry((1, 1, 1), (32, 1, 1))
