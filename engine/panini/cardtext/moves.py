"""Sentences that move cards between zones -> one `move` effect (engine.panini.cards.Move).

The sentences combine a few phrases: a verb (destroy, banish, draw, rejuvenate, shuffle,
place, play, return, search, choose), whose zone ("your", "your opponent's", "a
player's"), which zone and where in it ("the top 2 cards of", "the top or bottom 3 cards
of", "search ... for", "search the top 5 cards of ... for"), a filter ("a Styled Drill",
"a Setup, Drill, or Ally", "2 Energy Combat cards", "an attack card") with a count ("a",
"2", "up to 3", "all") and a destination ("into play", "into your hand", "on top of your
Life Deck", "back into its owner's Life Deck"). They are written once each in a small
grammar (Lark, Earley): every combination compiles, a sentence compiles only when the
WHOLE of it parses, and a sentence that parses two ways is left unread. Then what the
rules forbid or the engine cannot do is refused (`_check`).
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any

from lark import Lark, Token, Transformer, Tree
from lark.exceptions import LarkError

Json = dict[str, Any]

_GRAMMAR = r"""
start: destroy | banish | draw | rejuvenate | shuffle | place | play | return_ | search
     | choose | opponent_does | discard | opponent_chooses | opponent_moves | reveal
// "Reveal up to 2 Drills from your hand and shuffle them into your Life Deck.": shown to
// both players as they move (docs/rulings.md 215)
reveal: "reveal"i filtered "from"i "your"i "hand"i "and"i take
       | "reveal"i filtered "from"i "your"i "hand"i -> reveal_only

destroy: "destroy"i (in_play | ends_of | top_up_to | this_card)
banish: "banish"i (in_play | ends_of | from_pile | this_card)
draw: "draw"i ends_of
// "Discard a Styled Drill from your hand." (plain "a card" is discard_from_hand)
discard: "discard"i from_pile
rejuvenate: "rejuvenate"i (ends_of | from_pile | this_card | in_play)
shuffle: "shuffle"i (in_play | ends_of | from_pile | this_card | whole_hand) shuffle_to
place: ("place"i | "put"i) (in_play | ends_of | from_pile | this_card | whole_hand) place_to
// "Shuffle your hand into your Life Deck": every card in it, no choice to make
whole_hand: whose "hand"i
// the card whose effect it is
this_card: "this"i (CARD | SETUP | DRILL | ALLY)
play: "play"i from_pile
return_: "return"i in_play ("to"i | "into"i) owner_hand
       | "return"i this_card ("to"i | "into"i) "your"i "hand"i -> return_this
search: "search"i search_zones "for"i (filtered | any_one) "and"i take
// "Search your Life Deck for any Ally": one card (here only: "any Setups in his hand" is all)
any_one: "any"i filter -> one_filtered
choose: "choose"i filtered ("in"i | "from"i) pile "and"i take
      | "choose"i filtered "in"i "play"i "and"i "shuffle"i "that"i CARD shuffle_to -> choose_in_play
// "Your opponent destroys the top 2 cards of his Life Deck."
opponent_does: "your"i "opponent"i opponent_verb ends "of"i their "life"i "deck"i
             | "your"i "opponent"i "shuffles"i their "hand"i shuffle_to -> opponent_hand
             // "... banishes any Setups or Drills in his hand": every one of them, unchosen
             | "your"i "opponent"i opponent_verb "any"i filter "in"i their "hand"i -> opponent_any
// "Your opponent chooses one of his Drills and destroys it.": their own cards, their choice
opponent_chooses: "your"i "opponent"i "chooses"i (their_in_play | their_pile) "and"i their_take
their_in_play: "one"i "of"i their filter -> one_of
             | count filter ("he"i | "she"i | "they"i | "he"i "or"i "she"i) "controls"i
their_pile: filtered ("in"i | "from"i) their zone
their_take: "destroys"i it -> take_destroy
          | "banishes"i it -> take_banish
          | "rejuvenates"i it -> take_rejuvenate
          | "discards"i it -> take_destroy
          | "shuffles"i it "into"i their "life"i "deck"i -> take_shuffle
          | "places"i it "on"i "top"i "of"i their "life"i "deck"i -> take_top
          | "places"i it "at"i "the"i "bottom"i "of"i their "life"i "deck"i -> take_bottom
// "Your opponent places a card from his hand at the bottom of his Life Deck", "... to have
// your opponent put ...": they move their own cards, choosing which
opponent_moves: "your"i "opponent"i their_act_s | "have"i "your"i "opponent"i their_act
their_act_s: ("places"i | "puts"i) their_pile their_end
           | "banishes"i their_pile -> their_banish
           | "rejuvenates"i their_pile -> their_rejuvenate
           | "shuffles"i their_pile "into"i their "life"i "deck"i -> their_shuffle
their_act: ("place"i | "put"i) their_pile their_end
         | "banish"i their_pile -> their_banish
         | "rejuvenate"i their_pile -> their_rejuvenate
         | "shuffle"i their_pile "into"i their "life"i "deck"i -> their_shuffle
their_end: "on"i "top"i "of"i their "life"i "deck"i -> take_top
         | "at"i "the"i "bottom"i "of"i their "life"i "deck"i -> take_bottom
opponent_verb: "destroys"i -> v_destroy
             | "banishes"i -> v_banish
             | "discards"i -> v_discard

// --- where the cards are -------------------------------------------------------------
pile: whose zone
    | "a"i zone -> any_pile
whose: "your"i -> mine
     | "your"i "opponent's"i -> theirs
     | "a"i "player's"i -> either
     | "each"i "player's"i -> each
their: "his"i | "her"i | "their"i | "his"i "or"i "her"i
zone: "life"i "deck"i -> life_deck
    | "deck"i -> life_deck
    | "discard"i "pile"i -> discard_pile
    | "banished"i "zone"i -> banished
    | "hand"i -> hand
// "your Life Deck, discard pile, or Banished Zone"
// "and": several zones searched as one ("... and Banished Zone for a total of 5 Drills")
search_zones: whose zone ((",")? _or_and zone | "," zone ("," zone)* ","? _or_and zone)?
            | "the"i end number_cards ("of"i | "in"i) pile -> search_top
            | "a"i zone -> search_any

_or_and: "or"i | "and"i
ends: "the"i end number_cards
ends_of: ends ("of"i | "from"i) pile
end: "top"i -> top
   | "bottom"i -> bottom
   | "top"i "or"i "bottom"i -> top_or_bottom
   // "the top and bottom cards of your discard pile": one from each end
   | "top"i "and"i "bottom"i -> top_and_bottom
// "the top 2 of your Life Deck", "the bottom of your discard pile": cards all the same
number_cards: CARD? -> one
            | NUMBER CARD?
top_up_to: "up"i "to"i NUMBER CARD "from"i "the"i "top"i "of"i pile
from_pile: filtered ("from"i | "in"i) pile

// "an opponent's Setup, Drill, or Ally in play", "one of your opponent's Drills",
// "a Dragon Ball you control", "all Drills you control", "an Ally"
in_play: count filter controller?
       | count styled? types controller with -> in_play
       | "an"i "opponent's"i filter controller_in? -> opponents
       | "one"i "of"i owner_before filter ("in"i "play"i)? -> one_of
       // "up to 2 of your opponent's Allies", "2 of your Drills"
       | several "of"i owner_before filter ("in"i "play"i)? -> several_of
       | "all"i "of"i owner_before filter -> all_of
owner_before: "your"i -> mine
            | "your"i "opponent's"i -> theirs
controller_in: "in"i "play"i
controller: "you"i "control"i -> mine
          // a Dragon Ball you own may be under either player's control (captured)
          | "you"i "own"i "in"i "play"i -> owned_either
          | "you"i "own"i "under"i "your"i "control"i -> owned_mine
          | "your"i "opponent"i ("controls"i | "has"i "in"i "play"i) -> theirs
          | "in"i "play"i -> either

// --- which cards ---------------------------------------------------------------------
filtered: count filter
        | ("a"i "copy"i "of"i)? QUOTED -> titled
several: NUMBER -> count
       | "up"i "to"i NUMBER -> up_to
count: ("a"i | "an"i | "one"i) -> one
     | NUMBER
     | "up"i "to"i NUMBER -> up_to
     | "all"i -> every
     | "any"i ("number"i | "amount"i) "of"i -> any_number
     | "a"i "total"i "of"i NUMBER
     | "a"i "total"i "of"i "up"i "to"i NUMBER -> up_to
filter: (styled | named)? constant? types with?
      | each_styled with?
      | STYLE "styled"i types with? -> style_styled
// "a non-Styled Setup or non-Styled Drill": the same word before every type
each_styled: styled kind ("," styled kind)* ","? "or"i styled kind
      | "non"i "-" kind CARD? -> not_kind
// "a card with Endurance", "an Ally with "Goku" in the title"
with: "with"i "endurance"i -> with_endurance
    | "with"i QUOTED ("or"i QUOTED)* "in"i "the"i "title"i -> with_title
    | "with"i _a_constant -> is_constant
    | "with"i ("a"i | "an"i) "printed"i? "hit"i "effect"i -> with_hit
    | "that"i ("does"i "not"i | "doesn't"i) "have"i _a_constant -> not_constant
    | "that"i ("is"i "not"i | "isn't"i) "already"i "in"i "play"i -> not_in_play
_a_constant: "a"i "constant"i ("effect"i | "power"i)
// a card printed with a CONSTANT label ("a non-CONSTANT Drill", "a '[CONSTANT]:' Drill")
constant: "constant"i -> is_constant
        | "non-constant"i -> not_constant
// a title in double or single quotes ("Goku's Kamehameha", 'Android'): any words
QUOTED: /"[^"]+"|(?<![\w'])'[^']+'(?![\w'])/
styled: "styled"i -> is_styled
      | "non-styled"i -> not_styled
// Named: a Freestyle card with a character's name in the title (2016 MAKING A DECK)
named: "named"i -> is_named
     | QUOTED "named"i -> named_as
     | "non-named"i -> not_named
     | ("styled"i "or"i "named"i | "named"i "or"i "styled"i) -> styled_or_named
// "Setups and/or Drills": each card one of the kinds, as "or" (docs/rulings.md 277)
types: kind ("," kind)* ","? ("or"i | "and/or"i) kind
     | kind
kind: STYLE? (SETUP | DRILL | EVENT) | ALLY | BALL_SET? DRAGON ("ball"i | "balls"i)
    | STYLE? COMBAT_KIND "combat"i ATTACK? CARD? -> combat
    | STYLE? COMBAT_KIND ATTACK CARD? -> combat
    | STYLE? ATTACK CARD? -> attack
    | "attached"i CARD -> attached_card
    | STYLE? CARD -> any_card

SETUP: /setups?/i
DRILL: /drills?/i
ALLY: /all(y|ies)/i
DRAGON: /dragon/i
EVENT: /events?/i
CARD: /cards?/i
// "an attack", "2 Styled attacks": attack cards (docs/rulings.md 215)
ATTACK: /attacks?/i
COMBAT_KIND: /physical|energy/i
STYLE: /black|blue|namekian|orange|red|saiyan/i
BALL_SET: /earth|namek/i
// X: the card's X, counted as the sentence resolves ("X = ..."; docs/rulings.md 44)
NUMBER: /\d+|two|three|four|five|six|seven|eight|nine|ten|x/i

// --- where they go -------------------------------------------------------------------
take: ("place"i | "put"i) it place_to ally_stage? under?
    | "play"i it -> take_play
    | "discard"i it -> take_destroy
    | "destroy"i it -> take_destroy
    | "banish"i it -> take_banish
    | "rejuvenate"i it -> take_rejuvenate
    | "shuffle"i it shuffle_to
it: "it"i | "them"i
place_to: "into"i "play"i -> to_place
        | ("into"i | "in"i) "your"i "hand"i -> to_hand
        | "on"i "the"i? "top"i "of"i life -> to_top
        | "on"i "the"i "top"i "or"i "bottom"i "of"i life -> to_top_or_bottom
        | ("at"i | "on"i) "the"i "bottom"i "of"i life -> to_bottom
        | "on"i "the"i? "top"i "of"i "your"i "discard"i "pile"i -> to_discard
// an Ally enters play at 3 stages above 0 unless told otherwise (2016 GLOSSARY "Ally")
ally_stage: "at"i NUMBER "power"i? (STAGES | "stage"i) "above"i NUMBER -> stage_above
          | "at"i "its"i "highest"i "power"i? "stage"i -> highest_stage
STAGES: /stages?/i
// whose control a card placed into play comes under (docs/rulings.md 205)
under: "under"i "your"i "control"i -> under_mine
     | "under"i "your"i "opponent's"i "control"i -> under_theirs
shuffle_to: "back"i? "into"i life
owner_hand: ("its"i | "their"i) "owner's"i ("hand"i | "hands"i)
life: "your"i "life"i "deck"i -> your_life
    | ("its"i | "their"i) ("owner's"i | "owners'"i) "life"i ("deck"i | "decks"i) -> owners_life
    | their "life"i "deck"i -> their_life

%import common.WS
%ignore WS
"""


@cache
def _parser() -> Lark:
    return Lark(_GRAMMAR, parser="earley", lexer="basic", ambiguity="explicit")


@cache
def _word() -> re.Pattern[str]:
    """One word of the grammar: a sentence with any other word is not parsed at all, and
    a word is never read as two ("atop" is not "a top")."""
    terminals = [t.pattern.to_regexp() for t in _parser().terminals if t.name not in _SKIP]
    return re.compile("|".join(f"(?:{pattern})" for pattern in terminals))


_SKIP = ("WS", "QUOTED")
_LONGEST = 300  # characters: the longest sentences read are about 120
_PIECES = re.compile(r"[\s,-]+")
# "with Android in the title": capitalised words between "with" and "in the title" are the
# words of a title, as if quoted
_UNQUOTED_TITLE = re.compile(r"with ((?:[A-Z][\w'.-]*)(?: [A-Z][\w'.-]*)*) in the title")
# "for a copy of Orange Offensive Strike and ...", "for Android 17's Van and ...": a title
# in capitalised words, unquoted (a bare one only when none of its words is a word of the
# grammar: "for Saiyan Ally and" is a misprinted filter, not a title)
_COPY_TITLE = re.compile(r"\bfor a copy of ([A-Z][\w'.-]*(?: [A-Z0-9][\w'.-]*)*)(?= and )")
_BARE_TITLE = re.compile(r"\bfor ([A-Z][\w'.-]*(?: [A-Z0-9][\w'.-]*)*)(?= and )")
# "search ... for any Ally" is one Ally; "for any Allies" is not read ("any Setups in his
# hand" elsewhere is all of them)
_ANY_MANY = re.compile(r"\bfor any (?:non-styled |styled |named )?(?:\w+ )?\w+s\b", re.I)
_CONSTANT_LABEL = re.compile(r"(?<=[\s-])'?\[CONSTANT\]:?'?(?=\s)")
# "a Frieza Named card": the character's name, as if quoted
_NAMED_AS = re.compile(r"\b(an?|one|\d+) ([A-Z][\w'.-]*(?: [A-Z0-9][\w'.-]*)*) (?=Named\b)")
_QUOTED = re.compile(r""""[^"]+"|(?<![\w'])'[^']+'(?![\w'])""")


_NUMBERS = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
            "nine": 9, "ten": 10}  # fmt: skip
_PILES = ("life_deck", "discard_pile", "banished")
_PLANNING = frozenset({"setup", "drill", "ally", "dragon_ball"})
_ALL_TYPES = ["main_personality", "mastery", "physical_combat", "energy_combat", "event",
              *sorted(_PLANNING)]  # fmt: skip


def _amount(token: Token) -> Json:
    """{"amount": 3}; X: {"x": True}, the amount counted when the sentence resolves."""
    if str(token).lower() == "x":
        return {"x": True}
    return {"amount": _number(token)}


def _number(token: Token) -> int:
    text = str(token).lower()
    return int(text) if text.isdigit() else _NUMBERS[text]


def _merge(items: list[Any]) -> Json:
    found: Json = {}
    for item in items:
        if isinstance(item, dict):
            found.update(item)
    return found


class _Build(Transformer[Token, Json]):
    """Each phrase becomes a dict of Move fields (plus `_whose`, `_dest`: checked later)."""

    # whose
    def mine(self, _: list[Any]) -> Json:
        return {"_whose": "self"}

    def theirs(self, _: list[Any]) -> Json:
        return {"_whose": "opponent"}

    def either(self, _: list[Any]) -> Json:
        return {"_whose": "either"}

    def each(self, _: list[Any]) -> Json:
        return {"_whose": "each"}

    def their(self, _: list[Any]) -> Json:
        return {}

    def pile(self, items: list[Any]) -> Json:
        return _merge(items)

    def any_pile(self, items: list[Any]) -> Json:
        return {**_merge(items), "_whose": "either"}

    def life_deck(self, _: list[Any]) -> Json:
        return {"source": "life_deck"}

    def discard_pile(self, _: list[Any]) -> Json:
        return {"source": "discard_pile"}

    def banished(self, _: list[Any]) -> Json:
        return {"source": "banished"}

    def hand(self, _: list[Any]) -> Json:
        return {"source": "hand"}

    def search_zones(self, items: list[Any]) -> Json:
        whose, first, *more = items
        found = {**whose, **first}
        also = [zone["source"] for zone in more]
        if also:
            found["also_from"] = also
        return found

    def search_any(self, items: list[Any]) -> Json:
        return {**items[0], "_whose": "either"}  # "a Banished Zone": either player's

    def search_top(self, items: list[Any]) -> Json:
        end, cards, pile = items
        if end["position"] != "top":
            return {"_bad": True}
        return {**pile, "depth": cards["amount"]}

    # positions
    def top(self, _: list[Any]) -> Json:
        return {"position": "top"}

    def bottom(self, _: list[Any]) -> Json:
        return {"position": "bottom"}

    def top_or_bottom(self, _: list[Any]) -> Json:
        return {"position": "top_or_bottom"}

    def top_and_bottom(self, _: list[Any]) -> Json:
        return {"position": "top_and_bottom"}

    def number_cards(self, items: list[Any]) -> Json:
        return _amount(items[0])

    def ends(self, items: list[Any]) -> Json:
        return _merge(items)

    def ends_of(self, items: list[Any]) -> Json:
        return _merge(items)

    def top_up_to(self, items: list[Any]) -> Json:
        return {**_amount(items[0]), "up_to": True, "position": "top", **items[-1]}

    def from_pile(self, items: list[Any]) -> Json:
        return _merge(items)

    # in play
    def in_play(self, items: list[Any]) -> Json:
        found = {"source": "in_play", "_whose": "either", **_merge(items)}
        return found

    def opponents(self, items: list[Any]) -> Json:
        return {"source": "in_play", **_merge(items), "_whose": "opponent", "amount": 1}

    def one_of(self, items: list[Any]) -> Json:
        return {"source": "in_play", **_merge(items), "amount": 1}

    def several_of(self, items: list[Any]) -> Json:
        return {"source": "in_play", **_merge(items)}

    def all_of(self, items: list[Any]) -> Json:
        return {"source": "in_play", **_merge(items), "every": True}

    def owner_before(self, items: list[Any]) -> Json:
        return _merge(items)

    def controller(self, items: list[Any]) -> Json:
        return _merge(items)

    def owned_either(self, _: list[Any]) -> Json:
        return {"_whose": "either", "owned": True}

    def owned_mine(self, _: list[Any]) -> Json:
        return {"_whose": "self", "owned": True}

    def controller_in(self, _: list[Any]) -> Json:
        return {}

    # counts and filters
    def one(self, _: list[Any]) -> Json:
        return {"amount": 1}

    def count(self, items: list[Any]) -> Json:
        return _amount(items[0])

    def up_to(self, items: list[Any]) -> Json:
        return {**_amount(items[0]), "up_to": True}

    def every(self, _: list[Any]) -> Json:
        return {"every": True}

    def filtered(self, items: list[Any]) -> Json:
        return _merge(items)

    def filter(self, items: list[Any]) -> Json:
        return _merge(items)

    def one_filtered(self, items: list[Any]) -> Json:
        return {"amount": 1, **_merge(items)}

    def any_number(self, _: list[Any]) -> Json:
        return {"every": True, "up_to": True}

    def not_kind(self, items: list[Any]) -> Json:
        kind = items[0]
        if kind.get("style") or len(kind["kinds"]) != 1:
            return {"_bad": True}
        return {"card_types": sorted(t for t in _ALL_TYPES if t not in kind["kinds"])}

    def whole_hand(self, items: list[Any]) -> Json:
        return {"source": "hand", "every": True, "_hand": True, **items[0]}

    def each_styled(self, items: list[Any]) -> Json:
        # "a non-Styled Setup or non-Styled Drill" is "a non-Styled Setup or Drill"
        styles, kinds = items[0::2], items[1::2]
        if any(style != styles[0] for style in styles):
            return {"_bad": True}
        return {**styles[0], **self.types(kinds)}

    def this_card(self, _: list[Any]) -> Json:
        return {"source": "this_card", "_whose": "self", "amount": 1}

    def with_endurance(self, _: list[Any]) -> Json:
        return {"endurance": True}

    def with_title(self, items: list[Token]) -> Json:
        words = [str(item)[1:-1].strip() for item in items]
        # "with 'Dragon' or 'Reinforced' in the title": any of them
        return {"title_has": words[0]} if len(words) == 1 else {"title_has_any": words}

    def style_styled(self, items: list[Any]) -> Json:
        # "a Saiyan Styled Event": a card of that style (a style makes it Styled)
        style, *rest = items
        found = _merge(rest)
        if found.get("style"):
            return {"_bad": True}  # "a Saiyan Styled Red Event"
        return {**found, "style": str(style).lower()}

    def titled(self, items: list[Token]) -> Json:
        # "search ... for "Goku's Power Pole"": one card of that exact title
        return {"amount": 1, "titled": str(items[-1])[1:-1].strip()}

    def stage_above(self, items: list[Token]) -> Json:
        if str(items[-1]) != "0":
            return {"_bad": True}  # "above 2": counted from another stage than 0
        return {"ally_stage": _number(items[0])}

    def highest_stage(self, _: list[Any]) -> Json:
        return {"ally_stage": "highest"}

    def is_styled(self, _: list[Any]) -> Json:
        return {"styled": True}

    def not_styled(self, _: list[Any]) -> Json:
        return {"styled": False}

    def is_named(self, _: list[Any]) -> Json:
        return {"named": True}

    def named_as(self, items: list[Token]) -> Json:
        # "a Frieza Named card": a Named card of that character
        return {"named": True, "named_as": str(items[0])[1:-1].strip()}

    def not_named(self, _: list[Any]) -> Json:
        return {"named": False}

    def styled_or_named(self, _: list[Any]) -> Json:
        return {"styled_or_named": True}

    def is_constant(self, _: list[Any]) -> Json:
        return {"constant": True}

    def not_constant(self, _: list[Any]) -> Json:
        return {"constant": False}

    def with_hit(self, _: list[Any]) -> Json:
        return {"hit_effect": True}

    def not_in_play(self, _: list[Any]) -> Json:
        return {"not_in_play": True}

    def under_mine(self, _: list[Any]) -> Json:
        return {"_under": "self"}

    def under_theirs(self, _: list[Any]) -> Json:
        return {"_under": "opponent"}

    def types(self, items: list[Any]) -> Json:
        kinds: list[str] = []
        styles = {item.get("style") for item in items}
        for item in items:
            kinds += item["kinds"]
        sets = [item["dragon_ball_set"] for item in items if "dragon_ball_set" in item]
        untyped = not all(item["kinds"] for item in items)
        if len(items) > 1 and (styles != {None} or sets or untyped):
            return {"_bad": True}  # "a Red Drill or card", "a Setup or Earth Dragon Ball"
        found: Json = {"card_types": sorted(set(kinds))} if kinds else {}
        if sets:
            found["dragon_ball_set"] = sets[0]
        style = items[0].get("style")
        if style:
            found["style"] = style
        return found

    def kind(self, items: list[Token]) -> Json:
        kinds = {"SETUP": "setup", "DRILL": "drill", "ALLY": "ally", "DRAGON": "dragon_ball",
                 "EVENT": "event"}  # fmt: skip
        found: Json = {"kinds": [kinds[t.type] for t in items if t.type in kinds]}
        for token in items:
            if token.type == "BALL_SET":  # "an Earth Dragon Ball"
                found["dragon_ball_set"] = str(token).title()
        style = [str(t).lower() for t in items if t.type == "STYLE"]
        return {**found, "style": style[0]} if style else found

    def combat(self, items: list[Any]) -> Json:
        style = [str(t).lower() for t in items if t.type == "STYLE"]
        physical = any(str(t).lower() == "physical" for t in items if t.type == "COMBAT_KIND")
        found: Json = {"kinds": ["physical_combat" if physical else "energy_combat"]}
        return {**found, "style": style[0]} if style else found

    def attack(self, items: list[Any]) -> Json:
        # an attack card: a Physical Combat or Energy Combat card (2016 CARD TYPES)
        style = [str(t).lower() for t in items if t.type == "STYLE"]
        found: Json = {"kinds": ["energy_combat", "physical_combat"]}
        return {**found, "style": style[0]} if style else found

    def attached_card(self, _: list[Any]) -> Json:
        # "an attached card": any card attached to a personality (engine.panini.moves)
        return {"kinds": ["attached"]}

    def any_card(self, items: list[Any]) -> Json:
        style = [str(t).lower() for t in items if t.type == "STYLE"]
        return {"kinds": [], "style": style[0]} if style else {"kinds": []}

    # destinations
    def it(self, _: list[Any]) -> Json:
        return {}

    def to_place(self, _: list[Any]) -> Json:
        return {"to": "place"}

    def to_hand(self, _: list[Any]) -> Json:
        return {"to": "hand", "_dest": "self"}

    def to_top(self, items: list[Any]) -> Json:
        return {"to": "life_top", **items[-1]}

    def to_top_or_bottom(self, items: list[Any]) -> Json:
        return {"to": "life_top_or_bottom", **items[-1]}

    def to_bottom(self, items: list[Any]) -> Json:
        return {"to": "life_bottom", **items[-1]}

    def to_discard(self, _: list[Any]) -> Json:
        return {"to": "discard", "_dest": "self"}

    def shuffle_to(self, items: list[Any]) -> Json:
        return {"to": "life_shuffle", **items[-1]}

    def owner_hand(self, _: list[Any]) -> Json:
        return {"_dest": "owner"}

    def your_life(self, _: list[Any]) -> Json:
        return {"_dest": "self"}

    def owners_life(self, _: list[Any]) -> Json:
        return {"_dest": "owner"}

    def their_life(self, _: list[Any]) -> Json:
        return {"_dest": "opponent"}

    def take(self, items: list[Any]) -> Json:
        return _merge(items)

    def take_play(self, _: list[Any]) -> Json:
        return {"to": "play"}

    def take_destroy(self, _: list[Any]) -> Json:
        return {"to": "discard"}

    def take_banish(self, _: list[Any]) -> Json:
        return {"to": "banish"}

    def take_rejuvenate(self, _: list[Any]) -> Json:
        return {"to": "rejuvenate"}

    # sentences
    def destroy(self, items: list[Any]) -> Json:
        return {**_merge(items), "to": "discard", "_verb": "destroy"}

    def banish(self, items: list[Any]) -> Json:
        return {**_merge(items), "to": "banish"}

    def draw(self, items: list[Any]) -> Json:
        return {**_merge(items), "to": "hand", "_dest": "self"}

    def rejuvenate(self, items: list[Any]) -> Json:
        return {**_merge(items), "to": "rejuvenate", "_dest": "self"}

    def shuffle(self, items: list[Any]) -> Json:
        return _merge(items)

    def place(self, items: list[Any]) -> Json:
        return _merge(items)

    def discard(self, items: list[Any]) -> Json:
        return {**_merge(items), "to": "discard", "_verb": "discard"}

    def play(self, items: list[Any]) -> Json:
        return {**_merge(items), "to": "play"}

    def return_(self, items: list[Any]) -> Json:
        return {**_merge(items), "to": "hand"}

    def return_this(self, items: list[Any]) -> Json:
        # "Return this Drill to your hand": a card in play goes back to its owner's hand
        return {**_merge(items), "to": "hand", "_verb": "return"}

    def search(self, items: list[Any]) -> Json:
        return {**_merge(items), "_search": True}

    def choose(self, items: list[Any]) -> Json:
        return _merge(items)

    def choose_in_play(self, items: list[Any]) -> Json:
        return {**_merge(items), "source": "in_play", "_whose": "either"}

    def v_destroy(self, _: list[Any]) -> Json:
        return {"to": "discard", "_verb": "destroy"}

    def v_discard(self, _: list[Any]) -> Json:
        return {"to": "discard", "_verb": "discard"}

    def v_banish(self, _: list[Any]) -> Json:
        return {"to": "banish"}

    def opponent_chooses(self, items: list[Any]) -> Json:
        return {**_merge(items), "_whose": "opponent", "chooser": "opponent"}

    def their_in_play(self, items: list[Any]) -> Json:
        return {"source": "in_play", **_merge(items)}

    def their_pile(self, items: list[Any]) -> Json:
        return _merge(items)

    def reveal(self, items: list[Any]) -> Json:
        return {**_merge(items), "source": "hand", "revealed": True}

    def reveal_only(self, items: list[Any]) -> Json:
        # "You may reveal 2 attack cards from your hand to ...": shown, kept in hand
        return {**_merge(items), "source": "hand", "to": "reveal"}

    def opponent_moves(self, items: list[Any]) -> Json:
        return {**_merge(items), "_whose": "opponent", "chooser": "opponent"}

    def their_act_s(self, items: list[Any]) -> Json:
        return _merge(items)

    def their_act(self, items: list[Any]) -> Json:
        return _merge(items)

    def their_banish(self, items: list[Any]) -> Json:
        return {**_merge(items), "to": "banish"}

    def their_rejuvenate(self, items: list[Any]) -> Json:
        return {**_merge(items), "to": "rejuvenate"}

    def their_shuffle(self, items: list[Any]) -> Json:
        return {**_merge(items), "to": "life_shuffle"}

    def take_shuffle(self, _: list[Any]) -> Json:
        return {"to": "life_shuffle"}

    def take_top(self, _: list[Any]) -> Json:
        return {"to": "life_top"}

    def take_bottom(self, _: list[Any]) -> Json:
        return {"to": "life_bottom"}

    def opponent_any(self, items: list[Any]) -> Json:
        hand = {"source": "hand", "every": True, "_hand": True, "_whose": "opponent"}
        return {**_merge(items), **hand}

    def opponent_hand(self, items: list[Any]) -> Json:
        hand = {"source": "hand", "every": True, "_hand": True, "_whose": "opponent"}
        return {**_merge(items), **hand}

    def opponent_does(self, items: list[Any]) -> Json:
        return {**_merge(items), "source": "life_deck", "_whose": "opponent"}

    def start(self, items: list[Any]) -> Json:
        return _merge(items)


def parse_move(body: str) -> Json | None:
    """The `move` effect a whole sentence body says, or None (not read, or read two ways)."""
    if len(body) > _LONGEST:
        return None
    parser, word = _parser(), _word()  # a grammar error is a bug: not caught below
    body = _UNQUOTED_TITLE.sub(r'with "\1" in the title', body)
    body = _CONSTANT_LABEL.sub("CONSTANT", body)
    body = _COPY_TITLE.sub(r'for a copy of "\1"', body)
    body = _BARE_TITLE.sub(lambda m: _bare_title(m, word), body)
    body = _NAMED_AS.sub(lambda m: _character(m, word), body)
    if _ANY_MANY.search(body):
        return None  # "any Drills": one, or as many as you like? not guessed
    words = _QUOTED.sub(" ", body).strip()  # a quoted title is any words
    if not all(word.fullmatch(piece) for piece in _PIECES.split(words) if piece):
        return None
    try:
        tree = parser.parse(body)
    except LarkError:
        return None
    if any(True for _ in tree.find_data("_ambig")):
        return None
    assert isinstance(tree, Tree)
    try:
        found = _Build().transform(tree)
    except (LarkError, ValueError, KeyError):
        return None
    return _check(found)


def _control(found: Json, source: str, whose: str, under: str | None) -> bool:
    """Whose control a card entering play comes under, in `found` (`control`); False when
    not said. An opponent's card you play, or place "under your control", is yours; yours
    placed "under your opponent's control" is theirs (docs/rulings.md 205)."""
    if source == "in_play":
        return False
    if whose in ("opponent", "either"):
        return under == "self" or (under is None and found["to"] == "play")
    if under == "opponent":
        found["control"] = "opponent"
    return True


def _character(match: re.Match[str], word: re.Pattern[str]) -> str:
    name = match.group(2)
    if any(word.fullmatch(piece) for piece in _PIECES.split(name) if piece):
        return match.group(0)  # "a Styled Named card" is not a character's
    return f'{match.group(1)} "{name}" '


def _bare_title(match: re.Match[str], word: re.Pattern[str]) -> str:
    title = match.group(1)
    if any(word.fullmatch(piece) for piece in _PIECES.split(title) if piece):
        return match.group(0)
    return f'for "{title}"'


def _check(found: Json) -> Json | None:
    """Refuse what the rules forbid or the engine cannot do; return the effect."""
    if found.pop("_bad", False) or "source" not in found or "to" not in found:
        return None
    whose = found.pop("_whose", "self")
    dest = found.pop("_dest", None)
    verb = found.pop("_verb", "")
    searched = found.pop("_search", False)
    if found.get("revealed") and found["to"] not in ("life_top", "life_bottom", "life_shuffle"):
        return None  # revealed, then kept hidden: only onto or into the Life Deck
    whole_hand = found.pop("_hand", False)  # "your (opponent's) hand": all of it, unchosen
    under = found.pop("_under", None)
    source, to = found["source"], found["to"]
    if found.get("owned") and dest == "self":
        dest = "owner"  # "a Dragon Ball you own ... into your Life Deck": its owner's is yours
    if "attached" in found.get("card_types", []):
        # "an attached card (in play)": either player's, whoever controls it; to a zone
        # (2016 GLOSSARY "Attached Cards": attached cards are in play)
        if source != "in_play" or whose != "either" or to in ("play", "place"):
            return None
        found["card_types"] = [k for k in found["card_types"] if k != "attached"]
        found["attached"] = True
        if not found["card_types"]:
            del found["card_types"]
    kinds = found.get("card_types", [])
    if "_whose" in found or (searched and source == "in_play"):
        return None
    returned = verb == "return"  # "Return this Drill to your hand" (docs/rulings.md 217)
    if source == "this_card" and (
        to in ("play", "place") or (to == "hand" and not returned) or dest not in (None, "self")
    ):
        return None
    # "destroy" discards a card in play (2014 GLOSSARY) or from the Life Deck (2016
    # "Gaining/losing stages"); nothing else
    if verb == "destroy" and source not in ("in_play", "life_deck", "this_card"):
        return None
    if verb == "discard" and source != "hand":
        return None  # discarding is from the hand; from elsewhere it is another verb
    if found.get("position") == "top_and_bottom" and (found.get("amount") != 1 or searched):
        return None  # one card from each end, no more ("the top and bottom 2 cards")
    if found.get("position") and (kinds or "style" in found or "styled" in found):
        return None  # "the top Drill of ...": not read
    if source == "in_play" and (found.get("position") or not (kinds or found.get("attached"))):
        return None  # a card in play is named by its type
    if source == "in_play" and not set(kinds) <= _PLANNING:
        return None
    if found.get("not_in_play") and to not in ("play", "place"):
        return None  # "that isn't already in play": said of a card entering play
    if found.get("ally_stage") is not None and kinds != ["ally"]:
        return None  # only an Ally has power stages to enter at
    if to in ("play", "place") and not set(kinds) <= _PLANNING:
        return None  # only Allies, Setups, Drills and Dragon Balls stay in play
    if to in ("play", "place") and not kinds and not (found.get("titled") or found.get("constant")):
        return None  # a title's card is checked as it moves (engine.panini.moves)
    if to in ("play", "place") and not _control(found, source, whose, under):
        return None
    if to == "hand" and source == "in_play" and dest != "owner":
        return None
    if to in ("hand", "rejuvenate", "discard") and dest == "self" and whose != "self":
        return None  # the card would go to its owner's zone, not yours
    if dest == "self" and whose != "self" and to.startswith("life"):
        return None
    if dest == "opponent" and whose != "opponent":
        return None
    if dest == "owner" and source != "in_play" and whose == "self":
        return None
    if to == "hand" and source == "hand":
        return None
    if to == "life_shuffle" and source == "life_deck":
        return None
    opponent_chooses = found.get("chooser") == "opponent"
    if opponent_chooses and (
        source not in ("in_play", "hand", "discard_pile", "banished")
        or (to == "discard" and source not in ("in_play", "hand"))
    ):
        return None  # they destroy cards in play, discard from the hand (docs/rulings.md 219)
    if source == "hand" and whose != "self" and not (whole_hand or opponent_chooses):
        return None  # an opponent's hand is hidden: who chooses is not said
    if whose == "each" and (
        source not in _PILES or searched or to in ("play", "place") or dest in ("self", "opponent")
    ):
        return None  # "each player's Life Deck": a pile of each, to its owner's zones
    effect: Json = {"do": "move", **found}
    if whose == "each":
        effect["both_players"] = True  # the controller's pile, then the opponent's (ruling 224)
    elif whose == "opponent":
        effect["who"] = "opponent"
    elif whose == "either":
        effect["either_player"] = True
    if effect.get("every") and effect.get("up_to"):
        effect.pop("amount", None)  # "any number of": as many as the player likes
    return effect
