"""Deck cards in play ("Actions Available: ... Play a Card", "Free Action Cap", the
Z-Reaction table's "Card Response", "Card Deck Mechanics", "Surge Ki Drain Fallback")
and the Condition cards ("Draw Condition Card"). Rulings PT-29 to PT-32."""

from __future__ import annotations

import pytest

from engine.primetime import attacks
from engine.primetime.activation import move_value
from engine.primetime.game import PrimeTimeGame
from engine.primetime.options import parse_point
from engine.primetime.state import ModelState
from engine.primetime.stats import stat
from tests.primetime.helpers import activate, answer, dice, empty_table, place


def _hand(game: PrimeTimeGame, m: ModelState, *cards: str) -> None:
    game.state.players[m.owner].hand = list(cards)


def _ids(game: PrimeTimeGame) -> list[str]:
    assert game.pending is not None
    return [o.id for o in game.pending.options]


def _label(game: PrimeTimeGame, start: str) -> str:
    assert game.pending is not None
    return next(o.id for o in game.pending.options if o.label.startswith(start))


def _table() -> tuple[PrimeTimeGame, ModelState, ModelState]:
    """Goku (Z-Fighters) at (15, 5) and Cell (Cell Games) at (15, 20), nothing else near."""
    game = empty_table()
    return game, place(game, "goku", 15, 5), place(game, "cell", 15, 20)


def test_an_instant_card_is_a_free_action_at_most_twice() -> None:
    # PT-29: an instant card is a free action (no action slot); "Free Action Cap: A model
    # may use a maximum of 2 free actions per activation"
    game, goku, _ = _table()
    _hand(game, goku, "ki-surge", "zf-teamwork", "ki-surge")
    player = game.state.players[goku.owner]
    player.bk = 0
    activate(game, goku)
    answer(game, _label(game, "play Ki Surge"))
    assert player.bk == 2 and game.state.active is not None
    assert game.state.active.actions == 2 and game.state.active.free == 1
    answer(game, _label(game, "play Teamwork"))
    assert player.bk == 4 and game.state.active.free == 2
    assert not any(i.startswith("card:") for i in _ids(game))  # the third is not offered
    assert player.hand == ["ki-surge"] and player.discard == ["ki-surge", "zf-teamwork"]


def test_an_action_card_takes_the_action_once_per_activation_and_its_sk() -> None:
    # "Actions Available: ... Play a Card"; PT-29: once per activation (PT-13), its SK
    # paid by the playing model
    game, goku, _ = _table()
    goku.hp, goku.sk = 4, 1
    _hand(game, goku, "second-wind", "sudden-dash", "goku-instant-transmission")
    activate(game, goku)
    offered = [o.label for o in game.pending.options if o.id.startswith("card:")]  # type: ignore[union-attr]
    assert offered == ["play Second Wind (action)", "play Sudden Dash (action)",
                       "play Instant Transmission (action, 1 SK)"]  # fmt: skip
    answer(game, _label(game, "play Second Wind"))
    assert goku.hp == 5 and game.state.active is not None
    assert game.state.active.actions == 1
    assert not any(i.startswith("card:") for i in _ids(game))  # one card action only


def test_a_card_needs_its_sk_and_its_character() -> None:
    # "Cost to play" is the card's SK (PT-29: the playing model's); a character card is
    # its character's
    game, goku, _ = _table()
    vegeta = place(game, "vegeta", 5, 5)
    goku.sk = 0
    _hand(game, goku, "goku-instant-transmission", "vegeta-final-flash")
    activate(game, goku)
    assert not any(i.startswith("card:") for i in _ids(game))
    vegeta.sk = 5
    _hand(game, vegeta, "goku-instant-transmission", "vegeta-final-flash")
    activate(game, vegeta)
    assert [i for i in _ids(game) if i.startswith("card:")] == ["card:1"]


def test_a_reposition_card_moves_up_to_its_distance_off_the_move_cap() -> None:
    # "Reposition: Does NOT count toward the 2-move cap ... The effect states the distance"
    game, goku, _ = _table()
    _hand(game, goku, "sudden-dash")
    activate(game, goku)
    answer(game, _label(game, "play Sudden Dash"))
    decision = game.pending
    assert decision is not None and decision.kind == "reposition"
    points = [parse_point(o.id) for o in decision.options[1:]]
    assert max(abs(p[1] - 5) for p in points if p is not None) == 4
    outcome = game.apply(decision.player, "at:15,9.5", decision.seq)
    assert not outcome.ok and "Reposition of 4" in outcome.reason
    answer(game, "at:15,9")
    assert (goku.x, goku.y) == (15, 9)
    assert game.state.active is not None and game.state.active.moves == 0


def test_a_persistent_card_stays_in_play_until_cleanup() -> None:
    # "Discard Persistent cards" (Cleanup); its +1 FOC "until the end of the round"
    game, goku, _ = _table()
    goku.sk = 1
    _hand(game, goku, "focused-mind")
    player = game.state.players[goku.owner]
    activate(game, goku)
    foc = stat(game, goku, "foc")
    answer(game, _label(game, "play Focused Mind"))
    assert stat(game, goku, "foc") == foc + 1 and goku.sk == 0
    assert player.in_play == ["focused-mind"] and "focused-mind" not in player.discard
    answer(game, "end")
    while game.state.phase != "power" and game.state.round == 1:
        answer(game, game.pending.options[-1].id)  # type: ignore[union-attr]
    assert player.in_play == [] and "focused-mind" in player.discard
    assert stat(game, goku, "foc") == foc


def test_a_card_attack_uses_the_cards_technique(monkeypatch: pytest.MonkeyPatch) -> None:
    # Final Flash: "Vegeta makes a Beam attack: range 18", damage 6."
    game, _, cell = _table()
    vegeta = place(game, "vegeta", 15, 8)
    vegeta.sk = 2
    _hand(game, vegeta, "vegeta-final-flash")
    activate(game, vegeta)
    answer(game, _label(game, "play Final Flash"))
    assert vegeta.sk == 0 and game.pending is not None and game.pending.kind == "card_attack"
    answer(game, f"model:{cell.uid}")
    assert game.pending is not None and game.pending.kind == "z_reaction"
    dice(monkeypatch, 15)  # 15 + FOC 5 = 20 >= RFX 12
    answer(game, "none")
    assert cell.status == "removed"  # 6 - RES 1 = 5: Cell's Dissolution Threshold


def test_a_drain_without_sk_takes_bk() -> None:
    # "Surge Ki Drain Fallback: If an ability drains Surge Ki (SK) from a target with 0 SK,
    # drain an equal amount of BK from the target's team pool instead."; Staggered
    game = empty_table()
    gogeta = place(game, "gogeta", 15, 10)
    cell = place(game, "cell", 15, 13)
    gogeta.sk, cell.sk = 2, 0
    game.state.players[cell.owner].bk = 5
    _hand(game, gogeta, "gogeta-stardust-breaker")
    activate(game, gogeta)
    answer(game, _label(game, "play Stardust Breaker"))
    answer(game, f"model:{cell.uid}")
    assert game.state.players[cell.owner].bk == 4 and "staggered" in cell.states


def _attacked(game: PrimeTimeGame, cell: ModelState, *cards: str) -> None:
    """Goku next to Cell declares a Basic Strike; Cell's player holds `cards`."""
    goku = place(game, "goku", 15, 18.5)
    _hand(game, cell, *cards)
    activate(game, goku)
    answer(game, _label(game, "Basic Strike at Cell"))


def test_a_card_response_is_the_one_z_reaction(monkeypatch: pytest.MonkeyPatch) -> None:
    # "Card Response | Per card | Play a Z-Reaction card from hand in response to an
    # attack."; PT-31: Afterimage is a Z-Evasion at +3, Iron Guard +1 RES with no roll
    game, _, cell = _table()
    _attacked(game, cell, "afterimage", "iron-guard", "ki-surge")
    assert [i for i in _ids(game) if i.startswith("card:")] == ["card:0", "card:1"]
    dice(monkeypatch, 12, 5)  # Goku 12 + IMP 5 = 17; Cell 5 + FOC 4 + 3 = 12: fails
    answer(game, "card:0")
    assert cell.hp == 5 - 1  # Basic Strike 2 - RES 1
    assert game.state.players[cell.owner].discard[-1] == "afterimage"


def test_a_res_card_adds_res_against_the_attack(monkeypatch: pytest.MonkeyPatch) -> None:
    # Iron Guard: "it gets +1 RES against that attack" (PT-31: no roll)
    game, _, cell = _table()
    _attacked(game, cell, "iron-guard")
    dice(monkeypatch, 12)
    answer(game, "card:0")
    assert cell.hp == 5  # 2 - (RES 1 + 1)


def test_a_card_response_answers_only_its_attacks_and_not_when_staggered() -> None:
    # Perfect Barrier: "+2 RES against a Beam"; "Staggered | Can only use Brace Z-Reaction"
    game, _, cell = _table()
    _attacked(game, cell, "cell-perfect-barrier", "afterimage")
    assert [i for i in _ids(game) if i.startswith("card:")] == ["card:1"]
    game, _, cell = _table()
    cell.states.append("staggered")
    _attacked(game, cell, "afterimage")
    assert _ids(game) == ["none", "brace"]


def test_conditions_change_the_1st_move_and_long_shots() -> None:
    # PT-32: Gravity Chamber, "Every model's 1st Move is 1" shorter."; Storm Clouds,
    # "Ranged attacks at a target more than 12" away get -1."
    game, goku, cell = _table()
    game.state.condition = "gravity-chamber"
    assert move_value(game, goku, 0) == game.tier(goku).move1 - 1
    assert move_value(game, goku, 1) == game.tier(goku).move2
    game.state.condition = "storm-clouds"
    blast = next(t for t in attacks.techniques(game, goku) if t.name == "Energy Blast")
    roll = attacks.roll_attack(game, goku, blast, cell)
    assert ("Storm Clouds", -1) in roll.modifiers
    near = place(game, "android-17", 15, 10)
    assert ("Storm Clouds", 0) in attacks.roll_attack(game, goku, blast, near).modifiers


def test_a_legacy_card_stays_beside_a_human_for_the_game() -> None:
    # "Legacy Cards: Permanent upgrades placed beside the Human model's profile when
    # played. Never return to the deck."; "Cost to play: 1 SK"; PT-43
    game, goku, _ = _table()
    krillin = place(game, "krillin", 10, 5)
    krillin.sk = goku.sk = 1
    _hand(game, krillin, "krillin-resolve")
    activate(game, goku)
    assert not any(i.startswith("card:") for i in _ids(game))  # Goku is no Human
    imp = stat(game, krillin, "imp")
    activate(game, krillin)
    answer(game, _label(game, "play Krillin's Resolve"))
    player = game.state.players[krillin.owner]
    assert krillin.legacy == ["krillin-resolve"] and krillin.sk == 0
    assert "krillin-resolve" not in player.discard + player.hand
    assert stat(game, krillin, "imp") == imp + 1
    krillin.mods.clear()  # Cleanup's "until end of round" clearing leaves it
    assert stat(game, krillin, "imp") == imp + 1
