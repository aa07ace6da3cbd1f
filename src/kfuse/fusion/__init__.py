"""Fusion: graph legality (which calls may share a kernel, and why not), the search over fusions
and their implementations, and the plan data (JSON a user can read, edit and feed back)."""
from .plan import Plan, KernelPlan, Domain, call_domain, unfused_plan, check_plan, default_params, unpacked_plan

__all__ = ["Plan", "KernelPlan", "Domain", "call_domain", "unfused_plan", "check_plan", "default_params", "unpacked_plan"]
