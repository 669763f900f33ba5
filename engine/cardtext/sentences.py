"""Splitting card text into sentences, and the "shape" of a sentence for coverage."""

from __future__ import annotations

import re
from collections.abc import Iterable

# A parenthesised reminder "(Banish after use.)" is one sentence; otherwise a sentence
# runs to the next full stop (or the end of the text).
_SENTENCE = re.compile(r"\([^()]*\)\.?|[^.()]+(?:\.|$)")
_NUMBER = re.compile(r"(?<![\w])[+-]?\d[\d,]*(?![\w])")


def split_sentences(text: str) -> list[str]:
    """The sentences of `text`, stripped, in order; empty pieces dropped."""
    pieces = (match.group(0).strip() for match in _SENTENCE.finditer(text))
    return [piece for piece in pieces if piece and piece != "."]


class CardNames:
    """Masks card names as <card>: longest first, each name replaced throughout before the
    next, case-insensitively. Each name's pattern is built once, not once per sentence."""

    def __init__(self, names: Iterable[str]) -> None:
        # the name as well: ties in length go alphabetically, the same on every run
        ordered = sorted({n for n in names if n.strip()}, key=lambda n: (-len(n), n))
        self._names = [(_ascii_lower(name), _masker(name)) for name in ordered]

    def mask(self, text: str) -> str:
        lowered = _ascii_lower(text)
        for folded, pattern in self._names:
            # plain ASCII on both sides: a substring test says whether the pattern can match
            if folded is not None and lowered is not None and folded not in lowered:
                continue
            masked = pattern.sub("<card>", text)
            if masked != text:
                text, lowered = masked, _ascii_lower(masked)
        return text


def _masker(name: str) -> re.Pattern[str]:
    return re.compile(re.escape(name), re.IGNORECASE)


def _ascii_lower(text: str) -> str | None:
    """`text` in lower case when it is plain ASCII, where that is exactly how IGNORECASE
    compares; None otherwise (IGNORECASE folds some other letters onto ASCII ones)."""
    return text.lower() if text.isascii() else None


def sentence_shape(sentence: str, names: Iterable[str] | CardNames = ()) -> str:
    """`sentence` with card names replaced by <card> and numbers by N (signs kept), so
    that sentences differing only in those count as one shape. For many sentences, pass
    one CardNames rather than the names."""
    masker = names if isinstance(names, CardNames) else CardNames(names)
    shape = masker.mask(" ".join(sentence.split()))

    def number(match: re.Match[str]) -> str:
        sign = match.group(0)[0]
        return sign + "N" if sign in "+-" else "N"

    return _NUMBER.sub(number, shape)
