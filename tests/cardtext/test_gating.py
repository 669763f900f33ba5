"""Sentences the compiler does not understand but that decide when or whether an ability
may be used (its timing, its core): the whole ability is then manual, never run as a
plain Action of its other sentences."""

from __future__ import annotations

import pytest

from engine.panini.cards import CardType
from engine.panini.cardtext import compile_text, split_sentences

MP, MASTERY, DRILL = CardType.MAIN_PERSONALITY, CardType.MASTERY, CardType.DRILL
SETUP, EVENT, ALLY = CardType.SETUP, CardType.EVENT, CardType.ALLY


def assert_all_manual(text: str, card_type: CardType) -> None:
    result = compile_text(text, card_type)
    assert result.status == "manual", result
    assert result.manual == split_sentences(text)
    assert set(result.fields) <= {"automation", "manual_text"}, result.fields


# --- timing ("Use when ...") ---------------------------------------------------------------
@pytest.mark.parametrize(
    "text",
    [
        # Turles' Fruit (The Movie Collection): the timing sentence stayed manual while
        # "Raise your anger 6 levels" ran as an Action usable at any time (now a timed
        # Power, tests/cardtext/test_triggers.py; an event not known still gates)
        "POWER: Use at the start of your opponent's Discard Step. Raise your anger 6 levels.",
        # Red Revitalize-style timings (Heroes and Villains, Evolution, Promos)
        "POWER: Use after taking damage from a card effect. Draw a card.",
        "POWER: Use when an Event is played. Draw a card.",
        "POWER: Use during your opponent's turn. Gain 2 stages.",
        "POWER: Use this card only once per game. Draw 2 cards.",
        "POWER: Use only while your MP is Goku. Draw 2 cards.",
        # (You may only use this card's non-constant power once per game) (Evolution)
        "(You may only use this card's power once per game.) POWER: Draw 2 cards.",
    ],
)
def test_a_timing_not_understood_makes_its_ability_manual(text: str) -> None:
    assert_all_manual(text, SETUP)
    assert_all_manual(text, EVENT)


@pytest.mark.parametrize("card_type", [MP, MASTERY, DRILL, SETUP, EVENT])
def test_use_when_entering_combat_on_cards_the_engine_runs_then(card_type: CardType) -> None:
    """Orange Calming Drill (Evolution): "[INSTANT] POWER: Use when entering combat. Lower
    your opponent's anger 1 level." 2016 THE COMBAT STEP: "When you declare combat, use any
    'when entering combat' effects you have (such as from your Mastery, Main Personality,
    Power, Drills, etc)"; the engine runs them for the Mastery, the MP's level and Drills
    (engine.panini.turn.entering_combat_sources)."""
    text = "POWER: Use when entering combat. Lower your opponent's anger 1 level."
    result = compile_text(text, card_type)
    assert result.status == "automated", result
    assert result.fields == {
        "entering_combat": [{"do": "lower_anger", "amount": 1, "who": "opponent"}],
        "automation": "automated",
    }


def test_use_when_entering_combat_on_an_ally_is_manual() -> None:
    """An Ally's Power needs the MP at most one stage above zero (2016 GLOSSARY "Ally"),
    which an entering-combat effect would ignore (Trunks - Bashful). Setups and Events
    offer theirs as combat begins (engine.panini.turn.entering_powers)."""
    assert_all_manual("POWER: Use when entering combat. Draw 2 cards.", ALLY)


def test_when_entering_combat_section_only_where_the_engine_runs_it() -> None:
    assert_all_manual("WHEN ENTERING COMBAT: Gain 1 stage.", EVENT)
    assert_all_manual("WHEN ENTERING COMBAT: Gain 1 stage.", SETUP)


def test_use_when_entering_combat_must_open_its_power() -> None:
    assert_all_manual("POWER: Draw a card. Use when entering combat.", MP)


def test_entering_combat_power_beside_an_ordinary_power() -> None:
    """Cell - Unstoppable (Perfection): an entering-combat Power, then an ordinary one."""
    text = (
        "POWER: Use when entering combat. Draw a card. "
        "POWER: Physical attack. DAMAGE: AT +2 stages."
    )
    result = compile_text(text, MP)
    assert result.status == "automated", result
    assert result.fields["entering_combat"] == [{"do": "draw", "amount": 1}]
    assert result.fields["attack"] == {
        "type": "physical",
        "damage": {"kind": "at", "amount": 2},
    }


# --- the core of an ability ----------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "card_type"),
    [
        # Blue Overcharge (Awakening): the prevention was dropped and "Draw a card" ran as
        # a plain Action usable at any time, not as a defense (read now, with equal amounts:
        # tests/cardtext/test_damage.py)
        (
            "POWER: Prevent 3 life cards and 2 stages of damage from an attack. Draw a card.",
            EVENT,
        ),
        ("Stops a physical attack and lowers the attacker 1 level. Gain 2 stages.", EVENT),
        ("Stop a physical attack from an Ally. Raise your anger 1 level.", SETUP),
        ("Prevents all damage from a Styled attack. Draw a card.", EVENT),
        # Namekian Backhand (Awakening) is read now (tests/cardtext/test_damage.py); "to an
        # Ally" is not
        (
            "Physical attack. Damage for this attack cannot be redirected to an Ally. "
            "DAMAGE: AT +3 stages.",
            CardType.PHYSICAL_COMBAT,
        ),
        # Pesky Barrage (Perfection)-style: when the attack stays in play, on a condition not
        # read (which Level? the real card's "Level 4" is read: docs/rulings.md 178)
        (
            "Energy attack costing 2 stages. If the highest power level on your MP's Level "
            "is 500,000 or less, this attack stays in play to be used a second time this "
            "combat. DAMAGE: 3 life cards.",
            CardType.ENERGY_COMBAT,
        ),
        # "this card stays in play" is read now (docs/rulings.md 276); with nothing of a
        # stop or an attack beside it, it is no defense
        ("This card stays in play to be used a second time this combat.", CardType.ENERGY_COMBAT),
        ("Physical attack dealing X stages of damage. Draw a card.", CardType.PHYSICAL_COMBAT),
        ("Energy attack costing X stages. Draw a card.", CardType.ENERGY_COMBAT),
        ("Draw a card. DAMAGE: 5 +X stages.", EVENT),
    ],
)
def test_a_core_not_understood_makes_its_ability_manual(text: str, card_type: CardType) -> None:
    """An attack, a stop or a prevention is what the card is played for (2016 ICONS: the
    attack and defense icons): without it the rest must not run as an Action."""
    assert_all_manual(text, card_type)


# --- what an attack's damage is, or whether it can be stopped or prevented -------------------
@pytest.mark.parametrize(
    "sentence",
    [
        # Red Pound's "cannot has" is read as "cannot have" (docs/rulings.md 265); a slip
        # with no one reading is not guessed
        "This attack cannot hav its damage modified.",
        "Damage from this attack cannot be modified by your effects.",
        # Namekian Training Ball (Awakening) is read now (conditions, attack_deals); "instead"
        "If you control more than 1 Earth Dragon Ball, this attack deals +3 life cards of "
        "damage instead of +1.",
        # Saiyan High Kick (Awakening) is read now (tests/cardtext/test_damage.py); "instead"
        "If your opponent controls no Drills, this attack deals +4 stages of damage instead "
        "of +2.",
        # Red Jab (Awakening)
        "If you do, damage from this attack cannot be prevented.",
        # Black Swagger Blast (Promos)
        "If you have 2 or less Traits, Endurance cannot be used on this attack.",
        "If your MP is Goku, your opponent's defenses cannot stop it.",
    ],
)
def test_a_sentence_changing_the_attack_makes_it_manual(sentence: str) -> None:
    """What is left for players is resolved once the attack has run its course
    (engine.panini.combat.begin_attack): a sentence that changes the attack's damage, whether it
    can be stopped or prevented, or Endurance against it, would come too late, so such an
    attack is manual (2016 DAMAGE SUMMARY, WHEN TAKING DAMAGE). "If you do, ..." with no
    sentence before it to refer to is such a sentence too."""
    text = f"Energy attack costing 2 stages. {sentence} DAMAGE: 4 life cards. HIT: Draw a card."
    assert_all_manual(text, CardType.ENERGY_COMBAT)
    assert_all_manual(f"Energy attack. DAMAGE: 4 life cards. {sentence}", CardType.ENERGY_COMBAT)


def test_a_restriction_on_endurance_is_read_before_the_damage() -> None:
    """ "Your opponent cannot use Endurance this combat." is read now (docs/rulings.md 120):
    on an attack it is an immediate effect, in force before damage (2016 ATTACK TIMING
    SUMMARY), wherever it is printed around DAMAGE."""
    restriction = {"do": "until_end_of_turn",
                   "modifier": {"mod": "no_endurance", "who": "opponent"}}  # fmt: skip
    for text in (
        "Energy attack. Your opponent cannot use Endurance this combat. DAMAGE: 4 life cards.",
        "Energy attack. DAMAGE: 4 life cards. Your opponent cannot use Endurance this combat.",
    ):
        attack = compile_text(text, CardType.ENERGY_COMBAT).fields["attack"]
        assert attack["effects"] == [restriction], text


# --- winning and losing ------------------------------------------------------------------
@pytest.mark.parametrize(
    "text",
    [
        # the engine would end the game by Most Powerful Personality Victory before players
        # read the restriction ("if you use this card" is read: tests/cardtext/
        # test_after_use.py; printed before what may win, it is read: test_allies.py)
        "POWER: Raise your anger 2 levels. You cannot win by MPPV this turn.",
        "POWER: Draw a card. You cannot lose the game during this action.",
        "POWER: Advance your MP 1 level. (You cannot win by Most Powerful Personality Victory "
        "until the end of your next turn.)",
    ],
)
def test_a_sentence_about_winning_makes_its_ability_manual(text: str) -> None:
    """2016 GAMEPLAY: the three victories end the game at once; a restriction on them left
    to players would come after the engine has ended it."""
    assert_all_manual(text, EVENT)


def test_a_cost_to_play_the_card_makes_it_manual() -> None:
    """Blinding Energy Move (Set 1): "(... You must banish the top 2 cards of your Life Deck
    to play this card.)": a card that cannot be paid for cannot be played (2016 ATTACK
    TIMING SUMMARY 1, "Pay any costs of the attack"); paid by hand afterwards it would be
    too late to refuse it. A Combat card's cost is read (engine.panini.cardtext.itself); one not
    read, or on a card whose other uses the engine does not charge (an Event), gates."""
    text = (
        "(Limit 2 per deck. You must banish the top 2 cards of your Life Deck to play this "
        "card.) Energy attack. DAMAGE: 3 life cards."
    )
    result = compile_text(text, CardType.ENERGY_COMBAT)
    assert result.status == "automated"
    assert result.fields["play_cost"][0]["amount"] == 2
    unread = compile_text(text.replace("banish the top 2", "banish the top X"),
                          CardType.ENERGY_COMBAT)  # fmt: skip
    assert unread.status == "manual"
    assert set(unread.fields) == {"limit_per_deck", "automation", "manual_text"}
    assert_all_manual(
        "You must banish the top 3 cards of your Life Deck to play this card. Draw a card.",
        EVENT,
    )


def test_a_defensive_power_is_not_an_action() -> None:
    """Master Roshi - Expectant (Perfection): "POWER: Choose a Setup or Drill in your hand
    and place it into play to prevent all damage from an attack. Raise your anger 2
    levels." is used against an attack (2016 ICONS, the defense icon); "Raise your anger 2
    levels" must not become an Action usable at any time."""
    text = (
        "POWER: Choose a Setup in your hand and place it into play to prevent all damage "
        "from an attack. Raise your anger 2 levels."
    )
    # read since defenses with a cost are (docs/rulings.md 160): a defense, never an Action
    result = compile_text(text, MP)
    assert "action" not in result.fields and result.fields["defense"]["prevent_all"]
    assert result.fields["defense"]["effects"] == [{"do": "raise_anger", "amount": 2}]
    assert_all_manual("POWER: Draw a card. You may discard a card to stop an attack.", SETUP)
