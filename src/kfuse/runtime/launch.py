"""Loading a module's launches and launching them: dynamic shared memory, by-value blocks.

:func:`load_steps` turns the launches of a :class:`~kfuse.runtime.launch_spec.LaunchSpec`
into :class:`Step` records (the loaded function, grid, block, dynamic shared bytes and an
argument recipe).  A launch asking more than 48 KiB of dynamic shared memory gets the
function attribute ``CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES`` (CuPy's
``cupy.cuda.driver.funcSetAttribute``, what ``cupy.RawKernel.max_dynamic_shared_size_bytes``
sets); one asking more than the device allows (static + dynamic over
``MaxSharedMemoryPerBlockOptin``) is refused with a :class:`~kfuse.errors.CompileError`.
:func:`check_shared` refuses the same before any GPU is seen, from the ptxas report and the
opt-in limits of the target architecture.

A by-value parameter block (kind ``byval``, e.g. a 128-byte ``CUtensorMap``) is passed as
:class:`ByValue`: the bytes copied into an aligned host buffer and handed to CuPy as a
``cupy.cuda.function.CPointer`` to them, which CuPy puts in ``kernelParams`` as is (CuPy's
own scalars are passed the same way: a pointer to the value); the stub writes them into its
parameter block.
"""
from __future__ import annotations

import functools
from typing import NamedTuple

import numpy as np

from ..errors import ArgumentError, CompileError
from .launch_spec import ZEROED
from .targets import arch_number

#: dynamic shared memory a kernel may take without opting in (bytes)
DEFAULT_SHARED = 48 * 1024
#: shared memory (static + dynamic) one block may opt in to, by compute capability (CUDA
#: programming guide, "Technical specifications"): checked before a GPU is seen; the device's
#: own ``MaxSharedMemoryPerBlockOptin`` is checked at load
OPTIN_SHARED = {70: 98304, 75: 65536, 80: 166912, 86: 101376, 87: 166912, 89: 101376, 90: 232448,
                100: 232448, 120: 101376}


class Step(NamedTuple):
    """One loaded launch: ``fn`` (a ``cupy.cuda.function.Function``), ``grid``, ``block``,
    ``shared_bytes`` and ``recipe`` (per parameter: a str, the env entry it reads, or the
    workspace array itself)."""

    fn: object
    grid: tuple
    block: tuple
    shared_bytes: int
    recipe: list


def check_shared(launches, arch: str, resources: dict) -> None:
    """Refuse (CompileError) a launch whose shared memory per block, static (ptxas's report in
    ``resources``) plus dynamic, is over what an ``arch`` device allows one block."""
    limit = OPTIN_SHARED.get(arch_number(arch))
    for launch in launches:
        if launch.shared_bytes < 0:
            raise CompileError(f"kernel {launch.kernel}: dynamic shared memory must be >= 0 bytes, "
                               f"got {launch.shared_bytes}")
        static = int(resources.get(launch.kernel, {}).get("smem", 0))
        if limit is not None and launch.shared_bytes and static + launch.shared_bytes > limit:
            raise CompileError(_too_much(launch, static, limit, f"an {arch} device"))


def _too_much(launch, static: int, limit: int, where: str) -> str:
    return (f"kernel {launch.kernel} asks {launch.shared_bytes} B of dynamic shared memory per block "
            f"(+ {static} B static): {where} allows at most {limit} B per block")


def load_steps(module, launches, dev: int) -> list:
    """The Steps of ``launches`` from the loaded ``module`` (a ``cupy.cuda.function.Module``) on
    device ``dev``: workspace allocated (zeroed where it must start at zero), the dynamic shared
    memory attribute set where a launch asks more than 48 KiB."""
    import cupy
    optin = None
    steps = []
    # workspace by name (kernels of one planned call may share one: a symmetrize pass and its
    # gemm), at the largest size any launch asks
    size: dict = {}
    for launch in launches:
        for a in launch.args:
            if a.kind not in ("in", "out", "host", "byval", "const"):
                size[a.value] = max(size.get(a.value, 0), a.nbytes)
    work: dict = {}
    for launch in launches:
        fn = module.get_function(launch.kernel)
        if launch.shared_bytes > DEFAULT_SHARED:
            if optin is None:
                optin = int(cupy.cuda.Device(dev).attributes["MaxSharedMemoryPerBlockOptin"])
            allow_shared(fn, launch, optin)
        recipe = []
        for a in launch.args:
            if a.kind in ("in", "out", "host", "byval"):
                recipe.append(a.value)
            elif a.kind == "const":   # a literal of this launch (a sub-block offset)
                recipe.append(np.int64(int(a.value)))
            elif a.kind in ZEROED:   # zero at load; the kernel leaves them zero
                recipe.append(_workspace(work, a.value, lambda: cupy.zeros(size[a.value] // 4, dtype=np.uint32)))
            else:
                recipe.append(_workspace(work, a.value, lambda: cupy.empty(size[a.value], dtype=np.uint8)))
        steps.append(Step(fn, launch.grid, launch.block, launch.shared_bytes, recipe))
    return steps


def _workspace(work: dict, name: str, alloc):
    """The workspace array ``name``: allocated by ``alloc()`` at its first use, then shared."""
    if name not in work:
        work[name] = alloc()
    return work[name]


def allow_shared(fn, launch, optin: int) -> None:
    """Let ``fn`` take ``launch.shared_bytes`` of dynamic shared memory (the function attribute),
    refusing a request over the device's opt-in limit ``optin``."""
    from cupy.cuda import driver
    static = driver.funcGetAttribute(driver.CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES, fn.ptr)
    if static + launch.shared_bytes > optin:
        raise CompileError(_too_much(launch, static, optin, "this device"))
    driver.funcSetAttribute(fn.ptr, driver.CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
                            launch.shared_bytes)


def _cpointer():
    """``cupy.cuda.function.CPointer``: CuPy passes ``ptr`` of such an argument as the address
    of the parameter's value (``cupy/cuda/function.pyx``, ``_pointer``)."""
    from cupy.cuda.function import CPointer
    return CPointer


@functools.lru_cache(maxsize=None)
def _pointer_class():
    """The CPointer subclass that keeps its ByValue alive (made on first use: CuPy is imported
    only then)."""
    class BlockPointer(_cpointer()):
        """A CPointer to a ByValue's bytes, keeping them alive."""

        def __init__(self, block):
            super().__init__(block.address)
            self.block = block
    return BlockPointer


class ByValue:
    """A by-value parameter block: ``nbytes`` bytes at an ``align``-aligned host address
    (``address``).  :func:`by_value` makes the object CuPy takes for it."""

    def __init__(self, data, nbytes: int, align: int, name: str = "parameter"):
        try:
            raw = data.reshape(-1).view(np.uint8) if isinstance(data, np.ndarray) else \
                np.frombuffer(memoryview(data).cast("B"), np.uint8)
        except (TypeError, ValueError):
            raise ArgumentError(f"by-value parameter {name!r} needs {nbytes} bytes (bytes, a buffer or "
                                f"a NumPy array), got {type(data).__name__}") from None
        if raw.size != nbytes:
            raise ArgumentError(f"by-value parameter {name!r} needs {nbytes} bytes, got {raw.size}")
        align = max(1, int(align))
        self.buffer = np.zeros(nbytes + align, np.uint8)
        start = (-self.buffer.ctypes.data) % align
        self.view = self.buffer[start:start + nbytes]
        self.view[:] = raw
        self.address = self.view.ctypes.data


def by_value(data, nbytes: int, align: int, name: str = "parameter"):
    """``data`` (bytes-like, ``nbytes`` long) as the argument CuPy passes by value: a
    ``CPointer`` to an aligned copy, which keeps the copy alive."""
    return _pointer_class()(ByValue(data, nbytes, align, name))


def byval_args(launches) -> tuple:
    """((env name, bytes, alignment), ...) of every by-value parameter block of ``launches``."""
    seen = {}
    for launch in launches:
        for a in launch.args:
            if a.kind == "byval":
                seen[a.value] = (a.value, a.nbytes, a.align)
    return tuple(seen.values())


def pass_by_value(env: dict, blocks: tuple) -> None:
    """Replace each by-value block's bytes in ``env`` by the object CuPy passes by value."""
    for name, nbytes, align in blocks:
        if name not in env:
            raise ArgumentError(f"by-value parameter {name!r} was not given")
        x = env[name]
        if not isinstance(x, _cpointer()):
            env[name] = by_value(x, nbytes, align, name)


def run_steps(steps: list, env: dict) -> None:
    """Launch every step on the current stream, reading arguments from ``env``."""
    for fn, grid, block, shared, recipe in steps:
        fn(grid, block, tuple([env[r] if r.__class__ is str else r for r in recipe]), shared)


def load_kernels(cubin: bytes, kernels) -> list:
    """Load ``cubin`` on the current device and return the Steps of ``kernels`` (KernelSources,
    e.g. written by hand, in launch order); the loaded module stays alive with its functions."""
    import cupy

    from .launch_spec import launch_of
    module = cupy.cuda.function.Module()
    module.load(cubin)
    return load_steps(module, [launch_of(k) for k in kernels], cupy.cuda.runtime.getDevice())

