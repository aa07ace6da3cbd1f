"""The ```python blocks of README.md, and a runner that executes one as a user would: alone, in a
fresh Python process, in an empty folder (each block carries its own imports).  Shared by the
unit tier (what runs without a GPU) and the GPU tier (every block, to its end)."""
from __future__ import annotations

import os
import subprocess
import sys

README = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "README.md")
NEEDS_GPU = 3   # the runner's exit status where a block stopped only for want of a GPU

# runs a block with its README line numbers; a stop for want of a GPU (kfuse's NoGPUError, or a
# CUDA runtime error from CuPy with no driver) exits NEEDS_GPU, anything else is a failure
_RUNNER = r"""
import sys
path, first = sys.argv[1], int(sys.argv[2])
code = compile("\n" * (first - 1) + open(path).read(), "README.md", "exec")
try:
    exec(code, {"__name__": "__main__"})
except Exception as e:
    from kfuse.errors import NoGPUError
    if isinstance(e, NoGPUError) or type(e).__module__.startswith(("cupy", "cupy_backends")):
        print(f"needs a GPU: {type(e).__name__}: {e}")
        sys.exit(3)
    raise
"""


def snippets(path: str = README) -> list:
    """[(line of the block's first code line, code)] of every ```python block of the file."""
    out, code, start = [], None, 0
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            if code is None and line.strip() == "```python":
                code, start = [], n + 1
            elif code is not None and line.strip() == "```":
                out.append((start, "".join(code)))
                code = None
            elif code is not None:
                code.append(line)
    return out


def run_snippet(line: int, code: str, folder: str, timeout: float = 600) -> subprocess.CompletedProcess:
    """Run one block in a new Python process in ``folder`` (kfuse from this checkout)."""
    script = os.path.join(folder, f"readme_{line}.py")
    with open(script, "w", encoding="utf-8") as f:
        f.write(code)
    env = {k: v for k, v in os.environ.items() if not k.startswith("KFUSE_")}
    env["KFUSE_CACHE_DIR"] = os.path.join(folder, "kfuse-cache")
    env["PYTHONPATH"] = os.pathsep.join(p for p in sys.path if p)
    return subprocess.run([sys.executable, "-c", _RUNNER, script, str(line)], cwd=folder, env=env,
                          capture_output=True, text=True, timeout=timeout)
