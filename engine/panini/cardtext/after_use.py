"""Sentences about what happens to a card after use, and flags on an attack's damage.

- Keywords (card-level, wherever they stand): "Shuffle this card into your Life Deck after
  use.", "Place this card on top of / at the bottom of your Life Deck after use.", "Return
  this card to your hand after use.", "Rejuvenate this card after use.", each optionally
  "If <condition>, ..." (Card.after_use); "(You may play this card to stop a physical attack
  instead of as an attack.)" (a defense on an attack card, 2016 "HOW ATTACK AND DEFENSE
  CARDS WORK": a card's own text gives it a defense icon use).
- Attack flags (the attack's own sentences): "Damage from this attack cannot be prevented /
  modified.", "This attack cannot have its damage modified.", "This attack cannot be stopped
  or have its damage prevented.", "This attack can only be stopped by a Physical Combat
  card." (Attack fields).
- Attack effects (so "If ...", "If you do, ..." and "HIT:" apply to them): "This attack
  stays in play to be used a second time this combat." (StayInPlay), and the flags above
  behind a condition (AttackGains).

Every pattern matches a whole sentence body (see patterns.py); anything else stays unread.
"""

from __future__ import annotations

import re
from typing import Any, Protocol

from engine.panini.cardtext import conditions, itself, other_attacks
from engine.panini.cardtext import patterns as p

Json = dict[str, Any]


def _full(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern, re.IGNORECASE)


# --- after use ----------------------------------------------------------------------------
_THIS = r"(?:this card )?"
_DESTINATIONS: list[tuple[re.Pattern[str], str]] = [
    (_full(rf"shuffle {_THIS}(?:back )?into your life deck after use"), "shuffle_into_life_deck"),
    (_full(rf"place {_THIS}on (?:the )?top of your life deck after use"), "top_of_life_deck"),
    (
        _full(rf"place {_THIS}(?:at|on) the bottom of your life deck after use"),
        "bottom_of_life_deck",
    ),
    (_full(rf"return {_THIS}to your hand after use"), "hand"),
    # 2016 GLOSSARY "Rejuvenate": to the bottom of the Life Deck
    (_full(r"rejuvenate this card after use"), "rejuvenate"),
]
_BANISH = _full(r"banish this card after use")
# "on the top or bottom of your Life Deck": the controller chooses one (ruling 122's `either`)
_TOP_OR_BOTTOM = _full(
    rf"place {_THIS}(?:on|at) (?:the )?(?:top or (?:the )?bottom|bottom or (?:the )?top) of "
    r"your life deck after use"
)
# 2016 GLOSSARY "Power Level": the rating of the MP's current stage (for patterns.
# parse_condition).
_POWER_LEVELS = [
    (
        _full(r"your MP'?s power level is (lower|higher) than your opponent'?s MP'?s power level"),
        {"lower": "lower", "higher": "higher"},
    ),
    (
        _full(
            r"the power level of your opponent'?s MP is (higher|lower) than your MP'?s power "
            r"level"
        ),
        {"higher": "lower", "lower": "higher"},
    ),
]


_DRILLS = _full(rf"you control (?:(?:less|fewer) than {p.N}|{p.N} or (?:less|fewer)|no) drills?")
_ANGER = _full(rf"you have {p.N} or more anger")
# only in an attack's own sentences (attack_only): the engine reads it for the attack in
# progress
_ADVANCED = _full(
    r"you advance(?:d)? (?:a |your MP a |your MP 1 )?(?:personality )?level with this card"
    r"(?:'s effects?)?"
)


def parse_power_level(text: str) -> Json | None:
    """Conditions these cards use, for patterns.parse_condition: the MP's power level
    against the opponent's, how many Drills you control, anger held. Not "your MP is a
    Saiyan": real card files seldom list a personality's heritage among its traits."""
    for pattern, relation in _POWER_LEVELS:
        found = pattern.fullmatch(text)
        if found:
            return {"power_level_vs_opponent": relation[found.group(1).lower()]}
    drills = _DRILLS.fullmatch(text)
    if drills:
        if drills.group(1):  # fewer than N: at most N - 1
            fewer = p.number(drills.group(1))
            return {"drills_at_most": fewer - 1} if fewer >= 1 else None
        return {"drills_at_most": p.number(drills.group(2)) if drills.group(2) else 0}
    if _ADVANCED.fullmatch(text):
        return {"advanced_this_attack": True}
    anger = _ANGER.fullmatch(text)
    if anger:
        return {"anger_at_least": p.number(anger.group(1))}
    return None


def condition(text: str) -> Json | None:
    return p.parse_condition(text)


def _destination(body: str) -> str | None:
    for pattern, to in _DESTINATIONS:
        if pattern.fullmatch(body):
            return to
    return None


def parse_keyword(body: str) -> Json | None:
    """Card fields an after-use sentence sets, or None."""
    if _BANISH.fullmatch(body):
        return {"banish_after_use": True}
    to = _destination(body)
    if to is not None:
        return {"after_use": {"to": to}}
    if body.lower().startswith("if "):
        for head, tail in _splits(body[3:]):
            found, to = condition(head), _destination(tail)
            if found is not None and to is not None:
                return {"after_use": {"to": to, "if": found}}
    if _NO_MPPV.fullmatch(body):
        return {"no_mppv_while_used": True}
    return _instead_of_attack(body)


# "(You cannot win by MPPV if you use this card.)" and its variants naming what the card
# does: the card's own effects cannot win by MPPV (docs/rulings.md).
_NO_MPPV = _full(
    r"you cannot win by (?:MPPV|most powerful personality victory) if you (?:use this card"
    r"|advance (?:a |your MP a |your MP 1 )?(?:personality )?level with this card(?:'s effects?)?"
    r"|raise your anger with this card(?:'s (?:immediate )?effects?)?)"
)


_INSTEAD = _full(
    r"you may play this card to stop an? (physical|energy|physical or energy) attack "
    r"instead of as an attack"
)


def _instead_of_attack(body: str) -> Json | None:
    found = _INSTEAD.fullmatch(body)
    if found is None:
        return None
    kind = found.group(1).lower()
    against = kind if kind in ("physical", "energy") else "any"
    return {"defense": {"against": against, "stops": True, "instead_of_attack": True}}


def _splits(body: str) -> list[tuple[str, str]]:
    return [
        (body[: m.start()].strip(), body[m.end() :].strip()) for m in re.finditer(r",\s*", body)
    ]


# --- attack flags ---------------------------------------------------------------------------
_DAMAGE_OF = r"(?:damage from this attack|this attack'?s damage|its damage)"
_PREVENTED = r"prevented"
_MODIFIED = r"modified"
_BOTH = r"(?:prevented or modified|modified or prevented)"
_HAVE = r"this attack cannot have its damage"
_FLAGS: list[tuple[re.Pattern[str], Json]] = [
    (_full(rf"{_DAMAGE_OF} cannot be {_PREVENTED}"), {"unpreventable": True}),
    (_full(rf"{_DAMAGE_OF} cannot be {_MODIFIED}"), {"unmodifiable": True}),
    (_full(rf"{_DAMAGE_OF} cannot be {_BOTH}"), {"unpreventable": True, "unmodifiable": True}),
    (_full(rf"{_HAVE} {_PREVENTED}"), {"unpreventable": True}),
    # 2016 WHEN TAKING DAMAGE: Endurance prevents damage "from this attack" (ruling 267)
    (
        _full(
            r"endurance (?:cannot|can't|may not) be used (?:on|against) this attack"
            r"|your opponent (?:cannot|can't|may not) use endurance (?:on|against) this attack"
        ),
        {"no_endurance": True},
    ),
    (_full(r"(?:life card )?damage from this attack is banished"), {"damage_banished": True}),
    (_full(rf"{_HAVE} {_MODIFIED}"), {"unmodifiable": True}),
    (_full(rf"{_HAVE} {_BOTH}"), {"unpreventable": True, "unmodifiable": True}),
    (
        _full(
            r"this attack cannot be stopped (?:or|nor) (?:have its damage |be )?prevented"
            r"|this attack cannot be stopped and its damage cannot be prevented"
        ),
        {"unstoppable": True, "unpreventable": True},
    ),
]
_STOPPERS = {
    "physical combat": "physical_combat",
    "energy combat": "energy_combat",
    "event": "event",
}
_ONLY_BY = _full(r"this attack can only be stopped by (?:an? )?(.+?) cards?")


def _stoppers(listed: str) -> list[str] | None:
    """ "Physical Combat" -> [physical_combat]; "Physical Combat, Energy Combat, or
    Event" -> the three types; anything else -> None."""
    parts = re.split(r",? or |, ", listed.lower())
    if any(part not in _STOPPERS for part in parts) or (len(parts) > 1 and " or " not in listed):
        return None
    return sorted({_STOPPERS[part] for part in parts})


_EXCLUDED = {**_STOPPERS, "setup": "setup", "non-styled": "non_styled"}
_NOT_BY = _full(
    r"this attack cannot be stopped( or have its damage prevented)? by "
    r"(?:an? )?(physical combat|energy combat|event|setup|non-styled) cards?"
)


def parse_attack_flags(body: str) -> Json | None:
    """Attack fields a flag sentence of the attack itself sets, or None."""
    for pattern, flags in _FLAGS:
        if pattern.fullmatch(body):
            return dict(flags)
    not_by = _NOT_BY.fullmatch(body)
    if not_by:
        kinds = [_EXCLUDED[not_by.group(2).lower()]]
        return {"not_stopped_by": kinds, **({"not_prevented_by": kinds} if not_by.group(1) else {})}
    only = _ONLY_BY.fullmatch(body)
    if only:
        stoppers = _stoppers(only.group(1))
        if stoppers:
            return {"stopped_only_by": stoppers}
    return None


# --- attack effects -------------------------------------------------------------------------
_ORDINALS = {"second": 1, "third": 2, "fourth": 3, "fifth": 4}
_STAYS = _full(
    r"this attack stays (?:in play|on the table) to be used an? "
    r"(second(?:(?:,? and |, )(?:third|fourth|fifth))*) time this combat"
)


def _times(words: str) -> int | None:
    """ "second" -> 1, "second and third" -> 2, "second, third, and fourth" -> 3, in order."""
    found = [_ORDINALS[w] for w in re.findall(r"second|third|fourth|fifth", words.lower())]
    return len(found) if found == list(range(1, len(found) + 1)) else None


def parse_attack_effect(body: str) -> Json | None:
    """An effect on the attack in progress ("This attack stays in play ...", "this attack
    cannot be stopped"), for the effect tables (so conditions and HIT apply), or None."""
    floating = parse_floating(body)
    if floating is not None:
        return floating
    if _BANISH.fullmatch(body):
        return {"do": "after_use_to", "to": "banish"}
    to = _destination(body) or ("shuffle_into_life_deck" if _SHUFFLE_NOW.fullmatch(body) else None)
    if to is not None:
        return {"do": "after_use_to", "to": to}
    if _TOP_OR_BOTTOM.fullmatch(body):
        places = ("top_of_life_deck", "bottom_of_life_deck")
        return {"do": "either", "options": [[{"do": "after_use_to", "to": to}] for to in places]}
    stays = _STAYS.fullmatch(body)
    if stays:
        times = _times(stays.group(1))
        return None if times is None else {"do": "stay_in_play", "times": times}
    if p.UNSTOPPABLE.fullmatch(body):
        return {"do": "attack_gains", "unstoppable": True}
    flags = parse_attack_flags(body)
    if flags is None or "stopped_only_by" in flags:
        return None
    return {"do": "attack_gains", **flags}


# "Damage from your attacks cannot be prevented this combat": attacks are only performed in
# combat, so "this combat" lasts as long as "this turn" for them (as in patterns.EFFECTS).
_YOUR_ATTACKS = _full(
    r"(?:damage from your (physical |energy )?attacks cannot be prevented"
    r"|your (physical |energy )?attacks cannot have their damage prevented)"
    r" (?:this combat|this turn|for the remainder of (?:the )?combat)"
)


def parse_floating(body: str) -> Json | None:
    found = _YOUR_ATTACKS.fullmatch(body)
    if found is None:
        return None
    kind = (found.group(1) or found.group(2) or "").strip().lower()
    mod = f"unpreventable_{kind}" if kind else "unpreventable"
    return {"do": "until_end_of_turn", "modifier": {"mod": mod}}


ATTACK_ONLY = frozenset(
    {"stay_in_play", "attack_gains", "after_use_to", "attack_deals", "attack_base"}
)
# "HIT: Shuffle this card into your Life Deck." (Saiyan Light Jab): the attack card is put
# away right after its HIT and Critical Damage steps, so this is where it goes after use.
_SHUFFLE_NOW = _full(r"shuffle this card (?:back )?into your life deck")


def attack_only(data: Any) -> bool:
    """An effect, condition, trigger ... that only means something in an attack."""
    if isinstance(data, list):
        return any(attack_only(item) for item in data)
    if not isinstance(data, dict):
        return False
    if data.get("do") in ATTACK_ONLY and not data.get("that"):  # "that attack": a trigger's
        return True
    if data.get("advanced_this_attack"):
        return True
    # "this attack is performed from your discard pile", "this attack dealt critical damage"
    if data.get("from_discard") or data.get("dealt_critical") is not None:
        return True
    # "your other attacks": other than this one (engine.panini.cardtext.other_attacks, ruling 281)
    if data.get("other") and data.get("mod") in other_attacks.ABOUT:
        return True
    if "attack_result" in data:  # "this attack dealt 5 or more stages" (engine.panini.this_attack)
        return True
    if conditions.attack_only(data):  # "this attack", "another attack" in a condition
        return True
    return any(attack_only(value) for value in data.values())


def changes_attack(data: Json) -> bool:
    """An effect that changes how the attack runs: left to players, it would come too late
    (compiler._CHANGES_ATTACK); where the card goes after use is not such a change."""
    return data.get("do") in ("stay_in_play", "attack_gains", "attack_deals", "attack_base")


def on_hit(clause: Any) -> None:
    """An after-use keyword behind "HIT:" is where this use sends the card, if it hit (not
    a parenthesised one: "HIT: (Banish after use.)" may be the card's keyword)."""
    if clause.kind != "keyword" or "(" in clause.sentence:
        return
    if "after_use" in clause.data:
        spec = clause.data["after_use"]
        clause.kind = "effect"
        clause.data = {"do": "after_use_to", "to": spec["to"]}
        if "if" in spec:
            clause.data["if"] = spec["if"]
    elif clause.data == {"banish_after_use": True}:
        clause.kind, clause.data = "effect", {"do": "after_use_to", "to": "banish"}


def sends_itself(effect: Json) -> bool:
    """Where this use sends the card, also as one option of a choice ("on the top or
    bottom of your Life Deck")."""
    if effect.get("do") == "either":
        return any(sends_itself(e) for option in effect["options"] for e in option)
    return bool(effect.get("do") == "after_use_to")


def keep_for_attacks(known: list[Any]) -> list[Any]:
    """Outside an attack, "You may shuffle this card into your Life Deck after use." is
    left to players (kind "unknown"): the engine reads it for the attack in progress only.
    The clauses still known are returned."""
    if any(c.kind == "attack" for c in known):
        return known
    for clause in known:
        if clause.kind == "effect" and sends_itself(clause.data):
            clause.kind = "unknown"
    return [c for c in known if c.kind != "unknown"]


# --- what the compiler checks against the card type ---------------------------------------------
class _Clause(Protocol):
    kind: str
    data: Json
    gating: bool


AFTER_USE_TYPES = frozenset({"physical_combat", "energy_combat", "event", "setup"})
# an Event's printed stop too (engine/panini/cardtext/itself.py): played so, its Power is not used
INSTEAD_TYPES = frozenset({"physical_combat", "energy_combat", "event"})
# a card that stays in play to attack again is one played from the hand (a Power is used
# once per turn, 2016 "Use a Power")
STAY_TYPES = frozenset({"physical_combat", "energy_combat", "event"})


def check_keywords(clauses: list[Any], card_type: str) -> None:
    """Leave unread (kind "unknown") the after-use keywords that do not fit the card: on a
    card that does not leave play after use, a second one, or one beside "(Banish after
    use.)"; a stop "instead of as an attack" off a Combat card or beside another defense."""
    keywords: list[_Clause] = [c for c in clauses if c.kind == "keyword"]
    banish = any(c.data.get("banish_after_use") for c in keywords)
    destinations = [c for c in keywords if "after_use" in c.data]
    if destinations and (banish or len(destinations) > 1 or card_type not in AFTER_USE_TYPES):
        for clause in destinations:
            clause.kind = "unknown"
    no_mppv = [c for c in keywords if "no_mppv_while_used" in c.data]
    # cards in play too, while their effects resolve (engine/panini/cardtext/itself.py)
    if no_mppv and card_type not in AFTER_USE_TYPES | itself.RESOLVING_TYPES:
        for clause in no_mppv:
            # the engine would end the game before players read it (compiler._GAME_END)
            clause.kind, clause.gating = "unknown", True
    instead = [c for c in keywords if "defense" in c.data]
    defended = any(c.kind == "defense" for c in clauses)
    if instead and (defended or len(instead) > 1 or card_type not in INSTEAD_TYPES):
        for clause in instead:
            clause.kind = "unknown"


def attack_effects_fit(effects: list[Json], card_type: str) -> bool:
    return card_type in STAY_TYPES or not any(e.get("do") == "stay_in_play" for e in effects)
