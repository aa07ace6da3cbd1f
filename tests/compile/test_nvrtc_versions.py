"""NVRTC 12 or 13: the one loaded is the installed CuPy's CUDA major, and it compiles kfuse's code.

CI runs the compile tier twice: with kfuse[cuda13] (NVRTC 13) and with kfuse[cuda12] (NVRTC 12).
"""
import os

from kfuse import examples
from kfuse.frontend import script
from kfuse.platform import install
from kfuse.runtime import nvrtc

from .compile_helpers import ARCH, NVRTC_VERSION, assert_clean_resources, compile_program


def test_nvrtc_is_a_supported_major_from_a_known_place():
    assert NVRTC_VERSION[0] in (12, 13)
    assert os.path.basename(nvrtc.library_path()).startswith("libnvrtc")
    assert 90 in nvrtc.supported_archs()


def test_nvrtc_matches_the_installed_cupy_wheel():
    """With cupy-cuda12x NVRTC 12 is loaded, with cupy-cuda13x NVRTC 13 (where its wheel is installed)."""
    major = install.cuda_major()
    if major is not None and major in nvrtc.wheel_libraries():
        assert NVRTC_VERSION[0] == major, (install.installed_cupy(), nvrtc.library_path())


def test_an_example_compiles_with_this_nvrtc():
    exe = compile_program(script.load(examples.path("bicgk")), {"m": 1000, "n": 3001}, plan="default")
    assert_clean_resources(exe)
    assert exe.arch == ARCH and exe.compiled.cubin[:4] == b"\x7fELF"


def test_integer_conversion_warnings_68_and_69_fail_the_compile():
    """A constant that does not fit its int (an extent of 2^31 in ``const int``) is an error, not
    NVRTC's warning #68 (change of sign) or #69 (truncation) and a kernel that wraps."""
    import pytest
    from kfuse.errors import CompileError
    for body, what in (("const int N = 3000000000; a[0] = N;", "integer conversion resulted in a change of sign"),
                       ("const int N = 30000000000; a[0] = N;", "integer conversion resulted in truncation"),
                       ("short s = 100000; a[0] = s;", "integer conversion resulted in truncation")):
        src = f'extern "C" __global__ void k(int* a) {{ {body} }}'
        with pytest.raises(CompileError) as e:
            nvrtc.compile_cuda(src, ARCH, "wrap.cu")
        assert f"error: {what}" in e.value.log
    assert nvrtc.DIAG_ERRORS in nvrtc.compile_cuda('extern "C" __global__ void k(int* a) { a[0] = 1; }', ARCH).options
