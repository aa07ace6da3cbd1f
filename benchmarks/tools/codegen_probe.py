"""Probe of code generation: random programs of BLAS-1/2 calls, planned, generated and compiled.

Each program is 3-15 calls over a pool of matrices and vectors (shapes m x n with m == n for
about half of the programs, so one vector can be read along both axes of a matrix), built by
tracing a Python function with NumPy-shaped specs (no GPU).  Each is planned (the default
plan; every fourth one also unfused), generated and compiled by NVRTC for sm_90.  Failures are
grouped by class (the first line NVRTC or kfuse reports, identifiers masked) and the first
program of each class is printed whole with its seed.

    PYTHONPATH=src python benchmarks/tools/codegen_probe.py --programs 300 [--seed 0]
"""
from __future__ import annotations

import argparse
import collections
import random
import re
import sys
import tempfile
import time
import traceback

import kfuse
from kfuse import config
from kfuse.api import make_plan
from kfuse.errors import KfuseError
from kfuse.frontend.trace import trace
from kfuse.fusion import unfused_plan
from kfuse.spaces.budget import shared_bytes
from kfuse.pipeline.stages import build

DTYPES = ("float32", "float64", "complex64", "complex128")
SIZES = (1, 2, 5, 31, 33, 64, 100, 257, 1025)


def random_program(seed: int) -> tuple:
    """(description lines, input specs, function) of program ``seed``."""
    rng = random.Random(seed)
    dtype = rng.choice(DTYPES)
    m = rng.choice(SIZES)
    n = m if rng.random() < 0.5 else rng.choice(SIZES)
    order = rng.choice("CCF")
    inputs = [("A", (m, n)), ("u", (m,)), ("w", (n,))]
    if rng.random() < 0.5:
        inputs.append(("B", (m, n)))
    if rng.random() < 0.5:
        inputs.append(("x", (n,)))
    if rng.random() < 0.5:
        inputs.append(("y", (m,)))
    ncalls = rng.randint(3, 15)
    steps, pool = [], {k: s for k, s in inputs}
    for i in range(ncalls):
        step = _random_step(rng, pool, f"t{i}", m, n)
        if step is not None:
            steps.append(step)
    outs = [k for k, _ in steps[-3:]] or ["A"]
    specs = [("a", s, dtype, order if len(s) == 2 else "C") for _, s in inputs]
    names = [k for k, _ in inputs]
    lines = [f"# seed {seed}: {dtype}, m={m}, n={n}, order {order}",
             f"def f({', '.join(names)}):"] + [f"    {k} = {e}" for k, e in steps] + \
            [f"    return {', '.join(outs)}"]
    src = "\n".join(lines)
    return src, names, specs


def _random_step(rng, pool: dict, name: str, m: int, n: int):
    """One call: (name, expression) over values of ``pool`` (extended with the result)."""
    mats = [k for k, s in pool.items() if len(s) == 2]
    vecs = [k for k, s in pool.items() if len(s) == 1]
    scal = [k for k, s in pool.items() if len(s) == 0]

    def vec(length):
        c = [k for k in vecs if pool[k] == (length,)]
        return rng.choice(c) if c else None

    kind = rng.choice(["gemv", "gemv", "gemvt", "gemvt", "ger", "outer", "madd", "axpy", "axpby", "scal",
                       "add", "mul", "dot", "nrm2", "sscal", "gemvab"])
    A = rng.choice(mats)
    r, c = pool[A]
    a = round(rng.uniform(-2, 2), 2)
    if kind == "gemv" and vec(c):
        pool[name] = (r,)
        return name, f"{A} @ {vec(c)}"
    if kind == "gemvt" and vec(r):
        pool[name] = (c,)
        return name, rng.choice([f"{A}.T @ {vec(r)}", f"kfuse.blas.gemv({A}, {vec(r)}, trans=True)"])
    if kind == "gemvab" and vec(c) and vec(r):
        pool[name] = (r,)
        return name, f"kfuse.blas.gemv({A}, {vec(c)}, alpha={a}, beta=0.5, y={vec(r)})"
    if kind == "ger" and vec(r) and vec(c):
        pool[name] = (r, c)
        return name, f"kfuse.blas.ger({A}, {vec(r)}, {vec(c)}, {a})"
    if kind == "outer" and vec(r) and vec(c):
        pool[name] = (r, c)
        return name, f"kfuse.outer({vec(r)}, {vec(c)})"
    if kind == "madd":
        same = [k for k in mats if pool[k] == (r, c)]
        pool[name] = (r, c)
        return name, rng.choice([f"{A} + {rng.choice(same)}", f"kfuse.blas.madd({A}, {rng.choice(same)})"])
    if not vecs:
        return None
    x = rng.choice(vecs)
    L = pool[x][0]
    y = vec(L)
    if kind == "axpy":
        pool[name] = (L,)
        return name, f"kfuse.blas.axpy({a}, {x}, {y})"
    if kind == "axpby":
        pool[name] = (L,)
        return name, f"kfuse.blas.axpby({a}, {x}, 0.5, {y})"
    if kind == "scal":
        pool[name] = (L,)
        return name, f"kfuse.blas.scal({a}, {x})"
    if kind == "add":
        pool[name] = (L,)
        return name, f"{x} + {y}"
    if kind == "mul":
        pool[name] = (L,)
        return name, f"{x} * {y}"
    if kind == "dot":
        pool[name] = ()
        return name, f"kfuse.blas.dot({x}, {y})"
    if kind == "nrm2":
        pool[name] = ()
        return name, f"kfuse.blas.nrm2({x})"
    if kind == "sscal" and scal:
        pool[name] = (L,)
        return name, f"{rng.choice(scal)} * {x}"
    return None


def program_of(seed: int):
    """(source text, Program) of program ``seed``."""
    src, names, specs = random_program(seed)
    env = {"kfuse": kfuse}
    exec(src.split("\n", 1)[1], env)   # noqa: S102 - our own generated text
    return src, trace(env["f"], names, specs, f"p{seed}")[0]


def failure_class(exc: BaseException) -> str:
    """A short class of a failure: the first error line, identifiers and numbers masked."""
    text = str(exc)
    m = re.search(r"error: (.*)", text)
    line = m.group(1) if m else text.splitlines()[0] if text else type(exc).__name__
    line = re.sub(r'"[^"]*"', '"ID"', line)
    return f"{type(exc).__name__}: {re.sub(r'[0-9]+', 'N', line)[:120]}"


def probe(seeds, unfused_every: int = 4, verbose: bool = False) -> collections.Counter:
    """Plan, generate and compile every program; returns the failure classes counted."""
    counts, first = collections.Counter(), {}
    for i, seed in enumerate(seeds):
        src = f"# seed {seed}"
        try:
            src, prog = program_of(seed)
        except KfuseError as e:       # a clear error on a program the generator got wrong
            counts["invalid program (clear error): " + type(e).__name__] += 1
            continue
        plans = [("default", lambda: make_plan(prog))]
        if i % unfused_every == 0:
            plans.append(("unfused", lambda: unfused_plan(prog)))
        for label, mk in plans:
            try:
                plan = mk()
                exe = build(prog, plan, "sm_90")
                for k in exe.plan_obj.kernels:   # the plan's shared-memory count bounds what ptxas reports
                    if exe.resources[k.name]["smem"] > shared_bytes(prog, k.calls, k.params):
                        raise AssertionError(f"{k.name}: ptxas reports {exe.resources[k.name]['smem']} B of "
                                             f"shared memory, the plan counted {shared_bytes(prog, k.calls, k.params)}")
                counts["ok"] += 1
            except Exception as e:  # noqa: BLE001 - the probe counts every failure
                cls = failure_class(e)
                counts[cls] += 1
                if cls not in first:
                    first[cls] = (seed, label, src, e)
                    if verbose:
                        traceback.print_exc()
    for cls, (seed, label, src, e) in first.items():
        print(f"\n=== {cls}  (first: seed {seed}, {label} plan)\n{src}\n--- {str(e)[:600]}")
    return counts


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--programs", type=int, default=200)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--verbose", action="store_true")
    a = ap.parse_args(argv)
    t0 = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp, config.override(cache_dir=tmp):
        counts = probe(range(a.seed, a.seed + a.programs), verbose=a.verbose)
    print(f"\n{a.programs} programs in {time.perf_counter() - t0:.0f} s:")
    for cls, k in counts.most_common():
        print(f"  {k:5d}  {cls}")
    return 0 if set(counts) <= {"ok"} or all(c == "ok" or c.startswith("invalid") for c in counts) else 1


if __name__ == "__main__":
    sys.exit(main())
