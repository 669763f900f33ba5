"""A card used a second time and conditions about the attack in progress (docs/card-format.md
"A card used a second time"; docs/rulings.md 273-279)."""

from __future__ import annotations

from engine.panini.cards import CardType
from engine.panini.cardtext import compile_text


def test_a_physical_combat_card_with_a_damage_line_and_no_header_is_a_physical_attack() -> None:
    text = "(Banish after use.) DAMAGE: AT stages. HIT: Draw a card."
    result = compile_text(text, CardType.PHYSICAL_COMBAT)
    assert result.status == "automated"
    assert result.fields["attack"] == {
        "type": "physical",
        "damage": {"kind": "at", "amount": 0},
        "hit": [{"do": "draw", "amount": 1}],
    }
    # effects printed before the DAMAGE: line are the attack's immediate effects
    text = "Draw a card. DAMAGE: 4 stages."
    attack = compile_text(text, CardType.PHYSICAL_COMBAT).fields["attack"]
    assert attack["effects"] == [{"do": "draw", "amount": 1}]


def test_no_header_is_implied_off_a_physical_combat_card_or_next_to_a_defense() -> None:
    """An Energy Combat card's header says what its attack costs; a defense with a DAMAGE:
    line, or two DAMAGE: lines, are for players."""
    cases = [
        ("DAMAGE: 4 life cards. HIT: Draw a card.", CardType.ENERGY_COMBAT),
        ("Stops a physical attack. DAMAGE: 3 stages.", CardType.PHYSICAL_COMBAT),
        ("DAMAGE: 3 stages. DAMAGE: 4 stages.", CardType.PHYSICAL_COMBAT),
        ("DAMAGE: 3 stages.", CardType.EVENT),
    ]
    for text, card_type in cases:
        result = compile_text(text, card_type)
        assert "attack" not in result.fields and result.status == "manual", text


def test_no_header_is_implied_next_to_a_sentence_not_read() -> None:
    """The sentence not read may be a misprinted header ("Energy atack costing 2 stages")."""
    result = compile_text(
        "Physical attackers, Draw a card. DAMAGE: 3 stages.", CardType.PHYSICAL_COMBAT
    )
    assert result.status == "manual" and "attack" not in result.fields


def test_up_to_n_of_your_opponents_cards_in_play_is_a_move_of_several() -> None:
    """ "destroy up to 2 of your opponent's Allies" is "up to 2 Allies your opponent controls"
    (2016 GLOSSARY "Destroy")."""
    text = (
        "Physical attack. DAMAGE: AT +3 stages. If the personality performing this attack has a"
        " higher power level than the defending personality, destroy up to 2 of your"
        " opponent's Allies."
    )
    result = compile_text(text, CardType.PHYSICAL_COMBAT)
    assert result.status == "automated"
    assert result.fields["attack"]["effects"] == [
        {
            "do": "move", "source": "in_play", "amount": 2, "up_to": True,
            "card_types": ["ally"], "to": "discard", "who": "opponent",
            "if": {"compare": [{"left": {"of": "power_level", "actor": "attacking"}, "op": "gt",
                                "right": {"of": "power_level", "actor": "defending"}}]},
        }
    ]  # fmt: skip
    same = compile_text("POWER: Destroy up to 2 Allies your opponent controls.", CardType.EVENT)
    mine = compile_text("POWER: Destroy up to 2 of your opponent's Allies.", CardType.EVENT)
    assert mine.fields["action"] == same.fields["action"]
    for near in ("Destroy up to 2 of your opponent's.", "Destroy up to of your opponent's Allies."):
        assert compile_text(f"POWER: {near}", CardType.EVENT).unread == [f"POWER: {near}"]


def _hit(sentence: str) -> list[dict[str, object]]:
    text = f"Physical attack. DAMAGE: 5 stages. HIT: {sentence}"
    result = compile_text(text, CardType.PHYSICAL_COMBAT)
    return result.fields.get("attack", {}).get("hit", []) if result.status == "automated" else []


def test_hit_conditions_on_what_this_attack_did() -> None:
    cases = {
        "If this attack dealt five or more stages of damage, draw a card.":
            {"dealt_at_least": 5, "unit": "stages"},
        "If this attack dealt more than 3 life cards of damage, draw a card.":
            {"dealt_at_least": 4, "unit": "life"},
        "If your opponent prevented damage from this attack, draw a card.": {"prevented": True},
        "If damage from this attack was prevented, draw a card.": {"prevented": True},
        "If one of your opponent's card effects modified the damage of this attack, draw a card.":
            {"modified": True},
        "If your opponent's effects modified this attack's damage, draw a card.":
            {"modified": True},
    }  # fmt: skip
    for sentence, test in cases.items():
        assert _hit(sentence) == [{"do": "draw", "amount": 1, "if": {"attack_result": test}}]


def test_what_this_attack_did_is_unknown_before_its_damage_and_outside_an_attack() -> None:
    before = "Physical attack. If your opponent prevented damage from this attack, draw a card."
    power = "POWER: If this attack dealt five or more stages of damage, draw a card."
    assert compile_text(f"{before} DAMAGE: 5 stages.", CardType.PHYSICAL_COMBAT).status == "manual"
    assert compile_text(power, CardType.EVENT).status == "manual"
    for near in (
        "If this attack dealt five stages of damage, draw a card.",  # exactly 5? at least?
        "If your opponent prevented damage from your attack, draw a card.",  # which attack
        "If one of your card effects modified the damage of this attack, draw a card.",
    ):
        assert _hit(near) == [], near


def test_attacks_another_card_keeps_in_play() -> None:
    first = (
        "CONSTANT: The first attack you play each combat stays in play to be used a second"
        " time that combat."
    )
    result = compile_text(first, CardType.MAIN_PERSONALITY)
    assert result.status == "automated"
    assert result.fields["constant"] == [{"mod": "stays_in_play", "first_each_combat": True}]
    styled = (
        "CONSTANT: Your Styled energy attacks stay in play to be used a second time this combat."
    )
    assert compile_text(styled, CardType.DRILL).fields["constant"] == [
        {"mod": "stays_in_play", "attacks": "energy", "styled": True}
    ]
    request = (
        "POWER: If your next action is a Styled attack, it stays in play to be used a second"
        " time this combat."
    )
    assert compile_text(request, CardType.EVENT).fields["action"]["effects"] == [
        {"do": "until_end_of_turn", "modifier": {"mod": "stays_in_play", "styled": True},
         "lasts": "next_action"}
    ]  # fmt: skip
    flee = (
        "Stops an energy attack. Your next Styled physical attack this combat gains, HIT:  This"
        " attack stays in play to be used a second time this combat."
    )
    assert compile_text(flee, CardType.ENERGY_COMBAT).fields["defense"]["effects"] == [
        {"do": "until_end_of_turn", "lasts": "next_attack",
         "modifier": {"mod": "stays_in_play_hit", "attacks": "physical", "styled": True}}
    ]  # fmt: skip


def test_near_misses_of_attacks_kept_in_play_stay_unread() -> None:
    for near, card_type in (
        # performed (a Power too), not played: which attack is "first" differs
        ("CONSTANT: The first attack you perform each combat stays in play to be used a second"
         " time that combat.", CardType.MAIN_PERSONALITY),
        ("CONSTANT: The first attack you play each combat stays in play.", CardType.DRILL),
        ("POWER: If your next action is a Styled attack, it stays in play to be used a third"
         " time this combat.", CardType.EVENT),
        ("POWER: If your next action is a Styled Setup, it stays in play to be used a second"
         " time this combat.", CardType.EVENT),
    ):  # fmt: skip
        result = compile_text(near, card_type)
        assert result.status == "manual" and result.unread == [near], near


def test_it_in_if_your_next_action_is_that_action_not_this_attack() -> None:
    text = (
        "Energy attack. DAMAGE: 4 life cards. HIT: If your next action is a Styled attack, it"
        " stays in play to be used a second time this combat."
    )
    hit = compile_text(text, CardType.ENERGY_COMBAT).fields["attack"]["hit"]
    assert hit == [
        {"do": "until_end_of_turn", "modifier": {"mod": "stays_in_play", "styled": True},
         "lasts": "next_action"}
    ]  # fmt: skip


def test_this_card_stays_in_play_on_a_defense_is_the_defense_card() -> None:
    text = (
        "Stops a physical attack. If your MP's level is higher than your opponent's MP's level,"
        " this card stays in play to be used a second time this combat. (Banish after use.)"
    )
    result = compile_text(text, CardType.PHYSICAL_COMBAT)
    assert result.status == "automated"
    (stay,) = result.fields["defense"]["effects"]
    assert stay["do"] == "stay_in_play" and stay["card"] and stay["if"]["compare"]
    attack = (
        "Physical attack. DAMAGE: 3 stages. This card stays in play to be used a second time"
        " this combat."
    )
    assert compile_text(attack, CardType.PHYSICAL_COMBAT).fields["attack"]["effects"] == [
        {"do": "stay_in_play", "times": 1, "card": True}
    ]


def test_this_card_stays_near_misses() -> None:
    for near, card_type in (
        # a Setup is not played from the hand to defend: it does not stay so
        ("Stops a physical attack. This card stays in play to be used a second time this combat.",
         CardType.SETUP),
        # "this attack" in a defense is no card of its
        ("Stops a physical attack. This attack stays in play to be used a second time this combat.",
         CardType.PHYSICAL_COMBAT),
        ("Stops a physical attack. This card stays in play.", CardType.PHYSICAL_COMBAT),
    ):  # fmt: skip
        assert compile_text(near, card_type).status == "manual", near


def test_and_or_between_kinds_of_cards_and_a_total_of_up_to_n() -> None:
    """ "destroy (a total of) up to 2 Setups and/or Drills": each card a Setup or a Drill."""
    plain = compile_text("POWER: Destroy up to 2 Setups or Drills.", CardType.EVENT)
    for text in (
        "POWER: Destroy up to 2 Setups and/or Drills.",
        "POWER: Destroy a total of up to 2 Setups and/or Drills.",
    ):
        result = compile_text(text, CardType.EVENT)
        assert result.status == "automated" and result.fields == plain.fields, text
    for near in ("POWER: Destroy up to 2 Setups and/or.", "POWER: Destroy a total up to 2 Setups."):
        assert compile_text(near, CardType.EVENT).unread == [near]


def test_the_card_you_named_is_revealed_after_the_opponent_reveals_his_hand() -> None:
    head = "Energy attack costing 1 stage. DAMAGE: 2 life cards. Name a card."
    text = (
        f"{head} Your opponent reveals his hand. If the card you named is revealed, this attack"
        " stays in play to be used a second time this combat."
    )
    result = compile_text(text, CardType.ENERGY_COMBAT)
    assert result.status == "automated"
    assert result.fields["attack"]["effects"][-1] == {
        "do": "stay_in_play", "times": 1, "if": {"that": {"named_revealed": True}}
    }  # fmt: skip
    for between in ("Reveal your hand.", "Draw a card.", ""):  # not the opponent's hand shown
        near = f"{head} {between} If the card you named is revealed, draw a card."
        result = compile_text(near.replace("  ", " "), CardType.ENERGY_COMBAT)
        assert "If the card you named is revealed, draw a card." in result.manual, between


def test_base_damage_n_times_the_at() -> None:
    head = "Physical attack. DAMAGE: AT +3 stages."
    for sentence, times in (
        ("This attack's base damage is 2 times the AT instead.", 2),
        ("This attack's base damage is three times the AT instead.", 3),
        ("This attack's base damage is twice the AT instead.", 2),
    ):
        result = compile_text(f"{head} {sentence}", CardType.PHYSICAL_COMBAT)
        assert result.fields["attack"]["effects"] == [
            {"do": "attack_base", "unit": "stages", "amount": 0, "at_times": times}
        ], sentence
    for near in (
        "This attack's base damage is 1 times the AT instead.",
        "This attack's base damage is 2 times the AT +3 instead.",
        "This attack's base damage is 2 times the X instead.",
    ):
        assert compile_text(f"{head} {near}", CardType.PHYSICAL_COMBAT).status == "manual", near


def test_your_other_attacks_this_combat_in_an_attack() -> None:
    text = (
        "Energy attack costing 2 stages. DAMAGE: 4 life cards. Your other attacks this combat"
        " deal +2 life cards of damage."
    )
    effects = compile_text(text, CardType.ENERGY_COMBAT).fields["attack"]["effects"]
    assert effects == [
        {"do": "until_end_of_turn", "modifier": {"mod": "damage", "life": 2, "other": True}}
    ]
    for near, card_type in (
        ("POWER: Your other attacks this combat deal +2 life cards of damage.", CardType.EVENT),
        ("Energy attack costing 2 stages. DAMAGE: 4 life cards. Your other attacks cost"
         " -1 stage this combat.", CardType.ENERGY_COMBAT),
        ("Energy attack costing 2 stages. DAMAGE: 4 life cards. Your opponent's other attacks"
         " this combat deal +2 life cards of damage.", CardType.ENERGY_COMBAT),
    ):  # fmt: skip
        assert compile_text(near, card_type).status != "automated", near


def test_if_the_defending_personality_then_at_the_end_of_combat() -> None:
    """The personalities of an attack are known only during it: the condition is tested as
    the defense resolves, what it arms waits for the end of combat."""
    text = (
        "POWER: Stops a physical or energy attack. If the defending personality has a higher"
        " power level than the attacking personality, then at the end of combat you may search"
        " your Life Deck for a card that can attach to your MP and place it into play attached."
    )
    result = compile_text(text, CardType.EVENT)
    assert result.status == "automated"
    (armed,) = result.fields["defense"]["effects"]
    assert armed["do"] == "arm_trigger" and armed["trigger"]["on"] == "combat_ended"
    assert armed["if"]["compare"][0]["left"] == {"of": "power_level", "actor": "defending"}
    # "If X, then Y" is "If X, Y"
    then = "POWER: If your anger is 2 or more, then draw a card."
    plain = "POWER: If your anger is 2 or more, draw a card."
    assert compile_text(then, CardType.EVENT).fields == compile_text(plain, CardType.EVENT).fields
    # a condition that could be tested now or at the end of combat: for players
    near = "If your anger is 2 or more, then at the end of combat, draw a card."
    result = compile_text(f"POWER: Stops a physical attack. {near}", CardType.EVENT)
    assert result.unread == [near]
