"""The calibration kinds of grid kernels: told apart by element size (``-f64``) and, for maps, by
loads per point (``box``: the 27-point box); a calibration lacking a refined kind lends the kind
it refines (:func:`kfuse.model.predict.kind_fallback`); short walks of vector points are among
the variants and keep the full DRAM share in the model."""
from __future__ import annotations

import pytest

import kfuse
from kfuse import spaces
from kfuse.calibrate import workloads
from kfuse.frontend.trace import trace
from kfuse.model.predict import kernel_kind, kind_fallback


def _prog(fn, shape, dtype):
    return trace(lambda u: fn(kfuse, u), ["u"], [("a", shape, dtype, "C")], fn.__name__)[0]


@pytest.mark.parametrize("fn, shape, kind", [
    (workloads.heat3d, (10, 11, 12), "grid3-map"), (workloads.box27, (10, 11, 12), "grid3-box"),
    (workloads.jacobi2d, (13, 14), "grid2-map"), (workloads.hdiff, (6, 14, 15), "grid3-chain")])
@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_kinds_by_shape_of_work_and_element_size(fn, shape, kind, dtype):
    prog = _prog(fn, shape, dtype)
    want = kind + ("-f64" if dtype == "float64" else "")
    assert kernel_kind(prog, [c.id for c in prog.calls]) == want


@pytest.mark.parametrize("have, kind, lent", [
    ({"grid3-map"}, "grid3-map-f64", "grid3-map"),
    ({"grid3-map", "grid3-map-f64"}, "grid3-map-f64", "grid3-map-f64"),
    ({"grid3-map"}, "grid3-box-f64", "grid3-map"),
    ({"grid3-map", "grid3-map-f64"}, "grid3-box-f64", "grid3-map-f64"),
    ({"grid3-box", "grid3-map-f64"}, "grid3-box-f64", "grid3-box"),
    ({"grid3-box-f64"}, "grid3-box-f64", "grid3-box-f64"),
    ({"vec-map"}, "grid3-box", "grid3-box"),   # nothing to lend: the kind itself (factor 1)
])
def test_a_missing_kind_borrows_the_kind_it_refines(have, kind, lent):
    assert kind_fallback(kind, dict.fromkeys(have)) == lent


def test_vector_points_walk_short_depths_at_the_full_share():
    prog = _prog(workloads.heat3d, (40, 41, 64), "float32")
    calls = [c.id for c in prog.calls]
    info = spaces.program_info(prog)
    space = spaces.get("grid")
    variants = space.variants(prog, calls, spaces.kernel_domain(prog, calls), "float32", True, info)
    walks = {v.get("zc") for v in variants if v.get("vec", 1) > 1}
    assert {1, 4} <= walks
    assert space.ceiling_share({"bx": 32, "zc": 8}) == 1.0
    assert space.ceiling_share({"bx": 32, "zc": 9}) < 1.0
