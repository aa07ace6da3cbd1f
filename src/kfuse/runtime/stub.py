"""Host stubs: a Python function generated per executable for the common call.

The host path decides the speed of small calls, so each executable gets a
straight-line function with its checks and launches unrolled: the types,
element types, shapes, layouts, device and alignment of the arguments are
compared with constants, outputs are taken from a small ring of earlier
outputs nobody holds any more (:class:`OutputRing`) or allocated, and each
kernel is launched through the driver (``cuLaunchKernel``) with a parameter
block built at load time, only its pointers and scalars rewritten per call;
arguments seen twice get a CUDA graph of the launches (:class:`GraphCache`).
When any check fails it returns ``MISS`` and the caller takes the general path,
which converts (torch tensors, 0-d arrays) or explains the problem.  Sample,
for SGEMV (one kernel)::

    def kfuse_stub_sgemv(a0, a1, a2, a3, a4):
        if a0.__class__ is not _nd or a1.__class__ is not _nd or a2.__class__ is not _nd:
            return MISS
        if (a0.dtype is not _dt_0 or a0.shape != _shape_0 or not a0._c_contiguous
                or a1.dtype is not _dt_1 or a1.shape != _shape_1 or ...):
            return MISS
        d0 = a0.data
        ...
        if _get_device() != _dev or d0.device_id != _dev or d1.device_id != _dev or ...:
            return MISS
        p0 = d0.ptr
        ...
        if p0 & 15 or p1 & 15 or p2 & 15:
            return MISS
        if a3.__class__ is not float and a3.__class__ is not int:
            return MISS
        ...
        st = _settings()
        if not _lock.acquire(False):
            return MISS
        try:
            cur = _stream()
            s = cur.ptr
            o0 = _ring_0.take(s, st.reuse_outputs)
            if st.poison:
                _poison((o0, ), _steps)
            q0 = o0.data.ptr
            key = (s, p0, p1, p2, a3, a4, q0,)
            graphs = st.auto_graph and not st.poison and not _capturing(cur)
            g = _graphs.get(key) if graphs else None
            if g is not None:   # seen before: replay their graph
                g.launch()
            else:
                _q_0[0] = p0       # kernel 0's parameter block: pointers and scalars
                _q_0[1] = p1
                _f_0[4] = a3
                _q_0[3] = p2
                _f_0[8] = a4
                _q_0[5] = q0
                _issue(s)          # its launches
                if graphs:
                    _cache.remember(key, _issue)
        finally:
            _lock.release()
        return (o0,)

    def _issue(s):
        _launch(_fp_0, 1, 512, 1, 32, 4, 1, 0, s, _pp_0, 0)
"""
from __future__ import annotations

import array
import functools
import math
import sys
import threading

import numpy as np

MISS = object()

#: array.array type codes of the host scalars a stub writes into a parameter block
_SCALAR_CODES = {"float32": ("f", 1), "float64": ("d", 1), "complex64": ("f", 2), "complex128": ("d", 2)}


class OutputRing:
    """The last few arrays allocated for one output of one executable.

    ``take(stream, cap)`` returns one nobody else holds any more (no reference
    beyond this ring: not the caller, not a view, not its memory pointer) that
    was last used on the same stream, else a new array which replaces the oldest.
    CuPy's pool would have handed out the same memory in the same stream order;
    the ring saves the pool's bookkeeping and the array's construction (a large
    share of a short call's host time: ``kfuse calibrate`` measures the host path).  Outputs over ``cap`` bytes are always allocated (the
    ring would hold memory the pool could lend elsewhere)."""

    __slots__ = ("alloc", "nbytes", "arrays", "streams", "next")
    FREE = None          # reference counts of an array held by the ring alone (measured once)

    def __init__(self, shape, dtype, order, slots: int = 2):
        import cupy
        self.alloc = functools.partial(cupy.empty, shape, dtype, order)
        self.nbytes = int(np.prod(shape, dtype=np.int64)) * np.dtype(dtype).itemsize
        self.arrays, self.streams, self.next = [None] * slots, [0] * slots, 0
        if OutputRing.FREE is None:
            probe = [cupy.empty(1, np.uint8)]
            # no reuse without the GIL: counts are not the whole story there
            gil = getattr(sys, "_is_gil_enabled", lambda: True)()
            OutputRing.FREE = _refs(probe, 0) if gil else (-1, -1, -1)

    def take(self, stream: int, cap: int):
        """A free array of this output on ``stream``, or a new one."""
        if self.nbytes > cap:
            return self.alloc()
        arrays, streams = self.arrays, self.streams
        for i in range(len(arrays)):
            if arrays[i] is not None and streams[i] == stream and _refs(arrays, i) == OutputRing.FREE:
                return arrays[i]
        a = self.alloc()
        i = self.next
        arrays[i], streams[i] = a, stream
        self.next = (i + 1) % len(arrays)
        return a


class GraphCache:
    """CUDA graphs of one stub's launches, one per argument set
    (stream, input addresses, scalar values, output addresses) seen twice among the last
    ``seen`` calls; at most ``size`` graphs (then other arguments launch: a loop over more
    argument sets than that would otherwise capture round after round).  A hit replays the graph:
    one host call however many kernels, where each launch is a host call of its own (the
    host path's costs are what ``kfuse calibrate`` measures).  Loops that call with the same buffers (a time step
    alternating two arrays, a benchmark) hit; calls with new scalars each time never capture.
    Setting ``auto_graph`` (default on) enables it."""

    def __init__(self, size: int = 8, seen: int = 32):
        self.graphs, self.seen = {}, {}
        self.size, self.seen_size = size, seen
        self.stream = None
        self.captured = 0

    def remember(self, key: tuple, issue) -> None:
        """Note a call's arguments; on their second sighting capture ``issue`` (the stub's
        launches, parameters already written) as the graph for ``key``."""
        if len(self.graphs) >= self.size:
            return   # full: other arguments launch (evicting would recapture round after round)
        if key not in self.seen:
            self.seen[key] = None
            if len(self.seen) > self.seen_size:
                del self.seen[next(iter(self.seen))]
            return
        del self.seen[key]
        import cupy
        errors = (cupy.cuda.driver.CUDADriverError, cupy.cuda.runtime.CUDARuntimeError)
        try:
            if self.stream is None:
                self.stream = cupy.cuda.Stream(non_blocking=True)
            cs = self.stream
            with cs:
                cs.begin_capture(cupy.cuda.runtime.streamCaptureModeThreadLocal)
                try:
                    issue(cs.ptr)
                finally:
                    graph = cs.end_capture()
            graph.upload()
        except errors:
            return   # not capturable here (inside another capture, say): launches it stays
        self.graphs[key] = graph
        self.captured += 1


def _capturing(stream) -> bool:
    """Whether ``stream`` is being captured into a graph (then the stub launches, and neither
    replays nor captures graphs of its own); True where the query itself is refused."""
    try:
        return stream.is_capturing()
    except Exception:   # noqa: BLE001 - an illegal query during another capture: stay out of the way
        return True


def _refs(arrays: list, i: int) -> tuple:
    """Reference counts of ``arrays[i]``, its memory pointer and its memory (the ring's
    test for "held by nobody else"; the same code measures the baseline)."""
    a = arrays[i]
    d = a.data
    return sys.getrefcount(a), sys.getrefcount(d), sys.getrefcount(d.mem)


class ParamBlock:
    """The kernel parameters of one launch, laid out once: 8-byte slots (16 for complex128)
    in one buffer, and the array of their addresses that ``cuLaunchKernel`` takes.  Views of
    the buffer write a slot: ``q`` as a 64-bit pointer, ``f`` and ``d`` as float32 and float64
    scalars (index ``offsets[k] // 8``, ``// 4``)."""

    def __init__(self, kinds: list):
        """``kinds``: per parameter "ptr" or a host scalar's dtype name."""
        self.offsets, off = [], 0
        for k in kinds:
            self.offsets.append(off)
            off += 16 if k == "complex128" else 8
        self.buf = array.array("Q", [0] * max(1, off // 8))
        base = self.buf.buffer_info()[0]
        self.addrs = array.array("Q", [base + o for o in self.offsets] or [0])
        raw = memoryview(self.buf).cast("B")
        self.q = raw.cast("Q")
        self.f = raw.cast("f")
        self.d = raw.cast("d")

    @property
    def pointer(self) -> int:
        """Address of the parameter-address array (``kernelParams``)."""
        return self.addrs.buffer_info()[0]


def poison(arrays, steps) -> None:
    """Debug aid (setting ``poison``): NaN in every output and partial-result buffer before the
    launches, so elements a kernel fails to write show."""
    for a in arrays:
        a.fill(np.nan)
    for step in steps:
        for r in step.recipe:
            if not isinstance(r, str) and r.dtype == np.uint8:
                r.fill(0xFF)  # all-ones bytes are NaN for every float type


def make_stub(exe, dev: int, steps: list):
    """The stub of ``exe`` for device ``dev`` (its module loaded as ``steps``: Steps of
    :mod:`kfuse.runtime.launch`), or None when the program needs the general path anyway (host
    scalars returned, 0-d device scalars, sparse matrices, host scalars of other types than
    float and complex, by-value parameter blocks).  It reads ``exe.launch_spec`` alone.

    The stub checks its arguments (:func:`_array_checks`, :func:`_scalar_checks`), takes the
    lock, then in a ``try`` takes its outputs and replays a CUDA graph or writes the parameter
    blocks and issues the launches (:func:`_call_body`, :func:`_launches`)."""
    import cupy
    from cupy.cuda import driver

    from .. import config
    spec = exe.launch_spec
    allocs = [(a.name, a.shape, np.dtype(a.dtype), a.order) for a in spec.per_call]
    ns = {"MISS": MISS, "_nd": cupy.ndarray, "_dev": dev, "_lock": threading.Lock(),
          "_get_device": cupy.cuda.runtime.getDevice, "_settings": config.get,
          "_stream": cupy.cuda.get_current_stream, "_launch": driver.launchKernel}
    names = [f"a{i}" for i in range(spec.n_arguments)]
    arrays = _stub_arrays(spec)
    if arrays is None:
        return None
    lines, ptr = _array_checks(names, arrays, spec.aligned, ns)
    scalar_lines, scalars = _scalar_checks(spec, names)
    lines += scalar_lines
    lines += ["    st = _settings()", "    if not _lock.acquire(False):", "        return MISS"]
    var = {t.name: names[t.argument] for t in spec.inputs}
    for j, (name, _shape, _dt, _order) in enumerate(allocs):
        var[name] = f"o{j}"
        ptr[name] = f"q{j}"
    if any(isinstance(r, str) and r not in ptr and r not in scalars
           for step in steps for r in step.recipe):
        return None   # a parameter the stub does not know how to pass (a by-value block, say)
    writes, issue = _launches(steps, scalars, ptr, ns)
    _define_issue(issue, spec, ns)
    cache = ns["_cache"] = GraphCache()
    ns["_graphs"] = cache.graphs
    lines.append("    try:")
    lines += _call_body(allocs, steps, arrays, scalars, writes, ns)
    lines.append("    finally:")
    lines.append("        _lock.release()")
    outs = [f"{var[o.view_of]}.T" if o.view_of is not None else var[o.name] for o in spec.outputs]
    lines.append(f"    return ({', '.join(outs)},)")
    fname = stub_name(spec.program)
    src = f"def {fname}({', '.join(names)}):\n" + "\n".join(lines) + "\n"
    exec(compile(src, f"<kfuse stub {fname}>", "exec"), ns)  # noqa: S102 - generated from our own data
    stub = ns[fname]
    stub.source = src
    stub.graphs = cache
    return stub


def stub_name(program: str) -> str:
    """The stub's Python name: ``kfuse_stub_`` and the program's name with every character that
    is not an ASCII letter or digit as ``_`` (``str.isalnum`` passes ``²``, which no identifier
    may hold), at most 100 of them; always ``str.isidentifier``."""
    return "kfuse_stub_" + "".join(c if c.isascii() and c.isalnum() else "_" for c in str(program)[:100])


def _stub_arrays(spec) -> list | None:
    """The array inputs as (argument, name, InputSpec), or None where the stub cannot take the
    program: 0-d device scalars, sparse matrices, host scalars not float or complex, host
    outputs."""
    arrays = []
    for t in spec.inputs:
        if (t.kind == "scalar" and not t.host) or t.kind == "sparse":
            return None   # 0-d device arrays and sparse matrices: the general path checks them
        if t.kind == "scalar" and t.dtype not in _SCALAR_CODES:
            return None
        if t.kind != "scalar":
            arrays.append((t.argument, t.name, t))
    if any(o.host for o in spec.outputs):
        return None
    return arrays


def _array_checks(a: list, arrays: list, aligned: dict, ns: dict) -> tuple:
    """(lines, ptr): the stub's checks of its array arguments ``a[i]`` (CuPy arrays of the
    compiled dtype, shape and contiguity, on the device, aligned where a kernel needs it),
    returning MISS otherwise; ``ptr``: value name -> the variable holding its address."""
    lines, ptr = [], {}
    if not arrays:
        return lines, ptr
    lines.append("    if " + " or ".join(f"{a[i]}.__class__ is not _nd" for i, _, _ in arrays) + ":")
    lines.append("        return MISS")
    conds = []
    for i, _name, t in arrays:
        ns[f"_dt_{i}"] = np.dtype(t.dtype)
        ns[f"_shape_{i}"] = tuple(t.shape)
        conds += [f"{a[i]}.dtype is not _dt_{i}", f"{a[i]}.shape != _shape_{i}",
                  f"not {a[i]}.{t.contiguity}"]
    lines.append("    if (" + "\n            or ".join(conds) + "):")
    lines.append("        return MISS")
    for i, _, _ in arrays:
        lines.append(f"    d{i} = {a[i]}.data")
    lines.append("    if _get_device() != _dev or " +
                 " or ".join(f"d{i}.device_id != _dev" for i, _, _ in arrays) + ":")
    lines.append("        return MISS")
    for i, name, _ in arrays:
        lines.append(f"    p{i} = d{i}.ptr")
        ptr[name] = f"p{i}"
    need = [(i, aligned[name]) for i, name, _ in arrays if name in aligned]
    if need:
        lines.append("    if " + " or ".join(f"p{i} & {n - 1}" for i, n in need) + ":")
        lines.append("        return MISS")
    return lines, ptr


def _scalar_key(v: str, dtype: str) -> str:
    """The graph key's text for host scalar ``v``: its value and, for a real zero, its sign (``0.0
    == -0.0``, but a graph captured with one must not replay for the other: ``-0.0 * x``)."""
    if dtype.startswith("complex"):
        return f"{v}, ({v} == 0 and repr({v}))"
    return f"{v}, ({v} == 0 and _copysign(1.0, {v}) < 0)"


def _scalar_checks(spec, a: list) -> tuple:
    """(lines, scalars): the checks of the host scalar arguments (Python float or int, complex
    too for complex scalars); ``scalars``: value name -> (argument variable, dtype)."""
    lines, scalars = [], {}
    for t in spec.inputs:
        i = t.argument
        if t.kind == "scalar":
            ok = ["float", "int"] + (["complex"] if t.dtype.startswith("complex") else [])
            lines.append("    if " + " and ".join(f"{a[i]}.__class__ is not {k}" for k in ok) + ":")
            lines.append("        return MISS")
            scalars[t.name] = (a[i], t.dtype)
    return lines, scalars


def _launches(steps: list, scalars: dict, ptr: dict, ns: dict) -> tuple:
    """(writes, issue): per launch a :class:`ParamBlock` in ``ns``, the lines writing its
    per-call slots (pointers, scalars; the workspace slots are written once here), and the
    line issuing it."""
    writes, issue = [], []
    for k, (fn, grid, block, shared, recipe) in enumerate(steps):
        pb = ParamBlock([scalars[r][1] if isinstance(r, str) and r in scalars else "ptr" for r in recipe])
        ns[f"_q_{k}"], ns[f"_f_{k}"], ns[f"_d_{k}"] = pb.q, pb.f, pb.d
        # _pb_ keeps the address array _pp_ points at alive; _fn_ the function _fp_ names
        ns[f"_pp_{k}"], ns[f"_pb_{k}"] = pb.pointer, pb
        ns[f"_fp_{k}"], ns[f"_fn_{k}"] = fn.ptr, fn
        for r_i, r in enumerate(recipe):
            writes += _slot_writes(k, pb, pb.offsets[r_i], r, scalars, ptr)
        g = tuple(grid) + (1,) * (3 - len(grid))
        b = tuple(block) + (1,) * (3 - len(block))
        issue.append(f"    _launch(_fp_{k}, {g[0]}, {g[1]}, {g[2]}, {b[0]}, {b[1]}, {b[2]}, {int(shared)}, s, _pp_{k}, 0)")
    return writes, issue


def _slot_writes(k: int, pb: ParamBlock, off: int, r, scalars: dict, ptr: dict) -> list:
    """The lines writing the parameter at byte ``off`` of launch ``k``'s block from recipe entry
    ``r`` (a scalar's value, an array's address); a workspace buffer's address is written into
    ``pb`` now (the same buffer every call) and takes no line."""
    if isinstance(r, str) and r in scalars:
        var_, dt = scalars[r]
        code, parts = _SCALAR_CODES[dt]
        view, size = (f"_f_{k}", 4) if code == "f" else (f"_d_{k}", 8)
        if parts == 1:
            return [f"            {view}[{off // size}] = {var_}"]
        return [f"            {view}[{off // size}] = {var_}.real",
                f"            {view}[{off // size + 1}] = {var_}.imag"]
    if isinstance(r, str):
        return [f"            _q_{k}[{off // 8}] = {ptr[r]}"]
    pb.q[off // 8] = int(r) if isinstance(r, np.integer) else r.data.ptr   # a literal, or a workspace
    return []


def _define_issue(issue: list, spec, ns: dict) -> None:
    """Compile ``_issue(s)`` (the launches on stream ``s``) into ``ns``, its source kept."""
    if not issue:
        issue.append("    pass")   # nothing to launch (a program that only returns its inputs)
    isrc = "def _issue(s):\n" + "\n".join(issue) + "\n"
    ns["_capturing"] = _capturing
    exec(compile(isrc, f"<kfuse launches {spec.program}>", "exec"), ns)  # noqa: S102 - generated from our own data
    ns["_issue"].source = isrc


def _call_body(allocs: list, steps: list, arrays: list, scalars: dict, writes: list, ns: dict) -> list:
    """The lines inside the stub's ``try``: the outputs taken from their rings (poisoned when
    asked), the graph key, then the graph replayed or the parameters written and launched."""
    body = ["        cur = _stream()", "        s = cur.ptr"]
    for j, (_name, shape, dt, order) in enumerate(allocs):
        ns[f"_ring_{j}"] = OutputRing(shape, dt, order)
        body.append(f"        o{j} = _ring_{j}.take(s, st.reuse_outputs)")
    if allocs:
        ns["_poison"] = poison
        ns["_steps"] = steps
        body.append("        if st.poison:")
        body.append(f"            _poison(({''.join(f'o{j}, ' for j in range(len(allocs)))}), _steps)")
    for j in range(len(allocs)):
        body.append(f"        q{j} = o{j}.data.ptr")
    ns["_copysign"] = math.copysign
    key = ["s"] + [f"p{i}" for i, _, _ in arrays] + [_scalar_key(v, dt) for v, dt in scalars.values()] + \
        [f"q{j}" for j in range(len(allocs))]
    body.append(f"        key = ({', '.join(key)},)")
    body.append("        graphs = st.auto_graph and not st.poison and not _capturing(cur)")
    body.append("        g = _graphs.get(key) if graphs else None")
    body.append("        if g is not None:")
    body.append("            g.launch()")
    body.append("        else:")
    body += writes
    body.append("            _issue(s)")
    body.append("            if graphs:")
    body.append("                _cache.remember(key, _issue)")
    return body
