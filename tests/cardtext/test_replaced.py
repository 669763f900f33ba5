"""Cards banished in place of the discard pile (engine.panini.cardtext.replaced)."""

from __future__ import annotations

from engine.panini.cards import CardType
from engine.panini.cardtext import compile_text


def _constant(text: str, card_type: CardType = CardType.DRILL) -> list[dict[str, object]]:
    result = compile_text(text, card_type)
    assert result.status == "automated", text
    constant: list[dict[str, object]] = result.fields["constant"]
    return constant


def test_destroyed_from_a_life_deck_during_combat_banished_instead() -> None:
    text = ("CONSTANT: Whenever an effect during combat destroys non-Dragon Ball cards from the "
            "top of a Life Deck, they are banished instead.")  # fmt: skip
    assert _constant(text) == [{"mod": "destroyed_banished", "who": "both", "in_combat": True}]


def test_your_effects_on_your_opponents_life_deck() -> None:
    text = ("CONSTANT: Whenever one of your effects destroys non-Dragon Ball cards from the top "
            "of your opponent's Life Deck, they are banished instead.")  # fmt: skip
    assert _constant(text) == [{"mod": "destroyed_banished", "who": "opponent", "by": "opponent"}]
    own = "CONSTANT: Whenever one of your effects destroys a non-Dragon Ball card from the top "
    own += "of your Life Deck, it is banished instead."
    assert _constant(own) == [{"mod": "destroyed_banished", "who": "self", "by": "owner"}]


def test_while_attached_with_no_comma() -> None:
    text = ("Physical attack. Attach to your opponent's MP. While attached whenever one of your "
            "effects destroys non-Dragon Ball cards from the top of your opponent's Life Deck, "
            "they are banished instead. DAMAGE: 3 stages.")  # fmt: skip
    constant = _constant(text, CardType.PHYSICAL_COMBAT)
    assert constant == [{"mod": "destroyed_banished", "who": "opponent", "by": "opponent"}]


def test_discarded_from_a_hand_banished() -> None:
    text = "CONSTANT: Whenever a non-Dragon Ball card is discarded from a player's hand, banish it."
    assert _constant(text, CardType.ALLY) == [{"mod": "discard_banished", "who": "both"}]
    mine = "CONSTANT: Whenever a non-Dragon Ball card is discarded from your opponent's hand, "
    assert _constant(f"{mine}banish it.") == [{"mod": "discard_banished", "who": "opponent"}]


def test_near_misses_stay_unread() -> None:
    for text in (
        # every card: a Dragon Ball has its own way out
        "CONSTANT: Whenever a card is discarded from a player's hand, banish it.",
        "CONSTANT: Whenever an effect destroys cards from the top of a Life Deck, they are "
        "banished instead.",
        # "cards ... it": which?
        "CONSTANT: Whenever an effect destroys non-Dragon Ball cards from the top of a Life "
        "Deck, it is banished instead.",
        # your effects on any Life Deck: seen from each side differently
        "CONSTANT: Whenever one of your effects destroys non-Dragon Ball cards from the top of "
        "a Life Deck, they are banished instead.",
        # another destination
        "CONSTANT: Whenever a non-Dragon Ball card is discarded from a player's hand, shuffle "
        "it into its owner's Life Deck.",
    ):
        result = compile_text(text, CardType.DRILL)
        assert "constant" not in result.fields, text
        assert result.manual, text


def test_draw_from_the_bottom_instead() -> None:
    text = ("CONSTANT: Whenever you would draw a card from a card effect, you may draw from the "
            "bottom of your Life Deck instead.")  # fmt: skip
    assert _constant(text) == [{"mod": "draw_bottom"}]
    for near in (
        # every draw, the Draw Step's included: not read
        "CONSTANT: Whenever you would draw a card, you may draw from the bottom of your Life "
        "Deck instead.",
        # not optional
        "CONSTANT: Whenever you would draw a card from a card effect, draw from the bottom of "
        "your Life Deck instead.",
    ):
        assert "constant" not in compile_text(near, CardType.DRILL).fields, near


def test_effects_that_destroy_from_a_life_deck_cannot_be_used() -> None:
    text = "CONSTANT: Card effects that destroy cards from a player's Life Deck cannot be used."
    assert _constant(text) == [{"mod": "no_life_destroy", "who": "both"}]
    # from the discard pile, or banishing: another restriction, not read here
    for near in (
        "CONSTANT: Card effects that destroy cards from a player's discard pile cannot be used.",
        "CONSTANT: Card effects that banish cards from a player's Life Deck cannot be used.",
    ):
        assert "constant" not in compile_text(near, CardType.DRILL).fields, near


def test_increase_that_amount_and_an_effect() -> None:
    text = ("CONSTANT: Whenever one of your effects destroys cards from the top of your "
            "opponent's Life Deck, increase that amount by 2 and Rejuvenate 2.")  # fmt: skip
    result = compile_text(text, CardType.MAIN_PERSONALITY)
    assert result.status == "automated"
    assert result.fields["constant"] == [
        {"mod": "more_destroyed", "amount": 2, "who": "opponent", "by": "opponent"}
    ]
    assert result.fields["triggers"] == [
        {"on": "life_deck_destroyed", "who": "opponent", "by": "self",
         "effects": [{"do": "rejuvenate", "amount": 2}]}
    ]  # fmt: skip
    for near in (
        # the effect is not read: neither part is
        "CONSTANT: Whenever one of your effects destroys cards from the top of your opponent's "
        "Life Deck, increase that amount by 2 and sing.",
        # an event with no amount change read
        "CONSTANT: Whenever you draw a card, increase that amount by 2 and Rejuvenate 2.",
    ):
        result = compile_text(near, CardType.DRILL)
        assert "constant" not in result.fields and "triggers" not in result.fields, near


def test_your_mp_gains_the_same_number_of_stages() -> None:
    text = ("CONSTANT: Whenever your opponent gains stages during combat, your MP gains the same "
            "number of stages.")  # fmt: skip
    assert _constant(text) == [{"mod": "stages_mirrored", "who": "opponent", "in_combat": True}]
    for near in (
        # your own gains: it would feed itself
        "CONSTANT: Whenever you gain stages, your MP gains the same number of stages.",
        # another personality than the MP: not read
        "CONSTANT: Whenever your opponent gains stages, your Allies gain the same number of "
        "stages.",
    ):
        assert "constant" not in compile_text(near, CardType.DRILL).fields, near


def test_use_when_destroying_increase_that_amount() -> None:
    text = ("[INSTANT] POWER: Use when one of your effects destroys cards from the top of your "
            "opponent's Life Deck. Increase that amount by 1.")  # fmt: skip
    result = compile_text(text, CardType.EVENT)
    assert result.status == "automated"
    (trigger,) = result.fields["triggers"]
    assert (trigger["on"], trigger["power"]) == ("life_deck_destroyed", True)
    top = {"do": "move", "position": "top", "amount": 1, "source": "life_deck", "to": "discard"}
    assert trigger["effects"] == [{**top, "who": "opponent"}]
    # another event: "that amount" is not a number of cards destroyed
    near = "[INSTANT] POWER: Use when you draw a card. Increase that amount by 1."
    assert compile_text(near, CardType.EVENT).status == "manual"


def test_if_condition_effect_instead() -> None:
    text = ("POWER: Raise your anger 1 level. If your anger is 1 or more, raise your anger 2 "
            "levels instead.")  # fmt: skip
    result = compile_text(text, CardType.EVENT)
    assert result.status == "automated"
    condition = {"anger_at_least": 1}
    assert result.fields["action"]["effects"] == [
        {"do": "raise_anger", "amount": 1, "if": {"none_of": [condition]}},
        {"do": "raise_anger", "amount": 2, "if": condition, "if_you_do_not": True},
    ]
    for near in (
        # no effect just before it
        "POWER: If your anger is 1 or more, raise your anger 2 levels instead.",
        # the sentence before is two effects: which one is replaced?
        "POWER: Raise your anger 1 level and draw a card. If your anger is 1 or more, raise "
        "your anger 2 levels instead.",
        # "If you do" is no condition
        "POWER: Raise your anger 1 level. If you do, raise your anger 2 levels instead.",
        # "you may <B> instead": declined, A happens (not read)
        "POWER: Raise your anger 1 level. If your anger is 1 or more, you may raise your anger "
        "2 levels instead.",
    ):
        assert compile_text(near, CardType.EVENT).status != "automated", near
