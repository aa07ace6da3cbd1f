"""Two-kernel plans with and without walk orders (``walk``: the second pass over a shared
matrix starts where the first ended, so it finds that end in L2), timed side by side.

For each case (as ``dense_variants.py`` names them) the predicted plan, the same plan with its
walks removed, and with walks added where the planner left them out are timed as the
calibration times (device time, rotating inputs, one CUDA graph) and with the same inputs
every call (``hot``), beside the model's predictions.

    PYTHONPATH=src python3 benchmarks/tools/walk_probe.py atax:4096 gemver:4096 gemver:16384 ...
"""
import argparse
import json
import sys

import cupy

sys.path.insert(0, __file__.rsplit("/", 1)[0])
from dense_variants import device_inputs, load_case   # noqa: E402

from kfuse import reference   # noqa: E402
from kfuse.fusion.search import make_plan, reuse_walks   # noqa: E402
from kfuse.model import load_calibration   # noqa: E402
from kfuse.model.planner import best_plan   # noqa: E402
from kfuse.model.predict import predict_plan   # noqa: E402
from kfuse.pipeline.stages import build   # noqa: E402
from kfuse.runtime.timing import device_seconds, rotating_args   # noqa: E402


def variants(program, kernels: list) -> dict:
    """The plan as chosen, without walks, and with every pair that can take them walked."""
    plain = [(c, {k: v for k, v in p.items() if k != "walk"}) for c, p in kernels]
    walked = list(plain)
    for i in range(1, len(walked)):
        pair = reuse_walks(program, walked[i - 1], walked[i])
        if pair:
            walked[i - 1:i + 1] = list(pair)
    out = {"as chosen": kernels, "no walks": plain}
    if walked != kernels and walked != plain:
        out["walked"] = walked
    return out


def time_plans(case: str, program, plans: dict, cal, **extra) -> list:
    """Each named plan (lists of (calls, params)) timed rotating and hot beside its prediction,
    its answers checked against the first plan's; one row per plan, printed as it comes."""
    ins = device_inputs(program)
    rounds = rotating_args(ins)
    ref, rows = None, []
    for name, kernels in plans.items():
        exe = build(program, make_plan(program, kernels))
        got = [cupy.asnumpy(o) for o in exe(*ins)]
        ref = ref or got
        err = max(reference.rel_error(g, r) for g, r in zip(got, ref))
        r = {"case": case, "plan": name, **{k: f(kernels) for k, f in extra.items()},
             "rotating_us": device_seconds(exe, rounds) * 1e6,
             "hot_us": device_seconds(exe, [ins] * len(rounds)) * 1e6,
             "predicted_us": predict_plan(program, kernels, cal)["gpu_s"] * 1e6, "rel_diff": err}
        rows.append(r)
        shown = " ".join(str(r[k]) for k in extra)
        print(f"{case:>14} {name:>12} {shown:>24}: rotating {r['rotating_us']:8.2f} us, hot "
              f"{r['hot_us']:8.2f} us, predicted {r['predicted_us']:8.2f} us; rel. diff {err:.1e}")
        sys.stdout.flush()
    cupy.get_default_memory_pool().free_all_blocks()
    return rows


def probe_main(argv, doc: str, plans_of, **extra) -> int:
    """The command line of a probe: cases, ``--json``; ``plans_of(program, kernels)`` names the
    plans to time for each case's predicted plan."""
    p = argparse.ArgumentParser(description=doc.split("\n\n")[0])
    p.add_argument("cases", nargs="+")
    p.add_argument("--json")
    a = p.parse_args(argv)
    cal = load_calibration()
    rows = []
    for case in a.cases:
        program = load_case(case)
        plan = best_plan(program, cal)
        rows += time_plans(case, program, plans_of(program, [(k.calls, k.params) for k in plan.kernels]),
                           cal, **extra)
    if a.json:
        with open(a.json, "w") as f:
            json.dump(rows, f, indent=1)
    return 0


def main(argv=None) -> int:
    return probe_main(argv, __doc__, variants, walks=lambda ks: [q.get("walk", "-") for _c, q in ks])


if __name__ == "__main__":
    sys.exit(main())
