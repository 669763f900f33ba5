"""One normalisation step before matching: the spellings the rules treat as the same become
one canonical form, so that the pattern tables hold each sentence once.

What is normalised: white space and curly quotes; the labels that open a sentence
("[CONSTANT]:", "CONSTANT POWER:", "Constant:" -> "CONSTANT:"; "[INSTANT] POWER:",
"INSTANT POWER:", "[POWER]", "Power :" -> "POWER:"; "Damage:", "DAMAGE :", "Damage 3" ->
"DAMAGE: 3"; "Hit :", "HIT Draw" -> "HIT:"); inside a damage, "AT stages" -> "AT", "+1 AT
stage" -> "AT +1 stages", "AT life cards" -> "AT +0 life cards", "AT+2" -> "AT +2";
"ENDURANCE: 1" -> "Endurance 1"; "level(s)" -> "levels"; "attacks deal" -> "attacks do";
misspelt game words ("Banis" -> "Banish", engine.panini.cardtext.spelling); a number run into its
word ("4stages").
What is not: missing words and misspellings that are words themselves ("Your Allies form"),
except where their place leaves one reading (engine.panini.cardtext.slips: "you opponent's", "it
form your hand"): a guess could make a card say what it does not.
"""

from __future__ import annotations

import re

from engine.panini.cardtext.spelling import Respelling, respell

_IC = re.IGNORECASE

_QUOTES = str.maketrans({"\u2018": "'", "\u2019": "'", "\u201c": '"', "\u201d": '"'})

# Labels opening a sentence, each with its canonical form. The instant icon ("[INSTANT]
# POWER:") marks a Power like any other (2016 ICONS: "An effect that may be used
# immediately, whenever appropriate"); a "continuous" effect is the constant icon's (2016
# ICONS: "A continuous effect that is constantly active while the card is in play").
_LABELS: list[tuple[re.Pattern[str], str]] = [
    (re.compile(r"(?:\[constant\]\s*(?:power\s*)?:?|(?:constant|continuous)(?:\s+power)?\s*:)"
                r"\s*", _IC), "CONSTANT: "),
    (re.compile(r"(?:[\[{]instant[\]}]\s*:?\s*(?:(?:\[power\]|power)\s*:?)?"
                r"|instant\s*:?\s*power\s*:|instant\s*:)\s*", _IC), "POWER: "),
    (re.compile(r"(?:\[power\]\s*:?|power\s*:)\s*", _IC), "POWER: "),
    (re.compile(r"(?:INSTANT\s+)?POWER\s+(?=[A-Z])"), "POWER: "),  # "POWER Raise your anger"
    (re.compile(r"shield\s+power\s*:\s*", _IC), "SHIELD POWER: "),
    (re.compile(r"when\s+entering\s+combat\s*:\s*", _IC), "WHEN ENTERING COMBAT: "),
    (re.compile(r"wish\s*:\s*", _IC), "WISH: "),
    (re.compile(r"hit\s*:\s*", _IC), "HIT: "),
    (re.compile(r"HIT\s+(?=[A-Z])"), "HIT: "),  # "HIT Capture a Dragon Ball", as POWER
    (re.compile(r"damage\s*:\s*", _IC), "DAMAGE: "),
    (re.compile(r"damage\s+(?=[+\d]|(?-i:AT)\b)", _IC), "DAMAGE: "),  # "Damage 3 stages"
    (re.compile(r"([A-Z][A-Z'-]*(?: [A-Z][A-Z'-]*)*)\s*:\s*"), r"\1: "),  # "SAIYAN :"
]  # fmt: skip

# Inside a damage ("DAMAGE: ..."), the same amount spelt differently.
_DAMAGE: list[tuple[re.Pattern[str], str]] = [
    (re.compile(r"\bAT\s*\+\s*(\d+)\b", _IC), r"AT +\1"),
    (re.compile(r"\+\s*(\d+)\s+AT\s+", _IC), r"AT +\1 "),  # "+1 AT stage"
    # "AT stages +3 life cards": AT in stages and 3 life cards, two parts (ruling 83)
    (re.compile(r"\bAT\s+(?:power\s+)?stages?\s*\+\s*(\d+)\s+(?=life cards?\b)", _IC),
     r"AT +0 stages and +\1 "),
    (re.compile(r"\bAT\s+(?:power\s+)?stages?\b", _IC), "AT"),  # "AT stages" = AT +0
    (re.compile(r"\bAT\s+(?=life cards?\b)", _IC), "AT +0 "),  # "AT life cards"
]

_EVERYWHERE: list[tuple[re.Pattern[str], str]] = [
    (re.compile(r"(?<=[a-z])\(s\)", _IC), "s"),  # level(s), card(s)
    (re.compile(r"\bendurance\s*:\s*(?=\d)", _IC), "Endurance "),
    (re.compile(r"\battacks deal\b", _IC), "attacks do"),  # the later cards' word
    # "Your opponent's attack deal -2": a plural verb, so "attacks" ("have this attack deal"
    # is right as it is)
    (re.compile(r"\b(your(?: opponent'?s)?) attack deal\b", _IC), r"\1 attacks do"),
    # "Look at your opponent's hand and chose a card": a past tense where the sentence gives
    # an order (after "and", before what is chosen)
    (re.compile(r"\band chose (?=(?:a|an|one|\d+) )", _IC), "and choose "),
    (re.compile(r"(?<=\d)(?=(?:stages?|life|levels?)\b)", _IC), " "),  # "4stages"
    # "its owners hand": the apostrophe left out (an owner's hand or Life Deck, never owners')
    (re.compile(r"\b(its|their) owners(?= (?:hand|life deck)\b)", _IC), r"\1 owner's"),
]


def normalise(sentence: str) -> str:
    """`sentence` in canonical spelling (see the module docstring); never changes what a
    sentence says, only how it is spelt."""
    text, _ = respell(_spaced(sentence))
    for pattern, replacement in _EVERYWHERE:
        text = pattern.sub(replacement, text)
    out = ""
    while True:
        for pattern, replacement in _LABELS:
            found = pattern.match(text)
            if found and found.end() > 0:
                out += found.expand(replacement)
                text = text[found.end() :]
                if replacement == "DAMAGE: ":
                    text = _damage(text)
                break
        else:
            return out + text


def respellings(sentence: str) -> list[Respelling]:
    """The misspelt words `normalise` reads as another word, for the reports."""
    return respell(_spaced(sentence))[1]


def _spaced(sentence: str) -> str:
    return " ".join(sentence.translate(_QUOTES).split())


def _damage(text: str) -> str:
    for pattern, replacement in _DAMAGE:
        text = pattern.sub(replacement, text)
    return text
