"""Notes on how often a card's Power may be used (engine/panini/cardtext/limits.py): read only
when the card has the one Power the note can be about; else the note stays for players
and, as any unread "may only be used" sentence, gates the card's abilities."""

from __future__ import annotations

from pathlib import Path

from engine.panini.cards import CardType, load_card_file
from engine.panini.cardtext import compile_text, reproduces

MP = CardType.MAIN_PERSONALITY


def test_once_per_game_on_the_non_instant_power() -> None:
    cases = [
        "(This card's non-[INSTANT] power may only be used once per game.) [INSTANT] POWER: "
        "Use when entering combat. Draw a card. POWER: Gain 3 stages.",
        "(You may only use this card's non-constant power once per game.) CONSTANT: Your "
        "physical attacks do +1 stages of damage. POWER: Gain 3 stages.",
        "(This Power can only be used once per game.) POWER: Gain 3 stages.",
        "(You can use this card's power only once per game.) POWER: Gain 3 stages.",
    ]
    for text in cases:
        result = compile_text(text, MP)
        assert result.status == "automated", text
        assert result.fields["power_limit"] == "game", text
        assert result.fields["action"]["effects"] == [{"do": "gain_stages", "amount": 3}]


def test_once_per_game_left_unread_when_it_could_be_about_another_power() -> None:
    cases = [
        # no "non-[INSTANT]": the entering-combat Power is a Power too
        "(This card's power may only be used once per game.) [INSTANT] POWER: Use when "
        "entering combat. Draw a card. POWER: Gain 3 stages.",
        # two Powers
        "(This card's power may only be used once per game.) POWER: Gain 3 stages. POWER: "
        "Draw a card.",
        # no Power at all
        "(This card's power may only be used once per game.) CONSTANT: Your physical "
        "attacks do +1 stages of damage.",
    ]
    for text in cases:
        result = compile_text(text, MP)
        assert result.unread and "once per game" in result.unread[0], text
        assert "power_limit" not in result.fields, text
        assert "action" not in result.fields, text  # the note gates the Power
    # a permission, not read as a limit
    result = compile_text("(You may use this card's power once per game.) POWER: Draw a card.", MP)
    assert result.unread and "power_limit" not in result.fields


def test_once_per_attack_on_a_defense_power() -> None:
    cases = [
        ("(You may use this Drill more than once per turn, but only once per attack.) POWER: "
         "Stops an energy attack.", CardType.DRILL),
        ("(You may use this Defense Power more than once per turn but only once per attack) "
         "POWER: Stops an energy attack.", MP),
    ]  # fmt: skip
    for text, card_type in cases:
        result = compile_text(text, card_type)
        assert result.status == "automated", text
        assert result.fields["power_limit"] == "attack"
        assert result.fields["defense"] == {"against": "energy", "stops": True}


def test_once_per_attack_needs_one_defense_power() -> None:
    cases = [
        # not a defense
        ("(You may use this Drill more than once per turn, but only once per attack.) POWER: "
         "Gain 3 stages.", CardType.DRILL),
        # "this Drill" on an MP
        ("(You may use this Drill more than once per turn, but only once per attack.) POWER: "
         "Stops an energy attack.", MP),
        # two Powers: which one is meant is for players
        ("(You may use this Defense Power more than once per turn but only once per attack) "
         "POWER: Stops an energy attack. POWER: Draw a card.", MP),
        # "more than once per combat": another limit
        ("(You may use this Drill more than once per combat, but only once per attack.) "
         "POWER: Stops an energy attack.", CardType.DRILL),
    ]  # fmt: skip
    for text, card_type in cases:
        result = compile_text(text, card_type)
        assert result.unread and "once per attack" in result.unread[0], text
        assert "power_limit" not in result.fields, text


def test_the_scenario_cards_compile_to_their_hand_written_fields() -> None:
    """The cards tests/scenarios/limits-*.yaml play are what their texts compile to."""
    cards = load_card_file(Path(__file__).parents[1] / "cards" / "limits.yaml")
    for card in cards:
        assert reproduces(card), card.name


def test_use_only_if_before_the_attack_gates_it() -> None:
    text = (
        "(Use only if you have performed at least 2 other Styled physical attacks this combat. "
        "This attack cannot have its damage modified.) Physical attack. DAMAGE: 5 stages."
    )
    result = compile_text(text, CardType.PHYSICAL_COMBAT)
    assert result.status == "automated"
    # the attacks performed before it: none is in progress as it is offered
    check = {"event": "attack", "styled": True, "attack_type": "physical", "value": 2}
    assert result.fields["attack"] == {
        "type": "physical",
        "unmodifiable": True,
        "damage": {"kind": "stages", "amount": 5},
        "requires": {"happened": [check]},
    }
    text = (
        "(Use only if you have not performed an attack this combat.) Physical attack. DAMAGE: AT."
    )
    result = compile_text(text, CardType.PHYSICAL_COMBAT)
    assert result.fields["attack"]["requires"] == {
        "happened": [{"event": "attack", "op": "eq", "value": 0}]
    }


def test_use_only_if_not_read_stays_and_gates() -> None:
    cases = [
        # "other" attacks of the opponent: unread condition
        "(Use only if your opponent has performed 2 other attacks this combat. This attack "
        "cannot have its damage modified.) Physical attack. DAMAGE: 5 stages.",
        # a gate split off its group, the other sentence not read: the attack stays
        "(Use only if you have performed another attack this combat. This attack swaps "
        "places.) Physical attack. DAMAGE: 5 stages.",
    ]
    for text in cases:
        result = compile_text(text, CardType.PHYSICAL_COMBAT)
        assert result.status == "manual", text
        assert "attack" not in result.fields, text
    # "another attack" outside an attack: no attack to count it against
    result = compile_text(
        "POWER: Use only if you have performed another attack this combat. Gain 2 stages.",
        CardType.MAIN_PERSONALITY,
    )
    assert "action" not in result.fields


def test_begin_the_game_notes() -> None:
    cases = [
        ("(You may begin the game with Goku's Spirit Bomb attached.) POWER: Gain 3 stages.", MP,
         {"attached": "Goku's Spirit Bomb"}),
        ("(You may begin the game on Level 2.) POWER: Gain 3 stages.", MP, {"level": 2}),
        ("(You may begin the game on level two.)", CardType.MASTERY, {"level": 2}),
    ]  # fmt: skip
    for text, card_type, expected in cases:
        result = compile_text(text, card_type)
        assert result.fields["begin_game"] == expected, text
        assert not result.unread, text


def test_begin_the_game_notes_left_unread() -> None:
    cases = [
        # a kind of card, not a title
        ("(You may begin the game with a Drill attached.) POWER: Gain 3 stages.", MP),
        # not a card in play as the game begins
        ("(You may begin the game on Level 2.) POWER: Gain 3 stages.", CardType.SETUP),
        # level 5 is no Panini level; level 1 is the rule itself
        ("(You may begin the game on Level 5.) POWER: Gain 3 stages.", MP),
        # two set-up notes: which first is for players
        ("(You may begin the game on Level 2.) (You may begin the game with Goku's Spirit Bomb "
         "attached.) POWER: Gain 3 stages.", MP),
    ]  # fmt: skip
    for text, card_type in cases:
        result = compile_text(text, card_type)
        assert result.unread and "begin the game" in result.unread[0], text
        assert "begin_game" not in result.fields, text


def test_a_note_that_lost_its_closing_parenthesis() -> None:
    text = "(Your Life Deck may contain non-Personality cards that are Heroes only."
    result = compile_text(text, MP)
    assert result.fields["deck_note"] == {"alignment": "hero"} and not result.unread
    # other sentences opening an unclosed parenthesis stay as they were
    result = compile_text("(Your Life Deck may contain a kitchen sink. POWER: Draw a card.", MP)
    assert result.unread and "deck_note" not in result.fields


def test_only_one_attached_on_a_combat_card_that_attaches() -> None:
    text = (
        "(You may only have one Test Shield attached.) Stops a physical attack. Attach to your MP."
    )
    result = compile_text(text, CardType.PHYSICAL_COMBAT)
    assert result.status == "automated" and result.fields["only_one"] == "Test Shield"
    # a kind of card, not a title: stays for players
    near = "(You may only have one Drill attached.) Stops a physical attack. Attach to your MP."
    assert "only_one" not in compile_text(near, CardType.PHYSICAL_COMBAT).fields


def test_a_use_only_if_note_gates_a_drills_power() -> None:
    # docs/rulings.md 322: the note printed before a Drill's "POWER:" gates that Power
    text = (
        "(Use only if your opponent has not performed a successful physical attack this"
        " combat.) POWER: Stops a physical attack."
    )
    result = compile_text(text, CardType.DRILL)
    assert result.status == "automated"
    assert result.fields["defense"]["requires"] == {
        "happened": [
            {"event": "attack_hit", "who": "opponent", "attack_type": "physical", "op": "eq",
             "value": 0}
        ]
    }  # fmt: skip
    # a Drill's text outside "POWER:" is still no Power of it, gate or not
    near = "(Use only if your anger is 3 or more.) Draw a card."
    assert compile_text(near, CardType.DRILL).status == "manual"
