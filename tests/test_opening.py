"""Set-up choices printed on the cards (engine/panini/opening.py, docs/rulings.md 228), through
Game.new and a judge's scenario export (the scenario starts at `step: opening`)."""

from __future__ import annotations

from pathlib import Path

from engine.core.record import Answer, GameRecord
from engine.panini.cards import CardPool, load_card_file
from engine.panini.decklist import Deck
from engine.panini.export import export_scenario
from engine.panini.game import Game
from engine.panini.scenario import run_scenario

CARDS = Path(__file__).parent / "cards"
POOL = CardPool(
    [c for name in ("rules", "combat", "limits") for c in load_card_file(CARDS / f"{name}.yaml")]
)
FILLER = tuple(f"Sparring Filler {x}" for x in "ABCDEF") * 3
EARLY = Deck("early", tuple(f"Early L{n}" for n in range(1, 5)), "Head Start Mastery",
             ("Test Bomb", *FILLER))  # fmt: skip
PLAIN = Deck("plain", tuple(f"Vegeta L{n}" for n in range(1, 5)), "Red Rules Mastery", FILLER)


def test_the_choices_come_before_the_first_turn() -> None:
    game = Game.new([EARLY, PLAIN], seed=3, pool=POOL)
    pending = game.pending
    assert pending is not None and pending.kind == "opening" and pending.player == 0
    labels = [o.label for o in pending.options]
    # the first player first; the Mastery's note, then the MP's
    assert labels[0] in ("Begin the game on Level 2", "Begin the game with Test Bomb attached")
    while game.pending is not None and game.pending.kind == "opening":
        game.apply(0, "yes", game.pending.seq)
    me = game.player(0)
    assert me.level == 2 and me.stage == 5
    assert [game.name(a.iid) for a in me.attached] == ["Test Bomb"]
    assert game.state.turn == 1 and len(me.life) + len(me.hand) == len(FILLER)


def test_a_plain_game_asks_nothing_and_an_export_replays_the_choices(tmp_path: Path) -> None:
    game = Game.new([PLAIN, PLAIN], seed=3, pool=POOL)
    assert game.pending is not None and game.pending.kind != "opening"
    record = GameRecord("panini-2016", 3, (EARLY, PLAIN), [Answer(0, "yes"), Answer(0, "no")])
    path = tmp_path / "opening.yaml"
    text = export_scenario(record, "opening", POOL)
    assert "step: opening" in text
    path.write_text(text.replace("sandbox: true", "sandbox: false\ncard_files: " + str(
        [str(CARDS / f"{n}.yaml") for n in ("rules", "combat", "limits")])))  # fmt: skip
    assert run_scenario(path).failures == []
