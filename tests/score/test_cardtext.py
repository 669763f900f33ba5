"""The Score family's card-text reader (engine.score.cardtext): the rulebook's own example
cards read as the rulebook explains them, near misses left to be resolved by hand, and every
sandbox card read whole. Page numbers are the Score 2003 Buu Saga rulebook's."""

from __future__ import annotations

import re

import pytest

from engine.score.cards import SANDBOX_DIR, load_pool
from engine.score.cardtext import compile_power, sentences
from engine.score.powers import (
    Attack,
    Damage,
    DamageBonus,
    Effect,
    Floating,
    PowerUpBonus,
    Trigger,
)


def test_orange_chin_break_p24() -> None:
    # p. 24: "Endurance 2. Physical attack doing +2 power stages of damage." Endurance is a
    # field of the card; the "+2" is added to the Physical Attack Table's damage
    power = compile_power("Endurance 2. Physical attack doing +2 power stages of damage.")
    assert power.attack == Attack("physical", Damage(2, "stages", plus=True))
    assert power.automated and not power.secondary


def test_orange_face_crunch_p27_keeps_what_it_cannot_read_whole() -> None:
    # p. 27: the stated damage replaces the PAT; "Raise your anger 1 level" is the secondary
    # effect; the "If successful" effect that sets a card aside is not in the vocabulary,
    # so its whole sentence is left to the players, never half-read
    text = ("Physical attack doing 5 power stages of damage. Raise your anger 1 level. If "
            "successful, look at your opponent's hand and choose a card.")
    power = compile_power(text)
    assert power.attack == Attack("physical", Damage(5, "stages"))
    assert power.secondary == (Effect("raise_anger", 1),)
    assert power.if_successful == ()
    assert power.unread == ("If successful, look at your opponent's hand and choose a card",)


def test_majin_buus_stomach_throw_p33_states_life_cards() -> None:
    # p. 33: "Physical attack doing 3 life cards of damage" does not use the PAT
    power = compile_power("Physical attack doing 3 life cards of damage.")
    assert power.attack == Attack("physical", Damage(3, "life"))


def test_blue_diving_energy_drop_p53_empower_drops_what_follows() -> None:
    # p. 53: "Villains only. Energy attack doing 5 life cards of damage. Empower 2. All
    # Allies lose 3 power stages, to a minimum of 0." The words after Empower are dropped
    # when the attack is Empowered, even those resolved by hand
    power = compile_power("Villains only. Energy attack doing 5 life cards of damage. Empower 2. "
                          "All Allies lose 3 power stages, to a minimum of 0.")
    assert power.attack == Attack("energy", Damage(5, "life"))
    assert power.empower == 2
    assert power.unread == power.unread_after_empower == (
        "All Allies lose 3 power stages, to a minimum of 0",)


def test_an_effect_after_empower_is_marked() -> None:
    power = compile_power("Energy attack. Raise your anger 1 level. Empower 1. Draw a card.")
    assert power.secondary == (Effect("raise_anger"), Effect("draw", after_empower=True))


def test_costs_p38() -> None:
    # p. 38: "Energy attack. Costs +1 life card to perform."; a card may also waive the cost
    assert compile_power("Energy attack. Costs +1 life card to perform.").attack == Attack(
        "energy", life_cost=1)
    assert compile_power("Energy attack doing 2 life cards of damage. Costs no power stages."
                         ).attack == Attack("energy", Damage(2, "life"), stage_cost=0)


def test_stops_focused_and_unstoppable_p50_p52() -> None:
    assert compile_power("Stops a physical or energy attack.").stops == {"physical", "energy"}
    assert compile_power("Stops an energy attack. Raise your anger 1 level.").secondary == (
        Effect("raise_anger"),)
    focused = compile_power("Focused physical attack doing +3 power stages of damage.")
    assert focused.attack == Attack("physical", Damage(3, "stages", True), focused=True)
    unstoppable = compile_power("Energy attack. This attack cannot be stopped.")
    assert unstoppable.attack == Attack("energy", unstoppable=True)


def test_if_successful_p27() -> None:
    power = compile_power("Physical attack. If successful, your opponent loses 3 power stages "
                          "and you lose 1 power stage.")
    assert power.if_successful == (Effect("lose_stages", 3, "opponent"), Effect("lose_stages", 1))


def test_drills_and_battlegrounds_add_to_attacks_p41() -> None:
    assert compile_power("Your Red physical attacks do +1 power stage of damage."
                         ).damage_bonuses == (DamageBonus("physical", Damage(1, "stages", True),
                                                          "yours", "red"),)  # fmt: skip
    assert compile_power("All energy attacks do +2 life cards of damage.").damage_bonuses == (
        DamageBonus("energy", Damage(2, "life", True), "all"),)
    assert compile_power("Heroes gain 1 extra power stage in their Power Up Step."
                         ).power_up_bonuses == (PowerUpBonus(1, "hero"),)


@pytest.mark.parametrize(
    "text",
    [
        "Physical attack doing 5 power stages.",  # no "of damage": not the printed form
        "Raise anger 1 level.",  # whose anger?
        "If successful, draw a card.",  # "If successful" without an attack (p. 27)
        "Stops a kick.",
        "Your opponent discards a card.",  # from where?
        "Gain 2 power stages or draw a kick.",  # one side not understood
        "Use this card once per game only.",  # a rule of use, not whom the card is for
    ],
)
def test_near_misses_are_resolved_by_hand(text: str) -> None:
    power = compile_power(text)
    assert power.unread, text
    assert not (power.secondary or power.if_successful), text


@pytest.mark.parametrize("text", ["Goku only.", "Villains, Goku and Gohan only.",
                                  "Saiyan Heritage only.", "Heroes only.", "Limit 1 per deck.",
                                  "Sensei Deck only.", "Remain 2.", "Endurance 3.",
                                  "Deck Size: 5."])
def test_marks_that_are_card_fields_are_not_effects(text: str) -> None:
    power = compile_power(text)
    assert power.automated and not power.usable, text


def test_parentheses_are_set_aside_p53() -> None:
    assert sentences("Draw a card. (This is not an attack.) Gain 1 power stage.") == [
        "Draw a card", "Gain 1 power stage"]


def test_every_sandbox_card_is_read_whole() -> None:
    # the cards we ship are all refereed: none is left to be resolved by hand
    pool = load_pool(SANDBOX_DIR)
    unread = {name: compile_power(pool.find(name).text).unread  # type: ignore[union-attr]
              for name in pool.names()}  # fmt: skip
    assert {name: texts for name, texts in unread.items() if texts} == {}


def test_timing_phrases() -> None:
    assert compile_power("When entering Combat, raise your anger 1 level.").entering == (
        Effect("raise_anger"),)
    mastery = compile_power("Once per Combat, when you perform a Red attack, draw a card.")
    assert mastery.triggers == (Trigger("perform_attack", (Effect("draw"),), "combat", "red"),)
    drill = compile_power("Once per turn, after you stop an attack, draw a card.")
    assert drill.triggers == (Trigger("stop_attack", (Effect("draw"),), "turn"),)
    sensei = compile_power("Once per game, place the top card of your Sensei Deck into your hand.")
    assert sensei.once_per_game and sensei.secondary == (Effect("sensei_draw"),)
    assert compile_power("Once per combat, when you perform a kick, draw a card.").unread
    floating = compile_power("For the remainder of Combat, your physical attacks do +1 power "
                             "stage of damage.")
    assert floating.floating == (
        Floating("combat", (DamageBonus("physical", Damage(1, "stages", True)),)),)
    assert not floating.damage_bonuses
    assert compile_power("For the remainder of Combat, draw a card.").unread


def test_sandbox_cards_marks_match_their_text() -> None:
    # "Endurance N" in the text is the card's `endurance` field (the reader skips it)
    pool = load_pool(SANDBOX_DIR)
    for name in pool.names():
        card = pool.find(name)
        assert card is not None
        said = re.search(r"Endurance (\d+|X)", card.text)
        value = None if not said else said.group(1) if said.group(1) == "X" else int(said.group(1))
        assert value == card.endurance, name


def test_the_or_rule_p51() -> None:
    # p. 51: 'If a card with multiple effects have the word "or" ... the player must choose'
    power = compile_power("Gain 2 power stages or draw a card.")
    assert power.secondary == (Effect("choose", choices=(Effect("gain_stages", 2),
                                                          Effect("draw"))),)  # fmt: skip
