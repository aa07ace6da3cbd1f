"""Exceptions raised by kfuse.

Every error a user can provoke is a :class:`KfuseError`; the CLI prints its
message on one line and exits non-zero.  Errors that point into a script carry
``line`` and ``col`` (1-based) and show them in the message.
"""
from __future__ import annotations


class KfuseError(Exception):
    """Base class of every error kfuse raises on bad input."""


class ScriptError(KfuseError):
    """A script could not be parsed or checked; names the line and column."""

    def __init__(self, message: str, line: int | None = None, col: int | None = None,
                 source: str | None = None):
        self.line, self.col, self.source = line, col, source
        self.bare_message = message
        where = ""
        if line is not None:
            where = f"{source + ':' if source else ''}{line}:{col or 1}: "
        super().__init__(f"{where}{message}")


class ShapeError(KfuseError):
    """Operands whose shapes do not fit the called function."""


class DTypeError(KfuseError):
    """Mismatched or unsupported element types."""


class ArgumentError(KfuseError):
    """A bad argument at call time: host, non-contiguous or aliasing arrays, missing inputs."""


class UnknownFunctionError(KfuseError):
    """A call to a function the library does not have."""


class PlanError(KfuseError):
    """A plan that does not fit its program or breaks a legality rule."""


class CompileError(KfuseError):
    """NVRTC rejected generated or user-supplied CUDA code; carries the log."""

    def __init__(self, message: str, log: str = "", source: str = ""):
        self.log, self.source = log, source
        super().__init__(message + (f"\n{log}" if log else ""))


class NoGPUError(KfuseError):
    """A GPU was needed (to run a kernel) but none is available."""


class ConfigError(KfuseError):
    """A ``KFUSE_*`` environment variable or a :func:`kfuse.config.override` setting that is
    unknown or whose value is refused; names where the value came from, the setting and the
    values it allows."""


class KfuseWarning(UserWarning):
    """Something kfuse repaired or ignored on its own: a corrupt cache entry rebuilt, a tuned
    plan that no longer validates, an unknown ``KFUSE_*`` variable."""
