"""The golden corpus of generated CUDA: what kfuse writes for the plans that matter.

For every example script at three sizes and four dtypes, the plans the search ranks first (up
to five fusions, with the shipped H200 calibration and the default settings), the best plan with
each kernel in its next four implementations, the unfused plan and the misaligned-input fallback
of the best plan; for the CG and BiCG solver iterations, the plans the
search gives.  One file per bound program under ``tests/golden/cuda/``: the routines once, then
per plan its JSON, every launch (grid, block, dynamic shared memory, arguments) and the kernels'
text.  The prelude, the same for every module, is ``prelude.cu``.

A change of code generation shows as a diff of these files.  Refresh them (for an intended
change only, reading the diff before committing it)::

    PYTHONPATH=src python -m tests.golden.corpus --write     # then: git diff --stat tests/golden

The grid part (files ``grid.*``: the stencil examples and programs of tests/stencil_programs.py
at two sizes, float32 and float64, the GRID_RANKED plans ranked first) is refreshed alone,
e.g. after a change of the grid model that changes which plans rank first::

    PYTHONPATH=src python -m tests.golden.corpus --write --only grid

The gemm part (files ``gemm.*``: a variant of each BLAS-3 routine and the GEMM fusions, float32
in exact and TF32 precision, float64 products of :data:`GEMM_F64_CASES` (FP64 tensor cores), the
default plan each call gets) refreshes with ``--only gemm``.

``--check`` regenerates and lists the files that differ (what the unit test does).
"""
from __future__ import annotations

import argparse
import difflib
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
CUDA = os.path.join(HERE, "cuda")
EXAMPLES = os.path.join(HERE, "..", "..", "src", "kfuse", "examples")
DTYPES = ("float32", "float64", "complex64", "complex128")
BLAS2_SIZES = ((33, 1000), (4096, 4096), (16384, 16384))
BLAS1_SIZES = (1000, 1 << 20, 1 << 26)
RANKED = 5
SOLVER_N = 62451
# the settings planning and generation read, at their defaults (whatever KFUSE_* the environment sets)
DEFAULTS = {"default_dtype": "float32", "tile_block": (32, 8),
            "target_blocks_per_sm": 4, "sm_count": 132, "deterministic": False, "fuse": True}


def example_cases():
    """(file stem, script name, dtype, sizes) for every example, dtype and size."""
    for fname in sorted(os.listdir(EXAMPLES)):
        if not fname.endswith(".kf"):
            continue
        name = fname[:-3]
        with open(os.path.join(EXAMPLES, fname)) as f:
            text = f.read()
        if "grid " in text:   # stencil examples: tested in test_script_stencil.py
            continue
        blas2 = "matrix" in text
        for dtype in DTYPES:
            for size in (BLAS2_SIZES if blas2 else BLAS1_SIZES):
                sizes = {"m": size[0], "n": size[1]} if blas2 else {"n": size}
                stem = f"{name}.{dtype}." + ".".join(f"{k}{v}" for k, v in sizes.items())
                yield stem, name, dtype, sizes


GRID_DTYPES = ("float32", "float64")
GRID_RANKED = 3
# the stencil examples at two sizes each (their symbols), and programs of tests/stencil_programs.py
# at their CASES shapes and a larger size (one shape per array argument)
GRID_EXAMPLES = {"jacobi2d": ({"m": 67, "n": 45}, {"m": 4096, "n": 4096}),
                 "hdiff": ({"k": 3, "m": 37, "n": 41}, {"k": 64, "m": 256, "n": 256})}
GRID_PROGRAMS = {"heat3d": ((19, 23, 37), (256, 256, 256)), "box27": ((11, 13, 37), (128, 128, 128)),
                 "two_outputs": ((9, 21, 35), (64, 256, 256)), "chain1d": ((517,), (1 << 22,))}
# applications' steps reading np.pad / np.roll through (tests/pad_roll_cases.py), at their odd TEST shapes
GRID_PAD_ROLL = ("hotspot3d", "allen_cahn")


def grid_cases():
    """(file stem, kind "example" or "program", name, dtype, sizes or shape) of the grid
    (stencil) part of the corpus: its files start with ``grid.``."""
    for name, sizes_list in GRID_EXAMPLES.items():
        for dtype in GRID_DTYPES:
            for sizes in sizes_list:
                yield f"grid.{name}.{dtype}." + ".".join(f"{k}{v}" for k, v in sizes.items()), \
                    "example", name, dtype, sizes
    for name, shapes in GRID_PROGRAMS.items():
        for dtype in GRID_DTYPES:
            for shape in shapes:
                yield f"grid.{name}.{dtype}." + "x".join(map(str, shape)), "program", name, dtype, shape
    for name in GRID_PAD_ROLL:
        for dtype in GRID_DTYPES:
            yield f"grid.{name}.{dtype}", "pad_roll", name, dtype, None


def traced_stencil(name: str, dtype: str, shape: tuple):
    """A program of tests/stencil_programs.py traced with every array argument of ``shape`` (C
    order) and its scalars as host reals."""
    import kfuse
    from kfuse.frontend.trace import trace
    from tests.stencil_programs import CASES
    factory, shapes, extra = CASES[name]
    specs = [("a", tuple(shape), dtype, "C") for _ in shapes] + [("h", "real")] * len(extra)
    names = [f"a{i}" for i in range(len(shapes) + len(extra))]
    return trace(factory(kfuse), names, specs, name)[0]


def grid_program(kind: str, name: str, dtype: str, sizes):
    """The bound program of a :func:`grid_cases` case."""
    if kind == "pad_roll":
        from kfuse.frontend.trace import trace
        from tests.pad_roll_cases import CASES
        fn, shapes = CASES[name]
        return trace(fn, [f"s{i}" for i in range(len(shapes))], [("a", s, dtype, "C") for s in shapes], name)[0]
    return bound_example(name, dtype, sizes) if kind == "example" else traced_stencil(name, dtype, sizes)


def solver_cases():
    """(file stem, step, dtype, per-row hint) for the solver iterations."""
    for step in ("cg_step", "bicg_step"):
        for dtype in ("float32", "float64"):
            for hint in (0, 4, 64):
                yield f"{step}.{dtype}.hint{hint}", step, dtype, hint


def bound_example(name: str, dtype: str, sizes: dict):
    """The example script bound to ``sizes``."""
    from kfuse.api import bind_sizes
    from kfuse.frontend import script
    prog = script.load(os.path.join(EXAMPLES, name + ".kf"), dtype)
    return bind_sizes(prog, {k: v for k, v in sizes.items() if k in prog.symbols()})


def traced_solver(step: str, dtype: str, hint: int):
    """A solver iteration traced at n = SOLVER_N with a sparse matrix of ``hint`` nonzeros per row."""
    from kfuse import solvers
    from kfuse.frontend.trace import trace
    n = SOLVER_N
    sp = ("s", "csr", (n, n), dtype, hint) if hint else ("s", "csr", (n, n), dtype)
    v, d = ("a", (n,), dtype, "C"), ("d", dtype)
    if step == "cg_step":
        return trace(solvers.cg_step, ["A", "x", "r", "p", "rho"], [sp, v, v, v, d], step)[0]
    return trace(solvers.bicg_step, ["A", "At", "x", "r", "rt", "p", "pt", "rho"],
                 [sp, sp, v, v, v, v, v, d], step)[0]


def ranked_only(prog) -> list:
    """(label, Plan): the GRID_RANKED plans the search ranks first (the grid part's plans)."""
    from kfuse.model.calibration import load_calibration
    from kfuse.model.planner import ranked_plans
    ranked = [pl for _t, pl in ranked_plans(prog, load_calibration("NVIDIA H200"), GRID_RANKED)]
    return [(f"rank {i + 1}", pl) for i, pl in enumerate(ranked)]


def plans_of(prog) -> list:
    """(label, Plan) for the plans of one bound program that the corpus holds."""
    from kfuse.fusion.plan import unfused_plan, unpacked_plan
    from kfuse.model.calibration import load_calibration
    from kfuse.model.planner import ranked_plans
    ranked = [pl for _t, pl in ranked_plans(prog, load_calibration("NVIDIA H200"), RANKED)]
    out = [(f"rank {i + 1}", pl) for i, pl in enumerate(ranked)]
    if ranked:
        out.extend(variant_plans(prog, ranked[0]))
    out.append(("unfused", unfused_plan(prog)))
    if ranked:
        out.append(("fallback of rank 1 (misaligned inputs)", unpacked_plan(ranked[0])))
    return out


def variant_plans(prog, best) -> list:
    """(label, Plan): the best plan with one kernel at a time in the next-ranked implementations
    the search weighed for it (up to RANKED - 1 each, by the model's prediction)."""
    import copy
    from kfuse.spaces import stored
    from kfuse.fusion.search import impl_variants
    from kfuse.model.calibration import load_calibration
    from kfuse.model.predict import predict_kernel
    cal = load_calibration("NVIDIA H200")
    needed = stored(prog, [k.calls for k in best.kernels])
    out = []
    for i, k in enumerate(best.kernels):
        timed = [(predict_kernel(prog, k.calls, prm, needed[i], cal), n, prm)
                 for n, prm in enumerate(impl_variants(prog, list(k.calls), cal.measured_wide))]
        others = [prm for t, _n, prm in sorted(timed, key=lambda x: x[:2]) if prm != k.params and t < float("inf")]
        for r, prm in enumerate(others[:RANKED - 1]):
            plan = copy.deepcopy(best)
            plan.kernels[i].params = dict(prm)
            out.append((f"rank 1 with {k.name} in its implementation {r + 2}", plan))
    return out


def _launch_lines(k) -> list:
    """One comment line per launch: name, grid, block, shared memory, arguments, alignment."""
    smem = getattr(k, "shared_bytes", 0)
    args = ", ".join(f"{a.kind}:{a.cname}" + (f"[{a.nbytes}B]" if a.nbytes else "") for a in k.args)
    aligned = ", ".join(f"{v}:{b}" for v, b in sorted(k.aligned.items()))
    return [f"// launch {k.name} grid={tuple(k.grid)} block={tuple(k.block)} smem={smem} args=({args})"
            + (f" aligned=({aligned})" if aligned else "")]


def render_program(prog, plans=plans_of) -> str:
    """The corpus text of one bound program: routines once, then each plan's launches and
    kernels (``plans(prog)``: the (label, Plan) pairs)."""
    from kfuse.codegen.module import generate
    from kfuse.codegen.prelude import PRELUDE
    from kfuse.codegen.routines import emit_routines
    parts = [f"// program {prog.name}: {len(prog.calls)} call(s)",
             "// ===================== routines =====================",
             "".join(emit_routines(prog, c) for c in prog.calls)]
    for label, plan in plans(prog):
        parts.append(f"// ===================== {label} =====================")
        parts.append("// plan " + json.dumps({k: v for k, v in plan.to_json().items() if k != "predicted_us"},
                                              sort_keys=True))
        try:
            mod = generate(prog, plan)
        except Exception as e:   # an error is recorded too: it must stay the same error
            parts.append(f"// error {type(e).__name__}: {e}")
            continue
        head, _, rest = mod.source.partition(PRELUDE)
        assert rest, "the module does not hold the prelude"
        kernels = rest.split("// ===================== kernels =====================\n", 1)[1]
        parts.extend(head.rstrip("\n").splitlines()[1:])   # the plan line (the version line is not code)
        for k in mod.launches:
            parts.extend(_launch_lines(k))
        parts.append(kernels)
    return "\n".join(parts).rstrip("\n") + "\n"


#: the gemm part (files gemm.*): BLAS-3 routines, one variant of each family, and the GEMM
#: fusions, (builder, argument shapes); every case at float32 in both precisions, its default plan
#: (the model's pick, or the shipped H200 winner of its shape bucket)
GEMM_CASES = {
    "gemm_nn": ("lambda A, B: kfuse.blas.gemm(A, B)", ((517, 261), (261, 389))),
    "gemm_tn": ("lambda A, B: kfuse.blas.gemm(A, B, transa=True)", ((261, 517), (261, 389))),
    "gemm_nn_4096": ("lambda A, B: kfuse.blas.gemm(A, B)", ((4096, 4096), (4096, 4096))),
    "symm_ll": ("lambda A, B: kfuse.blas.symm(A, B)", ((517, 517), (517, 389))),
    "trmm_ru_t": ("lambda A, B: kfuse.blas.trmm(A, B, side='right', uplo='upper', trans=True)",
                  ((389, 389), (517, 389))),
    "trsm_ll": ("lambda A, B: kfuse.blas.trsm(A, B)", ((1024, 1024), (1024, 256))),
    "syrk_ln": ("lambda A: kfuse.blas.syrk(A)", ((517, 261),)),
    "syr2k_ln": ("lambda A, B: kfuse.blas.syr2k(A, B)", ((517, 261), (517, 261))),
    "bias_relu": ("lambda A, B, v: kfuse.ops.maximum(A @ B + v, 0.0)", ((517, 261), (261, 389), (389,))),
    "abx_unused": ("lambda A, B, x: (A @ B) @ x", ((1024, 1024), (1024, 1024), (1024,))),
    "abx_returned": ("lambda A, B, x: (A @ B, (A @ B) @ x)", ((1024, 1024), (1024, 1024), (1024,))),
    "residual_norms": ("lambda A, X, B: kfuse.ops.sum((B - A @ X) * (B - A @ X))",
                       ((517, 261), (261, 389), (517, 389))),
    "prologue": ("lambda A, B: kfuse.ops.maximum(A, 0.0) @ B", ((517, 261), (261, 389))),
    "shared_a": ("lambda A, B, C: (A @ B, A @ C)", ((256, 256), (256, 256), (256, 256))),
}


#: the gemm cases also written in float64 (the default plan: engine mma_f64, DMMA)
GEMM_F64_CASES = ("gemm_nn",)
#: the gemm cases also written under precision fp32x3 (engine mma_tf32x3, 3xTF32)
GEMM_X3_CASES = ("gemm_nn",)


def gemm_cases():
    """(file stem, case name of :data:`GEMM_CASES`, precision, dtype) of the gemm part."""
    for name in GEMM_CASES:
        for precision in ("ieee", "tf32"):
            yield f"gemm.{name}.float32.{precision}", name, precision, "float32"
    for name in GEMM_F64_CASES:
        yield f"gemm.{name}.float64.ieee", name, "ieee", "float64"
    for name in GEMM_X3_CASES:
        yield f"gemm.{name}.float32.fp32x3", name, "fp32x3", "float32"


def gemm_program(name: str, precision: str, dtype: str = "float32"):
    """The traced program of a :func:`gemm_cases` case (argument names from the builder)."""
    import inspect

    import kfuse
    from kfuse import config
    from kfuse.api import bind_sizes
    from kfuse.frontend.trace import trace
    src, shapes = GEMM_CASES[name]
    fn = eval(src, {"kfuse": kfuse})
    names = list(inspect.signature(fn).parameters)
    with config.override(precision=precision):
        return bind_sizes(trace(fn, names, [("a", s, dtype, "C") for s in shapes], name)[0], {})


def default_plan(prog) -> list:
    """(label, Plan): the plan a call gets on the H200 with no tuning of the user's (the model's
    pick with the shipped calibration, and the shipped winners table over it; whatever GPU or
    tune cache this machine has), the gemm part's one plan."""
    from kfuse.model.calibration import load_calibration
    from kfuse.model.planner import best_plan
    from kfuse.pipeline.winners import apply_winners, read_table, shipped_path
    dev = "NVIDIA H200"
    plan = apply_winners(prog, best_plan(prog, load_calibration(dev)), dev, table=read_table(shipped_path(dev)))
    return [("default plan (H200: shipped calibration and winners)", plan)]


def _jacobi(a):
    import kfuse
    return kfuse.interior(a, 0.2 * (a[1:-1, 1:-1] + a[1:-1, :-2] + a[1:-1, 2:] + a[2:, 1:-1] + a[:-2, 1:-1]))


def _heat3d(u):
    import kfuse
    c = (slice(1, -1),) * 3
    return kfuse.interior(u, u[c] + 0.1 * (u[2:, 1:-1, 1:-1] + u[:-2, 1:-1, 1:-1] + u[1:-1, 2:, 1:-1]
                                           + u[1:-1, :-2, 1:-1] + u[1:-1, 1:-1, 2:] + u[1:-1, 1:-1, :-2]
                                           - 6 * u[c]))


def _gray_scott(u, v, feed, kill):
    import kfuse
    c = (slice(1, -1), slice(1, -1))
    uvv = u[c] * v[c] * v[c]
    lu = u[1:-1, 2:] + u[1:-1, :-2] + u[2:, 1:-1] + u[:-2, 1:-1] - 4 * u[c]
    lv = v[1:-1, 2:] + v[1:-1, :-2] + v[2:, 1:-1] + v[:-2, 1:-1] - 4 * v[c]
    return (kfuse.interior(u, u[c] + 0.16 * lu - uvv + feed[c] * (1 - u[c])),
            kfuse.interior(v, v[c] + 0.08 * lv + uvv - (kill + feed[c]) * v[c]))


def temporal_cases():
    """(file stem, CUDA text) of temporally blocked passes (kfuse.loop_temporal): jacobi-2d in
    float32 at depth 4, Gray-Scott (two fields, a constant field, a number) and Allen-Cahn
    (periodic: np.roll along both axes) in float64 at depth 3, heat-3d in float32 at depth 3
    (a 16 x 32 tile of a plane per block), Rodinia's HotSpot (np.pad mode edge) in float64 at
    depth 4."""
    import numpy as np

    import kfuse
    from kfuse import loop_temporal
    from kfuse.spaces.grid.temporal import Blocking
    cases = [("grid.temporal_jacobi_f32_d4", _jacobi, (np.zeros((1000, 999), np.float32),), (), Blocking(4, 256, 256)),
             ("grid.temporal_gray_scott_f64_d3", _gray_scott, ((np.zeros((515, 333)),) * 2,),
              (np.zeros((515, 333)), 0.06), Blocking(3, 128, 128))]
    from tests.programs.apps import allen_cahn
    cases.append(("grid.temporal_allen_cahn_f64_d3", allen_cahn.step, ({"phi": np.zeros((515, 333))},), (),
                  Blocking(3, 128, 128)))
    cases.append(("grid.temporal_heat3d_f32_d3", _heat3d, (np.zeros((130, 129, 131), np.float32),), (),
                  Blocking(3, 32, 64, 16)))
    from tests.programs.apps import hotspot
    cases.append(("grid.temporal_hotspot_f64_d4", hotspot.step, ({"temp": np.zeros((515, 333))},),
                  (np.zeros((515, 333)),) + hotspot.coefficients(515, 333), Blocking(4, 128, 128)))
    for stem, step, state, consts, blocking in cases:
        low = kfuse.loops.lower(step, state[0], consts=consts)
        yield stem, loop_temporal.pass_source(low.executable, low.structure.sources, blocking)


def resident_cases():
    """(file stem, CUDA text) of resident solver kernels (kfuse.solver_resident): CG float64,
    BiCG float32 with A symmetric and with the Aᵀ scatter, BiCG float64 streaming tiles."""
    from kfuse.codegen.resident import module_source
    from kfuse.spaces import resident as space
    for solver, dtype, transpose, tile in (("cg", "float64", "", 0), ("bicg", "float32", "same", 0),
                                           ("bicg", "float32", "scatter", 0), ("bicg", "float64", "scatter", 8)):
        shape = space.shape_for(solver, dtype, 100_000, 700_000, transpose, lanes=4, rows=2 if not tile else 1,
                                tile=tile)
        stem = f"solver.resident_{solver}_{dtype}" + (f"_{transpose}" if transpose else "") + \
            (f"_tiles{tile}" if tile else "")
        yield stem, module_source(shape, solver)


PARTS = ("blas", "grid", "gemm")   # the parts: examples and solvers, stencils (grid.*), BLAS-3 (gemm.*)


def part_of(name: str) -> str:
    """The part a corpus file belongs to (the prelude: blas)."""
    return name.split(".", 1)[0] if name.startswith(("grid.", "gemm.")) else "blas"


def compute_all(only: str | None = None) -> dict:
    """file name -> text, for every program of the corpus and the prelude (``only``: of that
    part of :data:`PARTS` alone)."""
    from kfuse import config
    from kfuse.codegen.prelude import PRELUDE
    out = {}
    with config.override(**DEFAULTS):
        if only in (None, "blas"):
            out["prelude.cu"] = PRELUDE
            for stem, name, dtype, sizes in example_cases():
                out[stem + ".cu"] = render_program(bound_example(name, dtype, sizes))
            for stem, step, dtype, hint in solver_cases():
                out[stem + ".cu"] = render_program(traced_solver(step, dtype, hint))
            for stem, text in resident_cases():
                out[stem + ".cu"] = text
        if only in (None, "grid"):
            for stem, kind, name, dtype, sizes in grid_cases():
                out[stem + ".cu"] = render_program(grid_program(kind, name, dtype, sizes), ranked_only)
            for stem, text in temporal_cases():
                out[stem + ".cu"] = text
        if only in (None, "gemm"):
            for stem, name, precision, dtype in gemm_cases():
                with config.override(precision=precision):
                    out[stem + ".cu"] = render_program(gemm_program(name, precision, dtype), default_plan)
    return out


def differences(got: dict, only: str | None = None) -> list:
    """(file name, unified diff text) for each file that differs from the committed corpus
    (``only``: the files of that part alone)."""
    names = set(got) | (set(os.listdir(CUDA)) if os.path.isdir(CUDA) else set())
    diffs = []
    for name in sorted(names):
        if only is not None and part_of(name) != only:
            continue
        path = os.path.join(CUDA, name)
        want = open(path).read() if os.path.exists(path) else None
        new = got.get(name)
        if want == new:
            continue
        diff = "".join(difflib.unified_diff((want or "").splitlines(True), (new or "").splitlines(True),
                                            f"committed/{name}", f"generated/{name}", n=2))
        diffs.append((name, diff or f"{name}: missing on one side"))
    return diffs


def write(got: dict, only: str | None = None) -> int:
    """Write the corpus (removing files no case makes; ``only``: that part's files alone);
    returns how many files changed."""
    os.makedirs(CUDA, exist_ok=True)
    changed = differences(got, only)
    for name, _ in changed:
        path = os.path.join(CUDA, name)
        if name in got:
            with open(path, "w") as f:
                f.write(got[name])
        elif os.path.exists(path):
            os.remove(path)
    return len(changed)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--write", action="store_true", help="write the regenerated corpus")
    ap.add_argument("--check", action="store_true", help="list the files that differ (exit 1 if any)")
    ap.add_argument("--only", choices=PARTS, help="this part of the corpus alone (grid: the stencil "
                    "files grid.*, to refresh after a change of the grid model; gemm: the BLAS-3 files gemm.*)")
    args = ap.parse_args(argv)
    got = compute_all(args.only)
    if args.write:
        print(f"{write(got, args.only)} of {len(got)} file(s) changed under {os.path.relpath(CUDA)}; "
              "review with: git diff tests/golden")
        return 0
    diffs = differences(got, args.only)
    for name, diff in diffs:
        print(diff if not args.check else name)
    print(f"{len(diffs)} of {len(got)} file(s) differ", file=sys.stderr)
    return 1 if diffs else 0


if __name__ == "__main__":
    sys.exit(main())
