"""kfuse's version, at the floor of the package so every layer can read it."""
__version__ = "0.1.0"
