"""No silent corruption (issue 17), the parts the unit tier sees: configuration from the
environment, complete checks of an edited plan JSON, tuned-plan entries that do not validate,
the device probe's three cases (monkeypatched: this tier has no GPU), arguments checked before
the device is touched, and script files that are not UTF-8."""
from __future__ import annotations

import copy
import json
import os
import subprocess
import sys
import warnings

import numpy as np
import pytest

import kfuse
from kfuse import config
from kfuse.api import load_plan, make_plan
from kfuse.cli import main
from kfuse.errors import (ArgumentError, ConfigError, DTypeError, KfuseWarning, NoGPUError, PlanError,
                          ScriptError, ShapeError)
from kfuse.fusion import Plan, unfused_plan
from kfuse.platform import device

from .unit_helpers import bound, example


def one_error_line(err: str) -> str:
    assert err.startswith("kfuse: error: "), err
    assert err.endswith("\n") and err.count("\n") == 1, f"not one line: {err!r}"
    return err[len("kfuse: error: "):-1]


# --------------------------------------------------------------------- configuration
@pytest.fixture
def fresh_settings(monkeypatch):
    """Settings re-read from the environment on the next config.get() (restored afterwards)."""
    for k in list(os.environ):
        if k.startswith("KFUSE_"):
            monkeypatch.delenv(k)
    monkeypatch.setattr(config, "settings", None)
    return monkeypatch


@pytest.mark.parametrize("var,value,msg", [
    ("KFUSE_SM_COUNT", "abc", "KFUSE_SM_COUNT='abc': setting sm_count expects an integer >= 1"),
    ("KFUSE_SM_COUNT", "0", "KFUSE_SM_COUNT='0': setting sm_count expects an integer >= 1"),
    ("KFUSE_REUSE_OUTPUTS", "-1", "KFUSE_REUSE_OUTPUTS='-1': setting reuse_outputs expects an integer >= 0"),
    ("KFUSE_FUSE", "maybe", "KFUSE_FUSE='maybe': setting fuse expects one of 0/1, false/true, no/yes, off/on"),
    ("KFUSE_ARCH", "hopper", "KFUSE_ARCH='hopper': setting arch expects an architecture such as sm_90"),
    ("KFUSE_DEFAULT_DTYPE", "float16", "KFUSE_DEFAULT_DTYPE='float16': setting default_dtype expects float32"),
])
def test_bad_environment_value_is_one_error_naming_the_variable(fresh_settings, var, value, msg):
    fresh_settings.setenv(var, value)
    with pytest.raises(ConfigError, match=msg.replace("(", r"\(")):
        config.get()
    with pytest.raises(ConfigError):   # every use says it again, until it is fixed
        config.get()


def test_bad_environment_value_is_one_line_in_the_cli(fresh_settings, capsys):
    fresh_settings.setenv("KFUSE_SM_COUNT", "abc")
    rc = main(["plan", example("bicgk"), "--size", "m=4,n=5"])
    err = capsys.readouterr().err
    assert rc == 1
    assert one_error_line(err) == ("environment variable KFUSE_SM_COUNT='abc': "
                                   "setting sm_count expects an integer >= 1")


def test_bad_environment_value_never_breaks_import_or_version():
    """Before the fix the value was parsed on import: `import kfuse` and `kfuse --version`
    died with a ValueError traceback."""
    env = dict(os.environ, KFUSE_SM_COUNT="abc", PYTHONPATH=os.pathsep.join(p for p in sys.path if p))
    out = subprocess.run([sys.executable, "-m", "kfuse", "--version"], capture_output=True, text=True, env=env)
    assert out.returncode == 0 and out.stdout.strip() == f"kfuse {kfuse.__version__}", out.stderr
    out = subprocess.run([sys.executable, "-m", "kfuse", "library"], capture_output=True, text=True, env=env)
    assert out.returncode == 1
    assert out.stderr == ("kfuse: error: environment variable KFUSE_SM_COUNT='abc': "
                          "setting sm_count expects an integer >= 1\n")


@pytest.mark.parametrize("value,want", [
    ("0", False), ("1", True), ("false", False), ("true", True), ("no", False), ("yes", True),
    ("off", False), ("on", True), ("FALSE", False), ("True", True), ("No", False), ("YES", True),
    ("Off", False), ("ON", True), (" on ", True)])
def test_boolean_spellings(fresh_settings, value, want):
    for name in ("fuse", "use_disk_cache", "check_inputs", "auto_graph", "deterministic"):
        fresh_settings.setenv("KFUSE_" + name.upper(), value)
    s = config._from_env()
    assert [s.fuse, s.use_disk_cache, s.check_inputs, s.auto_graph, s.deterministic] == [want] * 5


def test_off_was_read_as_true_before(fresh_settings):
    """Regression: "off" (and "OFF", "False") used to mean True."""
    fresh_settings.setenv("KFUSE_FUSE", "OFF")
    fresh_settings.setenv("KFUSE_USE_DISK_CACHE", "False")
    s = config.get()
    assert s.fuse is False and s.use_disk_cache is False


def test_unknown_kfuse_variable_warns(fresh_settings):
    fresh_settings.setenv("KFUSE_SMCOUNT", "128")
    with pytest.warns(KfuseWarning, match="unknown environment variable KFUSE_SMCOUNT ignored "
                                          r"\(did you mean KFUSE_SM_COUNT\?\)"):
        s = config.get()
    assert s.sm_count == config.Settings().sm_count


def test_unknown_kfuse_variable_is_one_warning_line_in_the_cli(fresh_settings, capsys):
    fresh_settings.setenv("KFUSE_NOT_A_SETTING", "1")
    with warnings.catch_warnings():
        warnings.simplefilter("always")
        warnings.showwarning = lambda m, c, f, ln, file=None, line=None: \
            sys.stderr.write(warnings.formatwarning(m, c, f, ln, line))
        rc = main(["library"])
    err = capsys.readouterr().err
    assert rc == 0 and err == "kfuse: warning: unknown environment variable KFUSE_NOT_A_SETTING ignored\n"


def test_known_variables_do_not_warn(fresh_settings):
    fresh_settings.setenv("KFUSE_SM_COUNT", "128")
    fresh_settings.setenv("KFUSE_ARCH", "sm_80")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        s = config.get()
    assert (s.sm_count, s.arch) == (128, "sm_80")


# --------------------------------------------------------------------- plan JSON
BICGK = bound("bicgk", m=8, n=16)
BICGK_JSON = unfused_plan(BICGK).to_json(BICGK)


def edited(change) -> dict:
    d = copy.deepcopy(BICGK_JSON)
    r = change(d)
    return r if isinstance(r, list) and r and r[0] is d else d   # the top-level list case


PLAN_EDITS = [
    ("top-level list", lambda d: [d], "a plan is a JSON object with 'kfuse_plan' and 'kernels', got a list"),
    ("params missing", lambda d: d["kernels"][0].pop("params"), "kernel k0_q_gemv: field 'params' is missing"),
    ("params empty", lambda d: d["kernels"][1].update(params={}),
     "kernel k1_s_gemv_t: field 'params' is empty (a tile kernel needs bx, by, iters)"),
    ("params lacking one", lambda d: d["kernels"][0]["params"].pop("bx"),
     "kernel k0_q_gemv: field 'params' lacks 'bx'"),
    ("params not an object", lambda d: d["kernels"][0].update(params=[32, 8]),
     "kernel k0_q_gemv: field 'params' must be an object"),
    ("sizes not an object", lambda d: d.update(sizes=[8, 16]), "plan: field 'sizes' must be an object"),
    ("sizes a string", lambda d: d["sizes"].update(m="8"), "plan: field 'sizes': 'm' must be an integer >= 0"),
    ("sizes other value", lambda d: d["sizes"].update(n=17), "plan: field 'sizes': the plan is for n=17, the "
                                                              "program has n=16"),
    ("sizes unknown name", lambda d: d["sizes"].update(k=3), "plan: field 'sizes' names 'k', which bicgk does "
                                                             "not have"),
    ("name with a space", lambda d: d["kernels"][0].update(name="k0 gemv"),
     "kernel k0 gemv: field 'name' must be a C identifier"),
    ("name with a digit first", lambda d: d["kernels"][0].update(name="0k"),
     "kernel 0k: field 'name' must be a C identifier"),
    ("name a keyword", lambda d: d["kernels"][0].update(name="float"),
     "kernel float: field 'name' must be a C identifier"),
    ("name reserved", lambda d: d["kernels"][0].update(name="kf_zero_outputs"),
     "kernel kf_zero_outputs: field 'name': the prefix kf_ is kfuse's own"),
    ("name not a string", lambda d: d["kernels"][0].update(name=7), "kernel #0: field 'name' must be a C identifier"),
    ("duplicate names", lambda d: d["kernels"][1].update(name="k0_q_gemv"),
     "kernel k0_q_gemv: field 'name' is used by two kernels"),
    ("changed fingerprint", lambda d: d.update(fingerprint="0123456789abcdef"),
     "plan: field 'fingerprint' is '0123456789abcdef', but bicgk now has"),
    ("string call ids", lambda d: d["kernels"][0].update(calls=["0"]),
     "kernel k0_q_gemv: field 'calls' holds '0'; call ids are integers"),
    ("float call ids", lambda d: d["kernels"][0].update(calls=[0.0]), "kernel k0_q_gemv: field 'calls' holds 0.0"),
    ("calls not a list", lambda d: d["kernels"][0].update(calls=0), "kernel k0_q_gemv: field 'calls' must be a list"),
    ("unknown space", lambda d: d["kernels"][0].update(space="voxel"),
     "kernel k0_q_gemv: field 'space' must be one of vec, tile, rows, scalar, grid"),
    ("kernel not an object", lambda d: d["kernels"].__setitem__(0, "k0"), "kernel #0: must be an object"),
    ("unknown kernel field", lambda d: d["kernels"][0].update(parms={}), "kernel k0_q_gemv: unknown field 'parms'"),
    ("unknown plan field", lambda d: d.update(kernals=[]), "plan: unknown field 'kernals'"),
    ("kernels missing", lambda d: d.pop("kernels"), "plan: field 'kernels' is missing"),
    ("kernels an object", lambda d: d.update(kernels={}), "plan: field 'kernels' must be a list"),
    ("fingerprint not a string", lambda d: d.update(fingerprint=5), "plan: field 'fingerprint' must be a string"),
    ("predicted not a number", lambda d: d.update(predicted_us="1"), "plan: field 'predicted_us' must be a number"),
]


@pytest.mark.parametrize("case,change,msg", PLAN_EDITS, ids=[c[0] for c in PLAN_EDITS])
def test_edited_plan_is_refused_with_one_line_naming_kernel_and_field(case, change, msg):
    with pytest.raises(PlanError) as info:
        make_plan(BICGK, json.dumps(edited(change)))
    assert msg in str(info.value) and "\n" not in str(info.value)


@pytest.mark.parametrize("case,change,msg", PLAN_EDITS[:6], ids=[c[0] for c in PLAN_EDITS[:6]])
def test_edited_plan_file_is_one_line_in_the_cli(tmp_path, capsys, case, change, msg):
    path = tmp_path / "plan.json"
    path.write_text(json.dumps(edited(change)))
    rc = main(["compile", example("bicgk"), "--size", "m=8,n=16", "--plan", str(path), "-o", str(tmp_path / "x.cu")])
    assert rc == 1 and msg in one_error_line(capsys.readouterr().err)
    assert not (tmp_path / "x.cu").exists()


def test_unedited_plan_round_trips():
    assert make_plan(BICGK, json.dumps(BICGK_JSON)) == unfused_plan(BICGK)
    no_fp = edited(lambda d: d.pop("fingerprint"))   # a hand-written plan may leave it out
    assert make_plan(BICGK, no_fp).kernels == unfused_plan(BICGK).kernels


def test_missing_plan_file_says_it_is_missing(tmp_path, capsys):
    missing = str(tmp_path / "nope.json")
    with pytest.raises(PlanError, match=f"plan file '{missing}' is missing"):
        load_plan(missing)
    rc = main(["plan", example("bicgk"), "--size", "m=8,n=16", "--plan", missing])
    assert rc == 1 and one_error_line(capsys.readouterr().err) == f"plan file '{missing}' is missing (no such file)"


def test_plan_file_not_utf8_or_with_bom(tmp_path):
    path = tmp_path / "plan.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(BICGK_JSON).encode())
    assert load_plan(str(path)) == unfused_plan(BICGK)
    path.write_bytes(b'{"kfuse_plan": 1, "program": "b\xe9"}')
    with pytest.raises(PlanError, match="plan.json: byte 0xe9 at line 1 column 32 is not UTF-8"):
        load_plan(str(path))


# --------------------------------------------------------------------- tuned-plan entries
@pytest.mark.parametrize("content", [
    b"", b"{not json", b"\xff\xfe", b"[]", b'{"report": {}}', b'{"plan": [1, 2]}',
    b'{"plan": {"kfuse_plan": 1, "kernels": [{"name": "k0", "calls": ["0"], "space": "tile", "params": {}}]}}',
    json.dumps({"plan": edited(lambda d: d["sizes"].update(m=9))}).encode(),
    json.dumps({"plan": edited(lambda d: d["kernels"].pop())}).encode(),
], ids=["empty", "not json", "not utf8", "list", "no plan", "plan a list", "string calls", "other sizes",
        "a call missing"])
def test_tuned_plan_that_does_not_validate_is_ignored_with_a_warning(tmp_path, content):
    from kfuse.pipeline import tune
    with config.override(cache_dir=str(tmp_path)):
        path = tune._path(tune.tune_key(BICGK, "NVIDIA H200"))
        os.makedirs(os.path.dirname(path))
        with open(path, "wb") as f:
            f.write(content)
        with pytest.warns(KfuseWarning, match="tuned plan .* ignored"):
            assert tune.cached_plan(BICGK, "NVIDIA H200") is None
        with pytest.warns(KfuseWarning):
            plan = make_plan(BICGK)   # plans afresh
        assert plan.kernels


def test_valid_tuned_plan_is_used_silently(tmp_path):
    from kfuse.pipeline import tune
    with config.override(cache_dir=str(tmp_path)):
        path = tune._path(tune.tune_key(BICGK, "NVIDIA H200"))
        os.makedirs(os.path.dirname(path))
        with open(path, "w") as f:
            json.dump({"plan": BICGK_JSON, "report": {}}, f)
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            assert make_plan(BICGK) == unfused_plan(BICGK)


# --------------------------------------------------------------------- the device probe
@pytest.fixture
def probe_as(monkeypatch):
    """Make the device probe see ``count``/``error`` from CuPy, ``driver`` from libcuda and
    CuPy built for CUDA ``major``."""
    def set_(count=None, error=None, driver=None, major=13):
        monkeypatch.setattr(device, "_cupy_count", lambda: (count, error))
        monkeypatch.setattr(device, "_driver", lambda: driver)
        monkeypatch.setattr(device, "_cupy_cuda_major", lambda: major)
        device.probe.cache_clear()
    yield set_
    device.probe.cache_clear()


class FakeCudaError(RuntimeError):
    pass


INSUFFICIENT = FakeCudaError("cudaErrorInsufficientDriver: CUDA driver version is insufficient for CUDA "
                             "runtime version")


def test_probe_driver_too_old_for_cupy(probe_as):
    probe_as(error=INSUFFICIENT, driver=(1, 12040), major=13)
    assert not device.has_gpu() and device.unusable_gpu()
    assert device.no_gpu_reason() == ("CUDA driver version 12.4 is insufficient for CUDA 13: install "
                                      "cupy-cuda12x / kfuse[cuda12] or update the driver")
    with pytest.raises(NoGPUError, match="kfuse run needs a GPU: CUDA driver version 12.4 is insufficient"):
        device.require_gpu("kfuse run")


def test_probe_no_driver_is_no_gpu(probe_as):
    probe_as(error=INSUFFICIENT, driver=None)
    assert not device.has_gpu() and not device.unusable_gpu()
    assert device.no_gpu_reason() == "no NVIDIA driver (libcuda) found"


def test_probe_driver_without_device_is_no_gpu(probe_as):
    probe_as(error=FakeCudaError("cudaErrorNoDevice"), driver=(0, 13000))
    assert not device.unusable_gpu() and device.no_gpu_reason() == "no CUDA device"


def test_probe_gpu_without_cupy(probe_as):
    probe_as(error=ImportError("CuPy is not importable (ModuleNotFoundError: No module named 'cupy')"),
             driver=(1, 12080), major=None)
    assert device.unusable_gpu()
    assert device.no_gpu_reason().endswith("install kfuse[cuda12] or kfuse[cuda13] to match the driver")


def test_probe_other_failure_names_the_error(probe_as):
    probe_as(error=FakeCudaError("cudaErrorDevicesUnavailable: busy"), driver=(None, 13000), major=13)
    assert device.unusable_gpu()
    assert "FakeCudaError: cudaErrorDevicesUnavailable: busy" in device.no_gpu_reason()


def test_probe_ok(probe_as):
    probe_as(count=2)
    assert device.has_gpu() and not device.unusable_gpu() and device.no_gpu_reason() == ""


def test_kfuse_run_with_an_unusable_gpu_stops_non_zero(probe_as, capsys, tmp_path):
    """Before: an unusable GPU looked like no GPU, and `kfuse run` quietly checked on the CPU."""
    probe_as(error=INSUFFICIENT, driver=(1, 12040), major=13)
    rc = main(["run", example("bicgk"), "--size", "m=8,n=16", "--out-dir", str(tmp_path)])
    out, err = capsys.readouterr()
    assert rc == 1 and out == ""
    assert one_error_line(err) == ("kfuse run needs a GPU: CUDA driver version 12.4 is insufficient for CUDA 13: "
                                   "install cupy-cuda12x / kfuse[cuda12] or update the driver")


def test_kfuse_tune_without_gpu_is_no_gpu_error(probe_as, capsys):
    probe_as(error=INSUFFICIENT, driver=None)
    rc = main(["tune", example("bicgk"), "--size", "m=8,n=16"])
    assert rc == 1 and "needs a GPU: no NVIDIA driver (libcuda) found" in one_error_line(capsys.readouterr().err)


# --------------------------------------------------------------------- arguments before the device
class FakeDeviceArray:
    """Looks like a CuPy array from its metadata (no GPU needed): what the checks that run
    before the device is touched read."""

    __module__ = "cupy._core.fake"

    def __init__(self, a):
        self._a = a
        self.shape, self.dtype, self.strides, self.itemsize = a.shape, a.dtype, a.strides, a.itemsize
        self.ndim, self.size = a.ndim, a.size

    @property
    def T(self):
        return FakeDeviceArray(self._a.T)

    def __getitem__(self, i):
        return FakeDeviceArray(self._a[i])


def fake(shape, dtype="float32", order="C"):
    return FakeDeviceArray(np.zeros(shape, dtype, order=order))


@pytest.fixture(scope="module")
def bicgk_exe():
    """An Executable of bicgk at 8 x 16 (generated, not compiled: nothing here runs it)."""
    from kfuse.codegen import generate
    from kfuse.runtime.executable import Executable
    plan = unfused_plan(BICGK)
    return Executable(BICGK, plan, generate(BICGK, plan), None, "sm_90", 0.0, False)


@pytest.mark.parametrize("args,error,msg", [
    ((np.zeros((8, 16), np.float32), fake(16), fake(8)), ArgumentError, "argument 'A' is a host \\(NumPy\\) array"),
    ((fake((8, 16)), fake(16), np.zeros(8, np.float32)), ArgumentError, "argument 'r' is a host"),
    ((fake((8, 16), "int32"), fake(16), fake(8)), DTypeError, "argument 'A' has element type int32, expected float32"),
    ((fake((8, 16)), fake(15), fake(8)), ShapeError, r"argument 'p' has shape \(15,\), expected \(16,\)"),
    ((fake((8, 16, 1)), fake(16), fake(8)), ShapeError, "argument 'A' has 3 dimension"),
    ((fake(128), fake(16), fake(8)), ShapeError, "argument 'A' has 1 dimension"),
    ((fake((8, 16), order="F"), fake(16), fake(8)), ArgumentError, "argument 'A' must be C-contiguous"),
    ((fake((16, 16))[:, :16][::2], fake(16), fake(8)), ArgumentError, "argument 'A' must be C-contiguous"),
    ((fake((8, 16)), fake(32)[::2], fake(8)), ArgumentError, "argument 'p' is a strided vector"),
    ((fake((8, 16)), [0.0] * 16, fake(8)), ArgumentError, "argument 'p' must be a CuPy array or a CUDA tensor"),
])
def test_arguments_are_checked_before_the_device(bicgk_exe, probe_as, args, error, msg):
    probe_as(error=INSUFFICIENT, driver=(1, 12040), major=13)   # a GPU kfuse cannot use
    with pytest.raises(error, match=msg):
        bicgk_exe(*args)


@pytest.mark.parametrize("driver,msg", [
    ((1, 12040), "running bicgk needs a GPU: CUDA driver version 12.4 is insufficient for CUDA 13"),
    (None, "running bicgk needs a GPU: no NVIDIA driver \\(libcuda\\) found")])
def test_good_arguments_without_a_usable_gpu_are_no_gpu_error(bicgk_exe, probe_as, driver, msg):
    """Before: CuPy's CUDARuntimeError (cudaErrorInsufficientDriver) came out of the call."""
    probe_as(error=INSUFFICIENT, driver=driver, major=13)
    with pytest.raises(NoGPUError, match=msg):
        bicgk_exe(fake((8, 16)), fake(16), fake(8))
    with pytest.raises(NoGPUError, match=msg):
        bicgk_exe(A=fake((8, 16)), p=fake(16), r=fake(8))


def test_jit_without_a_usable_gpu_is_no_gpu_error(probe_as):
    probe_as(error=INSUFFICIENT, driver=(1, 12040), major=13)
    f = kfuse.jit(lambda A, x: A @ x)
    with pytest.raises(ArgumentError, match="host"):
        f(np.ones((3, 4), np.float32), np.ones(4, np.float32))
    with pytest.raises(NoGPUError, match="CUDA driver version 12.4 is insufficient for CUDA 13"):
        f(fake((3, 4)), fake(4))


def test_sparse_to_device_and_solvers_without_a_gpu(probe_as):
    probe_as(error=INSUFFICIENT, driver=None)
    csr = kfuse.sparse.CSR(np.array([0, 1, 2]), np.array([0, 1]), np.ones(2, np.float32), (2, 2))
    with pytest.raises(NoGPUError, match="to_device needs a GPU: no NVIDIA driver"):
        csr.to_device()
    with pytest.raises(ArgumentError, match="b is a host"):
        kfuse.solvers.cg(csr, np.ones(2, np.float32))
    with pytest.raises(NoGPUError, match="kfuse.solvers needs a GPU"):
        kfuse.solvers.cg(csr, fake(2))


# --------------------------------------------------------------------- script files
SCRIPT = "vector x(n);\ninput x;\ny = x * 2;\nreturn y;\n"


def test_script_with_byte_order_mark(tmp_path):
    path = tmp_path / "bom.kf"
    path.write_bytes(b"\xef\xbb\xbf" + SCRIPT.encode())
    prog = kfuse.load(str(path))
    assert prog.name == "bom" and [c.fn for c in prog.calls] == [c.fn for c in kfuse.load(SCRIPT).calls]
    assert [c.fn for c in kfuse.load("\ufeff" + SCRIPT).calls] == [c.fn for c in prog.calls]


@pytest.mark.parametrize("data,line,col", [
    (b"vector x(n);\ninput x;\ny = x * 2; # caf\xe9\nreturn y;\n", 3, 17),
    (b"\xff" + SCRIPT.encode(), 1, 1),
    ("vector x(n); # \u00e9t\u00e9\ninput x; # ".encode() + b"\x80\nreturn x;\n", 2, 12),
])
def test_script_not_utf8_is_one_line_with_the_position(tmp_path, capsys, data, line, col):
    path = tmp_path / "latin1.kf"
    path.write_bytes(data)
    with pytest.raises(ScriptError) as info:
        kfuse.load(str(path))
    assert (info.value.line, info.value.col) == (line, col)
    rc = main(["graph", str(path)])
    msg = one_error_line(capsys.readouterr().err)
    assert rc == 1 and msg.startswith(f"{path}:{line}:{col}: byte 0x") and "is not UTF-8" in msg


def test_script_path_that_is_a_directory(tmp_path, capsys):
    rc = main(["graph", str(tmp_path)])
    assert rc == 1 and one_error_line(capsys.readouterr().err).startswith(f"cannot read script {tmp_path}")
