"""What a personality is, for conditions such as "If your MP is a Saiyan", "If your MP is
not a Hero", "If your MP has 'Android' in the title", "If you control a Saiyan
Personality" (engine.panini.cardtext.identity reads them).

Rules: 2016 CARD TYPES, "Saiyan:" and "Namekian:" name the Saiyan and Namekian
Personalities (engine.panini.rulesets); a card whose printed traits say so is one too, as for
the styles under `style_by_trait` (docs/rulings.md 90). Hero and Villain are a
personality's Alignment (2016 GLOSSARY "Alignment"); other words (Android, Earthling ...)
are traits printed on the card."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from engine.panini.cards import (
    Alignment,
    Card,
    NamedInPlay,
    PersonalityIs,
    PileEnd,
    Style,
    fold_name,
)

if TYPE_CHECKING:
    from engine.panini.game import Game

_ALIGNMENTS = {"hero": Alignment.HERO, "villain": Alignment.VILLAIN}


def holds(game: Game, player: int, test: PersonalityIs) -> bool:
    mp = game.card(game.state.players[player].mp_card)
    cards = [mp]
    if test.which == "any":
        cards += [game.card(ally.iid) for ally in game.state.players[player].allies]
    found = any(_is(game, card, test) for card in cards)
    return found != test.negated


def _is(game: Game, card: Card, test: PersonalityIs) -> bool:
    if test.title is not None and not _title_has(card.name, test.title):
        return False
    if test.kind is None:
        return True
    kind = test.kind.lower()
    if kind in _ALIGNMENTS:
        return card.alignment == _ALIGNMENTS[kind]
    if kind in ("saiyan", "namekian"):
        names = game.rules.saiyan_personalities if kind == "saiyan" else (
            game.rules.namekian_personalities)  # fmt: skip
        listed = {fold_name(name) for name in names}
        if fold_name(card.personality or "") in listed:
            return True
    return kind in card.traits


def _title_has(title: str, words: str) -> bool:
    """ "'Android' in the title": the words, whole, in the card's name."""
    return re.search(rf"(?<!\w){re.escape(words)}(?!\w)", title, re.IGNORECASE) is not None


def named_in_play(game: Game, player: int, test: NamedInPlay) -> bool:
    """A card titled one of `test.names` (its printed name, without the set the pool adds),
    or a personality of that name (the MP's current level, an Ally), is in play: either
    player's, or `player`'s (2016 GLOSSARY "In play"; attached cards are in play)."""
    wanted = {fold_name(name) for name in test.names}
    sides = [0, 1] if test.whose == "any" else [player]
    for side in sides:
        for iid in _in_play(game, side):
            card = game.card(iid)
            titles = {card.name, card.title}
            if card.is_personality and card.personality:
                titles.add(card.personality)
            if wanted & {fold_name(title) for title in titles}:
                return True
    return False


def _in_play(game: Game, player: int) -> list[int]:
    state = game.state.players[player]
    return [
        state.mp_card,
        state.mastery,
        *(ally.iid for ally in state.allies),
        *state.setups,
        *state.drills,
        *state.dragon_balls,
        *game.attached_cards(player),
    ]


def pile_end(game: Game, player: int, test: PileEnd) -> bool:
    """The top (last) or bottom card of `player`'s discard pile is what `test` says; an empty
    pile holds no such card. Styled: of a style, not Freestyle (2016 CARD TYPES)."""
    pile = game.state.players[player].discard
    if not pile:
        return False
    card = game.card(pile[-1] if test.end == "top" else pile[0])
    return (
        (test.styled is None or (card.style != Style.FREESTYLE) == test.styled)
        and (not test.card_types or card.type in test.card_types)
        and (test.style is None or card.style == test.style)
    )
