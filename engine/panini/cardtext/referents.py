"""Sentences that choose a card and sentences that refer back to it ("that card").

Choosing: "Look at your opponent's hand and choose a (non-Dragon Ball) card (in it).",
"Choose a random card from your opponent's hand.", "Name a (non-Dragon Ball | Physical
Combat, Energy Combat, or Event) card.", "Choose a card in your opponent's Banished Zone /
discard pile.", "Look at / Reveal the top / bottom card of your Life Deck." -> `do: choose`
(engine.panini.referents). Referring: "Your opponent discards that card.", "Banish that card.",
"Your opponent shuffles that card into his Life Deck.", "(You may) place that card at the
bottom of / on top of your Life Deck.", "Search your opponent's Life Deck for a / N / all
copies of that card and banish / discard it / them.", "Your opponent searches his Life
Deck for all copies of that card and banishes them." -> `do: move` with `source: that` or
`copies: true`. A referring sentence is kept only when an earlier sentence of its list
chose (engine.panini.cardtext.compiler._leave_dangling_that).
"""

from __future__ import annotations

import re
from typing import Any

from engine.panini.cards import THAT_EVENTS

Json = dict[str, Any]

_OPP = r"your opponent'?s"
_THEIR = r"(?:his|her|their|his or her)"
_NUMBER = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5}
_TYPE_WORDS = {
    "physical combat": "physical_combat", "energy combat": "energy_combat",
    "event": "event", "setup": "setup", "drill": "drill", "ally": "ally",
}  # fmt: skip
_TYPE = r"(?:physical combat|energy combat|event|setup|drill|ally)"
# "a Physical Combat, Energy Combat, or Event card"
_TYPES = rf"({_TYPE}(?:(?:, {_TYPE})*,? or {_TYPE})?)"
_THAT = r"(?:that card|the chosen card)"
# "If that card was Styled, place it into your hand.": "it" right after a choice
_THAT_OR_IT = r"(?:that card|the chosen card|it)"
_STYLES = r"(black|blue|namekian|orange|red|saiyan)"


def _full(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern, re.IGNORECASE)


_LOOK_AND_CHOOSE = _full(
    rf"look at {_OPP} hand and choose (?:a|one) (non-dragon ball )?card(?: in it)?"
)
_RANDOM = _full(rf"choose a random card (?:from|in) {_OPP} hand")
# shown to both players once picked (docs/rulings.md 221)
_RANDOM_REVEAL = _full(rf"your opponent reveals a random card from {_THEIR} hand")
_NAME = _full(rf"name an? (?:(non-dragon ball )|{_TYPES} )?card")
_PILE = _full(rf"choose a card (?:in|from) (your|{_OPP}) (banished zone|discard pile)")
_END = _full(rf"(look at|reveal) the (top|bottom) card of (your|{_OPP}) life deck")
_PERSONALITY = _full(r"choose a personality in play")
_YOUR_ALLY = _full(r"choose (?:one of your allies|an ally you control)(?: in play)?")
_THAT_PERSONALITY = _full(
    r"that personality (gains|loses) (\d+|a|one|two|three|four|five) (?:power )?stages?"
)
_DRAW_REVEAL = _full(r"draw a card and reveal it(?: to your opponent)?")
_IS = _full(
    r"(?:that card|the chosen card|the revealed card) (?:is|was) "
    rf"(?:(styled|non-styled)|an attack|an? (dragon ball)|an? {_TYPES}"
    rf"|an? {_STYLES} card|{_STYLES})"
)
_HAS_ENDURANCE = _full(r"(?:that card|the chosen card|the revealed card) (?:has|had) endurance")
_NAMED_DESTROYED = _full(r"the card you named (?:was|is) destroyed")
_NAMED_REVEALED = _full(r"the card you named (?:was|is) revealed")

_DESTINATIONS = {
    "discard": "discard", "banish": "banish",
}  # fmt: skip
_OPP_PLACES = _full(
    rf"your opponent (?:places|puts) {_THAT_OR_IT} (on top|at the bottom) of {_THEIR} life deck"
)
_OPP_MOVES = _full(
    rf"your opponent (discards|banishes|shuffles) {_THAT}"
    rf"(?: into {_THEIR} life deck)?"
)
# one combat a turn (2016 TURN SEQUENCE): "this combat" lasts until the end of the turn
_NO_PLAY = _full(
    rf"your opponent (?:cannot|can't|may not) play {_THAT}"
    r" (?:for the remainder of combat|this combat|for the rest of combat)"
)
_MY_MOVES = _full(rf"(discard|banish|rejuvenate) {_THAT_OR_IT}")
_PLACE = _full(
    rf"(?:place|put) {_THAT_OR_IT} (on top of|at the bottom of|into) your (life deck|hand)"
)
_COPIES = _full(
    rf"(search {_OPP}|your opponent searches {_THEIR}) life deck for "
    rf"(all|a|an|one|two|three|\d+) (?:copy|copies) of {_THAT} and "
    r"(banish|banishes|discard|discards) (it|them)"
)


def _types(words: str) -> list[str]:
    found = re.findall(_TYPE, words, re.IGNORECASE)
    return sorted({_TYPE_WORDS[word.lower()] for word in found})


def parse_choice(body: str) -> Json | None:
    """A sentence that chooses the card later sentences call "that card"."""
    if m := _LOOK_AND_CHOOSE.fullmatch(body):
        return {"do": "choose", "what": "hand", "who": "opponent",
                **({"not_dragon_ball": True} if m.group(1) else {})}  # fmt: skip
    if _RANDOM.fullmatch(body):
        return {"do": "choose", "what": "random_hand", "who": "opponent"}
    if _RANDOM_REVEAL.fullmatch(body):
        return {"do": "choose", "what": "random_hand", "who": "opponent", "reveal": True}
    if m := _NAME.fullmatch(body):
        effect: Json = {"do": "choose", "what": "name"}
        if m.group(2):
            effect["card_types"] = _types(m.group(2))
        return effect  # never a Dragon Ball anyway (2016 GLOSSARY "Naming a card")
    if m := _PILE.fullmatch(body):
        source = "banished" if m.group(2).lower() == "banished zone" else "discard_pile"
        effect = {"do": "choose", "what": "pile", "source": source}
        return effect if m.group(1).lower() == "your" else {**effect, "who": "opponent"}
    if _PERSONALITY.fullmatch(body):
        return {"do": "choose", "what": "personality"}
    if _YOUR_ALLY.fullmatch(body):  # "that Ally" after it (engine.panini.ally_actions)
        return {"do": "choose", "what": "personality", "card_types": ["ally"]}
    if _DRAW_REVEAL.fullmatch(body):
        return {"do": "choose", "what": "draw"}
    if m := _END.fullmatch(body):
        effect = {"do": "choose", "what": m.group(2).lower()}
        if m.group(3).lower() != "your":  # "Reveal the top card of your opponent's Life Deck."
            effect["who"] = "opponent"
        return {**effect, "reveal": True} if m.group(1).lower() == "reveal" else effect
    return None


_RANDOM_DISCARD = _full(
    rf"your opponent (?:discards a random card|randomly discards an? card) from {_THEIR} hand"
)


# "Draw the bottom card of your Life Deck and reveal it.": that card, shown to both, then
# taken into the hand (docs/rulings.md 223)
_DRAW_END_REVEAL = _full(r"draw the (top|bottom) card of your life deck and reveal it")


def parse_compound(body: str) -> list[Json] | None:
    """A sentence that is a choice and an effect on it: "Your opponent discards a random
    card from his hand." (a random card, picked by the game: engine.panini.referents)."""
    if _RANDOM_DISCARD.fullmatch(body):
        return [
            {"do": "choose", "what": "random_hand", "who": "opponent"},
            {"do": "move", "source": "that", "who": "opponent", "to": "discard",
             "if_you_do": True},
        ]  # fmt: skip
    if m := _DRAW_END_REVEAL.fullmatch(body):
        return [
            {"do": "choose", "what": m.group(1).lower(), "reveal": True},
            {"do": "move", "source": "that", "to": "hand", "if_you_do": True},
        ]
    return None


_TYPED = _full(r"that (ally|drill|setup) (.+)")
_TITLE_HAS = _full(
    r"(?:that card|the chosen card) (?:has|had) (?:\"([^\"]+)\"|'([^']+)') in (?:the|its) title"
)


def parse_that_condition(text: str) -> Json | None:
    """ "that card is / was Styled, an attack, a Dragon Ball, a Setup, Drill, or Ally, Red;
    has / had Endurance, "X" in the title": a test on the chosen card (`if: {that: ...}`).
    "that Ally / Drill / Setup ...": the same test, the card chosen being one (`kind`)."""
    if m := _TYPED.fullmatch(text):
        found = parse_that_condition(f"that card {m.group(2)}")
        if found is None:
            return None
        return {"that": {**found["that"], "kind": m.group(1).lower()}}
    if m := _TITLE_HAS.fullmatch(text):
        return {"that": {"title_has": m.group(1) or m.group(2)}}
    if _HAS_ENDURANCE.fullmatch(text):
        return {"that": {"endurance": True}}
    if _NAMED_DESTROYED.fullmatch(text):
        return {"that": {"named_moved": True}}
    if _NAMED_REVEALED.fullmatch(text):  # after "Your opponent reveals his hand" (ruling 278)
        return {"that": {"named_revealed": True}}
    m = _IS.fullmatch(text)
    if m is None:
        return None
    styled, ball, types, style = m.group(1), m.group(2), m.group(3), m.group(4) or m.group(5)
    if styled:
        return {"that": {"styled": styled.lower() == "styled"}}
    if ball:
        return {"that": {"card_types": ["dragon_ball"]}}
    if types:
        return {"that": {"card_types": _types(types)}}
    if style:
        return {"that": {"style": style.lower()}}
    # an attack: a Physical Combat or Energy Combat card (2016 CARD TYPES)
    return {"that": {"card_types": ["energy_combat", "physical_combat"]}}


def nested_that(condition: Json) -> bool:
    """A test on "that card" joined to others by "and" / "or": not read (engine.panini.referents
    tests `that` at the top of a condition only)."""
    parts = [*condition.get("all_of", []), *condition.get("any_of", [])]
    return any("that" in part or nested_that(part) for part in parts)


def parse_reference(body: str) -> Json | None:
    """A sentence acting on the card an earlier sentence chose."""
    if m := _OPP_MOVES.fullmatch(body):
        verb, into = m.group(1).lower(), "into" in body.lower()
        if (verb == "shuffles") != into:
            return None  # "shuffles that card" needs where; "discards ... into" is not English
        to = {"discards": "discard", "banishes": "banish", "shuffles": "life_shuffle"}[verb]
        return {"do": "move", "source": "that", "to": to, "who": "opponent"}
    if m := _OPP_PLACES.fullmatch(body):
        to = "life_top" if m.group(1).lower() == "on top" else "life_bottom"
        return {"do": "move", "source": "that", "to": to, "who": "opponent"}
    if m := _THAT_PERSONALITY.fullmatch(body):
        count = m.group(2).lower()
        amount = int(count) if count.isdigit() else _NUMBER[count]
        do = "gain_stages" if m.group(1).lower() == "gains" else "lose_stages"
        return {"do": do, "amount": amount, "personality": "that"}
    if _NO_PLAY.fullmatch(body):
        return {"do": "until_end_of_turn", "modifier": {"mod": "no_play_that", "who": "opponent"}}
    if m := _MY_MOVES.fullmatch(body):
        return {"do": "move", "source": "that", "to": m.group(1).lower()}
    if m := _PLACE.fullmatch(body):
        where, pile = m.group(1).lower(), m.group(2).lower()
        place = {("into", "hand"): "hand", ("on top of", "life deck"): "life_top",
                 ("at the bottom of", "life deck"): "life_bottom"}.get((where, pile))  # fmt: skip
        return {"do": "move", "source": "that", "to": place} if place else None
    if m := _COPIES.fullmatch(body):
        count, verb, pronoun = m.group(2).lower(), m.group(3).lower(), m.group(4).lower()
        if m.group(1).lower().startswith("search") != (verb in ("banish", "discard")):
            return None  # "Search ... and banishes them"
        every = count == "all"
        amount = 0 if every else int(count) if count.isdigit() else _NUMBER[count]
        if (pronoun == "them") != (every or amount > 1):
            return None
        to = "banish" if "banish" in verb else "discard"
        effect: Json = {"do": "move", "source": "life_deck", "who": "opponent",
                        "copies": True, "to": to}  # fmt: skip
        return {**effect, "every": True} if every else {**effect, "amount": amount}
    return None


def refers(effect: Json) -> bool:
    """Does this compiled effect act on, or test, "that card"?"""
    moves = effect.get("do") == "move" and (
        effect.get("source") in ("that", "those") or bool(effect.get("copies"))
    )
    moves = moves or effect.get("do") == "use_hit"  # engine.panini.copies
    forbids = (effect.get("modifier") or {}).get("mod") == "no_play_that"
    stages = effect.get("personality") == "that"
    return moves or forbids or stages or "that" in (effect.get("if") or {})


def chooses(effect: Json) -> bool:
    """A choice, or a move of one card (engine.panini.referents.one_card): "that card" after it
    is the card it moved."""
    return effect.get("do") == "choose" or _one_card(effect)


def _one_card(effect: Json) -> bool:
    return (
        effect.get("do") == "move"
        and effect.get("amount", 1) == 1
        and not (effect.get("every") or effect.get("up_to") or effect.get("x"))
        and not effect.get("both_players")  # a card from each pile: two cards
        and effect.get("source") not in ("this_card", "that", "moved_card", "those")
        and effect.get("to") not in ("play", "place")
    )


def _named(effect: Json) -> bool:
    """ "If the card you named was destroyed / is revealed": about the sentence just before."""
    test = (effect.get("if") or {}).get("that") or {}
    return bool(test.get("named_moved") or test.get("named_revealed"))


def _revealed(effect: Json) -> bool:
    return bool(((effect.get("if") or {}).get("that") or {}).get("named_revealed"))


def _named_follows(clause: Any, before: Any) -> bool:
    """The sentence just before "the card you named was destroyed" moved cards; the one
    before "... is revealed" revealed the opponent's hand."""
    last = before.effects[-1] if before.effects else {}
    if any(_revealed(e) for e in clause.effects):
        return last == {"do": "reveal_hand", "who": "opponent"}
    return last.get("do") == "move"


def leave_dangling(items: list[Any]) -> None:
    """ "That card" is the card the sentences just before it chose: kept only when every
    sentence back to the choice is an effect of the same list that was read (an unread one
    may have chosen something else; across HIT: or "If this attack is stopped" is another
    list). A choice that nothing read uses, with an unread sentence after it, is left to
    players with it (they resolve both together). `items`: compiler._Clause of a section."""
    for position, clause in enumerate(items):
        # a trigger's one sentence must choose first itself, unless its event names the
        # card (engine.panini.cards.THAT_EVENTS: "after banishing a card for Endurance")
        if (
            clause.kind == "trigger"
            and clause.data.get("on") not in THAT_EVENTS
            and _dangles(clause.data["effects"])
        ):
            clause.kind = "unknown"
        effects = clause.effects
        if _dangles(effects) and not _chosen_before(items, position):
            clause.kind = "unknown"
    for position, clause in enumerate(items):
        if not any(e.get("do") == "choose" for e in clause.effects):
            continue
        later = items[position + 1 :]
        used = any(refers(e) for c in later for e in c.effects)
        if not used and any(c.kind == "unknown" for c in later):
            clause.kind = "unknown"


def _dangles(effects: list[Json]) -> bool:
    return any(
        refers(effect) and not any(chooses(e) for e in effects[:index])
        for index, effect in enumerate(effects)
    )


def _chosen_before(items: list[Any], position: int) -> bool:
    """Walk back over read sentences of the same effects to the choice: the nearest one
    (a move of several cards before it makes "that card" ambiguous), of the same kind
    (a personality or a card); for "the card you named was destroyed", a name, the
    sentence just before being a move."""
    clause = items[position]
    named = any(_named(e) for e in clause.effects)
    # "that personality" needs a personality chosen, "that card" a card
    person = any(e.get("personality") == "that" for e in clause.effects)
    # "those cards" needs several cards chosen (engine.panini.cardtext.those), of the player
    # whose zone it names
    plural = [e for e in clause.effects if e.get("source") == "those"]
    # "the revealed card": the choice revealed it
    revealed = "the revealed card" in clause.sentence.lower()
    # "that Ally": the choice was of Allies alone
    kinds = {((e.get("if") or {}).get("that") or {}).get("kind") for e in clause.effects} - {None}
    for step, before in enumerate(reversed(items[:position])):
        if before.kind != clause.kind or before.hit != clause.hit:
            return False
        if before.index != clause.index - 1:
            return False
        if named and step == 0 and not _named_follows(clause, before):
            return False
        for effect in reversed(before.effects):
            if named and effect.get("do") == "choose":
                return bool(effect.get("what") == "name")
            if not named and chooses(effect):
                whose = effect.get("who", "self")
                if any("who" in e and e["who"] != whose for e in plural):
                    return False
                if kinds and [*kinds] != effect.get("card_types"):
                    return False
                if revealed and not (effect.get("reveal") or effect.get("what") == "draw"):
                    return False
                same = (effect.get("what") in ("cards", "top_cards")) == bool(plural)
                return same and bool(effect.get("what") == "personality") == person
            moved = effect.get("source") not in ("that", "those")
            if not named and effect.get("do") == "move" and moved:
                return False  # several cards moved: which is "that card"?
        clause = before
    return False
