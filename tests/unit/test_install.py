"""Installing where users are: examples by name, the cache command, the help, CuPy and NVRTC detection."""
import ctypes
import filecmp
import os
import subprocess
import sys
from pathlib import Path

import pytest

import kfuse
from kfuse import cli, examples
from kfuse.errors import KfuseError, NoGPUError
from kfuse.platform import device, install
from kfuse.runtime import cache_dir, nvrtc

REPO = Path(__file__).resolve().parents[2]


# --- examples by name ------------------------------------------------------------------------

def test_examples_are_the_eleven_sequences_with_a_description():
    assert examples.names() == ["atax", "axpydot", "bicgk", "gemver", "gesummv", "hdiff", "jacobi2d", "madd",
                                "periodic2d", "sgemv", "sgemvt", "sscal", "vadd", "waxpby"]
    for name in examples.names():
        assert examples.describe(name).upper().startswith(name.upper()), name


def test_packaged_examples_match_the_repository_folder():
    top = REPO / "examples"
    if not top.is_dir():
        pytest.skip("not a repository checkout")
    kf = sorted(p.name for p in top.glob("*.kf"))
    assert kf == [n + ".kf" for n in examples.names()]
    _, mismatch, errors = filecmp.cmpfiles(top, Path(examples.path("bicgk")).parent, kf, shallow=False)
    assert not mismatch and not errors


def test_resolve_a_name_a_path_script_text_and_an_unknown_name(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert examples.resolve("bicgk") == examples.path("bicgk")
    assert examples.resolve("bicgk.kf") == examples.path("bicgk")
    assert os.path.isfile(examples.resolve("gemver"))
    (tmp_path / "bicgk").write_text("vector x(n); input x; return x;\n")
    assert examples.resolve("bicgk") == "bicgk"                  # a file here wins over the example
    assert examples.resolve("some/dir/missing.kf") == "some/dir/missing.kf"   # left to the loader
    text = "vector x(n); input x; y = scal(2.0, x); return y;"
    assert examples.resolve(text) == text
    with pytest.raises(KfuseError, match=r"no such script: bicgkk \(and no example of that name.*atax, axpydot, bicgk"):
        examples.resolve("bicgkk")


def test_cli_plans_an_example_by_name_from_any_folder(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    assert cli.main(["plan", "bicgk", "--size", "m=40,n=30"]) == 0
    out = capsys.readouterr().out
    assert "q = gemv(A, p)" in out and "s = gemv_t(A, r)" in out


def test_cli_unknown_example_is_one_line_listing_the_names(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    assert cli.main(["run", "bicg", "--size", "m=4,n=4"]) == 1
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and "no such script: bicg (" in err and "waxpby" in err


def test_cli_examples_lists_every_name_with_its_line(capsys):
    assert cli.main(["examples"]) == 0
    out = capsys.readouterr().out
    for name in examples.names():
        assert f"  {name:<8} {examples.describe(name)}" in out


# --- the cache folder ------------------------------------------------------------------------

def _fill(folder: Path):
    (folder / "ab").mkdir(parents=True)
    (folder / "ab" / "k.cubin").write_bytes(b"\x7fELF" + bytes(96))
    (folder / "ab" / "k.log").write_text("ptxas info")
    (folder / "tuned").mkdir()
    (folder / "tuned" / "t.json").write_text("{}")
    (folder / "calibration").mkdir()
    (folder / "calibration" / "gpu.json").write_text("{}")


def test_cache_prints_its_path_and_sizes(tmp_path, capsys):
    _fill(tmp_path / "c")
    with kfuse.config.override(cache_dir=str(tmp_path / "c")):
        assert cli.main(["cache"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0] == str(tmp_path / "c")
    assert "compiled kernels: 2 file(s), 110 B" in out and "tuned plans: 1 file(s), 2 B" in out
    assert "calibration: 1 file(s)" in out


def test_cache_clear_removes_kernels_and_tuned_plans_only(tmp_path, capsys):
    folder = tmp_path / "c"
    _fill(folder)
    with kfuse.config.override(cache_dir=str(folder)):
        assert cli.main(["cache", "--clear"]) == 0
        assert "removed 3 file(s)" in capsys.readouterr().out
        assert sorted(os.listdir(folder)) == ["calibration"]
        assert cache_dir.summary()["kernels"] == (0, 0)


def test_cache_of_a_folder_not_made_yet(tmp_path, capsys):
    with kfuse.config.override(cache_dir=str(tmp_path / "none")):
        assert cli.main(["cache"]) == 0
        assert cli.main(["cache", "--clear"]) == 0
    assert "does not exist yet" in capsys.readouterr().out


def test_cache_default_is_under_xdg_cache_home(monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert kfuse.config.Settings().cache_dir == str(tmp_path / "kfuse")


# --- the help lists every subcommand ---------------------------------------------------------

def test_help_lists_every_subcommand(capsys):
    with pytest.raises(SystemExit) as e:
        cli.main(["--help"])
    assert e.value.code == 0
    out = capsys.readouterr().out
    for cmd in ("graph", "plan", "compile", "run", "explain", "tune", "library", "examples", "cache",
                "calibrate", "bench"):
        assert f"\n    {cmd} " in out, cmd


# --- CuPy: one of cupy-cuda12x / cupy-cuda13x -----------------------------------------------

def test_cupy_problem_names_the_extras_and_drivers():
    none = install.cupy_problem({})
    assert "kfuse[cuda13]" in none and "kfuse[cuda12]" in none and "580" in none and "525" in none
    both = install.cupy_problem({"cupy-cuda12x": "14.2.0", "cupy-cuda13x": "14.2.0"})
    assert "cupy-cuda12x 14.2.0" in both and "cupy-cuda13x" in both and "pip uninstall" in both
    assert install.cupy_problem({"cupy-cuda12x": "14.2.0"}) == ""
    assert install.cuda_major({"cupy-cuda12x": "14.2.0"}) == 12
    assert install.cuda_major({"cupy-cuda13x": "14.2.0"}) == 13
    assert install.cuda_major({"cupy-cuda12x": "1", "cupy-cuda13x": "1"}) is None
    assert install.cuda_major({"cupy": "14.0.0"}) is None


@pytest.mark.parametrize("found", [{}, {"cupy-cuda12x": "14.2.0", "cupy-cuda13x": "14.2.0"}])
def test_no_or_two_cupys_mean_no_gpu_with_the_reason(monkeypatch, found):
    monkeypatch.setattr(install, "installed_cupy", lambda: dict(found))
    monkeypatch.setattr(install, "_importable", lambda m: False)
    device.probe.cache_clear()
    try:
        assert not device.has_gpu()
        reason = device.no_gpu_reason()
        assert "kfuse[cuda13]" in reason
        with pytest.raises(NoGPUError, match="kfuse.cuda12."):
            install.import_cupy()
    finally:
        device.probe.cache_clear()


def test_a_cupy_without_metadata_is_let_try(monkeypatch):
    monkeypatch.setattr(install, "installed_cupy", lambda: {})
    monkeypatch.setattr(install, "_importable", lambda m: True)
    assert install.cupy_problem() == ""


def test_installed_cupy_reads_metadata_names():
    found = install.installed_cupy()
    assert all(n == "cupy" or n.startswith(("cupy-cuda", "cupy-rocm")) for n in found)


def test_import_kfuse_imports_no_cupy_and_no_nvrtc():
    code = ("import sys, kfuse, kfuse.cli; "
            "assert 'cupy' not in sys.modules, 'cupy'; "
            "assert 'kfuse.runtime.nvrtc' not in sys.modules or "
            "not sys.modules['kfuse.runtime.nvrtc']._loaded.cache_info().currsize")
    env = dict(os.environ, PYTHONPATH=str(REPO / "src"))
    subprocess.run([sys.executable, "-c", code], check=True, env=env, timeout=120)


# --- NVRTC 12 or 13 --------------------------------------------------------------------------

def _fake_wheels(base: Path, majors):
    for m in majors:
        folder, lib, _ = nvrtc.WHEELS[m]
        (base / folder).mkdir(parents=True)
        (base / folder / lib).write_bytes(b"")
    return str(base)


def test_wheel_libraries_finds_both_majors_first_path_wins(tmp_path):
    a = _fake_wheels(tmp_path / "a", [12])
    b = _fake_wheels(tmp_path / "b", [12, 13])
    found = nvrtc.wheel_libraries([str(tmp_path / "empty"), a, b])
    assert found[12].startswith(a) and found[13].startswith(b)


def test_candidates_put_the_cupy_major_first_else_the_newest():
    found = {12: "/x/libnvrtc.so.12", 13: "/y/libnvrtc.so.13"}
    assert nvrtc.candidates(12, found) == ["/x/libnvrtc.so.12", "/y/libnvrtc.so.13"]
    assert nvrtc.candidates(13, found) == ["/y/libnvrtc.so.13", "/x/libnvrtc.so.12"]
    assert nvrtc.candidates(None, found) == ["/y/libnvrtc.so.13", "/x/libnvrtc.so.12"]
    assert nvrtc.candidates(12, {13: "/y/libnvrtc.so.13"}) == ["/y/libnvrtc.so.13"]


class _FakeNvrtc:
    def __init__(self, major, minor):
        self.v = (major, minor)

    def nvrtcVersion(self, major, minor):
        major._obj.value, minor._obj.value = self.v
        return 0


def test_an_nvrtc_of_another_major_than_cupy_warns():
    with pytest.warns(RuntimeWarning, match=r"NVRTC 13\.5 .* CUDA 12.*nvidia-cuda-nvrtc-cu12"):
        nvrtc._checked(_FakeNvrtc(13, 5), "/y/libnvrtc.so.13", 12)


def test_a_matching_nvrtc_does_not_warn(recwarn):
    nvrtc._checked(_FakeNvrtc(12, 9), "/x/libnvrtc.so.12", 12)
    nvrtc._checked(_FakeNvrtc(13, 0), "/y/libnvrtc.so.13", None)
    assert not [w for w in recwarn if issubclass(w.category, RuntimeWarning)]


def test_no_nvrtc_anywhere_names_the_extras(monkeypatch):
    def no_lib(*a, **k):
        raise OSError("cannot open shared object file")

    import cuda.pathfinder as pf
    monkeypatch.setattr(nvrtc, "wheel_libraries", lambda paths=None: {})
    monkeypatch.setattr(pf, "load_nvidia_dynamic_lib", no_lib, raising=False)
    monkeypatch.setattr(ctypes, "CDLL", no_lib)
    with pytest.raises(KfuseError, match=r"NVRTC not found: pip install 'kfuse\[cuda13\]'.*580.*cuda12.*525\)\ntried: "):
        nvrtc._loaded.__wrapped__()


# --- packaging -------------------------------------------------------------------------------

def test_pyproject_ships_py_typed_examples_and_license():
    tomllib = pytest.importorskip("tomllib")
    meta = tomllib.loads((REPO / "pyproject.toml").read_text())
    assert meta["project"]["license"] == "MIT" and meta["project"]["license-files"] == ["LICENSE"]
    assert "MIT License" in (REPO / "LICENSE").read_text()
    data = meta["tool"]["setuptools"]["package-data"]["kfuse"]
    assert "py.typed" in data and "examples/*.kf" in data
    assert (REPO / "src" / "kfuse" / "py.typed").is_file()
    extras = meta["project"]["optional-dependencies"]
    assert any(d.startswith("cupy-cuda12x") for d in extras["cuda12"])
    assert any(d.startswith("nvidia-cuda-nvrtc-cu12") for d in extras["cuda12"])
    assert any(d.startswith("cupy-cuda13x") for d in extras["cuda13"])
    assert any(d.startswith("nvidia-cuda-nvrtc>=13") for d in extras["cuda13"])
    assert not any("cupy" in d or "nvrtc" in d for d in meta["project"]["dependencies"])
