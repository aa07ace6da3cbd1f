"""The ``kfuse`` command line.

    kfuse run bicgk --size m=4096 --size n=4096     (an example's name, or a script's path)
    kfuse examples                     (the packaged examples, one line each)
    kfuse graph SCRIPT [-o F.dot]
    kfuse plan SCRIPT --size NAME=V ... [--json]
    kfuse compile SCRIPT --size NAME=V ... -o F.cu [--plan F.json]
    kfuse stages SCRIPT --size NAME=V ... [--until STAGE] [--from STAGE] [--out DIR]   (each stage's artifact)
    kfuse stages MODULE:FUNCTION --arg u=float64[512,512] --arg c=float ... [--until ..] [--from ..]
    kfuse library [NAME]
    kfuse bench [--quick] [--dtype float64]
    kfuse bench --stencils [--quick] [--dtype ...] [--workload NAME ...] [--out DIR]
    kfuse bench --blas3 [--quick] [--routines ...] [--sizes ...] [--precisions ...] [--dtypes float32,float64] [--dry-run]
    kfuse bench --multi-gpu [--gpus 1 2] [--workload NAME ...] [--peers ...] [--dry-run]   (under torchrun)
    kfuse calibrate [--quick]          (measure this GPU for the cost model, validated)
    kfuse calibrate --blas3 [--quick] [--sizes N,...] [--engines E,...] [--dry-run]   (GEMM peaks and scheme efficiencies)
    kfuse tune SCRIPT... --size ... [--top K] [--refine R] [--report F.md]
    kfuse tune --blas3-table FILE      (tune C = A @ B at 1024-8192; the winners' table)
    kfuse tune --blas3-table FILE --blas3-routines symm trmm [--blas3-sizes 1024 2048]   (structured products)
    kfuse explain SCRIPT --size ... [--calls 0,1]
    kfuse cache [--clear]              (where compiled kernels are cached, their size; clear them)

Errors print one line (``kfuse: error: ...``) and exit with status 1.
"""
from __future__ import annotations

import argparse
import json
import os
import sys

from ._version import __version__
from .errors import KfuseError


def _sizes(items) -> dict:
    out = {}
    for item in items or []:
        for part in item.split(","):
            if not part:
                continue
            if "=" not in part:
                raise KfuseError(f"--size expects NAME=VALUE, got {part!r}")
            k, v = part.split("=", 1)
            try:
                out[k.strip()] = int(v)
            except ValueError:
                raise KfuseError(f"--size {k}: {v!r} is not an integer") from None
    return out


def _load(args):
    from .frontend import script
    return script.load(_script(args.script), args.dtype)


def _script(arg: str) -> str:
    """A script's path as given, or the packaged example of that name (``bicgk``)."""
    from . import examples
    return examples.resolve(arg)


def _bound(args):
    from .pipeline.plan import bind_sizes
    return bind_sizes(_load(args), _sizes(args.size))


def cmd_graph(args):
    prog = _load(args)
    dot = prog.to_dot()
    if args.output:
        _write(args.output, dot.encode())
        print(prog.describe())
        print(f"wrote {args.output}")
    else:
        sys.stdout.write(dot)


def cmd_plan(args):
    from .pipeline.plan import make_plan
    prog = _bound(args)
    plan = make_plan(prog, args.plan, fuse=False if args.unfused else None)
    if args.json:
        print(plan.dumps(prog))
    else:
        print(plan.describe(prog))


def _arch(args):
    from .platform import device
    return args.arch or device.current_arch()


def cmd_compile(args):
    from .pipeline.plan import make_plan
    from .pipeline.stages import build
    prog = _bound(args)
    exe = build(prog, make_plan(prog, args.plan), _arch(args), checked=True)
    out = args.output or f"{prog.name}.cu"
    _write(out, exe.source.encode())
    print(f"wrote {out} ({_kernels(exe)})")
    if args.cubin:
        _write(args.cubin, _checked_cubin(exe))
        print(f"wrote {args.cubin} ({len(exe.compiled.cubin)} bytes, {exe.arch})")
    _print_resources(exe)


def cmd_stages(args):
    """The compiler's artifacts up to ``--until`` and the numbered, editable ones of the staged
    workflow (:mod:`kfuse.pipeline.workflow`), resumed ``--from`` an edited stage's file; of a
    script, or of a Python function named ``MODULE:FUNCTION`` (:mod:`kfuse.function_stages`)."""
    from . import function_stages
    from .api import write_stages
    from .pipeline.plan import bind_sizes
    from .pipeline.workflow import check_range
    check_range(args.start, args.until)   # before loading anything
    if function_stages.is_function(args.script):
        for flag, given in (("--size", args.size), ("--dtype", args.dtype)):
            if given:
                raise KfuseError(f"{flag} is for scripts; a function's shapes and types come from "
                                 "--arg NAME=DTYPE[D0,...]")
        st = function_stages.stage(args.script, args.arg, args.args_from, args.plan, args.arch, dir=args.out,
                                   until=args.until, from_stage=args.start, measure=args.measure)
        for path, what in st.files:
            print(f"wrote {path} ({what})")
        for path in st.removed:
            print(f"removed {path} (a later stage's, made before this run: stale)")
        return
    if args.arg or args.args_from:
        raise KfuseError(f"--arg and --args-from describe a Python function's arguments; {args.script!r} is not "
                         "MODULE:FUNCTION or path/to/file.py:FUNCTION")
    prog = bind_sizes(_load(args), _sizes(args.size))
    write_stages(prog, args.out, args.start, args.until, args.plan, args.arch, args.measure, echo=print)


def _write(path: str, data: bytes) -> None:
    """Write a file the user asked for whole or not at all: never an empty or partial one; a
    device is written, never replaced, a symbolic link written through, a missing folder
    refused (:func:`kfuse.files.write_output`)."""
    from .files import write_output
    try:
        write_output(path, data)
    except OSError as e:
        raise KfuseError(f"cannot write {path}: {e.strerror or e}") from None


def _make_folder(folder: str) -> None:
    """The output folder the user named (``--out``, ``--out-dir``), created if missing."""
    try:
        os.makedirs(folder, exist_ok=True)
    except OSError as e:
        raise KfuseError(f"cannot create the folder {folder}: {e.strerror or e}") from None


def _checked_cubin(exe) -> bytes:
    """The executable's cubin, refused if it is empty or not an ELF image."""
    from .runtime.cache import CUBIN_MAGIC
    cubin = exe.compiled.cubin
    if not cubin or cubin[:4] != CUBIN_MAGIC:
        raise KfuseError(f"NVRTC returned no usable cubin for {exe.program.name} ({len(cubin)} bytes); "
                         "nothing written")
    return cubin


def _kernels(exe) -> str:
    """'N kernel(s)', and the kernel zeroing the outputs atomics sum into where there is one."""
    return f"{exe.n_kernels} kernel(s)" + (f" and {exe.module.zero.name}" if exe.module.zero else "")


def _print_resources(exe):
    for name, r in exe.resources.items():
        spill = r["spill_stores"] + r["spill_loads"]
        print(f"  {name}: {r['registers']} registers, {r['smem']} B shared, "
              f"{r['stack']} B stack, {spill} B spilled")


def cmd_run(args):
    import numpy as np

    from . import reference
    from .pipeline.plan import make_plan
    from .platform import device
    from .pipeline.stages import build
    prog = _bound(args)
    if device.unusable_gpu():   # a GPU kfuse cannot use: say so, never fall back quietly
        device.require_gpu("kfuse run")
    print(prog.describe())
    plan = make_plan(prog, args.plan)
    print(plan.describe(prog))
    arch = _arch(args)
    exe = build(prog, plan, arch, checked=True)
    _make_folder(args.out_dir)
    src = os.path.join(args.out_dir, f"{prog.name}.cu")
    _write(src, exe.source.encode())
    cubin = os.path.join(args.out_dir, f"{prog.name}.{arch}.cubin")
    _write(cubin, _checked_cubin(exe))
    print(f"wrote {src}; compiled {_kernels(exe)} to {cubin} with NVRTC "
          f"in {exe.compile_seconds:.2f} s{' (cache hit)' if exe.cache_hit else ''}")
    _print_resources(exe)
    if not device.has_gpu():
        print(f"no GPU ({device.no_gpu_reason()}): running the plan on the CPU reference instead")
        ins = reference.random_inputs(prog, args.seed)
        res = reference.run_plan(prog, [k.calls for k in plan.kernels], ins)
        for o in prog.outputs:
            v = np.asarray(res[o])
            print(f"  {prog.value(o).display}: shape {v.shape}, norm {np.linalg.norm(v.ravel()):.6g}")
        return 0
    import cupy
    from . import config
    ins = reference.random_inputs(prog, args.seed, xp=cupy)
    with config.override(poison=True):
        outs = exe(*ins.values())
    ref = exe.reference(*ins.values())
    tol = 1e-5 if prog.value(prog.outputs[0]).type.dtype in ("float32", "complex64") else 1e-12
    worst = 0.0
    for o, got, want in zip(prog.outputs, outs, ref):
        err = reference.rel_error(got, want)
        worst = max(worst, err)
        print(f"  {prog.value(o).display}: relative error {err:.2e}")
    t = exe.time(*ins.values(), repeat=args.repeat)
    nbytes = sum(prog.value(n).type.nbytes() for n in prog.inputs) + \
        sum(prog.value(o).type.nbytes() for o in prog.outputs)
    print(f"{device.device_name()}: {t * 1e6:.1f} us per call (median of {args.repeat} loops of 10 calls), "
          f"{nbytes / t / 1e9:.1f} GB/s effective")
    if not worst <= tol:
        raise KfuseError(f"result differs from the reference: relative error {worst:.2e} > {tol:g}")
    return 0


def cmd_explain(args):
    from .api import explain
    calls = None
    if args.calls:
        try:
            calls = [int(c) for c in args.calls.split(",") if c.strip()]
        except ValueError:
            raise KfuseError(f"--calls expects call ids such as 0,1; got {args.calls!r}") from None
    print(explain(_load(args), _sizes(args.size), calls))


def _structured_programs(args):
    """The structured products of ``--blas3-routines`` (None without it); KfuseError for a
    family that is not structured or for the option without ``--blas3-table``."""
    if not args.blas3_routines:
        return None
    if not args.blas3_table:
        raise KfuseError("--blas3-routines needs --blas3-table FILE (the table the winners go to)")
    from . import blas
    from .pipeline.tune_points import programs
    try:
        return programs(args.blas3_routines, args.blas3_sizes, args.blas3_precision, blas=blas)
    except ValueError as exc:
        raise KfuseError(str(exc)) from None


def cmd_tune(args):
    from .pipeline.plan import bind_sizes
    from .frontend import script
    from .platform import device
    from .pipeline.tune import report_table, tune
    if not args.scripts and not args.blas3_table:
        raise KfuseError("kfuse tune needs scripts (or --blas3-table FILE)")
    progs = _structured_programs(args)
    device.require_gpu("kfuse tune (it measures plans on the GPU)")
    sizes = _sizes(args.size)
    reports = []
    if args.blas3_table:
        from .pipeline.tune import tune_table
        reports += tune_table(args.blas3_table, top=args.top, programs=progs, refine=args.refine)
        print(f"wrote the tuned GEMM schemes of {len(reports)} products to {args.blas3_table}")
    for path in args.scripts:
        prog = script.load(_script(path), args.dtype)
        prog = bind_sizes(prog, {k: v for k, v in sizes.items() if k in prog.symbols()})
        r = tune(prog, top=args.top, refine=args.refine)
        reports.append(r)
        print(f"{prog.name}: best {r['best_us']:.1f} us ({r['best_kernels']} kernel(s)), predicted-best plan "
              f"{r['first_us']:.1f} us; winner cached for later calls")
    table = report_table(reports)
    print(table)
    if args.report:
        _write(args.report, (table + "\n").encode())


def cmd_library(args):
    from . import library
    if args.name:
        print(json.dumps(library.get(args.name).metadata(), indent=2))
        return
    for n in library.names():
        f = library.get(n)
        ins = ", ".join(p.name + ("?" if p.optional else "") for p in f.inputs)
        print(f"  {n:<8} {f.hof:<14} {f.output.name} = {n}({ins})   {f.doc}")


def cmd_examples(args):
    from . import examples
    for name in examples.names():
        print(f"  {name:<8} {examples.describe(name)}")
    print(f"run one with: kfuse run NAME --size ... (scripts in {os.path.dirname(examples.path('bicgk'))})")


def cmd_cache(args):
    from .runtime import cache_dir
    s = cache_dir.summary()
    if args.clear:
        files, size = cache_dir.clear()
        print(f"cleared {s['path']}: removed {files} file(s), {cache_dir.human(size)}")
        for name, (f, b) in s["other"].items():
            print(f"  kept {name} ({f} file(s), {cache_dir.human(b)}): not a compiled kernel or tuned plan")
        return
    print(s["path"] + ("" if s["exists"] else " (does not exist yet)"))
    for kind, what in (("kernels", "compiled kernels"), ("tuned", "tuned plans")):
        f, b = s[kind]
        print(f"  {what}: {f} file(s), {cache_dir.human(b)}")
    for name, (f, b) in s["other"].items():
        print(f"  {name}: {f} file(s), {cache_dir.human(b)}")
    print("set KFUSE_CACHE_DIR to move it; kfuse cache --clear empties it")


def cmd_bench(args, rest):
    if "--stencils" in rest:   # the stencil suite: its own options and tables
        from .bench.stencils import main as stencils_main
        return stencils_main([a for a in rest if a != "--stencils"])
    if "--blas3" in rest:   # the BLAS-3 suite: its own options and tables
        from .bench.blas3 import main as blas3_main
        return blas3_main([a for a in rest if a != "--blas3"])
    if "--multi-gpu" in rest:   # the multi-GPU suite: ranks under torchrun, its own report
        from .bench.multigpu import main as multigpu_main
        return multigpu_main([a for a in rest if a != "--multi-gpu"])
    try:
        from .bench.runner import main as bench_main
    except ImportError as e:
        raise KfuseError(f"the benchmark suite is not available ({e})") from None
    return bench_main(rest)


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="kfuse", description="Fuse and compile GPU kernels of BLAS sequences.")
    p.add_argument("--version", action="version", version=f"kfuse {__version__}")
    sub = p.add_subparsers(dest="command", required=True)

    def script_cmd(name, help_, sizes=True, what="a .kf script, or an example's name (kfuse examples lists them)"):
        c = sub.add_parser(name, help=help_)
        c.add_argument("script", help=what)
        c.add_argument("--dtype", default=None, help="element type of undeclared-type values "
                       "(float32, float64, complex64, complex128; default float32)")
        if sizes:
            c.add_argument("--size", action="append", metavar="NAME=V", help="bind a symbolic size")
            c.add_argument("--plan", default=None, help="a plan JSON file to build instead of the default")
        return c

    c = script_cmd("graph", "print the data-dependency graph (DOT)", sizes=False)
    c.add_argument("-o", "--output", help="write DOT here")
    c.set_defaults(func=cmd_graph)
    c = script_cmd("plan", "print the plan")
    c.add_argument("--json", action="store_true", help="print the plan as JSON")
    c.add_argument("--unfused", action="store_true", help="one kernel per call")
    c.set_defaults(func=cmd_plan)
    c = script_cmd("compile", "write CUDA C and compile it to a cubin")
    c.add_argument("-o", "--output", help="CUDA source to write (default NAME.cu)")
    c.add_argument("--cubin", help="also write the cubin here")
    c.add_argument("--arch", help="target, e.g. sm_90 (default: the GPU's, else sm_90)")
    c.set_defaults(func=cmd_compile)
    c = script_cmd("stages", "write each compilation stage's artifact to a file (program, graph, plan, "
                   "kernels, CUDA, cubin, launch spec) and the numbered, editable stages: 01 metadata, "
                   "02 targets, 03 graphs (DDG, OEG), 04 search, 05 plan (JSON, new OEG), 06 cuda, "
                   "each with a report", what="a .kf script, an example's name, or a Python function: "
                   "MODULE:FUNCTION or path/to/file.py:FUNCTION (with --arg)")
    c.add_argument("--until", default="executable", metavar="STAGE",
                   help="the last stage to run, in order: program (= metadata), targets, graph (= graphs), "
                        "search, plan, kernels, cuda, cubin or executable")
    c.add_argument("--from", dest="start", default=None, metavar="STAGE",
                   help="resume from the (edited) artifact of targets (02_targets.json), search "
                        "(04_search.json) or plan (05_plan.json or 05_oeg_new.dot) in --out")
    c.add_argument("--out", default=None, help="folder to write into and read --from (default NAME_stages)")
    c.add_argument("--arch", help="target, e.g. sm_90 (default: the GPU's, else sm_90)")
    c.add_argument("--measure", choices=("auto", "on", "off"), default="auto",
                   help="01 metadata: time each call's unfused kernel on the GPU (auto: where there is "
                        "one; on: fail without one; off: predictions only)")
    c.add_argument("--arg", action="append", metavar="NAME=SPEC",
                   help="for a Python function (SCRIPT given as MODULE:FUNCTION or file.py:FUNCTION): an "
                        "argument, NAME=DTYPE[D0,D1,...] (':F' after it: column-major) or NAME=float")
    c.add_argument("--args-from", metavar="MODULE:CALLABLE",
                   help="for a Python function: a callable of no arguments returning example arguments "
                        "(NumPy arrays, kfuse.ShapeDtype, numbers; a tuple, or a dict by name)")
    c.set_defaults(func=cmd_stages)
    c = script_cmd("run", "compile and run on random inputs, check and time")
    c.add_argument("--arch", help="target, e.g. sm_90")
    c.add_argument("--out-dir", default="kfuse_out", help="where to write the .cu and .cubin")
    c.add_argument("--seed", type=int, default=0)
    c.add_argument("--repeat", type=int, default=20)
    c.set_defaults(func=cmd_run)
    c = script_cmd("explain", "why calls fuse or do not, and the plan the search picks")
    c.add_argument("--calls", help="comma-separated call ids to ask about, e.g. 2,3")
    c.set_defaults(func=cmd_explain)
    c = sub.add_parser("tune", help="benchmark the best predicted plans on the GPU and cache the fastest")
    c.add_argument("scripts", nargs="*", help=".kf scripts or example names")
    c.add_argument("--blas3-table", metavar="FILE", help="tune C = A @ B (float32 ieee and tf32, float64) at "
                   "1024-8192 and write the winning GEMM schemes to FILE (the shipped table's content)")
    c.add_argument("--blas3-routines", nargs="+", metavar="FAMILY",
                   help="with --blas3-table: tune these structured products instead (symm trmm syrk "
                        "syr2k: every variant, float32) at --blas3-sizes and --blas3-precision")
    c.add_argument("--blas3-sizes", nargs="+", type=int, default=[1024, 2048], metavar="N",
                   help="the n x n x n sizes of --blas3-routines (default 1024 2048)")
    c.add_argument("--blas3-precision", choices=("ieee", "tf32", "fp32x3"), default="ieee",
                   help="the precision of --blas3-routines (default ieee: exact fp32; tf32: tensor cores; "
                        "fp32x3: 3xTF32 tensor cores)")
    c.add_argument("--size", action="append", metavar="NAME=V", help="bind a symbolic size")
    c.add_argument("--dtype", default=None)
    c.add_argument("--top", type=int, default=8, help="how many plans to benchmark")
    c.add_argument("--refine", type=int, default=None,
                   help="then, kernel by kernel from the best measured plan, this many more of its "
                        "best predicted shapes (default top // 2; 0: none)")
    c.add_argument("--report", help="write the Tables 4-5 style report (Markdown) here")
    c.set_defaults(func=cmd_tune)
    c = sub.add_parser("library", help="list the elementary functions")
    c.add_argument("name", nargs="?")
    c.set_defaults(func=cmd_library)
    c = sub.add_parser("examples", help="list the example scripts shipped with kfuse")
    c.set_defaults(func=cmd_examples)
    c = sub.add_parser("cache", help="where compiled kernels and tuned plans are cached; --clear empties it")
    c.add_argument("--clear", action="store_true", help="remove the compiled kernels and tuned plans")
    c.set_defaults(func=cmd_cache)
    c = sub.add_parser("bench", help="benchmark kfuse against cuBLAS, CuPy, PyTorch, torch.compile, JAX",
                       add_help=False)
    c.set_defaults(func=None)
    c = sub.add_parser("calibrate", add_help=False,
                       help="measure this GPU for the cost model; keep the result only if kfuse is "
                            "not slower with it (written to the cache folder)")
    c.set_defaults(func=None)
    return p


def _calibration_check():
    """The validation ``kfuse calibrate`` runs before keeping a calibration (the suite's
    sequences and solver kernels, :func:`kfuse.bench.validate.calibration_check`)."""
    from .bench.validate import calibration_check
    return calibration_check()


def main(argv=None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser()
    _one_line_warnings()
    if argv and argv[0] not in ("-h", "--help", "--version"):
        try:   # a bad KFUSE_* value: one line before any command (--version and --help still work)
            from . import config
            config.get()
        except KfuseError as e:
            print(f"kfuse: error: {e}", file=sys.stderr)
            return 1
    if argv and argv[0] == "calibrate":
        from .calibrate.command import main as cal_main
        try:
            return cal_main(argv[1:], make_check=_calibration_check)
        except KfuseError as e:
            print(f"kfuse: error: {str(e).splitlines()[0]}", file=sys.stderr)
            return 1
    if argv and argv[0] == "bench":
        try:
            return cmd_bench(None, argv[1:]) or 0
        except KfuseError as e:
            print(f"kfuse: error: {e}", file=sys.stderr)
            return 1
    args = parser.parse_args(argv)
    try:
        return args.func(args) or 0
    except BrokenPipeError:   # `kfuse examples | head`: the reader left; say nothing, as Unix tools do
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 141
    except KfuseError as e:
        msg = str(e).splitlines()[0] if not isinstance(e, _compile_error()) else str(e)
        print(f"kfuse: error: {msg}", file=sys.stderr)
        return 1
    except (OSError, json.JSONDecodeError) as e:
        print(f"kfuse: error: {e}", file=sys.stderr)
        return 1


def _one_line_warnings():
    """kfuse's own warnings (a cache entry rebuilt, an unknown KFUSE_* variable) as one line."""
    import warnings

    from .errors import KfuseWarning
    plain = warnings.formatwarning
    if getattr(plain, "kfuse", False):
        return

    def fmt(message, category, *args, **kwargs):
        if issubclass(category, KfuseWarning):
            return f"kfuse: warning: {message}\n"
        return plain(message, category, *args, **kwargs)
    fmt.kfuse = True
    warnings.formatwarning = fmt


def _compile_error():
    from .errors import CompileError
    return CompileError


if __name__ == "__main__":
    sys.exit(main())
