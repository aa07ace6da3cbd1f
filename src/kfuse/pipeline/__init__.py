"""The driver: what runs in which order, from a program to an executable: planning, the plan
checked once (``plan``), the one stage list and the functions that run the stages from a plan
(``stages``), the staged workflow (``workflow``, ``staged``, ``origin``, ``workflow_reports``),
tuning (``tune``), the GEMM winners tables (``winners``) and per-call measurement
(``measure_calls``)."""
