"""Deck-list parsing (engine.panini.decklist) against a tiny pool built here, so the tests do not
depend on the sandbox card data. tests/test_deckcheck.py and tests/test_cli_deck.py reuse
`tiny_pool` and `deck_text`."""

from __future__ import annotations

from typing import Any

import pytest

from engine.panini.cards import Alignment, Card, CardPool, CardType, DragonBallInfo, Style
from engine.panini.decklist import (
    Deck,
    DeckEntry,
    DeckListError,
    DeckStructureError,
    build_deck,
    parse_deck_list,
    suggest,
)

STAGES = [0, *range(1000, 11000, 1000)]  # 11 power stages starting at zero
FILLER = [f"Freestyle Punch {n}" for n in range(1, 21)]  # 20 cards x 3 copies = 60


def _personality(name: str, kind: CardType, personality: str, **extra: Any) -> Card:
    fields: dict[str, Any] = {"alignment": Alignment.HERO, "power_stages": STAGES}
    fields.update(extra)
    return Card(name=name, type=kind, personality=personality, **fields)


def _mp_set(personality: str, **extra: Any) -> list[Card]:
    return [
        _personality(f"{personality} Level {level}", CardType.MAIN_PERSONALITY, personality,
                     level=level, **extra)
        for level in range(1, 5)
    ]  # fmt: skip


def tiny_pool() -> CardPool:
    """MP sets, masteries, combat filler, allies, Dragon Balls of two sets, Named and
    alignment-tied cards, and cards with their own copy limits."""
    cards = [
        *_mp_set("Goku", traits=["saiyan", "hero"]),
        *_mp_set("Vegeta", alignment=Alignment.VILLAIN, traits=["saiyan"]),
        *_mp_set("Krillin"),
        *_mp_set("Piccolo", traits=["namekian"]),
        *_mp_set("Tarble", traits=["saiyan"]),  # a Saiyan missing from the 2016 list
        _personality("Goku Level 2 (Dark)", CardType.MAIN_PERSONALITY, "Goku", level=2,
                     alignment=Alignment.VILLAIN),
        _personality("Krillin, Ally", CardType.ALLY, "Krillin"),
        _personality("Goku, Ally", CardType.ALLY, "Goku"),
        _personality("Nappa, Ally", CardType.ALLY, "Nappa", alignment=Alignment.VILLAIN),
        Card(name="Saiyan Mastery (Battle Ready)", type=CardType.MASTERY, style=Style.SAIYAN),
        Card(name="Red Mastery", type=CardType.MASTERY, style=Style.RED),
        Card(name="Namekian Mastery", type=CardType.MASTERY, style=Style.NAMEKIAN),
        *[Card(name=name, type=CardType.PHYSICAL_COMBAT) for name in FILLER],
        Card(name="Saiyan Strike", type=CardType.PHYSICAL_COMBAT, style=Style.SAIYAN),
        Card(name="Red Blast", type=CardType.ENERGY_COMBAT, style=Style.RED),
        Card(name="Namekian Regrowth", type=CardType.EVENT, style=Style.NAMEKIAN),
        Card(name="Goku's Kamehameha", type=CardType.ENERGY_COMBAT, personality="Goku"),
        Card(name="Vegeta's Galick Gun", type=CardType.ENERGY_COMBAT, personality="Vegeta"),
        Card(name="Heroic Stand", type=CardType.EVENT, alignment=Alignment.HERO),
        Card(name="Villainous Plot", type=CardType.EVENT, alignment=Alignment.VILLAIN),
        Card(name="Unique Technique", type=CardType.SETUP, limit_per_deck=1),
        Card(name="Swarm Punch", type=CardType.PHYSICAL_COMBAT, limit_per_deck=5),
        Card(name="1000 Punches", type=CardType.PHYSICAL_COMBAT),
        *[
            Card(name=f"{kind} Dragon Ball {n}", type=CardType.DRAGON_BALL,
                 dragon_ball=DragonBallInfo(set=kind, number=n))
            for kind in ("Earth", "Namek") for n in (1, 2)
        ],
    ]  # fmt: skip
    return CardPool(cards)


def deck_text(
    mp: str = "Goku",
    mastery: str | list[str] = "Saiyan Mastery (Battle Ready)",
    extra: list[tuple[int, str]] | None = None,
    size: int = 60,
    mp_cards: list[str] | None = None,
) -> str:
    """A deck list: the MP set, the Mastery (or several), `extra` cards, then filler
    punches (3 of each) until the Life Deck has `size` cards."""
    extra = extra or []
    masteries = [mastery] if isinstance(mastery, str) else mastery
    lines = ["Main Personality:"]
    lines += mp_cards if mp_cards is not None else [f"{mp} Level {n}" for n in range(1, 5)]
    lines += ["Mastery:", *masteries, "Life Deck:"]
    lines += [f"{count}x {name}" for count, name in extra]
    left = size - sum(count for count, _ in extra)
    for filler in FILLER:
        if left <= 0:
            break
        lines.append(f"{min(3, left)}x {filler}")
        left -= 3
    return "\n".join(lines) + "\n"


@pytest.fixture(scope="module")
def pool() -> CardPool:
    return tiny_pool()


def _errors(text: str, pool: CardPool) -> list[str]:
    with pytest.raises(DeckListError) as caught:
        parse_deck_list(text, pool)
    return [str(error) for error in caught.value.errors]


# --- accepted forms ------------------------------------------------------------------------
@pytest.mark.parametrize(
    "line",
    ["3x Saiyan Strike", "3 Saiyan Strike", "3 x Saiyan Strike", "3X Saiyan Strike",
     "x3 Saiyan Strike", "Saiyan Strike x3", "3\u00d7 Saiyan Strike", "- 3x Saiyan Strike",
     "  3x   Saiyan Strike  "],
)  # fmt: skip
def test_count_forms(pool: CardPool, line: str) -> None:
    parsed = parse_deck_list(line, pool)
    assert parsed.entries == (DeckEntry(3, "Saiyan Strike", 1, None),)


def test_bare_name_is_one_copy(pool: CardPool) -> None:
    assert parse_deck_list("Red Blast", pool).entries == (DeckEntry(1, "Red Blast", 1, None),)


@pytest.mark.parametrize(
    "written", ["saiyan strike", "SAIYAN  STRIKE", "Saiyan-Strike", "saiyanstrike"]
)
def test_case_spacing_and_punctuation_tolerated(pool: CardPool, written: str) -> None:
    parsed = parse_deck_list(f"2x {written}", pool)
    assert parsed.entries[0].name == "Saiyan Strike"  # resolved to the canonical name


def test_canonical_names_with_apostrophes(pool: CardPool) -> None:
    parsed = parse_deck_list("1x gokus kamehameha\n1 Goku\u2019s Kamehameha", pool)
    assert [e.name for e in parsed.entries] == ["Goku's Kamehameha"] * 2


def test_title_that_looks_like_a_count(pool: CardPool) -> None:
    """A card whose title starts with a number is read as that card, not as 1000 copies."""
    assert parse_deck_list("1000 Punches", pool).entries[0] == DeckEntry(1, "1000 Punches", 1, None)
    assert parse_deck_list("2x 1000 Punches", pool).entries[0].count == 2


def test_comments_blank_lines_and_sections(pool: CardPool) -> None:
    text = """# My Goku deck
// built for the weekly

Main Personality:
Goku Level 1   # the start
[Mastery]
Saiyan Mastery (Battle Ready) // style
=====
Life Deck (60):
3x Saiyan Strike
Mastery: Red Mastery
"""
    parsed = parse_deck_list(text, pool, name="goku")
    assert parsed.name == "goku"
    assert parsed.entries == (
        DeckEntry(1, "Goku Level 1", 5, "Main Personality"),
        DeckEntry(1, "Saiyan Mastery (Battle Ready)", 7, "Mastery"),
        DeckEntry(3, "Saiyan Strike", 10, "Life Deck (60)"),
        DeckEntry(1, "Red Mastery", 11, "Mastery"),
    )


def test_sections_are_informational(pool: CardPool) -> None:
    """Cards are classified by type: a Mastery listed under "Life Deck:" is the Mastery."""
    text = "Life Deck:\n" + deck_text().replace("Mastery:\n", "").replace("Life Deck:\n", "")
    deck = build_deck(parse_deck_list(text, pool), pool)
    assert deck.mastery == "Saiyan Mastery (Battle Ready)"
    assert len(deck.life_deck) == 60


def test_repeated_lines_add_up(pool: CardPool) -> None:
    parsed = parse_deck_list("2x Saiyan Strike\nRed Blast\n1x saiyan strike", pool)
    assert parsed.counts() == {"Saiyan Strike": 3, "Red Blast": 1}


# --- errors -----------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("0x Saiyan Strike", "count 0 is out of range: expected 1 to 99"),
        ("100x Saiyan Strike", "count 100 is out of range: expected 1 to 99"),
        ("abc x", "malformed count in 'abc x'; expected 'COUNT x CARD NAME'"),
        ("abc x Saiyan Strike", "malformed count"),
        ("x Saiyan Strike", "malformed count"),
        ("3x", "a count with no card name; expected 'COUNT x CARD NAME'"),
        ("3x ---", "a count (3) with no card name"),
        ("-1x Saiyan Strike", "the count must be a whole number from 1 to 99"),
        ("2.5x Saiyan Strike", "the count must be a whole number from 1 to 99"),
    ],
)
def test_malformed_lines_report_line_and_expectation(
    pool: CardPool, line: str, expected: str
) -> None:
    errors = _errors(f"# header\n\n{line}\n", pool)
    assert len(errors) == 1
    assert errors[0].startswith(f"line 3: {expected}")


def test_unknown_card_with_did_you_mean(pool: CardPool) -> None:
    errors = _errors("1x Sayan Mastery", pool)
    assert errors == [
        "line 1: unknown card 'Sayan Mastery' — did you mean 'Saiyan Mastery (Battle Ready)'?"
    ]


def test_suggestions_match_folded_names(pool: CardPool) -> None:
    assert suggest("GOKU-LEVEL-ONE", pool)[0].startswith("Goku Level")
    assert "Vegeta's Galick Gun" in suggest("vegetas galik gun", pool)


def test_several_suggestions_are_listed(pool: CardPool) -> None:
    (error,) = _errors("Krillin Level", pool)
    assert "did you mean 'Krillin Level 1', 'Krillin Level 2' or 'Krillin Level 3'?" in error


def test_unknown_card_without_suggestions(pool: CardPool) -> None:
    assert _errors("3x Zzzzqqq", pool) == ["line 1: unknown card 'Zzzzqqq'"]


def test_all_errors_are_collected(pool: CardPool) -> None:
    text = "3x Saiyan Strike\n0x Red Blast\nSayan Strike\n\n3x Nonsense Card\n"
    with pytest.raises(DeckListError) as caught:
        parse_deck_list(text, pool)
    assert [e.line for e in caught.value.errors] == [2, 3, 5]
    lines = str(caught.value).splitlines()
    assert len(lines) == 3
    assert lines[0].startswith("line 2: count 0")
    assert lines[1] == "line 3: unknown card 'Sayan Strike' — did you mean 'Saiyan Strike'?"
    assert lines[2].startswith("line 5: unknown card 'Nonsense Card'")


# --- building and writing back ---------------------------------------------------------------
def test_build_deck_orders_levels_and_expands(pool: CardPool) -> None:
    text = deck_text(mp_cards=["Goku Level 3", "Goku Level 1", "Goku Level 4", "Goku Level 2"])
    deck = build_deck(parse_deck_list(text, pool, name="goku"), pool)
    assert deck.main_personality == tuple(f"Goku Level {n}" for n in range(1, 5))
    assert deck.mastery == "Saiyan Mastery (Battle Ready)"
    assert len(deck.life_deck) == 60
    assert deck.life_deck[:4] == ("Freestyle Punch 1",) * 3 + ("Freestyle Punch 2",)


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        (deck_text(mastery=[]), "0 Mastery cards"),
        (deck_text(mastery=["Red Mastery", "Saiyan Mastery (Battle Ready)"]), "2 Mastery"),
        (deck_text(mp_cards=["Goku Level 1"]), "0 Main Personality cards at level 2"),
        (deck_text(mp_cards=["2x Goku Level 1"]), "2 Main Personality cards at level 1"),
    ],
)
def test_build_deck_refuses_unplayable_structure(pool: CardPool, text: str, problem: str) -> None:
    with pytest.raises(DeckStructureError, match=problem):
        build_deck(parse_deck_list(text, pool), pool)


def test_to_text_round_trips(pool: CardPool) -> None:
    text = deck_text(extra=[(2, "Saiyan Strike"), (1, "Earth Dragon Ball 1")])
    text += "1x Saiyan Strike\n"  # a repeated line merges into one entry
    deck = build_deck(parse_deck_list(text, pool, name="goku"), pool)
    written = deck.to_text()
    assert written.startswith("# goku\n\nMain Personality:\n1x Goku Level 1\n")
    assert "3x Saiyan Strike\n" in written
    again = build_deck(parse_deck_list(written, pool, name="goku"), pool)
    assert again == deck
    assert again.to_text() == written


def test_deck_counts(pool: CardPool) -> None:
    deck = Deck("d", ("A", "B"), "M", ("X", "X", "Y"))
    assert deck.counts() == {"A": 1, "B": 1, "M": 1, "X": 2, "Y": 1}
