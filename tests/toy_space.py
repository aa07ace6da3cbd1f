"""A toy kernel space, "pairs": the proof that a new kind of kernel is one space module plus one
lowering, with no edit to fusion/, model/, codegen/ or runtime/.

The space hosts calls of the toy elementary function ``toy_pair`` (``z = x + y`` over vectors);
a thread of its kernels handles ``2 * pairs`` consecutive elements.  :func:`registered` adds the
function, the space and its lowering, and removes all three afterwards.  A plan may give it ``shared`` bytes of dynamic shared memory
(each thread's results pass through a slot of it) and the ``target`` sm_90a: its geometry says
so, and code generation passes both to the launch.  The unit tier plans
and generates it (tests/unit/test_spaces.py), the compile tier compiles it to an sm_90 cubin
(tests/compile/test_toy_space.py).
"""
from __future__ import annotations

import contextlib
import math

from kfuse import library, spaces
from kfuse.codegen import KernelSource, register_lowering
from kfuse.codegen.emitter import KernelEmitter
from kfuse.codegen.registry import LOWERINGS
from kfuse.codegen.routines import compute_params
from kfuse.ir import ident
from kfuse.spaces import Domain, Geometry, ParamSpec, Space, Traffic
from kfuse.spaces.base import frozen


class PairsSpace(Space):
    """A toy space: calls of ``toy_pair`` over vectors, two elements per pair, ``pairs`` pairs
    per thread."""

    name = "pairs"
    claim_order = 5
    kernel_order = 1
    params = (ParamSpec("block", int, None, low=32, high=1024, power_of_two=True, required=True,
                        doc="threads per block"),
              ParamSpec("pairs", int, 2, low=1, high=8, doc="element pairs per thread"),
              ParamSpec("shared", int, 0, low=0, high=96 * 1024,
                        doc="bytes of dynamic shared memory each block passes its results through"),
              ParamSpec("target", str, "", choices=("", "sm_90a"), doc="the target the kernel needs"))
    floor_params = {"block": 128}

    def claim(self, program, call, fn):
        if fn.name != "toy_pair":
            return None
        return Domain("pairs", length=int(program.value(call.out).type.shape[0]))

    def default_params(self, program, calls, domain, dtype, info):
        return {"block": 128, "pairs": 2}

    def variants(self, program, calls, domain, dtype, wide, info):
        return [{"block": b, "pairs": p} for b in (128, 256) for p in (1, 2)]

    def geometry(self, program, calls, params, domain, info):
        """ceil(N / (block * 2 * pairs)) blocks (at least one), ``shared`` bytes of dynamic shared
        memory and the ``target``; detail: ``per_thread`` (elements a thread handles)."""
        per_thread = 2 * int(params.get("pairs", 2))
        grid = max(1, math.ceil(domain.length / (int(params["block"]) * per_thread)))
        return Geometry((grid, 1, 1), (int(params["block"]), 1, 1), shared_dynamic=int(params.get("shared", 0)),
                        detail=frozen({"per_thread": per_thread}), target=params.get("target", ""))

    def traffic(self, geometry, params, facts):
        return Traffic(per_thread_bytes=8 * int(params.get("pairs", 2)))


class PairsLowering(KernelEmitter):
    """The pairs kernel: thread t of block b handles elements ``(b * BS + t) * PER + e``, every
    call in order, intermediates in registers::

        constexpr long long N = 5000;
        constexpr int PER = 4;   // elements per thread
        const long long i0 = ((long long)blockIdx.x * blockDim.x + threadIdx.x) * PER;
        for (int e = 0; e < PER; ++e) {
            const long long i = i0 + e;
            if (i < N) { float z_e; z_toy_pair_compute(x[i], y[i], z_e); ... w[i] = w_e; }
        }
    """

    def emit(self) -> KernelSource:
        geo = self.launch_geometry()
        self.build_args()
        body = self.body
        self.open_body(f"pairs, N = {self.domain.length}", geo.threads)
        body.indices(f"constexpr long long N = {self.domain.length};")
        body.indices(f"constexpr int PER = {geo.detail['per_thread']};   // elements per thread")
        body.indices("const long long i0 = ((long long)blockIdx.x * blockDim.x + threadIdx.x) * PER;")
        if geo.shared_dynamic:
            self.declare_dynamic(geo)
        self.emit_scalar_loads(body.invariants)
        self.emit_prologue(body.invariants)
        code = body.loop
        with code.block("for (int e = 0; e < PER; ++e) {"):
            code("const long long i = i0 + e;")
            with code.block("if (i < N) {"):
                for c in self.body_calls():
                    self.emit_call(code, c)
        return KernelSource(self.kplan.name, body.render(), self.args, geo.grid, geo.block, self.kplan)

    def declare_dynamic(self, geo):
        """The dynamic shared memory (``extern __shared__``) and each thread's slot in it, counted
        from its end so that a launch without the bytes it needs reads out of bounds."""
        self.body.shared("extern __shared__ __align__(16) unsigned char kf_dyn_raw[];   "
                         f"// {geo.shared_dynamic} B of dynamic shared memory")
        self.body.indices(f"constexpr int SLOTS = {geo.shared_dynamic} / 16;   // 16-byte slots")

    def emit_call(self, code, c):
        """``float z_e; z_toy_pair_compute(x[i], y[i], z_e);`` (with dynamic shared memory: the
        result goes through this thread's slot) and the store where needed."""
        out = ident(c.out)
        args = [self.routine_arg(c, p, self.element) for p in compute_params(self.fns[c.id])]
        code(self.comment(c))
        ctype = self.ctype_of(c.out)
        code(f"{ctype} {out}_e;")
        code(f"{c.name}_compute({', '.join(args + [out + '_e'])});")
        if self.space_geometry.shared_dynamic:
            with code.block("{"):
                code(f"{ctype}* slot = reinterpret_cast<{ctype}*>(kf_dyn_raw + 16 * (SLOTS - 1 - "
                     "(int)((threadIdx.x * PER + e) % SLOTS)));")
                code(f"*slot = {out}_e;")
                code(f"{out}_e = *slot;")
        if c.out in self.stored:
            code(f"{out}[i] = {out}_e;")

    def element(self, value: str) -> str:
        """Element i of a vector: from registers when this kernel computed it."""
        base = self.program.base(value)
        return f"{ident(base)}_e" if base in self.produced else f"{self.cname(value)}[i]"


TOY_SCRIPT = ("vector x(n), y(n), z(n), w(n); input x, y; z = toy_pair(x, y); w = toy_pair(z, y); "
              "return w;")


@contextlib.contextmanager
def registered():
    """The toy function, space and lowering registered for the ``with`` block, removed after."""
    library.register("toy_pair", "map", [("x", "elem"), ("y", "elem")], [("z", "elem")], "z = x + y;",
                     reference=lambda x, y: {"z": x + y})
    spaces.register(PairsSpace())
    before = LOWERINGS.get("pairs")
    register_lowering("pairs", PairsLowering)
    try:
        yield
    finally:
        if before is None:
            LOWERINGS.pop("pairs", None)
        else:
            LOWERINGS["pairs"] = before
        spaces.unregister("pairs")
        library.unregister("toy_pair")
