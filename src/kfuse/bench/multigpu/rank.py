"""One rank of a multi-GPU suite job (``python -m kfuse.bench.multigpu.rank ...``), started by
torchrun (one process per GPU: ``RANK``, ``WORLD_SIZE``, ``LOCAL_RANK`` in the environment) or
as one process over every GPU (the peers that drive the devices themselves).  It joins
torch.distributed on NCCL when launched by torchrun, measures its GPU's copy bandwidth, then
every peer on every workload and dtype (:func:`.measure.measure_peer`), and writes
``rank<R>.json`` (:mod:`.schema`) after each record, so a crash keeps what came before."""
from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

from . import measure as M
from . import workloads as W
from .launch import RANK_ENV
from .peers import REGISTRY
from .schema import RANK_SCHEMA


class RankContext:
    """This rank: ``rank`` of ``size``, its torch device (torchrun) and, asked for, kfuse's
    NCCL communicator (joined once, from the launcher's environment)."""

    def __init__(self, rank: int, size: int, local_rank: int, launch: str):
        self.rank, self.size, self.local_rank, self.launch = rank, size, local_rank, launch
        self.device = None
        self._comm = None

    @property
    def comm(self):
        if self._comm is None:
            import kfuse.distributed as kd

            self._comm = kd.init()
        return self._comm

    def close(self) -> None:
        if self._comm is not None:
            self._comm.close()
        if self.launch == "torchrun":
            import torch.distributed as dist

            dist.destroy_process_group()


def join(environ=os.environ, gpus: int = 1) -> RankContext:
    """The context of this process: a torchrun rank (torch.distributed joined on NCCL, this
    rank's GPU current), or the one process of a single launch over ``gpus`` devices."""
    if "WORLD_SIZE" not in environ:
        return RankContext(0, gpus, 0, "single")
    import datetime

    import torch
    import torch.distributed as dist

    ctx = RankContext(int(environ["RANK"]), int(environ["WORLD_SIZE"]), int(environ.get("LOCAL_RANK", 0)),
                      "torchrun")
    ctx.device = torch.device(f"cuda:{ctx.local_rank}")
    torch.cuda.set_device(ctx.device)
    torch.cuda.set_stream(torch.cuda.Stream(ctx.device))   # a real stream CuPy can share
    try:
        import cupy

        cupy.cuda.Device(ctx.local_rank).use()
    except ImportError:   # the peers that need CuPy are skipped by the driver
        pass
    kw = {"timeout": datetime.timedelta(seconds=120), "device_id": ctx.device}
    try:
        dist.init_process_group("nccl", **kw)
    except TypeError:   # a torch without device_id
        kw.pop("device_id")
        dist.init_process_group("nccl", **kw)
    return ctx


def copy_GBps(ctx) -> float | None:
    """This GPU's copy bandwidth (CuPy, else torch); None if neither measures."""
    for fn in (M.cupy_copy_seconds, M.torch_copy_seconds):
        try:
            return M.copy_bandwidth_GBps(fn)
        except Exception:  # noqa: BLE001 - the next library, or no figure
            continue
    return None


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m kfuse.bench.multigpu.rank")
    p.add_argument("--peers", required=True)
    p.add_argument("--workloads", required=True)
    p.add_argument("--dtypes", required=True)
    p.add_argument("--gpus", type=int, required=True)
    p.add_argument("--out", required=True)
    p.add_argument("--steps", type=int, default=50)
    p.add_argument("--loops", type=int, default=7)
    p.add_argument("--check-steps", type=int, default=3)
    return p


def write(path: Path, doc: dict) -> None:
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(doc, indent=1))
    os.replace(tmp, path)


def main(argv=None) -> int:
    args = build_parser().parse_args(argv)
    os.environ.update(RANK_ENV)
    ctx = join(os.environ, args.gpus)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    doc = {"schema": RANK_SCHEMA, "rank": ctx.rank, "size": ctx.size, "launch": ctx.launch,
           "env": {k: os.environ.get(k) for k in RANK_ENV}, "copy_GBps": copy_GBps(ctx), "peer_records": []}
    path = out / f"rank{ctx.rank}.json"
    write(path, doc)
    for name in args.workloads.split(","):
        wl = W.WORKLOADS[name]
        for dtype in args.dtypes.split(","):
            for peer in args.peers.split(","):
                spec = REGISTRY[peer]
                if not spec.applies(wl):
                    continue
                mod = spec.load()
                opts = dict(spec.options)
                rec = M.measure_peer(lambda c, w, d: mod.build(c, w, d, **opts), ctx, wl, dtype,
                                     args.steps, args.loops, args.check_steps)
                doc["peer_records"].append({"peer": peer, **rec})
                write(path, doc)
    ctx.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
