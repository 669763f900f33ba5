"""Sentences changing the amount of other effects (engine.panini.cardtext.amounts): more cards
destroyed or banished from the top of the opponent's piles, anger raised or lowered by a
changed amount (2016 GLOSSARY "Effects"; docs/rulings.md 185)."""

from __future__ import annotations

from engine.panini.cards import Card, CardType
from engine.panini.cardtext import compile_text, reproduces

_OPP = {"who": "opponent", "by": "opponent"}
_TOP = "the top of your opponent's Life Deck"


def _constant(text: str, card_type: CardType = CardType.DRILL) -> list[dict[str, object]]:
    result = compile_text(f"CONSTANT: {text}", card_type)
    assert result.status == "automated", result.unread
    constant: list[dict[str, object]] = result.fields["constant"]
    return constant


def test_more_cards_from_the_top_of_the_opponents_life_deck() -> None:
    wheelo = f"Whenever one of your effects destroys cards from {_TOP}, increase that amount by 1."
    assert _constant(wheelo) == [{"mod": "more_destroyed", "amount": 1, **_OPP}]
    have = ("Your effects that banish cards from the top of your opponent's Life Deck or discard"
            " pile have that amount increased by 2.")  # fmt: skip
    assert _constant(have) == [
        {"mod": "more_banished", "amount": 2, **_OPP},
        {"mod": "more_banished_discard", "amount": 2, **_OPP},
    ]
    both = (
        f"Whenever one of your effects destroys or banishes cards from {_TOP}, increase that"
        " amount by 1."
    )
    assert _constant(both) == [{"mod": "more_removed", "amount": 1, **_OPP}]


def test_floating_amounts_need_one_duration() -> None:
    chomp = ("Physical attack. DAMAGE: 3 stages. Whenever your effects destroy or banish cards "
             f"from {_TOP} this combat, increase that amount by 1.")  # fmt: skip
    result = compile_text(chomp, CardType.PHYSICAL_COMBAT)
    assert result.status == "automated"
    assert result.fields["attack"]["effects"] == [
        {"do": "until_end_of_turn", "modifier": {"mod": "more_removed", "amount": 1, **_OPP}}
    ]
    strike = ("POWER: Until the end of your next turn, your effects that destroy cards from the "
              "top of your opponent's Life Deck are increased by 1.")  # fmt: skip
    effects = compile_text(strike, CardType.EVENT).fields["action"]["effects"]
    assert effects[0]["lasts"] == "next_turn"
    city = ("POWER: Until the start of your next turn, your effects that require you to lower your"
            " anger are reduced by 1 (to a minimum of 0).")  # fmt: skip
    effects = compile_text(city, CardType.EVENT).fields["action"]["effects"]
    assert effects == [{"do": "until_end_of_turn", "lasts": "next_turn_start", "modifier": {
        "mod": "anger_lower_plus", "amount": -1, "who": "self", "by": "owner"}}]  # fmt: skip
    card = Card.model_validate({"name": "City", "type": "event", "text": city,
                                **compile_text(city, CardType.EVENT).fields})  # fmt: skip
    assert reproduces(card)


def test_anger_amounts() -> None:
    assert _constant(
        "Whenever your anger would be lowered by any amount, its lowered by 1 instead.",
        CardType.MAIN_PERSONALITY,
    ) == [{"mod": "anger_lower_at_most", "amount": 1, "who": "self"}]
    assert _constant(
        "Whenever an effect would lower your anger by more than 1 level, it is lowered by 1"
        " instead."
    ) == [{"mod": "anger_lower_at_most", "amount": 1, "who": "self"}]
    assert _constant("Whenever a player raises his anger, change that amount to 1.") == [
        {"mod": "anger_raise_set", "amount": 1, "who": "both"}
    ]
    smug = (
        "Your card effects that raise or lower your opponent's anger have that amount"
        " increased by 1."
    )
    assert _constant(smug) == [
        {"mod": "anger_raise_plus", "amount": 1, **_OPP},
        {"mod": "anger_lower_plus", "amount": 1, **_OPP},
    ]


def test_near_misses_stay_unread() -> None:
    near = [
        # a cap that is not the threshold: "more than 2 ... lowered by 1" is no cap
        "CONSTANT: Whenever an effect would lower your anger by more than 2 levels, it is"
        " lowered by 1 instead.",
        # cards are not destroyed from a discard pile
        "CONSTANT: Your effects that destroy cards from the top of your opponent's discard"
        " pile have that amount increased by 1.",
        # an effect not read after the amount change ("... and Rejuvenate 2." is read:
        # test_replaced), and a minimum other than zero
        f"CONSTANT: Whenever one of your effects destroys cards from {_TOP}, increase that"
        " amount by 2 and sing.",
        "CONSTANT: Your effects that require you to lower your anger are reduced by 1 (to a"
        " minimum of 1).",
        # non-Dragon Ball cards only: not an amount the engine tracks
        f"CONSTANT: Whenever one of your effects destroys non-Dragon Ball cards from {_TOP},"
        " increase that amount by 1.",
        # a floating change with no duration, and one with two modifiers
        f"POWER: Your effects that destroy cards from {_TOP} are increased by 1.",
        "POWER: Your effects that raise or lower your opponent's anger are increased by 1"
        " this combat.",
    ]
    for text in near:
        result = compile_text(text, CardType.EVENT if text.startswith("POWER") else CardType.DRILL)
        assert result.unread, text


def test_anger_doubled_during_combat() -> None:
    text = "Whenever you raise your anger during combat, that amount is doubled."
    assert _constant(text, CardType.MAIN_PERSONALITY) == [
        {"mod": "anger_raise_double", "who": "self", "in_combat": True}
    ]
    # "during the Planning Step": not read
    near = "CONSTANT: Whenever you raise your anger during the Planning Step, double that amount."
    assert compile_text(near, CardType.DRILL).unread
