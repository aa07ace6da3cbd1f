"""The grid kernel's halo strategies (kfuse.spaces.grid.halo): the registry, each strategy's
legality, tiles and traffic terms on small programs, the typed grid geometry, and that the
lowering prints the staging code a registered strategy owns (a strategy is one module)."""
from __future__ import annotations

import dataclasses

import pytest

from kfuse import spaces
from kfuse.codegen.module import generate
from kfuse.spaces.grid import halo
from kfuse.spaces.grid.geometry import GridGeometry
from kfuse.spaces.grid.halo.base import HaloStrategy
from kfuse.spaces.grid.halo.recompute import Recompute
from kfuse.spaces.grid.halo.shared import SharedTiles, default_smem

from .test_stencil import _fused, traced


def _kernel(name, params):
    prog = traced(name)
    calls = list(range(len(prog.calls)))
    info = spaces.program_info(prog)
    grid = spaces.get("grid")
    frame = grid.frame(prog, calls, params, info)
    geo = grid.geometry(prog, calls, params, spaces.kernel_domain(prog, calls), info)
    return prog, calls, info, frame, geo


def test_the_registry_puts_recompute_first_and_the_space_schema_holds_their_params():
    assert [s.name for s in halo.STRATEGIES][:2] == ["recompute", "shared"]
    grid = spaces.get("grid")
    assert "smem" in [p.name for p in grid.params] and grid.name_params == ("smem",)
    assert halo.plain({"bx": 32}) and not halo.plain({"bx": 32, "smem": "a0"})
    assert halo.setting({"smem": "a0"}).name == "shared" and halo.setting({}) is None


def test_a_strategy_overrides_only_what_it_changes():
    nothing = HaloStrategy()
    assert nothing.served({"smem": "a0"}) == () and nothing.tiled({}) == frozenset()
    assert nothing.choices(None, [], None, None) == [{}] and nothing.traffic(None, {}, {}) == {}


def test_recompute_counts_the_halo_reread_from_l2_and_the_loads_of_a_point():
    params = {"bx": 32, "by": 8}
    prog, _, info, frame, geo = _kernel("jacobi2d", params)
    terms = Recompute().traffic(geo, params, {"info": info})
    nbytes = prog.value("a0").type.nbytes()
    assert terms["loads"] == 5   # the five points of the stencil
    assert terms["l2"] == int(nbytes * ((32 + 2) / 32 * (8 + 2) / 8 - 1))
    assert Recompute().served(params) == () and Recompute().refusal(prog, [], frame, params, info) is None


def test_shared_staging_refuses_what_it_cannot_stage_with_the_reason():
    params = {"bx": 32, "by": 8}
    prog, calls, info, frame, _ = _kernel("hdiff", params)
    s = SharedTiles()
    assert s.refusal(prog, calls, frame, {**params, "smem": "a0"}, info) is None
    why = s.refusal(prog, calls, frame, {**params, "smem": "zz"}, info)
    assert "smem names 'zz'" in why
    why = s.refusal(prog, calls, frame, {**params, "py": 2, "rows": "adjacent", "smem": "a0"}, info)
    assert "rows 'adjacent'" in why


def test_shared_staging_proposes_its_candidates_and_counts_its_tiles_and_barriers():
    prog = traced("hdiff")
    calls = list(range(len(prog.calls)))
    info = spaces.program_info(prog)
    frame = spaces.get("grid").frame(prog, calls, {}, info)
    lap = default_smem(prog, calls, frame, info)
    assert lap and SharedTiles().default(prog, calls, frame, info) == {"smem": lap}
    assert SharedTiles().choices(prog, calls, frame, info)[:2] == [{}, {"smem": lap}]
    params = {"bx": 32, "by": 8, "zc": 1, "smem": lap}
    _, _, info, frame, geo = _kernel("hdiff", params)
    (w, h), = geo.staged.values()
    lo0, hi0 = frame.span(lap, frame.axes[0])
    assert w == 32 + hi0 - lo0 and h > 8
    assert SharedTiles().shared_bytes(prog, frame, params, 32, 8) == w * h * 8   # float64
    assert SharedTiles().traffic(geo, params, {"info": info}) == {"barriers": geo.grid[0] * geo.zc}
    assert [(s.name, v) for s, v in geo.halos] == [("shared", (lap,))]


def test_the_grid_geometry_is_typed_and_read_only():
    _, _, _, frame, geo = _kernel("jacobi2d", {"bx": 32, "by": 8, "px": 2})
    assert isinstance(geo, GridGeometry) and geo.frame is frame
    assert (geo.bx, geo.by, geo.px, geo.py, geo.vec, geo.rows) == (32, 8, 2, 1, 1, 1)
    assert geo.points == 512 and geo.staged == {} and geo.halos == ()
    with pytest.raises(dataclasses.FrozenInstanceError):
        geo.bx = 64


class _Marked(SharedTiles):
    """Shared staging that marks its fill and its reads (a strategy a test registers)."""

    name = "marked"

    def emit_fill(self, em, code, value):
        code(f"// marked fill of {value}")
        super().emit_fill(em, code, value)

    def read(self, em, scope, value, d):
        return f"marked({super().read(em, scope, value, d)})"


def test_the_lowering_prints_the_staging_code_of_the_registered_strategy(monkeypatch):
    prog = traced("jacobi2d")
    plan = _fused(prog, {"bx": 32, "by": 8, "smem": "a0"})
    before = generate(prog, plan).source
    assert "// stage" in before and "marked" not in before
    monkeypatch.setattr(halo, "STRATEGIES", (Recompute(), _Marked()))
    prog = traced("jacobi2d")
    after = generate(prog, _fused(prog, {"bx": 32, "by": 8, "smem": "a0"})).source
    assert "// marked fill of a0" in after and "marked(a0_s[" in after
