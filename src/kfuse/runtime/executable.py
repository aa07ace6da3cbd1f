"""Executables: a compiled plan that runs on CuPy arrays.

The host path of a call is kept lean: arguments are checked against
precomputed expectations, outputs allocated from CuPy's memory pool, and each
kernel launched with an argument tuple assembled from a precomputed recipe.
"""
from __future__ import annotations

import numbers

import numpy as np

from .. import config
from ..errors import ArgumentError, KfuseError, NoGPUError
from ..fusion.inplace import inplace_writes
from ..ir import Program
from ..platform import arrays, device
from .launch import byval_args, load_steps, pass_by_value, run_steps
from .launch_spec import build_spec
from .stub import MISS, make_stub, poison
from .targets import base_arch


class Executable:
    """A compiled program: call it with device arrays in the order of its inputs.

    Returns a tuple of outputs in the program's return order (CuPy arrays, or
    torch tensors if any input was one; scalars as 0-d arrays).

    ``launch_spec`` describes how to call it (:class:`~kfuse.runtime.launch_spec.LaunchSpec`);
    ``stages`` holds each compilation stage's artifact (:mod:`kfuse.pipeline.stages`); ``arch``
    is the device architecture it runs on, ``target`` the one it was compiled for (``sm_90a``
    where a kernel needs it).
    """

    def __init__(self, program: Program, plan, module, compiled, arch: str,
                 compile_seconds: float, cache_hit: bool, target: str | None = None, build=None):
        self.program = program
        self.plan_obj = plan
        self.module = module
        self.compiled = compiled
        self.arch = arch
        self.target = target or arch
        self.compile_seconds = compile_seconds
        self.cache_hit = cache_hit
        self.stages: dict = {}
        self.launch_spec = spec = build_spec(program, module, arch, self.target)
        self.n_arguments = spec.n_arguments
        self._loaded = None
        self.stub = None
        self.use_graph = False
        self._graphs: dict = {}
        self._inputs = [(n, program.value(n)) for n in program.inputs]
        # the caller passes one argument per input except copies (``copy_of``: a Python number
        # also used in another element type), which are filled from their argument
        self._user_inputs = [(n, v) for n, v in self._inputs if not v.copy_of]
        pos = {n: k for k, (n, _) in enumerate(self._user_inputs)}
        self._expand = None if len(self._user_inputs) == len(self._inputs) else \
            tuple(pos[v.copy_of or n] for n, v in self._inputs)
        self._input_index = {v.display: i for i, (_, v) in enumerate(self._user_inputs)}
        self._aligned = spec.aligned
        self._byval = byval_args(spec.launches)
        self._fallback = None
        self._build = build   # (program, plan, arch) -> Executable: the stages that made this one
        self._fast = [(t.name, t.kind == "scalar" and t.host, tuple(t.shape), np.dtype(t.dtype), t.contiguity,
                       tuple(part for part, _ in t.parts) if t.kind == "sparse" else None)
                      for t in spec.inputs]
        self._sparse_cls = None
        # Python int arguments that index a vector (``fict[t]``): input -> the vector's length,
        # checked on the host at every call (no device sync), as NumPy checks an index
        self._index_len = index_lengths(program)
        self._outs = [(o.name, o.view_of) for o in spec.outputs]
        self._host_outputs = any(o.host for o in spec.outputs)
        self._allocs = [(a.name, a.shape, np.dtype(a.dtype), a.order) for a in spec.per_call]
        # the arguments the function writes: (output holding the final value, input) pairs, copied
        # into the caller's array after the kernels (:func:`write_back`); and the returned outputs
        self._writes = [(out, inp) for inp, out in program.writes.items()]
        # the final values a kernel stores straight into the written argument (no copy)
        self._inplace = [(f, u) for f, u in inplace_writes(program, plan).items()]
        self._returned = len(program.returned())
        self._shown = {n: v.display for n, v in self._inputs}

    # ------------------------------------------------------------------ info
    @property
    def n_kernels(self) -> int:
        return len(self.module.kernels)

    @property
    def plan(self) -> dict:
        return self.plan_obj.to_json(self.program)

    @property
    def source(self) -> str:
        return self.module.source

    @property
    def resources(self) -> dict:
        return self.compiled.resources()

    @property
    def input_names(self) -> list:
        return [v.display for _, v in self._user_inputs]

    def __repr__(self):
        return (f"<kfuse.Executable {self.program.name}: {self.n_kernels} kernel(s), "
                f"inputs ({', '.join(self.input_names)})>")

    # ------------------------------------------------------------------ loading
    def load(self):
        """Load the cubin into the current CUDA context and allocate the workspace."""
        device.require_gpu(f"running {self.program.name}")
        import cupy
        dev = cupy.cuda.runtime.getDevice()
        if self._loaded is not None and self._loaded[0] == dev:
            return self._loaded[1]
        cc = f"sm_{cupy.cuda.Device(dev).compute_capability}"
        if cc != base_arch(self.target):
            raise NoGPUError(f"{self.program.name} was compiled for {self.target} but device {dev} is {cc}")
        mod = cupy.cuda.function.Module()
        mod.load(self.compiled.cubin)
        steps = load_steps(mod, self.launch_spec.launches, dev)
        self._loaded = (dev, (mod, steps))
        self._steps = steps
        self.stub = None if self.use_graph or self._writes else make_stub(self, dev, steps)
        return self._loaded[1]

    # ------------------------------------------------------------------ calling
    def bind(self, args: tuple, kwargs: dict) -> tuple:
        """Checked arguments as {value name: device array or NumPy scalar}, and whether torch was used."""
        n = self.n_arguments
        if kwargs:
            args = list(args) + [None] * (n - len(args))
            for k, val in kwargs.items():
                if k not in self._input_index:
                    raise ArgumentError(f"{self.program.name} has no input {k!r} "
                                        f"(inputs: {', '.join(self.input_names)})")
                i = self._input_index[k]
                if args[i] is not None:
                    raise ArgumentError(f"input {k!r} given twice")
                args[i] = val
            missing = [self._user_inputs[i][1].display for i in range(n) if args[i] is None]
            if missing:
                raise ArgumentError(f"missing input(s): {', '.join(missing)}")
        if len(args) != n:
            raise ArgumentError(f"{self.program.name} takes {n} input(s) ({', '.join(self.input_names)}), "
                                f"got {len(args)}")
        if self._expand is not None:
            args = [args[j] for j in self._expand]
        env, torch_used = {}, False
        check = config.get().check_inputs
        self.precheck(args)
        for (name, val), x in zip(self._inputs, args):
            t = val.type
            shown = val.display
            if t.kind == "sparse":
                from .. import sparse
                sparse.check_sparse(shown, x, t.shape, t.dtype, t.fmt)
                env[name] = x
                for part, _kind in t.parts:
                    env[f"{name}#{part}"] = getattr(x, part)
                continue
            if t.kind == "scalar":
                if val.host:
                    env[name] = self._index(name, x) if name in self._index_len else \
                        arrays.host_scalar(shown, x, t.dtype)
                else:
                    torch_used |= arrays.is_torch(x)
                    env[name] = arrays.device_scalar(shown, x, t.dtype)
                continue
            torch_used |= arrays.is_torch(x)
            a = arrays.to_cupy(shown, x)
            if t.dtype == "bool" and tuple(a.shape) + (1,) == tuple(t.shape):
                a = a.reshape(t.shape)   # a mask F[mask, :] read over F's grid: mask[..., None], no copy
            if check:
                arrays.check_array(shown, a, t.kind, t.shape, t.dtype, t.order)
            env[name] = a
        return env, torch_used

    def _index(self, name: str, x):
        """Python int argument ``name`` used as an index (``fict[t]``), checked: an int64."""
        n, vec = self._index_len[name]
        return index_argument(self.program.value(name).display, x, n, vec)

    def precheck(self, args: tuple) -> None:
        """Check every argument from its metadata alone (host arrays, rank, shape, element type,
        layout, a number where a number goes), then that a GPU is usable (NoGPUError with the
        reason): all before anything touches the device."""
        for (name, val), x in zip(self._inputs, args):
            t = val.type
            if t.kind == "sparse":
                continue   # kfuse.sparse checks its own, reading only the host-side description
            if t.kind == "scalar" and val.host:
                if name in self._index_len and not hasattr(x, "__cuda_array_interface__"):
                    self._index(name, x)
                elif not (arrays.is_torch(x) or hasattr(x, "__cuda_array_interface__")):
                    arrays.host_scalar(val.display, x, t.dtype)   # a 0-d device array is read later
                continue
            shape = tuple(t.shape)
            if t.dtype == "bool" and len(x.shape) + 1 == len(shape):   # a mask F[mask, :] (mask[..., None])
                shape = shape[:-1]
            arrays.precheck(val.display, x, "scalar" if t.kind == "scalar" else t.kind, shape, t.dtype, t.order)
        device.require_gpu(f"running {self.program.name}")

    def fast_bind(self, args: tuple):
        """The common case checked in a few attribute reads: CuPy arrays of the traced shape,
        element type and layout on the current device, and Python floats.  None means: take
        the full path (which converts torch tensors and explains any problem, and checks the
        GPU on the first call)."""
        if self._loaded is None:
            return None
        if self._expand is not None:
            args = [args[j] for j in self._expand]
        import cupy
        nd = cupy.ndarray
        dev = cupy.cuda.runtime.getDevice()
        env = {}
        for (name, host, shape, dt, contig, parts), x in zip(self._fast, args):
            if parts is not None:   # a device sparse matrix of the traced format, shape and type
                if self._sparse_cls is None:
                    from .. import sparse
                    self._sparse_cls = {"indptr": sparse.CSR, "cols": sparse.ELL}
                if (type(x) is not self._sparse_cls[parts[0]] or x.dtype != dt or x.shape != shape
                        or type(getattr(x, parts[-1])) is not nd):
                    return None
                env[name] = x
                for part in parts:
                    a = getattr(x, part)
                    if a.data.device_id != dev:
                        return None
                    env[f"{name}#{part}"] = a
                continue
            if host:
                if type(x) is float or type(x) is int:
                    env[name] = dt.type(x) if name not in self._index_len else self._index(name, x)
                    continue
                return None
            if (type(x) is not nd or x.dtype is not dt or x.shape != shape or not getattr(x, contig)
                    or x.data.device_id != dev):
                return None
            env[name] = x
        return env

    def run_bound(self, env: dict) -> dict:
        """Allocate outputs and launch every kernel; ``env`` gains the computed values."""
        import cupy
        loaded = self._loaded
        if loaded is None or loaded[0] != cupy.cuda.runtime.getDevice():
            self.load()
        steps = self._steps
        empty = cupy.empty
        for f, u in self._inplace:
            env[f] = env[u]
        for name, shape, dt, order in self._allocs:
            if name not in env:
                env[name] = empty(shape, dt, order)
        if config.get().poison:
            mine = {f for f, _ in self._inplace}
            poison([env[name] for name, *_ in self._allocs if name not in mine], steps)
        if self._byval:
            pass_by_value(env, self._byval)
        run_steps(steps, env)
        if self._writes:
            write_back(env, self._writes)
        return env

    def loaded_steps(self) -> list:
        """The loaded launches (:class:`kfuse.runtime.launch.Step`: function, grid, block,
        dynamic shared bytes, argument recipe) on the current device, loading if needed."""
        import cupy
        if self._loaded is None or self._loaded[0] != cupy.cuda.runtime.getDevice():
            self.load()
        return self._steps

    def prepare(self, args: tuple, out=None):
        """Bound, checked arguments with every output and intermediate allocated (``out=``:
        the caller's arrays), ready for :meth:`run_bound` to launch without allocating -- what
        capturing several calls into one CUDA graph needs.  None when an input is not aligned
        for the plan's vector loads (the caller then calls normally)."""
        env = self.fast_bind(args) if len(args) == self.n_arguments else None
        if env is None:
            env = self.bind(args, {})[0]
        if out is not None:
            self.bind_out(env, out)
        if self._writes:
            check_write_aliases(env, self._writes, self._shown)
        if self._aligned and self.misaligned(env):
            return None
        self._alloc_missing(env)
        return env

    def _alloc_missing(self, env: dict) -> None:
        """Allocate every output and intermediate ``env`` lacks (before a capture: none inside)."""
        import cupy
        for f, u in self._inplace:
            env[f] = env[u]
        for name, shape, dt, order in self._allocs:
            if name not in env:
                env[name] = cupy.empty(shape, dt, order)

    def capture(self, envs: list):
        """One CUDA graph (``cupy.cuda.Graph``) that runs this program once per prepared env
        (:meth:`prepare`), in order; replay it with ``graph.launch()``.  The envs' arrays must
        outlive the graph."""
        import cupy
        loaded = self._loaded
        if loaded is None or loaded[0] != cupy.cuda.runtime.getDevice():
            self.load()
        stream = cupy.cuda.Stream(non_blocking=True)
        with stream:
            stream.begin_capture()
            try:
                for env in envs:
                    self.run_bound(env)
            finally:
                graph = stream.end_capture()
        return graph

    def misaligned(self, env: dict) -> list:
        """Inputs whose address does not allow the plan's 16-byte loads."""
        return [v for v, n in self._aligned.items() if env[v].data.ptr % n]

    def fallback(self) -> "Executable":
        """The same program with one element per thread (:func:`kfuse.fusion.unpacked_plan`):
        for inputs that are not 16-byte aligned."""
        if self._fallback is None:
            from ..fusion import unpacked_plan
            if self._build is None:
                raise KfuseError(f"{self.program.name}: inputs are not 16-byte aligned and this "
                                 "executable was made without the stages that build its fallback")
            self._fallback = self._build(self.program, unpacked_plan(self.plan_obj), self.arch)
        return self._fallback

    def bind_out(self, env: dict, out) -> None:
        """Use the caller's arrays for the outputs: exact shape, element type and layout, on the
        device, and sharing no memory with an input or another output (one clear error)."""
        import cupy
        out = (out,) if not isinstance(out, (tuple, list)) else tuple(out)
        returned = self.program.returned()
        if len(out) != len(returned):
            raise ArgumentError(f"out= needs {len(returned)} array(s), got {len(out)}")
        taken = [(n, x) for n, x in env.items() if isinstance(x, cupy.ndarray)]
        for o, a in zip(returned, out):
            v = self.program.value(o)
            shown = f"out[{self.program.outputs.index(o)}] ({v.display})"
            if v.role == "input" or v.view_of or o not in {n for n, *_ in self._allocs} or \
                    o in self.program.writes.values():
                raise ArgumentError(f"{shown}: this output is an input or a view; out= cannot receive it")
            a = arrays.to_cupy(shown, a)
            t = v.type
            if t.kind == "scalar":
                if a.shape not in ((), (1,)) or a.dtype.name != t.dtype:
                    raise ArgumentError(f"{shown} must be a 0-d {t.dtype} array, got {a.shape} {a.dtype}")
            else:
                arrays.check_array(shown, a, t.kind, t.shape, t.dtype, t.order)
            lo, hi = a.data.ptr, a.data.ptr + a.nbytes
            for n, x in taken:
                if x.nbytes and lo < x.data.ptr + x.nbytes and x.data.ptr < hi:
                    other = self.program.value(n).display if n in self.program.values else n.split("#")[0]
                    raise ArgumentError(f"{shown} shares memory with {other!r}: outputs may not alias "
                                        "inputs or each other")
            env[o] = a
            taken.append((o, a))

    def _call_graph(self, args, kwargs, out=None) -> tuple:
        """Graph mode: the whole program captured once per (input addresses, scalar values) as a
        CUDA graph and replayed.  The outputs are allocated at capture and reused: each call
        returns the same arrays, overwritten (as with any CUDA graph, inputs are read in place)."""
        import cupy
        env, torch_used = self.bind(args, kwargs)
        if self._aligned and self.misaligned(env):
            return self.fallback()(*args, out=out, **kwargs)
        if out is not None:
            self.bind_out(env, out)
        if self._writes:
            check_write_aliases(env, self._writes, self._shown)
        key = tuple((n, x.data.ptr) if isinstance(x, cupy.ndarray) else (n, x.item(), repr(x.item()))
                    for n, x in env.items() if isinstance(x, (cupy.ndarray, np.generic)))   # repr: -0.0
        hit = self._graphs.get(key)
        if hit is None:
            self._alloc_missing(env)
            hit = (self.capture([env]), env)
            if len(self._graphs) >= 8:
                self._graphs.pop(next(iter(self._graphs)))
            self._graphs[key] = hit
        graph, env = hit
        graph.launch(stream=cupy.cuda.get_current_stream())
        outs = tuple(self._output(env, o) for o in self.program.returned())
        if torch_used:
            import torch
            outs = tuple(torch.from_dlpack(o) for o in outs)
        return outs

    def __call__(self, *args, out=None, **kwargs):
        """Run on device arrays; ``out=``: arrays (one per output) to write the results into."""
        if self.use_graph:
            return self._call_graph(args, kwargs, out)
        stub = self.stub
        if stub is not None and out is None and not kwargs and len(args) == self.n_arguments:
            r = stub(*args)
            if r is not MISS:
                return r
        env = None
        if not kwargs and len(args) == self.n_arguments:
            env = self.fast_bind(args)
        if env is not None:
            torch_used = False
        else:
            env, torch_used = self.bind(args, kwargs)
        if out is not None:
            self.bind_out(env, out)
        if self._writes:
            check_write_aliases(env, self._writes, self._shown)
        if self._aligned and self.misaligned(env):
            env = self.fallback().run_bound(env)
        else:
            env = self.run_bound(env)
        outs = tuple([env[o] if base is None else env[base].T for o, base in self._outs[:self._returned]])
        if self._host_outputs or self._writes:
            outs = tuple(self._output(env, o) for o in self.program.returned())
        if torch_used:
            import torch
            outs = tuple(torch.from_dlpack(o) for o in outs)
        return outs

    def _output(self, env, name):
        """The array returned for output ``name`` (a written argument's final value: the
        caller's array itself, as NumPy returns it)."""
        for out, inp in self._writes:
            if out == name:
                return env[inp]
        v = self.program.value(name)
        if v.view_of:
            return env[v.view_of].T
        x = env[name]
        if isinstance(x, np.generic):  # a host scalar returned as is
            import cupy
            return cupy.asarray(x)
        return x

    # ------------------------------------------------------------------ reference
    def reference(self, *args, **kwargs) -> tuple:
        """The program evaluated by the NumPy float64 reference on the same inputs."""
        from .. import reference
        if kwargs:
            args = list(args) + [None] * (self.n_arguments - len(args))
            for k, val in kwargs.items():
                args[self._input_index[k]] = val
        if self._expand is not None:
            args = [args[j] for j in self._expand]
        res = reference.run(self.program, {n: a for (n, _), a in zip(self._inputs, args)})
        return tuple(res[o] for o in self.program.returned())

    def time(self, *args, repeat: int = 20, warmup: int = 3, calls: int = 10) -> float:
        """Median over ``repeat`` loops of the seconds per call of ``calls`` back-to-back calls,
        with CUDA events (a quick check; ``kfuse bench`` is the benchmark)."""
        from .timing import median_seconds
        return median_seconds(lambda: self(*args), loops=repeat, calls=calls, warmup=warmup)




def index_argument(shown: str, x, n: int, vec: str):
    """Argument ``shown`` = ``x`` indexing ``vec`` of length ``n`` (``fict[t]``) as an int64;
    ArgumentError naming the argument when it is no integer or out of NumPy's range [-n, n)."""
    if not isinstance(x, numbers.Number):
        x = arrays.host_scalar(shown, x, "float64")   # a 0-d array
    try:
        k = None if isinstance(x, (bool, complex)) else int(x)
    except (TypeError, ValueError, OverflowError):   # NaN, inf
        k = None
    if k is None or k != x or not -n <= k < n:
        raise ArgumentError(f"argument {shown!r} = {x!r} indexes {vec}, of length {n} ({vec}[{shown}]): "
                            f"it must be an integer in [-{n}, {n})")
    return np.int64(k)

def index_lengths(program) -> dict:
    """Host scalar inputs that index a vector (``pick``'s ``i``, ``fict[t]``) -> (its length, its
    name); the shortest where one indexes several."""
    out = {}
    for c in program.calls:
        if c.fn == "pick":
            name = c.args["i"]
            x = program.value(c.args["x"])
            if name not in out or int(x.type.shape[0]) < out[name][0]:
                out[name] = (int(x.type.shape[0]), x.display)
    return out

def write_back(env: dict, writes: list) -> None:
    """Copy each written argument's final value into the caller's array, in stream order (a
    device-to-device copy where the layouts match, else an elementwise copy; both captured in
    CUDA graphs).  Refuses a written argument that shares memory with another argument: NumPy
    would show the write through the other name, a traced function does not."""
    import cupy
    stream = cupy.cuda.get_current_stream()
    for out, inp in writes:
        dst, src = env[inp], env[out]
        if dst.data.ptr == src.data.ptr:
            continue
        if (dst.flags.c_contiguous and src.flags.c_contiguous) or (dst.flags.f_contiguous and src.flags.f_contiguous):
            cupy.cuda.runtime.memcpyAsync(dst.data.ptr, src.data.ptr, src.nbytes, 3, stream.ptr)
        else:
            dst[...] = src


def check_write_aliases(env: dict, writes: list, names: dict) -> None:
    """ArgumentError if a written argument shares memory with another argument."""
    import cupy
    for _, inp in writes:
        a = env[inp]
        lo, hi = a.data.ptr, a.data.ptr + a.nbytes
        for n, x in env.items():
            if n == inp or not isinstance(x, cupy.ndarray) or not x.nbytes or n not in names:
                continue
            if lo < x.data.ptr + x.nbytes and x.data.ptr < hi:
                raise ArgumentError(f"argument {names[inp]!r} is written by the function and shares memory with "
                                    f"argument {names[n]!r}: NumPy would show the write through both names; "
                                    "pass distinct arrays (or a copy)")
