"""How a plan's reductions finish, timed side by side: for each kernel of the predicted plan
that sums block results, the plan with that kernel finished by the last block of each strip
(``finish=last_block``) and by atomics into its outputs, which the plan's zeroing kernel
clears first (``finish=atomic``), the other kernels as planned.

Timed as the calibration times (device time, rotating inputs, one CUDA graph) and hot, beside
the model's predictions; answers checked against the predicted plan's.

    PYTHONPATH=src python3 benchmarks/tools/finish_probe.py bicgk:16384 atax:4096 sgemv:4096 ...
"""
import sys

sys.path.insert(0, __file__.rsplit("/", 1)[0])
from walk_probe import probe_main   # noqa: E402

from kfuse.fusion.plan import walk_refusal   # noqa: E402

FINISHES = ("last_block", "atomic")


def variants(program, kernels: list) -> dict:
    """The plan as chosen, then each finishing kernel under each finish (its walk dropped where
    the finish refuses it)."""
    out = {"as chosen": kernels}
    for i, (calls, params) in enumerate(kernels):
        if "finish" not in params:
            continue
        for fin in FINISHES:
            p = {**params, "finish": fin}
            if walk_refusal(program, calls, p):
                p.pop("walk")
            if p != params:
                out[f"k{i}:{fin}"] = kernels[:i] + [(calls, p)] + kernels[i + 1:]
    return out


def finishes(kernels: list) -> list:
    return [p.get("finish", "-") for _c, p in kernels]


if __name__ == "__main__":
    sys.exit(probe_main(None, __doc__, variants, finishes=finishes))
