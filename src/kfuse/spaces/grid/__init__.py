"""The grid space: stencil kernels over 1-D to 3-D grids (``space``), the frame of reads and
halos (``frame``) and the work a thread does (``work``)."""
