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


def sentence_shape(sentence: str, names: Iterable[str] = ()) -> str:
    """`sentence` with card names replaced by <card> and numbers by N (signs kept), so
    that sentences differing only in those count as one shape."""
    shape = " ".join(sentence.split())
    for name in sorted({n for n in names if n.strip()}, key=len, reverse=True):
        shape = re.sub(re.escape(name), "<card>", shape, flags=re.IGNORECASE)

    def number(match: re.Match[str]) -> str:
        sign = match.group(0)[0]
        return sign + "N" if sign in "+-" else "N"

    return _NUMBER.sub(number, shape)
