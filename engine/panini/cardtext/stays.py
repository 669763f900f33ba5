"""Attacks that another card keeps in play for a second use this combat (engine.panini.stays;
docs/rulings.md 275):

- constant: "The first <which> attack you play each combat stays in play to be used a
  second time this / that combat." (`{mod: stays_in_play, first_each_combat: true}`),
  "Your <which> attacks stay in play to be used a second time this combat.";
- floating, as an effect: "If your next action is a <which> attack, it stays in play to be
  used a second time this combat." (lasts: next_action: nothing stays if that Action is
  anything else); "Your next <which> attack this combat gains 'HIT: This attack stays in
  play to be used a second time this combat.'" (`stays_in_play_hit`, lasts: next_attack).

<which>: Styled / non-Styled, physical / energy. The second use is the one the attack's
own "This attack stays in play ..." gives (engine.panini.after_use)."""

from __future__ import annotations

import re
from typing import Any

Json = dict[str, Any]
_IC = re.IGNORECASE
_WHICH = r"(?P<styled>non-styled |styled )?(?P<kind>physical |energy )?"
_SECOND = r"to be used a second time (?:this|that) combat"
_STAYS = rf"stays in play {_SECOND}"

_FIRST = re.compile(rf"the first {_WHICH}attack you play (?:each|every) combat {_STAYS}", _IC)
_ALL = re.compile(rf"your {_WHICH}attacks stay in play {_SECOND}", _IC)
_THIS_CARD = re.compile(rf"this card {_STAYS}", _IC)
_NEXT_ACTION = re.compile(rf"if your next action is an? {_WHICH}attack, it {_STAYS}", _IC)
_NEXT_HIT = re.compile(
    rf"your next {_WHICH}attack this combat gains,? (?P<q>['\"]?)HIT\s*:\s*this attack"
    rf" {_STAYS}\.?(?P=q)",
    _IC,
)


def _which(found: re.Match[str], mod: str) -> Json:
    modifier: Json = {"mod": mod}
    if found.group("kind"):
        modifier["attacks"] = found.group("kind").strip().lower()
    if found.group("styled"):
        modifier["styled"] = found.group("styled").strip().lower() == "styled"
    return modifier


def parse_constant(body: str) -> Json | None:
    found = _FIRST.fullmatch(body)
    if found:
        return {**_which(found, "stays_in_play"), "first_each_combat": True}
    found = _ALL.fullmatch(body)
    return _which(found, "stays_in_play") if found else None


def parse_effect(body: str) -> Json | None:
    if _THIS_CARD.fullmatch(body):  # on a defense: the defense card (docs/rulings.md 276)
        return {"do": "stay_in_play", "times": 1, "card": True}
    found = _NEXT_ACTION.fullmatch(body)
    if found:
        modifier = _which(found, "stays_in_play")
        return {"do": "until_end_of_turn", "modifier": modifier, "lasts": "next_action"}
    found = _NEXT_HIT.fullmatch(body)
    if found:
        modifier = _which(found, "stays_in_play_hit")
        return {"do": "until_end_of_turn", "modifier": modifier, "lasts": "next_attack"}
    return None


def in_defense(effect: Json, card_type: str) -> Json:
    """A defense's effect as the check for "this attack ..." outside an attack sees it: "This
    card stays in play ..." is the defense card's own, on a card played from the hand."""
    if effect.get("do") == "stay_in_play" and effect.get("card") and card_type in _PLAYED:
        return {key: value for key, value in effect.items() if key not in ("do", "card")}
    return effect


_PLAYED = ("physical_combat", "energy_combat", "event")
