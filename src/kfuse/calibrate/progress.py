"""A tiny dependency-free progress bar on stderr.

On a terminal it redraws one line (``\\r``); otherwise (logs, captured output)
it prints a plain line when the label's first word changes, or every
``interval`` seconds, so captured output stays short.
"""
from __future__ import annotations

import sys
import time


def _clock(seconds: float) -> str:
    seconds = int(max(0, seconds))
    return f"{seconds // 60:02d}:{seconds % 60:02d}"


class Progress:
    """``advance()`` after each unit of work; ``note()`` for a message line."""

    def __init__(self, total: int, stream=None, width: int = 28, interval: float = 15.0):
        self.total = max(1, int(total))
        self.done = 0
        self.stream = stream or sys.stderr
        self.width = width
        self.interval = interval
        self.label = ""
        self.t0 = time.monotonic()
        self._last_print = 0.0
        self._last_group = None
        self.tty = bool(getattr(self.stream, "isatty", lambda: False)())

    def render(self) -> str:
        """The bar as text: ``[#####.....]  12/100  12%  01:02  label``."""
        frac = min(1.0, self.done / self.total)
        filled = int(round(frac * self.width))
        bar = "#" * filled + "." * (self.width - filled)
        return (f"[{bar}] {self.done:>4}/{self.total:<4} {frac * 100:3.0f}% "
                f"{_clock(time.monotonic() - self.t0)}  {self.label}")

    def update(self, label: str | None = None) -> None:
        """Show a new label without advancing."""
        if label is not None:
            self.label = label
        self._draw()

    def advance(self, n: int = 1, label: str | None = None) -> None:
        """Count ``n`` units done."""
        self.done = min(self.total, self.done + n)
        self.update(label)

    def note(self, message: str) -> None:
        """Print a message on its own line (above the bar on a terminal)."""
        if self.tty:
            self.stream.write("\r\033[K" + message + "\n")
            self._draw(force=True)
        else:
            self.stream.write(message + "\n")
        self.stream.flush()

    def close(self) -> None:
        """Finish the bar line."""
        if self.tty:
            self.stream.write("\r\033[K" + self.render() + "\n")
        else:
            self.stream.write(self.render() + "\n")
        self.stream.flush()

    def _draw(self, force: bool = False) -> None:
        if self.tty:
            self.stream.write("\r\033[K" + self.render()[:200])
            self.stream.flush()
            return
        group = self.label.split(" ")[0] if self.label else ""
        now = time.monotonic()
        if force or group != self._last_group or now - self._last_print >= self.interval:
            self._last_group, self._last_print = group, now
            self.stream.write(self.render() + "\n")
            self.stream.flush()
