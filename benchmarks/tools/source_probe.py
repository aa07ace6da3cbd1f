"""Where a one-kernel plan's time goes: the kernel as generated beside edited copies of it.

For a case (as ``dense_variants.py`` names them) and launch parameters, the kernel is generated
and timed as the calibration times it (device time, rotating inputs, one CUDA graph), then
recompiled from edited source with the same launch and timed again:

* ``nofinish``: the last-block finishes cut (the partial results stay in the workspace);
* ``noparts``:  also no partial stores (what they store is still computed);
* ``acqrel``:   last-block counters bumped by one acquire-release atomic, no separate fences.

The first two edits compute wrong answers; they bound what the finish and the partial stores
cost.  ``--set k=v`` overrides launch parameters of the predicted plan.

    PYTHONPATH=src python3 benchmarks/tools/source_probe.py bicgk:4096 --set iters=4 ...
"""
import argparse
import dataclasses
import json
import re
import sys

import cupy

sys.path.insert(0, __file__.rsplit("/", 1)[0])
from dense_variants import device_inputs, limit_s, load_case   # noqa: E402

from kfuse import reference   # noqa: E402
from kfuse.fusion.search import make_plan   # noqa: E402
from kfuse.model import load_calibration   # noqa: E402
from kfuse.model.planner import best_plan   # noqa: E402
from kfuse.pipeline.stages import build   # noqa: E402
from kfuse.runtime.cache import compile_cached   # noqa: E402
from kfuse.calibrate.ceilings import measure as measure_ceilings   # noqa: E402
from kfuse.runtime.timing import device_seconds, rotating_args   # noqa: E402


def cut_finish(src: str) -> str:
    """The source with every last-block finish section removed (up to the kernel's end)."""
    i = src.find("    // the last block")
    if i < 0:
        return src
    j = src.rfind("\n}")
    return src[:i] + src[j + 1:]


def cut_parts(src: str) -> str:
    """Also skip every partial store (behind a test no block passes, so what they store is
    still computed)."""
    src = cut_finish(src)
    return re.sub(r"(\n\s*)(kf_part_[A-Za-z0-9_]*\[[^\n]*\] = [^\n]*;)", r"\1if (blockIdx.x > (1u << 30)) \2", src)


ACQ_REL = ('asm volatile("atom.acq_rel.gpu.global.add.u32 %0, [%1], 1;" : "=r"(done{i}) '
           ': "l"(counter{i}) : "memory")')


def acq_rel(src: str) -> str:
    """Last-block counters as one acquire-release atomic each (no separate fences)."""
    one = ("        __threadfence();\n        const unsigned int done = atomicAdd(counter, 1u);",
           "        unsigned int done;\n        " + ACQ_REL.format(i="", **{}).replace("counter{i}", "counter") + ";")
    many = ("        __threadfence();\n        unsigned int done[N];\n        #pragma unroll\n"
            "        for (int i = 0; i < N; ++i) done[i] = atomicAdd(counters[i], 1u);",
            "        unsigned int done[N];\n        #pragma unroll\n        for (int i = 0; i < N; ++i) "
            + ACQ_REL.replace("done{i}", "done[i]").replace("counter{i}", "counters[i]") + ";")
    for old, new in (one, many):
        assert old in src, old
        src = src.replace(old, new)
    src = src.replace("    if (kf_is_last) __threadfence();\n", "").replace("    if (any) __threadfence();\n", "")
    return src


EDITS = {"nofinish": cut_finish, "noparts": cut_parts, "acqrel": acq_rel}


def with_source(exe, source: str):
    """``exe`` recompiled from ``source`` (same kernels, arguments and launch)."""
    compiled, _ = compile_cached(source, exe.arch, name="probe.cu")
    exe.module = dataclasses.replace(exe.module, source=source)
    exe.compiled = compiled
    exe._loaded = None
    exe._stub = None
    return exe


def parse_value(v: str):
    try:
        return int(v)
    except ValueError:
        return v


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("case")
    p.add_argument("--set", action="append", default=[], help="k=v launch parameter override")
    p.add_argument("--edits", nargs="*", default=list(EDITS))
    p.add_argument("--json")
    a = p.parse_args(argv)
    program = load_case(a.case)
    cal = load_calibration()
    plan = best_plan(program, cal)
    kernels = [(k.calls, dict(k.params)) for k in plan.kernels]
    for kv in a.set:
        k, v = kv.split("=", 1)
        if v == "-":
            kernels[0][1].pop(k, None)
        else:
            kernels[0][1][k] = parse_value(v)
    plan = make_plan(program, kernels)
    ins = device_inputs(program)
    rounds = rotating_args(ins)
    exe = build(program, plan)
    outs = exe(*ins)
    lim = limit_s(ins, list(outs), measure_ceilings())
    rows = [{"edit": "as generated", "us": device_seconds(exe, rounds) * 1e6}]
    src = exe.source
    for name in a.edits:
        e = with_source(build(program, plan), EDITS[name](src))
        got = e(*ins)
        err = max(reference.rel_error(cupy.asnumpy(g), cupy.asnumpy(o)) for g, o in zip(got, outs))
        rows.append({"edit": name, "us": device_seconds(e, rounds) * 1e6, "rel_error_vs_generated": err})
    print(f"{a.case} {[q for _c, q in kernels]} limit {lim * 1e6:.2f} us")
    for r in rows:
        print(f"  {r['edit']:>14}: {r['us']:7.2f} us  {lim * 1e6 / r['us']:.2f} of the limit"
              + (f"  (differs from the generated kernel's answer by {r['rel_error_vs_generated']:.1e})"
                 if "rel_error_vs_generated" in r else ""))
    if a.json:
        with open(a.json, "w") as f:
            json.dump({"case": a.case, "params": [q for _c, q in kernels], "limit_us": lim * 1e6,
                       "rows": rows}, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
