"""No name in kfuse's source is used without being defined or imported (pyflakes' check): such a
name fails only when its line runs, which for device-only paths is first on a GPU."""
import pathlib

import pytest

pyflakes_api = pytest.importorskip("pyflakes.api", reason="pyflakes is in the test extras")
from pyflakes import reporter as pyflakes_reporter  # noqa: E402

SRC = pathlib.Path(__file__).resolve().parents[2] / "src" / "kfuse"


class _Collect(pyflakes_reporter.Reporter):
    def __init__(self):
        self.messages = []

    def flake(self, message):
        self.messages.append(message)

    def syntaxError(self, filename, msg, lineno, offset, text):
        self.messages.append(f"{filename}:{lineno}: {msg}")

    def unexpectedError(self, filename, msg):
        self.messages.append(f"{filename}: {msg}")


def undefined(source: str, name: str = "<string>") -> list:
    """pyflakes' undefined-name messages for ``source``."""
    rep = _Collect()
    pyflakes_api.check(source, name, rep)
    return [str(m) for m in rep.messages if "undefined name" in str(m) or not hasattr(m, "message")]


def test_the_check_finds_an_undefined_name():
    assert undefined("def f():\n    return DEFAULT_SHARED\n")
    assert not undefined("X = 1\ndef f():\n    return X\n")


def test_no_undefined_names_in_the_source():
    bad = [m for p in sorted(SRC.rglob("*.py")) for m in undefined(p.read_text(), str(p))]
    assert not bad, "\n".join(bad)
