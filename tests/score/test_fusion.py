"""Fusion (score-ccg-2003-buu-saga-rulebook.txt "New Rules since World Games Saga",
"Fusion", p. 53): engine.score.fusion, with the sandbox's Gogeta (Goku and Vegeta)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bot.score_simulation import score_players
from engine.score import fusion
from engine.score.family import ScoreFamily
from engine.score.game import ScoreGame
from engine.score.scenario import ScoreScenario, build_game, scenario_pool
from engine.score.usable import only_problem
from tests.score.play import answer as _answer

GOGETA = "Gogeta - Merged Warrior"
GOKU_1, VEGETA_1 = "Goku - Hillside Farmboy", "Vegeta - Proud Scout"
FRIEZA = ["Frieza - Cold Overlord", "Frieza - Second Shell"]
LIFE = ["Quick Ki Blast", "Spinning Backfist", "Stomach Toss", "Step Aside", "Deflecting Swat",
        "Full Guard", "Ki Shell", "Battle Focus"]  # fmt: skip


def _game(p1: dict[str, Any], step: str = "attack", decks: int = 2) -> ScoreGame:
    spec = ScoreScenario.model_validate({
        "name": "fusion", "source": "p. 53", "start": {"step": step},
        "players": {"p1": {"life_deck": LIFE * decks, **p1},
                    "p2": {"main_personality": FRIEZA, "life_deck": LIFE * decks,
                           "hand": ["Step Aside"]}},
    })  # fmt: skip
    return build_game(spec, scenario_pool(spec, Path(__file__)))


def _fused_mp(decks: int = 2) -> ScoreGame:
    game = _game({"main_personality": [GOKU_1, "Goku - Waterfall Trainee"], "stage": 2,
                  "anger": 3, "allies": [VEGETA_1], "sensei_deck": [GOGETA],
                  "non_combat": ["Twin Soul Dance"]}, decks=decks)  # fmt: skip
    _answer(game, "Use Twin Soul Dance")
    _answer(game, f"Fuse into {GOGETA}")
    return game


def test_the_mp_and_an_ally_fuse_into_the_main_personality_p53() -> None:
    # "If the fusion occurs with a Main Personality, the Fusion Personality card becomes
    # your Main Personality": at its highest power stage, the Warrior Sword at 0
    game = _fused_mp()
    player = game.player(0)
    assert game.name(player.mp_card) == GOGETA
    assert player.stage == game.top_stage(player) == 10 and player.anger == 0
    assert player.allies == [] and not player.sensei_deck
    assert [game.name(i) for i in player.discard] == ["Twin Soul Dance"]


def test_two_allies_fuse_into_one_ally_p53() -> None:
    game = _game({"main_personality": ["Krillin - Bald Monk"], "allies": [GOKU_1, VEGETA_1],
                  "sensei_deck": [GOGETA], "non_combat": ["Twin Soul Dance"]})  # fmt: skip
    _answer(game, "Use Twin Soul Dance")
    _answer(game, f"Fuse into {GOGETA}")
    player = game.player(0)
    assert [(game.name(a.iid), a.stage) for a in player.allies] == [(GOGETA, 10)]
    assert game.name(player.mp_card) == "Krillin - Bald Monk"


def test_only_personalities_at_the_fusion_cards_level_fuse_p53() -> None:
    game = _game({"main_personality": [GOKU_1, "Goku - Waterfall Trainee"], "level": 2,
                  "allies": [VEGETA_1], "sensei_deck": [GOGETA],
                  "non_combat": ["Twin Soul Dance"]})  # fmt: skip
    _answer(game, "Use Twin Soul Dance")  # Goku at level 2, Vegeta and Gogeta at level 1
    assert game.pending is not None and game.pending.kind != "fuse"
    assert game.player(0).fusion is None


def test_the_fused_personalities_are_still_in_play_and_use_their_only_cards_p53() -> None:
    game = _fused_mp()
    other = game.state.cards.index(VEGETA_1)
    assert game.placing_problem(0, other) is not None  # no second level 1 Vegeta
    game.state.cards.append(VEGETA_1)
    game.state.owners.append(0)
    game._cards.append(game.card(other))
    assert game.placing_problem(0, len(game.state.cards) - 1) == (
        "a level 1 Vegeta Ally is already in play")
    strike = game.pool.find("Royal Pride Strike")
    assert strike is not None and only_problem(game, 0, strike) is None  # "Vegeta only"


def test_five_cards_under_the_warrior_sword_defuse_p53() -> None:
    game = _fused_mp()
    player = game.player(0)
    assert player.fusion is not None
    game.state.pending, game.state.tasks, game.state.active = None, [], 0
    game.then(("begin_turn", {}))  # "At the beginning of each of your turns"
    game.run()
    assert len(player.fusion.sword) == 1
    for _ in range(3):
        fusion.sword_turn(game, 0)
    assert player.fusion is not None and len(player.fusion.sword) == 4
    fusion.sword_turn(game, 0)
    # defused: Gogeta removed from the game, Goku and Vegeta at their highest stages, and
    # the cards under the Warrior Sword shuffled back into the Life Deck
    assert player.fusion is None
    assert [game.name(i) for i in player.removed] == [GOGETA]
    assert game.name(player.mp_card) == GOKU_1
    assert [(game.name(a.iid), a.stage) for a in player.allies] == [(VEGETA_1, 10)]
    assert sorted(game.name(i) for i in player.life + player.hand) == sorted(LIFE * 2)


def test_a_fusion_personality_card_in_hand_is_no_ally_p53() -> None:
    # "take the same level Fusion Personality card ... and place it in play directly out
    # of your Sensei Deck": never from the hand (docs/rulings.md 361)
    game = _game({"main_personality": ["Krillin - Bald Monk"], "hand": [GOGETA]},
                 step="non_combat")  # fmt: skip
    assert game.placing_problem(0, game.player(0).hand[0]) == (
        "a Fusion Personality card enters play only by a fusion")


def test_random_play_from_a_fusion_keeps_the_invariants_p53() -> None:
    # the AIs play on from a fused MP (through the Warrior Sword's count and the defusion)
    # with the family's invariants checked after every decision
    game = _fused_mp(decks=10)
    family = ScoreFamily(game.pool)
    players = score_players(("random", "greedy"), 5)
    defused = False
    for step in range(2000):
        decision = game.pending
        if decision is None:
            break
        choice = players[decision.player].choose(game, decision)
        assert game.apply(decision.player, choice, decision.seq).ok
        assert family.violations(game, check_json=step % 20 == 0) == []
        defused = defused or game.player(0).fusion is None
    assert defused


def test_the_fusion_card_is_named_only_to_its_player_and_the_pair_chosen_next_p53() -> None:
    # the option names a Sensei Deck card (`fuse:N`: the bot keeps it off the public
    # board); with 2 pairs that could fuse (a board no rule would allow, to reach it), the
    # personalities are a second choice
    game = _game({"main_personality": [GOKU_1], "allies": [VEGETA_1, VEGETA_1],
                  "sensei_deck": [GOGETA], "non_combat": ["Twin Soul Dance"]})  # fmt: skip
    _answer(game, "Use Twin Soul Dance")
    assert game.pending is not None
    gogeta = game.player(0).sensei_deck[0]
    assert [o.id for o in game.pending.options] == ["no", f"fuse:{gogeta}"]
    _answer(game, f"Fuse into {GOGETA}")
    assert [o.label for o in game.pending.options] == [f"Fuse {GOKU_1} and {VEGETA_1}"] * 2
    second = game.player(0).allies[1].iid
    _answer_id(game, "pair:1")
    player = game.player(0)
    assert player.fusion is not None and [a.iid for a in player.fusion.aside] == [second]


def _answer_id(game: ScoreGame, option_id: str) -> None:
    decision = game.pending
    assert decision is not None
    assert game.apply(decision.player, option_id, decision.seq).ok
