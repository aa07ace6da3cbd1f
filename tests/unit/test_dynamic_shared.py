"""Issue 18, point 5: a space's dynamic shared memory and target reach the kernel source and the
model.  The toy space (tests/toy_space.py) declares ``shared`` bytes and a ``target`` in its
geometry alone; code generation passes them to the launch, and the model's residency counts
the bytes (fewer blocks fit an SM)."""
from __future__ import annotations

import kfuse
from kfuse.codegen import generate
from kfuse.fusion.search import make_plan
from kfuse.model import load_calibration
from kfuse.model.planner import best_plan
from kfuse.model.predict import kernel_traffic, predict_kernel
from kfuse.spaces.base import resident_blocks
from .test_spaces import sparse_program
from .unit_helpers import bound
from ..toy_space import TOY_SCRIPT, registered

SHARED = 64 * 1024
JACOBI = "grid a(m, n); input a; b = interior(a, 0.2 * (a + a[0, -1] + a[0, 1] + a[-1, 0] + a[1, 0])); return b;"


def toy_program(n: int = 100_000):
    return kfuse.parse(TOY_SCRIPT, "toy", "float32").bind({"n": n})


def test_geometry_reaches_the_kernel_source():
    """64 KiB and sm_90a in the toy's geometry: the kernel source's launch bytes and target."""
    with registered():
        prog = toy_program()
        plain = generate(prog, make_plan(prog, [([0, 1], {"block": 128, "pairs": 2})])).kernels[0]
        assert (plain.shared_bytes, plain.target) == (0, "")
        params = {"block": 128, "pairs": 2, "shared": SHARED, "target": "sm_90a"}
        k = generate(prog, make_plan(prog, [([0, 1], params)])).kernels[0]
        assert (k.shared_bytes, k.target) == (SHARED, "sm_90a")
        assert "extern __shared__" in k.text


def test_builtin_spaces_pass_no_dynamic_shared_memory():
    """Every kernel of the model's plans of built-in spaces (vec, tile, rows, grid) launches
    with 0 bytes of dynamic shared memory and the device's own target."""
    cal = load_calibration()
    progs = [kfuse.parse("vector x(n), y(n); scalar r; input x, y; y = 2 * x; r = dot(x, y); return y, r;",
                         "v", "float32").bind({"n": 5000}),
             bound("bicgk", m=96, n=200), sparse_program(),
             kfuse.parse(JACOBI, "j", "float64").bind({"m": 33, "n": 64})]
    spaces_seen = set()
    for prog in progs:
        for k in generate(prog, best_plan(prog, cal)).kernels:
            spaces_seen.add(k.plan.space if k.plan else None)
            assert (k.shared_bytes, k.target) == (0, ""), k.name
    assert {"vec", "tile", "rows", "grid"} <= spaces_seen


def test_residency_counts_dynamic_shared_memory():
    """The model: 64 KiB of dynamic shared memory per 128-thread block leaves fewer blocks
    resident than none, and the kernel is predicted no faster."""
    cal = load_calibration()
    with registered():
        prog = toy_program()
        base = {"block": 128, "pairs": 2}
        tr0 = kernel_traffic(prog, [0, 1], base, set())
        tr1 = kernel_traffic(prog, [0, 1], {**base, "shared": SHARED}, set())
        assert tr0.smem_dynamic == 0 and tr1.smem_dynamic == SHARED
        assert resident_blocks(tr1, cal) < resident_blocks(tr0, cal)
        assert resident_blocks(tr1, cal) <= cal.sm_count * (228 * 1024 // SHARED)
        t0 = predict_kernel(prog, [0, 1], base, set(), cal)
        t1 = predict_kernel(prog, [0, 1], {**base, "shared": SHARED}, set(), cal)
        assert t1 >= t0
