"""The price of written arguments: after its kernels a call copies the final value of each
argument the function writes (``Program.writes``) into the caller's array, one device-to-device
copy of the whole array (:func:`kfuse.runtime.executable.write_back`), unless a kernel of the
plan stores that value in place (:func:`kfuse.fusion.inplace.inplace_writes`).  The plan's
predicted time includes the copies (:func:`kfuse.model.predict.predict_plan`), so the search
compares plans with them and ``explain()`` shows them (:func:`writeback_lines`)."""
from __future__ import annotations

from ..fusion.inplace import inplace_writes
from ..fusion.plan import KernelPlan, Plan
from ..ir import Program
from ..spaces import kernel_space
from .calibration import Calibration

__all__ = ["copied_back", "copy_seconds", "writeback_lines"]


def copied_back(program: Program, kernels: list) -> list:
    """The written arguments (input names, in ``Program.writes`` order) whose final values a call
    of the plan ``kernels`` ([(calls, params)] in launch order) copies back after its kernels."""
    if not program.writes:
        return []
    plan = Plan(program.name, dict(program.sizes),
                [KernelPlan(f"k{i}", list(calls), kernel_space(program, list(calls)), dict(params))
                 for i, (calls, params) in enumerate(kernels)])
    stored = set(inplace_writes(program, plan).values())
    return [u for u in program.writes if u not in stored]


def copy_seconds(program: Program, names: list, cal: Calibration) -> tuple:
    """(GPU seconds, host seconds) of copying the arrays ``names`` device to device: each one's
    bytes read and written at the calibrated streaming bandwidths plus the GPU-side gap of one
    more operation in the stream; on the host, one launch each."""
    nbytes = [program.value(u).type.nbytes() for u in names]
    gpu = sum(n / cal.read_bw + n / cal.write_bw + cal.gpu_launch_s for n in nbytes)
    return gpu, len(names) * cal.host_launch_s


def writeback_lines(program: Program, kernels: list, cal: Calibration) -> list:
    """Lines for the plan's notes (``explain()``): the copies a call makes after its kernels and
    what the predicted time counts for them (none where no argument is copied back)."""
    names = copied_back(program, kernels)
    if not names:
        return []
    gpu, _host = copy_seconds(program, names, cal)
    total = sum(program.value(u).type.nbytes() for u in names)
    shown = ", ".join(program.value(u).display for u in names)
    return [f"written arguments copied back after the kernels: {shown} ({len(names)} device-to-device "
            f"cop{'y' if len(names) == 1 else 'ies'}, {total:,} B read and written): {gpu * 1e6:.1f} us "
            "of the predicted time"]
