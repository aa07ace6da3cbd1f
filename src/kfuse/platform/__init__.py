"""What kfuse runs on, below every stage of the pipeline: which CuPy wheel is installed
(:mod:`~kfuse.platform.install`), whether a GPU is usable and what it is
(:mod:`~kfuse.platform.device`), and what kind of array an argument is
(:mod:`~kfuse.platform.arrays`: CuPy, NumPy, PyTorch, scalars).

The frontend (tracing classifies arguments), the sparse types (``to_device``), the runtime
and the API all ask these modules; they import only ``config``, ``errors`` and ``ir``, and
nothing here imports CuPy at ``import kfuse``.
"""
