"""The sentence patterns: each one is matched against a WHOLE sentence body (without its
final full stop and without the keyword prefixes the compiler peels off), so nothing in a
sentence is ever silently ignored. Builders return the YAML-shaped dicts of
data/cards/sandbox, which engine.panini.cards validates."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from engine.panini.cardtext import allies, amounts, as_stages, attached, endurance, granted
from engine.panini.cardtext.floating import parse_floating_effect, parse_rule_modifier
from engine.panini.cardtext.moves import parse_move
from engine.panini.cardtext.referents import (
    nested_that,
    parse_choice,
    parse_reference,
    parse_that_condition,
)

Json = dict[str, Any]

_WORDS = {
    "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5,
    "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10, "no": 0,
}  # fmt: skip
N = r"(\d+|one|two|three|four|five|six|seven|eight|nine|ten)"
AN = r"(\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten)"
# an amount that may be the card's X ("Draw X cards."; X defined by an "X = ..." sentence)
NX = r"(\d+|one|two|three|four|five|six|seven|eight|nine|ten|X)"
ANX = r"(\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten|X)"
OPP = r"your opponent'?s"
THEIR = r"(?:their|his or her|his|her)"
STAGES = r"(?:power )?stages?"
LIFE = r"life cards?"


def number(word: str) -> int:
    return int(word) if word.isdigit() else _WORDS[word.lower()]


def _full(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern, re.IGNORECASE)


Builder = Callable[[re.Match[str]], Json | None]
_Table = list[tuple[re.Pattern[str], Builder]]


def _match(table: _Table, body: str) -> Json | None:
    for pattern, build in table:
        found = pattern.fullmatch(body)
        if found:
            return build(found)
    return None


def _amount(do: str, who: str = "self", personality: str | None = None) -> Builder:
    def build(m: re.Match[str]) -> Json:
        amount = m.group(1)
        effect: Json = {"do": do, "x": True} if amount == "X" else {
            "do": do, "amount": number(amount)}  # fmt: skip
        if who != "self":
            effect["who"] = who
        if personality is not None:
            effect["personality"] = personality
        return effect

    return build


def _change_anger(m: re.Match[str]) -> Json:
    """ "Raise or lower a player's anger 2 levels.": the controller's choice as it resolves."""
    verb, whose = m.group(1).lower(), m.group(2).lower()
    players = "either" if whose == "a player's" else "self" if whose == "your" else "opponent"
    direction = "either" if " or " in verb else verb
    return {"do": "change_anger", "amount": number(m.group(3)),
            "players": players, "direction": direction}  # fmt: skip


def _fixed(effect: Json) -> Builder:
    return lambda _m: dict(effect)


# --- targets ("a Setup", "a Saiyan Physical Combat card") ---------------------------------
_TYPES = {
    "setup": "setup", "drill": "drill", "ally": "ally", "dragon ball": "dragon_ball",
    "event": "event", "mastery": "mastery", "physical combat card": "physical_combat",
    "energy combat card": "energy_combat", "main personality": "main_personality",
}  # fmt: skip
_STYLES = ("black", "blue", "namekian", "orange", "red", "saiyan")


def card_filter(phrase: str) -> Json | None:
    """ "card" -> {}; "Drill" -> {card_type: drill}; "Saiyan Physical Combat card" ->
    {card_type: physical_combat, style: saiyan}; anything else -> None."""
    words = phrase.lower().split()
    result: Json = {}
    if words and words[0] in _STYLES:
        result["style"] = words.pop(0)
    rest = " ".join(words)
    if rest == "card":
        return result
    if rest.endswith(" card") and rest[:-5] in _TYPES:
        rest = rest[:-5]
    if rest not in _TYPES:
        return None
    result["card_type"] = _TYPES[rest]
    return result


def _search(m: re.Match[str]) -> Json | None:
    found = card_filter(m.group(1))
    return None if found is None else {"do": "search", **found}


def _destroy(m: re.Match[str]) -> Json:
    return {"do": "destroy", "target": _TYPES[m.group(1).lower()], "who": "opponent"}


def _put(mode: str) -> Builder:
    def build(m: re.Match[str]) -> Json | None:
        kind = _TYPES.get(m.group(1).lower())
        source = m.group(2).lower().replace(" ", "_")
        if kind is None:
            return None
        return {"do": "put_into_play", "source": source, "card_type": kind, "mode": mode}

    return build


def _floating(m: re.Match[str]) -> Json:
    physical = m.group(1) is not None
    mod = "physical_damage" if physical else "energy_damage"
    amount = number(m.group(2) if physical else m.group(4))
    return {"do": "until_end_of_turn", "modifier": {"mod": mod, "amount": amount}}


_T = "(setup|drill|ally|dragon ball)"
EFFECTS: _Table = [
    (_full(rf"raise your anger {NX} levels?"), _amount("raise_anger")),
    (_full(rf"lower {OPP} anger {NX} levels?"), _amount("lower_anger", "opponent")),
    (_full(rf"lower your anger {NX} levels?"), _amount("lower_anger")),
    (_full(rf"raise {OPP} anger {NX} levels?"), _amount("raise_anger", "opponent")),
    (_full(rf"lower {OPP} anger to {N}"), lambda m: {"do": "lower_anger_to", "who": "opponent",
                                                     "level": number(m.group(1))}),
    (_full(rf"lower your anger to {N}"), lambda m: {"do": "lower_anger_to",
                                                    "level": number(m.group(1))}),
    (_full(rf"(raise|lower|raise or lower) (a player's|your|{OPP}) anger {N} levels?"),
     _change_anger),
    (_full(rf"gain {NX} {STAGES}"), _amount("gain_stages")),
    (_full(rf"lose {NX} {STAGES}"), _amount("lose_stages")),
    (_full(rf"your opponent loses {NX} {STAGES}"), _amount("lose_stages", "opponent")),
    # the MP named: no other personality may take the stages (docs/rulings.md 42)
    (_full(rf"your MP gains {NX} {STAGES}"), _amount("gain_stages", personality="mp")),
    (_full(rf"your MP loses {NX} {STAGES}"), _amount("lose_stages", personality="mp")),
    (_full(rf"{OPP} MP gains {NX} {STAGES}"), _amount("gain_stages", "opponent", "mp")),
    (_full(rf"{OPP} MP loses {NX} {STAGES}"), _amount("lose_stages", "opponent", "mp")),
    (_full(rf"draw {ANX} cards?"), _amount("draw")),
    (_full(rf"your opponent draws {ANX} cards?"), _amount("draw", "opponent")),
    # paying stages is losing them (2016 HOW CARDS WORK: energy attack costs)
    (_full(rf"pay {NX} {STAGES}"), _amount("lose_stages")),
    # "Rejuvenate 3." (2016 GLOSSARY "Rejuvenate": one card at a time from the top)
    (_full(rf"rejuvenate {ANX}(?: cards?)?"), _amount("rejuvenate")),
    (
        _full(rf"your opponent discards {ANX} cards? from {THEIR} hand"),
        _amount("discard_from_hand", "opponent"),
    ),
    (_full(rf"discard {ANX} cards? from your hand"), _amount("discard_from_hand")),
    (
        _full(rf"your opponent discards the top card of {THEIR} life deck"),
        _fixed({"do": "discard_top", "amount": 1, "who": "opponent"}),
    ),
    (
        _full(rf"your opponent discards the top {NX} cards of {THEIR} life deck"),
        _amount("discard_top", "opponent"),
    ),
    (_full(rf"your opponent takes {NX} {LIFE} of damage"), _amount("life_damage", "opponent")),
    (_full(r"advance your MP (?:1|one) level"), _fixed({"do": "advance_level"})),
    (
        _full(rf"lower {OPP} MP (?:1|one) level"),
        _fixed({"do": "lower_level", "who": "opponent"}),
    ),
    (_full(r"lower your MP (?:1|one) level"), _fixed({"do": "lower_level"})),
    (_full(r"power up to full"), _fixed({"do": "set_stage_max"})),
    (_full(r"raise your MP to its highest power stage"), _fixed({"do": "set_stage_max"})),
    (_full(r"capture a dragon ball"), _fixed({"do": "capture_dragon_ball"})),
    (_full(r"use a critical damage effect"), _fixed({"do": "critical_effect"})),
    (_full(rf"look at {OPP} hand"), _fixed({"do": "look_at_hand", "who": "opponent"})),
    (_full(r"reveal your hand(?: to your opponent)?"), _fixed({"do": "reveal_hand"})),
    (
        _full(r"your opponent reveals (?:his or her|his|her|their) hand"),
        _fixed({"do": "reveal_hand", "who": "opponent"}),
    ),
    (_full(rf"destroy an? {_T} your opponent has in play"), _destroy),
    (_full(r"search your life deck for an? (.+?) and place it (?:in|into) your hand"), _search),
    (
        _full(rf"banish the top {NX} cards? of {OPP} discard pile"),
        _amount("banish_from_discard", "opponent"),
    ),
    (_full(rf"place an? {_T} from your (discard pile|life deck|hand) into play"), _put("place")),
    (_full(rf"play an? {_T} from your (discard pile|hand)"), _put("play")),
    (
        # attacks are only performed in combat: "this combat" lasts as long for them
        _full(
            rf"your (physical) attacks do \+{N} {STAGES} of damage this (?:turn|combat)"
            rf"|your (energy) attacks do \+{N} {LIFE} of damage this (?:turn|combat)"
        ),
        _floating,
    ),
]


def parse_effect(body: str) -> Json | None:
    from engine.panini.cardtext import (
        armed_bare,
        attack_self,  # it builds on this module
        considered,
        copies,
        critical,
        each_player,
        other_attacks,
        stays,
        topmost,
    )
    from engine.panini.cardtext.after_use import parse_attack_effect  # it builds on this module
    from engine.panini.cardtext.armed import parse as parse_armed  # it builds on this module
    from engine.panini.cardtext.attack_costs import parse_cost
    from engine.panini.cardtext.choose_it import parse_choose_it
    from engine.panini.cardtext.counting import parse_for_each
    from engine.panini.cardtext.damage import (
        parse_at_value,
        parse_attack_deals,
        parse_critical,
        parse_unpreventable,
    )
    from engine.panini.cardtext.next_attack import parse_next_attack
    from engine.panini.cardtext.plain import parse_plain
    from engine.panini.cardtext.rearrange import parse_rearrange
    from engine.panini.cardtext.same_number import parse_same_number
    from engine.panini.cardtext.those import parse_choose_cards, parse_those
    from engine.panini.cardtext.wishes import parse_use_dragon_ball

    return (
        _match(EFFECTS, body)
        or stays.parse_effect(body)  # "If your next action is a Styled attack, it stays ..."
        or parse_floating_effect(body)
        or parse_move(body)
        or parse_attack_effect(body)
        or parse_attack_deals(body)
        or attack_self.parse_deals(body)
        or attack_self.parse_pay_any(body)
        or attack_self.parse_for_every(body)
        or attack_self.parse_no_damage(body)
        or as_stages.parse(body)  # "... its life card damage as stages" (ruling 246)
        or attack_self.parse_base(body)
        or parse_critical(body)
        or critical.parse_more(body)  # "you may use 2 critical damage effects instead of 1"
        or critical.parse_floating(body)  # "Your Allies cannot be discarded by critical ..."
        or parse_unpreventable(body)
        or parse_cost(body, constant=False)
        or parse_for_each(body)
        or parse_at_value(body, constant=False)
        or considered.parse(body, constant=False)
        or considered.parse_floor(body)
        or parse_choice(body)
        or parse_choose_cards(body)
        or parse_reference(body)
        or parse_those(body)
        or parse_choose_it(body)
        or parse_rearrange(body)
        or granted.parse_floating(body)
        or attached.parse_search_attach(body)
        or parse_armed(body)
        or armed_bare.parse(body)  # "The next time ... this combat <effect>": no comma
        or parse_plain(body)
        or parse_same_number(body)
        or amounts.parse_floating(body)
        or parse_next_attack(body)
        or parse_use_dragon_ball(body)
        or endurance.parse_floating(body)  # "Drills ... gain 'Endurance 2' this combat"
        or other_attacks.parse(body, parse_effect)  # "your other attacks ... this combat"
        or allies.parse_floating(body)  # "that Ally may make actions regardless ..."
        or copies.parse(body)  # a copy of that attack (engine.panini.copies)
        or topmost.parse(body)  # "the top Physical Combat card of your discard pile"
        or each_player.parse(body)  # "Each player places their hand on top of ..."
        or each_player.parse_titled_stages(body)  # "All personalities with ... lose 3 stages"
    )


# --- conditions ("If your MP is at level 3 or higher", "Use only if ...") ------------------
def _cond(field: str, who: str = "self", value: Any = None) -> Builder:
    def build(m: re.Match[str]) -> Json:
        condition: Json = {} if who == "self" else {"who": who}
        condition[field] = number(m.group(1)) if value is None else value
        return condition

    return build


CONDITIONS: _Table = [
    (_full(rf"your MP is at level {N} or higher"), _cond("level_at_least")),
    (_full(rf"your MP is at level {N} or lower"), _cond("level_at_most")),
    (_full(rf"your anger is {N} or (?:more|higher)"), _cond("anger_at_least")),
    (_full(rf"{OPP} anger is {N} or (?:more|higher)"), _cond("anger_at_least", "opponent")),
    (_full(rf"{OPP} MP is at level {N} or higher"), _cond("level_at_least", "opponent")),
    (_full(rf"your MP is {N} or more {STAGES} above 0"), _cond("stage_at_least")),
    (_full(rf"your MP is {N} or fewer {STAGES} above 0"), _cond("stage_at_most")),
    (_full(rf"you have {N} or fewer cards in your hand"), _cond("hand_at_most")),
    (_full(r"you have no cards in your hand"), _cond("hand_at_most", value=0)),
    (
        _full(rf"your opponent has {N} or fewer cards in {THEIR} hand"),
        _cond("hand_at_most", "opponent"),
    ),
    (_full(r"you control an ally"), _cond("has_allies", value=True)),
    (
        _full(rf"you control {N} or more dragon balls"),
        _cond("controls_dragon_balls_at_least"),
    ),
]
# a capitalised name, matched case-sensitively: "your MP is Gohan"
_PERSONALITY = re.compile(r"your MP is ([A-Z][A-Za-z'-]*(?: [A-Z][A-Za-z'-]*)*)")


def parse_condition(text: str) -> Json | None:
    from engine.panini.cardtext import (  # they build on this module
        attack_result,
        attack_self,
        stopped_attack,  # they build on this module
    )
    from engine.panini.cardtext.after_use import parse_power_level  # it builds on this module
    from engine.panini.cardtext.conditions import parse  # it builds on this module

    found = (
        _match(CONDITIONS, text)
        or parse_power_level(text)
        or parse(text)
        or parse_that_condition(text)
        or attack_self.parse_from_discard(text)
        or attack_result.parse(text)
        or stopped_attack.parse(text)  # "this card stopped an attack" (a defense's)
    )
    if found is not None and nested_that(found):
        return None  # "that card" tested with another condition (engine.panini.referents)
    if found is None:
        named = _PERSONALITY.fullmatch(text)
        if named:
            found = {"personality": named.group(1)}
    return found


# --- damage, attacks, defenses -------------------------------------------------------------
def _damage(kind: str) -> Builder:
    return lambda m: {"kind": kind, "amount": number(m.group(1)) if m.groups() else 0}


def _damage_x(kind: str) -> Builder:
    """ "DAMAGE: 3 +X stages.": the card's X is added as the damage is dealt."""
    return lambda m: {"kind": kind, "amount": number(m.group(1)) if m.groups() else 0,
                      "plus_x": True}  # fmt: skip


DAMAGE: _Table = [
    (_full(rf"AT \+X {STAGES}"), _damage_x("at")),
    (_full(rf"AT \+X {LIFE}"), _damage_x("at_life")),
    (_full(rf"X {STAGES}"), _damage_x("stages")),
    (_full(rf"X {LIFE}"), _damage_x("life")),
    (_full(rf"{N} ?\+ ?X {STAGES}"), _damage_x("stages")),
    (_full(rf"{N} {STAGES} ?\+ ?X {STAGES}"), _damage_x("stages")),
    (_full(rf"{N} ?\+ ?X {LIFE}"), _damage_x("life")),
    (_full(rf"{N} {LIFE} ?\+ ?X {LIFE}"), _damage_x("life")),
    (_full(r"AT"), _damage("at")),
    (_full(rf"AT \+{N} {STAGES}"), _damage("at")),
    (_full(rf"AT \+{N} {LIFE}"), _damage("at_life")),
    (_full(rf"{N} {STAGES}"), _damage("stages")),
    (_full(rf"{N} {LIFE}"), _damage("life")),
]


def parse_damage(body: str) -> Json | None:
    from engine.panini.cardtext.damage import parse_damage_terms  # it builds on this module

    return _match(DAMAGE, body) or parse_damage_terms(body)


# Score-era energy attacks cost 2 power stages unless the card says otherwise.
SCORE_ENERGY_COST = 2


def _head(kind: str, damage: str | None = None, cost: int | None = None) -> Builder:
    def build(m: re.Match[str]) -> Json:
        head: Json = {"type": kind}
        groups = m.groups()
        if damage is None:
            if groups:
                head["cost"] = number(groups[0])
        else:
            head["damage"] = {"kind": damage, "amount": number(groups[0])}
            if cost:
                head["cost"] = cost
        return head

    return build


ATTACKS: _Table = [
    (_full(r"physical attack"), _head("physical")),
    (_full(r"energy attack"), _head("energy")),
    (_full(rf"physical attack costing {N} {STAGES}"), _head("physical")),
    (_full(rf"energy attack costing {N} {STAGES}"), _head("energy")),
    # Score-era wording: the damage is in the attack sentence
    (_full(rf"physical attack doing \+{N} {STAGES} of damage"), _head("physical", "at")),
    (_full(rf"physical attack doing {N} {STAGES} of damage"), _head("physical", "stages")),
    (
        _full(rf"energy attack doing {N} {LIFE} of damage"),
        _head("energy", "life", SCORE_ENERGY_COST),
    ),
]


def parse_attack(body: str) -> Json | None:
    from engine.panini.cardtext.attack_self import parse_head  # it builds on this module

    return _match(ATTACKS, body) or parse_head(body)


def _defense(against: str, stops: bool) -> Builder:
    def build(m: re.Match[str]) -> Json:
        found: Json = {"against": against}
        if stops:
            found["stops"] = True
        else:
            found["prevent"] = number(m.group(1))
        return found

    return build


DEFENSES: _Table = [
    (_full(r"stops an? physical attack"), _defense("physical", True)),
    (_full(r"stops an? energy attack"), _defense("energy", True)),
    (_full(r"stops an attack"), _defense("any", True)),
    # 2016 HOW CARDS WORK: "There are two types of attacks - Energy Attacks and Physical"
    (_full(r"stops an? physical (?:attack )?or (?:an )?energy attack"), _defense("any", True)),
    (_full(rf"prevents {N} {STAGES} of physical damage"), _defense("physical", False)),
    (_full(rf"prevents {N} {LIFE} of energy damage"), _defense("energy", False)),
    (
        _full(rf"prevents {N} stages or life cards of damage from an attack"),
        _defense("any", False),
    ),
    # 2016 rulings (docs/rulings.md 5): an attack whose damage is all prevented still hits
    (
        _full(r"prevents? all damage from an? (?:(physical|energy) )?attack"),
        lambda m: {"against": (m.group(1) or "any").lower(), "prevent_all": True},
    ),
]


def parse_defense(body: str) -> Json | None:
    from engine.panini.cardtext import next_attack
    from engine.panini.cardtext.damage import parse_prevent_both  # it builds on this module

    return (
        _match(DEFENSES, body)
        or parse_prevent_both(body)
        or next_attack.parse_defense(body, parse_defense, parse_effect)
    )


# --- constant modifiers (CONSTANT: ...) ------------------------------------------------------
def _mod(mod: str, sign: int = 1, who: str = "self") -> Builder:
    def build(m: re.Match[str]) -> Json:
        found: Json = {"mod": mod}
        if m.groups():
            found["amount"] = sign * number(m.group(1))
        if who != "self":
            found["who"] = who
        return found

    return build


MODIFIERS: _Table = [
    (_full(rf"your physical attacks do \+{N} {STAGES} of damage"), _mod("physical_damage")),
    (_full(rf"your energy attacks do \+{N} {LIFE} of damage"), _mod("energy_damage")),
    (_full(rf"physical attacks against you do -{N} {STAGES} of damage"), _mod("prevent_physical")),
    (_full(rf"energy attacks against you do -{N} {LIFE} of damage"), _mod("prevent_energy")),
    (_full(rf"your personalities get \+{N} PUR"), _mod("pur")),
    (_full(rf"your energy attacks cost {N} {STAGES} less"), _mod("energy_cost", -1)),
    (_full(rf"your energy attacks cost {N} {STAGES} more"), _mod("energy_cost")),
    (
        _full(r"your opponent cannot win by most powerful personality victory"),
        _mod("no_mppv", who="opponent"),
    ),
]


def parse_modifier(body: str) -> Json | None:
    from engine.panini.cardtext import (
        attack_constants,
        considered,
        copies,
        critical,
        leaving,
        replaced,
        stays,
    )
    from engine.panini.cardtext.attack_costs import parse_cost  # it builds on this module
    from engine.panini.cardtext.damage import parse_at_value

    return (
        _match(MODIFIERS, body)
        or parse_rule_modifier(body)
        or granted.parse_constant(body)
        or parse_cost(body, constant=True)
        or parse_at_value(body, constant=True)
        or amounts.parse_constant(body)
        or replaced.parse_constant(body)  # "..., they are banished instead."
        or considered.parse(body, constant=True)
        or leaving.parse_constant(body)  # "Whenever an Ally's power level is 0, ..."
        or attack_constants.parse(body)
        or endurance.parse_constant(body)  # "Allies gain 'Endurance 1'"
        or stays.parse_constant(body)  # "The first attack you play each combat stays ..."
        or critical.parse_constant(body)  # "While you control 1 Ally, it cannot be ..."
        or allies.parse_constant(body)  # "Your Allies may make actions regardless ..."
        or copies.parse_constant(body)  # "Your first copied attack ..."
    )


# --- triggers ("Whenever ..., <effect>.") ---------------------------------------------------
def _on(event: str) -> Builder:
    def build(m: re.Match[str]) -> Json:
        found: Json = {"on": event}
        kind = (m.group(1) or "").strip().lower() if m.groups() else ""
        if kind:
            found["attack_type"] = kind
        return found

    return build


TRIGGERS: _Table = [
    (_full(r"whenever you raise your anger"), _on("anger_raised")),
    (_full(r"whenever your MP advances a level"), _on("level_advanced")),
    (_full(r"whenever your (physical |energy )?attack hits"), _on("attack_hit")),
    (_full(r"whenever your (physical |energy )?attack is stopped"), _on("attack_stopped")),
    (_full(r"whenever you deal critical damage"), _on("critical_damage")),
    (_full(r"whenever you stop an? (physical |energy )?attack"), _on("defended")),
]


def parse_trigger_event(text: str, *, new: bool = True) -> Json | None:
    from engine.panini.cardtext import (  # "When/After/At ..." and game events
        end_of_combat,
        triggers,
    )

    if not new:
        return _match(TRIGGERS, text)
    return _match(TRIGGERS, text) or triggers.parse_head(text) or end_of_combat.parse_head(text)


# --- keywords --------------------------------------------------------------------------------
KEYWORDS: _Table = [
    (_full(rf"endurance {N}"), lambda m: {"endurance": number(m.group(1))}),
    (_full(r"\(?banish after use\)?"), lambda _m: {"banish_after_use": True}),
    (_full(r"remove from the game after use"), lambda _m: {"banish_after_use": True}),
    (_full(rf"\(?limit {N} per deck\)?"), lambda m: {"limit_per_deck": number(m.group(1))}),
    (_full(r"heroes only"), lambda _m: {"alignment": "hero"}),
    (_full(r"villains only"), lambda _m: {"alignment": "villain"}),
]


# Transcription notes, not rules text: they compile to nothing.
NOTES = _full(r"most recent printing|created by [^()]+")


def parse_keyword(body: str) -> Json | None:
    """The fields a printed keyword sets; {} for a transcription note."""
    from engine.panini.cardtext.after_use import parse_keyword as after_use  # builds on this module
    from engine.panini.cardtext.self_moves import parse_keyword as kept_on_level

    if NOTES.fullmatch(body):
        return {}
    from engine.panini.cardtext.itself import parse_keyword as itself
    from engine.panini.cardtext.limits import parse_keyword as limits

    found = _match(KEYWORDS, body) or after_use(body) or kept_on_level(body) or itself(body)
    return found or limits(body) or allies.parse_keyword(body)


# "Attach to your MP." (2016 GLOSSARY "Attached Cards")
ATTACH = _full(rf"attach (?:this card )?to (your|{OPP}) (?:MP|main personality)")


UNSTOPPABLE = _full(r"this attack is unstoppable|this attack cannot be stopped")
