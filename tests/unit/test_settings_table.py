"""The settings table: every setting, through the environment and through ``override``, accepts
the same values and refuses the same ones with the same message, because both go through one
converter per setting; one default device; one version.

The tests run over :data:`kfuse.config.SPECS`, so a new setting is covered as soon as it is
declared; a setting of a new converter family fails :func:`_samples` until it gets samples here."""
from __future__ import annotations

import dataclasses
import os
import re

import pytest

from kfuse import config
from kfuse.errors import ConfigError

ROOT = os.path.join(os.path.dirname(__file__), "..", "..")


def _samples(conv: config.Converter) -> tuple:
    """(accepted texts, refused texts) of a converter, by its family."""
    low = conv.params[0] if conv.kind in ("int", "number") else 0
    first = conv.params[0] if conv.kind == "choice" else ""
    families = {
        "flag": (["0", "1", "off", "YES", " on "], ["maybe", "2", ""]),
        "int": ([str(low), f" {low + 7} "], [str(low - 1), "abc", "1.5", ""]),
        "number": ([str(low), "2.5", " 7 "], [str(low - 1), "soon", "inf", "nan", ""]),
        "choice": (list(conv.params) + [f" {first} "], ["nope", ""]),
        "arch": (["sm_80", "sm_90a", ""], ["hopper", "90", "SM_90"]),
        "folder": (["/somewhere", "~/kf"], ["", "   "]),
        "block": (["32,8", "16x16", "1024,1"], ["64,64", "0,8", "32", "a,b", ""]),
        "options": (["-lineinfo", "-lineinfo --use_fast_math", ""], ["'unbalanced"]),
    }
    assert conv.kind in families, f"converter family {conv.kind!r} has no samples in this test: add some"
    return families[conv.kind]


def _cases(accepted: bool) -> list:
    return [pytest.param(name, text, id=f"{name}={text!r}")
            for name, spec in config.SPECS.items() for text in _samples(spec.converter)[0 if accepted else 1]]


@pytest.fixture
def clean_env(monkeypatch):
    for k in list(os.environ):
        if k.startswith("KFUSE_"):
            monkeypatch.delenv(k)
    return monkeypatch


def _from_env(monkeypatch, name: str, text: str):
    monkeypatch.setenv("KFUSE_" + name.upper(), text)
    return getattr(config._from_env(), name)


def _from_override(name: str, value):
    with config.override(**{name: value}) as s:
        return getattr(s, name)


@pytest.mark.parametrize("name,text", _cases(accepted=True))
def test_both_paths_accept_the_same_value(clean_env, name, text):
    value = _from_env(clean_env, name, text)
    assert _from_override(name, text) == value
    assert _from_override(name, value) == value            # the Python value is accepted as it is
    default = config.SPECS[name].default
    assert default is None or isinstance(value, type(default))


@pytest.mark.parametrize("name,text", _cases(accepted=False))
def test_both_paths_refuse_the_same_value_with_the_same_message(clean_env, name, text):
    spec = config.SPECS[name]
    why = f"setting {name} expects {spec.converter.allowed}"
    clean_env.setenv(spec.env, text)
    with pytest.raises(ConfigError) as env_err:
        config._from_env()
    with pytest.raises(ConfigError) as override_err:
        _from_override(name, text)
    assert str(env_err.value) == f"environment variable {spec.env}={text!r}: {why}"
    assert str(override_err.value) == f"override({name}={text!r}): {why}"


@pytest.mark.parametrize("name", list(config.SPECS))
def test_the_default_is_a_value_its_converter_keeps(name):
    spec = config.SPECS[name]
    assert spec.converter(spec.default) == spec.default == getattr(config.Settings(), name)
    assert spec.doc and "\n" not in spec.doc


def test_env_and_override_are_one_code_path(clean_env, monkeypatch):
    """Every setting of the table is read from its variable and by override, and both go through
    ``_convert``: a setting added to one path only would fail here."""
    seen = []
    real = config._convert
    monkeypatch.setattr(config, "_convert", lambda name, value, source: seen.append((name, source))
                        or real(name, value, source))
    texts = {name: _samples(spec.converter)[0][0] for name, spec in config.SPECS.items()}
    for name, text in texts.items():
        clean_env.setenv(config.SPECS[name].env, text)
    from_env = config._from_env()
    with config.override(**texts) as from_override:
        assert from_override == from_env
    assert {n for n, src in seen if src.startswith("environment variable ")} == set(config.SPECS)
    assert {n for n, src in seen if src.startswith("override(")} == set(config.SPECS)
    assert [f.name for f in dataclasses.fields(config.Settings)] == list(config.SPECS)


def test_settings_are_frozen_and_checked_when_built():
    with pytest.raises(dataclasses.FrozenInstanceError):
        config.get().precision = "tf32"
    with pytest.raises(ConfigError, match=r"^Settings\(precision='fp16'\): setting precision expects ieee, tf32 or fp32x3$"):
        config.Settings(precision="fp16")


def test_one_default_device():
    """The default device is named once (kfuse.config); its shipped calibration agrees on its SMs."""
    from kfuse.model.calibration import Calibration, _file_for, read_calibration
    assert Calibration().device == config.DEFAULT_DEVICE
    assert config.Settings().sm_count == Calibration().sm_count == config.DEFAULT_SM_COUNT
    shipped = read_calibration(_file_for(config.DEFAULT_DEVICE))
    assert shipped.device == config.DEFAULT_DEVICE and shipped.sm_count == config.DEFAULT_SM_COUNT
    literal = re.compile(re.escape(repr(config.DEFAULT_DEVICE).replace("'", '"')))
    src = os.path.join(ROOT, "src", "kfuse")
    named = [os.path.relpath(os.path.join(d, f), src) for d, _, fs in os.walk(src) for f in fs
             if f.endswith(".py") and literal.search(open(os.path.join(d, f), encoding="utf-8").read())]
    assert named == ["config.py"]


def test_one_version():
    """pyproject.toml reads the version from kfuse/_version.py; it holds no literal of its own."""
    tomllib = pytest.importorskip("tomllib")
    with open(os.path.join(ROOT, "pyproject.toml"), "rb") as f:
        meta = tomllib.load(f)
    assert "version" not in meta["project"] and "version" in meta["project"]["dynamic"]
    assert meta["tool"]["setuptools"]["dynamic"]["version"] == {"attr": "kfuse._version.__version__"}


@pytest.mark.parametrize("name", [n for n, s in config.SPECS.items() if s.converter.kind == "number"])
def test_a_number_too_large_for_a_float_is_refused_with_the_setting_named(name):
    """``override(search_time_s=10**400)``: one ConfigError, not Python's OverflowError."""
    with pytest.raises(ConfigError, match=f"override\\({name}=1000.*setting {name} expects a finite number"):
        config.checked({name: 10 ** 400})
