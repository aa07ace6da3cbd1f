"""The GEMM space: matrix products and their structured variants (``space``), the scheme text
(``scheme``), groups, prologues, tensor-core rules, load balance and measured efficiencies."""
