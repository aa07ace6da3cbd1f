"""Grouped GEMMs (issue 20, part G): one launch for products sharing an operand vs one per product.

For each n in --sizes, float32 (--dtype), ``C1 = A @ B1; C2 = A @ B2`` (n x n x n; --products
for more): kfuse's default plan (one grouped kernel) and the same program with ``fuse=False``
(one kernel per product), each timed with CUDA events (kfuse.runtime.timing.median_seconds),
checked against each other first; cuBLAS (CuPy ``A @ B`` twice) in the same run; the model's
prediction of the grouped plan (predicted_us).  Prints a table and writes JSON to --out.

    PYTHONPATH=src python benchmarks/tools/gemm_group_probe.py --sizes 256 512 1024 2048 4096 --out /tmp/gemm_group.json
"""
from __future__ import annotations

import argparse
import json
import sys


def _two(A, B1, B2):
    return A @ B1, A @ B2


def _three(A, B1, B2, B3):
    return A @ B1, A @ B2, A @ B3


#: the traced function of each product count
PRODUCTS = {2: _two, 3: _three}


def probe(n: int, products: int, dtype: str) -> dict:
    """Seconds per call of the grouped plan, the separate plan and cuBLAS, and the predictions."""
    import cupy
    import numpy as np

    import kfuse
    from kfuse.runtime.timing import median_seconds
    rng = np.random.default_rng(n)
    A = cupy.asarray(rng.standard_normal((n, n)).astype(dtype))
    Bs = [cupy.asarray(rng.standard_normal((n, n)).astype(dtype)) for _ in range(products)]

    fn = PRODUCTS[products]   # kfuse.jit traces named parameters (no *args)
    grouped, separate = kfuse.jit(fn), kfuse.jit(fn, fuse=False)
    got, ref = grouped(A, *Bs), separate(A, *Bs)
    err = max(float(cupy.abs(g - r).max() / max(1e-30, float(cupy.abs(r).max()))) for g, r in zip(got, ref))
    t_g = median_seconds(lambda: grouped(A, *Bs))
    t_s = median_seconds(lambda: separate(A, *Bs))
    t_c = median_seconds(lambda: [A @ B for B in Bs])
    return dict(n=n, products=products, dtype=dtype, grouped_s=t_g, separate_s=t_s, cublas_s=t_c,
                max_rel_diff=err, grouped_kernels=len(grouped.plan["kernels"]),
                separate_kernels=len(separate.plan["kernels"]),
                grouped_predicted_us=grouped.plan.get("predicted_us"), separate_predicted_us=separate.plan.get("predicted_us"),
                grouped_params=grouped.plan["kernels"][0]["params"])


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", type=int, nargs="+", default=[256, 512, 1024, 2048, 4096])
    ap.add_argument("--products", type=int, default=2, choices=sorted(PRODUCTS))
    ap.add_argument("--dtype", default="float32")
    ap.add_argument("--out", default="gemm_group_probe.json")
    a = ap.parse_args(argv)
    rows = []
    for n in a.sizes:
        r = probe(n, a.products, a.dtype)
        rows.append(r)
        fl = 2.0 * n ** 3 * a.products
        print(f"n={n} x{a.products}: grouped {r['grouped_s'] * 1e6:.1f} us ({fl / r['grouped_s'] / 1e12:.1f} TFLOP/s, "
              f"{r['grouped_kernels']} kernel(s)); separate {r['separate_s'] * 1e6:.1f} us "
              f"({r['separate_kernels']}); cuBLAS {r['cublas_s'] * 1e6:.1f} us; predicted "
              f"{r['grouped_predicted_us']} us (grouped); max rel diff {r['max_rel_diff']:.1e}",
              flush=True)
    with open(a.out, "w") as f:
        json.dump(rows, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
