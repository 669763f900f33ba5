""""You may ..." and "If you do, ..." (2016 GLOSSARY "Effects": immediate effects resolve
one sentence at a time): an optional sentence is the controller's choice, and "If you do"
refers to the sentence just before it, so it compiles only when that one did."""

from __future__ import annotations

from engine.panini.cards import Card, CardType
from engine.panini.cardtext import compile_text, reproduces


def test_you_may_and_if_you_do_compile_onto_the_effects() -> None:
    text = "POWER: You may discard a card from your hand. If you do, draw 2 cards."
    result = compile_text(text, CardType.EVENT)
    assert result.status == "automated"
    assert result.fields["action"]["effects"] == [
        {"do": "discard_from_hand", "amount": 1, "may": True},
        {"do": "draw", "amount": 2, "if_you_do": True},
    ]
    card = Card.model_validate({"name": "Risky Trade", "type": "event", "text": text,
                                **result.fields})  # fmt: skip
    assert card.action is not None and card.action.effects[0].optional
    assert card.action.effects[1].if_done and reproduces(card)


def test_if_you_do_after_a_sentence_not_read_is_left_to_players_with_it() -> None:
    """Compiled alone, "If you do" would refer to whatever effect came before the unread
    sentence, or run unconditionally: it stays with the sentence it refers to."""
    cases = {
        "POWER: Show your hand to a judge. If you do, draw 2 cards.": 2,
        "POWER: Draw a card. Swap hands. If you do, draw a card.": 2,
        "POWER: If you do, draw a card.": 1,
    }
    for text, left in cases.items():
        result = compile_text(text, CardType.EVENT)
        assert result.manual[-1].startswith("If you do") or "If you do" in result.manual[0]
        assert len(result.manual) == left, text
        effects = result.fields.get("action", {}).get("effects", [])
        assert not [e for e in effects if e.get("if_you_do")], text


def test_if_you_do_does_not_reach_across_damage_or_into_a_trigger() -> None:
    attack = compile_text("Physical attack. You may raise your anger 1 level. DAMAGE: AT +2 "
                          "stages. HIT: If you do, draw a card.", CardType.PHYSICAL_COMBAT)
    assert attack.manual == ["HIT: If you do, draw a card."]
    assert "hit" not in attack.fields["attack"]
    trigger = "CONSTANT: Whenever you raise your anger, if you do, draw a card."
    assert "triggers" not in compile_text(trigger, CardType.DRILL).fields


def test_you_may_before_an_attack_and_in_a_trigger() -> None:
    attack = compile_text("Physical attack. You may raise your anger 1 level. DAMAGE: AT +2 "
                          "stages.", CardType.PHYSICAL_COMBAT)  # fmt: skip
    assert attack.status == "automated"
    assert attack.fields["attack"]["effects"] == [{"do": "raise_anger", "amount": 1, "may": True}]
    drill = compile_text("CONSTANT: Whenever you stop an attack, you may draw a card.",
                         CardType.DRILL)  # fmt: skip
    assert drill.fields["triggers"][0]["effects"] == [{"do": "draw", "amount": 1, "may": True}]
