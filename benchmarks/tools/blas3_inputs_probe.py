"""Device probe of issue 30 item 2 ("BLAS-3 calls change their inputs"): one process, CuPy's
memory pool ON, every call's inputs compared after it three ways, printing which configuration
changed which input and how.

Run from the repository root on the GPU machine (about 2 minutes, one device call)::

    PYTHONPATH=src python benchmarks/tools/blas3_inputs_probe.py [--seconds 100]

What it covers (the hypotheses a sweep of fresh buffers per configuration does not reach):

* the stub and the general path: C order, F order (M = 257, N = 33), ``.T`` views, and offset
  views whose address is 4 bytes past 16-byte alignment (the ``fallback`` plan), fp32 and TF32;
* the first call of each program with ``poison`` on, then every (alpha, beta) three times
  (the stub's CUDA graphs capture on the second sighting and replay on the third);
* cross-call memory reuse: after the first program of a routine has run, fresh inputs are
  allocated (they land in memory the pool just freed, next to the executable's workspace and
  output ring) and the same program runs again on them, with graphs;
* ``out=``: TRMM/TRSM into a fresh array and into ``B`` itself (then only A is checked), and
  ``solve_triangular`` with a B of zero columns;
* three comparisons per input: ``bits`` (uint32 view: NaN payloads count, what the issue's
  "bitwise" means), ``float`` (``cupy.array_equal``: NaN != NaN, so an input holding NaN --
  the unread triangle -- always reads "changed" whatever the call did) and ``values`` (NaN ==
  NaN, payload ignored).  A change seen by ``float`` alone is the comparison, not kfuse;
* how the inputs were made: a NaN cast from float64 on the host (0x7fc00000) and on the
  device (``astype`` in a kernel) are compared, so a harness that snapshots the host copy and
  reads back a device-cast array sees "changed" NaN bits no call made.

Output: one line per call that changed anything (``CHANGED``), a line per kind of comparison,
and ``SUMMARY`` with counts.  ``bits`` changes are the bug; the others are explained above.
"""
from __future__ import annotations

import argparse
import sys
import time
import zlib

import numpy as np

sys.path.insert(0, ".")

from tests import blas3_sweep as sw  # noqa: E402


def _compare(before: dict, x: dict) -> dict:
    """{comparison: [changed input names]} for device arrays ``x`` against host copies."""
    import cupy
    out = {"bits": [], "float": [], "values": []}
    for n, b in before.items():
        a = cupy.asnumpy(x[n])
        if not np.array_equal(a.view(np.uint32), b.view(np.uint32)):
            out["bits"].append(n)
        if not cupy.array_equal(x[n], cupy.asarray(b)):
            out["float"].append(n)
        if not np.array_equal(a, b, equal_nan=True):
            out["values"].append(n)
    return out


def _offset(a: np.ndarray, layout: str):
    """A device copy of ``a`` at an address 4 bytes past 16-byte alignment, C or F contiguous."""
    import cupy
    flat = cupy.empty(a.size + 4, a.dtype)
    view = flat[1:1 + a.size]
    if layout == "F":
        view = view.reshape(a.shape[::-1]).T
        view[...] = cupy.asarray(np.asfortranarray(a))
    else:
        view = view.reshape(a.shape)
        view[...] = cupy.asarray(a)
    assert view.data.ptr % 16 == 4
    return view


def _device(host: dict, layout: str) -> dict:
    if layout.startswith("off"):
        return {n: _offset(a, layout[3:]) for n, a in host.items()}
    return sw.to_device(host, layout)


def _cases() -> list:
    """(label, Case, layout) in the order they run: F order first (the issue's), then .T views,
    C order, offset views; TF32 after exact fp32 for each."""
    out = []
    fns = ("symm", "trmm", "trsm", "syrk", "syr2k")
    for layout in ("F", "T", "C", "offF", "offC"):
        for prec in ("ieee", "tf32"):
            for v in sw.variants():
                if v["fn"] not in fns:
                    continue
                m, n, k = 257, 33, 65
                if v["fn"] in ("syrk", "syr2k"):
                    n = m
                case = sw.Case(m=m, n=n, k=k, layout=layout[-1] if layout.startswith("off") else layout,
                               precision=prec, **v)
                out.append((f"{case.label()}{'-off' if layout.startswith('off') else ''}", case, layout))
    return out


def _run_case(label: str, case, layout: str, report) -> int:
    """Every call of one configuration; returns the number of calls."""
    import cupy
    import kfuse
    host = sw.inputs(case, seed=zlib.crc32(label.encode()))
    x = _device(host, layout)
    before = {n: cupy.asnumpy(a) for n, a in x.items()}
    calls, order = 0, "C"
    sc = case.scalars()
    for i, (alpha, beta) in enumerate(dict.fromkeys([sc[-1], sc[len(sc) // 2], sc[0]])):
        for rep in range(3):
            with kfuse.config.override(poison=(i == 0 and rep == 0)):
                got = sw.call(case, x, alpha, beta)
            cupy.cuda.runtime.deviceSynchronize()
            why = sw.failures(case, host, cupy.asnumpy(got), alpha, beta)
            report(f"{label} a={alpha} b={beta} rep={rep}", _compare(before, x), why)
            calls += 1
            order = "F" if got.flags.f_contiguous and not got.flags.c_contiguous else "C"
            del got
    # fresh inputs in memory the pool just freed, the same program (graphs again)
    del x
    x = _device(host, layout)
    before = {n: cupy.asnumpy(a) for n, a in x.items()}
    alpha, beta = sc[-1]
    for rep in range(3):
        got = sw.call(case, x, alpha, beta)
        cupy.cuda.runtime.deviceSynchronize()
        report(f"{label} fresh rep={rep}", _compare(before, x), sw.failures(case, host, cupy.asnumpy(got), alpha, beta))
        calls += 1
        del got
    if case.fn in ("trmm", "trsm"):
        from kfuse import blas
        f = getattr(blas, case.fn)
        opts = dict(side=case.side, uplo=case.uplo, trans=case.transa, diag=case.diag, alpha=alpha)
        if case.precision != "ieee":
            opts["precision"] = case.precision
        o = cupy.empty(x["B"].shape, x["B"].dtype, order=order)
        f(x["A"], x["B"], out=o, **opts)
        cupy.cuda.runtime.deviceSynchronize()
        report(f"{label} out=fresh", _compare(before, x), sw.failures(case, host, cupy.asnumpy(o), alpha, None))
        f(x["A"], x["B"], out=x["B"], **opts)
        cupy.cuda.runtime.deviceSynchronize()
        report(f"{label} out=B (A only)", _compare({"A": before["A"]}, x), [])
        calls += 2
    return calls


def _nan_payloads(report) -> None:
    """NaN bits of a float64 -> float32 cast on the host and on the device, and of a NaN
    through a device multiply: a snapshot made one way and read back the other differs."""
    import cupy
    h = np.array([np.nan, 1.0])
    host32 = h.astype(np.float32).view(np.uint32)
    dev32 = cupy.asnumpy(cupy.asarray(h).astype(cupy.float32)).view(np.uint32)
    mul = cupy.asnumpy(cupy.asarray(h.astype(np.float32)) * cupy.float32(1)).view(np.uint32)
    print(f"NaN bits: host cast {host32[0]:#010x}, device cast {dev32[0]:#010x}, device x*1 {mul[0]:#010x}")


def _empty_rhs(report) -> int:
    import cupy
    import kfuse
    calls = 0
    for order in "CF":
        for prec in (None, "tf32"):
            A = np.tril(np.random.default_rng(1).uniform(-1, 1, (257, 257))) + 2 * np.eye(257)
            A[np.triu_indices(257, 1)] = np.nan
            A = cupy.asarray(A.astype(np.float32), order=order)
            B = cupy.empty((257, 0), cupy.float32, order=order)
            before = {"A": cupy.asnumpy(A)}
            for rep in range(3):
                with kfuse.config.override(poison=rep == 0):
                    X = kfuse.linalg.solve_triangular(A, B, lower=True, **({"precision": prec} if prec else {}))
                cupy.cuda.runtime.deviceSynchronize()
                report(f"solve_triangular N=0 {order} {prec or 'ieee'} rep={rep}", _compare(before, {"A": A}),
                       [] if X.shape == (257, 0) else [f"shape {X.shape}"])
                calls += 1
    return calls


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=100.0, help="stop starting configurations after this")
    ns = ap.parse_args()
    import cupy
    t0 = time.time()
    counts = {"bits": 0, "float": 0, "values": 0, "wrong": 0}
    seen: dict = {}

    def report(what: str, changed: dict, wrong: list) -> None:
        for kind, names in changed.items():
            if names:
                counts[kind] += 1
                key = (kind, what.split(" ")[0].split("-")[0])
                if seen.get(key, 0) < 6:
                    print(f"CHANGED[{kind}] {what}: {', '.join(names)}", flush=True)
                seen[key] = seen.get(key, 0) + 1
        if wrong:
            counts["wrong"] += 1
            print(f"WRONG {what}: {'; '.join(wrong)[:300]}", flush=True)

    print(f"cupy {cupy.__version__}, pool {type(cupy.get_default_memory_pool()).__name__}, "
          f"device {cupy.cuda.runtime.getDeviceProperties(0)['name'].decode()}", flush=True)
    _nan_payloads(report)
    calls = _empty_rhs(report)
    done = 0
    cases = _cases()
    for label, case, layout in cases:
        if time.time() - t0 > ns.seconds:
            break
        try:
            calls += _run_case(label, case, layout, report)
        except Exception as e:   # noqa: BLE001 - report and go on
            counts["wrong"] += 1
            print(f"ERROR {label}: {type(e).__name__}: {str(e)[:300]}", flush=True)
        done += 1
        if done % 10 == 0:
            print(f"... {done}/{len(cases)} configurations, {calls} calls, {time.time() - t0:.0f} s", flush=True)
    print(f"SUMMARY: {done}/{len(cases)} configurations, {calls} calls in {time.time() - t0:.0f} s; calls that "
          f"changed an input: bits {counts['bits']}, float-compare {counts['float']}, values {counts['values']}; "
          f"wrong results or errors {counts['wrong']}")
    return 1 if counts["bits"] or counts["wrong"] else 0


if __name__ == "__main__":
    raise SystemExit(main())
