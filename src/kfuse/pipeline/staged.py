"""The files of one run of the staged workflow written to its folder, and what was written
(:class:`Staged`: what ``kfuse stages`` prints, and what ``kfuse.jit(f).stages(...)`` returns)."""
from __future__ import annotations

import dataclasses
import os

from ..errors import KfuseError
from ..files import write_output
from ..ir import Program
from .stages import artifact_files


@dataclasses.dataclass
class Staged:
    """A run of the staged workflow: ``dir`` (its folder), ``files`` ([(path, what it is)], in
    the order written: the compiler's artifacts, then the numbered ones), ``removed`` (a later
    stage's files an earlier run left, removed as stale), ``stages`` (the compiler's artifacts
    up to ``--until``: :func:`kfuse.api.compile_stages`), ``program`` and ``origin`` (what a
    Python function's folder records: :mod:`kfuse.pipeline.origin`; None for a script)."""

    dir: str
    files: list
    removed: list
    stages: dict
    program: Program
    origin: dict | None = None

    @property
    def plan(self):
        """The plan built (None before the plan stage)."""
        return self.stages.get("plan")

    def __getitem__(self, name: str) -> str:
        """The path of the file called ``name`` (``"05_plan.json"``) this run wrote."""
        for path, _what in self.files:
            if os.path.basename(path) == name or path == name:
                return path
        wrote = ", ".join(os.path.basename(p) for p, _ in self.files)
        raise KeyError(f"{name}: not written by this run (wrote {wrote})")


def write(run, stages: dict, until: str, arch: str | None = None, echo=None) -> Staged:
    """Write the artifacts of ``stages`` and the numbered files of ``run``
    (:class:`kfuse.pipeline.workflow.Run`) into its folder, then remove the stale files of later
    stages; ``echo`` (such as ``print``) is told of each file."""
    program, folder = run.program, run.folder
    written = []
    for fname, data, what in artifact_files(stages, program.name) + run.files(stages, until, arch):
        path = os.path.join(folder, fname)
        make_folder(os.path.dirname(path))   # the folder and its kernels/ subfolder
        write_file(path, data)
        written.append((path, what))
        if echo:
            echo(f"wrote {path} ({what})")
    removed = run.stale(until)
    for path in removed:
        os.remove(path)
        if echo:
            echo(f"removed {path} (a later stage's, made before this run: stale)")
    return Staged(folder, written, removed, stages, program, run.origin)


def write_file(path: str, data: bytes) -> None:
    """Write a file the user asked for whole or not at all (:func:`kfuse.files.write_output`)."""
    try:
        write_output(path, data)
    except OSError as e:
        raise KfuseError(f"cannot write {path}: {e.strerror or e}") from None


def make_folder(folder: str) -> None:
    """The output folder the user named, created if missing."""
    try:
        os.makedirs(folder, exist_ok=True)
    except OSError as e:
        raise KfuseError(f"cannot create the folder {folder}: {e.strerror or e}") from None
