"""Cards in play that remove themselves when a state holds (engine.panini.cardtext.leaving,
docs/rulings.md 255): "<Banish / destroy> this card when <condition>" on a card that stays
in play is a `state_holds` trigger; an event stays a plain trigger, anything else unread."""

from __future__ import annotations

from typing import Any

from engine.panini.cards import CardType
from engine.panini.cardtext import compile_text

_BANISH = {"do": "move", "source": "this_card", "amount": 1, "to": "banish"}
_DESTROY = {"do": "move", "source": "this_card", "amount": 1, "to": "discard"}


def _trigger(text: str, card_type: CardType = CardType.DRILL) -> dict[str, Any] | None:
    result = compile_text(text, card_type)
    if result.status != "automated":
        return None
    triggers: list[dict[str, Any]] = result.fields.get("triggers", [])
    return triggers[0] if len(triggers) == 1 else None


def test_state_conditions_compile_to_state_triggers() -> None:
    cases = {
        "Banish this card when you control a Styled Drill.": (
            _BANISH, {"compare": [{"left": {"of": "drills", "styled": True}, "op": "ge",
                                   "value": 1}]}),
        "Banish this Drill when there are no Setups in play.": (
            _BANISH, {"compare": [{"left": {"of": "setups", "who": "both"}, "op": "eq",
                                   "value": 0}]}),
        "Destroy this card when your MP's power level is 0.": (
            _DESTROY, {"compare": [{"left": {"of": "power_level"}, "op": "eq", "value": 0}]}),
        "Banish this card whenever you control more than 4 Drills.": (
            _BANISH, {"compare": [{"left": {"of": "drills"}, "op": "gt", "value": 4}]}),
        "Banish this card when more than 1 card is attached to your MP.": (
            _BANISH, {"compare": [{"left": {"of": "attached"}, "op": "gt", "value": 1}]}),
    }  # fmt: skip
    for text, (effect, condition) in cases.items():
        trigger = _trigger(text)
        assert trigger == {"on": "state_holds", "requires": condition, "effects": [effect]}, text


def test_an_attached_combat_card_reads_it_too() -> None:
    text = (
        "Physical attack. Attach to your MP. Banish this card when more than 1 card is "
        "attached to your MP. DAMAGE: 3 stages."
    )
    result = compile_text(text, CardType.PHYSICAL_COMBAT)
    assert result.status == "automated"
    assert result.fields["triggers"][0]["on"] == "state_holds"


def test_an_event_stays_an_event_trigger() -> None:
    trigger = _trigger("Banish this card when your opponent deals critical damage.")
    assert trigger is not None and trigger["on"] == "critical_damage"


def test_near_misses_stay_unread() -> None:
    for text, card_type in [
        # history and attacks are no state of the board
        ("Banish this card when you have attacked this combat.", CardType.DRILL),
        ("Banish this card when that attack is stopped.", CardType.DRILL),
        # "if": a condition, not when the card leaves
        ("Banish this card if you control a Styled Drill.", CardType.DRILL),
        # another card moved
        ("Banish a Drill when you control a Styled Drill.", CardType.DRILL),
        # a condition not read whole
        ("Banish this card when you control a Styled Drill and it is Tuesday.", CardType.DRILL),
        # a card that does not stay in play
        ("POWER: Draw a card. Banish this card when you control a Styled Drill.", CardType.EVENT),
    ]:
        triggers = compile_text(text, card_type).fields.get("triggers", [])
        assert not any(t.get("on") == "state_holds" for t in triggers), text


def test_leaving_play_and_critical_damage_taken_events() -> None:
    watch = _trigger("Banish this Drill whenever one of your other Styled Drills leaves play.")
    assert watch == {"on": "left_play", "styled": True, "card_types": ["drill"],
                     "effects": [_BANISH]}  # fmt: skip
    taken = _trigger("Destroy this card when you take critical damage.")
    assert taken == {"on": "critical_damage", "who": "opponent", "effects": [_DESTROY]}
    theirs = _trigger("CONSTANT: Whenever your opponent takes critical damage, draw a card.")
    assert theirs is not None and "who" not in theirs  # dealt by you
    other = _trigger(
        "CONSTANT: Whenever one of your other Drills leaves play, lower your opponent's anger"
        " 1 level."
    )
    assert other is not None and other["on"] == "left_play" and "styled" not in other


def test_a_trigger_printed_without_its_comma() -> None:
    trigger = _trigger(
        "[CONSTANT] Whenever one of your other Drills leaves play lower your opponent's anger"
        " 1 level."
    )
    lower = {"do": "lower_anger", "amount": 1, "who": "opponent"}
    assert trigger == {"on": "left_play", "card_types": ["drill"], "effects": [lower]}


def test_event_near_misses_stay_unread() -> None:
    for text in [
        "Destroy this card when you take damage critically.",
        "Banish this Drill whenever one of your other Styled Drills leaves the game.",
        "Banish this Drill whenever one of their Styled Drills leaves play.",
        # no comma and no single cut that reads whole
        "Whenever you raise your anger draw a card lower your anger 1 level.",
    ]:
        assert compile_text(text, CardType.DRILL).status != "automated", text


def test_the_head_printed_after_the_effects() -> None:
    ox = compile_text(
        "(If your MP is Chi-Chi, Goku, or Pan, Rejuvenate 3 when this card enters play.)",
        CardType.ALLY,
    )
    assert ox.status == "automated"
    (moved,) = ox.fields["when_moved"]
    assert moved["event"] == "enters_play"
    assert moved["effects"][0]["do"] == "rejuvenate" and "any_of" in moved["effects"][0]["if"]
    shy = compile_text(
        "(If you have not drawn a card this combat, you may draw a card when this card enters "
        "play during combat.)",
        CardType.SETUP,
    )
    (moved,) = shy.fields["when_moved"]
    assert moved["during_combat"] and moved["effects"][0]["may"]
    assert moved["effects"][0]["if"] == {"happened": [{"event": "drew", "op": "eq", "value": 0}]}
    gone = compile_text("Draw a card when this Drill leaves play.", CardType.DRILL)
    assert gone.fields["when_moved"][0]["event"] == "leaves_play"


def test_head_last_near_misses_stay_unread() -> None:
    for text in [
        "Draw a card when you attack when this card enters play.",  # two heads
        "Draw a card when this card enters the game.",
        "If your MP is Goku, draw a card when this card is played.",
        "Frobnicate when this card enters play.",
    ]:
        assert compile_text(text, CardType.DRILL).unread == [text], text


def test_attacks_this_combat_deal() -> None:
    text = "Whenever this Drill leaves play, your attacks this combat deal +2 stages of damage."
    (moved,) = compile_text(text, CardType.DRILL).fields["when_moved"]
    assert moved["effects"] == [
        {"do": "until_end_of_turn", "modifier": {"mod": "damage", "stages": 2}}
    ]
    # the duration said twice, or a verb that is no damage: unread
    for near in (
        "POWER: Your attacks this combat deal +2 stages of damage this combat.",
        "POWER: Your attacks this combat cost +2 stages of damage.",
    ):
        assert compile_text(near, CardType.DRILL).unread == [near], near


def test_banished_instead_of_discarded_on_a_level_change() -> None:
    text = (
        "(When you advance a level, you may banish this Drill instead of discarding it.  If you "
        "do, your physical attacks deal +3 stages of damage this combat.)"
    )
    result = compile_text(text, CardType.DRILL)
    assert result.status == "automated"
    (moved,) = result.fields["when_moved"]
    assert moved["event"] == "discarded_on_advance"
    assert moved["effects"][0] == {"do": "move", "source": "moved_card", "amount": 1,
                                   "to": "banish", "may": True}  # fmt: skip
    assert moved["effects"][1]["if_you_do"]
    changing = compile_text(
        "When your MP changes levels, you may banish this Drill instead of discarding it.",
        CardType.DRILL,
    )
    assert changing.fields["when_moved"][0]["event"] == "discarded_on_level_change"
    for near in (
        "When you advance a level, you may banish this Drill instead of discarding it. If you "
        "do, frobnicate.",
        "When you advance a level, banish this Drill instead of discarding it.",
    ):
        assert compile_text(near, CardType.DRILL).status != "automated", near


def test_dragon_balls_of_a_set_or_owner_entering_play() -> None:
    radiant = _trigger(
        "CONSTANT: Whenever an Earth Dragon Ball you own enters play during combat, raise "
        "your anger 1.",
        CardType.MASTERY,
    )
    assert radiant is not None
    assert {k: radiant[k] for k in ("on", "who", "owner", "card_types", "ball_set")} == {
        "on": "entered_play", "who": "any", "owner": "self", "card_types": ["dragon_ball"],
        "ball_set": "Earth",
    }  # fmt: skip
    dende = _trigger(
        "CONTINUOUS POWER: After a Dragon Ball you own enters play, gain 2 stages.",
        CardType.MAIN_PERSONALITY,
    )
    assert dende is not None and dende["owner"] == "self" and "ball_set" not in dende
    namek = _trigger(
        "CONSTANT: After a Namek Dragon Ball enters play under your control, draw a card.",
        CardType.MASTERY,
    )
    assert namek is not None and namek["ball_set"] == "Namek" and "owner" not in namek
    for near in (
        "CONSTANT: Whenever a Red Dragon Ball you own enters play, draw a card.",
        "CONSTANT: Whenever an Earth Drill you own enters play, draw a card.",
        "CONSTANT: Whenever a Dragon Ball he owns enters play, draw a card.",
    ):
        assert compile_text(near, CardType.MASTERY).unread == [near], near


def test_a_timed_power_with_a_state() -> None:
    text = (
        "[INSTANT] POWER: Use when an Ally enters play under your control during combat and it "
        "is the only Ally you control. Draw a card."
    )
    trigger = _trigger(text)
    assert trigger is not None and trigger["power"] and trigger["during_combat"]
    assert trigger["requires"] == {"compare": [{"left": {"of": "allies"}, "op": "eq", "value": 1}]}
    anger = _trigger(
        "POWER: Use when your opponent raises his anger and you control 2 or more Drills. "
        "Draw a card."
    )
    assert anger is not None and anger["requires"]["compare"][0]["value"] == 2
    for near in (
        # "it" is not the card that entered play
        "POWER: Use when an Ally enters play under your control and it is the only Drill you "
        "control.",
        "POWER: Use when your opponent raises his anger and it is the only Ally you control.",
        # history: no state
        "POWER: Use when your opponent raises his anger and you attacked this combat.",
        "POWER: Use when your opponent raises his anger and the moon is full.",
    ):
        result = compile_text(f"{near} Draw a card.", CardType.DRILL)
        assert near in result.unread, near


def test_if_this_card_enters_play_and_if_you_banish_it_for_endurance() -> None:
    bravado = compile_text(
        "(If this card enters play during combat, damage from your attacks cannot be prevented "
        "this combat.)",
        CardType.SETUP,
    )
    (moved,) = bravado.fields["when_moved"]
    assert moved["event"] == "enters_play" and moved["during_combat"]
    blast = compile_text(
        "(If you banish this card for Endurance, your Dragon Balls cannot be captured this "
        "combat.)",
        CardType.ENERGY_COMBAT,
    )
    (moved,) = blast.fields["when_moved"]
    no_capture = {"do": "until_end_of_turn", "modifier": {"mod": "no_capture"}}
    assert moved == {"event": "banished_for_endurance", "effects": [no_capture]}
    for near in (
        "(If your opponent banishes this card for Endurance, draw a card.)",
        "(If you banish this card for fun, draw a card.)",
        "(If this card enters play from your hand, draw a card.)",
    ):
        assert compile_text(near, CardType.ENERGY_COMBAT).unread == [near], near


def test_leaving_at_a_moment() -> None:
    choke = _trigger(
        "Physical attack. DAMAGE: 6 stages. Attach to your MP. Banish this card at the end of a "
        "combat where your opponent controls 2 or more Dragon Balls.",
        CardType.PHYSICAL_COMBAT,
    )
    condition = {"compare": [{"left": {"of": "dragon_balls", "who": "opponent"}, "op": "ge",
                              "value": 2}]}  # fmt: skip
    assert choke == {"on": "combat_ended", "who": "any", "effects": [{**_BANISH, "if": condition}]}
    turn = _trigger("Banish this Drill at the end of the turn.")
    assert turn == {"on": "turn_ended", "who": "any", "effects": [_BANISH]}
    for near, card_type in (
        # in a Power: armed as it is used, not a trigger of the card in play
        ("POWER: Draw a card. Banish this card at the end of the turn.", CardType.DRILL),
        ("Banish this Drill at the end of a combat where you attacked.", CardType.DRILL),
        ("Banish this Drill at the end of the game.", CardType.DRILL),
    ):
        result = compile_text(near, card_type)
        assert not result.fields.get("triggers"), near


def test_allies_at_power_level_zero() -> None:
    result = compile_text("CONSTANT: Whenever an Ally's power level is 0, it is banished.",
                          CardType.DRILL)  # fmt: skip
    assert result.fields["constant"] == [{"mod": "zero_allies_banished", "who": "both"}]
    for near in (
        "CONSTANT: Whenever an Ally's power level is 0, it is destroyed.",
        "CONSTANT: Whenever your MP's power level is 0, it is banished.",
        "CONSTANT: Whenever an Ally's power level is 1, it is banished.",
    ):
        assert compile_text(near, CardType.DRILL).unread == [near], near
