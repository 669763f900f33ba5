"""The card itself and its restrictions: printed notes about the card as a whole, read as
card-level keywords wherever they stand (engine/panini/itself.py runs them; docs/rulings.md 97-).

- "(You may play / banish this card (from your hand) to stop a physical / an energy / a
  physical or energy attack (instead of as an attack).)", optionally "If <condition>, ...":
  a defense use of the card (2016 "HOW ATTACK AND DEFENSE CARDS WORK": its own text gives
  it the use), nothing else of the card applying; "banish": Banished after it.
- "You must <cost> to play / use this card." (the cost a self move, stages or anger):
  `play_cost`, paid in full as the card is played from the hand.
- "(This personality cannot gain stages.)" on an Ally: `no_stage_gain`.
- "(Your Drills are not discarded when advancing from this level.)" on an MP level:
  `keeps_drills`.
- "(You may only have one <title> attached / in play.)", "(Only one copy of <title> can be
  attached in play.)": `only_one` (the title named).
- "(You may Rejuvenate / banish / discard this card from your hand as an action to ...)",
  "(If this card is in your discard pile, you may banish it as an action to ...)", "(You may
  shuffle this Drill from play into its owner's Life Deck as an action. If you do, ...)",
  "(As an action, you may place this card into play to ...)": `card_actions`.
- An MP level's "(Your Life Deck may include non-Personality cards that are 'Heroes only')",
  "(Your Life Deck may include up to 3 copies of each Ally with "Cell Jr." in the title.)":
  `deck_note` (engine.panini.deckcheck).
- "(If this card would be discarded from your hand by a card effect / one of your effects,
  you may banish it instead (to <effect>). (If you do, <effect>.))": `when_moved` as
  "If this card is discarded ..., you may banish it to ..." (`parse_replacement`).
- "(When you advance to this (personality) level, ...)", "(When you reach this level (during
  combat), ...)" on an MP level: read by engine.panini.cardtext.triggers (`level_reached`,
  docs/rulings.md 106); here only the other notes about "this level".
- "(This card is considered (to be a) Styled / Named / Styled and Named (card) (for your
  card effects).)", "(This card is considered to have "Sword" in the title ...)", "(This
  card's Endurance is considered to be 10 ...)": `considered` (for the owner's card effects;
  without "for your card effects", `every_effect`).

Every pattern matches a whole sentence body; anything else stays unread.
"""

from __future__ import annotations

import re
from typing import Any

from engine.panini.cardtext import costs
from engine.panini.cardtext import patterns as p

Json = dict[str, Any]


def _full(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern, re.IGNORECASE)


# --- a defense use printed on the card ------------------------------------------------------
_KINDS = {
    "physical": "physical",
    "energy": "energy",
    "physical or energy": "any",
    "physical or an energy": "any",
    "physical attack or energy": "any",
    "physical attack or an energy": "any",
    "": "any",
}
_STOP = _full(
    r"(?:if (?P<cond>.+?),? )?you may (?P<verb>play|banish) this card(?: from your hand)? "
    r"to stop (?:an?|one) (?P<kind>physical or (?:an )?energy|physical attack or (?:an )?energy"
    r"|physical|energy|) ?attack(?: instead of as an? attack)?"
)


def _stop(body: str) -> Json | None:
    found = _STOP.fullmatch(body)
    if found is None:
        return None
    kind = re.sub(r"\s+", " ", found.group("kind").lower()).strip()
    defense: Json = {"against": _KINDS[kind], "stops": True, "instead_of_attack": True}
    if found.group("verb").lower() == "banish":
        defense["banished"] = True
    if found.group("cond"):
        requires = p.parse_condition(found.group("cond"))
        if requires is None:
            return None
        defense["requires"] = requires
    return {"defense": defense}


# --- a cost to play the card ------------------------------------------------------------------
_COST = _full(r"you must (.+?) (?:in order )?to (?:play|use) this card")
# what a cost may be: the player's own cards moved from their Life Deck, hand or discard
# pile (never "this card"), or stages / anger they lose
_COST_MOVES = {"life_deck", "hand", "discard_pile"}


def _cost(body: str) -> Json | None:
    found = _COST.fullmatch(body)
    if found is None:
        return None
    effect = p.parse_effect(found.group(1))
    if effect is None or effect.get("who", "self") != "self":
        return None
    if effect.get("do") == "move":
        if effect.get("source") not in _COST_MOVES or effect.get("to") not in ("banish", "discard"):
            return None
        if effect.get("x") or effect.get("up_to") or effect.get("every"):
            return None  # a cost is a fixed amount, paid in full
    elif effect.get("do") not in ("lose_stages", "lower_anger", "discard_from_hand"):
        return None
    return {"play_cost": [effect]}


# --- the personality itself -----------------------------------------------------------------
_NO_GAIN = _full(r"this (?:personality|ally|card) cannot gain (?:power )?stages")


# --- what the card is considered to be -------------------------------------------------------
# "for your card effects": the owner's own effects; said without it: every card effect
_FOR = r"(?P<yours> for your (?:own )?(?:card )?effects)?"
_CONSIDERED = [
    _full(
        r"this card is considered (?:to be )?(?:an? )?(?P<what>styled|named|styled and named"
        rf"|named and styled)(?: card)?{_FOR}"
    ),
    _full(
        r"this card is considered to have [\"'](?P<title>[^\"']+)[\"'] in (?:the|its) title"
        + _FOR
    ),
    _full(rf"this card's endurance is considered to be {p.N}{_FOR}"),
]


def _considered(body: str) -> Json | None:
    for pattern in _CONSIDERED:
        found = pattern.fullmatch(body)
        if found is None:
            continue
        groups = found.groupdict()
        what = (groups.get("what") or "").lower()
        considered: Json = {}
        if "styled" in what:
            considered["styled"] = True
        if "named" in what:
            considered["named"] = True
        if groups.get("title"):
            considered["title_has"] = [groups["title"].strip()]
        if "what" not in groups and "title" not in groups:
            considered["endurance"] = p.number(found.group(1))
        if not groups.get("yours"):
            considered["every_effect"] = True
        return {"considered": considered}
    return None


# "(You cannot win by MPPV if you raise your anger with this effect.)": the variants
# engine/panini/cardtext/after_use.py does not read ("this effect", "this Power")
_NO_MPPV = _full(
    r"you cannot win by (?:MPPV|most powerful personality victory) if you (?:raise your anger"
    r"|advance (?:a |your MP a |your MP 1 )?(?:personality )?level) with this (?:effect|power)"
)
# an MP level's note on the rule that Drills are discarded on a level change (2016 "Drills")
_KEEPS_DRILLS = _full(
    r"your drills are not discarded when (?:advancing|you advance) (?:a level )?from this "
    r"(?:personality )?level"
)
# the card types on which it is read: their abilities resolve while they stay in play
# (engine.panini.itself.RESOLVING_TYPES); Combat cards, Events and Setups: engine.panini.after_use
RESOLVING_TYPES = frozenset({"main_personality", "ally", "mastery", "drill"})


# --- "If this card would be discarded from your hand ..., you may banish it instead" ---------
_WOULD = _full(
    r"(?P<head>(?:if|when|whenever) this card) (?:would be|is) discarded from your hand"
    r"(?P<cause>[^,]*)"
    r", you may banish it instead(?P<to> to .+?)?(?:\. (?P<then>if you do, .+?))?\.?"
)


def parse_replacement(body: str) -> Json | None:
    """ "(If this card would be discarded from your hand by a card effect, you may banish it
    instead to draw a card.)": as the card is discarded, its owner may banish it from the
    discard pile, then the rest: the same end as banishing it instead, nothing reading the
    discard pile in between (engine.panini.self_moves; docs/rulings.md 99). Read as the "is
    discarded ... you may banish it to ..." sentence (engine/panini/cardtext/self_moves.py)."""
    from engine.panini.cardtext import self_moves
    from engine.panini.cardtext.compiler import _effect_chain  # builds on the compiler

    found = _WOULD.fullmatch(body.strip())
    if found is None:
        return None
    plain = (
        f"{found.group('head')} is discarded from your hand{found.group('cause')}, you may "
        f"banish it{found.group('to') or ''}"
    )
    moved = self_moves.parse(plain)
    if moved is None or moved["event"] != "discarded_from_hand":
        return None
    if found.group("then"):
        then = _effect_chain(found.group("then"))
        if then is None or found.group("to"):
            return None  # "to ..." and "If you do, ..." both: not one reading
        moved = {**moved, "effects": [*moved["effects"], *then]}
    return moved


# --- an Action of the card itself where it lies ------------------------------------------------
_ACTION = r"as an action"
_CARD_ACTION = _full(
    rf"(?:if (?P<cond>.+?), )?(?P<pre>{_ACTION},? )?you may (?P<verb>rejuvenate|banish|discard"
    r"|shuffle|place) this (?:card|drill|setup|ally)(?: (?P<zone>from your hand|from play"
    r"|from your discard pile))?(?P<dest> into (?:its owner's|your) life deck| into play)?"
    # "during the Planning Step": its player's own, as Actions are in combat (ruling 297)
    rf"(?:(?P<post> {_ACTION})|(?P<planning> during (?:the|your) planning step))?"
    r"(?: to (?P<effect>.+?)|\.\s+(?P<then>if you do, .+?))\.?"
)
_IN_DISCARD = _full(
    rf"if this card is in your discard pile, (?:{_ACTION},? )?you may banish it(?: {_ACTION})?"
    r" to (?P<effect>.+?)\.?"
)
# "(If this card is in your discard pile, you may Rejuvenate it when entering combat to ...)"
_ENTERING = _full(
    r"if this card is in your discard pile, you may (?P<verb>rejuvenate|banish) it when "
    r"entering combat to (?P<effect>.+?)\.?"
)
_ZONES = {
    "from your hand": "hand", "from play": "in_play", "from your discard pile": "discard_pile"
}
# where a card in each zone may be (an MP or Mastery never is; in play: these types)
ACTION_TYPES = {"in_play": frozenset({"drill", "setup", "ally"})}
# cards that are played into play (2016 THE PLANNING STEP), for "play this card as an action"
PLAYED_TYPES = frozenset({"drill", "setup", "ally"})


def _cost_to(verb: str, dest: str, zone: str) -> str | None:
    """Where the cost sends the card, when the verb, destination and zone agree."""
    if verb == "shuffle":
        return "life_shuffle" if "life deck" in dest else None
    if verb == "place":
        return "place" if dest == "into play" and zone == "hand" else None
    if dest or (verb == "discard" and zone != "hand"):
        return None
    return {"rejuvenate": "rejuvenate", "banish": "banish", "discard": "discard"}[verb]


# "(If your MP's power level is 0, you may play this card from your hand as an action.)": a
# card that enters play (engine.panini.itself.PLAYED_TYPES) played in combat (docs/rulings.md 299)
_PLAY_AS_ACTION = _full(
    rf"(?:if (?P<cond>.+?), )?you may play this (?:card|setup|drill|ally)(?: from your hand)?"
    rf" {_ACTION}\.?"
)


def _play_as_action(body: str) -> Json | None:
    found = _PLAY_AS_ACTION.fullmatch(body)
    if found is None:
        return None
    play = {"do": "move", "source": "moved_card", "amount": 1, "to": "play"}
    action: Json = {"zone": "hand", "effects": [play]}
    if found.group("cond"):
        requires = p.parse_condition(found.group("cond"))
        if requires is None:
            return None
        action["requires"] = requires
    return {"card_actions": [action]}


# "(As an action, you may banish this card from your hand to perform a non-Styled physical
# attack dealing AT stages of damage.)": performing an attack is an Action, said or not
_HAND_ATTACK = _full(
    rf"(?:{_ACTION},? )?you may (?P<verb>banish|discard) this (?:card|drill) from your hand"
    rf"(?: {_ACTION})? to perform an? (?:(?P<styled>non-styled|styled) )?(?P<type>physical"
    r"|energy) attack dealing (?P<damage>.+?)(?: of damage)?\.?"
)


def _hand_attack(body: str) -> Json | None:
    """The Drill's attack from the hand (engine.panini.hand_attack; docs/rulings.md 297)."""
    found = _HAND_ATTACK.fullmatch(body)
    damage = p.parse_damage(found.group("damage")) if found is not None else None
    if found is None or damage is None or damage.get("plus_x") or damage.get("per"):
        return None
    attack: Json = {"type": found.group("type").lower(), "damage": damage,
                    "from_hand_action": True}  # fmt: skip
    if found.group("styled"):
        attack["styled"] = found.group("styled").lower() == "styled"
    cost = {"do": "move", "source": "moved_card", "amount": 1, "to": found.group("verb").lower()}
    action = {"zone": "hand", "effects": [cost, {"do": "perform_attack", "if_you_do": True}]}
    return {"card_actions": [action], "attack": attack}


def parse_card_action(body: str) -> Json | None:
    """ "(You may Rejuvenate this card from your hand as an action to gain 4 stages.)", "(If
    this card is in your discard pile, you may banish it as an action to raise your anger 2
    levels.)", "(You may shuffle this Drill from play into its owner's Life Deck as an
    action. If you do, ...)": {"card_actions": [{zone, effects, requires?}]}."""
    from engine.panini.cardtext.compiler import _effect_chain  # builds on the compiler

    body = body.strip()
    played = _play_as_action(body) or _hand_attack(body)
    if played is not None:
        return played
    found = _CARD_ACTION.fullmatch(body)
    entering = _ENTERING.fullmatch(body)
    if entering is not None:  # as combat is entered, not as an Action (docs/rulings.md 300)
        chain = _effect_chain(entering.group("effect"))
        if not chain:
            return None
        to = entering.group("verb").lower()
        cost = {"do": "move", "source": "moved_card", "amount": 1, "to": to}
        first = {k: v for k, v in chain[0].items() if k != "if_you_do"}
        effects = [cost, {**first, "if_you_do": True}, *chain[1:]]
        return {"card_actions": [{"zone": "discard_pile", "effects": effects,
                                  "step": "entering_combat"}]}  # fmt: skip
    if found is not None:
        planning = bool(found.group("planning"))
        if not (found.group("pre") or found.group("post")) and not planning:
            return None  # no Action: a cost or another timing
        if planning and (found.group("pre") or found.group("zone") != "from your hand"):
            return None  # from the hand, in the Planning Step and not as an Action
        verb = found.group("verb").lower()
        dest = (found.group("dest") or "").strip().lower()
        zone = _ZONES.get((found.group("zone") or "").lower(), "hand" if verb == "place" else "")
        tail = found.group("effect") or found.group("then")
        cond = found.group("cond")
    else:
        planning = False
        found = _IN_DISCARD.fullmatch(body)
        if found is None:  # "... you may <cost> to place this card into play" (costs)
            return costs.parse_card_action(body)
        verb, dest, zone, tail, cond = "banish", "", "discard_pile", found.group("effect"), None
    to = _cost_to(verb, dest, zone) if zone else None
    chain = _effect_chain(tail) if to is not None else None
    if not chain:
        return None
    # "it" is the card where it lies: in play (`this_card`), else its pile or the hand
    source = "this_card" if zone == "in_play" else "moved_card"
    cost = {"do": "move", "source": source, "amount": 1, "to": to}
    first = {k: v for k, v in chain[0].items() if k != "if_you_do"}
    action: Json = {"zone": zone, "effects": [cost, {**first, "if_you_do": True}, *chain[1:]]}
    if planning:
        action["step"] = "planning"
    if cond:
        requires = p.parse_condition(cond)
        if requires is None:
            return None
        action["requires"] = requires
    return {"card_actions": [action]}


# --- an MP level's notes on building the deck (panini.deckcheck) -------------------------------
_MAY_INCLUDE = r"your life deck (?:may|can) (?:include|contain)"
_ALIGNED = _full(
    rf"{_MAY_INCLUDE} non-personality cards that are [\"']?(?P<al>heroes|villains) only[\"']?"
)
_ALLY_COPIES = _full(
    rf"{_MAY_INCLUDE} up to {p.N} copies of each ally with [\"'](?P<t>[^\"']+)[\"'] in "
    r"(?:the|its) title"
)


def _deck_note(body: str) -> Json | None:
    aligned = _ALIGNED.fullmatch(body)
    if aligned is not None:
        alignment = "hero" if aligned.group("al").lower() == "heroes" else "villain"
        return {"deck_note": {"alignment": alignment}}
    copies = _ALLY_COPIES.fullmatch(body)
    if copies is not None:
        note = {"ally_copies": p.number(copies.group(1)), "ally_title_has": copies.group("t")}
        return {"deck_note": note}
    return None


# --- one of a title attached or in play ----------------------------------------------------------
_NAME = r"[\"']?(?P<name>[^\"(),.]+?)[\"']?"  # curly quotes are straight (normalise)
_ONLY_ONE = [
    _full(rf"you may (?:only have|have only) one (?:copy of )?{_NAME} (?:attached|in play)"
          r"(?: in play)?"),
    _full(rf"only one copy of {_NAME} (?:can|may) be (?:attached|in play)(?: in play)?"),
]


def _only_one(body: str) -> Json | None:
    for pattern in _ONLY_ONE:
        found = pattern.fullmatch(body)
        name = found.group("name").strip() if found is not None else ""
        # a title, not a kind of card ("each Ally", "a Drill with Android in the title")
        if name and not re.match(r"(?:each|any|every|all)\b", name, re.I) and not re.search(
            r"\bwith\b", name, re.I
        ):
            return {"only_one": name}
    return None


# --- "When you advance to this level" (an MP level's own trigger) ------------------------------
_LEVEL_TEXT = _full(r".*\bthis (?:personality )?level\b.*")


def parse_keyword(body: str) -> Json | None:
    """Card fields a note about the card itself sets, or None."""
    if _NO_GAIN.fullmatch(body):
        return {"no_stage_gain": True}
    if _NO_MPPV.fullmatch(body):
        return {"no_mppv_while_used": True}
    if _KEEPS_DRILLS.fullmatch(body):
        return {"keeps_drills": True}
    found = _stop(body) or _cost(body) or _considered(body) or _only_one(body)
    return found or parse_card_action(body) or _deck_note(body)


# card types each field fits; elsewhere the sentence stays for players
_FITS = {
    # played from the hand only as an attack or a defense (engine.panini.combat)
    "play_cost": frozenset({"physical_combat", "energy_combat"}),
    # an Ally: its stages change only by gains and losses (an MP is also set to its top)
    "no_stage_gain": frozenset({"ally"}),
    "keeps_drills": frozenset({"main_personality"}),
    "deck_note": frozenset({"main_personality"}),
    # cards played or placed into play to stay there (engine.panini.itself.one_allowed), and
    # Combat cards attaching after use (engine.panini.combat.finish_card; docs/rulings.md 230)
    "only_one": frozenset(
        {"event", "setup", "drill", "ally", "physical_combat", "energy_combat"}
    ),
}


def _refuse(clause: Any) -> None:
    """Leave a sentence unread, gating its ability as the compiler would have had it not
    been read ("Only one copy ..." says whether the card may be played)."""
    from engine.panini.cardtext import compiler  # its gating rules, as for any unread sentence
    from engine.panini.cardtext.normalise import normalise

    body = normalise(clause.sentence).strip().strip("().").strip()
    clause.kind = "unknown"
    gates = (compiler._TIMING, compiler._CORE, compiler._CHANGES_ATTACK, compiler._GAME_END)
    clause.gating = clause.gating or any(pattern.fullmatch(body) for pattern in gates)


def _has_power(clauses: list[Any]) -> bool:
    """A Power of the card's own ("POWER: ..."), read or not."""
    return any(c.section == "ability" and c.kind not in ("keyword", "when_moved") for c in clauses)


def check_keywords(clauses: list[Any], card_type: str) -> None:
    """Leave unread the notes that do not fit the card type; an unread play cost still
    says whether the card may be played, so it gates the card."""
    if card_type != "main_personality":  # "this level" is an MP level's own
        for clause in clauses:
            if clause.kind == "trigger" and _LEVEL_TEXT.fullmatch(clause.sentence):
                _refuse(clause)
    considered = [c for c in clauses if c.kind == "keyword" and "considered" in c.data]
    for clause in considered[1:]:  # one note of the kind per card: a second stays unread
        _refuse(clause)
    actions = [c for c in clauses if c.kind == "keyword" and "card_actions" in c.data]
    for clause in actions[1:]:  # one per card
        _refuse(clause)
    for clause in actions[:1]:
        zone = clause.data["card_actions"][0]["zone"]
        if card_type in ("main_personality", "mastery") or (
            zone in ACTION_TYPES and card_type not in ACTION_TYPES[zone]
        ):
            _refuse(clause)
        first = clause.data["card_actions"][0]["effects"][0]
        if first.get("to") == "play" and card_type not in PLAYED_TYPES:
            _refuse(clause)  # a Combat card or Event "played" is used, not put into play
        if "attack" in clause.data and (card_type != "drill" or _has_power(clauses)):
            _refuse(clause)  # the attack is the card's only one: a Drill with no Power
    for clause in clauses:
        if clause.kind != "keyword":
            continue
        for field, types in _FITS.items():
            if field in clause.data and card_type not in types:
                _refuse(clause)
                clause.gating = clause.gating or field == "play_cost"
