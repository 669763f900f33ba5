"""Trigger sentences: WHEN something happens (engine.panini.triggers carries them out).

Three shapes, each read whole:
- "Whenever/When/After <event>[ during combat], <effect(s)>." and "At <moment>, ..."; with
  "Once per combat/turn" before it ("Once per combat when you deal critical damage, you
  may ..."); "The first time [each combat / each turn / during combat] <event> [each
  combat / each turn], ..." is once per combat / turn;
- "Banish this card when <event>." (an attached or in-play card leaves when it happens);
- "[INSTANT] POWER: Use when/after/at <event>." opening a Power the controller may use
  when the event happens (`parse_use_timing`).

An event is read from the card's controller's view: `who` is whose event it is ("you",
"your opponent", "a player"/"any personality"). Unknown events return None: the sentence
stays unread.
"""

from __future__ import annotations

import re
from typing import Any

Json = dict[str, Any]

_KIND = r"(?:(?P<kind>physical|energy) )?"
_A = r"(?:an?|one) "
# who does it: "you", "your opponent", "a player" / "any player"
_WHO = r"(?P<who>you|your opponent|a player|any player|each player)"
_WHOSE = r"(?P<who>your|your opponent's|a player's|any player's)"
_MP = rf"(?:{_WHOSE} (?:MP|main personality)|(?P<anyone>any personality|a personality))"
_STYLED = r"(?:(?P<styled>styled) )?"
_THEIR = r"(?:his|her|their|his or her)"
_TYPE = r"(?:setups?|drills?|ally|allies|dragon balls?|cards?)"
_TYPES = rf"(?P<types>{_TYPE}(?:(?:,|,? or) {_TYPE})*)"
_IN_PLAY_TYPE = r"(?:setup|drill|ally|dragon ball)"
_IN_PLAY_TYPES = rf"(?P<types>{_IN_PLAY_TYPE}(?:(?:,|,? or) {_IN_PLAY_TYPE})*)"
# "with 'Sword' in the title": the words quoted, or one capitalised word unquoted
_TITLE = r"(?:'(?P<title>[^']+)'|\"(?P<title2>[^\"]+)\"|(?P<title3>[A-Z][\w.-]*))"
_TYPE_OF = {"setup": "setup", "drill": "drill", "ally": "ally", "allie": "ally",
            "dragon ball": "dragon_ball", "card": ""}  # fmt: skip

# (pattern of the event after the timing word, event name)
_EVENTS: list[tuple[str, str]] = [
    (rf"{_WHO} raises? (?:your|their|his|her|his or her) anger", "anger_raised"),
    (rf"{_WHOSE} anger is lowered", "anger_lowered"),
    # "Whenever you lower your opponent's anger": whose effect (`by`), whose anger (`who`)
    (r"(?P<by>you|your opponent) lowers? (?P<who>your|your opponent's|his|her|their) anger",
     "anger_lowered"),
    (rf"{_MP} advances (?:a|one) levels?", "level_advanced"),
    (rf"{_WHO} advances? (?:a|one) (?:personality )?levels?", "level_advanced"),
    (rf"{_MP} changes levels?", "level_changed"),
    (rf"{_WHO} changes? (?:personality )?levels?", "level_changed"),
    (rf"{_WHOSE} {_STYLED}{_KIND}attack hits", "attack_hit"),
    (rf"{_WHO} performs? {_A}successful {_STYLED}{_KIND}attack", "attack_hit"),
    (rf"{_WHOSE} {_STYLED}{_KIND}attack is stopped", "attack_stopped"),
    (rf"one of {_WHOSE} {_STYLED}{_KIND}attacks is stopped", "attack_stopped"),
    (rf"{_WHO} deals? critical damage", "critical_damage"),
    # only attacks deal Critical Damage, and only the opponent attacks you (2016 CRITICAL
    # DAMAGE): "you take critical damage" is "your opponent deals critical damage"
    (r"(?P<taker>you|your opponent) takes? critical damage", "critical_damage"),
    (rf"{_WHO} stops? {_A}{_KIND}attack", "defended"),
    (rf"your opponent stops one of your {_STYLED}{_KIND}attacks", "attack_stopped"),
    (rf"{_WHO} rejuvenates?", "rejuvenated"),
    (rf"{_WHO} rejuvenates? (?:an?|one) {_TYPES}", "rejuvenated"),
    (rf"{_WHO} performs? {_A}{_STYLED}{_KIND}attack", "attack_performed"),
    (rf"{_WHO} takes? damage from {_A}{_KIND}attack", "damage_taken"),
    (rf"{_WHO} takes? life cards? (?:of )?damage from {_A}{_KIND}attack", "life_damage_taken"),
    (rf"{_WHO} uses? {_A}critical damage effect", "critical_effect_used"),
    (r"(?:the )?end of (?:each )?combat", "combat_ended"),
    (rf"the (?:start|beginning) of {_WHOSE} planning step", "planning_started"),
    (rf"the (?:start|beginning) of {_WHOSE} rejuvenation step", "rejuvenation_started"),
    (rf"the (?:start|beginning) of {_WHOSE} turn", "turn_started"),
    (rf"the (?:start|beginning) of {_WHOSE} (?P<first>first) turn", "turn_started"),
    (r"the (?:start|beginning) of (?P<every>each|every) turn", "turn_started"),
    (rf"the end of {_WHOSE} turn", "turn_ended"),
    (rf"(?:an?|one) {_TYPES} enters play", "entered_play_any"),
    (rf"one of {_WHOSE} {_TYPES} enters play", "entered_play"),
    (rf"(?P<who>an opponent's) {_TYPES} enters play", "entered_play"),
    (rf"(?:an?|one) {_TYPES} (?P<who>you) control enters play", "entered_play"),
    (rf"(?:an?|one) {_TYPES} enters play under {_WHOSE} control", "entered_play"),
    # a Dragon Ball of a set, or that a player owns (under anyone's control: a captured one
    # is controlled by the other player, 2016 GLOSSARY "Dragon Balls"; docs/rulings.md 260)
    (rf"(?:an?|one) (?P<set>earth|namek) dragon ball enters play under {_WHOSE} control",
     "entered_play"),
    (r"(?:an?|one) (?P<set>earth |namek )?dragon ball (?P<owner>you|your opponent) owns? "
     r"enters play", "entered_play"),
    (r"the end of (?P<every>the|each|every|any) turn", "turn_ended"),
    (rf"the end of {_WHOSE} planning step", "planning_ended"),
    # wave 2: drawing, discarding from the hand, stages, lowering a level
    (rf"{_WHO} draws? (?:{_A}|any number of |one or more )cards?", "drew"),
    (rf"(?P<who>you) discard {_A}card from your hand", "card_discarded"),
    (rf"(?P<who>your opponent|a player|each player) discards {_A}card from {_THEIR} hand",
     "card_discarded"),
    (rf"{_A}card is discarded from {_WHOSE} hand", "card_discarded"),
    (r"(?:an?|one) card is discarded from (?P<every>a|any|a player's) hand", "card_discarded"),
    (rf"{_WHO} gains? (?:power )?stages", "stages_gained"),
    (rf"{_WHO} gains? anger", "anger_raised"),
    (r"(?P<anyone>any|a) personality gains (?:power )?stages", "stages_gained"),
    # powering up is no card effect (2016 "Planning Step")
    (rf"{_WHO} gains? (?:power )?stages from (?:a|any) card effect", "effect_stages_gained"),
    (rf"{_WHOSE} (?:MP|main personality) gains (?:power )?stages", "mp_stages_gained"),
    (rf"{_WHO} lowers? (?:a|one) (?:personality )?levels?", "level_lowered"),
    (rf"{_MP} (?:lowers|is lowered) (?:a|one) (?:personality )?levels?", "level_lowered"),
    # on a Main Personality level: "When you advance to this level" (2016 "reach higher
    # Levels of your Main Personality by raising your Anger": reaching is advancing)
    (r"(?P<who>you) (?:reach|advance to) this (?:personality )?level", "level_reached"),
    # a card leaving play (destroyed, banished, returned ...), a Life Deck shuffled
    (rf"(?:an?|one) {_TYPES} leaves play", "left_play_any"),
    # "other": the card has left play before its own triggers could see it (engine.
    # self_moves); "Styled": the card that left (docs/rulings.md 256)
    (rf"one of {_WHOSE} (?:other )?{_STYLED}{_TYPES} leaves play", "left_play"),
    (rf"(?:an?|one) {_TYPES} (?P<who>you) control leaves play", "left_play"),
    (rf"{_WHOSE} life deck is shuffled", "life_deck_shuffled"),
    (r"(?P<who>you) search your life deck", "life_deck_searched"),
    (rf"(?P<who>your opponent) searches {_THEIR} life deck", "life_deck_searched"),
    (rf"(?:an?|one) {_TYPES} (?:in play )?is destroyed", "destroyed_any"),
    (rf"one of {_WHOSE} {_TYPES} is destroyed", "destroyed"),
    (rf"(?:an?|one) {_TYPES} (?P<who>you) control is destroyed", "destroyed"),
    (rf"one of {_WHOSE} {_TYPES} is banished", "banished_from_play"),
    (rf"(?:an?|one) {_TYPES} (?P<who>you) control is banished", "banished_from_play"),
    (rf"{_WHO} prevents? damage", "damage_prevented"),
    # 2016 WHEN TAKING DAMAGE: a card with Endurance banished to prevent damage; "that
    # card" in the effects is the card banished (engine.panini.triggers.queue)
    (rf"{_WHO} (?:banish(?:es)? (?:a|one) card for endurance|uses? endurance)", "endurance_used"),
    # an effect banishing cards from a Life Deck (engine.panini.moves), a card of a hand revealed
    (r"(?P<by>you|your opponent) banish(?:es)? (?:a card|cards|one or more cards) from "
     r"(?P<who>your|your opponent's|his|her|their) life deck", "life_deck_banished"),
    (rf"{_WHO} reveals? (?:a card|cards|one or more cards) from (?:your|{_THEIR}) hand",
     "card_revealed"),
    # an effect banishing cards from a discard pile: whose effect (`by`), whose pile (`who`)
    (r"(?P<by>you|your opponent) banish(?:es)? (?:a card|cards|one or more cards) from "
     r"(?P<who>your|your opponent's|his|her|their) discard pile", "discard_banished"),
    # an effect destroying cards from a Life Deck (not damage): whose effect (`by`), whose
    # Life Deck (`who`); engine.panini.replaced
    (r"(?P<by>you|your opponent) destroys? (?:a card|cards|one or more cards) from (?:the top "
     r"of )?(?P<who>your|your opponent's|his|her|their) life deck", "life_deck_destroyed"),
    (r"one of (?P<by>your|your opponent's) (?:card )?effects destroys (?:a card|cards|one or "
     r"more cards) from (?:the top of )?(?P<who>your|your opponent's|his|her|their) life deck",
     "life_deck_destroyed"),
    # 2016 WHEN TAKING DAMAGE: a Dragon Ball turned up goes to the bottom of the Life Deck
    (r"(?:an?|one) dragon ball is revealed (?:when|while) (?:(?P<anyone>taking) damage|"
     r"(?P<who>you|your opponent) takes? damage)", "ball_revealed"),
    # 2016 THE COMBAT STEP: declaring combat is optional
    (rf"{_WHO} (?:does not|do not|doesn't|don't) declare combat(?: during (?:your|{_THEIR}) "
     r"combat step)?", "combat_skipped"),
    # playing (not placing) a card that enters play; Events and attacks are not read
    (rf"{_WHO} plays? (?:an?|one) {_IN_PLAY_TYPES}", "card_played"),
    # any card played from the hand, by its title or alignment (engine.panini.triggers.played)
    (rf"{_WHO} plays? (?:an?|one) card with {_TITLE} in (?:the|its) title", "card_played"),
    (rf"{_WHO} plays? (?:an?|one) (?P<freestyle>non-styled|freestyle) card", "card_played"),
    (rf"{_WHO} plays? (?:an?|one) (?P<q>['\"]?)(?P<align>heroes|villains) only(?P=q) card",
     "card_played"),
]
# events that are moments ("At the end of combat"), not things a player does
MOMENTS = frozenset(
    {
        "combat_ended",
        "planning_started",
        "planning_ended",
        "rejuvenation_started",
        "turn_started",
        "turn_ended",
    }
)
_WHO_OF = {
    "you": "self", "your": "self", "your opponent": "opponent", "your opponent's": "opponent",
    "a player": "any", "any player": "any", "each player": "any", "a player's": "any",
    "any player's": "any", "an opponent's": "opponent",
}  # fmt: skip
_COMPILED = [(re.compile(pattern, re.IGNORECASE), event) for pattern, event in _EVENTS]
_DURING = re.compile(r"(.+?) during combat", re.IGNORECASE)
_NO_COMBAT = re.compile(r"(.+?) if you did not declare combat(?: this turn)?", re.IGNORECASE)
# "after performing a successful attack": the card's controller does it
_GERUNDS = {"performing": "perform", "using": "use", "dealing": "deal", "stopping": "stop",
            "taking": "take", "rejuvenating": "rejuvenate",
            "banishing": "banish"}  # fmt: skip


def parse_event(text: str) -> Json | None:
    """ "you deal critical damage" -> {"on": "critical_damage"}; None when unknown."""
    text = text.strip()
    first, _, rest = text.partition(" ")
    if first.lower() in _GERUNDS and rest:
        text = f"you {_GERUNDS[first.lower()]} {rest}"
    no_combat = _NO_COMBAT.fullmatch(text)
    if no_combat:
        text = no_combat.group(1)
    during = _DURING.fullmatch(text)
    if during:
        text = during.group(1)
    for pattern, event in _COMPILED:
        found = pattern.fullmatch(text)
        if not found:
            continue
        groups = found.groupdict()
        by = _WHO_OF[groups["by"].lower()] if groups.get("by") else None
        if by and groups["who"].lower() in ("his", "her", "their"):
            if by != "opponent":
                return None  # "you banish cards from his discard pile": whose?
            groups["who"] = "your opponent's"
        who = "any" if groups.get("anyone") else _WHO_OF.get((groups.get("who") or "you").lower())
        if groups.get("owner"):  # under anyone's control, owned by that player
            who = "any"
        if groups.get("taker"):  # who took it: the other player dealt it
            who = "opponent" if groups["taker"].lower() == "you" else "self"
        if event == "combat_ended" or groups.get("every"):
            who = "any"
        if event.endswith("_any"):  # "a Drill leaves play", "... is destroyed": anyone's
            event, who = event.removesuffix("_any"), "any"
        if who is None:
            return None
        result: Json = {"on": event}
        if who != "self":
            result["who"] = who
        if by:
            result["by"] = by
        if groups.get("kind"):
            result["attack_type"] = groups["kind"].lower()
        if groups.get("owner"):
            result["owner"] = _WHO_OF[groups["owner"].lower()]
        if groups.get("owner") or groups.get("set"):  # Dragon Balls alone
            result["card_types"] = ["dragon_ball"]
        if groups.get("set"):
            result["ball_set"] = groups["set"].strip().capitalize()
        if groups.get("styled"):
            result["styled"] = True
        if groups.get("freestyle"):
            result["freestyle"] = True
        title = groups.get("title") or groups.get("title2") or groups.get("title3")
        if title:
            result["title_has"] = title
        if groups.get("first"):
            result["first_turn"] = True
        if groups.get("align"):
            result["alignment"] = "hero" if groups["align"].lower() == "heroes" else "villain"
        if groups.get("types"):
            types = _card_types(groups["types"])
            if types is None:
                return None
            if types:
                result["card_types"] = types
        if during:
            if event in MOMENTS:
                return None
            result["during_combat"] = True
        if no_combat:
            # the turn's declaration: only your own Rejuvenation Step is read
            if event != "rejuvenation_started" or who != "self":
                return None
            result["no_combat"] = True
        return result
    from engine.panini.cardtext import alternatives  # it builds on this function
    from engine.panini.cardtext.attack_performed import parse_origin  # it builds on this module
    from engine.panini.cardtext.reshaped import caused_event

    # "you perform an attack that was not played from your hand", "one of your effects causes
    # your opponent to gain anger"; "one of your effects prevents damage", "one of your
    # Drills is destroyed or banished"
    return parse_origin(text) or caused_event(text, parse_event) or alternatives.parse(text)


def misplaced(trigger: Json, card_type: str) -> bool:
    """ "When you reach this level" is about a Main Personality level card alone."""
    return trigger["on"] == "level_reached" and card_type != "main_personality"


def _card_types(words: str) -> list[str] | None:
    """ "Setups or Drills" -> ["setup", "drill"]; "card" -> [] (any); None if mixed."""
    found = [
        _TYPE_OF[w.strip().lower().removesuffix("s")]
        for w in re.split(r",\s*or\s+|,\s*|\s+or\s+", words)
    ]
    if "" in found:
        return [] if found == [""] else None
    return sorted(set(found))


_HEAD = re.compile(
    r"(?:once per (?P<once>combat|turn),? )?(?P<word>whenever|when|after|at) (?P<event>.+)",
    re.IGNORECASE | re.DOTALL,
)


# "The first time each combat <event>", "The first time <event> each turn", "The first time
# during combat <event>": once per combat / turn (without a scope, once per game? unread)
_FIRST = re.compile(
    r"the first time (?:(?:each|every) (?P<a>combat|turn) |(?P<during>during combat) )?"
    r"(?P<event>.+?)(?: (?:each|every) (?P<b>combat|turn))?",
    re.IGNORECASE | re.DOTALL,
)


def _first_time(head: str) -> Json | None:
    found = _FIRST.fullmatch(head.strip())
    if not found:
        return None
    scopes = [s.lower() for s in (found.group("a"), found.group("b")) if s]
    event = parse_event(found.group("event"))
    if event is None or event["on"] in MOMENTS:
        return None
    if found.group("during") and event.get("during_combat"):
        return None  # said twice
    if found.group("during"):
        event["during_combat"] = True
    if event.get("during_combat"):  # "The first time your anger is lowered during combat"
        scopes.append("combat")
    if len(scopes) != 1:
        return None
    return {**event, "once_per": scopes[0]}


def parse_head(head: str) -> Json | None:
    """The part of a trigger sentence before its comma: "Whenever you Rejuvenate",
    "Once per combat when you deal critical damage", "At the end of combat", "The first
    time each combat your anger is lowered"."""
    if head.strip().lower().startswith("the first time "):
        return _first_time(head)
    found = _HEAD.fullmatch(head.strip())
    if not found:
        return None
    word = found.group("word").lower()
    event = parse_event(found.group("event"))
    if event is None:
        return None
    # "At" names a moment, the other words an event ("At you Rejuvenate" is not English)
    if (word == "at") != (event["on"] in MOMENTS):
        return None
    if found.group("once"):
        event["once_per"] = found.group("once").lower()
    return event


_SUBJECT = re.compile(r"(?:he or she|he|she|they)\b", re.IGNORECASE)
_POSSESSIVE = re.compile(r"\b(?:his or her|his|her|their)\b", re.IGNORECASE)


def opponent_pronouns(tail: str) -> list[str]:
    """ "Whenever your opponent Rejuvenates, banish the bottom card of his discard pile.":
    the pronouns after a trigger about the opponent are the opponent. The readings to try
    after the sentence as printed: "he" -> "your opponent" at the start ("he destroys the
    top 2 cards of his Life Deck"), then every "his" -> "your opponent's" too."""
    subject = _SUBJECT.sub("your opponent", tail, count=1) if _SUBJECT.match(tail) else tail
    both = _POSSESSIVE.sub("your opponent's", subject)
    return list(dict.fromkeys(t for t in (subject, both) if t != tail))


_BANISH_WHEN = re.compile(
    r"banish this (?:card|drill|setup|ally) (?:when|whenever) (.+)", re.IGNORECASE
)


def parse_banish_when(body: str) -> Json | None:
    """ "Banish this card when your opponent deals critical damage." -> a trigger."""
    found = _BANISH_WHEN.fullmatch(body)
    event = parse_event(found.group(1)) if found else None
    if event is None or event["on"] in MOMENTS:
        return None
    from engine.panini.cardtext.patterns import parse_effect  # patterns hooks this module in

    banish = parse_effect("Banish this card")
    return None if banish is None else {**event, "effects": [banish]}


_USE = re.compile(r"use (when|whenever|after|at) (.+)", re.IGNORECASE)
# "Use after taking damage from an attack." names the card's controller
_TAKING = re.compile(r"taking damage from an attack", re.IGNORECASE)


def parse_use_timing(body: str) -> Json | None:
    """ "Use at the end of combat." / "Use after taking damage from an attack." -> the
    event that offers the Power."""
    found = _USE.fullmatch(body.strip())
    if not found:
        return None
    word, rest = found.group(1).lower(), found.group(2)
    if _TAKING.fullmatch(rest):
        return {"on": "damage_taken"} if word == "after" else None
    event = parse_event(rest)
    if event is None or (word == "at") != (event["on"] in MOMENTS):
        return None
    return event
