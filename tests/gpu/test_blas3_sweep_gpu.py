"""The BLAS-3 sweep on the device (issue 30): every routine and option (48 variants) in exact
float32 and TF32, sizes 0, 1, 2, 3, 5, 9 and odd larger ones (33, 65, 257), alpha and beta in
{0, 1, 0.7, 1.3}, C NaN when beta = 0, the unread triangle (and unit diagonal) NaN, C order, F
order and ``.T`` views; results by the reference BLAS test ratio, quick returns exact, and every
input bitwise unchanged after every call (the first call of each program with ``poison`` on).
The programs (about 360, each compiled once) run in parallel worker processes on the one GPU;
the generator and oracle are tests/blas3_sweep.py."""
import multiprocessing
import os

from tests import blas3_sweep


def test_blas3_sweep_every_routine_option_and_size(tmp_path):
    cases = blas3_sweep.sweep()
    procs = max(1, min(14, (os.cpu_count() or 2) - 1))
    chunks = [(cases[i:i + 4], str(tmp_path / "cache")) for i in range(0, len(cases), 4)]
    calls, bad = 0, []
    with multiprocessing.get_context("spawn").Pool(procs) as pool:
        for n, (c, lines) in enumerate(pool.imap_unordered(blas3_sweep.run_chunk, chunks)):
            calls += c
            bad += lines
            for line in lines[:5]:
                print("FAIL", line, flush=True)
            if n % 20 == 19:
                print(f"{n + 1}/{len(chunks)} chunks, {calls} calls, {len(bad)} failures", flush=True)
    print(f"BLAS-3 sweep: {len(cases)} programs, {calls} calls, {len(bad)} failures")
    assert calls == sum(len(c.scalars()) for c in cases)
    assert not bad, f"{len(bad)} failures of {calls} calls:\n" + "\n".join(bad[:60])
