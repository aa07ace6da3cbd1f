"""Three PolyBench/C 4.2 stencils as the NumPy benchmark suite NPBench writes them
(github.com/spcl/npbench, ``npbench/benchmarks/polybench/{jacobi_1d,jacobi_2d,heat_3d}/
*_numpy.py``, BSD-3): the whole time loop is the kernel, ``TSTEPS`` a number, ``A`` and ``B``
updated in place by interior window assignments.  Unchanged but for the names of the functions
(each benchmark's is ``kernel``).  ``heat_3d``'s body is long enough that CPython puts an
``EXTENDED_ARG`` before its ``FOR_ITER``."""
from __future__ import annotations


def jacobi_1d(TSTEPS, A, B):
    for t in range(1, TSTEPS):
        B[1:-1] = 0.33333 * (A[:-2] + A[1:-1] + A[2:])
        A[1:-1] = 0.33333 * (B[:-2] + B[1:-1] + B[2:])


def jacobi_2d(TSTEPS, A, B):
    for t in range(1, TSTEPS):
        B[1:-1, 1:-1] = 0.2 * (A[1:-1, 1:-1] + A[1:-1, :-2] + A[1:-1, 2:] +
                               A[2:, 1:-1] + A[:-2, 1:-1])
        A[1:-1, 1:-1] = 0.2 * (B[1:-1, 1:-1] + B[1:-1, :-2] + B[1:-1, 2:] +
                               B[2:, 1:-1] + B[:-2, 1:-1])


def heat_3d(TSTEPS, A, B):
    for t in range(1, TSTEPS):
        B[1:-1, 1:-1, 1:-1] = (
            0.125 * (A[2:, 1:-1, 1:-1] - 2.0 * A[1:-1, 1:-1, 1:-1] +
                     A[:-2, 1:-1, 1:-1]) +
            0.125 * (A[1:-1, 2:, 1:-1] - 2.0 * A[1:-1, 1:-1, 1:-1] +
                     A[1:-1, :-2, 1:-1]) +
            0.125 * (A[1:-1, 1:-1, 2:] - 2.0 * A[1:-1, 1:-1, 1:-1] +
                     A[1:-1, 1:-1, 0:-2]) +
            A[1:-1, 1:-1, 1:-1])
        A[1:-1, 1:-1, 1:-1] = (
            0.125 * (B[2:, 1:-1, 1:-1] - 2.0 * B[1:-1, 1:-1, 1:-1] +
                     B[:-2, 1:-1, 1:-1]) +
            0.125 * (B[1:-1, 2:, 1:-1] - 2.0 * B[1:-1, 1:-1, 1:-1] +
                     B[1:-1, :-2, 1:-1]) +
            0.125 * (B[1:-1, 1:-1, 2:] - 2.0 * B[1:-1, 1:-1, 1:-1] +
                     B[1:-1, 1:-1, 0:-2]) +
            B[1:-1, 1:-1, 1:-1])


#: name -> (kernel, an odd test shape)
KERNELS = {"jacobi_1d": (jacobi_1d, (37,)), "jacobi_2d": (jacobi_2d, (13, 11)), "heat_3d": (heat_3d, (9, 7, 11))}
