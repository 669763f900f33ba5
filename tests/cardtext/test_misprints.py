"""Misprinted lines read one way only (engine.panini.cardtext.misprints; docs/rulings.md 315-318):
each compiles as the card printed right, and the near misses stay as written."""

from __future__ import annotations

import pytest

from engine.panini.cards import CardType
from engine.panini.cardtext import compile_text
from engine.panini.cardtext.spelling import respell
from tests.cardtext.spelt_right import assert_read_as_spelt_right

PC, EC, ST, DR = (CardType.PHYSICAL_COMBAT, CardType.ENERGY_COMBAT, CardType.SETUP,
                  CardType.DRILL)  # fmt: skip


@pytest.mark.parametrize(
    ("written", "meant", "card_type"),
    [
        ("Energy attack. Damage from this attack cannot be prevents. DAMAGE: 6 life cards.",
         "Energy attack. Damage from this attack cannot be prevented. DAMAGE: 6 life cards.",
         EC),
        ("Energy attack. Rearrange the top5 cards of your discard pile. DAMAGE: 4 life cards.",
         "Energy attack. Rearrange the top 5 cards of your discard pile. DAMAGE: 4 life cards.",
         EC),
        ("Physical attack. DAMAGE: AT +2 life cards. (Banish after use,)",
         "Physical attack. DAMAGE: AT +2 life cards. (Banish after use.)", PC),
        ("Energy attack costing 2 stages. Draw a card. 7 Life cards.",
         "Energy attack costing 2 stages. Draw a card. DAMAGE: 7 Life cards.", EC),
        ("Physical attack. Draw a card. AT +3 stages. HIT: Draw a card.",
         "Physical attack. Draw a card. DAMAGE: AT +3 stages. HIT: Draw a card.", PC),
        ("CONSTANT: Your physical attacks do +1 stages of damage. Power Draw a card.",
         "CONSTANT: Your physical attacks do +1 stages of damage. POWER: Draw a card.", DR),
        ("CONSTANT: Your physical attacks do +1 stages of damage. POWER: Power Draw a card.",
         "CONSTANT: Your physical attacks do +1 stages of damage. POWER: Draw a card.", DR),
        ("Energy attack. Draw a card. If you do your opponent cannot play Events this combat. "
         "DAMAGE: 2 life cards.",
         "Energy attack. Draw a card. If you do, your opponent cannot play Events this combat. "
         "DAMAGE: 2 life cards.", EC),
        ("Energy attack. Damage from this attack cannot be prevent. DAMAGE: 6 life cards.",
         "Energy attack. Damage from this attack cannot be prevented. DAMAGE: 6 life cards.",
         EC),
    ],
)  # fmt: skip
def test_a_misprint_compiles_as_the_card_printed_right(
    written: str, meant: str, card_type: CardType
) -> None:
    assert written not in meant  # the misprint is there
    assert_read_as_spelt_right(written, meant, card_type)


def test_the_fields_are_those_meant() -> None:
    """Not only equal to the card printed right: what it says is there."""
    fields = compile_text("Physical attack. DAMAGE: AT. (Banish after use,)", PC).fields
    assert fields["banish_after_use"] is True
    fields = compile_text("Energy attack. 7 life cards.", EC).fields
    assert fields["attack"]["damage"] == {"kind": "life", "amount": 7}
    # inside a parenthesis of keywords, read apart
    found = compile_text("(Limit 1 per deck. Banished after use.) POWER: Draw a card.", ST)
    meant = compile_text("(Limit 1 per deck. Banish after use.) POWER: Draw a card.", ST)
    assert found.status == "automated"
    assert found.fields == meant.fields
    assert found.fields["banish_after_use"] is True


@pytest.mark.parametrize(
    "sentence",
    [
        "Banished cards cannot be used after use.",  # the participle of a sentence
        "This card is banished after use.",  # no keyword opening the sentence
        "Banish after use, then draw a card.",  # a comma that goes on
        "It cannot be prevented.",  # already a participle
        "To be stops nothing.",  # hypothetical: "be" not before the verbs read
        "Draw the topmost 5 cards.",  # "top" inside a word
        "Power Mimic is a Setup.",  # a title after "Power"
        "The Power Draw cannot be used.",  # "Power" not opening the sentence
        "Gain 7 life cards of damage.",  # an amount inside a sentence
        "7 life cards or 3 stages.",  # two amounts: no damage of one reading
        "If you do draw a card, gain 2 stages.",  # an emphatic "do"? no subject follows
        "If you do 5 stages of damage, draw a card.",  # "do" is "deal"
        "If you do not control a Drill, draw a card.",
    ],
)
def test_a_near_miss_is_kept(sentence: str) -> None:
    text, made = respell(sentence)
    if sentence == "To be stops nothing.":
        assert made  # "be stops" is a misprint wherever it stands
        return
    assert (text, made) == (sentence, [])


def test_a_damage_line_alone_on_a_card_without_an_attack_stays_manual() -> None:
    assert compile_text("POWER: Draw a card. 3 stages.", CardType.EVENT).status == "manual"
    # a second damage line: which is the damage?
    found = compile_text("Physical attack. DAMAGE: AT +3 stages. 3 stages.", PC)
    assert found.status == "manual"


def test_the_comma_left_out_after_this_combat() -> None:
    """ "The next time you stop an attack this combat use ...": "this combat" closes the
    event (ruling 315)."""
    written = "Physical attack. The next time you stop an attack this combat use a critical "
    meant = "Physical attack. The next time you stop an attack this combat, use a critical "
    end = "damage effect. DAMAGE: AT +2 stages."
    found = compile_text(written + end, PC)
    assert found.status == "automated"
    assert found.fields == compile_text(meant + end, PC).fields
    (armed,) = found.fields["attack"]["effects"]
    assert armed["trigger"]["on"] == "defended"


@pytest.mark.parametrize(
    "sentence",
    [
        "The next time this combat you Rejuvenate draw a card.",  # the event goes on after it
        "The next time you stop an attack this combat and draw a card.",  # no effect alone
    ],
)
def test_no_comma_elsewhere_stays_unread(sentence: str) -> None:
    found = compile_text(f"Physical attack. {sentence} DAMAGE: AT +2 stages.", PC)
    assert found.unread == [sentence]


@pytest.mark.parametrize(
    ("line", "damage"),
    [
        ("Damage AT +AT stages.", {"kind": "at", "amount": 0, "at_times": 2}),
        ("Damage AT+AT stages.", {"kind": "at", "amount": 0, "at_times": 2}),
        ("DAMAGE: AT +AT +2 stages.", {"kind": "at", "amount": 2, "at_times": 2}),
        ("DAMAGE: AT +AT life cards.", {"kind": "at_life", "amount": 0, "at_times": 2}),
    ],
)
def test_at_plus_at_is_the_at_value_twice(line: str, damage: dict[str, object]) -> None:
    """Ruling 318: "AT +AT" is arithmetic, the AT value added to itself."""
    found = compile_text(f"Physical attack. {line}", PC)
    assert found.status == "automated"
    assert found.fields["attack"]["damage"] == damage


@pytest.mark.parametrize(
    "line",
    ["DAMAGE: AT +AT +AT stages.", "DAMAGE: AT -AT stages.", "DAMAGE: AT AT stages."],
)
def test_other_at_sums_stay_unread(line: str) -> None:
    assert compile_text(f"Physical attack. {line}", PC).unread == [line]


def test_at_twice_is_shown() -> None:
    from engine.panini.cards import Damage
    from engine.panini.view import damage_text

    assert damage_text(Damage(kind="at", at_times=2)) == "AT +AT stages"
    assert damage_text(Damage(kind="at", amount=2, at_times=2)) == "AT +AT +2 stages"
