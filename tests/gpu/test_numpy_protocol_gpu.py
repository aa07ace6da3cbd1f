"""GPU tier for NumPy's names on traced arrays (issue 31 items 3 and 4): NumPy-style functions
(``np.roll``, ``np.pad``, ``np.zeros_like`` with window assignments, ufuncs, reductions) through
kfuse.jit on CuPy arrays at odd sizes, float32 and float64, C and F order, against NumPy in
float64 (roll and pad bit for bit); kfuse.roll / kfuse.pad / kfuse.zeros_like eagerly; torch and
JAX arrays where installed."""
from __future__ import annotations

import numpy as np
import pytest

import kfuse

from .helpers import check_outputs


def field_step(u, v):
    """What a NumPy stencil code writes: pads, rolls, a zeroed array with a window update."""
    p = np.pad(u, 1, "edge")
    w = np.zeros_like(u)
    w[1:-1, 1:-1] = u[1:-1, 1:-1] + 0.1 * (p[:-2, 1:-1] + p[2:, 1:-1] + p[1:-1, :-2] + p[1:-1, 2:]
                                           - 4 * p[1:-1, 1:-1])[1:-1, 1:-1]
    adv = v - 0.3 * (v - np.roll(v, 1, axis=1)) + np.maximum(u, 0.0) ** 2
    smooth = np.exp(-np.abs(v)) * np.sqrt(np.abs(u) + 1.0) + np.log(u * u + 1.0) + np.tanh(v) * np.sin(u) * np.cos(v)
    return (w, adv, smooth, np.sum(u * v), np.mean(u), np.max(np.abs(v)), np.where(u > v, u, v).clip(-0.5, 0.5),
            np.full_like(u, np.mean(v)) - u)


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("order", ["C", "F"])
def test_numpy_style_step_matches_numpy(order, dtype):
    import cupy
    rng = np.random.default_rng(11)
    host = [rng.uniform(-1, 1, (131, 77)) for _ in range(2)]
    want = field_step(*host)
    dev = [cupy.asarray(a.astype(dtype), order=order) for a in host]
    got = kfuse.jit(field_step)(*dev)
    check_outputs([f"out{k}" for k in range(len(want))], got, [np.asarray(w) for w in want], dtype,
                  f"field_step {order} {dtype}")


def copies(u, v):
    return (np.roll(u, (3, -5), axis=(0, 1)), np.pad(v, ((1, 4), (6, 2)), "wrap"), np.pad(u, 3, "edge"),
            np.pad(v, 2, constant_values=((1.0, 2.0), (3.0, 4.0))), np.pad(u, ((2, 1), (0, 3)), "reflect"),
            np.pad(v, 2, "symmetric"))


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("order", ["C", "F"])
def test_roll_and_pad_are_numpy_bit_for_bit(order, dtype):
    import cupy
    rng = np.random.default_rng(12)
    host = [rng.uniform(-1, 1, (67, 45)).astype(dtype) for _ in range(2)]
    host = [np.asfortranarray(a) if order == "F" else a for a in host]
    got = kfuse.jit(copies)(*[cupy.asarray(a, order=order) for a in host])
    for g, w in zip(got, copies(*host)):
        np.testing.assert_array_equal(cupy.asnumpy(g), w)


def test_eager_roll_pad_and_zeros_like():
    import cupy
    u = cupy.asarray(np.random.default_rng(13).uniform(-1, 1, (9, 33, 17)))
    h = cupy.asnumpy(u)
    np.testing.assert_array_equal(cupy.asnumpy(kfuse.roll(u, (1, -2), axis=(0, 2))), np.roll(h, (1, -2), axis=(0, 2)))
    np.testing.assert_array_equal(cupy.asnumpy(kfuse.pad(u, ((1, 0), (2, 3), (0, 1)), "edge")),
                                  np.pad(h, ((1, 0), (2, 3), (0, 1)), "edge"))
    np.testing.assert_array_equal(cupy.asnumpy(kfuse.zeros_like(u)), np.zeros_like(h))
    np.testing.assert_array_equal(cupy.asnumpy(kfuse.full_like(u, 2.5)), np.full_like(h, 2.5))


def test_torch_tensors_go_through_numpy_names():
    torch = pytest.importorskip("torch", reason="torch is not installed")
    u = torch.rand((41, 23), dtype=torch.float64, device="cuda")
    got = kfuse.jit(lambda a: np.roll(a, 2, axis=0) + np.pad(a, 1, "wrap")[1:-1, 1:-1] ** 2)(u)
    h = u.cpu().numpy()
    np.testing.assert_allclose(torch.as_tensor(got).cpu().numpy(), np.roll(h, 2, axis=0) + h ** 2, rtol=1e-14)
    lo = kfuse.jit(lambda a: np.roll(a, 1, axis=1)).lower(torch.empty((8, 5), dtype=torch.float32, device="meta"))
    assert lo.plan["kernels"]


def test_jax_arrays_go_in_through_dlpack():
    jax = pytest.importorskip("jax", reason="jax is not installed")
    try:
        gpu = jax.devices("gpu")[0]
    except RuntimeError:
        pytest.skip("jax has no GPU backend here")
    import cupy
    x = jax.device_put(np.arange(35.0).reshape(5, 7), gpu)
    got = kfuse.jit(lambda a: np.roll(a, 1, axis=1) * 2.0)(x)
    np.testing.assert_array_equal(cupy.asnumpy(cupy.asarray(got)), np.roll(np.arange(35.0).reshape(5, 7), 1, axis=1) * 2)
