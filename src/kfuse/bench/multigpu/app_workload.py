"""The application workloads of the multi-GPU suite: one application of the application suite
(``tests/programs/apps``: the authors' NumPy step, its ``init`` and ``run`` loop, its ``FIELDS``)
on a grid split into row slabs along axis 0, run as its unchanged step.  The module is found
from the repository root (the working folder of a run); a rank takes its rows of the
application's start on the global grid.  The check compares the fields the step reads (the
time levels the loop carries) with a float64 NumPy run of the same loop on the rank's rows
widened by the steps (the domain of dependence of a radius-1 stencil)."""
from __future__ import annotations

import importlib
from dataclasses import dataclass

import numpy as np

from ...errors import ArgumentError
from .stencil_workload import ScaledWorkload

APPS_PACKAGE = "tests.programs.apps"


def app_module(name: str):
    """The application module ``name`` of :data:`APPS_PACKAGE` (ArgumentError if it cannot be
    imported: the run is not in the repository root)."""
    try:
        return importlib.import_module(APPS_PACKAGE).load(name)
    except (ImportError, KeyError) as e:
        raise ArgumentError(f"application {name!r}: {APPS_PACKAGE} not importable here ({e}); "
                            "run from the repository root") from None


def array_fields(state: dict) -> list:
    """The names of the arrays of an application's state (its numbers left out)."""
    return [k for k, v in state.items() if hasattr(v, "shape")]


def rows_of(state: dict, rows: tuple) -> dict:
    """``state`` with every array cut to global rows ``[lo, hi)`` (copies), numbers kept."""
    return {k: (np.array(v[rows[0]:rows[1]]) if hasattr(v, "shape") else v) for k, v in state.items()}


@dataclass(frozen=True)
class AppWorkload(ScaledWorkload):
    """``app``: a name of the application suite; ``shape``: its grid (per GPU when weak)."""

    app: str = "heat7"
    relative_check = True

    def module(self):
        return app_module(self.app)

    def fields(self) -> dict:
        return self.module().FIELDS

    def start(self, gpus: int, dtype: str) -> dict:
        """The application's start on the global grid, on the host."""
        return self.module().init(self.global_shape(gpus), dtype)

    def _points(self, gpus: int) -> int:
        box = max(self.boxes(gpus), key=lambda b: b[0][1] - b[0][0])
        return int(np.prod([hi - lo for lo, hi in box]))

    def bytes_per_step(self, gpus: int, dtype: str) -> int:
        """Every field read once and written once per step, on the busiest GPU's rows."""
        f = self.fields()
        return (len(f["read"]) + len(f["written"])) * self._points(gpus) * np.dtype(dtype).itemsize

    def halo_bytes(self, gpus: int, dtype: str) -> int:
        """One row of every field the step reads, to each neighbour."""
        return len(self.fields()["read"]) * super().halo_bytes(gpus, dtype)

    def reference(self, gpus: int, box: tuple, steps: int) -> np.ndarray:
        """The read fields on ``box`` after ``steps`` steps of the author's loop, float64,
        stacked along a new first axis."""
        (lo, hi) = box[0]
        wlo, whi = max(lo - steps, 0), min(hi + steps, self.global_shape(gpus)[0])
        state = rows_of(self.start(gpus, "float64"), (wlo, whi))
        state = self.module().run(state, steps)
        return np.stack([state[k][lo - wlo:hi - wlo] for k in self.fields()["read"]])

    def tolerance(self, dtype: str) -> float:
        return {"float32": 1e-3, "float64": 1e-10}[dtype]   # the application suite's
