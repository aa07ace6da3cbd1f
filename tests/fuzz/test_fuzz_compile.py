"""CI fuzz tier: 200 generated programs (of seeds 0-999, drawn per run with the run's seed of
tests/sampling.py; all 1,000 under ``KFTEST_FULL=1``) through the front ends, the planner,
CUDA generation and NVRTC (sm_90 cubins, no GPU needed), then the plan executor and a NumPy
oracle against the float64 reference.  Zero internal errors and mismatches; invalid programs
get a clear KfuseError.  A failure prints each failing program whole with its repro command.

The seeds run in chunks of 25 (``tests/fuzz/run.py``'s ``CHUNK``), one test each, so that
pytest-xdist spreads them over its workers (no test runs for minutes); ``FUZZ_SEEDS=a:b`` runs
other seeds; ``FUZZ_JOBS`` sets the processes of a chunk (default: one under pytest-xdist, else
every CPU).
"""
import os

import pytest

from kfuse.runtime import nvrtc

try:
    nvrtc.version()
except Exception as exc:  # noqa: BLE001 - no library, no symbol, no package: all mean "skip"
    pytest.skip(f"NVRTC is not available: {exc}", allow_module_level=True)

from tests import sampling  # noqa: E402

from .generator import generate  # noqa: E402
from .run import _seeds, check_chunk, chunk_ids, chunks  # noqa: E402

pytestmark = pytest.mark.compile
# FUZZ_SEEDS=a:b runs those seeds; else 200 of seeds 0-999 drawn with the run's seed (every
# seed under KFTEST_FULL=1; tests/sampling.py)
SEEDS = (_seeds(os.environ["FUZZ_SEEDS"]) if os.environ.get("FUZZ_SEEDS")
         else sampling.sample("fuzz_compile", range(1000), 200))
CHUNKS = chunks(SEEDS)


def test_generator_is_reproducible_and_varied():
    """The same seed gives the same program; the seeds cover both front ends, the four
    dtypes, shared axes, empty sizes, sparse matrices, invalid programs and both plan kinds."""
    assert generate(7).source() == generate(7).source()
    progs = [generate(s) for s in range(300)]
    assert {p.front for p in progs} == {"py", "kf"}
    assert {p.dtype for p in progs} == {"float32", "float64", "complex64", "complex128"}
    assert {p.plan for p in progs} == {"default", "unfused"}
    assert sum("shared-axes" in p.tags for p in progs) > 12
    assert sum(any(v.kind == "S" for v in p.inputs) for p in progs) > 20          # CSR / ELL
    assert sum("empty" in p.tags for p in progs) > 5
    assert 10 < sum(not p.valid for p in progs) < 60
    assert any(v.order == "F" for p in progs for v in p.inputs)
    assert any(v.kind == "s" and not v.host for p in progs for v in p.inputs)   # 0-d device scalars


def test_the_seeds_hold_invalid_programs():
    """The run's seeds include programs that must get a clear error (the chunks check that each
    of them does)."""
    assert any(not generate(s).valid for s in SEEDS)


@pytest.mark.parametrize("seeds", CHUNKS, ids=chunk_ids(CHUNKS))
def test_fuzz_compile(seeds):
    check_chunk(seeds)
