"""Allies making Actions whatever the MP's power stage (engine.panini.ally_actions):

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

import json
import re
from collections.abc import Sequence
from typing import Any

from engine.panini.cardtext.durations import THIS_COMBAT

Json = dict[str, Any]

_DURATION = THIS_COMBAT
# whose Allies: "that Ally", "your Allies", "all of your Allies", "your "Ginyu Force" Allies"
_SUBJECT = (
    r"(?:(?P<that>that ally)|(?:all of |each of )?your (?:\"(?P<title>[^\"]+)\" )?allies"
    r"(?: in play)?|allies you control)"
)
_ACT = (
    r"(?:may|can) (?:(?:make|perform|take) actions|act) regardless of your "
    r"(?:MP'?s|main personality's) (?:power )?stages?"
)
_FLOATING = re.compile(
    rf"(?:(?P<pre>{_DURATION}),? )?{_SUBJECT} {_ACT}(?: (?P<dur>{_DURATION}))?", re.I
)
_CONSTANT = re.compile(
    rf"{_SUBJECT} {_ACT}(?P<kept> and they (?:cannot|can't) be discarded)?", re.I
)
# "Your Allies cannot be discarded" (docs/rulings.md 290); "... by critical damage effects"
# is engine.panini.cardtext.critical's
_KEPT = (
    r"(?:all of )?your (?:\"(?P<title>[^\"]+)\" )?allies (?:in play )?(?:cannot|can't) be "
    r"discarded"
)
_KEPT_FLOATING = re.compile(rf"(?:(?P<pre>{_DURATION}),? )?{_KEPT}(?: (?P<dur>{_DURATION}))?", re.I)
_KEPT_CONSTANT = re.compile(_KEPT, re.I)


def _kept(found: re.Match[str]) -> Json:
    modifier: Json = {"mod": "undiscardable"}
    if found.group("title"):
        modifier["performer_has"] = found.group("title").strip()
    return modifier


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
    kept = _KEPT_FLOATING.fullmatch(body.strip())
    if kept is not None and bool(kept.group("pre")) != bool(kept.group("dur")):
        return {"do": "until_end_of_turn", "modifier": _kept(kept)}
    if found is None:
        return parse_no_mppv(body) or parse_if_performed(body) or parse_performed_by(body)
    if bool(found.group("pre")) == bool(found.group("dur")):
        return None  # no duration (a constant), or two
    return {"do": "until_end_of_turn", "modifier": _modifier(found)}


# "While you control 1 Ally, it cannot be discarded.": "it" is that one Ally, so the
# condition is exactly one (docs/rulings.md 293; "... by critical damage effects" is
# engine.panini.cardtext.critical's)
_ONE_KEPT = re.compile(
    r"(?:while|if) you control (?:1|one|exactly (?:1|one)) ally, it (?:cannot|can't) be "
    r"discarded",
    re.I,
)


def _one_kept(body: str) -> Json | None:
    from engine.panini.cardtext.patterns import parse_condition  # it builds on this module

    found = _ONE_KEPT.fullmatch(body)
    condition = parse_condition("you control exactly 1 Ally") if found else None
    if found is None or condition is None:
        return None
    return {"mod": "undiscardable", "requires": condition}


def parse_constant(body: str) -> Json | None:
    """ "Your Allies may make actions regardless of ..." in a CONSTANT: section."""
    if (one := _one_kept(body.strip())) is not None:
        return one
    kept = _KEPT_CONSTANT.fullmatch(body.strip())
    if kept is not None:
        return _kept(kept)
    found = _CONSTANT.fullmatch(body.strip())
    if found is None or found.group("that"):
        return None  # "that Ally" names no Ally in a constant
    if found.group("kept"):  # "... and they cannot be discarded": the same Allies
        undiscardable = {**_modifier(found), "mod": "undiscardable"}
        return {"each": [_modifier(found), undiscardable]}
    return _modifier(found)


# --- "You cannot win by MPPV until the start of your next turn." --------------------------
# 2016 GAMEPLAY (Most Powerful Personality Victory) and the ANGER note (the Level-4 rule
# when MPPV cannot be won; engine.panini.mechanics). How long: one combat a turn, so "this combat"
# is the turn; "the turn you play this card" is this turn too.
_MPPV_LASTS = {
    "this turn": "turn", "this combat": "turn", "for the remainder of combat": "turn",
    "for the rest of combat": "turn", "until the end of the turn": "turn",
    "until the end of this turn": "turn", "until the end of combat": "turn",
    "the turn you play this card": "turn", "the turn you use this card": "turn",
    "until the start of your next turn": "next_turn_start",
    "until the end of your next turn": "next_turn",
}  # fmt: skip
_MPPV_DURATION = "|".join(re.escape(duration) for duration in _MPPV_LASTS)
_NO_MPPV = re.compile(
    rf"(?:(?P<pre>{_MPPV_DURATION}),? )?(?P<who>you|your opponent) (?:cannot|can't|may not) win "
    rf"(?:the game )?by (?:MPPV|most powerful personality victory)(?: (?P<dur>{_MPPV_DURATION}))?",
    re.I,
)


def parse_no_mppv(body: str) -> Json | None:
    """ "You cannot win by MPPV <duration>." -> a floating `no_mppv` (compile_text keeps it
    only where no effect before it on the card could have won already: check_no_mppv)."""
    found = _NO_MPPV.fullmatch(body.strip())
    if found is None or bool(found.group("pre")) == bool(found.group("dur")):
        return None
    lasts = _MPPV_LASTS[(found.group("pre") or found.group("dur")).lower()]
    effect: Json = {"do": "until_end_of_turn", "modifier": {"mod": "no_mppv"}}
    if found.group("who").lower() != "you":  # the opponent's MPPV: yours cannot win it
        effect["modifier"]["who"] = "opponent"
    if lasts != "turn":
        effect["lasts"] = lasts
    return effect


# what an earlier effect may do to win by MPPV first: raise anger, move a level, or more
# than one thing (a choice, a Dragon Ball's effects); read on the compiled JSON, widely
_MAY_WIN = re.compile(r'anger|level|"either"|dragon_ball|grant|trigger', re.I)


def _no_mppv(effect: Json) -> bool:
    modifier = effect.get("modifier", {}) if effect.get("do") == "until_end_of_turn" else {}
    return modifier.get("mod") == "no_mppv" and modifier.get("who", "self") == "self"


def check_no_mppv(clauses: Sequence[Any]) -> None:
    """ "HIT: Advance your MP 2 levels. You cannot win by MPPV this turn.": the advance would
    win before the restriction is read (engine.panini.mechanics checks at once), though the card
    means it not to; such text stays for players. Kept only when nothing said before it on
    the card could win (docs/rulings.md 288)."""
    before: list[Json] = []
    for clause in clauses:
        effects = clause.effects
        if any(_no_mppv(effect) for effect in effects):
            earlier = before + effects[: next(i for i, e in enumerate(effects) if _no_mppv(e))]
            if any(_MAY_WIN.search(json.dumps(effect)) for effect in earlier):
                # its whole ability stays for players, as every unread sentence about winning
                clause.kind, clause.gating = "unknown", True
        before += effects


# --- "If your next attack this combat is performed by an Ally, it cannot be stopped." -----
# The next attack is the next one whoever performs it; its effect applies only if an Ally
# (2016 ALLIES DURING COMBAT: an Ally's Action) or the MP performs it (docs/rulings.md 289).
_IF_PERFORMED = re.compile(
    r"if your next (?P<which>(?:physical |energy |styled |non-styled )*)attack"
    r"(?P<dur> this combat)? is performed by (?P<by>an ally|one of your allies|your MP"
    r"|your main personality), (?:it|that attack) (?P<pred>.+)",
    re.I,
)
# what the next attack's effect may be, read as "Your next attack <predicate>"
_ABOUT_ATTACK = {"unstoppable", "damage", "unpreventable", "unmodifiable", "critical"}


def _about_attacks(read: Json | None, lasts: str | None) -> bool:
    """Is `read` a floating effect on the player's attacks (lasting `lasts`; None: the
    turn) that names no performer yet?"""
    return (
        read is not None
        and read.get("do") == "until_end_of_turn"
        and read.get("lasts") == lasts
        and read["modifier"].get("mod") in _ABOUT_ATTACK
        and not {"performer", "performer_has", "first_each_combat"} & set(read["modifier"])
    )


def parse_if_performed(body: str) -> Json | None:
    """ "If your next attack is performed by an Ally, it <predicate>" -> the next-attack
    effect of "Your next attack this combat <predicate>", about that performer only."""
    from engine.panini.cardtext.patterns import parse_effect  # it builds on this module

    found = _IF_PERFORMED.fullmatch(body.strip())
    if found is None:
        return None
    which, pred = found.group("which"), found.group("pred")
    read = parse_effect(f"your next {which}attack{found.group('dur') or ''} {pred}")
    if not _about_attacks(read, "next_attack"):
        return None
    assert read is not None
    performer = "ally" if "all" in found.group("by").lower() else "mp"
    modifier = {**read["modifier"], "performer": performer, "performer_if": True}
    return {**read, "modifier": modifier}


# --- "(An Ally you control may perform this attack regardless of your MP's power stage.)" --
_ALLY_ATTACK = re.compile(
    r"(?:an ally you control|one of your allies|your allies) (?:may|can) perform this attack "
    r"regardless of your MP'?s (?:power )?stages?",
    re.I,
)


def parse_keyword(body: str) -> Json | None:
    """The note on an attack card -> `ally_may_perform` (engine.panini.ally_actions)."""
    return {"ally_may_perform": True} if _ALLY_ATTACK.fullmatch(body.strip()) else None


# --- "Attacks performed by your Allies deal +2 life cards of damage this combat." ----------
# read as "Your attacks <predicate>", about the attacks those personalities perform
# (panini.modifiers.performed_by; "that Ally": bound as it resolves, panini.ally_actions)
_PERFORMED_BY = re.compile(
    r"(?P<which>(?:(?:physical|energy|styled|non-styled) )*)attacks performed by "
    r"(?P<by>(?:all of )?your allies|that ally|your MP|your main personality) (?P<pred>.+)",
    re.I,
)


def parse_performed_by(body: str) -> Json | None:
    """ "Attacks performed by your Allies / that Ally <predicate> <duration>" -> the floating
    effect of "Your attacks <predicate> <duration>" about those attacks only."""
    from engine.panini.cardtext.patterns import parse_effect  # it builds on this module

    found = _PERFORMED_BY.fullmatch(body.strip())
    if found is None:
        return None
    read = parse_effect(f"your {found.group('which')}attacks {found.group('pred')}")
    if not _about_attacks(read, None):
        return None
    assert read is not None
    by = found.group("by").lower()
    performer = "mp" if by.endswith(("mp", "personality")) else "ally"
    modifier = {**read["modifier"], "performer": performer}
    if by == "that ally":
        modifier["that"] = True
    return {**read, "modifier": modifier}
