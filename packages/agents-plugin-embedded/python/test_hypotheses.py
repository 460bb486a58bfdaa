"""Unit tests of the hypothesis ranking (hypotheses.py) and of the sidecar's model wrapper that
applies it. Run by src/speech/hypotheses.test.ts with the recognizer's Python."""
from __future__ import annotations

import os
import sys
import tempfile
import unittest
from types import SimpleNamespace

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from hypotheses import Lexicon, known, known_share, rank, shop_words, words  # noqa: E402

FRENCH = Lexicon.from_words(
    "avez vous des filtres filtre à eau je la prends mon panier montrez moi tentes tente "
    "détente ajoutez".split()
)
GERMAN = Lexicon.from_words("regen jacken jacke wander schuhe welche haben sie zelte".split())


class WordsTest(unittest.TestCase):
    def test_lower_case_words_with_elisions_cut(self):
        self.assertEqual(words("Qu'est-ce que l’Apprend, 100 euros?"),
                         ["est", "ce", "que", "apprend", "100", "euros"])


class LexiconTest(unittest.TestCase):
    def test_holds_its_forms_only(self):
        self.assertIn("filtres", FRENCH)
        self.assertNotIn("défiltre", FRENCH)

    def test_saved_and_loaded_whole(self):
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, "fr.npy")
            FRENCH.save(path)
            loaded = Lexicon.load(path)
        self.assertEqual(len(loaded), len(FRENCH))
        self.assertIn("panier", loaded)
        self.assertNotIn("montagnez", loaded)

    def test_refuses_a_file_that_is_not_one(self):
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, "fr.npy")
            np.save(path, np.array([3, 2, 1], dtype=np.uint64))
            with self.assertRaises(ValueError):
                Lexicon.load(path)


class KnownTest(unittest.TestCase):
    def test_numbers_and_the_shops_words_are_known(self):
        self.assertTrue(known("100", FRENCH, set()))
        self.assertTrue(known("northpeak", FRENCH, {"northpeak"}))
        self.assertFalse(known("northpac", FRENCH, {"northpeak"}))

    def test_german_compounds_of_known_words_are_known(self):
        self.assertTrue(known("regenjacken", GERMAN, set()))
        self.assertTrue(known("wanderschuhe", GERMAN, set()))
        self.assertFalse(known("welchhochsecke", GERMAN, set()))
        self.assertFalse(known("regenxyz", GERMAN, set()))

    def test_a_compound_is_two_words_of_four_letters_or_more(self):
        # Three words ("welch", "hoch", "Zecke") or a short one ("Ben") made a mishearing known.
        german = Lexicon.from_words("regen jacken welch hoch zecke ben zieh".split())
        self.assertTrue(known("regenjacken", german, set()))
        self.assertFalse(known("welchhochzecke", german, set()))
        self.assertFalse(known("benzieh", german, set()))
        self.assertEqual(known_share("Welchhochzecke, Benzieh", german, set()), 0.0)


class KnownShareTest(unittest.TestCase):
    def test_the_share_of_words_known(self):
        self.assertEqual(known_share("Welche Zelte haben Sie?", GERMAN, set()), 1.0)
        self.assertEqual(known_share("Welchhoch, Zeighabenzieh", GERMAN, set()), 0.0)
        self.assertEqual(known_share("Hamsi, Zelte?", GERMAN, set()), 0.5)
        self.assertEqual(known_share("Northpeak Zelte", GERMAN, {"northpeak"}), 1.0)

    def test_no_words_is_all_known(self):
        self.assertEqual(known_share("", GERMAN, set()), 1.0)
        self.assertEqual(known_share(" ... ", GERMAN, set()), 1.0)


class RankTest(unittest.TestCase):
    def test_a_close_second_with_every_word_known_wins(self):
        beam = [("Et défiltre à eau ?", -0.30), ("Et des filtres à eau ?", -0.34)]
        self.assertEqual(rank(beam, FRENCH, set(), 0.2, 0.1), 1)

    def test_the_recognizers_choice_stands_when_every_word_is_known(self):
        beam = [("Vous avez détente ?", -0.30), ("Vous avez des tentes ?", -0.45)]
        self.assertEqual(rank(beam, FRENCH, set(), 0.2, 0.0), 0)

    def test_a_far_second_does_not_win_on_words_alone(self):
        beam = [("Et défiltre à eau ?", -0.30), ("Et des filtres à eau ?", -0.90)]
        self.assertEqual(rank(beam, FRENCH, set(), 0.2, 0.0), 0)

    def test_the_shops_words_earn_their_bonus(self):
        shop = shop_words("Tentes, sacs de couchage. North Peak, Summit.")
        self.assertEqual(shop, {"tentes", "sacs", "couchage", "north", "peak", "summit"})
        beam = [("Avez-vous des Tente Northpac ?", -0.49), ("Avez-vous des tentes North Peak ?", -0.55)]
        self.assertEqual(rank(beam, FRENCH, shop, 0.2, 0.1), 1)

    def test_a_tie_keeps_the_first(self):
        beam = [("Je la prends.", -0.2), ("Je la prends.", -0.2)]
        self.assertEqual(rank(beam, FRENCH, set(), 0.2, 0.1), 0)


class FakeModel:
    """Stands for CTranslate2's Whisper model: a beam of three, token ids that are the texts' index."""

    def __init__(self, texts_and_scores):
        self.texts = [text for text, _ in texts_and_scores]
        self.scores = [score for _, score in texts_and_scores]
        self.calls = []
        self.is_multilingual = True

    def generate(self, features, prompts, **kwargs):
        self.calls.append(kwargs)
        count = kwargs.get("num_hypotheses", 1)
        return [SimpleNamespace(sequences_ids=[[index] for index in range(count)],
                                scores=self.scores[:count], no_speech_prob=0.01)]


class RankingModelTest(unittest.TestCase):
    def setUp(self):
        import whisper_sidecar

        self.sidecar = whisper_sidecar
        self.fake = FakeModel([("Et défiltre à eau ?", -0.30), ("Et des filtres à eau ?", -0.34),
                               ("Et défile très haut.", -0.60)])
        self.model = whisper_sidecar.RankingModel(self.fake, lambda ids: self.fake.texts[ids[0]])

    def tearDown(self):
        self.sidecar._RANKING["on"] = None

    def test_asks_for_the_whole_beam_and_returns_the_ranked_hypothesis(self):
        self.sidecar._RANKING["on"] = (FRENCH, set(), 0.2, 0.1)
        [result] = self.model.generate(None, [[1, 2]], beam_size=3, max_length=40)
        self.assertEqual(self.fake.calls[-1]["num_hypotheses"], 3)
        self.assertEqual(result.sequences_ids, [[1]])
        self.assertEqual(result.scores, [-0.34])
        self.assertEqual(result.no_speech_prob, 0.01)

    def test_leaves_the_model_alone_when_not_ranking(self):
        [result] = self.model.generate(None, [[1, 2]], beam_size=3)
        self.assertNotIn("num_hypotheses", self.fake.calls[-1])
        self.assertEqual(result.sequences_ids, [[0]])

    def test_leaves_sampling_alone(self):
        self.sidecar._RANKING["on"] = (FRENCH, set(), 0.2, 0.1)
        self.model.generate(None, [[1, 2]], beam_size=1, num_hypotheses=1)
        self.assertEqual(self.fake.calls[-1]["num_hypotheses"], 1)

    def test_passes_everything_else_through(self):
        self.assertTrue(self.model.is_multilingual)


if __name__ == "__main__":
    unittest.main()
