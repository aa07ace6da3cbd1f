"""The protocol of a GEMM engine: what the GEMM and TRSM spaces, the model, the calibration and
the code generator's checks ask of the engine a scheme names (its ``engine`` field).

An :class:`Engine` says which products it serves (``dtypes`` under the call precision
``precision``), the block a scheme makes (``threads``, ``shared_bytes``, ``registers``), why a
scheme cannot run (``refusals``), the schemes a search starts from (``candidates``, field dicts, the
default first), what its epilogue and loader host (``runs_reductions``, ``runs_prologues``,
``splits_k``, ``structure_refusals``), the share of the rate a structured operand's loader rule keeps
(``loader_efficiency``), its flop rate relative to float32 FFMA (``share``) and how the
calibration times it (``tolerance``, ``peaks``).  The registry is
:mod:`kfuse.spaces.gemm.engines`; the printer of each engine is
:data:`kfuse.codegen.gemm.ENGINES`.
"""
from __future__ import annotations


class Engine:
    """One GEMM engine (see the module doc); subclasses fill the attributes and methods."""

    #: the scheme's ``engine`` value naming it
    name: str = ""
    #: what it runs on, in words (plan lines)
    title: str = ""
    #: the call precision it serves ("ieee": exact products; "tf32": TF32 tensor cores)
    precision: str = "ieee"
    #: the element types it multiplies
    dtypes: tuple = ("float32",)
    #: whether its epilogue hosts row / column sums of the product
    runs_reductions: bool = False
    #: whether its loader runs elementwise prologues on the operands
    runs_prologues: bool = False
    #: whether it splits the k range of a tile over blocks (split-k)
    splits_k: bool = False
    #: loader rule -> the share of the rate it keeps where it differs from the rules' table
    loader_efficiency: dict = {}
    #: dtype -> its flop rate relative to float32 FFMA (before calibration)
    share: dict = {}
    #: relative Frobenius error a calibration run may have against float64
    tolerance: float = 1e-4
    #: dtype -> (peak probe kernel, element type, flops per thread per iteration)
    peaks: dict = {}

    def serves(self, dtype: str, precision: str) -> bool:
        """Whether a ``dtype`` product under call precision ``precision`` runs on this engine."""
        return dtype in self.dtypes and precision == self.precision

    def threads(self, s) -> int:
        """Threads per block of scheme ``s``."""
        raise NotImplementedError

    def shared_bytes(self, s, dtype: str) -> int:
        """Dynamic shared memory of one block of scheme ``s``."""
        raise NotImplementedError

    def registers(self, s, dtype: str) -> int:
        """Estimated registers per thread of scheme ``s``."""
        raise NotImplementedError

    def refusals(self, s, dtype: str, m: int, n: int, k: int) -> list:
        """Why scheme ``s`` cannot run a ``dtype`` product of m x n x k: one line per reason."""
        raise NotImplementedError

    def structure_refusals(self, s, structures: tuple) -> list:
        """Why scheme ``s`` cannot host structured operands (``structures``: "sym" / "tri" of
        each, loaded element by element): one line per reason; none by default."""
        return []

    def default_fields(self, dtype: str) -> dict:
        """The scheme fields (``engine`` included) a first call on this engine runs without tuning."""
        raise NotImplementedError

    def candidates(self, dtype: str, m: int = 0, n: int = 0, k: int = 0) -> list:
        """The schemes (field dicts) a search starts from for ``dtype`` and m x n x k, the default
        first; the caller checks them (:func:`kfuse.spaces.gemm.scheme.checked`)."""
        raise NotImplementedError
