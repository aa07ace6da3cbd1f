"""README.md's Python blocks run as written, imports included (issue 30, item 18): each block
alone in a fresh process; here, without a GPU, up to the point where it needs one (the GPU tier,
tests/gpu/test_readme_gpu.py, runs every block to its end)."""
from __future__ import annotations

import pytest

from tests.readme_snippets import NEEDS_GPU, run_snippet, snippets

BLOCKS = snippets()


def test_the_readme_has_python_blocks():
    assert len(BLOCKS) >= 6


@pytest.mark.parametrize("line,code", BLOCKS, ids=[f"README.md:{n}" for n, _ in BLOCKS])
def test_readme_block_runs_until_it_needs_a_gpu(line, code, tmp_path):
    """Before: blocks used names from other blocks (np, bicgk, A, a, b), placeholders
    (scipy_or_cupyx_matrix, matrix.mtx) and a path relative to the repository."""
    out = run_snippet(line, code, str(tmp_path))
    assert out.returncode in (0, NEEDS_GPU), f"README.md block at line {line}:\n{out.stdout}{out.stderr}"


def test_blocks_without_a_gpu_run_to_the_end(tmp_path):
    """lower() and register() need no GPU: those blocks run whole here."""
    whole = [line for line, code in BLOCKS if ".lower(" in code or "kfuse.register(" in code]
    assert len(whole) == 2
    for line, code in BLOCKS:
        if line in whole:
            out = run_snippet(line, code, str(tmp_path))
            assert out.returncode == 0, f"README.md block at line {line}:\n{out.stdout}{out.stderr}"
