"""Rules Specific to Personalities (score-ccg-2003-buu-saga-rulebook.txt p. 50): the Ginyu
Force and Mighty Mask (engine.score.personalities)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from engine.score.cards import SANDBOX_DIR, load_pool
from engine.score.deckcheck import ScoreDeck
from engine.score.game import ScoreGame
from engine.score.pat import physical_attack_table
from engine.score.scenario import ScoreScenario, build_game, scenario_pool
from engine.score.usable import only_problem
from tests.score.play import answer

GINYU_FORCE = "Ginyu Force - Posing Squadron"
MIGHTY_MASK = "Mighty Mask - Masked Duo"
GOKU = ["Goku - Hillside Farmboy", "Goku - Waterfall Trainee"]
LIFE = ["Quick Ki Blast", "Spinning Backfist", "Stomach Toss", "Deflecting Swat", "Full Guard",
        "Ki Shell", "Battle Focus", "Heroic Resolve"]  # fmt: skip


def _game(p1: dict[str, Any], p2: dict[str, Any] | None = None) -> ScoreGame:
    spec = ScoreScenario.model_validate({
        "name": "personalities", "source": "p. 50", "start": {"step": "attack"},
        "players": {"p1": {"life_deck": LIFE, **p1},
                    "p2": {"main_personality": GOKU, "life_deck": LIFE, "hand": ["Ki Shell"],
                           **(p2 or {})}},
    })  # fmt: skip
    return build_game(spec, scenario_pool(spec, Path(__file__)))


def _stages_dealt(game: ScoreGame) -> int:
    hit = next(e.text for e in reversed(game.events) if e.text.startswith("The attack is"))
    return int(hit.split(": ")[1].split()[0])


def _pat(game: ScoreGame) -> int:
    return physical_attack_table().base_damage(game.rating(game.player(0)),
                                               game.rating(game.player(1)))  # fmt: skip


def test_a_ginyu_force_mp_counts_as_4_allies_for_game_effects_p50() -> None:
    # the p. 50 example: "+1 power stages of damage for each Ally you have in play" does +4
    # with a Ginyu Force MP, and +1 for any other Ally
    game = _game({"main_personality": [GINYU_FORCE], "hand": ["Squadron Rally Strike"],
                  "allies": ["Zarbon - Jeweled Enforcer"]})  # fmt: skip
    pat = _pat(game)
    answer(game, "Attack (physical) with Squadron Rally Strike")
    assert _stages_dealt(game) == pat + 5


def test_mighty_mask_counts_as_1_ally_and_uses_goten_only_cards_p50() -> None:
    game = _game({"main_personality": [MIGHTY_MASK], "hand": ["Squadron Rally Strike"]})
    kick = game.pool.find("Goten's Playground Kick")
    assert kick is not None and only_problem(game, 0, kick) is None
    assert only_problem(game, 1, kick) is not None  # Goku may not
    pat = _pat(game)
    answer(game, "Attack (physical) with Squadron Rally Strike")
    assert _stages_dealt(game) == pat + 1


def test_the_ginyu_forces_4_allies_cannot_have_damage_redirected_to_them_p50() -> None:
    game = _game({"main_personality": GOKU, "hand": ["Spinning Backfist"]},
                 {"main_personality": [GINYU_FORCE], "hand": ["Ki Shell"]})
    answer(game, "Attack (physical) with Spinning Backfist")
    assert game.pending is not None and game.pending.kind != "absorb"


def test_with_a_ginyu_force_mp_no_one_has_its_members_as_allies_p50() -> None:
    game = _game({"main_personality": [GINYU_FORCE], "hand": ["Jeice - Crusher Comet"]},
                 {"main_personality": ["Frieza - Cold Overlord"], "hand": ["Ginyu - Body Thief"]})
    assert game.placing_problem(0, game.player(0).hand[0]) == (
        "with Ginyu Force as a Main Personality, no one may have Jeice Allies")
    game.player(1).level = 2  # Ginyu - Body Thief is level 2; the opponent is barred too
    game.player(1).mp.append(game.player(1).mp[0])
    assert game.placing_problem(1, game.player(1).hand[0]) == (
        "with Ginyu Force as a Main Personality, no one may have Ginyu Allies")


def test_the_ginyu_force_is_a_villain_whatever_its_background_p50() -> None:
    pool = load_pool(SANDBOX_DIR)
    card = pool.find(GINYU_FORCE)
    assert card is not None and card.alignment is not None and card.alignment.value == "rogue"
    decks = [ScoreDeck(main_personality=(GINYU_FORCE,), life={"Quick Ki Blast": 3}),
             ScoreDeck(main_personality=tuple(GOKU), life={"Quick Ki Blast": 3})]
    game = ScoreGame.new(decks, 3, "score", pool)
    assert game.player(0).alignment == "villain"
    assert not any(e.kind == "declare_rogue" for e in game.events)
    assert game.pending is None or game.pending.kind != "rogue"
