"""Trigger events: a card played, by the words in its title or its alignment, and life
cards of damage taken from an attack (engine.panini.cardtext.triggers; 2016 GLOSSARY "Effects";
docs/rulings.md 186, 187)."""

from __future__ import annotations

from engine.panini.cards import CardType
from engine.panini.cardtext import compile_text

_MILL = {"do": "move", "position": "top", "amount": 1, "source": "life_deck", "to": "discard",
         "who": "opponent"}  # fmt: skip


def _trigger(text: str) -> dict[str, object]:
    result = compile_text(f"CONSTANT: {text}", CardType.DRILL)
    assert result.status == "automated", result.unread
    (trigger,) = result.fields["triggers"]
    found: dict[str, object] = trigger
    return found


def test_a_card_with_words_in_its_title() -> None:
    text = "Whenever you play a card with 'Sword' in the title, destroy the top card of your {}."
    assert _trigger(text.format("opponent's Life Deck")) == {
        "on": "card_played", "title_has": "Sword", "effects": [_MILL]}  # fmt: skip
    found = _trigger('Whenever your opponent plays a card with "Super Saiyan" in its title, '
                     "raise your anger 1 level.")  # fmt: skip
    assert found["title_has"] == "Super Saiyan" and found["who"] == "opponent"
    found = _trigger("Whenever you play a card with Android in the title during combat, "
                     "raise your anger 1 level.")  # fmt: skip
    assert found["title_has"] == "Android" and found["during_combat"] is True


def test_a_heroes_or_villains_only_card() -> None:
    found = _trigger("Whenever you play a 'Heroes only' card, you may Rejuvenate 2.")
    assert found["alignment"] == "hero"
    assert found["effects"] == [{"do": "rejuvenate", "amount": 2, "may": True}]
    found = _trigger("Whenever you play a 'Villains only' card, draw a card.")
    assert found["alignment"] == "villain"


def test_near_misses_stay_unread() -> None:
    for text in (
        "Whenever you play a card with 'Sword' in the text, draw a card.",
        "Whenever you play a card with 'Sword' in the title and a card, draw a card.",
        "Whenever you play a 'Heroes and Villains' card, draw a card.",
        # printed without its comma, read where one cut reads whole (docs/rulings.md 257);
        # here no cut does
        "Whenever you play a card with 'Sword' in the title draw a card the card.",
    ):
        assert compile_text(f"CONSTANT: {text}", CardType.DRILL).unread, text


def test_after_taking_life_card_damage() -> None:
    """ "life card damage": life cards dealt by an attack, not any damage (ruling 187)."""
    found = _trigger("After taking life card damage from an attack, gain 2 stages.")
    assert found == {"on": "life_damage_taken", "effects": [{"do": "gain_stages", "amount": 2}]}
    found = _trigger("Whenever your opponent takes life cards of damage from an energy attack, "
                     "draw a card.")  # fmt: skip
    assert found["who"] == "opponent" and found["attack_type"] == "energy"
    # "life card damage" from an effect is no attack's
    text = "CONSTANT: After taking life card damage from an effect, gain 2 stages."
    assert compile_text(text, CardType.DRILL).unread


def test_constant_when_entering_combat_is_an_entering_combat_effect() -> None:
    """ "CONSTANT: When entering combat, <effects>." is "WHEN ENTERING COMBAT:" (ruling 188),
    that sentence alone: the next one is still a constant."""
    text = ("CONSTANT: When entering combat, look at the top 4 cards of your Life Deck and put "
            "them back in any order. Your attacks deal +1 stage of damage.")  # fmt: skip
    result = compile_text(text, CardType.MAIN_PERSONALITY)
    assert result.status == "automated"
    assert result.fields["entering_combat"] == [
        {"do": "rearrange", "source": "life_deck", "position": "top", "amount": 4}
    ]
    assert result.fields["constant"] == [{"mod": "damage", "stages": 1}]
    # not on an Event (no entering-combat effects), nor a timing without its comma
    assert compile_text("CONSTANT: When entering combat, draw a card.", CardType.EVENT).manual
    assert compile_text("CONSTANT: When entering combat draw a card.", CardType.DRILL).manual


def test_the_start_of_a_players_first_turn() -> None:
    """ "At the start of your opponent's first turn, ..." (ruling 189)."""
    text = ("(At the start of your opponent's first turn, search your Life Deck for a Setup and "
            "place it into play.)")  # fmt: skip
    result = compile_text(text, CardType.MAIN_PERSONALITY)
    (trigger,) = result.fields["triggers"]
    assert trigger["on"] == "turn_started" and trigger["who"] == "opponent"
    assert trigger["first_turn"] is True
    # "each player's first turn", "the first turn": not read
    for near in ("each player's first turn", "the first turn"):
        text = f"CONSTANT: At the start of {near}, draw a card."
        assert compile_text(text, CardType.DRILL).unread, near


def test_cards_banished_from_a_discard_pile() -> None:
    """ "Whenever you banish cards from your (opponent's) discard pile" (ruling 190)."""
    found = _trigger("Whenever you banish cards from your discard pile, draw a card.")
    assert found["on"] == "discard_banished" and found["by"] == "self" and "who" not in found
    found = _trigger("Whenever you banish cards from your opponent's discard pile, draw a card.")
    assert found["who"] == "opponent" and found["by"] == "self"
    found = _trigger("Whenever your opponent banishes a card from his discard pile, draw a card.")
    assert found["who"] == "opponent" and found["by"] == "opponent"
    for near in (
        "you banish cards from his discard pile",  # whose?
        "you banish cards from a discard pile",
        "a card is banished from your discard pile",  # by whom? not read
    ):
        text = f"CONSTANT: Whenever {near}, draw a card."
        assert compile_text(text, CardType.DRILL).unread, near


def test_you_lower_your_opponents_anger() -> None:
    """ "Whenever you lower your opponent's anger": your effect, his anger (ruling 191)."""
    found = _trigger("Whenever you lower your opponent's anger, draw a card.")
    assert found["on"] == "anger_lowered" and found["who"] == "opponent"
    assert found["by"] == "self"
    found = _trigger("Whenever your opponent lowers your anger, draw a card.")
    assert found["by"] == "opponent" and "who" not in found
    for near in ("you lower his anger", "you lower a player's anger"):
        text = f"CONSTANT: Whenever {near}, draw a card."
        assert compile_text(text, CardType.DRILL).unread, near
