"""Arguments are checked before anything touches the device (issue 17): a bad first call
leaves the executable unloaded (no module, no workspace), and the checks from metadata agree
with CuPy's own view of the arrays; then a good call still matches the float64 reference."""
import numpy as np
import pytest

import kfuse
from kfuse.platform import device


def _fresh():
    exe = kfuse.compile_script("examples/bicgk.kf", sizes={"m": 40, "n": 30})
    assert exe._loaded is None
    return exe


def _args():
    import cupy
    rng = np.random.default_rng(1)
    return (cupy.asarray(rng.uniform(-1, 1, (40, 30)).astype(np.float32)),
            cupy.asarray(rng.uniform(-1, 1, 30).astype(np.float32)),
            cupy.asarray(rng.uniform(-1, 1, 40).astype(np.float32)))


def _bad_cases():
    import cupy
    A, p, r = _args()
    return [
        ((A.get(), p, r), kfuse.ArgumentError, "'A' is a host"),
        ((A, p, r.get()), kfuse.ArgumentError, "'r' is a host"),
        ((A.astype(np.int32), p, r), kfuse.DTypeError, "'A' has element type int32"),
        ((A, p[:29], r), kfuse.ShapeError, r"'p' has shape \(29,\)"),
        ((A.ravel(), p, r), kfuse.ShapeError, "'A' has 1 dimension"),
        ((A[None], p, r), kfuse.ShapeError, "'A' has 3 dimension"),
        ((cupy.asfortranarray(A), p, r), kfuse.ArgumentError, "'A' must be C-contiguous"),
        ((cupy.zeros((40, 60), np.float32)[:, ::2], p, r), kfuse.ArgumentError, "'A' must be C-contiguous"),
        ((A, cupy.zeros(60, np.float32)[::2], r), kfuse.ArgumentError, "'p' is a strided vector"),
    ]


@pytest.mark.parametrize("i", range(9))
def test_bad_first_call_touches_nothing(i):
    args, error, msg = _bad_cases()[i]
    exe = _fresh()
    with pytest.raises(error, match=msg):
        exe(*args)
    assert exe._loaded is None, "the module was loaded before the arguments were checked"


def test_bad_out_is_refused_before_launch():
    exe = _fresh()
    A, p, r = _args()
    with pytest.raises(kfuse.ArgumentError, match="shares memory with 'r'"):
        exe(A, p, r, out=(r, p[:30] * 0))
    assert exe._loaded is None


def test_bad_call_after_good_ones_then_good_again():
    exe = _fresh()
    A, p, r = _args()
    want = [np.asarray(w) for w in exe.reference(A, p, r)]
    for _ in range(3):   # the stub and the fast path, once loaded
        got = exe(A, p, r)
    for g, w in zip(got, want):
        assert np.allclose(g.get(), w, rtol=1e-4, atol=1e-4)
    for args, error, msg in _bad_cases():
        with pytest.raises(error, match=msg):
            exe(*args)
    got = exe(A, p, r)
    for g, w in zip(got, want):
        assert np.allclose(g.get(), w, rtol=1e-4, atol=1e-4)


def test_probe_sees_this_gpu():
    assert device.probe().kind == "ok" and device.no_gpu_reason() == ""


def test_torch_tensors_checked_before_the_device():
    torch = pytest.importorskip("torch")
    exe = _fresh()
    A, p, r = (torch.from_dlpack(a) for a in _args())
    with pytest.raises(kfuse.ArgumentError, match="'A' is a CPU tensor"):
        exe(A.cpu(), p, r)
    with pytest.raises(kfuse.DTypeError, match="'p' has element type float64"):
        exe(A, p.double(), r)
    with pytest.raises(kfuse.ArgumentError, match="'A' must be C-contiguous"):
        exe(A.t().contiguous().t(), p, r)
    assert exe._loaded is None
    q, s = exe(A, p, r)
    assert isinstance(q, torch.Tensor) and q.shape == (40,) and s.shape == (30,)
