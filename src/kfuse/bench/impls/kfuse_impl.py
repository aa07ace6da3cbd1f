"""kfuse itself: ``kfuse.compile_script`` on the sequence's ``.kf`` script.

``kfuse`` runs the plan kfuse chooses by default; ``kfuse-tuned`` asks for the
tuned plan (``compile_script(..., tune=True)``) and is skipped with a note while
kfuse does not offer it.  Compile time is reported separately from the calls.
"""
from __future__ import annotations

from pathlib import Path

from . import Impl, ImplUnavailable, first_line


def script_path(stem: str) -> Path:
    """The packaged ``kfuse/examples/<stem>.kf``, else ``<repo>/examples/<stem>.kf``."""
    here = Path(__file__).resolve()
    candidates = []
    try:
        from importlib import resources

        candidates.append(Path(str(resources.files("kfuse") / "examples" / f"{stem}.kf")))
    except Exception:
        pass
    candidates.append(here.parents[2] / "examples" / f"{stem}.kf")   # src/kfuse/examples
    candidates.append(here.parents[4] / "examples" / f"{stem}.kf")   # <repo>/examples
    for path in candidates:
        if path.is_file():
            return path
    raise FileNotFoundError(f"no script {stem}.kf (looked in: {', '.join(map(str, candidates))})")


class KfuseImpl(Impl):
    """The plan kfuse chooses by default."""

    name = "kfuse"
    requires = ("kfuse", "cupy")
    compile_kwargs: dict = {}

    def unavailable(self) -> str | None:
        reason = super().unavailable()
        if reason:
            return reason
        import kfuse

        if not hasattr(kfuse, "compile_script"):
            return "kfuse.compile_script does not exist yet"
        return None

    def setup(self, dtype: str) -> None:
        super().setup(dtype)
        import kfuse

        self.kfuse = kfuse

    def build(self, seq, sizes: dict, dtype: str):
        """Compile the script for these sizes (the worker records the time as compile time)."""
        path = script_path(seq.script)
        try:
            exe = self.kfuse.compile_script(str(path), sizes=dict(sizes), dtype=dtype,
                                            **self.compile_kwargs)
        except TypeError as exc:
            if self.compile_kwargs:
                raise ImplUnavailable(
                    f"compile_script rejects {self.compile_kwargs} ({first_line(exc)})") from exc
            raise
        return exe

    def info(self, built) -> dict:
        """Kernel count, the plan, and kfuse's own compile time / cache hit."""
        out = {}
        for attr in ("n_kernels", "plan", "compile_seconds", "cache_hit", "arch"):
            try:
                out[attr] = getattr(built, attr)
            except Exception as exc:
                out[attr] = f"unavailable ({first_line(exc)})"
        return out


class KfuseTunedImpl(KfuseImpl):
    """The tuned plan (when kfuse offers one: ``compile_script(..., tune=True)``)."""

    name = "kfuse-tuned"
    compile_kwargs = {"tune": True}

    def unavailable(self) -> str | None:
        reason = super().unavailable()
        if reason:
            return reason
        import inspect

        import kfuse

        try:
            params = inspect.signature(kfuse.compile_script).parameters
        except (TypeError, ValueError):
            return None
        accepts_kwargs = any(p.kind is p.VAR_KEYWORD for p in params.values())
        if not accepts_kwargs and not all(k in params for k in self.compile_kwargs):
            return f"kfuse.compile_script has no {', '.join(self.compile_kwargs)} option yet"
        return None
