"""The intermediate representation: typed values, calls and their data-dependency graph."""
from .types import (ArrayType, Dim, DTYPES, KINDS, check_dtype, ctype, real_dtype, is_complex,
                    itemsize, complex_of, reference_dtype, probe_row_length, DENSE_KIND, MAX_RANK,
                    STRUCTURES, FLIP_UPLO, INDEX_DTYPE)
from .program import Value, Call, Program, ident, MAX_NAME_CHARS, check_name_length

__all__ = ["ArrayType", "Dim", "DTYPES", "KINDS", "check_dtype", "ctype", "real_dtype", "is_complex",
           "itemsize", "complex_of", "reference_dtype", "probe_row_length", "DENSE_KIND", "MAX_RANK", "STRUCTURES", "FLIP_UPLO", "INDEX_DTYPE", "Value", "Call", "Program", "ident",
           "MAX_NAME_CHARS", "check_name_length"]
