"""g++ builds of the compile tier's CPU runs (generated CUDA C with the host shims of
test_gemm_emit.py, trsm_cpu.py, module_cpu.py, grid_cpu.py) through a precompiled header of the
C++ standard headers every one of them includes: parsing ``<barrier>``, ``<thread>``,
``<vector>``... was about half of a build's CPU time.

A precompiled header serves only builds with the options it was made with, so there is one per
set of options and process (in a temporary folder removed when the test session ends, or at
exit: a pytest-xdist worker may leave without running atexit).  Where g++ cannot make or
use it, it reads the plain header beside it: the build is the same, only slower.
"""
from __future__ import annotations

import atexit
import os
import shutil
import subprocess
import tempfile

#: what the shims include (in any order: each guards itself)
STD_HEADERS = ("algorithm", "atomic", "barrier", "cmath", "cstdint", "cstdio", "cstdlib", "cstring", "thread",
               "vector")

_HEADERS: dict = {}   # options -> the header's path


def std_header(options: tuple) -> str:
    """The path of the standard headers' header, precompiled for ``options`` (made on first use)."""
    if options not in _HEADERS:
        folder = tempfile.mkdtemp(prefix="kf-gxx-")
        atexit.register(shutil.rmtree, folder, True)
        header = os.path.join(folder, "kf_std.h")
        with open(header, "w") as f:
            f.write("".join(f"#include <{h}>\n" for h in STD_HEADERS))
        r = subprocess.run(["g++", *options, "-x", "c++-header", header, "-o", header + ".gch"],
                           capture_output=True, text=True)
        if r.returncode != 0 and os.path.exists(header + ".gch"):
            os.remove(header + ".gch")
        _HEADERS[options] = header
    return _HEADERS[options]


def remove_headers() -> None:
    """Remove every precompiled header's folder this process made."""
    for header in _HEADERS.values():
        shutil.rmtree(os.path.dirname(header), True)
    _HEADERS.clear()


def build(cpp: str, exe: str, options: list, **kw) -> subprocess.CompletedProcess:
    """``g++ <options> <cpp> -o <exe>`` with the standard headers included first, from their
    precompiled header; ``kw`` goes to :func:`subprocess.run` (output captured as text)."""
    header = std_header(tuple(options))
    return subprocess.run(["g++", *options, "-include", header, cpp, "-o", exe], capture_output=True, text=True, **kw)
