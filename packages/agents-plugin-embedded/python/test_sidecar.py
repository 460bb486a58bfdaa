"""Unit tests of the sidecar's cancellation: a cancelled request stops before the next step."""
import threading
import unittest
from types import SimpleNamespace

import numpy as np

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
        self.kwargs = kwargs
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
        self.assertEqual(self.ranking.encode(FEATURES), "encoded")
        self.assertEqual(self.ranking.generate("encoded", [[1]], beam_size=1), ["generated"])
        self.assertEqual(self.model.calls, ["encode", "generate"])

    def test_a_cancel_stops_before_the_next_step(self):
        self.ranking.encode(FEATURES)
        sidecar._CANCELS.add(sidecar.request_key(7))
        with self.assertRaises(sidecar.Cancelled):
            self.ranking.generate("encoded", [[1]], beam_size=5)
        self.assertEqual(self.model.calls, ["encode"])

    def test_another_requests_cancel_does_not_stop_this_one(self):
        sidecar._CANCELS.add(sidecar.request_key(8))
        self.assertEqual(self.ranking.encode(FEATURES), "encoded")

    def test_the_last_window_encoded_and_its_prompt_are_kept(self):
        self.ranking.encode(FEATURES)
        self.ranking.generate("encoded", [[1, 2, 3]], beam_size=1)
        self.assertEqual(self.ranking.last_encoded, ("encoded", 100))
        self.assertEqual(self.ranking.last_prompt, [1, 2, 3])

    def test_each_thread_keeps_its_own_window_and_prompt(self):
        # A bare decoding beside the prompted one: the prompted one's word probabilities read
        # its own window and prompt.
        self.ranking.encode(FEATURES)
        self.ranking.generate("encoded", [[1, 2, 3]], beam_size=1)

        def beside():
            self.ranking.generate("encoded", [[9]], beam_size=1)

        thread = threading.Thread(target=beside)
        thread.start()
        thread.join()
        self.assertEqual(self.ranking.last_prompt, [1, 2, 3])

    def test_a_bare_decoding_beside_the_request_is_not_ranked(self):
        sidecar._RANKING["on"] = ("lexicon", set(), 0.2, 0.1)

        def bare():
            sidecar._BARE.decoding = True
            self.ranking.generate("encoded", [[1]], beam_size=5)

        try:
            thread = threading.Thread(target=bare)
            thread.start()
            thread.join()
        finally:
            sidecar._RANKING["on"] = None
        self.assertNotIn("num_hypotheses", self.model.kwargs)


class Tokenizer:
    """A stand-in tokenizer: token i is word WORDS[i]; words split one token each, except the
    last, which is two tokens ("head", "lamp")."""

    eot = 99
    no_timestamps = 98
    sot_sequence = (97,)

    def split_to_word_tokens(self, tokens):
        words = [" I", " want", " the", " headlamp", "."]
        groups = [[0], [1], [2], [3, 4], [5]]
        return words + ["<eot>"], groups + [[self.eot]]


class Aligner:
    """A stand-in model for the forced alignment: one probability per text token."""

    def __init__(self, probabilities):
        self.probabilities = probabilities
        self.asked = None
        self.last_encoded = ("encoded", 1000)
        self.last_prompt = [96, 5, 6, 97, 98]

    def align(self, output, start, tokens, frames):
        self.asked = (output, start, tokens, frames)
        return [SimpleNamespace(text_token_probs=self.probabilities)]


class WordProbabilitiesTest(unittest.TestCase):
    def test_each_word_is_the_mean_of_its_tokens_and_punctuation_is_no_word(self):
        aligner = Aligner([0.9, 0.8, 1.0, 0.2, 0.4, 0.7])
        model = SimpleNamespace(model=aligner)
        segment = SimpleNamespace(tokens=[0, 1, 2, 3, 4, 5, Tokenizer.eot])
        words = sidecar.word_probabilities(model, Tokenizer(), segment, 16_000)
        self.assertEqual(words, [0.9, 0.8, 1.0, 0.3])
        # Read under the decoding's own prompt, over the audio's frames only.
        self.assertEqual(aligner.asked, ("encoded", [96, 5, 6, 97, 98], [[0, 1, 2, 3, 4, 5]], 100))

    def test_nothing_without_a_window_or_words(self):
        model = SimpleNamespace(model=SimpleNamespace())
        segment = SimpleNamespace(tokens=[0, 1])
        self.assertEqual(sidecar.word_probabilities(model, Tokenizer(), segment, 16_000), [])
        aligner = SimpleNamespace(model=Aligner([]))
        empty = SimpleNamespace(tokens=[Tokenizer.eot])
        self.assertEqual(sidecar.word_probabilities(aligner, Tokenizer(), empty, 16_000), [])


FEATURES = np.zeros((1, 80, 100), dtype=np.float32)

if __name__ == "__main__":
    unittest.main()
