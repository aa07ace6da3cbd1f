"""GPU tier of ``kfuse calibrate --blas3``: a tiny run (one size, two schemes per engine) writes a
valid "gemm" section that the model then reads; the engine peaks are plausible."""
from __future__ import annotations

from kfuse.calibrate import gemm as cg
from kfuse.spaces.gemm import engines
from kfuse.model.calibration import read_calibration
from kfuse.spaces.gemm.calibration import check_section
from kfuse.spaces import KernelTraffic
from kfuse.spaces.gemm.model import EngineTraffic, scheme_rate


def test_peaks_are_positive_and_ordered():
    peaks = cg.measure_peaks(iters=512, repeats=3)
    assert set(peaks) == set(cg.PEAKS)
    assert all(v > 1e12 for v in peaks.values())
    assert peaks["mma_tf32/float32"] > peaks["ffma/float32"] > peaks["ffma/float64"]
    assert peaks["mma_f64/float64"] > 1.5 * peaks["ffma/float64"]   # DMMA: twice the FP64 FFMA peak (H200: 67 / 33.5)


def test_a_tiny_run_writes_a_valid_section_the_model_reads(tmp_path):
    path = str(tmp_path / "cal.json")
    res = cg.calibrate_gemm(path, sizes=(512,), most=2, progress=False)
    cal = read_calibration(path)                       # validates the whole file
    check_section(cal.gemm)
    assert cal.gemm["source"].startswith("kfuse calibrate --blas3")
    rows = res["rows"]
    assert len(rows) == 6 and {r["engine"] for r in rows} == {"ffma", "mma_tf32", "mma_f64"}
    assert "mma_f64/float64" in cal.gemm["peak"]     # mma_f64 is timed in float64, against its peak
    for r in rows:
        assert r["rel_error"] <= engines.get(r["engine"]).tolerance, r
        assert 0 < cal.gemm["efficiency"][r["key"]] <= 1.5
        assert cal.gemm["measured_tflops"][r["key"]]["512"] > 0
    terms = EngineTraffic(engine_flops=2 * 512 ** 3, engine="ffma/float32", engine_eff=0.01,
                          engine_scheme=rows[0]["key"])
    tr = KernelTraffic(read=0, write=0, grid=16, threads=256, space="gemm", terms=terms)
    assert scheme_rate(tr, cal) == cal.gemm["peak"]["ffma/float32"] * cal.gemm["efficiency"][rows[0]["key"]]
