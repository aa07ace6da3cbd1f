"""``kfuse calibrate``: measuring this GPU for the cost model.

:mod:`.probes` times representative kernels of every kind and fits the model's factors,
:mod:`.gemm` the GEMM engines' peaks and schemes (``--blas3``), :mod:`.hostpath` the host cost
of a call, :mod:`.ceilings` the card's bandwidth ceilings; :mod:`.command` is the command line.
"""
