"""Front ends: the script parser and the Python tracer, both building IR through GraphBuilder."""
from .builder import GraphBuilder
from .script import parse, load

__all__ = ["GraphBuilder", "parse", "load"]
