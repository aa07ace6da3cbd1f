"""Time caps of the fusion search (settings ``search_max_s``, ``search_time_s``,
``search_grid_time_s``): every phase (component seeds and pair merging of the greedy search,
segment DP, local search) asks :meth:`Capped.expired` before each step that costs kernels and
stops there with the best legal partition it holds; the plan's notes say which phase a cap
stopped (:meth:`Capped.cap_notes`, shown by ``explain()``).
"""
from __future__ import annotations

import time

__all__ = ["Capped"]


class Capped:
    """The deadline of a search.  ``clock``: the time caps are checked against
    (``time.perf_counter``; tests may give a fake one); ``deadline``: the ``clock()`` value past
    which phases stop (None: no cap); ``stopped``: (phase, setting, seconds of the cap, seconds
    of search) per phase a cap stopped."""

    def __init__(self):
        self.clock = time.perf_counter
        self.deadline: float | None = None
        self.cap: tuple | None = None     # (setting, seconds) of the cap behind ``deadline``
        self.started: float | None = None  # clock() when the first cap was set
        self.stopped: list = []

    def set_cap(self, setting: str, seconds: float) -> None:
        """Stop the phases ``seconds`` from now, or earlier where a cap set before ends sooner;
        ``setting`` names the setting that gave it (for the plan's notes)."""
        now = self.clock()
        if self.started is None:
            self.started = now
        if self.deadline is None or now + seconds < self.deadline:
            self.deadline, self.cap = now + seconds, (setting, seconds)

    def expired(self, phase: str | None) -> bool:
        """Whether the cap has passed; the first time for ``phase``, records that it stopped
        that phase (None: a step that stops no phase)."""
        if self.deadline is None:
            return False
        now = self.clock()
        if now < self.deadline:
            return False
        if phase is not None and not any(p == phase for p, *_ in self.stopped):
            setting, seconds = self.cap
            self.stopped.append((phase, setting, seconds, now - self.started))
        return True

    def cap_notes(self) -> list:
        """Lines for the plan's notes: each phase a time cap stopped, and the cap."""
        return [f"search: the time cap {setting} = {seconds:g} s stopped the {phase} ({spent:.1f} s into the "
                "search): the plan is the best legal one found by then"
                + ("; a larger cap may find a faster plan" if phase != "local search" else "")
                for phase, setting, seconds, spent in self.stopped]
