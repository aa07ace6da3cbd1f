"""The wave-tail term of the cost model: off for calibrations made without it, and when on,
a grid just over a whole number of waves costs more than one just under it."""
import dataclasses

from kfuse.model.calibration import Calibration
from kfuse.model.predict import wave_tail


def test_off_unless_the_calibration_models_it():
    assert wave_tail(1138, 256, Calibration()) == 0.0


def test_partly_filled_last_wave_costs_and_blurs_with_more_waves():
    cal = dataclasses.replace(Calibration(), wave_tail_s=2e-6, sm_count=132)
    slots = 132 * 8                                            # 256-thread blocks, 8 per SM
    assert wave_tail(1024, 256, cal) == 0.0                    # one wave or less
    assert wave_tail(2 * slots, 256, cal) == 0.0               # whole waves
    just_over = wave_tail(slots + 82, 256, cal)                # pdb1HYS, G=8: 1138 blocks
    assert abs(just_over - 2e-6 * (1 - 82 / slots) / 2) < 1e-15
    assert wave_tail(slots + 900, 256, cal) < just_over        # a fuller last wave costs less
    assert wave_tail(8 * slots + 82, 256, cal) < just_over     # many waves blur the edge
