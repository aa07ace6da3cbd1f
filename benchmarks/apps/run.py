"""Issue 31's application benchmark: the applications of tests/programs/apps, as their authors
write them in NumPy, run by CuPy, PyTorch eager, torch.compile (default and reduce-overhead),
JAX (``jax.jit`` of ``lax.fori_loop`` over a functional form) and kfuse (``kfuse.jit(step)`` as
written; ``kfuse.iterate`` for one-field loops) in one run, each first checked against NumPy
float64 at the modules' small odd TEST sizes.

Per application, dtype and peer: the check's error (max |peer - NumPy float64| over the largest
value of each written field), µs per step (CUDA events around loops of ``--steps`` steps after a
warm-up loop; the median of ``--repeats``), the % of the DRAM limit (every field of the module's
``FIELDS`` read once and written once per step, over the copy bandwidth measured in the same run),
kernels per step (kfuse: its plan; torch peers: torch.profiler's CUDA events of one step; else
blank), the first call's seconds and kfuse's plan time.  Failures are records, not crashes: an
error names its stage (check or time), type and message.

Each peer runs in its own process (allocators and compilers apart; a crash or a hang of one is
recorded and the run goes on without that point); records go to ``OUT/raw.jsonl`` as they come,
so several runs into one ``--out`` add up (the latest record of a point wins) and
``--report-only`` redraws ``report.md``, ``results.json`` and ``apps.png`` from it.

    PYTHONPATH=src python benchmarks/apps/run.py --quick --out /tmp/apps-quick      # smoke test
    PYTHONPATH=src python benchmarks/apps/run.py --out /tmp/apps --apps gray_scott,wave2d --peers kfuse,cupy
    PYTHONPATH=src python benchmarks/apps/run.py --device cpu --quick --out /tmp/x   # no GPU: torch/JAX on CPU

A full run (11 applications x 2 dtypes x 7 peers, torch.compile compiling twice per point) takes
longer than one 10-minute device command: split it by ``--peers`` (and ``--apps``) into one
``--out`` folder, then ``--report-only``.
"""
from __future__ import annotations

import argparse
import importlib.util
import json
import os
import statistics
import subprocess
import sys
import time
import traceback

ROOT = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
sys.path.insert(0, ROOT)
if importlib.util.find_spec("kfuse") is None:
    sys.path.insert(1, os.path.join(ROOT, "src"))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
os.environ.setdefault("XLA_PYTHON_CLIENT_PREALLOCATE", "false")

import numpy as np  # noqa: E402

from tests.programs import apps  # noqa: E402

CHECK_STEPS = 5
TOLERANCE = apps.TOLERANCE


# ------------------------------------------------------------------ records
def append(path: str, rec: dict) -> None:
    with open(path, "a") as f:
        f.write(json.dumps(rec, default=str) + "\n")
        f.flush()


def load_records(path: str) -> list:
    """Every record of ``raw.jsonl`` (start markers included), in order."""
    if not os.path.exists(path):
        return []
    out = []
    with open(path) as f:
        for line in f:
            line = line.strip()
            if line:
                try:
                    out.append(json.loads(line))
                except json.JSONDecodeError:
                    pass                                 # a line cut by a killed worker
    return out


def key(rec: dict) -> tuple:
    return rec.get("app"), rec.get("dtype"), rec.get("peer")


def error_of(exc: BaseException, stage: str) -> dict:
    """An exception as a record: stage, type, message, the innermost application line."""
    from tests.programs.apps.accept import user_line
    lineno, line = user_line(exc)
    tb = traceback.format_exception(type(exc), exc, exc.__traceback__)
    return {"stage": stage, "type": type(exc).__name__, "message": str(exc).strip()[:2000],
            "line_no": lineno, "line": line, "traceback": "".join(tb)[-3000:]}


# ------------------------------------------------------------------ measuring
rel_error = apps.rel_error


_REFERENCE: dict = {}


def reference(m) -> dict:
    """NumPy float64 after CHECK_STEPS steps from the TEST-size start (seed 0)."""
    if m.__name__ not in _REFERENCE:
        _REFERENCE[m.__name__] = m.run(m.init(m.TEST, "float64", seed=0), CHECK_STEPS)
    return _REFERENCE[m.__name__]


def check(peer, m, dtype: str) -> dict:
    st = peer.to_state(m.init(m.TEST, dtype, seed=0))
    run = peer.prepare(m, st)
    st = run(st, CHECK_STEPS)
    peer.sync()
    err = rel_error(peer.to_numpy(st), reference(m), m.FIELDS["written"])
    return {"check_err": err, "check_tol": TOLERANCE[dtype], "check_ok": bool(err <= TOLERANCE[dtype]),
            "check_shape": list(m.TEST), "check_steps": CHECK_STEPS}


def timing(peer, m, dtype: str, shape, steps: int, repeats: int) -> dict:
    host = m.init(shape, dtype, seed=0)
    nbytes = apps.nbytes_per_step(m, host)
    st = peer.to_state(host)
    del host
    run = peer.prepare(m, st)
    first = peer.timed(lambda: run(st, steps))
    per_step = [peer.timed(lambda: run(st, steps)) / steps for _ in range(repeats)]
    out = {"shape": list(shape), "steps": steps, "repeats": repeats, "bytes_per_step": nbytes,
           "first_loop_s": first, "us": statistics.median(per_step) * 1e6,
           "us_all": [t * 1e6 for t in per_step]}
    try:
        out["kernels"] = peer.kernels(m, run, st)
    except Exception as e:                                 # noqa: BLE001
        out["kernels_error"] = f"{type(e).__name__}: {str(e)[:200]}"
    finished = peer.to_numpy(st)
    out["finite"] = bool(all(np.isfinite(finished[n]).all() for n in m.FIELDS["written"] if n in finished))
    return out


def one_point(peer, name: str, dtype: str, a) -> dict:
    m = apps.load(name)
    rec = {"app": name, "dtype": dtype, "peer": peer.name, "device": a.device}
    try:
        rec.update(check(peer, m, dtype))
    except Exception as e:                                 # noqa: BLE001
        rec["error"] = error_of(e, "check")
        return rec
    finally:
        peer.free()
    shape = m.QUICK if a.quick else m.SIZES[dtype]
    try:
        rec.update(timing(peer, m, dtype, shape, a.steps, a.repeats))
    except Exception as e:                                 # noqa: BLE001
        rec["error"] = error_of(e, "time")
    finally:
        try:
            rec["info"] = peer.info()
        except Exception:                                  # noqa: BLE001
            pass
        peer.free()
    return rec


def ceiling(a) -> dict:
    """The DRAM limit of this run: bytes read + written per second by a copy of a large buffer
    (CuPy's elementwise copy kernel and a device-to-device memcpy, the faster of the two; with
    ``--device cpu``, NumPy's copy in host memory)."""
    n = (1 << 26) if a.quick else (1 << 28)               # float32: 256 MiB or 1 GiB
    rec = {"peer": "ceiling", "device": a.device, "elements": n}
    if a.device == "cpu":
        x, y = np.ones(n // 4, np.float32), np.empty(n // 4, np.float32)
        ts = []
        for _ in range(5):
            t = time.perf_counter()
            np.copyto(y, x)
            ts.append(time.perf_counter() - t)
        rec.update(bytes=2 * x.nbytes, copy_s=min(ts), gbs=2 * x.nbytes / min(ts) / 1e9, how="numpy.copyto")
        return rec
    import cupy
    x, y = cupy.ones(n, cupy.float32), cupy.empty(n, cupy.float32)
    kernel = cupy.ElementwiseKernel("T x", "T y", "y = x", "kfuse_apps_copy")
    start, end = cupy.cuda.Event(), cupy.cuda.Event()

    def med(fn):
        fn()
        ts = []
        for _ in range(10):
            start.record()
            fn()
            end.record()
            end.synchronize()
            ts.append(cupy.cuda.get_elapsed_time(start, end) * 1e-3)
        return statistics.median(ts)
    t_kernel = med(lambda: kernel(x, y))
    t_memcpy = med(lambda: y.data.copy_from_device_async(x.data, x.nbytes))
    t = min(t_kernel, t_memcpy)
    rec.update(bytes=2 * x.nbytes, kernel_s=t_kernel, memcpy_s=t_memcpy, copy_s=t, gbs=2 * x.nbytes / t / 1e9,
               how="min(copy kernel, device-to-device memcpy)", gpu=_gpu_name(cupy))
    return rec


def _gpu_name(cupy) -> str:
    name = cupy.cuda.runtime.getDeviceProperties(cupy.cuda.Device().id)["name"]
    return name.decode() if isinstance(name, bytes) else str(name)


# ------------------------------------------------------------------ processes
def worker(a) -> int:
    """Run one peer over the points not yet in ``raw.jsonl``; a start marker precedes each."""
    import peers
    raw = os.path.join(a.out, "raw.jsonl")
    if a.worker == "ceiling":
        try:
            append(raw, ceiling(a))
        except Exception as e:                             # noqa: BLE001
            append(raw, {"peer": "ceiling", "device": a.device, "error": error_of(e, "ceiling")})
        return 0
    done = {key(r) for r in load_records(raw) if r.get("event") != "start" and r.get("run_id") == a.run_id}
    peer = peers.get(a.worker, a.device)
    reason = peer.available()
    for name in a.apps.split(","):
        m = apps.load(name)
        for dtype in a.dtypes.split(","):
            k = (name, dtype, peer.name)
            if k in done:
                continue
            base = {"app": name, "dtype": dtype, "peer": peer.name, "device": a.device, "run_id": a.run_id}
            if reason is not None:
                append(raw, dict(base, unavailable=reason))
                continue
            append(raw, dict(base, event="start"))
            print(f"[{peer.name}] {name} {dtype} ...", file=sys.stderr, flush=True)
            rec = one_point(peer, name, dtype, a)
            rec.update(run_id=a.run_id)
            append(raw, rec)
            print(f"[{peer.name}] {name} {dtype}: " + summary_line(rec), file=sys.stderr, flush=True)
    return 0


def summary_line(rec: dict) -> str:
    if "error" in rec:
        e = rec["error"]
        return f"{e['stage']} {e['type']}: {' '.join(e['message'].split())[:160]}"
    if "unavailable" in rec:
        return "unavailable: " + rec["unavailable"]
    us = rec.get("us")
    return f"check {rec.get('check_err', float('nan')):.1e} {'ok' if rec.get('check_ok') else 'FAIL'}, " + \
        (f"{us:.1f} us/step" if us is not None else "")


def run_worker(args: list, timeout: float) -> tuple:
    """(exit status, why in words) of a worker process; one that outlives ``timeout`` is
    killed with its process group (torch.compile's compile workers included)."""
    import signal
    proc = subprocess.Popen(args, start_new_session=True)
    try:
        rc = proc.wait(timeout=timeout)
        return rc, f"worker exited with status {rc}"
    except subprocess.TimeoutExpired:
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except OSError:
            pass
        proc.wait()
        return -1, f"worker timed out after {timeout:.0f} s"


def spawn(a, peer: str) -> None:
    """Run the worker of ``peer`` until it has covered every point: a worker that dies or hangs
    has its point recorded as an error and is started again without it (at most 3 times)."""
    raw = os.path.join(a.out, "raw.jsonl")
    args = [sys.executable, os.path.abspath(__file__), "--worker", peer, "--out", a.out, "--apps", a.apps,
            "--dtypes", a.dtypes, "--device", a.device, "--steps", str(a.steps), "--repeats", str(a.repeats),
            "--run-id", a.run_id] + (["--quick"] if a.quick else [])
    for attempt in range(3):
        left = a.deadline - time.monotonic()
        if left < 5:
            print(f"[{peer}] not started: --budget spent", file=sys.stderr, flush=True)
            return
        rc, why = run_worker(args, min(a.timeout, left))
        if rc == 0:
            return
        recs = [r for r in load_records(raw) if r.get("run_id") == a.run_id and r.get("peer") == peer]
        finished = {key(r) for r in recs if r.get("event") != "start"}
        started = [r for r in recs if r.get("event") == "start" and key(r) not in finished]
        if not started:
            append(raw, {"peer": peer, "run_id": a.run_id, "device": a.device,
                         "error": {"stage": "worker", "type": "WorkerDied", "message": why}})
            return
        r = started[-1]
        append(raw, dict({k: r[k] for k in ("app", "dtype", "peer", "device", "run_id")},
                         error={"stage": "worker", "type": "WorkerDied", "message": why + " during this point"}))
        print(f"[{peer}] {r['app']} {r['dtype']}: {why}; going on without it", file=sys.stderr, flush=True)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--apps", default=",".join(apps.NAMES), help="comma-separated (default: all)")
    ap.add_argument("--dtypes", default="float32,float64")
    ap.add_argument("--peers", default=None, help="comma-separated, in this order (default: "
                    "cupy,torch,inductor,inductor-ro,jax,kfuse,kfuse-iterate; also kfuse-loop: the run() loop jitted; "
                    "numpy with --device cpu)")
    ap.add_argument("--quick", action="store_true", help="the modules' QUICK sizes, 2 steps, 1 repeat")
    ap.add_argument("--device", choices=("cuda", "cpu"), default="cuda",
                    help="cpu: torch and JAX on the host (a dry run of the harness without a GPU)")
    ap.add_argument("--steps", type=int, default=None, help="steps per timed loop (default 20; quick 2)")
    ap.add_argument("--repeats", type=int, default=None, help="timed loops (default 5; quick 1)")
    ap.add_argument("--timeout", type=float, default=900, help="seconds one peer's worker may take")
    ap.add_argument("--budget", type=float, default=None,
                    help="seconds for the whole run: workers are cut to what is left, none starts after it")
    ap.add_argument("--out", default="benchmarks/results/apps", help="output folder")
    ap.add_argument("--report-only", action="store_true", help="redraw the report from OUT/raw.jsonl")
    ap.add_argument("--no-ceiling", action="store_true", help="skip the DRAM-limit copy")
    ap.add_argument("--worker", default=None, help=argparse.SUPPRESS)
    ap.add_argument("--run-id", default=None, help=argparse.SUPPRESS)
    a = ap.parse_args(argv)
    a.steps = a.steps or (2 if a.quick else 20)
    a.repeats = a.repeats or (1 if a.quick else 5)
    for n in a.apps.split(","):
        apps.load(n)                                       # an unknown name fails here, once
    os.makedirs(a.out, exist_ok=True)
    if a.worker:
        return worker(a)
    import report
    if not a.report_only:
        import peers
        a.run_id = a.run_id or time.strftime("%Y%m%dT%H%M%S")
        a.deadline = time.monotonic() + (a.budget if a.budget else float("inf"))
        chosen = a.peers.split(",") if a.peers else \
            (["numpy"] if a.device == "cpu" else []) + list(peers.DEFAULT)
        for p in chosen:
            peers.get(p, a.device)                         # an unknown peer fails here, once
        if not a.no_ceiling:
            spawn(a, "ceiling")
        for p in chosen:
            spawn(a, p)
    print(report.write(a.out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
