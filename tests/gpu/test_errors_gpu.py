"""Bad input at call time: one clear exception naming the argument, never a wrong answer or a crash."""
import numpy as np
import pytest

import kfuse


@pytest.fixture(scope="module")
def bicgk():
    return kfuse.compile_script("examples/bicgk.kf", sizes={"m": 40, "n": 30})


def _args():
    import cupy
    rng = np.random.default_rng(0)
    return (cupy.asarray(rng.uniform(-1, 1, (40, 30)).astype(np.float32)),
            cupy.asarray(rng.uniform(-1, 1, 30).astype(np.float32)),
            cupy.asarray(rng.uniform(-1, 1, 40).astype(np.float32)))


def test_wrong_shape(bicgk):
    import cupy
    A, p, r = _args()
    with pytest.raises(kfuse.ShapeError, match="'p'.*shape"):
        bicgk(A, cupy.ones(31, np.float32), r)


def test_wrong_dtype(bicgk):
    A, p, r = _args()
    with pytest.raises(kfuse.DTypeError, match="'A'.*float64"):
        bicgk(A.astype(np.float64), p, r)


def test_host_array(bicgk):
    A, p, r = _args()
    with pytest.raises(kfuse.ArgumentError, match="'p'.*host"):
        bicgk(A, p.get(), r)


def test_non_contiguous(bicgk):
    import cupy
    A, p, r = _args()
    big = cupy.ones((40, 60), np.float32)
    with pytest.raises(kfuse.ArgumentError, match="'A'.*contiguous"):
        bicgk(big[:, ::2], p, r)
    with pytest.raises(kfuse.ArgumentError, match="'r'.*strided"):
        bicgk(A, p, cupy.ones(80, np.float32)[::2])


def test_wrong_count_and_names(bicgk):
    A, p, r = _args()
    with pytest.raises(kfuse.ArgumentError, match="takes 3 input"):
        bicgk(A, p)
    with pytest.raises(kfuse.ArgumentError, match="no input 'B'"):
        bicgk(A, p, B=r)
    q, s = bicgk(A=A, p=p, r=r)
    assert q.shape == (40,) and s.shape == (30,)


def test_fortran_matrix_for_c_program(bicgk):
    import cupy
    A, p, r = _args()
    with pytest.raises(kfuse.ArgumentError, match="'A'.*C-contiguous"):
        bicgk(cupy.asfortranarray(A), p, r)


def test_cpu_torch_tensor(bicgk):
    torch = pytest.importorskip("torch")
    A, p, r = _args()
    with pytest.raises(kfuse.ArgumentError, match="'p'.*CPU tensor"):
        bicgk(A, torch.ones(30), r)


def test_scalar_errors():
    import cupy
    exe = kfuse.compile_script("examples/waxpby.kf", sizes={"n": 10})
    x = cupy.ones(10, np.float32)
    with pytest.raises(kfuse.ArgumentError, match="'alpha'.*number"):
        exe(x, x, "2", 1.0)
    with pytest.raises(kfuse.DTypeError, match="'alpha'.*complex"):
        exe(x, x, 1 + 2j, 1.0)
    w = exe(x, x, cupy.asarray(np.float32(2.0)), 1.0)[0]   # a 0-d device array is accepted
    assert float(w[3]) == 3.0


def test_jit_errors():
    import cupy
    f = kfuse.jit(lambda A, x: A @ x)
    A = cupy.ones((5, 4), np.float32)
    with pytest.raises(kfuse.ShapeError, match="gemv"):
        f(A, cupy.ones(5, np.float32))
    with pytest.raises(kfuse.DTypeError, match="mismatched"):
        f(A, cupy.ones(4, np.float64))
    with pytest.raises(kfuse.ArgumentError, match="host"):
        f(A.get(), cupy.ones(4, np.float32))
    with pytest.raises(kfuse.ShapeError, match="5 dimensions"):
        f(cupy.ones((2, 2, 2, 2, 2), np.float32), cupy.ones(4, np.float32))
    with pytest.raises(kfuse.ShapeError, match="@ needs vectors or matrices, got grid"):
        f(cupy.ones((2, 2, 2), np.float32), cupy.ones(4, np.float32))
    with pytest.raises(kfuse.DTypeError, match="int32"):
        f(cupy.ones((5, 4), np.int32), cupy.ones(4, np.int32))
    g = kfuse.jit(lambda x: x if x else x)
    with pytest.raises(kfuse.KfuseError, match="control flow"):
        g(cupy.ones(3, np.float32))
    outside = cupy.arange(4, dtype=np.float32)   # captured: a hidden input read in place
    h = kfuse.jit(lambda x: x + outside)
    assert cupy.asnumpy(h(cupy.ones(4, np.float32))).tolist() == [1.0, 2.0, 3.0, 4.0]
    strided = cupy.ones((4, 6), np.float32)[:, ::2]
    k = kfuse.jit(lambda x: x + strided)
    with pytest.raises(kfuse.ArgumentError, match="captured array.*non-contiguous"):
        k(cupy.ones((4, 3), np.float32))
