"""A hand played revealed ("Your opponent plays with his hand revealed", engine.panini.modifiers;
"CONSTANT: Players play with their hand revealed.", engine.panini.cardtext.next_time) is in every
view; without the effect only its owner sees it."""

from __future__ import annotations

from pathlib import Path

from engine.panini.scenario import build_game, load_scenario, scenario_pool
from engine.panini.view import SPECTATOR, player_view

CARDS = Path(__file__).resolve().parent / "cards"
SCENARIO = """\
name: hands revealed
source: panini-tcg-2016-awakening-rulebook.txt, ICONS (constant effects)
sandbox: false
card_files: [{cards}/rules.yaml, {cards}/float.yaml, {cards}/next_time.yaml]
players:
  p1: {{main_personality: Vegeta, mastery: Red Rules Mastery, drills: {drills},
        hand: [Float Calm], life_deck: [Float Filler A]}}
  p2: {{main_personality: Goku, mastery: Red Rules Mastery, hand: [Double Jab],
        life_deck: [Float Filler B]}}
start: {{step: combat_action}}
"""


def _hands(tmp_path: Path, drills: str) -> dict[int | None, list[object]]:
    path = tmp_path / "scenario.yaml"
    path.write_text(SCENARIO.format(cards=CARDS, drills=drills), encoding="utf-8")
    spec = load_scenario(path)
    game = build_game(spec, scenario_pool(spec, path))
    return {
        viewer: [side.get("hand") for side in player_view(game, viewer)["players"]]
        for viewer in (0, 1, SPECTATOR)
    }


def test_opponent_plays_with_hand_revealed(tmp_path: Path) -> None:
    revealed = _hands(tmp_path, "[Float Open Hand Drill]")
    for viewer in (0, 1, SPECTATOR):
        assert revealed[viewer][1] == ["Double Jab"]
    assert revealed[1][0] is None and revealed[SPECTATOR][0] is None  # only p2's is revealed
    hidden = _hands(tmp_path, "[]")
    assert hidden[0][1] is None and hidden[SPECTATOR][1] is None


def test_players_play_with_their_hands_revealed(tmp_path: Path) -> None:
    revealed = _hands(tmp_path, "[Next Open Drill]")
    for viewer in (0, 1, SPECTATOR):
        assert revealed[viewer] == [["Float Calm"], ["Double Jab"]]
    hidden = _hands(tmp_path, "[]")
    assert hidden[SPECTATOR] == [None, None]
