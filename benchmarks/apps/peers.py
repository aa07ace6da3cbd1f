"""The implementations issue 31's application benchmark runs (benchmarks/apps/run.py).

Each peer runs the application module's own code (tests/programs/apps), and only where it
must, something else:

* ``numpy``: the module as written (host; the reference, timed only on ``--device cpu``);
* ``cupy``: the same code with ``np`` rebound to CuPy (:func:`tests.programs.apps.bind`);
* ``torch``: the same code with ``np`` rebound to :class:`TorchNP`, a NumPy-named view of torch
  (``roll(axis=)``, ``sum(axis)``, ``pad(mode="edge")``, ``zeros`` on the device), and
  ``Tensor.copy`` added as ``clone`` (torch has no NumPy ``copy`` method);
* ``inductor`` / ``inductor-ro``: ``torch.compile(step)`` of that torch step (``mode`` default /
  ``"reduce-overhead"``; ``dynamic`` left at its default, so an int that changes every step,
  fdtd2d's ``t``, becomes a symbol after one recompile instead of recompiling until dynamo
  gives up and runs eager), the module's own ``run`` loop around it;
* ``jax``: ``jax.jit`` of ``lax.fori_loop`` over the module's functional ``jax_step``;
* ``kfuse``: ``kfuse.jit(step)`` of the module's step as written (NumPy's ``np``), called on CuPy
  arrays in the module's own ``run`` loop; ``kfuse-iterate``: ``kfuse.iterate(step, u, steps)``
  for one-field applications.

A peer is an object with ``available() -> None | reason``, ``to_state(numpy state)``,
``to_numpy(state)``, ``prepare(module, state) -> run(state, steps) -> state``, ``sync()``, a
timer ``timed(fn) -> seconds``, ``kernels(module, run, state)`` (kernels per step or None) and
``free()``.
"""
from __future__ import annotations

import math
import time

import numpy as np

from tests.programs import apps

OVERWRITTEN = "overwritten by a subsequent run"      # torch's message when a graph output was reused


def numbers_and_arrays(state: dict) -> tuple:
    """(arrays, others) of a state dict, by whether a value has a shape."""
    arrays = {k: v for k, v in state.items() if hasattr(v, "shape") and not isinstance(v, np.generic)}
    return arrays, {k: v for k, v in state.items() if k not in arrays}


class Peer:
    """Base: the module's own loop on the namespace :meth:`namespace` gives."""

    name = "?"
    device = "cuda"

    def __init__(self, device: str = "cuda"):
        self.device = device

    def available(self):
        return None

    def namespace(self):
        return np

    def to_state(self, state: dict) -> dict:
        return {k: v.copy() if isinstance(v, np.ndarray) else v for k, v in state.items()}

    def to_numpy(self, state: dict) -> dict:
        return {k: np.asarray(v) for k, v in state.items() if hasattr(v, "shape") and not isinstance(v, np.generic)}

    def prepare(self, module, state: dict):
        bound = apps.bind(module, self.namespace())
        return bound.run

    def sync(self) -> None:
        pass

    def timed(self, fn) -> float:
        """Seconds ``fn()`` takes, as the host sees it after a sync."""
        self.sync()
        t = time.perf_counter()
        fn()
        self.sync()
        return time.perf_counter() - t

    def kernels(self, module, run, state):
        return None

    def info(self) -> dict:
        return {}

    def free(self) -> None:
        import gc
        gc.collect()


def cuda_or_reason():
    """None where CuPy sees a CUDA device, else why not."""
    try:
        import cupy
        if cupy.cuda.runtime.getDeviceCount() < 1:
            return "no CUDA device"
        return None
    except Exception as e:                                  # noqa: BLE001
        return f"no CUDA device ({type(e).__name__}: {str(e)[:80]})"


class NumpyPeer(Peer):
    name = "numpy"

    def available(self):
        return None if self.device == "cpu" else "timed only with --device cpu (the reference)"


class CupyPeer(Peer):
    """The module's code on CuPy arrays; CUDA events on CuPy's current stream."""

    name = "cupy"

    def available(self):
        if self.device != "cuda":
            return "needs CUDA (--device cpu)"
        return cuda_or_reason()

    def namespace(self):
        import cupy
        return cupy

    def to_state(self, state):
        import cupy
        return {k: cupy.asarray(v) if isinstance(v, np.ndarray) else v for k, v in state.items()}

    def to_numpy(self, state):
        import cupy
        return {k: cupy.asnumpy(v) for k, v in state.items() if isinstance(v, cupy.ndarray)}

    def sync(self):
        import cupy
        cupy.cuda.Device().synchronize()

    def timed(self, fn) -> float:
        import cupy
        start, end = cupy.cuda.Event(), cupy.cuda.Event()
        self.sync()
        start.record()
        fn()
        end.record()
        end.synchronize()
        return cupy.cuda.get_elapsed_time(start, end) * 1e-3

    def free(self):
        super().free()
        try:
            import cupy
            cupy.get_default_memory_pool().free_all_blocks()
        except Exception:                                   # noqa: BLE001
            pass


class TorchNP:
    """NumPy's names over torch, for the application code: what differs (``roll``'s ``axis``,
    ``sum``'s ``axis``, ``pad``'s modes, ``zeros`` without a device, ``copy``) is translated;
    everything else is torch's own."""

    pi = math.pi

    def __init__(self, torch, device):
        self._torch, self._device = torch, device

    def roll(self, a, shift, axis=None):
        return self._torch.roll(a, shift) if axis is None else self._torch.roll(a, shift, dims=axis)

    def sum(self, a, axis=None):
        return a.sum() if axis is None else a.sum(dim=axis)

    def zeros(self, shape, dtype=None):
        return self._torch.zeros(shape, dtype=dtype or self._torch.float64, device=self._device)

    def copy(self, a):
        return a.clone()

    def pad(self, a, width, mode="constant", constant_values=0):
        """``np.pad(a, width, mode)`` for one int width on every side of 2-D or 3-D ``a``."""
        import torch.nn.functional as F
        modes = {"edge": "replicate", "wrap": "circular", "constant": "constant"}
        pads = (int(width),) * (2 * a.ndim)
        if mode == "constant":
            return F.pad(a, pads, mode="constant", value=constant_values)
        return F.pad(a[None, None], pads, mode=modes[mode])[0, 0]

    def __getattr__(self, name):
        return getattr(self._torch, name)


def _tensor_copy(self):
    """NumPy's ``ndarray.copy()`` for torch tensors (``clone``)."""
    return self.clone()


class TorchPeer(Peer):
    """The module's code on torch tensors (eager); CUDA events on torch's current stream."""

    name = "torch"

    def setup_torch(self):
        import torch
        if not hasattr(torch.Tensor, "copy"):
            torch.Tensor.copy = _tensor_copy
        torch.backends.cuda.matmul.allow_tf32 = False
        return torch

    def available(self):
        try:
            torch = self.setup_torch()
        except Exception as e:                              # noqa: BLE001
            return f"torch not importable ({type(e).__name__}: {str(e)[:80]})"
        if self.device == "cuda" and not torch.cuda.is_available():
            return "torch sees no CUDA device"
        return None

    def namespace(self):
        return TorchNP(self.setup_torch(), self.device)

    def to_state(self, state):
        torch = self.setup_torch()
        return {k: torch.from_numpy(v.copy()).to(self.device) if isinstance(v, np.ndarray) else v
                for k, v in state.items()}

    def to_numpy(self, state):
        torch = self.setup_torch()
        return {k: v.detach().cpu().numpy() for k, v in state.items() if isinstance(v, torch.Tensor)}

    def sync(self):
        if self.device == "cuda":
            self.setup_torch().cuda.synchronize()

    def timed(self, fn) -> float:
        if self.device != "cuda":
            return super().timed(fn)
        torch = self.setup_torch()
        start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        self.sync()
        start.record()
        fn()
        end.record()
        end.synchronize()
        return start.elapsed_time(end) * 1e-3

    def kernels(self, module, run, state):
        """CUDA kernels one step launches, from torch.profiler (None off CUDA)."""
        if self.device != "cuda":
            return None
        torch = self.setup_torch()
        from torch.profiler import ProfilerActivity, profile
        self.sync()
        with profile(activities=[ProfilerActivity.CUDA]) as prof:
            run(state, 1)
            self.sync()
        names = [e for e in prof.events() if str(getattr(e, "device_type", "")).endswith("CUDA")]
        return len(names) or None

    def free(self):
        super().free()
        try:
            import torch
            if torch.cuda.is_available():
                torch.cuda.empty_cache()
        except Exception:                                   # noqa: BLE001
            pass

    def info(self):
        import torch
        return {"torch": torch.__version__}


class InductorPeer(TorchPeer):
    """``torch.compile(step, mode=...)`` inside the module's own loop (torch's default
    ``dynamic``: the shapes never change within a loop; a changing int becomes dynamic)."""

    name = "inductor"
    mode = "default"

    def prepare(self, module, state):
        torch = self.setup_torch()
        torch._dynamo.reset()
        bound = apps.bind(module, self.namespace())
        compiled = torch.compile(bound.step, mode=self.mode)

        def run(st, steps):
            return bound.run(st, steps, step=compiled)
        return run


class InductorGraphsPeer(InductorPeer):
    """``mode="reduce-overhead"`` (CUDA graph trees): the state's tensors marked as static
    addresses, ``cudagraph_mark_step_begin()`` once per loop (steps then chain in one graph
    path); where torch refuses that (an output overwritten), each step's returned tensors are
    cloned, and ``how`` says so."""

    name = "inductor-ro"
    mode = "reduce-overhead"

    def prepare(self, module, state):
        torch = self.setup_torch()
        inner = super().prepare(module, state)
        mark = getattr(torch._dynamo, "mark_static_address", None)
        for v in state.values():
            if mark is not None and isinstance(v, torch.Tensor) and v.is_cuda:
                try:
                    mark(v, guard=False)
                except TypeError:
                    mark(v)
        begin = getattr(getattr(torch, "compiler", None), "cudagraph_mark_step_begin", None) or (lambda: None)
        self.how = "cudagraph_mark_step_begin() once per loop"
        peer = self

        def run(st, steps):
            begin()
            try:
                return inner(st, steps)
            except RuntimeError as e:
                if OVERWRITTEN not in str(e) or peer.how.startswith("clone"):
                    raise
            peer.how = "clone of each step's outputs (torch refused one graph generation per loop)"
            bound = apps.bind(module, peer.namespace())
            compiled = torch.compile(bound.step, mode=peer.mode)

            def cloned(*a):
                out = compiled(*a)
                return out.clone() if isinstance(out, torch.Tensor) else out
            begin()
            return bound.run(st, steps, step=cloned)
        return run

    def info(self):
        return dict(super().info(), how=getattr(self, "how", None))


class JaxPeer(Peer):
    """``jax.jit`` of ``lax.fori_loop(0, steps, body)`` over the module's ``jax_step``: the
    arrays (and a changing int such as fdtd2d's ``t``) are the loop's carry, Python floats are
    constants of the trace; float64 enabled; host clock and ``block_until_ready``."""

    name = "jax"

    def setup_jax(self):
        import jax
        jax.config.update("jax_enable_x64", True)
        return jax

    def available(self):
        try:
            jax = self.setup_jax()
        except Exception as e:                              # noqa: BLE001
            return f"jax not importable ({type(e).__name__}: {str(e)[:80]})"
        platform = jax.default_backend()
        if self.device == "cuda" and platform not in ("gpu", "cuda"):
            return f"jax has no GPU backend (default backend {platform!r})"
        return None

    def to_state(self, state):
        jax = self.setup_jax()
        import jax.numpy as jnp
        out = {}
        for k, v in state.items():
            if isinstance(v, np.ndarray):
                out[k] = jax.device_put(v)
            elif isinstance(v, int) and not isinstance(v, bool):
                out[k] = jnp.asarray(v)                    # a counter: part of the carry
            else:
                out[k] = v
        return out

    def to_numpy(self, state):
        return {k: np.asarray(v) for k, v in state.items() if hasattr(v, "shape") and np.ndim(v) > 0}

    def prepare(self, module, state):
        jax = self.setup_jax()
        import jax.numpy as jnp
        _, consts = numbers_and_arrays(state)
        cache = {}

        def looped(steps):
            if steps not in cache:
                def body(i, carry):
                    new = module.jax_step(jnp, {**carry, **consts})
                    return {k: new[k] for k in carry}

                cache[steps] = jax.jit(lambda carry: jax.lax.fori_loop(0, steps, body, carry))
            return cache[steps]

        def run(st, steps):
            carry, _ = numbers_and_arrays(st)
            out = looped(steps)(carry)
            jax.block_until_ready(out)
            st.update(out)
            return st
        return run

    def info(self):
        jax = self.setup_jax()
        return {"jax": jax.__version__, "backend": jax.default_backend()}

    def free(self):
        super().free()
        try:
            self.setup_jax().clear_caches()
        except Exception:                                   # noqa: BLE001
            pass


class KfusePeer(CupyPeer):
    """``kfuse.jit(step)`` of the step as written, in the module's own loop on CuPy arrays;
    ``plan_s``: the first call (trace, plan, compile, run)."""

    name = "kfuse"

    def prepare(self, module, state):
        import kfuse
        fn = kfuse.jit(module.step)
        self.fn, self.plan_s = fn, None

        def run(st, steps):
            if self.plan_s is None and steps > 0:
                t = time.perf_counter()
                module.run(st, 1, step=fn)
                self.sync()
                self.plan_s = time.perf_counter() - t
                steps -= 1
            return module.run(st, steps, step=fn)
        return run

    def kernels(self, module, run, state):
        plan = getattr(self.fn, "plan", None) or {}
        return len(plan.get("kernels", [])) or None

    def info(self):
        import kfuse
        plan = getattr(getattr(self, "fn", None), "plan", None) or {}
        return {"kfuse": kfuse.__version__, "plan_s": getattr(self, "plan_s", None),
                "plan_kernels": [k.get("name") for k in plan.get("kernels", [])]}


class KfuseIteratePeer(KfusePeer):
    """``kfuse.iterate`` of the step as written: a one-field application's ``iterate(step, u,
    steps)``; an application whose step updates its fields in place (returning nothing) as
    ``iterate(step, {written fields}, steps, consts={the other arguments})``: traced and planned
    once, the fields moved between the loop's buffers (no copy back), CUDA graphs replayed."""

    name = "kfuse-iterate"

    def prepare(self, module, state):
        import kfuse
        fn = kfuse.jit(module.step)
        self.fn, self.plan_s = fn, None
        names = apps.params(module.step)
        if getattr(module, "SINGLE_FIELD", False):
            (key,) = names

            def run(st, steps):
                if self.plan_s is None:
                    t = time.perf_counter()
                    fn.executable(st[key])
                    self.plan_s = time.perf_counter() - t
                st[key] = kfuse.iterate(fn, st[key], steps=steps)
                return st
            return run
        fields = [n for n in names if n in module.FIELDS["written"]]
        consts = [n for n in names if n not in fields]
        if getattr(module, "STEP_INDEX", None) in consts:
            raise NotImplementedError(f"kfuse.iterate: the step takes the step number "
                                      f"{module.STEP_INDEX!r}, which iterate's consts would hold fixed")
        if not fields or not set(fields) <= set(module.FIELDS["read"]):
            raise NotImplementedError("kfuse.iterate: the author's loop rotates arrays between steps (its run() "
                                      "swaps them), not a loop of fields updated in place")
        if any(not (hasattr(state[n], "shape") or isinstance(state[n], (int, float))) for n in consts):
            raise NotImplementedError("kfuse.iterate: the step's other arguments are not all arrays or numbers")

        def run(st, steps):
            t = time.perf_counter()
            new = kfuse.iterate(module.step, {n: st[n] for n in fields}, steps,
                                consts={n: st[n] for n in consts})
            if self.plan_s is None:
                self.sync()
                self.plan_s = time.perf_counter() - t
            st.update(new)
            return st
        return run

    def kernels(self, module, run, state):
        from kfuse import loops
        try:
            names = apps.params(module.step)
            fields = [n for n in names if n in module.FIELDS["written"]]
            lo = loops.lower(module.step, {n: state[n] for n in fields},
                             consts={n: state[n] for n in names if n not in fields})
            return len(lo.plan["kernels"])
        except Exception:                                   # noqa: BLE001 - a count, not the run
            return super().kernels(module, run, state)


#: applications whose run() calls the step on the state's fields in its parameters' order
IN_PLACE = ("gray_scott", "burgers2d", "allen_cahn", "fdtd3d", "seismic3d", "hotspot", "lbm_d2q9")


def loop_function(module):
    """(the module's ``run`` loop as a function of arrays and numbers with a keyword ``steps``,
    the state keys it returns in order): kfuse.jit takes no dict, so the dict is unpacked; the
    statements are run()'s (a one-field step's result rebound; steps updating their fields in
    place called on them; wave2d and hotspot3d rotate their levels as their run() does; fdtd2d's
    loop passes its index to the step from 0 at every call, as NPBench's kernel does, so its
    arguments are the step's but the index: :func:`loop_params`)."""
    step, short = module.step, module.__name__.rsplit(".", 1)[-1]
    if getattr(module, "SINGLE_FIELD", False):
        def loop(u, *, steps):
            for _ in range(steps):
                u = step(u)
            return u
        return loop, tuple(apps.params(step))
    if short == "wave2d":
        def loop(u, u_n, u_nm1, Cx2, Cy2, *, steps):
            for n in range(steps):
                u = step(u, u_n, u_nm1, Cx2, Cy2)
                u_nm1, u_n, u = u_n, u, u_nm1
            return u, u_n, u_nm1
        return loop, ("u", "u_n", "u_nm1")
    if short == "hotspot3d":
        def loop(tOut, tIn, pIn, *consts, steps):
            for i in range(steps):
                step(tOut, tIn, pIn, *consts)
                tIn, tOut = tOut, tIn
            return tOut, tIn
        return loop, ("tOut", "tIn")
    if short == "fdtd2d":   # NPBench's kernel: the loop passes its index (ey[0, :] = _fict_[t])
        def loop(ex, ey, hz, _fict_, *, steps):
            for t in range(steps):
                step(ex, ey, hz, _fict_, t)
        return loop, ()
    if short not in IN_PLACE:
        raise NotImplementedError(f"{short}: its run() is not the step called on its fields")

    def loop(*args, steps):
        for _ in range(steps):
            step(*args)
    return loop, ()


def loop_params(module) -> list:
    """The arguments of :func:`loop_function`'s loop: the step's, but the index it passes."""
    return [n for n in apps.params(module.step) if n != getattr(module, "STEP_INDEX", None)]


class KfuseLoopPeer(KfusePeer):
    """``kfuse.jit`` of the author's time loop itself (:func:`loop_function`), ``steps`` static:
    the ``for`` is traced a few steps and folded into one planned step run ``steps`` times as
    kfuse.iterate runs it (kfuse.frontend.loop_fold); the fields written as NumPy writes them."""

    name = "kfuse-loop"

    def prepare(self, module, state):
        import kfuse
        loop, returned = loop_function(module)
        names = loop_params(module)
        fn = kfuse.jit(loop, static_argnames=("steps",))
        self.fn, self.plan_s, self.args = fn, None, lambda st: [st[n] for n in names]

        def run(st, steps):
            if self.plan_s is None:
                t = time.perf_counter()
                fn.entry(*self.args(st), steps=steps)
                self.plan_s = time.perf_counter() - t
            out = fn(*self.args(st), steps=steps)
            st.update(zip(returned, out if isinstance(out, tuple) else (out,)))
            return st
        return run

    def kernels(self, module, run, state):
        plan = getattr(self.fn, "plan", None) or {}      # a folded loop's: one step's kernels
        return len(plan.get("kernels", [])) or None


PEERS = {p.name: p for p in (NumpyPeer, CupyPeer, TorchPeer, InductorPeer, InductorGraphsPeer, JaxPeer,
                             KfusePeer, KfuseIteratePeer, KfuseLoopPeer)}
DEFAULT = ("cupy", "torch", "inductor", "inductor-ro", "jax", "kfuse", "kfuse-iterate")


def get(name: str, device: str) -> Peer:
    if name not in PEERS:
        raise KeyError(f"unknown peer {name!r}; known: {', '.join(PEERS)}")
    return PEERS[name](device)
