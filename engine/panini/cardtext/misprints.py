"""Misprinted lines a judge reads one way only (docs/rulings.md 315-317), mended before any
pattern like the slips of engine.panini.cardtext.slips (which hooks these in):

- a present tense after "be" where only the participle fits ("Damage from this attack
  cannot be prevents." / "cannot be prevent." -> "prevented");
- a number run into "top" / "bottom" ("the top5 cards" -> "the top 5 cards");
- the after-use keyword in the past tense or closed by a comma ("Banished after use.",
  "(Banish after use,)" -> "Banish after use");
- the comma left out after "If you do" before a clause ("If you do your opponent cannot
  play Events this combat.");
- "Power" typed in small letters before a Power's first word ("Power Physical attack." ->
  "POWER: Physical attack."; "POWER: Power Use ..." -> "POWER: Use ..."), as "POWER Raise
  ..." already is (engine.panini.cardtext.normalise).
"""

from __future__ import annotations

import re
from collections.abc import Callable

_IC = re.IGNORECASE

# the first word of the sentence, of a label's text, of a parenthesis or after a full stop
_OPENING = r"(?:^|(?<=: )|(?<=\()|(?<=\. ))"
_PARTICIPLES = {"prevents": "prevented", "stops": "stopped", "modifies": "modified",
                "prevent": "prevented", "stop": "stopped", "modify": "modified"}  # fmt: skip
# the words a Power opens with (an attack, an order, "Use ...", "Your ..."): never a title
_POWER_OPENS = (r"Physical|Energy|Use|Your|You|If|Draw|Raise|Lower|Search|Destroy|Banish"
                r"|Gain|Stop|Stops|Prevent|Prevents|Discard|Place|Rejuvenate|Look|Reveal"
                r"|Choose|Attach|Play")  # fmt: skip

Mender = tuple[re.Pattern[str], Callable[[re.Match[str]], str]]


def _participle(found: re.Match[str]) -> str:
    verb = found.group(2)
    read = _PARTICIPLES[verb.lower()]
    return f"{found.group(1)} {read.capitalize() if verb[0].isupper() else read}"


MENDERS: list[Mender] = [
    # "cannot be prevents": after "be" only a participle is English (ruling 315)
    (re.compile(r"\b(be) (prevents?|stops?|modif(?:y|ies))\b", _IC), _participle),
    # "the top5 cards": a number run into the word before it (ruling 315)
    (re.compile(r"\b(top|bottom)(\d+)\b", _IC), lambda found: found.expand(r"\1 \2")),
    # "Banished after use.", "(Banish after use,)": the keyword, nothing else (ruling 316)
    (re.compile(rf"{_OPENING}(B)anish(?:ed)? after use(?:,(?=\)|$))?(?=[.)]|$)"),
     lambda found: found.expand(r"\1anish after use")),
    # "7 Life cards." alone: an attack's damage with its label lost (ruling 318)
    (re.compile(r"^(?=(?:AT \+)?\d+ (?:life cards?|(?:power )?stages?)\.?$)", _IC),
     lambda found: "DAMAGE: "),
    # "POWER: Power Use after ...": the label said twice, once in small letters (ruling 317)
    (re.compile(rf"POWER: Power (?=(?:{_POWER_OPENS})\b)"), lambda found: "POWER: "),
    # "If you do your opponent cannot ...": the comma left out before the clause (ruling
    # 315); only before a subject ("If you do draw a card, ..." may be an emphatic "do")
    (re.compile(rf"{_OPENING}(If you do) (?=(?:your opponent|you may)\b)"),
     lambda found: f"{found.group(1)}, "),
    # "Power Physical attack." opening a sentence (ruling 317)
    (re.compile(rf"{_OPENING}Power (?=(?:{_POWER_OPENS})\b)"), lambda found: "POWER: "),
]  # fmt: skip
