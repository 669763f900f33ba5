"""Slips the word-by-word reading (engine.panini.cardtext.spelling) cannot mend, read by their place
in the sentence: docs/rulings.md "Misspelt words, second pass".

Each rule mends a slip only where the written text has no reading of its own:
- a semicolon typed for an apostrophe ("opponent;s" -> "opponent's");
- a comma typed as the "m" beside it after a known word ("under your controlm this attack");
- two known words run together ("norprevented", "MP'slevel"): the written word is no
  English word and splits into two words of the rules in exactly one way;
- "you" before a noun, where only "your" fits ("you opponent", "You Allies"), and "your"
  before a verb where only "you" fits ("the number of Drills your control", "If your
  banished an Ally");
- "in ply": "in play"; "Like Deck": "Life Deck"; "the top of bottom of": "the top or
  bottom of"; "from he top": "from the top"; "is place on": "is placed on"; a past tense
  opening an order ("POWER: Banished the top 2 cards");
- "may" typed "mat" or "my" between "you" and a verb; "it's owner's"; "up too 3"; "cannot
  has"; "the op of"; "from" typed "form" or "frm" after a card, "it" or damage and before
  where it comes from ("Damage form this attack");
- the opening "If you do," typed with one slip ("Id you do", "If your do,", "If you dom",
  "If you, banish");
- English words in a place where only the game word fits ("cannon be", "games 4 stages",
  "be stooped", "stages about 0", "can attack to your MP", "this cad", "teh top",
  "tis card").
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache

from engine.panini.cardtext.misprints import MENDERS as MISPRINTS
from engine.panini.cardtext.rule_words import RULE_WORDS

_IC = re.IGNORECASE

# Words of the compiler's grammar the rulebooks do not print.
_GRAMMAR = frozenset({"nor", "return", "minimum", "mp's", "opponent's", "player's"})


def known(word: str) -> bool:
    """A word of the rules or of the compiler's grammar."""
    from engine.panini.cardtext.spelling import GAME_WORDS

    return word in RULE_WORDS or word in _GRAMMAR or word in GAME_WORDS


# Nouns and adjectives "you" cannot be followed by as a subject: "your" was meant.
_OWNED = (r"[Oo]pponent(?:'s)?|MP(?:'s)?|Life Deck|discard pile|hand|Banished Zone|All(?:y|ies)"
          r"|physical|energy|Styled|Named|next|personalit(?:y|ies)|anger|Main Personality"
          r"|Drills|Setups")  # fmt: skip
# verbs that take two objects ("shows you his hand"): "you" there is an object
_TWO_OBJECTS = frozenset({"give", "gives", "show", "shows", "deal", "deals", "let", "lets",
                          "tell", "tells", "grant", "grants", "hand", "hands"})  # fmt: skip
# verbs of the rules that are never a noun after "your"
_VERBS = r"[Rr]ejuvenate|perform|banish|destroy|choose"
# verbs "you may" is followed by
_MAY = (r"search|draw|use|banish|destroy|choose|shuffle|reveal|attach|raise|lower"
        r"|advance|capture|look|place|take|gain|return|discard|play|[Rr]ejuvenate|perform"
        r"|stop")  # fmt: skip
_DONE = (r"banished|destroyed|stopped|performed|played|captured|discarded|rejuvenated"
         r"|Rejuvenated|used|drew|gained|lost|changed|advanced|lowered|raised"
         r"|declared")  # fmt: skip
_ORDERS = r"Banish|Destroy|Discard|Reveal|Search"
_MOVED = r"card|it|[Dd]amage|attack|Ally|Drill|Setup"
_SOURCE = r"play|your|his|her|their|its|the|this|that|a|an|each|any"
# the first word of the sentence, of a label's text, of a parenthesis or after a full stop
_OPENING = r"(?:^|(?<=: )|(?<=\()|(?<=\. ))"

_Mender = tuple[re.Pattern[str], Callable[[re.Match[str]], str]]


def _your(found: re.Match[str]) -> str:
    before = found.group(1)
    if before and before.lower() in _TWO_OBJECTS:  # "shows you his hand": an object
        return found.group()
    return (before + " " if before else "") + found.group(2) + "r "


def _to(text: str) -> Callable[[re.Match[str]], str]:
    return lambda found: found.expand(text)


_MENDERS: list[_Mender] = [
    (re.compile(r"\b([A-Za-z]+);s\b"), _to(r"\1's")),
    # the nouns keep their case: "the card you named" is a verb
    (re.compile(rf"(?:\b([A-Za-z]+) )?\b([Yy]ou) (?=(?:{_OWNED})\b)"), _your),
    # "your" before a verb: "the number of Drills your control", "Whenever your Rejuvenate"
    (re.compile(rf"\b([Yy]ou)r (?=(?:{_VERBS})\b)"), _to(r"\1 ")),
    # "control" is a noun after "your" ("under your control") unless what is controlled
    # follows ("If your control less Drills") or comes before ("the Drills your control.")
    (re.compile(r"\b([Yy]ou)r (?=control (?:a|an|\d+|less|fewer|more|no|at least|exactly)\b)"),
     _to(r"\1 ")),
    (re.compile(r"\b(Ally|Allies|Drills?|Setups?|cards?|Balls?) (you)r (?=control\b(?:[.,)]| "
                r"(?:may|can|cannot|must|is|are|and|gains?|deals?|has|have)\b))"),
     _to(r"\1 \2 ")),
    # a verb of the rules with its object after it: "If your banished an Earth Dragon Ball"
    (re.compile(rf"\b([Yy]ou)r (?=(?:{_DONE}) (?:a|an|the|this|that|one|two|three|\d+)\b)"),
     _to(r"\1 ")),
    (re.compile(r"\b(in|from|into) ply\b"), _to(r"\1 play")),
    (re.compile(r"\b(your|his|her|their|owner's|opponent's|player's) (L)ike (?=Deck\b)", _IC),
     _to(r"\1 \2ife ")),
    (re.compile(r"\b(the top) of (?=bottom of\b)", _IC), _to(r"\1 or ")),
    (re.compile(r"\b(from|of|on|at|to|into) he (?=(?:top|bottom)\b)", _IC), _to(r"\1 the ")),
    (re.compile(r"\b(is|are|was|were|be) place (?=(?:on|into|at|in)\b)", _IC), _to(r"\1 placed ")),
    # a past tense opening an order: "POWER: Banished the top 2 cards ..."
    (re.compile(rf"{_OPENING}({_ORDERS})ed (?=(?:the|a|an|up to|\d+)\b)"), _to(r"\1 ")),
    (re.compile(rf"\b([Yy]ou) (?:mat|my) (?=(?:{_MAY})\b)", _IC), _to(r"\1 may ")),
    (re.compile(r"\b(?:it's|tis) (?=owner's\b)", _IC), _to("its ")),
    (re.compile(r"\b(up) too (?=\d)", _IC), _to(r"\1 to ")),
    (re.compile(r"\b(cannot|can|may|must|will) has\b", _IC), _to(r"\1 have")),
    (re.compile(r"\b(the) op (?=of\b)", _IC), _to(r"\1 top ")),
    # "from" typed "form" or "frm" after a thing moved or dealt, before where it comes from:
    # no verb "form" fits there ("Damage form this attack", "banish this card frm play")
    (re.compile(rf"\b({_MOVED}) (?:form|frm) (?=(?:{_SOURCE})\b)"), _to(r"\1 from ")),
    (re.compile(rf"{_OPENING}Id (?=you\b)"), _to("If ")),
    (re.compile(rf"{_OPENING}(If) your do,", _IC), _to(r"\1 you do,")),
    (re.compile(rf"{_OPENING}(If) you dom ", _IC), _to(r"\1 you do, ")),
    (re.compile(rf"{_OPENING}(If) you, (?!(?:or|and)\b)", _IC), _to(r"\1 you do, ")),
    (re.compile(r"\b(cann)on (?=be\b)", _IC), _to(r"\1ot ")),
    (re.compile(r"\b(g)ames (?=\d+ (?:stages?|levels?|life cards?)\b)", _IC), _to(r"\1ains ")),
    (re.compile(r"\b(be|been|is|was|are|were) stooped\b", _IC), _to(r"\1 stopped")),
    (re.compile(r"\b(stages?) about (?=\d)", _IC), _to(r"\1 above ")),
    (re.compile(r"\b(can|cannot) attack (?=to (?:your|an?|the|its|their|his|her) MP\b)", _IC),
     _to(r"\1 attach ")),
    (re.compile(r"\b(a|an|the|this|that|each|top|one|non-styled|non-Styled) cad(s?)\b", _IC),
     _to(r"\1 card\2")),
    (re.compile(r"\bteh\b"), _to("the")),
    (re.compile(r"\b(t)is (?=card\b)", _IC), _to(r"\1his ")),
    (re.compile(rf"{_OPENING}(L)owe (?=your (?:opponent'?s )?anger\b)"), _to(r"\1ower ")),
    *MISPRINTS,  # engine.panini.cardtext.misprints: misprinted lines read one way
]  # fmt: skip

_QUOTED = re.compile(r'"[^"]*"')
_WORD = re.compile(r"[A-Za-z][A-Za-z']*(?=[ .,;:)]|$)")


def mend(sentence: str) -> tuple[str, list[tuple[str, str]]]:
    """`sentence` with its slips mended, and each mend as (written, read)."""
    made: list[tuple[str, str]] = []

    def word(found: re.Match[str]) -> str:
        read = _run_together(found.group())
        if read is not None:
            made.append((found.group(), read))
            return read
        return found.group()

    text = _WORD.sub(word, sentence)
    for pattern, mender in _MENDERS:
        quoted = [found.span() for found in _QUOTED.finditer(text)]

        def record(
            found: re.Match[str],
            mender: Callable[[re.Match[str]], str] = mender,
            quoted: list[tuple[int, int]] = quoted,
        ) -> str:
            if any(start <= found.start() < end for start, end in quoted):
                return found.group()  # a title is written as the card prints it
            read = mender(found)
            if read != found.group():
                made.append((found.group().strip(), read.strip()))
            return read

        text = pattern.sub(record, text)
    return text, made


@cache
def _run_together(written: str) -> str | None:
    """Two known words of 3 letters or more typed as one ("norprevented"), or a word and
    the "m" typed for the comma beside it ("controlm"), read apart; None when `written` is
    a word or splits in no way or in two."""
    from engine.panini.cardtext.spelling import english

    word = written.lower()
    if len(word) < 6 or known(word) or english(word):
        return None
    if written[0].isupper() and not written.split("'")[0].isupper():
        return None  # a name ("Tenshinhan"), unless the first part is a capital word ("MP")
    if word.endswith("m") and known(word[:-1]):
        return written[:-1] + ","
    splits = [(written[:i], written[i:]) for i in range(3, len(word) - 2)
              if known(word[:i]) and known(word[i:])]  # fmt: skip
    if len(splits) != 1:
        return None
    return " ".join(splits[0])
