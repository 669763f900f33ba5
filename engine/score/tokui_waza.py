"""Tokui-Waza qualification (Score 2003 rulebook p. 46 "Tokui-Waza"): which decks may
declare which Fighting Style Advantage. The rules are the same in both rulesets."""

from __future__ import annotations

from collections.abc import Iterable

from engine.score.cards import Card, CardType, Style, fold

# p. 46 "Saiyan Tokui Waza": the Main Personalities that may declare one
SAIYAN_TOKUI_WAZA = frozenset(fold(name) for name in (
    "Bardock", "Broly", "Cell", "Future Gohan", "Gohan", "Goku", "Goten", "Gotenks",
    "Kid Trunks", "Majin Vegeta", "Mighty Mask", "Nappa", "Raditz", "Trunks", "Vegeta",
))
# p. 46 "Namekian Tokui-Waza"
NAMEKIAN_TOKUI_WAZA = frozenset(fold(name) for name in (
    "Cell", "Dende", "Lord Slug", "Nail", "Piccolo", "Pikkon",
))
_MP_LISTS = {Style.SAIYAN: SAIYAN_TOKUI_WAZA, Style.NAMEKIAN: NAMEKIAN_TOKUI_WAZA}


def why_not(style: Style, cards: Iterable[Card], mp_personality: str | None) -> list[str]:
    """Why a deck of `cards` (its Life Deck, Mastery included) with that Main Personality
    cannot declare a Tokui-Waza of `style`; empty when it qualifies."""
    styled = [card for card in cards if card.styled]
    label = style.value.title()
    if style == Style.FREESTYLE:
        # "you may have no cards in your Life Deck that belong to a Martial Arts Style"
        return [f"a Freestyle Tokui-Waza allows no Styled card; the deck has "
                f"{_titles(styled)}"] if styled else []
    reasons = []
    others = [card for card in styled if card.style != style]
    if others:
        # "all cards from a Martial Arts Style in your deck must match the same style"
        reasons.append(f"a {label} Tokui-Waza needs every Styled card to be {label}; "
                       f"{_titles(others)} are not")
    if not any(card.style == style and card.type != CardType.MASTERY for card in styled):
        # "at least 1 Martial Arts Style card (besides a Mastery card)"
        reasons.append(f"a {label} Tokui-Waza needs at least one {label} card besides "
                       "the Mastery")
    allowed = _MP_LISTS.get(style)
    if allowed is not None and mp_personality is not None and fold(mp_personality) not in allowed:
        reasons.append(f"{mp_personality} is not one of the Main Personalities that may "
                       f"declare a {label} Tokui-Waza")
    return reasons


def _titles(cards: list[Card]) -> str:
    return ", ".join(sorted({f"{card.title!r} ({card.style.value.title()})" for card in cards}))
