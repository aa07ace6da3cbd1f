"""The driver: what runs in which order, from a program to an executable: the stage list
(``stages``), the staged workflow (``workflow``), tuning (``tune``), the GEMM winners tables
(``winners``) and per-call measurement (``measure_calls``)."""
