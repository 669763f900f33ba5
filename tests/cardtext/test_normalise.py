"""Spelling variants the rules treat as the same compile as their canonical form; typos
other than misspelt game words (tests/cardtext/test_spelling.py) are not guessed at. One
normalisation step (engine.panini.cardtext.normalise) does this before any pattern is matched."""

from __future__ import annotations

import pytest

from engine.panini.cards import CardType
from engine.panini.cardtext import compile_text

PC, EC, EV, MP, DRILL = (
    CardType.PHYSICAL_COMBAT,
    CardType.ENERGY_COMBAT,
    CardType.EVENT,
    CardType.MAIN_PERSONALITY,
    CardType.DRILL,
)

PUR = "Your personalities get +1 PUR."
HIT = "Physical attack. DAMAGE: AT."
ENTER = "Use when entering combat. Draw a card."
VARIANTS: list[tuple[str, str, CardType]] = [
    ("Look at your opponent's hand and chose a card. Your opponent discards that card.",
     "Look at your opponent's hand and choose a card. Your opponent discards that card.", EV),
    # a plural verb after a singular noun: "attack deal" is "attacks deal"
    ("CONSTANT: Your opponent's attack deal -2 life cards of damage.",
     "CONSTANT: Your opponent's attacks deal -2 life cards of damage.", DRILL),
    # damage labels (Vegeta - On The Move, Orange Left Punch, Namekian Back Smash ...)
    ("Energy attack. Damage 4 life cards.", "Energy attack. DAMAGE: 4 life cards.", EC),
    ("Energy attack. DAMAGE : 4 life cards.", "Energy attack. DAMAGE: 4 life cards.", EC),
    ("Energy attack. Damage: 4 life cards.", "Energy attack. DAMAGE: 4 life cards.", EC),
    ("Energy attack. Damage : 4 Life cards.", "Energy attack. DAMAGE: 4 life cards.", EC),
    ("Energy attack. DAMAGE 4 life cards.", "Energy attack. DAMAGE: 4 life cards.", EC),
    # the damage itself: "AT stages" is AT +0 (2016 GLOSSARY "AT"); Wall Breaker (Vengeance)
    ("Physical attack. DAMAGE: AT stages.", "Physical attack. DAMAGE: AT.", PC),
    ("Physical attack. DAMAGE: AT power stages.", "Physical attack. DAMAGE: AT.", PC),
    ("Physical attack. DAMAGE: +1 AT stage.", "Physical attack. DAMAGE: AT +1 stages.", PC),
    ("Physical attack. DAMAGE: AT life cards.", "Physical attack. DAMAGE: AT +0 life cards.", PC),
    ("Physical attack. DAMAGE: AT +2 stage.", "Physical attack. DAMAGE: AT +2 stages.", PC),
    ("Physical attack. DAMAGE: AT+2 stages.", "Physical attack. DAMAGE: AT +2 stages.", PC),
    ("Physical attack. Damage AT + 3 stages.", "Physical attack. DAMAGE: AT +3 stages.", PC),
    ("Physical Attack. DAMAGE: AT +2 stages.", "Physical attack. DAMAGE: AT +2 stages.", PC),
    ("Physical  attack.  DAMAGE:  AT +2 stages.", "Physical attack. DAMAGE: AT +2 stages.", PC),
    (f"{HIT} HIT : Draw a card.", f"{HIT} HIT: Draw a card.", PC),
    (f"{HIT} Hit: Draw a card.", f"{HIT} HIT: Draw a card.", PC),
    # the label in capitals with no colon, as "POWER Raise ..." (Energy Pulse-style cards)
    (f"{HIT} HIT Draw a card.", f"{HIT} HIT: Draw a card.", PC),
    (f"{HIT} HIT Capture a Dragon Ball", f"{HIT} HIT: Capture a Dragon Ball.", PC),
    # the constant icon (2016 ICONS: "A continuous effect that is constantly active")
    ("[CONSTANT]: " + PUR, "CONSTANT: " + PUR, DRILL),
    ("[CONSTANT] " + PUR, "CONSTANT: " + PUR, DRILL),
    ("[Constant]: " + PUR, "CONSTANT: " + PUR, DRILL),
    ("CONSTANT POWER: " + PUR, "CONSTANT: " + PUR, DRILL),
    ("Constant: " + PUR, "CONSTANT: " + PUR, DRILL),
    ("CONTINUOUS POWER: " + PUR, "CONSTANT: " + PUR, DRILL),
    # Powers, with the instant icon or not (2016 ICONS: "An effect that may be used
    # immediately, whenever appropriate"; GLOSSARY "Power")
    ("[INSTANT] POWER: Draw a card.", "POWER: Draw a card.", MP),
    ("INSTANT POWER: Draw a card.", "POWER: Draw a card.", MP),
    ("Instant Power:Draw a card.", "POWER: Draw a card.", MP),
    ("[INSTANT] Power: Draw a card.", "POWER: Draw a card.", MP),
    ("{INSTANT} POWER: Draw a card.", "POWER: Draw a card.", MP),
    ("INSTANT: POWER: Draw a card.", "POWER: Draw a card.", MP),
    ("[POWER] Draw a card.", "POWER: Draw a card.", MP),
    ("Power : Draw a card.", "POWER: Draw a card.", MP),
    ("POWER Raise your anger 2 levels.", "POWER: Raise your anger 2 levels.", MP),
    ("[INSTANT] " + ENTER, "POWER: " + ENTER, DRILL),
    # keywords and quotes
    ("ENDURANCE 2. Stops an energy attack.", "Endurance 2. Stops an energy attack.", EC),
    ("ENDURANCE: 2. Stops an energy attack.", "Endurance 2. Stops an energy attack.", EC),
    ("Stops an energy attack. Endurance 2", "Endurance 2. Stops an energy attack.", EC),
    ("Lower your opponent\u2019s anger 1 level.", "Lower your opponent's anger 1 level.", EV),
    ("Raise your anger 2 level(s).", "Raise your anger 2 levels.", EV),
]  # fmt: skip


@pytest.mark.parametrize(("variant", "canonical", "card_type"), VARIANTS)
def test_a_variant_compiles_as_its_canonical_form(
    variant: str, canonical: str, card_type: CardType
) -> None:
    expected = compile_text(canonical, card_type)
    assert expected.status == "automated", expected
    found = compile_text(variant, card_type)
    assert found.status == "automated", found
    assert found.fields == expected.fields


@pytest.mark.parametrize(
    "text",
    [
        "Lower your opponent's 1 level.",  # a word missing ("anger")
        "Physical attack. Hit; Draw a card. DAMAGE: AT.",
        "Energy attack. Damage 4stagse.",  # two typos at once
        # "Hit" not in capitals is a word, not the label
        "Physical attack. DAMAGE: AT. Hit Draw a card.",
    ],
)
def test_typos_are_not_guessed(text: str) -> None:
    assert compile_text(text, EV if "Lower" in text or "(" in text else PC).status != "automated"
