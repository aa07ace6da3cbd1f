"""docs/api.md and the launch-parameter tables of docs/plan.md are what docs/make_api.py writes
from today's docstrings and parameter schemas: they cannot drift from the code (run
``python docs/make_api.py`` after changing a public name, its docstring or a space's schema)."""
from __future__ import annotations

import importlib.util
import os

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")


def _make_api():
    spec = importlib.util.spec_from_file_location("make_api", os.path.join(ROOT, "docs", "make_api.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_committed_pages_are_current():
    make_api = _make_api()
    for path, text in make_api.outputs().items():
        with open(path, encoding="utf-8") as f:
            assert f.read() == text, f"{path} is stale: run python docs/make_api.py"


def test_every_space_and_parameter_is_in_the_plan_page():
    make_api = _make_api()
    from kfuse import spaces
    text = make_api.outputs()[make_api.PLAN_PAGE]
    for name in spaces.SPACES:
        assert f"**`{name}`**" in text
        for p in spaces.get(name).params:
            assert f"| `{p.name}` |" in text, (name, p.name)


def test_every_public_module_and_name_has_an_entry():
    make_api = _make_api()
    text = make_api.render()
    for modname in make_api.MODULES:
        assert f"## `{modname}`" in text
    import kfuse
    for name in kfuse.__all__:
        assert f"`kfuse.{name}`" in text, name
