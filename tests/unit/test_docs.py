"""The pages of docs/ say what kfuse does today: the plans of docs/plan.md are accepted for the
program they name, every ``kf`` block of docs/script.md parses, the steps of docs/workflow.md
run as written, and every relative link of README.md and docs/ names a file that exists."""
from __future__ import annotations

import json
import os
import re

import pytest

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
DOCS = os.path.join(ROOT, "docs")


def _page(name: str) -> str:
    with open(os.path.join(DOCS, name), encoding="utf-8") as f:
        return f.read()


def _blocks(text: str, lang: str) -> list:
    return re.findall(rf"```{lang}\n(.*?)```", text, re.S)


@pytest.mark.parametrize("index", range(2))
def test_the_plans_on_the_plan_page_are_accepted(index):
    from kfuse.api import load_script
    from kfuse.fusion.plan import Plan, check_plan
    blocks = _blocks(_page("plan.md"), "json")
    assert len(blocks) == 2
    plan = Plan.from_json(blocks[index])
    check_plan(load_script(plan.program).bind(plan.sizes), plan)


def test_the_plan_page_names_every_plan_and_kernel_field():
    from kfuse.fusion.plan import KERNEL_FIELDS, PLAN_FIELDS
    text = _page("plan.md")
    for field in PLAN_FIELDS + KERNEL_FIELDS:
        assert f"| `{field}` |" in text, field


def test_the_script_blocks_parse():
    import kfuse
    blocks = _blocks(_page("script.md"), "kf")
    assert len(blocks) >= 5
    for i, block in enumerate(blocks):
        assert kfuse.parse(block, f"doc{i}").calls, block


def test_the_workflow_steps_run_as_written(tmp_path, capsys):
    from kfuse import cli
    text = _page("workflow.md")
    steps = [ln.split("#")[0].split() for ln in _blocks(text, "bash")[0].splitlines() if ln.startswith("kfuse ")]
    assert len(steps) == 2
    out = str(tmp_path / "st")
    run = lambda argv: cli.main([out if a == "st" else a for a in argv[1:]])  # noqa: E731
    assert run(steps[0]) in (0, None)
    for name in sorted(os.listdir(out)):
        if name[:2].isdigit():
            assert f"`{name}`" in text or f"`{name[:2]}_NAME.cu`" in text or \
                any(f"`{name.rsplit('.', 1)[0]}.{ext}`" in text or f"{name.rsplit('.', 1)[0]}.dot/.json" in text
                    for ext in ("dot", "json")), name
    search = os.path.join(out, "04_search.json")
    with open(search, encoding="utf-8") as f:
        settings = json.load(f)
    settings["strategy"] = "unfused"
    with open(search, "w", encoding="utf-8") as f:
        json.dump(settings, f)
    assert run(steps[1]) in (0, None)
    with open(os.path.join(out, "05_plan.json"), encoding="utf-8") as f:
        assert len(json.load(f)["kernels"]) == 2
    capsys.readouterr()


@pytest.mark.parametrize("page", ["README.md"] + [f"docs/{n}" for n in sorted(os.listdir(DOCS)) if n.endswith(".md")])
def test_relative_links_name_files_that_exist(page):
    path = os.path.join(ROOT, page)
    with open(path, encoding="utf-8") as f:
        text = f.read()
    for target in re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", text):
        if "://" not in target:
            assert os.path.exists(os.path.join(os.path.dirname(path), target)), f"{page}: {target}"
