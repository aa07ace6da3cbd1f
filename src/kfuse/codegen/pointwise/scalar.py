"""The ``scalar`` space: a kernel of scalar-only calls, run by one thread."""
from __future__ import annotations

from ..common import KernelSource
from ..emitter import KernelEmitter


class ScalarLowering(KernelEmitter):
    """A kernel of scalar-only calls, run by one thread::

        extern "C" __global__ void k2_alpha_div(const float* __restrict__ rho, ...) {
            if (threadIdx.x != 0 || blockIdx.x != 0) return;
            const float rho_v = rho[0];
            ...
            float alpha_v;
            alpha_div_compute(rho_v, pq_v, alpha_v);
            alpha[0] = alpha_v;
        }
    """

    def emit(self) -> KernelSource:
        geo = self.launch_geometry()
        self.build_args()
        body = self.body
        self.open_body("scalar", geo.threads, wrap=False)
        body.indices("if (threadIdx.x != 0 || blockIdx.x != 0) return;")
        self.emit_scalar_loads(body.invariants)
        for c in self.calls:
            step = body.step(body.loop, c.id)
            step.loads(self.comment(c))
            self.emit_scalar_call(step.compute, c, "{o}[0] = {o}_v;", step.stores)
        return KernelSource(self.kplan.name, body.render(), self.args, geo.grid, geo.block, self.kplan, body=body)
