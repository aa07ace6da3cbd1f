"""Resident solver kernels through NVRTC for sm_90 and sm_90a: every solver, transpose mode,
element type, both passes (rows, tiles) and the shapes the benchmark sweeps, without spills."""
import pytest

from kfuse.codegen.resident import module_source
from kfuse.spaces import resident as space

from .compile_helpers import nvrtc

CASES = [(s, d, t, lanes, rows, 0) for s, t in (("cg", ""), ("bicg", "same"), ("bicg", "scatter"))
         for d in ("float32", "float64") for lanes in (4, 32) for rows in (1, 2, 4)] + \
        [(s, d, t, 8, 1, tile) for s, t in (("cg", ""), ("bicg", "same"), ("bicg", "scatter"))
         for d in ("float32", "float64") for tile in (4, 16)]


@pytest.mark.parametrize("solver,dtype,transpose,lanes,rows,tile", CASES)
@pytest.mark.parametrize("arch", ["sm_90", "sm_90a"])
def test_resident_kernel_compiles_without_spills(solver, dtype, transpose, lanes, rows, tile, arch):
    shape = space.shape_for(solver, dtype, 10_000, 70_000, transpose, lanes=lanes, rows=rows, tile=tile)
    res = nvrtc.compile_cuda(module_source(shape, "test"), arch, shape.name + ".cu", ())
    info = nvrtc.parse_ptxas(res.log)[shape.name]
    assert info["spill_stores"] == 0 and info["spill_loads"] == 0, info
    assert info["registers"] <= 255
