"""The gemm space: one block-tiled matrix product per kernel, with its epilogue.

A gemm kernel runs one ``contraction`` call (``D = alpha * op(A) op(B) + beta * C``) over the
domain (m, n, k); its m x n output hosts *epilogue* calls: elementwise maps over matrices of the
output's shape that read the product at (i, j) (``alpha * (A @ B) + bias``, ``maximum(., 0)``),
run on the accumulators before the store.  The launch parameters are the fields of
:class:`kfuse.spaces.gemm.scheme.GemmScheme` (bm, bn, bk, tm, tn, stages, raster, splitk,
engine); an edited scheme that cannot work is refused with the scheme's own reasons
(``GemmScheme.refusals``).  What may not join a gemm kernel, and why, is
:meth:`GemmSpace.fusion_refusals` (shown by ``kfuse.explain``).

The model: :meth:`GemmSpace.traffic` gives the operands' re-reads per tile row and column
(A x ceil(n / bn) + B x ceil(m / bm), counted once by the generic reads) and the product's
flops for the engine term of :func:`kfuse.spaces.gemm.model.engine_seconds`.
"""
from __future__ import annotations

import dataclasses
import math

from ... import config, library
from ...errors import PlanError
from ...ir import itemsize
from . import engines, group as gemm_group, prologue as gemm_prologue
from ..base import Domain, Geometry, ParamSpec, Space, frozen
from ..traffic import KernelTraffic
from .balance import compact, kernel_block_work
from .calibration import EFFICIENCY_KEY, MEASURED_EFFICIENCY, check_section
from .explain import engine_lines, explain_lines
from .model import EngineTraffic, engine_seconds
from .rules import (LOADER_EFFICIENCY, LOADER_RULES, RULE_PARAMS, RULE_TEXT, composed, rule_of,
                    rule_refusals)
from .scheme import SCHEME_HIGH, GemmScheme, checked

#: the scheme's fields, the space's parameters (same names)
SCHEME_FIELDS = tuple(f.name for f in dataclasses.fields(GemmScheme))
#: the block tile whose arithmetic intensity the tile efficiency is relative to (bm = bn = 128)
REFERENCE_INTENSITY = 128 * 128 / (128 + 128)


def product_refusals(scheme: GemmScheme, fn, params: dict | None = None) -> list:
    """What a scheme cannot do for this product: split-k of SYR2K's two products; structured
    (SYMM / TRMM) operands its engine cannot load (``Engine.structure_refusals``), those whose
    adaptor rule in ``params`` (``a_rule``, ``b_rule``; default the loader rules) the kernel's
    loader runs: a prior kernel's rule (symmetrize, zero_fill) leaves the gemm a general operand."""
    out = []
    if fn is not None and getattr(fn, "second", False) and scheme.splitk > 1:
        out.append(f"splitk={scheme.splitk}: split-k of two products (SYR2K) is not built; use splitk=1")
    structures = tuple(st for op, (st, _, _) in getattr(fn, "adaptors", {}).items()
                       if st in ("sym", "tri") and rule_of(params or {}, op, st) in LOADER_RULES)
    eng = engines.find(scheme.engine)
    if structures and eng is not None:
        out += eng.structure_refusals(scheme, structures)
    return out


def flop_share(fn, params: dict) -> float:
    """The share of 2 m n k flops the kernel runs: half for a triangular operand whose zero k
    tiles are skipped, half for a symmetric result (one triangle), twice for SYR2K's two pairs."""
    share = 1.0
    for op, (structure, _, _) in getattr(fn, "adaptors", {}).items():
        if structure == "tri" and rule_of(params, op, structure) == "skip":
            share *= 0.5
    if getattr(fn, "c_uplo", ""):
        share *= 0.5
    if getattr(fn, "second", False):
        share *= 2
    return share


def reduce_refusal(engine: str) -> str:
    """Why engine ``engine`` refuses an epilogue reduction (the FFMA emitter hosts them)."""
    return (f"the {engine} engine does not run reductions of the product in its epilogue yet "
            "(row / column sums run on the ffma engine: precision 'ieee')")


def reduction_refusals(program, calls: list, c: int, g: int, info, label) -> list:
    """Why reduction call ``c`` cannot run in the epilogue of the gemm kernel of product ``g``:
    only row and column sums of an m x n value (``nested_reduce`` with combine ``+``: gemv,
    gemv_t) whose finalize is linear (several blocks add their partial sums by atomics; the
    constant part once); not of a symmetric result (syrk/syr2k), not on the mma engine, not
    with a window of a vector as a finalize-stage input."""
    fn, gfn = info.fn(c), info.fn(g)
    if fn.hof != "nested_reduce":
        return [f"{label(c)} is a {fn.hof} ({fn.name}): only row and column reductions (gemv, gemv_t) of "
                "the product run in a gemm kernel's epilogue"]
    why = []
    d, dom = info.domain(c), info.domain(g)
    if d.space != "tile" or (d.rows, d.cols) != (dom.rows, dom.cols):
        why.append(f"{label(c)} reduces a {d.rows} x {d.cols} {d.space} domain: a gemm kernel's epilogue "
                   f"reduces values over its {dom.rows} x {dom.cols} output only")
    if fn.combine != "+":
        why.append(f"{label(c)} combines by {fn.combine}: a gemm epilogue's reductions are sums")
    if not fn.linear_finalize:
        why.append(f"{label(c)}: its finalize ({fn.finalize}) is not known to be linear (linear_finalize), so "
                   "the blocks' partial sums cannot be added by atomics into one result")
    if getattr(gfn, "c_uplo", "") or getattr(gfn, "second", False):
        why.append(f"{label(c)} reduces a symmetric result ({gfn.name}: one triangle computed): its "
                   "reductions would need the mirrored half too")
    eng = product_engine(info.dtype(g))
    if not eng.runs_reductions:
        why.append(f"{label(c)}: {reduce_refusal(eng.name)}")
    for p, v in program.calls[c].args.items():
        val = program.value(v)
        if val.type.kind == "vector" and val.window is not None and fn.param(p).stage == "finalize":
            why.append(f"{label(c)} reads {val.display}, a window of a vector, at its finalize: a gemm "
                       "epilogue's finish reads whole vectors only")
    return why


def reduce_calls(calls: list, info) -> list:
    """The reduction calls among ``calls`` (a gemm kernel's epilogue reductions)."""
    return [c for c in calls if info.fn(c).is_reduce]


def gemm_call(program, calls: list, info):
    """The contraction call among ``calls`` (None when there is none)."""
    return next((c for c in calls if info.fn(c).hof == "contraction"), None)


def scheme_of(params: dict) -> GemmScheme:
    """The :class:`GemmScheme` of a kernel's launch parameters (the defaults for those absent)."""
    return GemmScheme(**{k: v for k, v in params.items() if k in SCHEME_FIELDS})


def scheme_refusals(scheme: GemmScheme, dtype: str, m: int, n: int, k: int) -> list:
    """Why ``scheme`` cannot run a ``dtype`` product of m x n x k: the scheme's own
    ``refusals`` where it has them, else only what the space itself knows (the block tile a
    multiple of the thread tile, threads a multiple of 32 up to 1024)."""
    own = getattr(scheme, "refusals", None)
    if own is not None:
        return list(own(dtype, m, n, k))
    why = []
    if scheme.tm <= 0 or scheme.tn <= 0 or scheme.bm % scheme.tm or scheme.bn % scheme.tn:
        why.append(f"the block tile {scheme.bm} x {scheme.bn} is not a multiple of the thread tile "
                   f"{scheme.tm} x {scheme.tn}")
    elif scheme.threads > 1024 or scheme.threads % 32:
        why.append(f"{scheme.threads} threads per block: must be a multiple of 32 up to 1024")
    if engines.find(scheme.engine) is None:
        why.append(f"engine {scheme.engine!r} is unknown (the engines are {', '.join(engines.names())})")
    return why


def call_precision(dtype: str) -> str:
    """The precision a product of ``dtype`` runs in: the setting ``precision`` ("tf32": TF32
    tensor cores) for float32, always "ieee" for float64."""
    return config.get().precision if dtype == "float32" else "ieee"


def product_engines(dtype: str) -> list:
    """The engines a ``dtype`` product runs on under its call precision, in registry order (the
    default engine where none serves it)."""
    return engines.serving(dtype, call_precision(dtype)) or [engines.default()]


def product_engine(dtype: str):
    """The first of :func:`product_engines`: the engine of a first call without tuning."""
    return product_engines(dtype)[0]


def engine_variants(dtype: str = "float32", m: int = 0, n: int = 0, k: int = 0) -> list:
    """The candidate schemes of every engine a ``dtype`` product runs on, m x n x k."""
    return checked([s for e in product_engines(dtype) for s in e.candidates(dtype, m, n, k)], dtype, m, n, k)


def engine_refusal(scheme: GemmScheme, dtype: str) -> str | None:
    """Why ``scheme``'s engine does not fit the call's precision (None where it does)."""
    prec = call_precision(dtype)
    if engines.find(scheme.engine) in product_engines(dtype):
        return None
    return (f"engine {scheme.engine!r} does not match the product's precision {prec!r} ({dtype}): "
            f"precision {engines.precision_text()} (kfuse.config precision, kfuse.blas.gemm(precision=...))")


def engine_hosts(program, calls: list, g, info):
    """A test of a scheme: why its engine cannot run what the kernel's calls ask besides the
    product (epilogue reductions, operand prologues), where another engine serving the product
    (float64: ffma beside mma_f64) can; an empty list where it can."""
    reduces = bool(reduce_calls(calls, info))
    prologues = g is not None and bool(gemm_prologue.operand_calls(program, calls, g, info))

    def refusals(scheme) -> list:
        eng = engines.find(scheme.engine) or engines.default()
        return ([reduce_refusal(eng.name)] if reduces and not eng.runs_reductions else []) + \
            ([gemm_prologue.prologue_refusal(eng.name)] if prologues and not eng.runs_prologues else [])
    return refusals


def _prologue_refuser(dtype: str) -> str:
    """The name of a ``dtype`` product's engine where it runs no prologues, else ""."""
    eng = product_engine(dtype)
    return "" if eng.runs_prologues else eng.name


def scheme_shared_bytes(scheme: GemmScheme, dtype: str) -> int:
    """Dynamic shared memory of a scheme's kernel: the scheme's ``shared_bytes`` when it has
    one, else ``stages`` copies of an A tile (bm x bk) and a B tile (bk x bn)."""
    own = getattr(scheme, "shared_bytes", None)
    if own is not None:
        return int(own(dtype))
    return scheme.stages * (scheme.bm * scheme.bk + scheme.bk * scheme.bn) * itemsize(dtype)


def scheme_text(scheme: GemmScheme) -> str:
    """The scheme's text form (``to_text``) when it has one, else its fields."""
    own = getattr(scheme, "to_text", None)
    if own is not None:
        return own()
    return ", ".join(f"{f}={getattr(scheme, f)}" for f in SCHEME_FIELDS)


#: the share of the intensity guess an unmeasured scheme gets (the measured ones run 0.65-0.91)
UNMEASURED = 0.75


def efficiency_key(scheme: GemmScheme) -> str:
    """The scheme's key in a calibration's "gemm" section (:mod:`kfuse.spaces.gemm.calibration`):
    its :data:`EFFICIENCY_KEY` fields joined by commas, ``"ffma,128,256,16,8,16,3,1,1,1,1,1,0,0"``."""
    return ",".join(str(getattr(scheme, f)) for f in EFFICIENCY_KEY)


def tile_efficiency(scheme: GemmScheme) -> float:
    """The share of the engine rate a scheme reaches by the built-in table: measured
    (:data:`MEASURED_EFFICIENCY`), else its block tile's arithmetic intensity bm * bn / (bm + bn)
    relative to the 128 x 128 tile's (at most 1) x :data:`UNMEASURED`.  The model uses it where
    the calibration's "gemm" section has no rate for the scheme (``engine_scheme`` of
    :meth:`GemmSpace.traffic`)."""
    key = tuple(getattr(scheme, f) for f in EFFICIENCY_KEY)
    if key in MEASURED_EFFICIENCY:
        return MEASURED_EFFICIENCY[key]
    return min(1.0, scheme.bm * scheme.bn / (scheme.bm + scheme.bn) / REFERENCE_INTENSITY) * UNMEASURED


class GemmSpace(Space):
    """One matrix product per kernel, the epilogue maps over its output (see the module doc)."""

    name = "gemm"
    calibration_section = "gemm"   # the engines' peaks and schemes' efficiencies (:mod:`.calibration`)
    claim_order = 4
    kernel_order = 6
    host_rank = 2
    hosts_others = True
    local_search = True
    params = tuple(ParamSpec(f.name, type(f.default), f.default,
                             choices=engines.names() if f.name == "engine" else (),
                             low=None if f.name == "engine" else 0 if f.name in ("wm", "wn") else 1,
                             high=SCHEME_HIGH.get(f.name),
                             doc=f"the scheme's {f.name}") for f in dataclasses.fields(GemmScheme)) + (
        ParamSpec("a_rule", str, "", choices=("mirror", "symmetrize", "skip", "zero_fill"),
                  doc="the adaptor rule of a structured A (symm/trmm): mirror | symmetrize (sym), skip | "
                      "zero_fill (tri); left out: the loader rule"),
        ParamSpec("b_rule", str, "", choices=("mirror", "symmetrize", "skip", "zero_fill"),
                  doc="the adaptor rule of a structured B (side right)"),
        ParamSpec("unaligned", int, 0, choices=(0, 1),
                  doc="1: the operands' pointers may be aligned to their element only (copies of one "
                      "element; the runtime's plan for offset views); 0: 16-byte copies"),)
    unpacked_params = {"unaligned": 1}
    floor_params = {}

    # ------------------------------------------------------------------ domain
    def claim(self, program, call, fn) -> Domain | None:
        """A contraction call: the domain (m, n, k), its output m x n."""
        if fn.hof != "contraction":
            return None
        a, b = (program.value(call.args[p]).type for p in fn.operands)
        m, k = (int(d) for d in a.shape)
        n = int(b.shape[1])
        return Domain("gemm", length=k, rows=m, cols=n, lead="C", shape=(m, n, k))

    def refusal(self, program, call, fn) -> str:
        return f"{call.label} is no matrix product (contraction)"

    def describe(self, domain: Domain) -> str:
        m, n, k = domain.shape
        return f"matrix product {m} x {n} x {k}"

    def hosts(self, domain: Domain, other: Domain) -> bool:
        """A matrix call over the product's m x n output (its epilogue) or over the shape of one
        of its operands, m x k or k x n (a prologue: :mod:`kfuse.spaces.gemm.prologue`)."""
        m, n, k = domain.shape
        return other.space == "tile" and (other.rows, other.cols) in ((m, n), (m, k), (k, n))

    def elements(self, domain: Domain) -> int:
        """The output's elements (the product's flops are the engine term's, not these)."""
        return domain.rows * domain.cols

    def plan_lines(self, params: dict) -> list:
        """The scheme's text form (``GemmScheme.to_text``, once it exists)."""
        scheme = scheme_of(params)
        lines = [f"scheme: {scheme.to_text()}"] if hasattr(scheme, "to_text") else []
        return lines + [f"adaptor {p[0].upper()}: {params[p]}: {RULE_TEXT[params[p]]}"
                        for p in RULE_PARAMS if params.get(p) in RULE_TEXT]

    # ------------------------------------------------------------------ legality
    def fusion_refusals(self, program, calls: list, info) -> list:
        """Why ``calls`` (two or more, one kernel's) cannot share a gemm kernel: a second
        contraction that cannot join a group (:func:`gemm_group.group_refusals`); a reduction the
        epilogue cannot finish (:func:`reduction_refusals`); a call computing an operand of the
        product that is no elementwise prologue (:func:`kfuse.spaces.gemm.prologue.split`); a scalar call
        (no prologue in a gemm kernel yet); a call over another shape or reading a window of a
        value computed in the kernel.  Transposed reads are refused by legality for every space."""
        gemms = [c for c in calls if info.fn(c).hof == "contraction"]
        if not gemms:
            return []
        reasons = []
        label = lambda c: f"call {c} ({program.calls[c].label})"   # noqa: E731
        if len(gemms) > 1:   # products sharing an operand in one launch (spaces/gemm/group.py)
            reasons += gemm_group.group_refusals(program, calls, info, label)
        g = gemms[0]
        dom = info.domain(g)
        produced = {info.out(c): c for c in calls}
        prologue, why = gemm_prologue.split(program, calls, g, info, label,   # maps on an operand's loads
                                            _prologue_refuser(info.dtype(g)))
        reasons += why
        if len(gemms) > 1 and prologue:
            reasons.append(f"{', '.join(label(c) for c in sorted(prologue))} map an operand of grouped products: "
                           "a grouped launch takes no prologue (not built)")
        for c in calls:
            if c in gemms or c in prologue:
                continue
            fn, d = info.fn(c), info.domain(c)
            if fn.is_reduce:
                reasons += reduction_refusals(program, calls, c, g, info, label)
            elif d.space == "scalar":
                reasons.append(f"{label(c)} is a scalar call: a gemm kernel takes no scalar prologue yet")
            elif d.space != "tile" or (d.rows, d.cols) != (dom.rows, dom.cols):
                reasons.append(f"{label(c)} is a {d.space} call over another shape: a gemm kernel's epilogue runs "
                               f"maps over its {dom.rows} x {dom.cols} output only")
            else:
                for v in program.calls[c].args.values():
                    val = program.value(v)
                    if val.window is not None and program.base(v) in produced:
                        reasons.append(f"{label(c)} reads {val.display}, a window of a value computed in the "
                                       "kernel: the epilogue reads the product at (i, j) only")
        return reasons   # a call reading a reduction's result: refused by legality for every space

    # ------------------------------------------------------------------ parameters
    def validate(self, program, kernel, domain: Domain, info) -> None:
        """The schema, then the scheme's own refusals (shared memory, registers, divisibility,
        threads, engine) for the product's dtype and sizes: one PlanError naming the kernel."""
        self.check_schema(kernel)
        g = gemm_call(program, kernel.calls, info)
        if g is None:
            raise PlanError(f"kernel {kernel.name}: a gemm kernel needs a matrix product call")
        m, n, k = domain.shape
        scheme = scheme_of(kernel.params)
        why = scheme_refusals(scheme, info.dtype(g), m, n, k)
        bad_engine = engine_refusal(scheme, info.dtype(g))
        why = why + [bad_engine] if bad_engine else why
        why += rule_refusals(info.fn(g).adaptors, kernel.params) + product_refusals(scheme, info.fn(g), kernel.params)
        why += gemm_group.scheme_refusals(scheme, kernel.calls, info)
        why += engine_hosts(program, kernel.calls, g, info)(scheme)
        if why:
            raise PlanError(f"kernel {kernel.name}: scheme refused: " + "; ".join(why))

    def default_params(self, program, calls: list, domain: Domain, dtype: str, info) -> dict:
        """The default scheme, or the first variant the scheme accepts for these sizes."""
        return dict(self.variants(program, calls, domain, dtype, True, info)[0])

    def variants(self, program, calls: list, domain: Domain, dtype: str, wide: bool, info) -> list:
        """The scheme's variants for the dtype and sizes (``GemmScheme.variants`` when it
        exists), those it refuses left out; the default scheme when none is left."""
        m, n, k = domain.shape
        g = gemm_call(program, calls, info)
        dtype = info.dtype(g) if g is not None else dtype
        fallback = GemmScheme(**product_engine(dtype).default_fields(dtype))
        schemes = engine_variants(dtype, m, n, k) or [fallback]
        hosts = engine_hosts(program, calls, g, info)
        fn = info.fn(g) if g is not None else None
        got = [s for s in (s if isinstance(s, GemmScheme) else GemmScheme(**s) for s in schemes)
               if not scheme_refusals(s, dtype, m, n, k) and not gemm_group.scheme_refusals(s, calls, info)
               and not hosts(s)]
        got = got or [fallback]
        adaptors = fn.adaptors if fn is not None else {}
        rules, out = [r for r in composed(adaptors) if not rule_refusals(adaptors, r)], []
        for r in rules:
            # what the product refuses depends on the rule: a loader rule's structured operand or
            # a prior kernel's general one (Engine.structure_refusals)
            ok = [dataclasses.asdict(s) for s in got if not product_refusals(s, fn, r)]
            ok = gemm_prologue.fitting(program, calls, g, info, dtype, ok, lambda s: GemmScheme(**s).registers(dtype))
            out += [dict(s, **r) for s in ok]
        return out or [dict(dataclasses.asdict(fallback), **r) for r in rules]

    def launch_refusal(self, program, calls, domain, default, fitting, over_budget, info) -> str | None:
        """Gemm kernels take dynamic shared memory only, outside the static budget."""
        return None

    def shared_static(self, program, calls: list, params: dict, domain: Domain, info) -> int:
        return 0

    # ------------------------------------------------------------------ geometry, bytes
    def geometry(self, program, calls: list, params: dict, domain: Domain, info) -> Geometry:
        """ceil(n / bn) x ceil(m / bm) x splitk blocks (one at least per axis) of the scheme's
        threads, its shared memory as dynamic; detail: ``tiles`` (output tiles), ``scheme``."""
        s = scheme_of(params)
        g = gemm_call(program, calls, info)
        dtype = info.dtype(g) if g is not None else "float32"
        m, n, _ = domain.shape
        gx, gy = max(1, math.ceil(n / s.bn)), max(1, math.ceil(m / s.bm))
        z = len(gemm_group.products(calls, info)) if gemm_group.is_group(calls, info) else max(1, s.splitk)
        return Geometry((gx, gy, z), (s.threads, 1, 1),
                        shared_dynamic=scheme_shared_bytes(s, dtype),
                        detail=frozen({"tiles": gx * gy, "scheme": s, "dtype": dtype}))

    def traffic_facts(self, program, calls: list, domain: Domain, seen: set, info) -> dict:
        """The operands' bytes (re-read per tile column / row) and the product's flops."""
        g = gemm_call(program, calls, info)
        if g is None:
            return {"gemm": None}
        fn = info.fn(g)
        a, b = gemm_prologue.operand_bytes(program, calls, g, info)   # a prologue's inputs re-read
        m, n, k = domain.shape
        reds = [(info.calls[c].out_value.type.size(), info.fn(c).reduce_axis == "j") for c in reduce_calls(calls, info)]
        own = {"a_bytes": a, "b_bytes": b, "flops": 2 * m * n * k}
        if gemm_group.is_group(calls, info):   # several products: their sums (spaces/gemm/group.py)
            own = gemm_group.traffic_facts(program, calls, info)
        return {"gemm": {**own, "dtype": info.dtype(g), "fn": fn.name, "reductions": reds, "shape": (m, n, k)}}

    def traffic(self, geometry: Geometry, params: dict, facts: dict) -> EngineTraffic:
        """``reread``: A's bytes (ceil(n / bn) - 1) more times and B's (ceil(m / bm) - 1) more
        (the generic reads count each once); ``engine_flops``/``engine``/``engine_eff``: the
        product's flops, the engine they run on (``ffma/<dtype>``), the built-in tile efficiency and
        ``engine_scheme``, the scheme's key in the calibration's "gemm" section."""
        g = facts.get("gemm")
        if not g:
            return EngineTraffic(per_thread_bytes=64)
        s = scheme_of(params)
        gx, gy, _ = geometry.grid
        fn = library.get(g["fn"]) if "fn" in g else None
        prior = sum(2 * g[f"{op.lower()}_bytes"] for op, ad in (fn.adaptors.items() if fn else ())
                    if rule_of(params, op, ad[0]) not in LOADER_RULES)   # GM_map / zero-fill: n^2 read + write
        eng = engines.find(s.engine) or engines.default()
        loader = math.prod(eng.loader_efficiency.get(r, LOADER_EFFICIENCY[r])
                           for op, ad in (fn.adaptors.items() if fn else ())
                           if (r := rule_of(params, op, ad[0])) in LOADER_EFFICIENCY)
        skipped = tuple(op for op, ad in (fn.adaptors.items() if fn else ()) if rule_of(params, op, ad[0]) == "skip")
        work = kernel_block_work(fn, skipped, s, *g["shape"]) if fn and "shape" in g else None
        partial = tail = atomics = zeroed = 0
        if s.splitk > 1:   # partial tiles written and read back once; the last block of a tile sums them
            tile_bytes = s.bm * s.bn * itemsize(g["dtype"])
            partial, tail = 2 * s.splitk * gx * gy * tile_bytes, (s.splitk - 1) * tile_bytes
        for size, row_sum in g.get("reductions", ()):   # one atomic per element and block along the sum
            blocks = gx if row_sum else gy
            if blocks > 1:
                atomics += blocks * size
                zeroed += 1
        return EngineTraffic(
            partial=partial, atomics=atomics, zeroed=zeroed, tail_bytes=tail, per_thread_bytes=64,
            reread=g["a_bytes"] * (gx - 1) + g["b_bytes"] * (gy - 1) + prior + g.get("dup_bytes", 0),
            engine_flops=g["flops"] * (flop_share(fn, params) if fn else 1.0),
            engine=f"{s.engine}/{g['dtype']}", engine_eff=tile_efficiency(s) * loader * g.get("group_eff", 1.0),
            engine_loader=loader * g.get("group_eff", 1.0),   # a structured operand's loader / a group keep
            engine_scheme=efficiency_key(s),   # the calibration's "gemm" section rate, when it has one
            regs=s.registers(g["dtype"]),   # the register file bounds the resident blocks (waves)
            # uneven blocks (a triangular operand, a symmetric result): scheduled by the model
            block_work=compact(work) if work is not None else ())

    def check_calibration(self, section: dict) -> None:
        """:func:`kfuse.spaces.gemm.calibration.check_section`."""
        check_section(section)

    def compute_seconds(self, traffic: KernelTraffic, cal) -> float:
        """The product's engine term (:func:`kfuse.spaces.gemm.model.engine_seconds`)."""
        return engine_seconds(traffic, cal)

    def explain_lines(self, program, kernel, needed: set, predict, info) -> list:
        """The adaptor rule combinations of a structured product, and the engines where several
        serve the product (:mod:`.explain`)."""
        g = gemm_call(program, kernel.calls, info)
        if g is None:
            return explain_lines(program, kernel, needed, predict)
        dtype, dom = info.dtype(g), info.domain(g)
        offered = engine_variants(dtype, *dom.shape)
        if len({s.engine for s in offered}) > 1:   # more than one engine: price their variants
            offered = self.variants(program, kernel.calls, dom, dtype, True, info)
        else:
            offered = []
        return explain_lines(program, kernel, needed, predict) + engine_lines(
            kernel, program.calls[g].label, dtype, offered, predict, needed)

    def kind(self, program, calls: list, domain: Domain, info) -> str:
        return "gemm"
