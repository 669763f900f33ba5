"""Plain effects (engine.panini.cardtext.plain): anger set or moved without "levels", levels moved
by several / either way / for both players, the opponent gaining stages,
and "Prevent all damage from a physical/energy attack"."""

from __future__ import annotations

import pytest

from engine.panini.cards import Card, CardType
from engine.panini.cardtext import compile_text, reproduces

_READ = {
    "POWER: Raise your anger 2.": {"do": "raise_anger", "amount": 2},
    "POWER: Lower your opponent's anger by 1 level.":
        {"do": "lower_anger", "amount": 1, "who": "opponent"},
    "POWER: Raise or lower a player's anger 1.":
        {"do": "change_anger", "amount": 1, "players": "either", "direction": "either"},
    "POWER: Set your anger level to 3.": {"do": "set_anger", "level": 3},
    "POWER: Set your opponent's anger to 0.": {"do": "set_anger", "level": 0, "who": "opponent"},
    "POWER: Both players set their anger level to 0.":
        {"do": "set_anger", "level": 0, "both": True},
    "POWER: Advance or lower your opponent's MP 2 levels.":
        {"do": "change_level", "amount": 2, "direction": "either", "who": "opponent"},
    "POWER: Lower both players' MPs one personality level.":
        {"do": "change_level", "amount": 1, "direction": "lower", "both": True},
    "POWER: Advance your MP 2 levels.": {"do": "change_level", "amount": 2, "direction": "advance"},
    "POWER: Advance your MP one personality level.": {"do": "advance_level"},
    "POWER: All of your opponent's personalities lose 2 stages.":
        {"do": "all_stages", "amount": 2, "who": "opponent"},
    "POWER: Your personalities gain 1 stage.": {"do": "all_stages", "amount": 1, "gain": True},
    "POWER: All Allies in play lose 2 stages.":
        {"do": "all_stages", "amount": 2, "allies_only": True, "both": True},
    "POWER: Raise a personality to their highest power stage.":
        {"do": "set_stage_max", "personality": "chosen"},
    "POWER: Raise an Ally to its highest power stage.":
        {"do": "set_stage_max", "personality": "ally"},
    "POWER: You may set your MP to its 0 power stage.":
        {"do": "set_stage", "stage": 0, "may": True},
    "POWER: Lower your MP to his 0 power stage.":
        {"do": "set_stage", "stage": 0, "direction": "lower"},
    "POWER: Set your opponent's MP's power level to 0.":
        {"do": "set_stage", "stage": 0, "who": "opponent"},
    "POWER: Raise your anger up to 2 levels.":
        {"do": "anger_up_to", "direction": "raise", "amount": 2},
    "POWER: You may lower your anger by any amount.":
        {"do": "anger_up_to", "direction": "lower", "may": True},
    "POWER: Advance or lower your MP to level 2.":
        {"do": "change_level", "direction": "either", "to_level": 2},
    "POWER: Shuffle your Life Deck.": {"do": "shuffle_life_deck"},
    "POWER: Advance your MP up to 2 levels.":
        {"do": "change_level", "amount": 2, "direction": "advance", "up_to": True},
    "POWER: Shuffle your Deck.": {"do": "shuffle_life_deck"},
    "POWER: Capture an Earth Dragon Ball.":
        {"do": "capture_dragon_ball", "dragon_ball_set": "earth"},
    "POWER: Capture a Dragon Ball without using its immediate effects.":
        {"do": "capture_dragon_ball", "no_effects": True},
    "POWER: End combat.": {"do": "end_combat"},
    "POWER: End the combat.": {"do": "end_combat"},
    "POWER: Your opponent gains 3 stages.": {"do": "gain_stages", "amount": 3, "who": "opponent"},
}  # fmt: skip


@pytest.mark.parametrize("text", list(_READ))
def test_plain_effects_compile(text: str) -> None:
    result = compile_text(text, CardType.EVENT)
    assert result.status == "automated", result.manual
    assert result.fields["action"]["effects"] == [_READ[text]]
    card = Card.model_validate({"name": "Plain", "type": "event", "text": text, **result.fields})
    assert reproduces(card)


@pytest.mark.parametrize(
    "text",
    [
        "POWER: Set a player's anger to 2.",  # which player: not said how it is chosen
        "POWER: Set your MP's power level to 3.",  # a power level is not a stage number
        "POWER: Set your MP to 3 stages.",
        "POWER: Raise your anger any amount.",  # raising any amount: not a phrasing cards use
        "POWER: Raise your anger up to 2 levels and draw up.",
        "POWER: Your opponent randomly discards a card from your hand.",  # whose hand?
        "POWER: Your opponent randomly discards a random card from his hand.",
        "POWER: Your opponent randomly discards 2 cards from his hand.",
        "POWER: Lower a personality 2 levels.",  # Allies have no levels to lower
        "POWER: Set your anger to 2 and then more.",
        "POWER: All personalities with Android lose 2 stages.",  # with what? (the title: read)
        "POWER: Your opponent's personalities lose 2 stages, to a minimum of 1.",
        "POWER: Raise your opponent's Ally to its highest power stage.",
        "POWER: Raise a personality to its highest power level.",
        "POWER: End combat at the end of this turn.",
        "POWER: Advance or lower your MP to level 5.",
        "POWER: Shuffle your opponent's hand.",
        "POWER: Advance your MP up to level 2.",
        "POWER: Capture a Saiyan Dragon Ball.",
        "POWER: Capture a Dragon Ball without using its immediate effects and draw.",
        "POWER: End your combat step and draw.",
    ],
)
def test_near_misses_stay_unread(text: str) -> None:
    result = compile_text(text, CardType.EVENT)
    assert result.status == "manual", result.fields


def test_you_may_end_combat_and_end_combat_as_a_hit() -> None:
    result = compile_text("POWER: You may end combat.", CardType.EVENT)
    assert result.fields["action"]["effects"] == [{"do": "end_combat", "may": True}]
    text = "Physical attack. DAMAGE: 2 stages. HIT: End combat."
    attack = compile_text(text, CardType.PHYSICAL_COMBAT).fields["attack"]
    assert attack["hit"] == [{"do": "end_combat"}]


def test_randomly_discards_is_the_random_card_of_referents() -> None:
    text = "POWER: Your opponent randomly discards a card from their hand."
    result = compile_text(text, CardType.EVENT)
    assert result.status == "automated", result.manual
    assert result.fields["action"]["effects"] == [
        {"do": "choose", "what": "random_hand", "who": "opponent"},
        {"do": "move", "source": "that", "who": "opponent", "to": "discard", "if_you_do": True},
    ]


@pytest.mark.parametrize("kind", ["physical", "energy"])
def test_prevent_all_damage_from_one_kind_of_attack(kind: str) -> None:
    result = compile_text(f"Prevent all damage from an {kind} attack.", CardType.PHYSICAL_COMBAT)
    assert result.status == "automated", result.manual
    assert result.fields["defense"] == {"against": kind, "prevent_all": True}
    near = compile_text("Prevent all damage from an orange attack.", CardType.PHYSICAL_COMBAT)
    assert near.status == "manual"


def test_scenario_cards_are_what_their_text_compiles_to() -> None:
    from pathlib import Path

    from engine.panini.cards import load_card_file

    for card in load_card_file(Path(__file__).parents[1] / "cards" / "plain.yaml"):
        assert reproduces(card), card.name
