"""CI stencil fuzz tier: 200 generated stencil programs (tests/fuzz/stencil_gen.py; of seeds 0-999,
drawn per run with the run's seed of tests/sampling.py; all 1,000 under ``KFTEST_FULL=1``)
through the front ends (kfuse.jit's tracer, the .kf parser), the planner, CUDA generation, then
kfuse's float64 reference and the plan executor against NumPy float64 running the program's own
Python text, every input array bitwise unchanged.  NVRTC compiles the CUDA of one seed in three
(``NVRTC_EVERY``, sm_90 cubins; every program's CUDA is generated): compiling all of them would
double the tier's time on CI's 2 cores.  The fusion search is kfuse's own (exhaustive up to 9 calls
and 2,500 combinations; ``FUZZ_EXHAUSTIVE`` lowers the call limit).

Zero internal errors, mismatches and changed inputs; invalid programs get a clear KfuseError.  A
failure prints each failing program whole with its repro command (``python -m tests.fuzz.run
--stencil --seeds N:N+1 --show``).  The seeds run in chunks, one test each (as
tests/fuzz/test_fuzz_compile.py's); ``FUZZ_STENCIL_SEEDS=a:b`` runs other seeds, ``FUZZ_JOBS``
sets the processes of a chunk.
"""
import os
import re

import pytest

from kfuse.runtime import nvrtc

try:
    nvrtc.version()
except Exception as exc:  # noqa: BLE001 - no library, no symbol, no package: all mean "skip"
    pytest.skip(f"NVRTC is not available: {exc}", allow_module_level=True)

from tests import sampling  # noqa: E402

from .run import _seeds, check_chunk, chunk_ids, chunks  # noqa: E402
from .stencil_check import report, run_stencil_cpu  # noqa: E402
from .stencil_gen import generate_stencil  # noqa: E402

pytestmark = pytest.mark.compile
# FUZZ_STENCIL_SEEDS=a:b runs those seeds; else 200 of seeds 0-999 drawn with the run's seed (every
# seed under KFTEST_FULL=1; tests/sampling.py)
SEEDS = (_seeds(os.environ["FUZZ_STENCIL_SEEDS"]) if os.environ.get("FUZZ_STENCIL_SEEDS")
         else sampling.sample("fuzz_stencil_compile", range(1000), 200))
CHUNKS = chunks(SEEDS)


def test_stencil_generator_is_reproducible_and_varied():
    """The same seed gives the same program; 300 seeds cover both front ends and dtypes, 1 to 4
    axes, F order, size-1 axes, several window assignments into one array with periodic planes,
    corners and reads between them, interior, reductions, invalid programs and both plan kinds."""
    assert generate_stencil(7).source() == generate_stencil(7).source()
    progs = [generate_stencil(s) for s in range(300)]
    text = [p.python_source() for p in progs]
    assert {p.front for p in progs} == {"py", "kf"} and {p.dtype for p in progs} == {"float32", "float64"}
    assert {len(p.arrays[0][1]) for p in progs} == {1, 2, 3, 4}
    assert {p.plan for p in progs} == {"default", "unfused"}
    assert sum(any(a[2] == "F" for a in p.arrays) for p in progs) > 30
    assert sum(1 in p.sizes.values() for p in progs) > 10
    whats = [{ln.what for ln in p.lines} for p in progs]
    assert sum(sum(ln.what.startswith("assign") for ln in p.lines) >= 3 for p in progs) > 30
    assert sum("read-between" in p.tags for p in progs) > 30
    for kind in ("plane", "corner", "const", "slab", "expr"):   # periodic planes v[0, :] = v[-2, :], ...
        assert sum(f"assign-{kind}" in w for w in whats) > 15, kind
    assert sum(bool(re.search(r"(\w+)\[-?\d+, -?\d+\] = \1\[-?\d+, -?\d+\]", t)) for t in text) > 10  # 2-D corners
    assert sum("kfuse.interior(" in t for t in text) > 30
    assert sum(bool(re.search(r"kfuse\.(sum|max|min)\(", t)) for t in text) > 30
    assert 10 < sum(not p.valid for p in progs) < 50


def test_a_wrong_reference_or_a_written_input_is_caught(monkeypatch):
    """The CPU checks can fail: a reference off in one element is a mismatch, a run that writes
    into its input a changed input."""
    from kfuse import reference
    real = reference.run
    seed = next(s for s in range(50) if generate_stencil(s).valid and s % 3)

    def off(program, ins):
        out = real(program, ins)
        o = program.outputs[0]
        out[o] = out[o] + 1e-6
        return out
    monkeypatch.setattr(reference, "run", off)
    assert run_stencil_cpu(seed).outcome == "mismatch"

    def writes(program, ins):
        next(v for v in ins.values() if hasattr(v, "flat")).flat[0] = 9.0
        return real(program, ins)
    monkeypatch.setattr(reference, "run", writes)
    assert run_stencil_cpu(seed).outcome == "changed input"


def test_the_stencil_seeds_hold_invalid_programs():
    """The run's seeds include programs that must get a clear error (the chunks check that each
    of them does)."""
    assert any(not generate_stencil(s).valid for s in SEEDS)


@pytest.mark.parametrize("seeds", CHUNKS, ids=chunk_ids(CHUNKS))
def test_fuzz_stencil_compile(seeds):
    check_chunk(seeds, run_stencil_cpu, report)
