"""Test decks for the Score family's deck checks, built from tests/score/cards/."""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from engine.score.cards import CardPool, Style, load_pool
from engine.score.deckcheck import ScoreDeck, check_deck
from engine.score.rulesets import SCORE, ScoreRuleset

POOL: CardPool = load_pool(Path(__file__).parent / "cards")
GOKU = ("Goku - Sandbox Sprout", "Goku - Sandbox Climber", "Goku - Sandbox Storm")
GOKU_5 = (*GOKU, "Goku - Sandbox Blaze", "Goku - Sandbox Summit")
GOHAN = ("Gohan - Sandbox Pupil", "Gohan - Sandbox Spark", "Gohan - Sandbox Surge")
FUTURE_GOHAN = ("Future Gohan - Sandbox Ruin", "Future Gohan - Sandbox Ash",
                "Future Gohan - Sandbox Scar")
PICCOLO = ("Piccolo - Sandbox Exile", "Piccolo - Sandbox Sentinel", "Piccolo - Sandbox Sage")
KRILLIN = ("Krillin - Sandbox Monk", "Krillin - Sandbox Disc", "Krillin - Sandbox Veteran")
FRIEZA = ("Frieza - Sandbox Tyrant", "Frieza - Sandbox Emperor", "Frieza - Sandbox Final")
CELL_4 = ("Cell - Sandbox Larva", "Cell - Sandbox Imperfect", "Cell - Sandbox Perfect",
          "Cell - Sandbox Super")
MAJIN_BUU = ("Majin Buu - Sandbox Bubble", "Majin Buu - Sandbox Candy",
             "Majin Buu - Sandbox Tantrum")
FILLERS = [f"Sandbox Move {i}" for i in range(1, 31)]  # Freestyle, 3 copies each at most


def deck(
    mp: tuple[str, ...] = GOKU,
    add: dict[str, int] | None = None,
    size: int = 50,
    sensei: dict[str, int] | None = None,
    tokui_waza: Style | None = None,
    alignment: Literal["hero", "villain"] | None = None,
) -> ScoreDeck:
    """The MP, the added cards, and Freestyle fillers (3 of each) up to `size` cards."""
    life = dict(add or {})
    room = size - len(mp) - sum(life.values())
    for name in FILLERS:
        if room <= 0:
            break
        life[name] = min(3, room)
        room -= life[name]
    assert room <= 0, "not enough fillers"
    return ScoreDeck(main_personality=mp, life=life, sensei_deck=dict(sensei or {}),
                     tokui_waza=tokui_waza, alignment=alignment)


def broken(built: ScoreDeck, ruleset: ScoreRuleset = SCORE) -> set[str]:
    """The ids of the rules the deck breaks."""
    return {violation.rule for violation in check_deck(built, POOL, ruleset)}


def messages(built: ScoreDeck, ruleset: ScoreRuleset = SCORE) -> list[str]:
    return [str(violation) for violation in check_deck(built, POOL, ruleset)]
