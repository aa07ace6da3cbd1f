"""Host stubs: a Python function generated per executable for the common call.

The host path decides the speed of small calls, so each executable gets a
straight-line function with its checks and launches unrolled: the types,
element types, shapes, layouts, device and alignment of the arguments are
compared with constants, outputs are allocated, kernels launched.  When any
check fails it returns ``MISS`` and the caller takes the general path, which
converts (torch tensors, 0-d arrays) or explains the problem.  Sample, for
SGEMV (one kernel)::

    def kfuse_stub_sgemv(A, x, y, alpha, beta):
        if A.__class__ is not _nd or x.__class__ is not _nd or y.__class__ is not _nd:
            return MISS
        if (A.dtype is not _dt_0 or A.shape != _shape_0 or not A._c_contiguous
                or x.dtype is not _dt_1 or x.shape != _shape_1 or ...):
            return MISS
        if _get_device() != _dev or A.data.device_id != _dev or ...:
            return MISS
        if A.data.ptr & 15 or x.data.ptr & 15 or y.data.ptr & 15:
            return MISS
        if alpha.__class__ is not float and alpha.__class__ is not int:
            return MISS
        alpha = _host_3(alpha)
        ...
        if _settings().poison:
            return MISS
        z = _empty(_oshape_0, _odt_0, 'C')
        _fn_0(_grid_0, _block_0, (A, x, y, alpha, beta, z))
        return (z,)
"""
from __future__ import annotations

import numpy as np

MISS = object()


def make_stub(exe, dev: int, steps: list):
    """The stub of ``exe`` for device ``dev`` (its module loaded as ``steps``), or None
    when the program needs the general path anyway (host scalars returned, say)."""
    import cupy

    from .. import config
    p = exe.program
    ns = {"MISS": MISS, "_nd": cupy.ndarray, "_empty": cupy.empty, "_dev": dev,
          "_get_device": cupy.cuda.runtime.getDevice, "_settings": config.get}
    names = [f"a{i}" for i in range(len(exe._inputs))]
    arrays, lines = [], []
    for i, (name, val) in enumerate(exe._inputs):
        t = val.type
        if (t.kind == "scalar" and not val.host) or t.kind == "sparse":
            return None   # 0-d device arrays and sparse matrices: the general path checks them
        if t.kind != "scalar":
            arrays.append((i, name, t))
    a = names
    if arrays:
        lines.append("    if " + " or ".join(f"{a[i]}.__class__ is not _nd" for i, _, _ in arrays) + ":")
        lines.append("        return MISS")
        conds = []
        for i, _name, t in arrays:
            ns[f"_dt_{i}"] = np.dtype(t.dtype)
            ns[f"_shape_{i}"] = tuple(t.shape)
            contig = "_f_contiguous" if t.kind == "matrix" and t.order == "F" else "_c_contiguous"
            conds += [f"{a[i]}.dtype is not _dt_{i}", f"{a[i]}.shape != _shape_{i}",
                      f"not {a[i]}.{contig}"]
        lines.append("    if (" + "\n            or ".join(conds) + "):")
        lines.append("        return MISS")
        lines.append("    if _get_device() != _dev or " +
                     " or ".join(f"{a[i]}.data.device_id != _dev" for i, _, _ in arrays) + ":")
        lines.append("        return MISS")
        aligned = [(i, exe._aligned[name]) for i, name, _ in arrays if name in exe._aligned]
        if aligned:
            lines.append("    if " + " or ".join(f"{a[i]}.data.ptr & {n - 1}" for i, n in aligned) + ":")
            lines.append("        return MISS")
    for i, (name, val) in enumerate(exe._inputs):
        if val.type.kind == "scalar":
            ns[f"_host_{i}"] = np.dtype(val.type.dtype).type
            ok = ["float", "int"] + (["complex"] if val.type.dtype.startswith("complex") else [])
            lines.append("    if " + " and ".join(f"{a[i]}.__class__ is not {k}" for k in ok) + ":")
            lines.append("        return MISS")
            lines.append(f"    {a[i]} = _host_{i}({a[i]})")
    lines.append("    if _settings().poison:")
    lines.append("        return MISS")
    var = {name: a[i] for i, (name, _) in enumerate(exe._inputs)}
    for j, (name, shape, dt, order) in enumerate(exe._allocs):
        ns[f"_oshape_{j}"], ns[f"_odt_{j}"] = shape, dt
        var[name] = f"o{j}"
        lines.append(f"    o{j} = _empty(_oshape_{j}, _odt_{j}, '{order}')")
    ns["_memset"] = cupy.cuda.runtime.memsetAsync
    ns["_stream"] = cupy.cuda.get_current_stream
    for k, (fn, grid, block, recipe, zero) in enumerate(steps):
        ns[f"_fn_{k}"], ns[f"_grid_{k}"], ns[f"_block_{k}"] = fn, grid, block
        for v, nbytes in zero:   # outputs finished by atomics start at 0
            lines.append(f"    _memset({var[v]}.data.ptr, 0, {nbytes}, _stream().ptr)")
        items = []
        for r_i, r in enumerate(recipe):
            if isinstance(r, str):
                items.append(var[r])
            else:
                ns[f"_ws_{k}_{r_i}"] = r
                items.append(f"_ws_{k}_{r_i}")
        lines.append(f"    _fn_{k}(_grid_{k}, _block_{k}, ({', '.join(items)},))")
    outs = []
    for o, base in exe._outs:
        v = p.value(o)
        if v.host:
            return None
        outs.append(f"{var[base]}.T" if base is not None else var[o])
    lines.append(f"    return ({', '.join(outs)},)")
    fname = f"kfuse_stub_{''.join(c if c.isalnum() else '_' for c in p.name)}"
    src = f"def {fname}({', '.join(names)}):\n" + "\n".join(lines) + "\n"
    exec(compile(src, f"<kfuse stub {p.name}>", "exec"), ns)  # noqa: S102 - generated from our own data
    stub = ns[fname]
    stub.source = src
    return stub
