"""Dende's Devoted Support ("DEVOTED SUPPORT PAIRS": "Dende <-> any named character |
Dende as support | Declare partner before the game begins. One partner per game.").
Ruling PT-71."""

from __future__ import annotations

from engine.primetime.game import PrimeTimeGame
from engine.primetime.roster import Roster, sample_roster, sample_rosters
from tests.primetime.helpers import activate, answer, by_name, clear_table, new_game, place

NAMEKIANS = next(r for r in sample_rosters() if r.name == "Namekian Allies Sample")
# Dende beside Goku and Gohan (Kid), a pair of their own
WITH_GOKU = NAMEKIANS.model_copy(
    update={"models": ["piccolo", "goku", "dende", "krillin", "gohan-kid"]})
CAST: list[Roster] = [WITH_GOKU, sample_roster("Cell Games")]


def _declaring(cast: list[Roster]) -> PrimeTimeGame:
    """A game brought to the partner declaration (first options before it)."""
    game = new_game(1, cast)
    while game.pending is not None and game.pending.kind != "devoted_partner":
        answer(game, game.pending.options[0].id)
    return game


def _to_activation(game: PrimeTimeGame) -> None:
    while game.state.phase != "activation":
        decision = game.pending
        assert decision is not None
        skip = {"ascension": "done", "fusion": "no"}.get(decision.kind)
        answer(game, skip or decision.options[0].id)


def test_dendes_player_declares_one_partner_before_the_game() -> None:
    # "Declare partner before the game begins. One partner per game."
    game = _declaring([NAMEKIANS, sample_roster("Cell Games")])
    dende = by_name(game, "dende")
    decision = game.pending
    assert decision is not None and decision.player == dende.owner
    assert all(m.status == "reserve" for m in game.state.models)  # nobody deployed yet
    named = {o.label for o in decision.options}
    assert named == {"Piccolo", "Nail", "Krillin", "Gohan (Kid)"}  # his roster, not him
    answer(game, f"model:{by_name(game, 'krillin').uid}")
    assert dende.partner == by_name(game, "krillin").uid
    assert game.pending is not None and game.pending.kind != "devoted_partner"  # once


def test_dende_gives_his_actions_to_the_partner_without_spending_its_own_pair() -> None:
    # "Dende as support": he gives, the partner does not give back; the partner's own
    # pair (Goku <-> Gohan (Kid)) keeps its "once per round"
    game = _declaring(CAST)
    gohan, goku = by_name(game, "gohan-kid"), by_name(game, "goku")
    answer(game, f"model:{gohan.uid}")
    _to_activation(game)
    clear_table(game)
    dende = place(game, "dende", 10, 10)
    place(game, "gohan-kid", 20, 10)
    place(game, "goku", 25, 10)
    activate(game, dende)
    ids = [o.id for o in game.pending.options]  # type: ignore[union-attr]
    assert {"devote:1", "devote:2"} <= set(ids)
    answer(game, "devote:1")
    answer(game, "at:10,10")  # the free Reposition: stay
    assert gohan.bonus_actions == 1 and dende.devoted and not gohan.devoted
    ids = [o.id for o in game.pending.options]  # type: ignore[union-attr]
    assert not any(i.startswith("devote") for i in ids)  # once per round
    activate(game, gohan)
    labels = [o.label for o in game.pending.options]  # type: ignore[union-attr]
    assert "give 1 action to Goku" in labels and "give 1 action to Dende" not in labels
    assert goku.status == "active"
