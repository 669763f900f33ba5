"""The Score family's referee (engine.score.game) played through the engine's contract:
set-up (Score p. 21-22), the turn's steps (p. 23; the OCG's 5 steps), the Combat Step
without card powers (p. 24-28: the defender's draw, passing, the Final Physical Attack),
discarding and rejuvenating, and random games holding the invariants."""

from __future__ import annotations

import random

from engine.core.family import GameFamily
from engine.score.cards import SANDBOX_DIR, load_pool
from engine.score.deckcheck import ScoreDeck
from engine.score.family import ScoreFamily
from engine.score.game import ScoreGame
from tests.score.decks import FRIEZA, GOKU, PICCOLO, POOL, deck

FAMILY = ScoreFamily(POOL)
_STATIC_CHECK: GameFamily = FAMILY  # mypy: the Score family keeps the contract


def _new(ruleset: str = "score", seed: int = 3) -> ScoreGame:
    return FAMILY.new_game([deck(GOKU), deck(FRIEZA)], seed, ruleset)


def _answer(game: ScoreGame, label_start: str) -> None:
    decision = game.pending
    assert decision is not None
    option = next(o for o in decision.options if o.label.startswith(label_start))
    assert game.apply(decision.player, option.id, decision.seq).ok


def _place_nothing(game: ScoreGame) -> None:
    """p. 23 step 2, when the hand holds a card that could be placed."""
    if game.pending is not None and game.pending.kind == "non_combat":
        _answer(game, "Done")


def test_set_up_and_the_hero_goes_first() -> None:
    # p. 21 step 7: the Scouter at 5 above 0; p. 22 step 12: "the hero player goes first"
    # (Goku is a hero, Frieza a villain; their starting power ratings are equal)
    game = _new()
    assert [p.stage for p in game.state.players] == [5, 5]
    assert game.state.active == 0 and game.state.win_level == 3
    texts = [e.text for e in game.events]
    assert "Player 1 goes first (the hero goes first)." in texts
    # p. 23 step 1: the active player drew 3 cards, then places cards or goes on
    assert len(game.player(0).hand) == 3 and len(game.player(1).hand) == 0
    assert game.pending is not None and game.pending.kind == "non_combat"


def test_the_seven_steps_of_a_turn() -> None:
    game = _new()
    _place_nothing(game)
    assert game.player(0).stage == 7  # p. 23 step 3: PUR 2
    assert game.pending is not None and game.pending.kind == "declare"  # step 4
    _answer(game, "Do not declare")
    # step 6: discard down to 1 card, then step 7: rejuvenate (no Combat was declared)
    while game.pending is not None and game.pending.kind == "discard":
        _answer(game, "Discard")
    assert len(game.player(0).hand) == 1
    assert game.pending is not None and game.pending.kind == "rejuvenate"
    top = game.player(0).discard[-1]
    _answer(game, "Rejuvenate")
    assert game.player(0).life[0] == top  # the bottom of the Life Deck
    assert game.state.active == 1 and game.state.turn == 2


def test_the_ocg_looks_at_the_top_6_and_shares_rejuvenation() -> None:
    game = _new("ocg")
    # OCG "1. Draw Step": look at the top 6 and rearrange them before drawing
    assert game.pending is not None and game.pending.kind == "arrange"
    top_six = list(reversed(game.player(game.state.active).life[-6:]))
    chosen = top_six[3]
    decision = game.pending
    assert game.apply(decision.player, f"top:{chosen}", decision.seq).ok
    _answer(game, "Keep")
    active = game.state.active
    assert game.player(active).hand[0] == chosen  # drawn first: it was put on top
    _place_nothing(game)
    _answer(game, "Do not declare")  # the OCG declares at the end of the Power-Up Step
    while game.pending is not None and game.pending.kind == "discard":
        _answer(game, "Discard")
    # "If you choose to rejuvenate then your opponent also does it."
    opponent_before = len(game.player(1 - active).discard)
    _answer(game, "Rejuvenate")
    assert len(game.player(1 - active).discard) == max(0, opponent_before - 1)


def test_a_final_physical_attack_deals_the_tables_damage() -> None:
    # p. 28: discard a card for a physical attack with PAT damage; then pass for the rest
    # of Combat. Goku at 7 stages (160,000: bracket B) against Frieza at 5 (140,000: B): 1
    game = _new()
    _place_nothing(game)
    _answer(game, "Declare")
    assert len(game.player(1).hand) == 3  # p. 24 phase (c): the defender draws 3
    _answer(game, "Final Physical Attack")
    if game.pending is not None and game.pending.kind == "defend":  # p. 28: he may defend
        _answer(game, "Do not stop it")
    assert game.player(1).stage == 4
    assert any("1 power stage(s) and 0 life card(s)" in e.text for e in game.events)
    _answer(game, "Pass")  # Frieza passes; Goku has used his Final Physical Attack
    assert game.pending is not None and game.pending.kind == "discard"  # Combat is over


def test_random_games_hold_the_invariants_and_end() -> None:
    for seed in range(12):
        ruleset = "ocg" if seed % 2 else "score"
        game = _new(ruleset, seed)
        chooser = random.Random(seed)
        for _ in range(3000):
            assert FAMILY.violations(game) == [], (seed, game.state.turn)
            decision = game.pending
            if decision is None:
                break
            option = chooser.choice(decision.options)
            assert game.apply(decision.player, option.id, decision.seq).ok
            if chooser.random() < 0.05:  # reload now and then: it carries on identically
                game = FAMILY.load_game(game.to_json())
        assert game.over, seed
        view = FAMILY.view(game, 0)
        assert "hand" in view["players"][0] and "hand" not in view["players"][1]


def test_conceding_at_a_decision_ends_the_game_cleanly() -> None:
    game = _new()
    assert game.pending is not None
    outcome = game.concede(0)
    assert outcome.ok and game.over and game.state.winner == 1 and game.pending is None
    assert FAMILY.violations(game) == []  # a winner and no decision left pending
    assert not game.concede(1).ok  # "the game is already over"


def test_a_rogue_main_personality_is_declared_at_set_up_p37() -> None:
    # p. 21 step 2, p. 37: a deck that did not declare its Rogue MP does it now
    game = FAMILY.new_game([deck(PICCOLO), deck(FRIEZA)], 3, "score")
    decision = game.pending
    assert decision is not None and decision.kind == "rogue" and decision.player == 0
    _answer(game, "Piccolo is a villain")
    assert game.player(0).alignment == "villain"
    declared = FAMILY.new_game([deck(PICCOLO, alignment="hero"), deck(FRIEZA)], 3, "score")
    assert declared.pending is not None and declared.pending.kind != "rogue"
    assert declared.player(0).alignment == "hero"


def test_the_sensei_deck_swap_at_set_up_p45() -> None:
    # p. 22 step 11, p. 45: chosen Sensei Deck cards go into the Life Deck, as many from
    # its top into the Sensei Deck; a Fusion Personality card cannot be chosen
    sensei = {"Red Sandbox Sensei Scroll": 2, "Gotenks - Sandbox Fused": 1}
    built = deck(GOKU, add={"Sandbox Old Hermit": 1}, sensei=sensei)
    game = FAMILY.new_game([built, deck(FRIEZA)], 3, "score")
    decision = game.pending
    assert decision is not None and decision.kind == "sensei" and decision.player == 0
    assert not any("Gotenks" in o.label for o in decision.options)
    life_before = len(game.player(0).life)  # the first turn then draws from it
    top = game.player(0).life[-1]
    _answer(game, "Choose Red Sandbox Sensei Scroll")
    _answer(game, "Swap the 1 chosen")
    player = game.player(0)
    assert len(player.life) + len(player.hand) == life_before and top in player.sensei_deck
    assert sum(game.name(i) == "Red Sandbox Sensei Scroll" for i in player.life + player.hand) == 1
    private = [e for e in game.events if e.kind == "sensei_private"]
    assert private and all(e.private_to == 0 for e in private)


def _placing(game: ScoreGame, index: int, names: list[str]) -> None:
    """Put cards from `index`'s Life Deck into his hand and ask the Non-Combat Step again."""
    player = game.player(index)
    for name in names:
        iid = next(i for i in player.life if game.name(i) == name)
        player.life.remove(iid)
        player.hand.append(iid)
    game.state.active = index
    game.state.pending = None
    game.then(("step_non_combat", {}))
    game.run()


def _sandbox_game(cards: dict[str, int]) -> ScoreGame:
    """Two 3-level Gokus of the sandbox set with `cards` and Quick Ki Blasts."""
    pool = load_pool(SANDBOX_DIR)
    mp = ("Goku - Hillside Farmboy", "Goku - Waterfall Trainee", "Goku - Storm Rider")
    deck = ScoreDeck(main_personality=mp, life={**cards, "Quick Ki Blast": 40})
    return ScoreGame.new([deck, deck], 5, "score", pool)


def test_restricted_drills_p41() -> None:
    # p. 41: it cannot enter play with a Drill of its restricted style anywhere in play; a
    # different Drill of that style placed later discards it; the same one placed again
    # discards both
    game = _sandbox_game({"Lone Wolf Drill": 3, "Red Anvil Stance Drill": 3})
    _placing(game, 0, ["Lone Wolf Drill", "Red Anvil Stance Drill"])
    _answer(game, "Place Lone Wolf Drill")
    _answer(game, "Place Red Anvil Stance Drill")  # a Red Drill: the restricted one goes
    assert [game.name(i) for i in game.player(0).drills] == ["Red Anvil Stance Drill"]
    wolf = next(i for i in game.player(1).life if game.name(i) == "Lone Wolf Drill")
    assert game.placing_problem(1, wolf) == "a Restricted Drill: another Red Drill is in play"
    game.player(0).discard += game.player(0).drills
    game.player(0).drills.clear()
    _placing(game, 0, ["Lone Wolf Drill"])
    _answer(game, "Place Lone Wolf Drill")
    _placing(game, 1, ["Lone Wolf Drill"])
    _answer(game, "Place Lone Wolf Drill")  # the same Restricted Drill: both discarded
    assert game.player(0).drills == [] and game.player(1).drills == []


def test_a_drill_of_another_style_may_be_shuffled_back_p41() -> None:
    game = _sandbox_game({"Red Anvil Stance Drill": 3, "Blue Still Water Drill": 3})
    _placing(game, 0, ["Red Anvil Stance Drill", "Blue Still Water Drill"])
    _answer(game, "Place Red Anvil Stance Drill")
    player = game.player(0)
    blue = next(i for i in player.hand if game.name(i) == "Blue Still Water Drill")
    hand, life_count = len(player.hand), len(player.life)
    _answer(game, "Show Blue Still Water Drill and shuffle it")
    assert blue in player.life and len(player.hand) == hand - 1  # no card drawn for it
    assert len(player.life) == life_count + 1
