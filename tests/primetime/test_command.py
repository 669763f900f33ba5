"""Command Abilities ("Command Ability", "Leader Eligible", the Dazed / KO'd / Removed
from Play states): the Leader's two abilities, once a round and once a game, kept while
Dazed, lost for good when KO'd. Ruling PT-48."""

from __future__ import annotations

from engine.primetime import command
from engine.primetime.damage import harm
from engine.primetime.stats import stat
from tests.primetime.helpers import activate, answer, empty_table, place


def _ids(game) -> list[str]:  # type: ignore[no-untyped-def]
    assert game.pending is not None
    return [o.id for o in game.pending.options]


def test_the_leaders_two_abilities_once_a_round_and_once_a_game() -> None:
    # "Command Ability | Unique ability available only when designated Leader. Two
    # abilities: one triggered (once/round), one once-per-game."
    game = empty_table()
    goku = place(game, "goku", 15, 10)  # the Z-Fighters' Leader
    krillin = place(game, "krillin", 15, 13)
    player = game.state.players[goku.owner]
    assert player.leader == "goku"
    activate(game, krillin)  # any friendly activation
    assert {"command:round", "command:game"} <= set(_ids(game))
    bk = player.bk
    answer(game, "command:game")
    assert player.bk == bk + 3  # Lend Me Your Energy
    answer(game, "command:round")
    answer(game, f"model:{krillin.uid}")  # Hold the Line: within 6" of Goku
    assert stat(game, krillin, "rfx") == game.tier(krillin).rfx + 1
    assert game.state.active is not None and game.state.active.actions == 2  # free
    assert "command:round" not in _ids(game) and "command:game" not in _ids(game)
    command.new_round(game)  # the Power Phase: the round's ability again, not the game's
    activate(game, krillin)
    assert "command:round" in _ids(game) and "command:game" not in _ids(game)


def test_a_dazed_leader_keeps_them_a_kod_one_loses_them_for_good() -> None:
    # "Dazed Leaders retain Command Abilities. Permanently KO'd Leaders lose all Command
    # Abilities (not restored by WT Re-Entry)."
    game = empty_table()
    goku = place(game, "goku", 15, 10)
    krillin = place(game, "krillin", 15, 13)
    harm(game, goku, 99)
    assert game.model(goku.uid).status == "dazed"
    activate(game, krillin)
    assert "command:game" in _ids(game)
    harm(game, goku, 99)
    assert goku.status == "ko"
    place(game, "goku", 15, 10)  # as a Re-Entry would
    activate(game, krillin)
    assert not any(i.startswith("command") for i in _ids(game))
    assert any("loses its Command Abilities" in e.text for e in game.events)
