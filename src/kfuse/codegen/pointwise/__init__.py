"""Lowerings of the one-pass kernel kinds: a thread per element (``scalar``), vectorised loads
(``vec``), matrix tiles (``tile``) and a block per row (``rows``)."""
