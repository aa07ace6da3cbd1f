"""Performance prediction: per-device calibration and a cost model for kernels and plans."""
from .calibration import Calibration, load_calibration
from .predict import predict_kernel, predict_plan, kernel_traffic

__all__ = ["Calibration", "load_calibration", "predict_kernel", "predict_plan", "kernel_traffic"]
