"""Allies making Actions whatever the MP's power stage (engine.ally_actions):

- "Until the end of combat, that Ally may make actions regardless of your MP's power
  stage.", "That Ally can make actions regardless of your MP's power stage this combat.",
  "For the remainder of combat your Allies can make actions regardless of ..." -> a
  floating `allies_any_stage` (`that`: the Ally an earlier sentence put into play or chose);
- "CONSTANT: Your (\"Ginyu Force\") Allies may make actions regardless of your MP's power
  stage." -> the same modifier, constant.

2016 ALLIES DURING COMBAT: Allies act only while the MP is at most one stage above zero;
these sentences lift that. One combat a turn (2016 TURN SEQUENCE): "until the end of
combat" lasts the turn. Whole sentences only.
"""

from __future__ import annotations

import re
from typing import Any

Json = dict[str, Any]

_DURATION = (
    r"(?:this combat|for the remainder of (?:the )?combat|for the rest of (?:the )?combat"
    r"|until the end of (?:the |this )?combat|until the end of (?:the|this) turn|this turn)"
)
# whose Allies: "that Ally", "your Allies", "all of your Allies", "your "Ginyu Force" Allies"
_SUBJECT = r"(?:(?P<that>that ally)|(?:all of )?your (?:\"(?P<title>[^\"]+)\" )?allies)"
_ACT = r"(?:may|can) (?:make|perform|take) actions regardless of your MP'?s (?:power )?stages?"
_FLOATING = re.compile(
    rf"(?:(?P<pre>{_DURATION}),? )?{_SUBJECT} {_ACT}(?: (?P<dur>{_DURATION}))?", re.I
)
_CONSTANT = re.compile(rf"{_SUBJECT} {_ACT}", re.I)


def _modifier(found: re.Match[str]) -> Json:
    modifier: Json = {"mod": "allies_any_stage"}
    if found.group("that"):
        modifier["that"] = True
    if found.group("title"):
        modifier["performer_has"] = found.group("title").strip()
    return modifier


def parse_floating(body: str) -> Json | None:
    """ "<duration>, that Ally may make actions regardless of ..." -> a floating effect."""
    found = _FLOATING.fullmatch(body.strip())
    if found is None or bool(found.group("pre")) == bool(found.group("dur")):
        return None  # no duration (a constant), or two
    return {"do": "until_end_of_turn", "modifier": _modifier(found)}


def parse_constant(body: str) -> Json | None:
    """ "Your Allies may make actions regardless of ..." in a CONSTANT: section."""
    found = _CONSTANT.fullmatch(body.strip())
    if found is None or found.group("that"):
        return None  # "that Ally" names no Ally in a constant
    return _modifier(found)
