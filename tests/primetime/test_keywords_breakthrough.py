"""The Breakthrough and Expendable keywords ("KEYWORD GLOSSARY", "Special Abilities &
Traits"), rulings PT-73 and PT-74. No sample profile carries them: each test gives the
keyword to a sample model in its own game's pool."""

from __future__ import annotations

import dataclasses

import pytest

from engine.primetime.fusion import EXHAUSTED
from engine.primetime.game import PrimeTimeGame
from engine.primetime.state import ModelState
from tests.primetime.helpers import activate, answer, dice, duel
from tests.primetime.test_saibamen import put, table, token_at


def give(game: PrimeTimeGame, m: ModelState, keyword: str) -> None:
    """The model's profile with one more keyword, in this game's pool only."""
    character = game.character(m)
    changed = character.model_copy(update={"keywords": [*character.keywords, keyword]})
    characters = {**game.pool.characters, character.id: changed}
    game.pool = dataclasses.replace(game.pool, characters=characters)


def tired_cell(sk: int) -> tuple[PrimeTimeGame, ModelState, ModelState]:
    """The duel (Goku next to Cell), Cell Exhausted with Breakthrough and `sk` SK."""
    game, goku, cell = duel()
    give(game, cell, "Breakthrough")
    cell.states.append(EXHAUSTED)
    cell.sk = sk
    return game, goku, cell


def options(game: PrimeTimeGame) -> list[str]:
    assert game.pending is not None
    return [o.id for o in game.pending.options]


# -- PT-73. Breakthrough ----------------------------------------------------------------


def test_breakthrough_uses_a_technique_while_exhausted_for_2_sk_instead_of_bk(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # "| Breakthrough | Use a technique while Exhausted by spending 2 SK instead of BK. |";
    # "| Exhausted | 0 BK Gen this round; cannot spend BK (except via Breakthrough); -2 MOV |"
    game, goku, cell = tired_cell(sk=3)
    bk = game.state.players[cell.owner].bk
    activate(game, cell)
    tail_drain = f"attack:0:{goku.uid}"  # 1 BK
    assert tail_drain in options(game)
    answer(game, tail_drain)
    assert cell.sk == 1 and game.state.players[cell.owner].bk == bk  # 2 SK, no BK
    assert "Cell attacks Goku with Tail Drain (2 SK, Breakthrough)." in [
        e.text for e in game.events]  # fmt: skip
    dice(monkeypatch, 15)
    answer(game, "none")
    assert goku.hp == 7 - (3 - 1)  # Tail Drain 3 - RES 1
    # never SK below 0: with 1 SK left only the technique without BK is offered
    game.state.active = None
    activate(game, cell)
    attacks = [o for o in options(game) if o.startswith("attack:")]
    assert attacks == [f"attack:1:{goku.uid}"]  # Basic Strike (0 BK) only


def test_breakthrough_pays_a_shot_at_a_saibaman(monkeypatch: pytest.MonkeyPatch) -> None:
    # "Use a technique while Exhausted by spending 2 SK instead of BK"; "any model may
    # target a Saibaman with a ranged attack"
    game = table()
    goku = put(game, "goku", 1, 15, 12)
    give(game, goku, "Breakthrough")
    goku.states.append(EXHAUSTED)
    goku.sk = 2
    bk = game.state.players[goku.owner].bk
    t = token_at(game, 15, 16)
    dice(monkeypatch, 10)
    activate(game, goku)
    answer(game, f"shoot:3:{t.id}")  # Energy Blast (1 BK): a hit
    assert game.state.tokens == [] and goku.sk == 0
    assert game.state.players[goku.owner].bk == bk


def test_breakthrough_pays_a_clash_with_sk_and_nothing_else_pays_while_exhausted(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # "Use a technique while Exhausted by spending 2 SK instead of BK": a Clash uses one
    game, goku, cell = tired_cell(sk=2)
    bk = game.state.players[cell.owner].bk
    activate(game, goku)
    answer(game, f"attack:2:{cell.uid}")  # Basic Strike
    decision = game.pending
    assert decision is not None and decision.kind == "z_reaction"
    labels = {o.id: o.label for o in decision.options}
    assert labels["clash:0"] == "Clash with Tail Drain (d20 +5, 2 SK, Breakthrough)"
    dice(monkeypatch, 5, 9)  # Goku 5 + 5 = 10; Cell 9 + 5 = 14
    answer(game, "clash:0")
    assert cell.sk == 0 and game.state.players[cell.owner].bk == bk
    assert goku.hp == 7 - (3 - 1)
    # without the keyword an Exhausted model "cannot spend BK", whatever its SK
    monkeypatch.undo()  # real dice for the next set-up
    game, goku, cell = duel()
    cell.states.append(EXHAUSTED)
    cell.sk = 6
    activate(game, cell)
    assert f"attack:0:{goku.uid}" not in options(game)


# -- PT-74. Expendable ------------------------------------------------------------------


def finishing_blow(game: PrimeTimeGame, goku: ModelState, cell: ModelState,
                   monkeypatch: pytest.MonkeyPatch) -> None:  # fmt: skip
    """Goku's Basic Strike KOs Cell (Dazed once already, 1 HP left)."""
    cell.hp, cell.dazes = 1, 1
    activate(game, goku)
    answer(game, f"attack:2:{cell.uid}")
    dice(monkeypatch, 15)
    answer(game, "none")
    assert cell.status == "ko"


def test_an_expendable_models_ko_gives_no_saiyan_rage(monkeypatch: pytest.MonkeyPatch) -> None:
    # "| Expendable | This model's removal never triggers Rage Gen, Ghost Nappa, or any
    # KO-based effects for either player. |"
    game, goku, cell = duel()
    give(game, cell, "Expendable")
    game.state.players[cell.owner].leader = "cell"
    cell.hp = 1  # a Daze is no removal: Saiyan Rage as usual
    activate(game, goku)
    answer(game, f"attack:2:{cell.uid}")
    dice(monkeypatch, 15)
    answer(game, "none")
    assert cell.status == "dazed" and (goku.sk, goku.rage) == (1, 1)
    cell.status = "active"  # back from the Daze
    game.state.active = None
    finishing_blow(game, goku, cell, monkeypatch)
    assert (goku.sk, goku.rage) == (1, 1)  # a plain KO would give 1 SK more (damage 1)
    # a Leader's loss is about the Leader itself: it stays (PT-48)
    assert game.state.players[cell.owner].command_lost


def test_an_expendable_models_ko_wins_no_sudden_death_and_keeps_no_fallen_order(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # "Expendable | This model's removal never triggers ... any KO-based effects for
    # either player": not Sudden Death's "The next Daze or removal from play wins the
    # Saga", not "Fallen Order: When a model is KO'd before its activation this round, its
    # remaining order token is not lost."
    game, goku, cell = duel()
    give(game, cell, "Expendable")
    game.state.sudden_death = True
    orders = game.state.players[cell.owner].orders
    assert cell.activations == 0
    finishing_blow(game, goku, cell, monkeypatch)
    assert game.state.winner is None and game.state.phase != "over"
    assert game.state.players[cell.owner].orders == orders - 1
