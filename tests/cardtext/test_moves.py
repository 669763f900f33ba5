"""Sentences that move cards between zones compile to one `move` effect
(engine.panini.cardtext.moves): whose zone, where in it, which cards, how many, where to. A
sentence compiles only when the whole of it parses one way; what the rules or the engine
do not allow stays unread."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from engine.panini.cards import CardType, load_card_file
from engine.panini.cardtext import compile_text, reproduces
from engine.panini.cardtext.moves import parse_move
from engine.panini.cardtext.patterns import parse_effect

CASES: dict[str, dict[str, Any]] = {
    "Destroy an Ally": {"source": "in_play", "either_player": True, "card_types": ["ally"],
                        "to": "discard"},
    "Banish a Setup or Drill": {"source": "in_play", "either_player": True,
                                "card_types": ["drill", "setup"], "to": "banish"},
    "Banish an opponent's Setup, Drill, or Ally in play": {
        "source": "in_play", "who": "opponent", "card_types": ["ally", "drill", "setup"],
        "to": "banish"},
    "Destroy one of your opponent's Setups or Drills": {
        "source": "in_play", "who": "opponent", "card_types": ["drill", "setup"],
        "to": "discard"},
    "Banish all Drills you control": {"source": "in_play", "every": True,
                                      "card_types": ["drill"], "to": "banish"},
    "Banish 3 cards from your opponent's discard pile": {
        "source": "discard_pile", "who": "opponent", "amount": 3, "to": "banish"},
    "Banish the bottom two cards of your opponent's discard pile": {
        "source": "discard_pile", "who": "opponent", "position": "bottom", "amount": 2,
        "to": "banish"},
    "Banish up to 2 cards from a player's discard pile": {
        "source": "discard_pile", "either_player": True, "amount": 2, "up_to": True,
        "to": "banish"},
    "Draw the bottom card of your discard pile": {
        "source": "discard_pile", "position": "bottom", "to": "hand"},
    "Draw the bottom 2 cards of your discard pile": {
        "source": "discard_pile", "position": "bottom", "amount": 2, "to": "hand"},
    "Search your opponent's Life Deck for a card and discard it": {
        "source": "life_deck", "who": "opponent", "to": "discard"},
    "Search your Life Deck for a Styled Drill and place it into play": {
        "source": "life_deck", "styled": True, "card_types": ["drill"], "to": "place"},
    "Search your Life Deck for a non-Styled Drill and play it": {
        "source": "life_deck", "styled": False, "card_types": ["drill"], "to": "play"},
    "Search the top 5 cards of your discard pile for a Drill and place it into play": {
        "source": "discard_pile", "depth": 5, "card_types": ["drill"], "to": "place"},
    "Search your Life Deck or Banished Zone for a Styled attack card and place it on top of "
    "your discard pile": {
        "source": "life_deck", "also_from": ["banished"], "styled": True,
        "card_types": ["energy_combat", "physical_combat"], "to": "discard"},
    "Search your Life Deck, discard pile, or Banished Zone for a Red Physical Combat card and "
    "place it into your hand": {
        "source": "life_deck", "also_from": ["discard_pile", "banished"], "style": "red",
        "card_types": ["physical_combat"], "to": "hand"},
    "Choose 2 Energy Combat cards in your discard pile and place them on top of your Life "
    "Deck": {"source": "discard_pile", "amount": 2, "card_types": ["energy_combat"],
             "to": "life_top"},
    "Choose a card in your opponent's discard pile and place it on top of his Life Deck": {
        "source": "discard_pile", "who": "opponent", "to": "life_top"},
    "Rejuvenate 2 Drills from your discard pile": {
        "source": "discard_pile", "amount": 2, "card_types": ["drill"], "to": "rejuvenate"},
    "Rejuvenate the top or bottom 3 cards of your discard pile": {
        "source": "discard_pile", "position": "top_or_bottom", "amount": 3,
        "to": "rejuvenate"},
    "Destroy the top card of your Life Deck": {"source": "life_deck", "position": "top",
                                               "to": "discard"},
    "Your opponent destroys the top 2 cards of his or her Life Deck": {
        "source": "life_deck", "who": "opponent", "position": "top", "amount": 2,
        "to": "discard"},
    "Destroy up to 3 cards from the top of your Life Deck": {
        "source": "life_deck", "position": "top", "amount": 3, "up_to": True,
        "to": "discard"},
    "Shuffle a Dragon Ball you control back into its owner's Life Deck": {
        "source": "in_play", "card_types": ["dragon_ball"], "to": "life_shuffle"},
    "Choose an Ally, Drill, Setup or Dragon Ball in play and shuffle that card into its "
    "owner's Life Deck": {
        "source": "in_play", "either_player": True,
        "card_types": ["ally", "dragon_ball", "drill", "setup"], "to": "life_shuffle"},
    "Shuffle the top 2 cards from your discard pile into your Life Deck": {
        "source": "discard_pile", "position": "top", "amount": 2, "to": "life_shuffle"},
    "Return an Ally in play to its owner's hand": {
        "source": "in_play", "either_player": True, "card_types": ["ally"], "to": "hand"},
    "Place a card from your hand at the bottom of your Life Deck": {
        "source": "hand", "to": "life_bottom"},
    "Discard a Styled Drill from your hand": {
        "source": "hand", "styled": True, "card_types": ["drill"], "to": "discard"},
    "Search your Life Deck for a non-Dragon Ball card and place it into your hand": {
        "source": "life_deck", "to": "hand",
        "card_types": ["ally", "drill", "energy_combat", "event", "main_personality",
                       "mastery", "physical_combat", "setup"]},
    "Choose X cards in your discard pile and Rejuvenate them": {
        "source": "discard_pile", "x": True, "to": "rejuvenate"},
    "Shuffle this card back into your Life Deck": {"source": "this_card", "to": "life_shuffle"},
    "Rejuvenate this card": {"source": "this_card", "to": "rejuvenate"},
    "Search your discard pile for a card with Endurance and place it on top of your Life "
    "Deck": {"source": "discard_pile", "endurance": True, "to": "life_top"},
    'Search your Life Deck for an Ally with "Cell Jr." in the title and play it': {
        "source": "life_deck", "card_types": ["ally"], "title_has": "Cell Jr.", "to": "play"},
    "Destroy any number of Setups or Drills you control": {
        "source": "in_play", "every": True, "up_to": True, "card_types": ["drill", "setup"],
        "to": "discard"},
    # Dragon Balls of one set, a title, an Ally's stage as it enters play
    "Search your Life Deck for all Earth Dragon Balls and banish them": {
        "source": "life_deck", "every": True, "card_types": ["dragon_ball"],
        "dragon_ball_set": "Earth", "to": "banish"},
    "Destroy a Namek Dragon Ball you control": {
        "source": "in_play", "card_types": ["dragon_ball"], "dragon_ball_set": "Namek",
        "to": "discard"},
    "Search your discard pile for a card with 'Android' in the title and place it into your "
    "hand": {"source": "discard_pile", "title_has": "Android", "to": "hand"},
    'Search your Life Deck for "Goku\'s Power Pole" and place it into your hand': {
        "source": "life_deck", "titled": "Goku's Power Pole", "to": "hand"},
    'Search your Life Deck for a copy of "Power Pole" and place it into your hand': {
        "source": "life_deck", "titled": "Power Pole", "to": "hand"},
    "Search your Life Deck or discard pile for an Ally and place it into play at 5 stages "
    "above 0": {"source": "life_deck", "also_from": ["discard_pile"], "card_types": ["ally"],
                "to": "place", "ally_stage": 5},
    "Search your discard pile for an Ally and place it into play at its highest power "
    "stage": {"source": "discard_pile", "card_types": ["ally"], "to": "place",
              "ally_stage": "highest"},
}  # fmt: skip


@pytest.mark.parametrize("sentence", list(CASES))
def test_move_sentences_compile_to_their_fields(sentence: str) -> None:
    # "all", "any number of" and X have no fixed amount
    fixed = not (CASES[sentence].get("every") or CASES[sentence].get("x"))
    counted = {"amount": 1} if fixed else {}
    expected = {"do": "move", **counted, **CASES[sentence]}
    assert parse_move(sentence) == expected
    if '"' not in sentence and " '" not in sentence:  # a quoted title keeps its case
        assert parse_effect(sentence.upper()) == expected  # case does not matter


NEAR_MISSES = [
    "Search your Life Deck for a Saiyan Ally and play it",  # Saiyan: a trait, not a style
    "Search your opponent's Life Deck for a Drill and place it into play",  # whose control?
    "Search your opponent's Life Deck for a card and place it into your hand",
    "Search your Life Deck for a card and place it into play",  # not a card that stays
    "Destroy a card from your discard pile",  # destroying is from play or the Life Deck
    "Destroy the top Drill of your Life Deck",  # a filter at an end: not read
    "Banish an Ally atop",  # trailing words
    "Banish an Ally and draw a card",
    "Destroy a Setup or Drill your opponent controls and a card",
    "Banish a card from your opponent's hand",  # who chooses in a hidden hand: not said
    "Shuffle an Ally in play into your Life Deck",  # it would go to its owner's
    "Search your discard pile for a Red Drill or card and play it",
    "Search the top X cards of your Life Deck for a Drill and place it into play",
    "Destroy an Earth Dragon Ball or Setup",  # a set names Dragon Balls alone
    "Search your Life Deck for an Ally and place it into play at 5 stages above 2",
    "Search your Life Deck for a Drill and place it into play at 5 stages above 0",
    "Search your Life Deck for a copy of 'Goku's Power Pole' and place it into your hand",
    "Search your opponent's Life Deck for 'Power Pole and place it into your hand",
    "Search your Life Deck for an Ally with android in the title and play it",  # a word
    "Search your Life Deck for a card with a CONSTANT effect that raises anger and place it "
    "into your hand",
    "Discard a card from your discard pile",  # discarding is from the hand
    "Search your Life Deck for a non-Red Drill and place it into play",
    "Banish any of your Drills",  # one of them, or any number? not guessed
    "Shuffle this card into your Life Deck after use",  # after use: not an effect now
    "Shuffle this card into your opponent's Life Deck",  # it goes to its owner's
    "Place this card into your hand",
    "Banish this card when your opponent changes levels",
]


@pytest.mark.parametrize(
    ("text", "fields"),
    [
        # a title in capitals with no quotes (case matters: not read in capitals throughout)
        ("Search your Banished Zone for a card with Android in the title and Rejuvenate it.",
         {"source": "banished", "title_has": "Android", "to": "rejuvenate"}),
        # "its owners hand": the apostrophe left out (engine.panini.cardtext.normalise)
        ("Return a Setup or Drill your opponent controls to its owners hand.",
         {"source": "in_play", "who": "opponent", "card_types": ["drill", "setup"],
          "to": "hand"}),
    ],
)  # fmt: skip
def test_spelling_variants_of_moves(text: str, fields: dict[str, Any]) -> None:
    found = compile_text(text, CardType.EVENT)
    assert found.fields["action"]["effects"] == [{"do": "move", "amount": 1, **fields}]


@pytest.mark.parametrize("sentence", NEAR_MISSES)
def test_near_misses_stay_unread(sentence: str) -> None:
    assert parse_move(sentence) is None


def test_ambiguous_parses_stay_unread(monkeypatch: pytest.MonkeyPatch) -> None:
    """A sentence the grammar reads two ways is not guessed at."""
    from lark import Lark

    from engine.panini.cardtext import moves

    ambiguous = moves._GRAMMAR.replace(
        "start: destroy", 'start: destroy | "destroy"i "an"i ALLY -> destroy_ally\n     | destroy'
    )
    parser = Lark(ambiguous, parser="earley", lexer="basic", ambiguity="explicit")
    assert any(True for _ in parser.parse("Destroy an Ally").find_data("_ambig"))
    monkeypatch.setattr(moves, "_parser", lambda: parser)
    assert moves.parse_move("Destroy an Ally") is None
    assert moves.parse_move("Destroy a Setup") is not None


def test_you_may_if_and_hit_wrap_a_move() -> None:
    text = ("Physical attack. DAMAGE: AT +2 stages. HIT: You may search your discard pile "
            "for a Drill and place it into play.")  # fmt: skip
    result = compile_text(text, CardType.PHYSICAL_COMBAT)
    assert result.status == "automated"
    assert result.fields["attack"]["hit"] == [
        {"do": "move", "source": "discard_pile", "amount": 1, "card_types": ["drill"],
         "to": "place", "may": True}
    ]  # fmt: skip


def test_the_scenario_cards_are_what_their_text_compiles_to() -> None:
    path = Path(__file__).parents[1] / "cards" / "moves.yaml"
    for card in load_card_file(path):
        assert reproduces(card), card.name


def test_older_patterns_still_win() -> None:
    """Sentences the older effects read keep compiling to them."""
    assert parse_effect("Search your Life Deck for a Drill and place it in your hand") == {
        "do": "search", "card_type": "drill"}  # fmt: skip
    assert parse_effect("Banish the top 2 cards of your opponent's discard pile") == {
        "do": "banish_from_discard", "amount": 2, "who": "opponent"}  # fmt: skip
