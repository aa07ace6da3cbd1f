"""Lowering of grid (stencil) kernels: the frame of a launch and its halo (``lower``), the
points a thread evaluates (``scope``), vector loads (``vector``) and index remaps (``remap``)."""
