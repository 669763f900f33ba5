"""An emergency Ascension and Overloaded ("Overloaded | Cannot spend SK to auto-pass
Stamina Checks. Must roll. Applied at the start of the next Cleanup Phase (model gets
full benefit of emergency Ascension for remainder of current round). | Cleared at next
Cleanup (revert Tier, gain Exhausted)"). Ruling PT-51."""

from __future__ import annotations

from engine.primetime import lasting
from engine.primetime.game import PrimeTimeGame
from engine.primetime.rounds import fighting, generated_bk
from tests.primetime.helpers import activate, answer, duel, place


def _ids(game: PrimeTimeGame) -> list[str]:
    assert game.pending is not None
    return [o.id for o in game.pending.options]


def test_an_emergency_ascension_lasts_the_round_then_reverts_with_exhausted() -> None:
    game, goku, _ = duel()
    goku.sk, goku.hp = 1, 5
    player = game.state.players[goku.owner]
    player.hand = ["limit-break"]
    activate(game, goku)
    answer(game, "card:0")  # an action, 1 SK
    assert goku.tier == 1 and goku.hp == 5 + (8 - 7)  # "HP Upshift"
    assert goku.states == [] and "card:0" not in _ids(game)
    # the round goes on to its Cleanup; a hand over the limit shows the step between
    player.hand = ["ki-surge"] * 5
    game.state.active, game.state.pending = None, None
    game.then(("cleanup", {}))
    game.run()
    assert game.pending is not None and game.pending.kind == "discard"
    assert goku.states == ["overloaded"] and goku.tier == 1
    while game.pending is not None and game.pending.kind == "discard":
        answer(game, "card:0")
    assert goku.tier == 0 and goku.hp == 6 and goku.states == ["exhausted"]
    assert goku.emergency is None
    # the next Power Phase: "Exhausted | 0 BK Gen this round": Goku adds no +1/model
    models = len(fighting(game, goku.owner))
    gained = generated_bk(game, goku.owner, models - 1)
    assert gained != generated_bk(game, goku.owner, models)
    assert f"{game.who(goku.owner)} generates {gained} BK" in "\n".join(
        e.text for e in game.events)
    lasting.cleanup(game, goku)  # "Exhausted | ... Cleared in Cleanup": the next one
    assert goku.states == []


def test_no_emergency_ascension_for_a_human_or_at_the_top_tier() -> None:
    # "Human | ... No Ascension."
    game, goku, _ = duel()
    krillin = place(game, "krillin", 15, 20)
    krillin.sk = goku.sk = 1
    game.state.players[goku.owner].hand = ["limit-break"]
    activate(game, krillin)
    assert "card:0" not in _ids(game)
    goku.tier = len(game.character(goku).tiers) - 1
    activate(game, goku)
    assert "card:0" not in _ids(game)
