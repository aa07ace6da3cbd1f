"""A hand-written module (not from the planner) that exercises launch metadata: a kernel with
64 KiB of dynamic shared memory (over the 48 KiB default, so it needs the function attribute)
and a 128-byte struct passed by value (the size of a CUtensorMap), optionally for ``sm_90a``.

The kernel reverses each block's 16384-float chunk of ``x`` through shared memory and scales
element ``i`` of the chunk by ``scales[i % 32]``: ``y[b*C + i] = x[b*C + C-1-i] * scales[i % 32]``.
"""
import numpy as np

from kfuse.codegen.common import KArg, KernelSource

CHUNK = 16384                   # floats per block: 64 KiB of dynamic shared memory
SHARED = CHUNK * 4
BLOCKS = 3

SOURCE = r"""
{guard}
struct __align__(16) kf_scales {{ float s[32]; }};   // 128 bytes, passed by value (read in place: __grid_constant__)

extern "C" __global__ void __launch_bounds__(256)
{name}(const float* __restrict__ x, float* __restrict__ y, const __grid_constant__ kf_scales sc)
{{
    extern __shared__ float kf_dyn[];                 // {chunk} floats: {shared} bytes
    const long long base = (long long)blockIdx.x * {chunk};
    for (int i = threadIdx.x; i < {chunk}; i += blockDim.x) kf_dyn[i] = x[base + i];
    __syncthreads();
    for (int i = threadIdx.x; i < {chunk}; i += blockDim.x) y[base + i] = kf_dyn[{chunk} - 1 - i] * sc.s[i & 31];
}}
"""

#: refuses to compile unless NVRTC targets sm_90a (its feature macro), so a compile proves the target
GUARD_90A = ("#if defined(__CUDA_ARCH__) && !defined(__CUDA_ARCH_FEAT_SM90_ALL)\n"
             "#error \"this kernel needs sm_90a\"\n#endif")


def kernel(target: str = "", shared: int = SHARED, name: str = "kf_smem_byval") -> KernelSource:
    """The KernelSource (target ``sm_90a`` or "" for the device's own), its text included."""
    text = SOURCE.format(guard=GUARD_90A if target == "sm_90a" else "", name=name, chunk=CHUNK,
                         shared=shared)
    args = [KArg("x", "const float* __restrict__ x", "in", "x"),
            KArg("y", "float* __restrict__ y", "out", "y"),
            KArg("sc", "const __grid_constant__ kf_scales sc", "byval", "sc", nbytes=128, align=16)]
    return KernelSource(name, text, args, (BLOCKS, 1, 1), (256, 1, 1), None, shared_bytes=shared,
                        target=target)


def reference(x: np.ndarray, scales: np.ndarray) -> np.ndarray:
    """What the kernel computes, in float64."""
    chunks = x.astype(np.float64).reshape(BLOCKS, CHUNK)[:, ::-1]
    return (chunks * np.resize(scales.astype(np.float64), CHUNK)).reshape(-1)
