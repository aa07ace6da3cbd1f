"""Fusion: legality, optimization space and search.  For now: plans and the unfused planner."""
from .plan import Plan, KernelPlan, Domain, call_domain, unfused_plan, check_plan, default_params, unpacked_plan

__all__ = ["Plan", "KernelPlan", "Domain", "call_domain", "unfused_plan", "check_plan", "default_params", "unpacked_plan"]
