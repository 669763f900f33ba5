"""The Score family's card-text reader: a card's power text to a `Power` (engine.score.powers).

Score cards print their powers in a small set of phrasings (p. 24-27 of the Score 2003 Buu
Saga rulebook: "Physical attack doing +2 power stages of damage", "Energy attack doing 5 life
cards of damage", "Stops a physical attack", "If successful, ...", "Raise your anger 1
level"). The text is read sentence by sentence; a sentence that is not understood is kept
whole in `Power.unread` and resolved by hand, never half-read. Parenthesised text explains
how a card is used and is not part of the timing (p. 53), so it is set aside."""

from __future__ import annotations

import re
from dataclasses import replace
from functools import cache

from engine.score.powers import (
    Attack,
    AttackKind,
    Damage,
    DamageBonus,
    DamageUnit,
    Effect,
    Floating,
    Power,
    PowerUpBonus,
    Trigger,
    Until,
    Who,
)

NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}
_N = r"(\d+|a|an|one|two|three|four|five|six)"
STYLES = ("red", "blue", "orange", "black", "saiyan", "namekian", "freestyle")
_STYLE_WORDS = "|".join(STYLES)


def _number(word: str) -> int:
    return int(word) if word.isdigit() else NUMBERS[word]


def sentences(text: str) -> list[str]:
    """The power text's sentences, parentheses set aside, without their full stops."""
    plain = re.sub(r"\([^)]*\)", " ", text)
    parts = re.split(r"(?<=[.!])\s+", " ".join(plain.split()))
    return [part.rstrip(".! ").strip() for part in parts if part.rstrip(".! ").strip()]


# --- phrases ----------------------------------------------------------------------------------
_UNIT = r"(power stages?|life cards?)"
_ATTACK = re.compile(
    rf"^(focused )?(physical|energy) attack(?: doing (\+)?{_N} {_UNIT} of damage"
    r"( for each ally you have in play)?)?$"
)
_STOPS = re.compile(r"^stops (?:a|an) (physical|energy)(?: or (physical|energy))? attack$")
_COST = re.compile(rf"^costs (no|{_N}) power stages?(?: to perform)?$")
_LIFE_COST = re.compile(rf"^costs \+{_N} life cards? to perform$")
_MARKS = re.compile(
    r"^(?:endurance (?:\d+|x)|remain \d+|limit \d+ per deck|sensei deck(?: only)?"
    r"|(?:sensei )?deck size:? \d+|x = your (?:current )?anger(?: level)?"
    r"|(?:heroes|villains) only|(?:saiyan|namekian) heritage only"
    r"|(?:[a-z0-9'.-]+,? ){1,4}only)$"  # "Goku only", "Villains, Goku and Gohan only" (p. 52)
)
# words that make "... only" a rule of use rather than whom the card is for
_NOT_A_NAME = {"use", "used", "once", "game", "turn", "combat", "card", "this", "may", "can",
               "be", "attack", "attacks", "step", "phase"}
_BONUS = re.compile(
    rf"^(your|all) (?:({'|'.join(STYLES)}) )?(physical|energy)? ?attacks do \+{_N} {_UNIT} of "
    r"damage$"
)
_POWER_UP = re.compile(rf"^your power up step gains {_N} more power stages?$")
_ALIGNED_POWER_UP = re.compile(
    rf"^(heroes|villains) gain {_N} extra power stages? in their power up step$"
)


def _unit(word: str) -> DamageUnit:
    return "stages" if word.startswith("power") else "life"


def effect(sentence: str) -> list[Effect] | None:
    """One effect sentence (or two joined by "and"), or None when not understood."""
    one = _single_effect(sentence)
    if one is not None:
        return [one]
    for joint in (" and ", " or "):
        if joint not in sentence:
            continue
        first, _, second = sentence.partition(joint)
        left, right = _single_effect(first), _single_effect(second)
        if left is None or right is None:
            continue
        # p. 51 the "or" Rule: "the player must choose which effect he is going to use"
        return [left, right] if joint == " and " else [Effect("choose", choices=(left, right))]
    return None


_EFFECT_PHRASES: tuple[tuple[re.Pattern[str], str, Who | None], ...] = (
    (re.compile(rf"^raise your anger {_N} levels?$"), "raise_anger", "you"),
    (re.compile(rf"^lower your anger {_N} levels?$"), "lower_anger", "you"),
    (re.compile(rf"^lower (?:the|your) opponent's anger {_N} levels?$"), "lower_anger",
     "opponent"),
    (re.compile(rf"^(?:you )?gain {_N} power stages?$"), "gain_stages", "you"),
    (re.compile(rf"^(?:you )?lose {_N} power stages?$"), "lose_stages", "you"),
    (re.compile(rf"^your opponent loses {_N} power stages?$"), "lose_stages", "opponent"),
    (re.compile(rf"^draw {_N} cards?$"), "draw", "you"),
    (re.compile(rf"^discard {_N} cards?(?: from your hand)?$"), "discard_hand", "you"),
    (re.compile(rf"^your opponent discards {_N} cards? from (?:the|his|their) hand$"),
     "discard_hand", "opponent"),
    (re.compile(rf"^your opponent discards {_N} cards? from the top of (?:the|his|their) "
                r"life deck$"), "discard_life", "opponent"),
    (re.compile(rf"^rejuvenate {_N} cards?$"), "rejuvenate", "you"),
    (re.compile(rf"^advance your (?:mp|main personality) {_N} levels?$"), "advance_level",
     "you"),
    (re.compile(rf"^lower your (?:mp|main personality) {_N} levels?$"), "lower_level", "you"),
    (re.compile(rf"^lower your opponent's (?:mp|main personality) {_N} levels?$"),
     "lower_level", "opponent"),
    (re.compile(r"^your opponent skips (?:the|his|their) next power up step$"), "skip_power_up",
     "opponent"),
    (re.compile(r"^discard this ally afterwards$"), "discard_ally_self", "you"),
    (re.compile(r"^place the top card of your sensei deck into your hand$"), "sensei_draw",
     "you"),
    (re.compile(r"^shuffle your sensei deck into your life deck$"), "sensei_shuffle", "you"),
    (re.compile(r"^search your life deck for a drill and place it in play$"), "search_drill",
     "you"),
    # p. 53 "Fusion": a card "that allows them to fuse"
    (re.compile(r"^(?:two|2) of your personalities at the same (?:personality )?level may "
                r"fuse$"), "fuse", "you"),
)  # fmt: skip


def _single_effect(sentence: str) -> Effect | None:
    for pattern, do, who in _EFFECT_PHRASES:
        match = pattern.match(sentence)
        if match:
            amount = _number(match.group(1)) if match.groups() else 1
            return Effect(do, amount, who or "you")
    return None


# --- the reader -------------------------------------------------------------------------------
@cache
def compile_power(text: str) -> Power:
    """The power of a card's text (cached: cards share texts)."""
    power = Power()
    empowered = False
    for raw in sentences(text):
        sentence = raw.casefold().replace("\u2019", "'")
        # "Mastery: " (OCG): what follows is used with a Tokui-Waza (engine.score.game)
        sentence = re.sub(r"^(?:power|constant combat power|mastery):\s*", "", sentence)
        read = _read(power, sentence, empowered)
        if read is None:
            power = replace(power, unread=(*power.unread, raw))
            if empowered:
                power = replace(power, unread_after_empower=(*power.unread_after_empower, raw))
            continue
        power = read
        empowered = power.empower is not None
    return power


def _read(power: Power, sentence: str, empowered: bool) -> Power | None:
    attack = _ATTACK.match(sentence)
    if attack and power.attack is None:
        focused, kind, plus, amount, unit, per_ally = attack.groups()
        damage = Damage(_number(amount), _unit(unit), bool(plus), bool(per_ally)) if amount \
            else None  # fmt: skip
        return replace(power, attack=Attack(_kind(kind), damage, focused=bool(focused)))
    shield = re.match(r"^defense shield:\s*(.+)$", sentence)
    if shield:
        guarded = _STOPS.match(shield.group(1))
        if guarded is None:
            return None
        kinds = {_kind(k) for k in guarded.groups() if k}
        return replace(power, shield=power.shield | frozenset(kinds))
    stops = _STOPS.match(sentence)
    if stops:
        kinds = {_kind(k) for k in stops.groups() if k}
        return replace(power, stops=power.stops | frozenset(kinds))
    cost = _COST.match(sentence)
    if cost and power.attack is not None:
        stages = 0 if cost.group(1) == "no" else _number(cost.group(1))
        return replace(power, attack=replace(power.attack, stage_cost=stages))
    life_cost = _LIFE_COST.match(sentence)
    if life_cost and power.attack is not None:
        return replace(power, attack=replace(power.attack, life_cost=_number(life_cost.group(1))))
    if sentence in ("this attack cannot be stopped", "cannot be stopped") and power.attack:
        return replace(power, attack=replace(power.attack, unstoppable=True))
    empower = re.match(r"^empower (\d+)$", sentence)
    if empower and power.attack is not None:
        return replace(power, empower=int(empower.group(1)))
    if sentence == "use when needed":  # p. 51: when it may be used (engine.score.needed)
        return replace(power, when_needed=True)
    if sentence in ("remove from the game after use", "remove this card from the game after use"):
        return replace(power, after_use="remove")
    if sentence in ("discard this card after use", "discard after use"):
        return replace(power, after_use="discard")
    restricted = re.match(rf"^cannot be used with other ({_STYLE_WORDS}) drills in play$",
                          sentence)  # fmt: skip
    if restricted:
        return replace(power, restricted_style=restricted.group(1))
    if _MARKS.match(sentence) and not _NOT_A_NAME & set(sentence.split()):
        return power  # fields of the card (engine.score.cards), not effects
    return (_read_lasting(power, sentence) or _read_timing(power, sentence)
            or _read_effects(power, sentence, empowered))  # fmt: skip


_UNTIL: dict[str, Until] = {"combat": "combat", "the game": "game"}  # else the turn
_FLOATING = re.compile(r"^for the remainder of (combat|the turn|this turn|the game),\s*(.+)$")
_FLOATING_STOP = re.compile(
    r"^stop all (physical|energy)(?: and (physical|energy))? attacks(?: performed)? against you$")


def _read_lasting(power: Power, sentence: str) -> Power | None:
    floating = _FLOATING.match(sentence)
    if floating:  # p. 48 "Floating Effects"
        until = _UNTIL.get(floating.group(1), "turn")
        stop = _FLOATING_STOP.match(floating.group(2))
        read = _read_lasting(Power(), floating.group(2))
        if stop:
            lasting = Floating(until, stops=frozenset(_kind(k) for k in stop.groups() if k))
        elif read is not None:
            lasting = Floating(until, read.damage_bonuses, power_ups=read.power_up_bonuses)
        else:
            return None
        return replace(power, floating=(*power.floating, lasting))
    bonus = _BONUS.match(sentence)
    if bonus:
        whose, style, kind, amount, unit = bonus.groups()
        made = DamageBonus(_kind(kind) if kind else None, Damage(_number(amount), _unit(unit),
                           True), "yours" if whose == "your" else "all", style)  # fmt: skip
        return replace(power, damage_bonuses=(*power.damage_bonuses, made))
    power_up = _POWER_UP.match(sentence)
    if power_up:
        made_up = PowerUpBonus(_number(power_up.group(1)))
        return replace(power, power_up_bonuses=(*power.power_up_bonuses, made_up))
    aligned = _ALIGNED_POWER_UP.match(sentence)
    if aligned:
        side = "hero" if aligned.group(1) == "heroes" else "villain"
        made_up = PowerUpBonus(_number(aligned.group(2)), side)
        return replace(power, power_up_bonuses=(*power.power_up_bonuses, made_up))
    return None


_TRIGGER = re.compile(
    rf"^once per (combat|turn), (?:when you perform an? (?:({_STYLE_WORDS}) )?attack"
    r"|after you (stop) an attack), (.+)$"
)


def _read_timing(power: Power, sentence: str) -> Power | None:
    """ "When entering Combat, <effects>", "Once per game, <effects>" and the triggers."""
    entering = re.match(r"^when entering combat,\s*(.+)$", sentence)
    if entering:
        effects = effect(entering.group(1))
        return None if effects is None else replace(power, entering=(*power.entering, *effects))
    once = re.match(r"^once per game,\s*(.+)$", sentence)
    if once:
        effects = effect(once.group(1))
        if effects is None:
            return None
        return replace(power, once_per_game=True, secondary=(*power.secondary, *effects))
    trigger = _TRIGGER.match(sentence)
    if trigger:
        limit, style, stop, what = trigger.groups()
        effects = effect(what)
        if effects is None:
            return None
        made = Trigger("stop_attack" if stop else "perform_attack", tuple(effects),
                       "combat" if limit == "combat" else "turn", style)  # fmt: skip
        return replace(power, triggers=(*power.triggers, made))
    return None


def _read_effects(power: Power, sentence: str, empowered: bool) -> Power | None:
    successful = re.match(r"^if successful,\s*(.+)$", sentence)
    effects = effect(successful.group(1) if successful else sentence)
    if effects is None:
        return None
    effects = [replace(e, after_empower=empowered) for e in effects]
    if successful:
        if power.attack is None:
            return None  # "If successful" belongs to an attack (p. 27)
        return replace(power, if_successful=(*power.if_successful, *effects))
    return replace(power, secondary=(*power.secondary, *effects))


def _kind(word: str) -> AttackKind:
    return "physical" if word == "physical" else "energy"
