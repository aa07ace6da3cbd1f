"""kfuse: a compiler that fuses sequences of BLAS-1/2/3 calls, elementwise maps, reductions,
stencils and sparse matrix-vector products into few generated GPU kernels.

Write a sequence as a Python function over CuPy arrays or torch tensors (``@kfuse.jit``) or as
a script (``kfuse.compile_script``); kfuse builds the data-dependency graph of
library calls, plans kernels, generates readable CUDA C and runs it through
NVRTC.
"""
from ._version import __version__  # noqa: E402

from . import config, library  # noqa: E402
from .errors import (KfuseError, ScriptError, ShapeError, DTypeError, ArgumentError,  # noqa: E402
                     UnknownFunctionError, PlanError, CompileError, NoGPUError)
from .api import jit, compile_script, compile_program, JitFunction, explain  # noqa: E402
from .frontend import parse, load  # noqa: E402
from .frontend.trace import ShapeDtype  # noqa: E402
from .aot import Lowered  # noqa: E402
from . import blas, linalg, sparse, solvers  # noqa: E402
from . import ops  # noqa: E402
from .ops import outer, maximum, minimum, where, interior, sum, max, min  # noqa: E402,A004
from .ops import zeros_like, ones_like, empty_like, full_like, roll, pad  # noqa: E402
from .library import register  # noqa: E402
from .loops import iterate  # noqa: E402
from .structure import sym, tri  # noqa: E402

__all__ = ["sym", "tri", "__version__", "config", "library", "jit", "compile_script", "compile_program", "JitFunction", "explain",
           "ShapeDtype", "Lowered",
           "parse", "load", "blas", "linalg", "sparse", "solvers", "outer", "maximum", "minimum", "where", "interior", "sum", "max", "min",
           "zeros_like", "ones_like", "empty_like", "full_like", "roll", "pad",
           "register", "iterate",
           "KfuseError", "ScriptError", "ShapeError", "DTypeError", "ArgumentError",
           "UnknownFunctionError", "PlanError", "CompileError", "NoGPUError"]
#: kfuse.sqrt, kfuse.exp, ...: the elementwise functions of :data:`kfuse.library.ELEMENTWISE`
globals().update({_name: getattr(ops, _name) for _name in ops.ELEMENTWISE})
__all__ += list(ops.ELEMENTWISE)
