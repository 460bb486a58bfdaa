"""Unit tests of the sidecar's cancellation: a cancelled request stops before the next step."""
import unittest

import whisper_sidecar as sidecar


class Model:
    """A stand-in for the CTranslate2 model: records the steps it is asked for."""

    def __init__(self):
        self.calls = []

    def encode(self, features, **kwargs):
        self.calls.append("encode")
        return "encoded"

    def generate(self, features, prompts, **kwargs):
        self.calls.append("generate")
        return ["generated"]


class CancelTest(unittest.TestCase):
    def setUp(self):
        self.model = Model()
        self.ranking = sidecar.RankingModel(self.model, lambda ids: "")
        sidecar._CURRENT["key"] = sidecar.request_key(7)

    def tearDown(self):
        sidecar._CURRENT["key"] = None
        sidecar._CANCELS.clear()

    def test_steps_run_while_not_cancelled(self):
        self.assertEqual(self.ranking.encode("features"), "encoded")
        self.assertEqual(self.ranking.generate("encoded", [[1]], beam_size=1), ["generated"])
        self.assertEqual(self.model.calls, ["encode", "generate"])

    def test_a_cancel_stops_before_the_next_step(self):
        self.ranking.encode("features")
        sidecar._CANCELS.add(sidecar.request_key(7))
        with self.assertRaises(sidecar.Cancelled):
            self.ranking.generate("encoded", [[1]], beam_size=5)
        self.assertEqual(self.model.calls, ["encode"])

    def test_another_requests_cancel_does_not_stop_this_one(self):
        sidecar._CANCELS.add(sidecar.request_key(8))
        self.assertEqual(self.ranking.encode("features"), "encoded")


if __name__ == "__main__":
    unittest.main()
