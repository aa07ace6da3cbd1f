"""The halo strategy protocol of the grid space: how a grid kernel gets the values its points
read at other points (the halo of a block's tile).

A strategy is one object that owns, for the values it serves:

- its plan parameters (:attr:`HaloStrategy.params`, merged into the grid space's schema;
  :attr:`HaloStrategy.name_params`: those naming program values);
- which values it serves under given parameters (:meth:`HaloStrategy.served`) and which of
  them the frame evaluates over a whole tile (:meth:`HaloStrategy.tiled`);
- its legality (:meth:`HaloStrategy.refusal`, :meth:`HaloStrategy.launch_refusal`);
- the parameters it proposes (:meth:`HaloStrategy.default`, :meth:`HaloStrategy.choices`);
- its footprint (:meth:`HaloStrategy.tiles`, :meth:`HaloStrategy.shared_bytes`) and its terms
  of the model's traffic (:meth:`HaloStrategy.traffic`);
- its code (:meth:`HaloStrategy.emit_fill`, :meth:`HaloStrategy.read`,
  :meth:`HaloStrategy.emit_plane_end`), printed through the grid lowering it is handed
  (``em``: :class:`kfuse.codegen.grid.lower.GridLowering`, which offers ``fill_scope``,
  ``emit_compute``, ``clamped``, ``ctype_of``, ``body`` and ``frame``).

The registry is :data:`kfuse.spaces.grid.halo.STRATEGIES`: adding a strategy is its module
plus one line there.  Every hook has a neutral default, so a strategy overrides only what it
changes.  The next strategies fit as follows:

- temporal blocking (several time steps per pass): ``params`` (steps per pass), ``refusal``
  (a time loop of one stencil whose steps fit a tile), ``tiles`` (the tile grown by the steps
  times the radius), ``traffic`` (DRAM bytes over the steps, the grown halo's recomputation),
  ``emit_fill`` / ``read`` / ``emit_plane_end`` (the steps run in shared memory between
  barriers);
- a distributed strip/interior split: ``params`` (the strip width), ``refusal`` (a domain
  split over devices), ``traffic`` (the strips' exchange), and ``emit_fill`` (the strip's
  points loaded from the peer's buffer) with ``read`` for the values it serves.
"""
from __future__ import annotations


class HaloStrategy:
    """A way of serving the values a kernel reads at offsets (see the module docstring).  The
    defaults describe a strategy that serves nothing and changes nothing."""

    name = ""
    #: the plan parameters it owns (:class:`kfuse.spaces.base.ParamSpec`)
    params: tuple = ()
    #: those of :attr:`params` whose value names program values (renamed with them)
    name_params: tuple = ()

    # ------------------------------------------------------------------ what it serves
    def sets(self, params: dict) -> bool:
        """Whether ``params`` set any parameter of this strategy."""
        return any(p.name in params for p in self.params)

    def served(self, params: dict) -> tuple:
        """The values this strategy serves under ``params``, sorted (none by default)."""
        return ()

    def tiled(self, params: dict) -> frozenset:
        """The values the frame evaluates at every point of a tile (not only at the offsets
        their readers reach)."""
        return frozenset()

    # ------------------------------------------------------------------ legality
    def refusal(self, program, calls: list, frame, params: dict, info) -> str | None:
        """Why ``params`` cannot serve the values this strategy names (None: they can)."""
        return None

    def launch_refusal(self, default: dict, fitting, why: str | None) -> str | None:
        """Why a fusion whose default parameters set this strategy cannot launch (``why``: the
        default's refusal; ``fitting()``: the variants that can)."""
        return None

    # ------------------------------------------------------------------ proposals
    def default(self, program, calls: list, frame, info) -> dict:
        """This strategy's parameters in a fusion's default plan ({}: none)."""
        return {}

    def choices(self, program, calls: list, frame, info) -> list:
        """This strategy's parameter choices the variants try (dicts, {} for none)."""
        return [{}]

    # ------------------------------------------------------------------ footprint and cost
    def tiles(self, frame, params: dict, bx: int, by: int) -> dict:
        """Served value -> (width, height) of its tile for a block tile of ``bx`` x ``by``
        points ({}: it keeps no tile)."""
        return {}

    def shared_bytes(self, program, frame, params: dict, bx: int, by: int) -> int:
        """Static shared memory its tiles take per block."""
        return 0

    def traffic(self, geometry, params: dict, facts: dict) -> dict:
        """Its terms of the model's traffic (summed over the strategies): ``l2`` bytes,
        ``barriers``, ``loads`` (loads per point in flight)."""
        return {}

    # ------------------------------------------------------------------ code
    def emit_fill(self, em, code, value: str) -> None:
        """Code filling what the kernel's points read of ``value`` on this plane."""

    def read(self, em, scope, value: str, d: tuple) -> str:
        """The C expression of ``value`` at offset ``d`` from the scope's point."""
        raise NotImplementedError(f"halo strategy {self.name!r} serves no reads")

    def emit_plane_end(self, em, code) -> None:
        """Code after a plane's points, before the next plane's fill."""
