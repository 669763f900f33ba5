"""Legacy Cards' gates and HP, and the Z-Fighter WT Action ("HUMAN RACE MECHANICS":
"Each has a trigger gate. HP granted by Legacy cards is immediately restored (not just
cap increase)."; "Z-Fighter WT Action: A Z-Fighter Legacy Card may be played at 0 SK cost
by spending the Z-Fighters WT Action"). Rulings PT-69 and PT-70."""

from __future__ import annotations

import pytest

from engine.primetime.damage import harm
from engine.primetime.data import DataError, DeckCard, validate_list
from engine.primetime.game import PrimeTimeGame
from engine.primetime.roster import sample_roster
from engine.primetime.state import ModelState
from engine.primetime.stats import stat
from engine.primetime.view import view
from tests.primetime.helpers import activate, answer, empty_table, place

TENACITY = "play Krillin's Tenacity"


def _ids(game: PrimeTimeGame) -> list[str]:
    assert game.pending is not None
    return [o.id for o in game.pending.options]


def _labels(game: PrimeTimeGame) -> list[str]:
    assert game.pending is not None
    return [o.label for o in game.pending.options]


def _krillin(*hand: str) -> tuple[PrimeTimeGame, ModelState]:
    game = empty_table()
    krillin = place(game, "krillin", 15, 10)
    game.state.players[krillin.owner].hand = list(hand)
    return game, krillin


def test_a_legacy_cards_gate_opens_with_damage_and_not_with_hp_burn() -> None:
    # "Each has a trigger gate"; HP Burn: "Cannot trigger ... Legacy cards" (PT-69: the
    # sample gate opens once damage leaves Krillin at half his HP or less)
    game, krillin = _krillin("krillin-tenacity")
    krillin.sk = 1
    top = game.tier(krillin).hp
    activate(game, krillin)
    assert not any(label.startswith(TENACITY) for label in _labels(game))
    krillin.hp = top // 2  # HP lost without damage (as HP Burn's) opens nothing
    activate(game, krillin)
    assert not any(label.startswith(TENACITY) for label in _labels(game))
    krillin.hp = top
    harm(game, krillin, top - top // 2)  # damage: half his HP or less
    activate(game, krillin)
    assert any(label.startswith(TENACITY) for label in _labels(game))


def test_hp_granted_is_gained_at_once_and_raises_the_maximum_for_the_game() -> None:
    # "HP granted by Legacy cards is immediately restored (not just cap increase)"
    game, krillin = _krillin("krillin-tenacity")
    krillin.sk, krillin.wounded = 1, True
    top, res = game.tier(krillin).hp, stat(game, krillin, "res")
    krillin.hp = 2
    activate(game, krillin)
    answer(game, next(i for i, label in zip(_ids(game), _labels(game), strict=True)
                      if label.startswith(TENACITY)))
    assert krillin.hp == 2 + 2 and game.tier(krillin).hp == top + 2
    assert stat(game, krillin, "res") == res + 1 and krillin.sk == 0
    assert view(game, None)["models"][krillin.uid]["hp_max"] == top + 2


def test_the_z_fighters_wt_action_plays_a_z_fighter_legacy_card_at_0_sk() -> None:
    # "Z-Fighter WT Action: A Z-Fighter Legacy Card may be played at 0 SK cost by spending
    # the Z-Fighters WT Action" (PT-70: the Affiliation WT Action, 1 WT, the activation's
    # one; the card still takes its Play a Card action)
    game, krillin = _krillin("krillin-resolve")
    krillin.sk = 0  # cannot pay the card's 1 SK
    player = game.state.players[krillin.owner]
    activate(game, krillin)
    assert not any(i.startswith("card:") for i in _ids(game))
    assert "affiliation" in _ids(game)
    answer(game, "affiliation")
    assert game.pending is not None and game.pending.kind == "wt_action"
    assert _ids(game) == ["ability", "legacy:0"]
    answer(game, "legacy:0")
    assert krillin.legacy == ["krillin-resolve"] and krillin.sk == 0
    assert player.wt == 2 and game.state.active is not None
    assert game.state.active.wt_used and "card" in game.state.active.taken
    assert "affiliation" not in _ids(game)


def test_only_the_z_fighters_wt_action_and_only_an_open_gate() -> None:
    # Babidi's Forces' reference card has no such WT Action; a closed gate stays closed
    game = empty_table([sample_roster("Babidi's Forces"), sample_roster("Cell Games")])
    krillin = place(game, "krillin", 15, 10)
    game.state.players[krillin.owner].hand = ["krillin-resolve"]
    activate(game, krillin)
    assert "affiliation" not in _ids(game)  # under the threshold, and no such action
    game, krillin = _krillin("krillin-tenacity")
    activate(game, krillin)
    assert "affiliation" in _ids(game)  # Rally only: the gate is closed
    answer(game, "affiliation")
    assert game.pending is not None and game.pending.kind != "wt_action"


def test_a_gate_or_hp_on_a_card_that_is_not_legacy_is_refused() -> None:
    card = {"id": "x", "name": "X", "kind": "generic", "timing": "action", "text": "x",
            "hp": 2, "effect": {"heal": 1}}
    with pytest.raises(DataError, match=r"entry x: .*only a Legacy card"):
        validate_list([card], DeckCard, "cards.yaml")
    with pytest.raises(DataError, match=r"gate.*from_round or wounded"):
        validate_list([{**card, "hp": 0, "legacy": True, "gate": {}}], DeckCard, "cards.yaml")
