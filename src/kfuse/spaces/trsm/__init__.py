"""The TRSM space: blocked triangular solves (``space``) and their tensor-core updates (``mma``)."""
