"""Kernel spaces: one module per kind of kernel, and the registry fusion and the model
dispatch through.

>>> from kfuse import spaces
>>> [s.name for s in spaces.claim_order()]
['trsm', 'gemm', 'grid', 'rows', 'tile', 'vec', 'scalar']

``register(space)`` adds a space (a :class:`Space` instance; its ``claim_order`` sets when it
is asked to claim a call), ``unregister(name)`` removes it, ``get(name)`` finds it (a
PlanError names the known spaces otherwise).  :func:`call_domain` is the ordered claim of a
call's domain; :func:`kernel_domain` and :func:`kernel_space` those of a kernel's calls;
:func:`hosts` and :func:`same_mapping` which domains one kernel may iterate together;
:func:`program_info` the facts of a bound program, computed once; :func:`stored` what each
kernel of a plan stores; :class:`Traffic` and :class:`KernelTraffic` what a kernel moves.
"""
from __future__ import annotations

from .base import Domain, Geometry, ParamSpec, Space
from .facts import CallFacts, ProgramInfo
from .registry import (SPACES, call_domain, claim_order, default_dtype, get, host_domain, hosts, kernel_domain,
                       kernel_dtype, kernel_space, program_info, register, same_mapping, stored, unregister)
from .traffic import KernelTraffic, Traffic

__all__ = ["SPACES", "Domain", "Geometry", "ParamSpec", "Space", "CallFacts", "ProgramInfo", "register",
           "unregister", "get", "claim_order", "call_domain", "kernel_domain", "kernel_space", "kernel_dtype",
           "default_dtype", "program_info", "host_domain", "hosts", "same_mapping", "stored", "Traffic",
           "KernelTraffic"]
