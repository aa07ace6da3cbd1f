"""Sampled sweeps: a parametrization of many equivalent cases runs, per test run, its corners
plus a seeded random sample of the rest; ``KFTEST_FULL=1`` runs every case (the device
machine, nightly runs).

``pytest --quick`` (``KFTEST_QUICK=1``, set by ``tests/conftest.py``) runs the corners and
one case per stratum only: the quick tier for daily work.

The run's seed is ``KFTEST_SEED`` where it is set, else one drawn by ``tests/conftest.py``
before pytest-xdist starts its workers (they inherit the variable, so every worker collects the
same cases); the test header prints it, and ``KFTEST_SEED=<seed>`` repeats a run's sample.
Every sweep draws with its own stream (the seed and the sweep's name), so two sweeps of the same
size do not pick the same positions.
"""
from __future__ import annotations

import os
import random
import zlib

FULL_VAR, SEED_VAR = "KFTEST_FULL", "KFTEST_SEED"   # not KFUSE_*: kfuse warns of unknown KFUSE_ variables
QUICK_VAR = "KFTEST_QUICK"


def full() -> bool:
    """Whether every case of every sweep runs (``KFTEST_FULL`` set to anything but 0 or empty)."""
    return os.environ.get(FULL_VAR, "").strip() not in ("", "0")


def quick() -> bool:
    """Whether sweeps run their corners only (the quick tier; ``KFTEST_FULL`` wins)."""
    return not full() and os.environ.get(QUICK_VAR, "").strip() not in ("", "0")


def seed() -> int:
    """The run's seed (0 outside pytest where nothing set it)."""
    text = os.environ.get(SEED_VAR, "").strip()
    try:
        return int(text) if text else 0
    except ValueError:
        raise ValueError(f"{SEED_VAR}={text!r}: expected an integer") from None


def sample(name: str, cases, k: int, corners=(), strata=None) -> list:
    """``cases`` whole under ``KFTEST_FULL=1``; else the ``corners`` (predicates or cases: the
    cases that always run), one case of every stratum (``strata(case)`` -> key; each stratum's
    case drawn at random), and random others up to ``k`` cases in all (never fewer than the
    corners and strata need), in the order of ``cases``; under :func:`quick`, the corners and
    strata alone (one drawn case where there are none).  ``name`` names the sweep's stream."""
    cases = list(cases)
    k = 1 if quick() else k
    if full() or len(cases) <= k:
        return cases
    rng = random.Random(seed() * 1_000_003 + zlib.crc32(name.encode()))
    keep = {i for i, c in enumerate(cases) if any(_is_corner(c, x) for x in corners)}
    if strata is not None:
        groups: dict = {}
        for i, c in enumerate(cases):
            groups.setdefault(strata(c), []).append(i)
        for key in sorted(groups, key=repr):
            members = groups[key]
            if not keep.intersection(members):
                keep.add(rng.choice(members))
    rest = [i for i in range(len(cases)) if i not in keep]
    keep.update(rng.sample(rest, max(0, min(len(rest), k - len(keep)))))
    return [cases[i] for i in sorted(keep)]


def _is_corner(case, corner) -> bool:
    """Whether ``case`` is the corner ``corner`` (a case, or a predicate over cases)."""
    return corner(case) if callable(corner) else case == corner
