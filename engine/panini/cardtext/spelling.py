"""Misspelt game words read as the word they misspell ("Banis after use.", "Rejuvinate 2.",
"seach your Life Deck"): docs/rulings.md "Misspelt words".

A word is read as another only when all of these hold, so that a correct word is never
changed and a misspelling is never read as one of two words:
- it is not a word of the game (`GAME_WORDS`), nor an inflection of one ("places",
  "drawing"), nor an English word (the pyspellchecker dictionary, loaded only when a
  candidate exists);
- it has at least 5 letters, and exactly one word of the game is one edit away from it (a
  letter added, dropped, changed, or two neighbours swapped), or, when no word of the game
  is, exactly one word of the rulebooks (engine.panini.cardtext.rule_words: "thaht");
- it is not inside quotation marks, nor capitalised inside a sentence (names and places
  are written as the card prints them: "Namek" is not "Named"), unless the game word is
  one the cards capitalise there ("and Rejuventate it", "a Sytled card").
Slips read by their place in the sentence follow (engine.panini.cardtext.slips).
"""

from __future__ import annotations

import re
from functools import cache
from typing import NamedTuple

from engine.panini.cardtext.slips import known, mend

# The words the card-text compiler reads, with 5 letters or more (shorter words have too
# many neighbours to be corrected safely).
_GAME_WORDS = """
above action actions advance advanced advances after against allies amount anger another
attach attached attack attacks balls banish banished banishes beginning bottom cannot
capture captured cards changes choose chooses combat considered constant control controls
copies critical damage deals dealt declare defending destroy destroyed destroys discard
discarded discards dragon draws drill drills during effect effects endurance energy
entering enters event events fewer first freestyle gained gains heroes higher instant
instead level levels limit loses lower lowered maximum minimum modified named namekian
number opponent opponent's owner's passed perform performed performing performs
personalities personality physical place placed planning played player player's players
plays power prevent prevented prevents raise raised random redirected regardless
rejuvenate rejuvenated rejuvenates remainder reveal revealed reveals saiyan search
searched searches second setup setups shuffle shuffled shuffles skips stage stages start
stays stopped stops styled successful takes taking their title unstoppable until villain
villains whenever while
"""
GAME_WORDS = frozenset(_GAME_WORDS.split())

# Names of the game's world one edit from a game word: they open sentences too ("Namek
# Dragon Balls ..."), where a capital does not tell a name
_NAMES = frozenset({"namek"})
# Game words the cards print with a capital inside a sentence ("and Rejuvenate it", "a
# Styled card"): a capitalised misspelling of one of these is no name
_CAPITALISED = frozenset({"rejuvenate", "rejuvenated", "rejuvenates", "styled", "endurance",
                          "saiyan", "villain", "villains", "banished"})  # fmt: skip
_SHORTEST = 5
_WORD = re.compile(r"[A-Za-z][A-Za-z']*")
_QUOTED = re.compile(r'"[^"]*"')
_INFLECTIONS = ("s", "es", "d", "ed", "ing", "'s")
_LETTERS = "abcdefghijklmnopqrstuvwxyz"


class Respelling(NamedTuple):
    written: str
    read: str


def respell(sentence: str) -> tuple[str, list[Respelling]]:
    """`sentence` with its misspelt game words replaced, and the replacements made."""
    made: list[Respelling] = []
    quoted = [found.span() for found in _QUOTED.finditer(sentence)]

    def replace(found: re.Match[str]) -> str:
        word = found.group()
        if any(start <= found.start() < end for start, end in quoted):
            return word
        name = word[0].isupper() and not word.isupper() and not _opens(sentence, found.start())
        meant = _meant(word.lower())
        if meant is None or (name and meant not in _CAPITALISED):
            return word
        read = _same_case(word, meant)
        made.append(Respelling(word, read))
        return read

    text, mended = mend(_WORD.sub(replace, sentence))
    return text, made + [Respelling(written, read) for written, read in mended]


@cache
def _meant(word: str) -> str | None:
    if len(word) < _SHORTEST or known(word) or word in _NAMES or _inflected(word):
        return None
    neighbours = _neighbours(word)
    candidates = neighbours & GAME_WORDS
    if not candidates:  # no game word: a word of the rules ("eturn", "thaht")
        candidates = {found for found in neighbours if known(found)}
    if len(candidates) != 1 or english(word):
        return None
    return next(iter(candidates))


def _opens(sentence: str, index: int) -> bool:
    """The word at `index` opens the sentence, a label's text ("HIT: Banis ...") or a
    parenthesis."""
    before = sentence[:index].rstrip()
    return not before or before.endswith((":", "(", "."))


def _inflected(word: str) -> bool:
    return any(
        word.endswith(ending) and (word.removesuffix(ending) in GAME_WORDS
                                   or word.removesuffix(ending) + "e" in GAME_WORDS)
        for ending in _INFLECTIONS
    )  # fmt: skip


def _neighbours(word: str) -> set[str]:
    """Every word one edit away: a letter dropped, swapped with the next, changed or added."""
    splits = [(word[:i], word[i:]) for i in range(len(word) + 1)]
    dropped = {left + right[1:] for left, right in splits if right}
    swapped = {left + right[1] + right[0] + right[2:] for left, right in splits if len(right) > 1}
    changed = {left + letter + right[1:] for left, right in splits if right for letter in _LETTERS}
    added = {left + letter + right for left, right in splits for letter in _LETTERS}
    return dropped | swapped | changed | added


def english(word: str) -> bool:
    return word in _dictionary() or word.replace("'", "") in _dictionary()


@cache
def _dictionary() -> frozenset[str]:
    # loaded once, and only when a word could be a misspelling: it takes about 2 s
    from spellchecker import SpellChecker

    return frozenset(SpellChecker(language="en", distance=1).word_frequency.keys())


def _same_case(written: str, meant: str) -> str:
    if written.isupper():
        return meant.upper()
    if written[0].isupper():
        return meant[0].upper() + meant[1:]
    return meant
