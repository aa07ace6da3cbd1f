"""Python functions for the staged workflow's tests (tests/unit/test_stages_function.py): a
NumPy-style step with window updates, and a norm whose reduction is a global barrier."""
import kfuse


def heat(u, c):
    """One explicit heat step: the interior updated, the edge rows copied periodically."""
    r = u.copy()
    r[1:-1, 1:-1] = u[1:-1, 1:-1] + c * (u[2:, 1:-1] + u[:-2, 1:-1] + u[1:-1, 2:] + u[1:-1, :-2]
                                         - 4 * u[1:-1, 1:-1])
    r[0, :] = r[-2, :]
    r[-1, :] = r[1, :]
    return r


def scaled(u):
    """u times its squared norm: the sum must finish before the product starts."""
    s = kfuse.sum(u * u)
    return u * s


@kfuse.jit(fuse=False)
def unfused_heat(u, c):
    """heat, jitted with one kernel per call (its options apply on the command line)."""
    return heat(u, c)


def heat_args():
    """Example arguments of heat for --args-from (a shape and type, and a number)."""
    return (kfuse.ShapeDtype((33, 47), "float64"), 0.1)


def broken(u):
    """A function whose own code fails while traced."""
    return u + undefined_name  # noqa: F821
