#!/usr/bin/env python3
"""The beam's hypotheses ranked by the language's spelling and the shop's words.

Whisper's beam search keeps several hypotheses of an utterance; the one it prefers is sometimes a
word no dictionary has ("défiltre" for "des filtres", "Welchhochsecke") or a brand spelled as it
sounded ("Northpac") while the next one has the words. `rank` picks the hypothesis with the best
score once each word no dictionary of the language knows costs `unknown` and each word of the
shop's (its prompt's) earns `shop`; the recognizer's own score decides the rest.

The dictionary is every word form of the language's aspell dictionary (Debian's `aspell-fr`,
`aspell-de`, `aspell-es`), expanded once at set-up and stored as sorted 64-bit hashes (a few MB
in memory instead of a set of a million strings):

  aspell -d fr dump master | aspell -l fr expand | python hypotheses.py build fr.npy
"""
from __future__ import annotations

import hashlib
import re
import sys
from typing import Iterable, Sequence

import numpy as np

# Words are letters and digits; an apostrophe ends an elided article or pronoun ("l'apprend",
# "qu'est"), whose last part is the word.
_SPLIT = re.compile(r"[^\w']+")
# A compound (German "Regenjacken") is two words of at least four letters, a linking "s" between
# them allowed. Shorter parts and a third one would make most of a mishearing words:
# "Welchhochzecke" is "welch", "hoch" and "Zecke", "Benzieh" is "Ben" and "zieh".
_MIN_PART = 4


def word_hash(word: str) -> int:
    """A stable 64-bit hash of a lower-case word."""
    return int.from_bytes(hashlib.blake2b(word.encode("utf-8"), digest_size=8).digest(), "little")


def words(text: str) -> list[str]:
    """The lower-case words of `text`, each elision's last part."""
    found = []
    for raw in _SPLIT.split(text.lower().replace("\u2019", "'")):
        word = raw.rsplit("'", 1)[-1]
        if word:
            found.append(word)
    return found


class Lexicon:
    """A language's word forms as sorted 64-bit hashes."""

    def __init__(self, hashes: np.ndarray):
        """`hashes` sorted, each once (`from_words` and `load` see to it)."""
        self._hashes = hashes

    @classmethod
    def from_words(cls, forms: Iterable[str]) -> "Lexicon":
        hashes = np.array([word_hash(form.lower()) for form in forms], dtype=np.uint64)
        return cls(np.unique(hashes))

    @classmethod
    def load(cls, path: str) -> "Lexicon":
        """A saved lexicon (about 10 ms for French's; sorting it again would take 200)."""
        hashes = np.load(path, allow_pickle=False)
        if hashes.dtype != np.uint64 or hashes.ndim != 1 or not np.all(hashes[1:] > hashes[:-1]):
            raise ValueError(f"{path} is not a sorted list of word hashes")
        return cls(hashes)

    def save(self, path: str) -> None:
        with open(path, "wb") as out:
            np.save(out, self._hashes, allow_pickle=False)

    def __len__(self) -> int:
        return int(self._hashes.size)

    def __contains__(self, word: str) -> bool:
        value = np.uint64(word_hash(word))
        index = int(np.searchsorted(self._hashes, value))
        return index < self._hashes.size and self._hashes[index] == value


def known(word: str, lexicon: Lexicon, shop: set[str]) -> bool:
    """Whether the language or the shop has `word`, as it is or as a compound of two known words."""

    def has(part: str) -> bool:
        return part in shop or part in lexicon

    if word.isdigit() or has(word):
        return True
    for cut in range(_MIN_PART, len(word) - _MIN_PART + 1):
        head, tail = word[:cut], word[cut:]
        heads = [head] + ([head[:-1]] if head.endswith("s") and len(head) > _MIN_PART else [])
        if any(has(h) for h in heads) and (tail.isdigit() or has(tail)):
            return True
    return False


def known_share(text: str, lexicon: Lexicon, shop: set[str]) -> float:
    """The share of `text`'s words the language or the shop knows (1 for no words): how much of
    a transcript is words at all. "Welchhoch, Zeighabenzieh" for "welche Rucksäcke haben Sie" is
    none; a request with a brand the prompt does not hold is most."""
    said = words(text)
    if not said:
        return 1.0
    return sum(1 for word in said if known(word, lexicon, shop)) / len(said)


def shop_words(prompt: str | None) -> set[str]:
    """The words of the shop's prompt that say something (longer than three letters)."""
    return {word for word in words(prompt or "") if len(word) > 3 and not word.isdigit()}


def rank(
    hypotheses: Sequence[tuple[str, float]],
    lexicon: Lexicon,
    shop: set[str],
    unknown: float,
    bonus: float,
) -> int:
    """The index of the hypothesis (text, score) with the best score once its words are counted."""

    def adjusted(index: int) -> float:
        text, score = hypotheses[index]
        said = words(text)
        missing = sum(1 for word in said if not known(word, lexicon, shop))
        ours = sum(1 for word in said if word in shop)
        return score - unknown * missing + bonus * ours

    # The first (the recognizer's choice) wins a tie.
    return max(range(len(hypotheses)), key=lambda index: (adjusted(index), -index))


def _build(path: str) -> int:
    forms = (form for line in sys.stdin for form in line.split())
    lexicon = Lexicon.from_words(forms)
    lexicon.save(path)
    print(f"{len(lexicon)} word forms", file=sys.stderr)
    return 0


if __name__ == "__main__":
    if len(sys.argv) != 3 or sys.argv[1] != "build":
        print("usage: hypotheses.py build OUT.npy  (word forms on stdin)", file=sys.stderr)
        sys.exit(2)
    sys.exit(_build(sys.argv[2]))
