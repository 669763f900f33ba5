"""Abilities given to attacks: "Your attacks gain "HIT: ..."" (engine.panini.cardtext.granted;
docs/rulings.md 113). The ability is kept once on the card (`grants`), the modifier names
it by index."""

from __future__ import annotations

from engine.panini.cards import Card, CardType
from engine.panini.cardtext import compile_text

EV, DRILL, PC = CardType.EVENT, CardType.DRILL, CardType.PHYSICAL_COMBAT


def _valid(text: str, card_type: CardType) -> Card:
    fields = compile_text(text, card_type).fields
    return Card.model_validate({"name": "Test Card", "type": card_type, "text": text, **fields})


def test_constant_grant_of_a_hit_ability_quoted_or_not() -> None:
    for text in (
        'CONSTANT: Your attacks gain "HIT: Raise your anger 1 level."',
        "CONSTANT: All of your attacks gain 'HIT: Raise your anger one level.'",
        "CONSTANT POWER: Your attacks gain HIT: Raise your anger 1 level.",
    ):
        result = compile_text(text, DRILL)
        assert result.status == "automated", text
        assert result.fields["constant"] == [{"mod": "grant", "grant": 0}]
        assert result.fields["grants"] == [
            {"effects": [{"do": "raise_anger", "amount": 1}], "hit": True}
        ]
        _valid(text, DRILL)


def test_which_attacks_and_an_immediate_ability() -> None:
    text = "CONSTANT: Your Styled energy attacks gain 'Lower your opponent's anger 1 level.'"
    result = compile_text(text, DRILL)
    assert result.fields["constant"] == [
        {"mod": "grant", "attacks": "energy", "styled": True, "grant": 0}
    ]
    assert result.fields["grants"][0]["hit"] is False


def test_floating_grants_next_attack_and_this_combat() -> None:
    text = (
        "POWER: The next non-Styled Physical attack you perform this combat gains "
        "'HIT: You may use a critical damage effect.'"
    )
    result = compile_text(text, EV)
    assert result.status == "automated"
    (effect,) = result.fields["action"]["effects"]
    assert effect == {
        "do": "until_end_of_turn",
        "modifier": {"mod": "grant", "attacks": "physical", "styled": False, "grant": 0},
        "lasts": "next_attack",
    }
    assert result.fields["grants"] == [
        {"effects": [{"do": "critical_effect", "may": True}], "hit": True}
    ]
    _valid(text, EV)
    text = "POWER: Your next attack this combat gains 'HIT: Draw a card.'"
    assert compile_text(text, EV).status == "automated"
    text = (
        "Physical attack. DAMAGE: 3 stages. HIT: Your attacks gain 'HIT: Draw a card.' this combat."
    )
    result = compile_text(text, PC)
    assert result.status == "automated"
    assert result.fields["attack"]["hit"][0]["modifier"] == {"mod": "grant", "grant": 0}
    _valid(text, PC)


def test_two_grants_keep_their_own_index() -> None:
    text = (
        "POWER: Your next energy attack this combat gains 'Draw a card.' "
        "Your next physical attack this combat gains 'HIT: Raise your anger 1 level.'"
    )
    result = compile_text(text, EV)
    assert result.status == "automated"
    indexes = [e["modifier"]["grant"] for e in result.fields["action"]["effects"]]
    assert indexes == [0, 1]
    assert result.fields["grants"][1]["effects"] == [{"do": "raise_anger", "amount": 1}]
    _valid(text, EV)


def test_near_misses_stay_unread() -> None:
    for text, card_type in (
        # the granting card is not the attack: "this card" in the ability
        ("CONSTANT: Your attacks gain 'HIT: Shuffle this card into your Life Deck.'", DRILL),
        # an ability not read
        ("CONSTANT: Your attacks gain 'HIT: Swap hands with your opponent.'", DRILL),
        # "your next attack" with no "this combat" could be a later turn's
        ("POWER: Your next attack gains 'HIT: Draw a card.'", EV),
        # which attack is "that attack" / "all other attacks"
        ("POWER: That attack gains 'HIT: Draw a card.'", EV),
        ("POWER: All other attacks you perform this combat gain 'HIT: Draw a card.'", EV),
        # a constant grant printed in a Power, with no duration
        ("POWER: Your attacks gain 'HIT: Draw a card.'", EV),
        # whose attacks is said twice / not at all
        ("POWER: Your next attack you perform this combat gains 'HIT: Draw a card.'", EV),
        ("CONSTANT: Attacks gain 'HIT: Draw a card.'", DRILL),
        # the quote not closed at the end of the sentence
        ("CONSTANT: Your attacks gain 'HIT: Draw a card.' and draw a card.", DRILL),
    ):
        result = compile_text(text, card_type)
        assert result.status != "automated", text
        assert "grants" not in result.fields, text


def test_hit_label_with_a_dash_inside_the_quote() -> None:
    """Orange-style "[CONSTANT]: Your Styled attacks gain 'HIT - Destroy an opponent's Setup
    or Drill.'": the label printed with a dash, as "HIT:"."""
    dash = compile_text("CONSTANT: Your attacks gain 'HIT - Draw a card.'", DRILL)
    colon = compile_text("CONSTANT: Your attacks gain 'HIT: Draw a card.'", DRILL)
    assert dash.status == "automated" and dash.fields == colon.fields
    # a dash with no label before it is no label
    assert compile_text("CONSTANT: Your attacks gain '- Draw a card.'", DRILL).unread


def test_a_damage_modifier_and_a_grant_with_one_subject() -> None:
    """Orange Dressing Room-style "Your Styled attacks deal +1 stage of damage and gain
    'Lower your opponent's anger 1 level.'": two constants of the same attacks."""
    text = (
        "CONSTANT: Your Styled attacks deal +1 stage of damage and gain "
        "'Lower your opponent's anger 1 level.'"
    )
    result = compile_text(text, DRILL)
    assert result.status == "automated"
    assert result.fields["constant"] == [
        {"mod": "damage", "styled": True, "stages": 1},
        {"mod": "grant", "styled": True, "grant": 0},
    ]
    _valid(text, DRILL)
    for text in (
        "CONSTANT: Your attacks deal +1 stage of damage and gain 'Swap hands.'",
        "CONSTANT: Your attacks deal +X stages of damage and gain 'Draw a card.'",
        # (cannot be stopped and gain '...' is read: engine.panini.cardtext.attack_constants)
        "CONSTANT: Your attacks cannot be stopped by Events and gain 'Draw a card.'",
    ):
        assert compile_text(text, DRILL).unread, text
