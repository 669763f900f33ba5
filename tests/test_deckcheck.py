"""Deck legality (engine.panini.deckcheck). Each test names the rulebook section it enforces;
where the 2014 and 2016 Panini rulebooks differ, both are tested."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.panini.cards import Alignment, Card, CardPool, CardType, load_pool
from engine.panini.deckcheck import Violation, check_deck
from engine.panini.decklist import build_deck, parse_deck_list
from engine.panini.rulesets import PANINI_2014, PANINI_2016, RULESETS, Ruleset
from tests.test_decklist import deck_text, tiny_pool

DECKS_DIR = Path(__file__).resolve().parent.parent / "data" / "decks"
MAKING_2016 = "panini-tcg-2016-awakening-rulebook.txt, MAKING A DECK"
MAKING_2014 = "panini-tcg-2014-rulebook.txt, MAKING A DECK"


@pytest.fixture(scope="module")
def pool() -> CardPool:
    return tiny_pool()


def check(text: str, pool: CardPool, ruleset: Ruleset = PANINI_2016) -> list[Violation]:
    return check_deck(parse_deck_list(text, pool, name="test"), pool, ruleset)


def rules(violations: list[Violation]) -> list[str]:
    return [v.rule for v in violations]


@pytest.mark.parametrize("ruleset", [PANINI_2016, PANINI_2014], ids=lambda r: r.name)
def test_legal_deck_has_no_violations(pool: CardPool, ruleset: Ruleset) -> None:
    text = deck_text(
        extra=[(3, "Saiyan Strike"), (1, "Krillin, Ally"), (1, "Earth Dragon Ball 1"),
               (1, "Earth Dragon Ball 2"), (3, "Goku's Kamehameha"), (2, "Heroic Stand")]
    )  # fmt: skip
    assert check(text, pool, ruleset) == []


def test_a_built_deck_can_be_checked(pool: CardPool) -> None:
    deck = build_deck(parse_deck_list(deck_text(), pool), pool)
    assert check_deck(deck, pool, PANINI_2016) == []
    short = build_deck(parse_deck_list(deck_text(size=57), pool), pool)
    assert rules(check_deck(short, pool, PANINI_2016)) == ["deck.life-size"]


# --- Main Personality set ---------------------------------------------------------------------
def test_2016_making_a_deck_mp_set_needs_every_level(pool: CardPool) -> None:
    """2016 MAKING A DECK: a Main Personality set (Levels 1-4)."""
    violations = check(deck_text(mp_cards=["Goku Level 1", "Goku Level 3"]), pool)
    assert rules(violations) == ["deck.mp-set", "deck.mp-set"]
    assert "no Level 2 card" in violations[0].message
    assert "no Level 4 card" in violations[1].message
    assert violations[0].source == MAKING_2016


def test_2016_making_a_deck_mp_set_one_card_per_level(pool: CardPool) -> None:
    """2016 MAKING A DECK: one card per level; two Level 1 cards are a violation."""
    mp = ["2x Goku Level 1", "Goku Level 2", "Goku Level 3", "Goku Level 4"]
    (violation,) = check(deck_text(mp_cards=mp), pool)
    assert violation.rule == "deck.mp-set"
    assert "2 Main Personality cards at Level 1 (2x 'Goku Level 1')" in violation.message


def test_2016_making_a_deck_no_mp_at_all(pool: CardPool) -> None:
    """2016 MAKING A DECK: the deck must contain a Main Personality set. Rules comparing
    cards with the MP stay quiet instead of piling up."""
    text = deck_text(mp_cards=[], extra=[(1, "Heroic Stand"), (1, "Goku's Kamehameha")])
    (violation,) = check(text, pool)
    assert violation.rule == "deck.mp-set"
    assert "no Main Personality cards" in violation.message


@pytest.mark.parametrize("ruleset", [PANINI_2016, PANINI_2014], ids=lambda r: r.name)
def test_making_a_deck_mp_same_name(pool: CardPool, ruleset: Ruleset) -> None:
    """2016 MAKING A DECK: "each card of the same MP name"; 2014: "all of the same
    character"."""
    mp = ["Goku Level 1", "Goku Level 2", "Krillin Level 3", "Goku Level 4"]
    (violation,) = check(deck_text(mp_cards=mp), pool, ruleset)
    assert violation.rule == "deck.mp-name"
    assert "'Krillin Level 3' is Krillin" in violation.message
    assert violation.source == (MAKING_2016 if ruleset is PANINI_2016 else MAKING_2014)


def test_2016_making_a_deck_mp_same_alignment(pool: CardPool) -> None:
    """2016 MAKING A DECK: "each card of the same MP name and Alignment"; 2014 only asks
    for the same character."""
    mp = ["Goku Level 1", "Goku Level 2 (Dark)", "Goku Level 3", "Goku Level 4"]
    (violation,) = check(deck_text(mp_cards=mp), pool, PANINI_2016)
    assert violation.rule == "deck.mp-alignment"
    assert "'Goku Level 2 (Dark)' is a Villain" in violation.message
    assert check(deck_text(mp_cards=mp), pool, PANINI_2014) == []


# --- Mastery and Life Deck size ---------------------------------------------------------------
def test_2016_making_a_deck_needs_a_mastery(pool: CardPool) -> None:
    """2016 MAKING A DECK: "a Mastery"."""
    violations = check(deck_text(mastery=[], extra=[(3, "Saiyan Strike")]), pool)
    assert rules(violations) == ["deck.mastery"]
    assert "no Mastery" in violations[0].message


def test_2016_making_a_deck_exactly_one_mastery(pool: CardPool) -> None:
    """2016 MAKING A DECK: a Mastery; a second Mastery is not a Life Deck card either."""
    text = deck_text(mastery=["Saiyan Mastery (Battle Ready)", "2x Red Mastery"])
    (violation,) = check(text, pool)
    assert violation.rule == "deck.mastery"
    assert "3 Mastery cards (1x 'Saiyan Mastery (Battle Ready)', 2x 'Red Mastery')" in (
        violation.message
    )


@pytest.mark.parametrize("size", [59, 61, 0])
def test_2016_making_a_deck_exactly_60_other_cards(pool: CardPool, size: int) -> None:
    """2016 MAKING A DECK: "exactly 60 other cards"."""
    text = deck_text(size=size) if size != 61 else deck_text() + "1x Saiyan Strike\n"
    (violation,) = check(text, pool)
    assert violation.rule == "deck.life-size"
    assert f"has {size} card" in violation.message
    assert "exactly 60" in violation.message


# --- copies -----------------------------------------------------------------------------------
def test_2016_making_a_deck_up_to_three_copies(pool: CardPool) -> None:
    """2016 MAKING A DECK: "up to three copies of any other eligible card"; copies written
    on separate lines add up."""
    text = deck_text(extra=[(3, "Saiyan Strike"), (1, "Saiyan Strike"), (5, "Red Blast")])
    text = text.replace("Saiyan Mastery (Battle Ready)", "Red Mastery").replace(
        "Saiyan Strike", "Heroic Stand"
    )
    violations = check(text, pool)
    assert [v.message for v in violations] == [
        "4 copies of 'Heroic Stand'; at most 3 allowed",
        "5 copies of 'Red Blast'; at most 3 allowed",
    ]
    assert rules(violations) == ["deck.copies", "deck.copies"]


def test_making_a_deck_printings_in_two_sets_are_copies_of_one_card(pool: CardPool) -> None:
    """2016 MAKING A DECK: "up to three copies of any other eligible card": a card by its
    printed name, whichever set's printing (the pool names the second one by its set)."""
    reprint = Card(name="Heroic Stand (Promos)", printed_name="Heroic Stand",
                   type=CardType.EVENT, alignment=Alignment.HERO)
    both = CardPool([*pool.by_name.values(), reprint])
    text = deck_text(extra=[(2, "Heroic Stand"), (2, "Heroic Stand (Promos)")])
    assert [v.message for v in check(text, both)] == [
        "4 copies of 'Heroic Stand'; at most 3 allowed"
    ]
    assert check(deck_text(extra=[(2, "Heroic Stand"), (1, "Heroic Stand (Promos)")]), both) == []


@pytest.mark.parametrize("ruleset", [PANINI_2016, PANINI_2014], ids=lambda r: r.name)
def test_2014_making_a_deck_copies_unless_noted_on_the_card(
    pool: CardPool, ruleset: Ruleset
) -> None:
    """2014 MAKING A DECK: three copies "unless noted otherwise on the card itself"."""
    fewer = check(deck_text(extra=[(2, "Unique Technique")]), pool, ruleset)
    assert [v.message for v in fewer] == [
        "2 copies of 'Unique Technique'; at most 1 allowed (as noted on the card)"
    ]
    assert check(deck_text(extra=[(5, "Swarm Punch")]), pool, ruleset) == []


@pytest.mark.parametrize("ruleset", [PANINI_2016, PANINI_2014], ids=lambda r: r.name)
def test_making_a_deck_one_copy_of_each_dragon_ball_and_ally(
    pool: CardPool, ruleset: Ruleset
) -> None:
    """2016 and 2014 MAKING A DECK: "only one copy of any given Dragon Ball or Ally"."""
    text = deck_text(extra=[(2, "Earth Dragon Ball 1"), (3, "Krillin, Ally")])
    violations = check(text, pool, ruleset)
    assert rules(violations) == ["deck.one-copy", "deck.one-copy"]
    assert violations[0].message == (
        "2 copies of Dragon Ball 'Earth Dragon Ball 1'; only one of each Dragon Ball allowed"
    )
    assert violations[1].message.startswith("3 copies of Ally 'Krillin, Ally'")


# --- Dragon Ball sets and Allies ----------------------------------------------------------------
def test_2016_making_a_deck_dragon_balls_from_one_set(pool: CardPool) -> None:
    """2016 MAKING A DECK: Dragon Balls from one set; 2014 has no such rule."""
    balls = ["Earth Dragon Ball 1", "Earth Dragon Ball 2", "Namek Dragon Ball 1"]
    text = deck_text(extra=[(1, ball) for ball in balls])
    (violation,) = check(text, pool, PANINI_2016)
    assert violation.rule == "deck.dragon-ball-set"
    assert "Earth ('Earth Dragon Ball 1', 'Earth Dragon Ball 2'); Namek (" in violation.message
    assert check(text, pool, PANINI_2014) == []


def test_2016_making_a_deck_no_ally_named_like_the_mp(pool: CardPool) -> None:
    """2016 MAKING A DECK: "You cannot include any Allies that match the name of your MP";
    2014 allows it."""
    text = deck_text(extra=[(1, "Goku, Ally")])
    (violation,) = check(text, pool, PANINI_2016)
    assert violation.rule == "deck.ally-named-like-mp"
    assert "Ally 'Goku, Ally' is Goku" in violation.message
    assert check(text, pool, PANINI_2014) == []


# --- Style, Named and Alignment -----------------------------------------------------------------
@pytest.mark.parametrize("ruleset", [PANINI_2016, PANINI_2014], ids=lambda r: r.name)
def test_making_a_deck_styled_cards_match_the_mastery(pool: CardPool, ruleset: Ruleset) -> None:
    """2016 MAKING A DECK: "All of your Styled cards must match the Style of your Mastery";
    Freestyle cards are always allowed."""
    (violation,) = check(deck_text(extra=[(2, "Red Blast")]), pool, ruleset)
    assert violation.rule == "deck.style"
    assert violation.message == (
        "'Red Blast' is Red; the Mastery is 'Saiyan Mastery (Battle Ready)' (Saiyan)"
    )


@pytest.mark.parametrize("ruleset", [PANINI_2016, PANINI_2014], ids=lambda r: r.name)
def test_making_a_deck_named_cards_match_the_mp(pool: CardPool, ruleset: Ruleset) -> None:
    """2016 MAKING A DECK: "Any Named cards you include must match the name of your MP"."""
    text = deck_text(mp="Vegeta", extra=[(1, "Goku's Kamehameha"), (2, "Vegeta's Galick Gun")])
    (violation,) = check(text, pool, ruleset)
    assert violation.rule == "deck.named"
    expected = "'Goku's Kamehameha' is Named for Goku; the Main Personality is Vegeta"
    assert violation.message == expected


@pytest.mark.parametrize("ruleset", [PANINI_2016, PANINI_2014], ids=lambda r: r.name)
def test_making_a_deck_alignment_tied_cards_and_allies(pool: CardPool, ruleset: Ruleset) -> None:
    """2016 MAKING A DECK: "Any cards tied to an Alignment must match the Alignment of your
    MP (this includes Allies)"."""
    text = deck_text(extra=[(1, "Villainous Plot"), (1, "Nappa, Ally"), (1, "Heroic Stand")])
    violations = check(text, pool, ruleset)
    assert rules(violations) == ["deck.alignment", "deck.alignment"]
    assert violations[0].message == (
        "'Villainous Plot' is tied to the Villain Alignment; the Main Personality is a Hero"
    )
    assert violations[1].message.startswith("'Nappa, Ally' is tied to the Villain Alignment")


def test_2014_mixed_alignment_set_accepts_either_alignment(pool: CardPool) -> None:
    """2014 MAKING A DECK has no same-Alignment rule, so a mixed set's cards may match
    either of its Alignments."""
    mp = ["Goku Level 1", "Goku Level 2 (Dark)", "Goku Level 3", "Goku Level 4"]
    text = deck_text(mp_cards=mp, extra=[(1, "Villainous Plot"), (1, "Heroic Stand")])
    assert check(text, pool, PANINI_2014) == []


# --- Saiyan and Namekian styles -------------------------------------------------------------------
def test_2016_card_types_saiyan_style_needs_a_saiyan_personality(pool: CardPool) -> None:
    """2016 CARD TYPES, Saiyan: "This style can only be used if your MP is a Saiyan
    Personality" (Krillin is not on the list)."""
    text = deck_text(mp="Krillin", extra=[(2, "Saiyan Strike")])
    (violation,) = check(text, pool, PANINI_2016)
    assert violation.rule == "deck.saiyan-style"
    assert violation.source == "panini-tcg-2016-awakening-rulebook.txt, CARD TYPES (Saiyan)"
    assert "Main Personality Krillin is not one" in violation.message
    assert "1x 'Saiyan Mastery (Battle Ready)', 2x 'Saiyan Strike'" in violation.message
    assert rules(check(text, pool, PANINI_2014)) == ["deck.saiyan-style"]


def test_2014_card_types_saiyan_trait_admits_an_unlisted_mp(pool: CardPool) -> None:
    """2014 CARD TYPES names Saiyans by example ("Goku, Gohan, Vegeta ... etc"), so an MP
    with the Saiyan trait qualifies; 2016's list is closed."""
    text = deck_text(mp="Tarble", extra=[(1, "Saiyan Strike")])
    assert check(text, pool, PANINI_2014) == []
    assert rules(check(text, pool, PANINI_2016)) == ["deck.saiyan-style"]


def test_card_types_namekian_style_needs_a_namekian_personality(pool: CardPool) -> None:
    """2016 CARD TYPES, Namekian: only for a Namekian Personality (Piccolo yes, Goku no)."""
    text = deck_text(mastery="Namekian Mastery", extra=[(3, "Namekian Regrowth")])
    for ruleset in RULESETS.values():
        assert check(text.replace("Goku", "Piccolo"), pool, ruleset) == []
        (violation,) = check(text, pool, ruleset)
        assert violation.rule == "deck.namekian-style"
        assert violation.source.endswith("CARD TYPES (Namekian)")


# --- everything at once --------------------------------------------------------------------------
def test_every_violation_is_reported(pool: CardPool) -> None:
    """All problems at once, each named, not just the first."""
    text = deck_text(
        mastery=["Saiyan Mastery (Battle Ready)", "Red Mastery"],
        mp_cards=["Goku Level 1", "Goku Level 2 (Dark)", "Vegeta Level 3"],
        extra=[(4, "Saiyan Strike"), (1, "Earth Dragon Ball 1"), (1, "Namek Dragon Ball 2"),
               (1, "Goku, Ally"), (2, "Nappa, Ally"), (1, "Namekian Regrowth")],
        size=50,
    )  # fmt: skip
    assert rules(check(text, pool)) == [
        "deck.mp-set",
        "deck.mp-name",
        "deck.mp-alignment",
        "deck.mastery",
        "deck.life-size",
        "deck.copies",
        "deck.one-copy",
        "deck.dragon-ball-set",
        "deck.ally-named-like-mp",
        "deck.style",
        "deck.namekian-style",
    ]


def test_unknown_names_in_a_deck_are_violations(pool: CardPool) -> None:
    from engine.panini.decklist import Deck

    deck = Deck("d", tuple(f"Goku Level {n}" for n in range(1, 5)), "Red Mastery", ("Nope",))
    violations = check_deck(deck, pool, PANINI_2016)
    assert rules(violations) == ["deck.unknown-card", "deck.life-size"]
    assert str(violations[0]) == f"[deck.unknown-card] 'Nope' is not a known card ({MAKING_2016})"


# --- the shipped starter decks -------------------------------------------------------------------
def _starter_decks() -> list[Path]:
    return sorted(DECKS_DIR.glob("*.txt"))


@pytest.mark.parametrize("ruleset", [PANINI_2016, PANINI_2014], ids=lambda r: r.name)
def test_starter_decks_are_legal(ruleset: Ruleset) -> None:
    """Every data/decks/*.txt is legal against the real sandbox pool, under both rulesets."""
    decks = _starter_decks()
    if not decks:
        pytest.skip("no starter decks in data/decks/ yet")
    real_pool = load_pool()
    for path in decks:
        parsed = parse_deck_list(path.read_text(encoding="utf-8"), real_pool, name=path.stem)
        violations = check_deck(parsed, real_pool, ruleset)
        assert violations == [], f"{path.name}: " + "; ".join(map(str, violations))
        build_deck(parsed, real_pool)  # and the engine can start a game from it
