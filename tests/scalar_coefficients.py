"""Grid kernels whose coefficients are computed from scalar arguments (``dt * k``): a scalar-only
sub-expression is a scalar prologue of the stencil kernel (issue 30, item 6).  Each program is
written once over an ``ops`` namespace (``kfuse`` in a jit, :data:`tests.stencil_programs.NUMPY`
for the float64 reference); the tiers share them.

``CASES``: name -> (factory(ops) -> function, its grid argument's shape, its scalar arguments).
"""
from __future__ import annotations


def product(ops):
    def product(t, a, b):   # the program
        return ops.interior(t, t[1:-1, 1:-1] + a * b * (t[2:, 1:-1] - t[1:-1, 1:-1]))
    return product


def triple(ops):
    def triple(t, a, b, c):
        return ops.interior(t, t[1:-1, 1:-1] + a * b * c * (t[1:-1, 2:] - 2.0 * t[1:-1, 1:-1] + t[1:-1, :-2]))
    return triple


def quotient(ops):
    def quotient(t, a, b):
        return t[1:-1, 1:-1] + a / b * (t[2:, 1:-1] + t[:-2, 1:-1])
    return quotient


def negated(ops):
    def negated(t, a):
        return -a * (t[1:, :] - t[:-1, :])
    return negated


def root(ops):
    def root(t, a, b):
        return ops.sqrt(a) * t[1:-1, 1:-1] + ops.sqrt(a * b) * t[:-2, 1:-1]
    return root


def shared(ops):
    def shared(t, dt, k):   # one coefficient feeding two stencil steps
        c = dt * k
        u = ops.interior(t, t[1:-1, 1:-1] + c * (t[2:, 1:-1] + t[:-2, 1:-1] - 2.0 * t[1:-1, 1:-1]))
        return ops.interior(u, u[1:-1, 1:-1] + c * (u[1:-1, 2:] + u[1:-1, :-2] - 2.0 * u[1:-1, 1:-1]))
    return shared


def returned(ops):
    def returned(t, a, b):   # the coefficient is also an output of the kernel
        c = a * b
        return c * (t[1:, 1:] - t[:-1, :-1]), c
    return returned


def grid3d(ops):
    def grid3d(u, dt, k):
        return u[1:-1, 1:-1, 1:-1] + dt * k * (u[2:, 1:-1, 1:-1] + u[1:-1, 1:-1, :-2] - 2.0 * u[1:-1, 1:-1, 1:-1])
    return grid3d


def summed(ops):
    def summed(t, a, b):   # a reduction of the scaled differences
        return ops.sum(a * b * (t[1:, :] - t[:-1, :]))
    return summed


def masked(ops):
    def masked(t, a, b):   # the product as a threshold
        return ops.where(t[1:, :] > a * b, t[1:, :], t[:-1, :])
    return masked


CASES = {
    "product": (product, (64, 64), (0.1, 80.0)),
    "triple": (triple, (37, 45), (0.5, 0.25, 3.0)),
    "quotient": (quotient, (29, 33), (1.5, 4.0)),
    "negated": (negated, (17, 40), (0.75,)),
    "root": (root, (33, 19), (2.25, 4.0)),
    "shared": (shared, (41, 23), (0.01, 20.0)),
    "returned": (returned, (25, 31), (0.5, -3.0)),
    "grid3d": (grid3d, (9, 11, 13), (0.05, 2.0)),
    "summed": (summed, (33, 17), (0.5, 2.0)),
    "masked": (masked, (20, 21), (0.5, 0.25)),
}

#: cases with a reduction (its workspace is not simulated by the CPU runner)
REDUCING = ("summed",)

#: the issue's program as a script (``kfuse plan`` printed a traceback)
SCRIPT = """# a coefficient a * b of a stencil
grid t(m, n);
scalar a, b;
input t, a, b;
u = interior(t, t[1:-1, 1:-1] + a * b * (t[2:, 1:-1] - t[1:-1, 1:-1]));
return u;
"""
