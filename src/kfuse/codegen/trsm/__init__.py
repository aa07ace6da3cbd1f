"""The triangular-solve generator: blocked TRSM lowered to diagonal leaves (``leaf``), inverted
diagonal blocks (``inverse``) and GEMM updates (``lower``)."""
