"""The cost model's predictions on a few programs (tests/predict_cases.py) are the recorded ones."""
import json

from tests.predict_cases import GOLDEN, compute


def test_predictions_unchanged():
    with open(GOLDEN) as f:
        want = json.load(f)
    got = compute()
    for name in want:
        assert got[name] == want[name], name
