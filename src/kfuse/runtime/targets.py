"""Which architecture a module is compiled for: the device's, or an arch-specific one.

A kernel may need features of one architecture only (``sm_90a``: wgmma, setmaxnreg, TMA
multicast); its :class:`~kfuse.codegen.common.KernelSource` says so in ``target``.  A module
is compiled for that target when any kernel asks for it and the device is of that very
architecture (``sm_90a`` cubins load on compute capability 9.0 only); otherwise the request is
refused with the reason.  The target is part of the compile cache key (it is the ``-arch``).
"""
from __future__ import annotations

import re

from .. import config
from ..errors import CompileError, ConfigError

_ARCH = re.compile(r"sm_(\d+)([a-z]?)")


def arch_number(arch: str) -> int:
    """90 for ``sm_90`` and ``sm_90a``; CompileError for anything that is not an architecture."""
    m = _ARCH.fullmatch(arch or "")
    if not m:
        raise CompileError(f"{arch!r} is not an architecture such as sm_90 or sm_90a")
    return int(m.group(1))


def base_arch(arch: str) -> str:
    """``sm_90`` for ``sm_90a``: the device architecture a target runs on."""
    return f"sm_{arch_number(arch)}"


def compile_target(arch: str, kernels) -> str:
    """The ``-arch`` for a module of ``kernels`` to run on an ``arch`` device: ``arch`` itself,
    or the one arch-specific target some kernels need (refused, with the kernel and reason, when
    kernels need different ones or the device is of another architecture)."""
    wanted: dict = {}
    for k in kernels:
        if getattr(k, "target", ""):
            wanted.setdefault(k.target, k.name)
    if not wanted:
        return arch
    if len(wanted) > 1:
        raise CompileError("kernels of one module need different targets: " +
                           ", ".join(f"{name} needs {t}" for t, name in wanted.items()))
    (target, name), = wanted.items()
    if arch_number(target) != arch_number(arch):
        raise CompileError(f"kernel {name} needs {target}, which runs only on compute capability "
                           f"{arch_number(target) / 10:.1f} devices; the target device is {arch}")
    return target if target != base_arch(target) else arch


def check_nvrtc(target: str, supported: list) -> None:
    """Refuse a target this NVRTC cannot compile for (``supported``: its architectures): a
    ConfigError naming KFUSE_ARCH where the setting chose it (``KFUSE_ARCH=sm_1`` once reached
    NVRTC as "invalid value for --gpu-architecture"), else a CompileError."""
    if arch_number(target) not in supported:
        archs = ", ".join(f"sm_{a}" for a in supported)
        if config.get().arch and arch_number(config.get().arch) == arch_number(target):
            raise ConfigError(f"setting arch (KFUSE_ARCH) = {config.get().arch!r}: this NVRTC cannot "
                              f"compile for it (it supports {archs})")
        raise CompileError(f"this NVRTC cannot compile for {target} (it supports {archs})")
