"""README.md's Python blocks run as written on a GPU, each alone in a fresh process, to the end
(the unit tier runs them up to the point where they need a GPU)."""
from __future__ import annotations

import pytest

from tests.readme_snippets import run_snippet, snippets

BLOCKS = snippets()


@pytest.mark.parametrize("line,code", BLOCKS, ids=[f"README.md:{n}" for n, _ in BLOCKS])
def test_readme_block_runs(line, code, tmp_path):
    out = run_snippet(line, code, str(tmp_path))
    assert out.returncode == 0, f"README.md block at line {line}:\n{out.stdout}{out.stderr}"
