"""When a rank exchanges each halo during a step: before the first launch that reads the array
at offsets across a cut, once the array holds its values (a program input at the start of the
step, an intermediate after the launch that stores it).

A step planned as one kernel exchanges its inputs once, before that kernel; a step of several
kernels also exchanges, between them, the intermediates a later kernel reads at offsets (each
kernel's threads compute only the rank's own points, so what a neighbour computed must come
from the neighbour)."""
from __future__ import annotations

from ..errors import PlanError


def exchange_schedule(launches, inputs, halos: dict) -> tuple:
    """One tuple per launch of ``launches`` (in launch order: objects with ``args`` of ``kind``
    and ``value``), the arrays of ``halos`` (``{array: Halo}``) whose halos are exchanged just
    before it, sorted; ``inputs``: the program's inputs (they hold their values from the start)."""
    inputs = set(inputs)
    ready = set(inputs)
    done: set = set()
    out = []
    for launch in launches:
        reads = {a.value for a in launch.args if a.kind == "in"}
        need = sorted(n for n in reads if n in halos and not halos[n].empty and n not in done)
        early = [n for n in need if n not in ready]
        if early:
            raise PlanError(f"launch {launch.kernel if hasattr(launch, 'kernel') else launch.name} reads "
                            f"{early[0]!r} across a cut before any launch stores it")
        done.update(need)
        out.append(tuple(need))
        ready.update(a.value for a in launch.args if a.kind == "out")
    return tuple(out)
