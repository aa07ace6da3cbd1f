"""Issue 31's applications (tests/programs/apps) in NumPy at small odd sizes: they run, are
deterministic, behave as their physics says, and the helpers the benchmark uses (``bind``,
the byte count, the JAX functional forms where JAX is installed) agree with the modules."""
from __future__ import annotations

import numpy as np
import pytest

from tests.programs import apps

STEPS = 8


def _run(name, steps=STEPS, seed=0, dtype="float64"):
    m = apps.load(name)
    s = m.init(m.TEST, dtype, seed=seed)
    return m, m.init(m.TEST, dtype, seed=seed), m.run(s, steps)


def _arrays(state):
    return {k: v for k, v in state.items() if isinstance(v, np.ndarray)}


@pytest.mark.parametrize("name", apps.NAMES)
def test_runs_deterministically_and_the_seed_matters(name):
    m, start, a = _run(name)
    _, _, b = _run(name)
    _, _, c = _run(name, seed=1)
    assert set(m.FIELDS["written"]) <= set(a) and set(m.FIELDS["read"]) <= set(a)
    for k, v in start.items():       # arrays or plain Python numbers (what every peer and kfuse take)
        assert isinstance(v, np.ndarray) or type(v) in (int, float), (k, type(v))
    for k, v in _arrays(a).items():
        assert np.isfinite(v).all() if v.dtype.kind == "f" else True, k
        assert np.array_equal(v, b[k]), k
    changed = [k for k in m.FIELDS["written"] if not np.array_equal(a[k], start[k])]
    assert changed, "a step changed no written field"
    assert any(not np.array_equal(a[k], c[k]) for k in m.FIELDS["written"]), "the seed changed nothing"


@pytest.mark.parametrize("name", apps.NAMES)
def test_float32_stays_float32_and_near_float64(name):
    m, _, a = _run(name, dtype="float32")
    _, _, b = _run(name, dtype="float64")
    floor = 1e-6 * max(float(np.abs(b[k]).max()) for k in m.FIELDS["written"])
    for k in m.FIELDS["written"]:
        assert a[k].dtype == np.float32, k
        scale = max(float(np.abs(b[k]).max()), floor)     # a field that stays ~0 (fdtd3d's Hz)
        assert float(np.abs(a[k] - b[k]).max()) <= 1e-3 * scale, k


@pytest.mark.parametrize("name", apps.NAMES)
def test_bind_runs_the_same_code_on_another_namespace(name):
    m = apps.load(name)
    bound = apps.bind(m, np)
    assert bound.step is not m.step and bound.step.__globals__["np"] is np
    assert bound.run.__defaults__[0] is bound.step
    a = m.run(m.init(m.TEST, "float64"), 3)
    b = bound.run(m.init(m.TEST, "float64"), 3)
    for k in m.FIELDS["written"]:
        assert np.array_equal(a[k], b[k]), k


def test_bind_reaches_helpers_and_byte_count():
    m = apps.load("allen_cahn")
    calls = []

    class Spy:
        def __getattr__(self, name):
            calls.append(name)
            return getattr(np, name)
    apps.bind(m, Spy()).step(np.zeros((5, 7)))
    assert calls.count("roll") == 4            # the Laplacian helper sees the rebound np
    s = m.init((5, 7), "float32")
    assert apps.nbytes_per_step(m, s) == 2 * 5 * 7 * 4


def test_gray_scott_border_fixed_and_values_bounded():
    m, start, s = _run("gray_scott", steps=30)
    for k in ("U", "V"):
        edge = np.ones_like(s[k], bool)
        edge[1:-1, 1:-1] = False
        assert np.array_equal(s[k][edge], start[k][edge]), k
        assert -0.06 <= s[k].min() and s[k].max() <= 1.06, k      # [0, 1] up to the initial +-0.05 noise


def test_lbm_conserves_mass():
    m, start, s = _run("lbm_d2q9", steps=20)
    m0, m1 = start["F"].sum(), s["F"].sum()
    assert abs(m1 - m0) <= 1e-12 * abs(m0)
    assert not np.array_equal(s["F"], start["F"])


def test_wave_energy_bounded_and_boundary_zero():
    m, start, s = _run("wave2d", steps=40)
    for k in ("u_n", "u_nm1"):
        f = s[k]
        assert not f[0].any() and not f[-1].any() and not f[:, 0].any() and not f[:, -1].any()
    assert np.abs(s["u_n"]).max() <= np.abs(start["u_n"]).max() + 1e-12
    assert not np.array_equal(s["u_n"], start["u_n"])


def _em_energy(m, s):
    e = sum(float((s[k] ** 2).sum()) for k in ("Ex", "Ey", "Ez"))
    return e + m.imp0 ** 2 * sum(float((s[k] ** 2).sum()) for k in ("Hx", "Hy", "Hz"))


def test_fdtd3d_walls_conduct_and_energy_bounded():
    m, start, s = _run("fdtd3d", steps=20)
    assert not s["Ex"][:, [0, -1], :].any() and not s["Ex"][:, :, [0, -1]].any()
    assert not s["Ey"][[0, -1], :, :].any() and not s["Ey"][:, :, [0, -1]].any()
    assert not s["Ez"][[0, -1], :, :].any() and not s["Ez"][:, [0, -1], :].any()
    assert _em_energy(m, s) <= 1.5 * _em_energy(m, start)
    assert np.abs(s["Hx"]).max() > 0


def test_burgers_keeps_its_range_and_boundary():
    m, _, s = _run("burgers2d", steps=30)
    for k in ("u", "v"):
        assert 1.0 - 1e-12 <= s[k].min() and s[k].max() <= 2.0 + 1e-12, k
        assert (s[k][0] == 1).all() and (s[k][-1] == 1).all() and (s[k][:, 0] == 1).all() and (s[k][:, -1] == 1).all()


def test_allen_cahn_bounded_and_separating():
    m, start, s = _run("allen_cahn", steps=40)
    assert np.abs(s["phi"]).max() <= 1.0
    assert np.abs(s["phi"]).mean() > np.abs(start["phi"]).mean()      # the phases separate toward +-1


def test_fdtd2d_source_row_is_the_last_steps_fict():
    m, _, s = _run("fdtd2d", steps=5)
    assert s["t"] == 5
    # ey[0, :] was set to _fict_[4] before the update of ey[1:, :]; nothing writes row 0 after
    assert (s["ey"][0] == s["_fict_"][4]).all()


@pytest.mark.parametrize("name,temp,power", [("hotspot", "temp", "power"), ("hotspot3d", "tIn", "pIn")])
def test_thermal_without_power_stays_uniform_and_relaxes_to_ambient(name, temp, power):
    m = apps.load(name)
    s = m.init(m.TEST, "float64")
    s[power][...] = 0.0
    t0 = float(s[temp].flat[0])
    s = m.run(s, 10)
    t = s[temp]
    assert np.ptp(t) <= 1e-9 * t0           # clamped edges: no flux through the walls
    assert m.amb_temp < t.min() and t.max() < t0


def test_thermal_power_heats():
    m = apps.load("hotspot")
    a = m.run(m.init(m.TEST, "float64"), 5)
    s = m.init(m.TEST, "float64")
    s["power"] = s["power"] * 2
    b = m.run(s, 5)
    assert (b["temp"] > a["temp"]).all()


def test_seismic_rigid_box_and_bounded():
    m, start, s = _run("seismic3d", steps=20)
    for k in m.FIELDS["written"]:
        f = s[k]
        inner = np.zeros_like(f, bool)
        inner[1:-1, 1:-1, 1:-1] = True
        assert not f[~inner].any(), k
    assert np.abs(s["sxx"]).max() <= np.abs(start["sxx"]).max()
    assert np.abs(s["vx"]).max() > 0


def test_heat7_keeps_boundary_and_max_principle():
    m, start, s = _run("heat7", steps=10)
    u0, u = start["u"], s["u"]
    edge = np.ones_like(u, bool)
    edge[1:-1, 1:-1, 1:-1] = False
    assert np.array_equal(u[edge], u0[edge])
    assert u0.min() <= u.min() and u.max() <= u0.max()


@pytest.mark.parametrize("name", apps.NAMES)
def test_jax_functional_form_matches_numpy(name):
    jax = pytest.importorskip("jax")
    jax.config.update("jax_enable_x64", True)
    import jax.numpy as jnp
    m = apps.load(name)
    want = m.run(m.init(m.TEST, "float64"), 3)
    s = m.init(m.TEST, "float64")
    for _ in range(3):
        s = m.jax_step(jnp, {k: jnp.asarray(v) if isinstance(v, np.ndarray) else v for k, v in s.items()})
    for k in m.FIELDS["written"]:
        key = k if k in s else None
        got = np.asarray(s[key])
        assert np.allclose(got, want[k], rtol=1e-12, atol=1e-12 * max(1.0, float(np.abs(want[k]).max()))), k
