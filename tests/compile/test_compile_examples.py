"""Every example, in every element type and at awkward sizes, compiles to a clean sm_90 cubin."""
from __future__ import annotations

from pathlib import Path

import pytest

import kfuse
from kfuse.frontend import script
from kfuse.runtime import nvrtc

from tests import sampling

from .compile_helpers import ARCH, DTYPES, assert_clean_resources, compile_program

EXAMPLES = sorted(p for p in (Path(kfuse.__file__).parent / "examples").glob("*.kf")
                  if p.stem not in ("hdiff", "jacobi2d", "periodic2d"))   # stencils: test_compile_script_stencil.py
SIZES = {
    "1000x3001": {"m": 1000, "n": 3001},   # odd row length: one element per thread
    "4097x4097": {"m": 4097, "n": 4097},   # one past a power of two
    "1024x4096": {"m": 1024, "n": 4096},   # 16-byte aligned rows: packed loads in every kernel
}


def test_examples_found():
    assert len(EXAMPLES) >= 11


# every example under both plans each run, in complex128 at 4097 x 4097 under the default plan
# (the most registers), 88 of the 264 in all; KFTEST_FULL=1 compiles every one (tests/sampling.py)
CASES = sampling.sample("compile_examples", [(plan, p, dtype, size) for plan in ("unfused", "default")
                                             for p in EXAMPLES for dtype in DTYPES for size in SIZES], 88,
                        corners=[lambda c: c[0] == "default" and c[2:] == ("complex128", "4097x4097")],
                        strata=lambda c: (c[0], c[1]))


@pytest.mark.parametrize("plan,path,dtype,size", CASES, ids=["-".join((c[0], c[1].stem, *c[2:])) for c in CASES])
def test_example_compiles_without_spills(plan, path, dtype, size):
    """``unfused``: one kernel per call; ``default``: the plan kfuse.compile_script builds."""
    prog = script.load(str(path), dtype)
    exe = compile_program(prog, SIZES[size], plan=plan)
    if plan == "unfused":
        assert exe.n_kernels == len(prog.calls)
    assert sorted(c for k in exe.plan_obj.kernels for c in k.calls) == list(range(len(prog.calls)))
    assert [k.name for k in exe.module.kernels] == [k.name for k in exe.plan_obj.kernels]
    assert_clean_resources(exe)


def test_ptxas_report_is_parsed():
    exe = compile_program(script.load(str(EXAMPLES[0].parent / "bicgk.kf")), SIZES["1000x3001"])
    assert "Compiling entry function 'k0_q_gemv'" in exe.compiled.log
    res = exe.resources
    assert set(res) == {"k0_q_gemv", "k1_s_gemv_t"}
    # gemv_t reduces along rows through shared memory (BY x TF floats); gemv through warp shuffles
    assert res["k1_s_gemv_t"]["smem"] >= 8 * 32 * 4
    assert res["k0_q_gemv"]["smem"] < res["k1_s_gemv_t"]["smem"]
    assert f"-arch={ARCH}" in exe.compiled.options


def test_parse_ptxas_sample():
    log = """ptxas info    : 0 bytes gmem
ptxas info    : Compiling entry function 'k0_a' for 'sm_90'
ptxas info    : Function properties for k0_a
ptxas         .     16 bytes stack frame, 8 bytes spill stores, 4 bytes spill loads
ptxas info    : Used 40 registers, used 1 barriers, 1025 bytes smem
ptxas info    : Compile time = 14.383 ms
ptxas info    : Compiling entry function 'k1_b' for 'sm_90'
ptxas info    : Function properties for k1_b
ptxas         .     0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
ptxas info    : Used 12 registers, used 0 barriers
ptxas info    : Compile time = 2.225 ms
"""
    assert nvrtc.parse_ptxas(log) == {
        "k0_a": {"registers": 40, "stack": 16, "spill_stores": 8, "spill_loads": 4, "smem": 1025},
        "k1_b": {"registers": 12, "stack": 0, "spill_stores": 0, "spill_loads": 0, "smem": 0},
    }


def test_nvrtc_targets_sm_90():
    assert nvrtc.version() >= (12, 0)
    assert 90 in nvrtc.supported_archs()
