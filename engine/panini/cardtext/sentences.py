"""Splitting card text into sentences, and the "shape" of a sentence for coverage."""

from __future__ import annotations

import re
from collections.abc import Iterable

# A full stop after these does not end a sentence: "Cell Jr.", "Dr. Wheelo", "Mr. Satan".
_ABBREVIATIONS = frozenset({"jr", "sr", "dr", "mr", "mrs", "ms", "st", "vs"})
_CLOSERS = frozenset(")\"'\u201d\u2019")  # stray closers right after a full stop stay with it
_NUMBER = re.compile(r"(?<![\w])[+-]?\d[\d,]*(?![\w])")


def split_sentences(text: str) -> list[str]:
    """The sentences of `text`, stripped, in order. Every character other than white space
    is in exactly one sentence, in order: nothing is dropped.

    A sentence runs to a full stop that is outside parentheses and quotes (not one ending
    "Jr." or "Dr.", nor a decimal point), or to a quotation ending in a full stop
    ('gains "Endurance 1." Draw ...'), or to the end of the text. A parenthesised group that
    opens a sentence is a sentence of its own ("(Banish after use.)"); one inside a sentence
    stays in it ("Gain 2 stages (if ...) and ..."): only the compiler may cut it off.
    Parentheses and quotes that are not closed are ordinary characters."""
    closing = _matched_parentheses(text)
    quotes = _quotations(text, closing)
    sentences: list[str] = []
    start = index = 0
    size = len(text)

    def cut(end: int) -> None:
        nonlocal start
        piece = text[start:end].strip()
        start = end
        if not piece:
            return
        if sentences and not any(ch.isalnum() for ch in piece):
            sentences[-1] = f"{sentences[-1]}{piece}"  # a stray "." or ")" after a sentence
        else:
            sentences.append(piece)

    while index < size:
        char = text[index]
        if index in closing:  # a parenthesised group
            end = closing[index] + 1
            if not text[start:index].strip():  # it opens the sentence: it is one
                if end < size and text[end] == ".":
                    end += 1
                cut(end)
            index = end
            continue
        if index in quotes:  # a quotation: its full stops do not count
            end = quotes[index] + 1
            if (text[end - 2] in ".!" and _boundary(text, end)) or _LABEL_AFTER.match(text, end):
                cut(end)
            index = end
            continue
        if char == "." and _ends_sentence(text, index):
            end = index + 1
            while text[end : end + 1] in _CLOSERS and end not in closing and end not in quotes:
                end += 1
            cut(end)
            index = end
            continue
        index += 1
    cut(size)
    return sentences


def _matched_parentheses(text: str) -> dict[int, int]:
    """Each "(" that is closed, mapped to the index of its ")"; nested groups included."""
    pairs: dict[int, int] = {}
    stack: list[int] = []
    for index, char in enumerate(text):
        if char == "(":
            stack.append(index)
        elif char == ")" and stack:
            pairs[stack.pop()] = index
    return pairs


_OPEN_SINGLE = re.compile(r"(?:(?<=^)|(?<=[\s(]))['\u2018](?=\S)")
_CLOSE_SINGLE = re.compile(r"(?<=\S)['\u2019](?=$|[\s.,;:)])")


def _quotations(text: str, parentheses: dict[int, int]) -> dict[int, int]:
    """Quotations outside parenthesised groups, each opening quote mapped to the index of
    its closing one: straight double quotes in pairs, curly ones, and single quotes that
    open after a space and close before one (not the apostrophe of "opponent's")."""
    inside = [False] * len(text)
    for opening, closing in parentheses.items():
        for index in range(opening, closing + 1):
            inside[index] = True
    pairs: dict[int, int] = {}
    index = 0
    while index < len(text):
        char = text[index]
        end = -1
        if not inside[index]:
            if char == '"':
                end = text.find('"', index + 1)
            elif char == "\u201c":
                end = text.find("\u201d", index + 1)
            elif _OPEN_SINGLE.match(text, index):
                closer = _CLOSE_SINGLE.search(text, index + 2)
                end = closer.start() if closer else -1
        if end > index and not any(inside[index:end]):
            pairs[index] = end
            index = end + 1
        else:
            index += 1
    return pairs


def _ends_sentence(text: str, index: int) -> bool:
    """Does the full stop at `index` end a sentence?"""
    word = re.search(r"(\w+)$", text[:index])
    if word and word.group(1).lower() in _ABBREVIATIONS:
        return False
    following = text[index + 1 : index + 2]
    return not (following.isdigit() and word is not None and word.group(1).isdigit())


# A section label in capitals right after a quotation with no full stop ("... gain
# 'Endurance 1' POWER: Draw a card."): the quotation ends the sentence, the label opens the
# next (2016 HOW CARDS WORK: each Power / constant is an ability of its own). Never inside
# a sentence of words ("cannot lower your anger with POWER: cards" has no quotation).
_LABEL_AFTER = re.compile(
    r"\s+(?:(?:\[(?:INSTANT|CONSTANT)\]:? |(?:INSTANT|CONSTANT) )?(?:SHIELD )?POWER:"
    r"|\[CONSTANT\]:?|CONSTANT:)\s+(?=[A-Z\[])"
)


def _boundary(text: str, end: int) -> bool:
    """Does a new sentence start at `end`, just past a quotation ending in a full stop (the
    end of the text, or a space then a capital letter, a parenthesis or a bracket)?"""
    rest = text[end:]
    following = rest.lstrip()
    return not following or (
        rest[:1].isspace() and (following[0].isupper() or following[0] in "([")
    )


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
