"""Score CCG / DBZ OCG matches in the services, without Discord: Score deck lists are
registered and checked per ruleset (each problem with its page), a match of either Score
ruleset is created, answered, stored, replayed after a restart, conceded and rolled back
through the same MatchService as Panini's (bot.services.families chooses the family)."""

from __future__ import annotations

import json
import random

from bot.db import Database
from bot.services.decks import DeckError, DeckService
from bot.services.families import SCORE
from bot.services.judges import JudgeService
from bot.services.league import LeagueService
from bot.services.lobby import LobbyError, LobbyService
from bot.services.matches import AI, LiveMatch, MatchService, default_option
from bot.services.score_decks import score_deck_text, score_problems, score_starters
from engine.core.decisions import Decision, Option, Task
from engine.score.deckcheck import ScoreDeck
from tests.bot.test_services import ALICE, BOB, GOKU, Clock, run, services

STARTERS = {s.name: s for s in score_starters()}
GOKU_SCORE = score_deck_text(STARTERS["Goku Saiyan Surge"].deck)
FRIEZA_SCORE = score_deck_text(STARTERS["Frieza Red Tyranny"].deck)


async def alice_challenges_bob(decks: DeckService, lobby: LobbyService, mode: str
                               ) -> LiveMatch:
    """Alice's Goku against Bob's Frieza, a `score` match by challenge."""
    await decks.register(ALICE, "Goku", GOKU_SCORE)
    await decks.register(BOB, "Frieza", FRIEZA_SCORE)
    challenge = await lobby.challenge(guild_id=1, channel_id=2, challenger_id=ALICE,
                                      challenged_id=BOB, ruleset="score", mode=mode,
                                      deck_name="Goku")
    return await lobby.accept(challenge.id, BOB, "Frieza")


async def answer_randomly(matches: MatchService, match: LiveMatch, steps: int,
                          seed: int = 0) -> None:
    """The human seats answer `steps` decisions with seeded random options."""
    chooser = random.Random(seed)
    for _ in range(steps):
        decision = match.pending
        if decision is None:
            return
        user = match.players[decision.player]
        assert user is not None
        result = await matches.decide(match.id, user, decision.seq,
                                      chooser.randrange(len(decision.options)))
        assert result.ok, result.message
        assert SCORE.family.violations(match.game) == []  # after the AI's answers too


def test_starter_decks_are_legal_where_their_header_says() -> None:
    assert len(STARTERS) == 6
    for starter in STARTERS.values():
        assert starter.rulesets, starter.name
        problems = score_problems(starter.deck)
        for ruleset in starter.rulesets:
            assert problems[ruleset] == [], (starter.name, ruleset)


@run
async def test_a_score_list_is_registered_and_checked_per_score_ruleset(
        db: Database, tmp_path: object) -> None:
    decks, _, lobby, _ = services(db)
    saved = await decks.register(ALICE, "Goku S", GOKU_SCORE)
    assert isinstance(saved.deck, ScoreDeck)
    assert saved.legal_rulesets == ["score", "ocg"]  # never a Panini ruleset
    panini = await decks.register(ALICE, "Goku P", GOKU)
    assert "score" not in panini.legal_rulesets and "panini-2016" in panini.legal_rulesets
    # one Main Personality level short: illegal, with the rulebook page
    short = GOKU_SCORE.replace("Goku - Storm Rider\n", "", 1)
    broken = await decks.register(ALICE, "Short", short)
    assert not broken.legal_under("score")
    assert any("p." in v.source for v in broken.problems["score"])
    # a typo in a Score list names its line and saves nothing
    try:
        typo = GOKU_SCORE.replace("Goku's Sky Beam", "Goku Sky Bem")
        await decks.register(ALICE, "Typo", typo)
    except DeckError as exc:
        assert "Score deck list" in str(exc) and "line" in str(exc)
    else:
        raise AssertionError("a typo was saved")
    assert "Typo" not in await decks.names(ALICE)
    # without a declaration only Score has, a list naming Score cards is still read as one
    bare = "\n".join(line for line in typo.splitlines() if not line.startswith("Tokui"))
    try:
        await decks.register(ALICE, "Typo", bare)
    except DeckError as exc:
        assert "Score deck list" in str(exc) and "'Goku Sky Bem'" in str(exc), str(exc)
    else:
        raise AssertionError("a typo was saved")
    # the lobby refuses a deck of another family, and a Score deck for Panini
    try:
        await lobby.playable_deck(ALICE, "Goku S", "panini-2016")
    except LobbyError as exc:
        assert "not legal under panini-2016" in str(exc)
    else:
        raise AssertionError("a Score deck played Panini")
    assert (await lobby.playable_deck(ALICE, "Goku S", "ocg")).name == "Goku S"
    # the deck written back reads as the same deck
    reread = await decks.register(ALICE, "Again", score_deck_text(saved.deck))
    assert reread.deck == saved.deck


@run
async def test_a_score_match_is_played_across_a_restart_and_conceded(
        db: Database, tmp_path: object) -> None:
    decks, matches, lobby, _ = services(db)
    match = await alice_challenges_bob(decks, lobby, "casual")
    assert match.family is SCORE and match.ruleset == "score"
    await answer_randomly(matches, match, 40)
    made, state = len(match.record.decisions), match.game.to_json()
    assert made == 40
    # a restart: a new service replays the stored answers to the same state
    _, again, _, _ = services(db, Clock())
    reloaded = await again.get(match.id)
    assert reloaded.game.to_json() == state and len(reloaded.record.decisions) == made
    # a bad correction is refused in words and changes nothing; a good one is stored and
    # replayed by the next restart
    refused = await again.correct(match.id, 999, 0, {"kind": "anger", "delta": 1})
    assert not refused.ok and "anger must be a whole number" in refused.message
    assert reloaded.game.to_json() == state and len(reloaded.record.decisions) == made
    fixed = await again.correct(match.id, 999, 0, {"kind": "anger", "value": 2})
    assert fixed.ok and "Judge's correction: Player 1's anger set to 2" in fixed.message
    state, made = reloaded.game.to_json(), made + 1
    _, again, _, _ = services(db, Clock())
    reloaded = await again.get(match.id)
    assert reloaded.game.to_json() == state and reloaded.game.player(0).anger == 2
    # a judge sees both hands and the top of each Life Deck, reads the log in words, gets
    # the record that replays the match, and rolls it back (audited)
    judges = JudgeService(db, again, clock=Clock())
    full = await judges.full_view(reloaded, 999)
    for seat in (0, 1):
        hand = [reloaded.game.name(iid) for iid in reloaded.game.player(seat).hand]
        assert f"Hand: {', '.join(hand) or '-'}" in full
    assert full.count("Life Deck, top first:") == 2
    text, record = await judges.decision_log(reloaded, 999)
    assert text.count("Player ") >= 40
    replayed = json.loads(record)
    assert replayed["ruleset"] == "score" and len(replayed["decisions"]) == 41
    assert replayed["decisions"][-1][1].startswith("@adjust:")
    undone = await judges.rollback(reloaded, 999, 10, "a misclick")
    assert len(undone) == 31 and len(reloaded.record.decisions) == 10
    assert "Judge's correction: Player 1's anger set to 2." in undone[-1]
    assert [e.action for e in await judges.audit_entries(match.id)][-1] == "rollback"
    conceded = await again.concede(match.id, BOB)
    assert conceded.ok and not reloaded.active
    assert reloaded.winner == 0 and reloaded.win_reason == "concede"
    row = await db.fetchone("SELECT status, winner FROM matches WHERE id=?", (match.id,))
    assert row is not None and tuple(row) == ("finished", 0)


@run
async def test_an_ocg_practice_match_against_the_ai_ends_with_a_winner(
        db: Database, tmp_path: object) -> None:
    decks, matches, lobby, _ = services(db)
    await decks.register(ALICE, "Goku", GOKU_SCORE)
    ai_deck = next(s.deck for s in score_starters() if "ocg" in s.rulesets)
    match = await lobby.practice(guild_id=1, channel_id=2, user_id=ALICE, deck_name="Goku",
                                 ruleset="ocg", ai_deck=ai_deck)
    assert match.players[1] is AI
    await answer_randomly(matches, match, 1000, seed=3)
    assert not match.active and match.winner is not None
    assert match.family.described(match.game, match.record)[0].startswith("Player ")


@run
async def test_a_ranked_score_result_counts_in_the_score_standings_only(
        db: Database, tmp_path: object) -> None:
    decks, matches, lobby, _ = services(db)
    league = LeagueService(db, clock=Clock())
    matches.finish_listeners.append(league.match_finished)
    match = await alice_challenges_bob(decks, lobby, "ranked")
    assert (await matches.concede(match.id, BOB)).ok  # Alice wins
    score = await league.standings(1, "score")
    alice = score.of(ALICE)
    assert alice is not None and alice.player.wins == 1
    assert (await league.standings(1, "panini-2016")).of(ALICE) is None
    assert (await league.standings(1, "ocg")).of(ALICE) is None
    profile = await league.profile(1, ALICE)
    assert [standings.ruleset for standings, _ in profile.ratings] == ["score"]


def test_a_score_player_out_of_time_does_nothing() -> None:
    """Ruling 340: the timer's default in each kind of Score decision is the rulebook's
    "do nothing": Endurance unused (p. 49 "you may PREVENT"), nothing placed, no Combat
    declared, a pass, nothing captured, no rejuvenation, the OCG's top 6 kept in order."""
    game = SCORE.family.new_game([s.deck for s in score_starters()[:2]], 5, "ocg")
    chooser = random.Random(5)
    defaults: dict[str, str] = {}
    while game.pending is not None and len(defaults) < 8:
        decision = game.pending
        defaults.setdefault(decision.kind, default_option(decision))
        assert game.apply(decision.player, chooser.choice(decision.options).id).ok
    assert defaults["arrange"] == "keep" and defaults["non_combat"] == "done"
    assert defaults["declare"] == "no" and defaults["rejuvenate"] == "no"
    assert defaults["discard"].startswith("discard:")
    endurance = Decision(seq=1, player=0, kind="endurance", prompt="Use Endurance?",
                         options=[Option("endure", "Use Endurance 2 of X"),
                                  Option("take", "Discard X")],
                         resume=Task("endured", {}))
    assert default_option(endurance) == "take"


@run
async def test_the_queue_pairs_players_of_one_score_ruleset_only(
        db: Database, tmp_path: object) -> None:
    decks, matches, lobby, _ = services(db)
    await decks.register(ALICE, "Goku", GOKU_SCORE)
    await decks.register(BOB, "Frieza", FRIEZA_SCORE)
    waiting = await lobby.join(guild_id=1, channel_id=2, user_id=ALICE, ruleset="ocg",
                               mode="casual", deck_name="Goku")
    assert waiting.match is None
    other = await lobby.join(guild_id=1, channel_id=2, user_id=BOB, ruleset="score",
                             mode="casual", deck_name="Frieza")
    assert other.match is None  # a score player is not paired with an ocg one
    await lobby.leave(1, BOB)
    paired = await lobby.join(guild_id=1, channel_id=2, user_id=BOB, ruleset="ocg",
                              mode="casual", deck_name="Frieza")
    match = paired.match
    assert match is not None and match.ruleset == "ocg" and match.players == (ALICE, BOB)
    # a stranger, the wrong player and a stale decision number change nothing
    decision = match.pending
    # the Sensei Deck swap at set-up (p. 45), or the OCG's top 6
    assert decision is not None and decision.kind in ("sensei", "arrange")
    assert not (await matches.decide(match.id, 103, decision.seq, 0)).ok
    wrong = BOB if match.players[decision.player] == ALICE else ALICE
    assert "Not your decision" in (await matches.decide(match.id, wrong, decision.seq,
                                                        0)).message
    decider = match.players[decision.player]
    assert decider is not None
    assert not (await matches.decide(match.id, decider, decision.seq + 1, 0)).ok
    assert match.pending is decision and match.record.decisions == []
