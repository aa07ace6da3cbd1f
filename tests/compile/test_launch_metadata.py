"""Launch metadata through kfuse's NVRTC path: dynamic shared memory over 48 KiB, a by-value
128-byte struct, sm_90a targets, and clear refusals (no GPU needed)."""
import pytest

from tests.compile.compile_helpers import ARCH  # noqa: F401 - skips the module without NVRTC
from kfuse.errors import CompileError
from kfuse.runtime import cache, launch_spec, targets
from kfuse.pipeline import stages
from tests import launch_module


@pytest.mark.parametrize("target", ["", "sm_90a"])
def test_hand_written_module_compiles_for_sm90_and_sm90a(target):
    k = launch_module.kernel(target)
    compiled, got, _hit = stages.compile_kernels("launch_test.cu", k.text, [k], "sm_90")
    assert got == (target or "sm_90") and compiled.arch == got
    assert compiled.cubin[:4] == cache.CUBIN_MAGIC
    assert f"for '{got}'" in compiled.log, compiled.log      # ptxas compiled the entry for that target
    r = compiled.resources()[k.name]
    assert r["spill_stores"] == 0 and r["stack"] == 0
    spec = launch_spec.launch_of(k)
    assert spec.shared_bytes == 65536 and spec.target == target
    assert [(a.kind, a.nbytes, a.align) for a in spec.args] == [("in", 0, 0), ("out", 0, 0), ("byval", 128, 16)]


def test_sm90a_guard_refuses_plain_sm90():
    """The sm_90a kernel's guard really depends on the target (so the test above proves it)."""
    k = launch_module.kernel("sm_90a")
    with pytest.raises(CompileError):
        stages.compile_kernels("guard.cu", k.text, [launch_module.kernel("")], "sm_90")


def test_target_cache_keys_differ():
    k = launch_module.kernel("")
    assert cache.cache_key(k.text, (), "sm_90") != cache.cache_key(k.text, (), "sm_90a")


def test_sm90a_for_another_device_is_refused():
    k = launch_module.kernel("sm_90a")
    with pytest.raises(CompileError, match="kf_smem_byval needs sm_90a.*compute capability 9.0.*sm_80"):
        stages.compile_kernels("x.cu", k.text, [k], "sm_80")


def test_two_targets_in_one_module_are_refused():
    a, b = launch_module.kernel("sm_90a", name="a"), launch_module.kernel("sm_100a", name="b")
    with pytest.raises(CompileError, match="different targets"):
        targets.compile_target("sm_90", [a, b])


def test_too_much_shared_memory_is_refused_before_any_gpu():
    k = launch_module.kernel("", shared=300 * 1024)
    with pytest.raises(CompileError, match=r"kf_smem_byval asks 307200 B of dynamic shared memory.*at most 232448 B"):
        stages.compile_kernels("big.cu", k.text, [k], "sm_90")


def test_bad_target_name_is_refused():
    with pytest.raises(CompileError, match="not an architecture"):
        targets.arch_number("hopper")
