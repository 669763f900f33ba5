"""Prime Time in the bot's services, without Discord: rosters registered with the deck
service (read, checked with the core rules' sections, written back), a ranked match that
counts in its own ruleset's standings, the practice AI and the options kept off the public
board; and what the map highlights for a decision (bot/ui/primetime_highlight.py)."""

from __future__ import annotations

import pytest

from bot.services.decks import DeckError
from bot.services.families import PRIMETIME, match_family
from bot.services.matches import default_option
from bot.services.primetime_rosters import (
    DECK_SECTION,
    ROSTER_SECTION,
    is_roster_text,
    read_roster,
    roster_text,
)
from bot.ui.primetime_board import pt_board_embed, pt_hand_embed
from bot.ui.primetime_highlight import (
    answered_by_point,
    decision_highlight,
    preview_highlight,
)
from bot.ui.primetime_moves import read_point
from engine.primetime.ai import make_player
from engine.primetime.game import PrimeTimeGame
from engine.primetime.options import parse_point
from engine.primetime.roster import Roster, sample_roster
from engine.primetime.view import view
from tests.bot.test_league import ALICE, BOB, GOKU, GUILD, World, run
from tests.primetime.helpers import CAST, new_game, to_activation

Z = roster_text(sample_roster("Z-Fighters"))
CELL = roster_text(sample_roster("Cell Games"))


def test_a_roster_text_is_told_apart_and_read_back_whole() -> None:
    assert is_roster_text(Z) and is_roster_text(CELL)
    assert not is_roster_text(GOKU)
    for roster in CAST:
        assert read_roster(roster_text(roster)) == roster


@run
async def test_registering_rosters_checks_them_under_prime_time(w: World) -> None:
    saved = await w.decks.register(ALICE, "Z", Z)
    assert isinstance(saved.deck, Roster) and saved.legal_rulesets == ["prime-time"]
    again = await w.decks.latest(ALICE, "Z")  # stored and read back as a roster
    assert again.deck == saved.deck and again.legal_under("prime-time")
    # over the Threat cap (19 + Piccolo's 4), a deck a card short: each with its section
    zf = sample_roster("Z-Fighters")
    heavy = zf.model_copy(update={"models": [*zf.models, "piccolo"]})
    illegal = await w.decks.register(ALICE, "Heavy", roster_text(heavy))
    problems = illegal.problems["prime-time"]
    assert not illegal.legal_rulesets
    assert any(p.source == ROSTER_SECTION and "Threat 23" in p.message for p in problems)
    short = zf.model_copy(update={"deck": zf.deck[:-1]})
    deck = await w.decks.register(ALICE, "Short", roster_text(short))
    assert any(p.source == DECK_SECTION and "19 cards" in p.message
               for p in deck.problems["prime-time"])


@run
async def test_an_unreadable_roster_lists_every_reason_and_saves_nothing(w: World) -> None:
    with pytest.raises(DeckError, match=r"(?s)Prime Time roster.*models.*deck"):
        await w.decks.register(ALICE, "Bad", "# ruleset: prime-time\nname: X\n"
                                              "affiliation: Z-Fighters\nmodels: 3\ndeck: 4\n")
    with pytest.raises(DeckError, match="line 2: not YAML"):
        await w.decks.register(ALICE, "Bad", "models: [goku\ndeck: [x]: y\n")
    assert await w.decks.names(ALICE) == []


@run
async def test_a_ranked_prime_time_match_counts_in_its_own_standings(w: World) -> None:
    z = await w.decks.register(ALICE, "Z", Z)
    cell = await w.decks.register(BOB, "Cell", CELL)
    match = await w.matches.create(
        guild_id=GUILD, channel_id=9, mode="ranked", ruleset="prime-time",
        players=(ALICE, BOB), decks=(z.deck, cell.deck),
        deck_versions=(z.version_id, cell.version_id), seed=3)
    assert match.family is PRIMETIME and isinstance(match.game, PrimeTimeGame)
    assert (await w.matches.concede(match.id, BOB)).ok
    assert match.status == "finished" and match.winner == 0
    standings = await w.league.standings(GUILD, "prime-time")
    alice, bob = standings.of(ALICE), standings.of(BOB)
    assert alice is not None and bob is not None
    assert alice.player.mu > bob.player.mu and alice.player.games == 1
    assert (await w.league.standings(GUILD, "panini-2016")).rows == []
    # the record replays the same game in a new service
    again = await w.matches._load(match.id)
    assert again.game.to_json() == match.game.to_json()


def test_the_practice_ai_is_the_engines_greedy_player_and_answers_the_same() -> None:
    family = match_family("prime-time")
    game = new_game(4)
    for _ in range(60):
        decision = game.pending
        assert decision is not None
        choice = family.ai_answer(game, decision)
        assert choice == family.ai_answer(PRIMETIME.copy(game), decision)
        assert decision.option(choice) is not None
        assert game.apply(decision.player, choice).ok


def test_a_discard_from_the_hand_is_kept_off_the_board() -> None:
    game = new_game(2)
    player = make_player("greedy", 1)
    for _ in range(3000):
        decision = game.pending
        if decision is None or decision.kind == "discard":
            break
        game.apply(decision.player, player.choose(game, decision))
    assert game.pending is not None, "this seed's game discards to the hand limit"
    private = PRIMETIME.private_options(game)
    assert private and private == {o.id for o in game.pending.options}


def test_the_highlight_of_a_point_decision_is_its_points() -> None:
    game = new_game()
    decision = game.pending
    while decision is not None and decision.kind != "deploy_at":
        game.apply(decision.player, decision.options[0].id)
        decision = game.pending
    assert decision is not None and answered_by_point(decision)
    seen = view(game, None)
    highlight = decision_highlight(game, seen, decision)
    assert highlight is not None
    assert set(highlight.points) == {parse_point(o.id) for o in decision.options}
    assert highlight.model == decision.resume.args["model"]
    preview = preview_highlight(seen, decision, highlight.points[0])
    assert preview.path == (highlight.points[0],) and preview.model == highlight.model


def test_the_highlight_of_an_action_is_its_reach_range_and_target() -> None:
    game = to_activation()
    player = make_player("greedy", 1)
    for _ in range(400):
        decision = game.pending
        assert decision is not None
        if decision.kind == "action" and any(o.id.startswith("attack:")
                                             for o in decision.options):
            break
        game.apply(decision.player, player.choose(game, decision))
    assert decision is not None
    seen = view(game, None)
    highlight = decision_highlight(game, seen, decision)
    attack = next(o.id for o in decision.options if o.id.startswith("attack:"))
    _, technique, target = attack.split(":")
    active = game.model(seen["active"])
    assert highlight is not None and highlight.model == active.uid
    assert highlight.target == int(target) and highlight.sight
    assert highlight.range == game.pool.techniques(game.character(active),
                                                   active.tier)[int(technique)].range
    move = decision.option("move")
    assert (highlight.reach is not None) == (move is not None)
    assert decision_highlight(game, seen, None) is None


def test_a_player_out_of_time_does_nothing_where_the_rules_allow_it_pt_63() -> None:
    game = to_activation()
    player = make_player("greedy", 1)
    wanted = {"activate": "pass", "action": "end", "z_reaction": "none",
              "ascension": "done", "reposition": "stay", "evade_to": "stay"}
    seen: set[str] = set()
    for _ in range(1500):
        decision = game.pending
        if decision is None:
            break
        if decision.kind in wanted:
            assert default_option(decision) == wanted[decision.kind], decision.kind
            seen.add(decision.kind)
        game.apply(decision.player, player.choose(game, decision))
    assert {"activate", "action", "z_reaction"} <= seen


@run
async def test_the_board_embed_names_no_card_of_a_hand_and_the_hand_embed_does(
        w: World) -> None:
    z = await w.decks.register(ALICE, "Z", Z)
    match = await w.matches.create(
        guild_id=GUILD, channel_id=9, mode="practice", ruleset="prime-time",
        players=(ALICE, None), decks=(z.deck, sample_roster("Cell Games")),
        deck_versions=(z.version_id, None), seed=3)
    # match.game is replaced by each stored decision: read its state afresh
    while not all(p.hand for p in match.game.state.players):  # dealt in the Power Phase
        decision = match.pending
        assert decision is not None and decision.player == 0
        choice = PRIMETIME.ai_answer(match.game, decision)
        index = [o.id for o in decision.options].index(choice)
        assert (await w.matches.decide(match.id, ALICE, decision.seq, index)).ok
    hands = [{match.game.pool.cards[c].name for c in p.hand} for p in match.game.state.players]
    board = pt_board_embed(match, "board.png").to_dict()
    text = str(board)
    assert "Round" in text and "BK" in text and "Glory" in text
    assert board["image"]["url"] == "attachment://board.png"
    assert not [name for hand in hands for name in hand if name in text]
    mine = str(pt_hand_embed(match, 0, "hand.png").to_dict())
    assert all(name in mine for name in hands[0])
    assert not [name for name in hands[1] - hands[0] if name in mine]


@pytest.mark.parametrize(("x", "y", "point"), [
    ("12.5", "7", (12.5, 7.0)), ("12,5", "7", (12.5, 7.0)), ('3"', "0", (3.0, 0.0)),
    ("12.5 7", "", (12.5, 7.0)), ("12.5, 7", "", (12.5, 7.0)), ("12,7", "", (12.0, 7.0)),
    ("(12.5; 7)", "", (12.5, 7.0)), ("12,5,7", "", (12.5, 7.0)), ("1.234", "2", (1.23, 2.0)),
])
def test_a_point_typed_in_the_form(x: str, y: str, point: tuple[float, float]) -> None:
    assert read_point(x, y) == point


@pytest.mark.parametrize(("x", "y", "why"), [
    ("12.5", "", "give x and y"), ("abc", "7", "x must be a number"),
    ("31", "7", "from 0 to 30"), ("5", "-1", "y must be from 0 to 30"),
    ("nan", "1", "from 0 to 30"), ("", "", "give x and y"),
])
def test_a_point_the_form_refuses(x: str, y: str, why: str) -> None:
    with pytest.raises(ValueError, match=why):
        read_point(x, y)
