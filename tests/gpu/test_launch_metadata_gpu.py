"""Launch metadata on the device: a hand-written module with 64 KiB of dynamic shared memory
(over the 48 KiB default: the function attribute must be set) and a 128-byte struct passed by
value runs and gives the right numbers, for sm_90 and (on compute capability 9.0) sm_90a; a
request over the device's limit is refused with a clear error."""
import numpy as np
import pytest

from kfuse.errors import CompileError
from kfuse.runtime import launch, launch_spec
from kfuse.pipeline import stages
from tests import launch_module


def _arch():
    import cupy
    return f"sm_{cupy.cuda.Device().compute_capability}"


def _run(target: str):
    import cupy
    k = launch_module.kernel(target)
    compiled, _, _ = stages.compile_kernels("launch_gpu.cu", k.text, [k], _arch())
    steps = launch.load_kernels(compiled.cubin, [k])
    rng = np.random.default_rng(18)
    n = launch_module.BLOCKS * launch_module.CHUNK
    x_host = rng.standard_normal(n).astype(np.float32)
    scales = rng.uniform(0.5, 2.0, 32).astype(np.float32)
    x = cupy.asarray(x_host)
    y = cupy.full(n, np.nan, np.float32)       # poisoned: unwritten elements show
    env = {"x": x, "y": y, "sc": scales}
    launch.pass_by_value(env, launch.byval_args([launch_spec.launch_of(k)]))
    launch.run_steps(steps, env)
    cupy.cuda.runtime.deviceSynchronize()
    got = cupy.asnumpy(y)
    assert np.all(np.isfinite(got)), "unwritten elements"
    want = launch_module.reference(x_host, scales)
    assert np.max(np.abs(got - want) / np.maximum(np.abs(want), 1e-30)) <= 1e-6


def test_dynamic_shared_over_48k_and_struct_by_value_give_the_right_numbers():
    _run("")


def test_sm90a_module_runs_on_compute_capability_9_0():
    if _arch() != "sm_90":
        pytest.skip(f"sm_90a needs a compute capability 9.0 device, this one is {_arch()}")
    _run("sm_90a")


def test_request_over_the_device_limit_is_refused_at_load():
    import cupy
    optin = int(cupy.cuda.Device().attributes["MaxSharedMemoryPerBlockOptin"])
    k = launch_module.kernel("")
    compiled, _, _ = stages.compile_kernels("launch_gpu.cu", k.text, [k], _arch())
    too_big = launch_module.kernel("", shared=optin + 1024)   # same text: only the request differs
    with pytest.raises(CompileError, match=r"kf_smem_byval asks \d+ B of dynamic shared memory.*this device allows"):
        launch.load_kernels(compiled.cubin, [too_big])


def test_wrong_sized_by_value_block_is_refused():
    from kfuse.errors import ArgumentError
    with pytest.raises(ArgumentError, match="'sc' needs 128 bytes, got 64"):
        launch.pass_by_value({"sc": np.zeros(16, np.float32)}, (("sc", 128, 16),))
