"""The golden corpus of generated CUDA (see :mod:`tests.golden.corpus`)."""
