"""`scouter run`: start the bot (what ./run calls).

With a DISCORD_TOKEN (in .env or the environment) it runs the Discord bot. Without one it
explains how to get a token and shows the referee at work: a local match between two AIs,
printed as a condensed log. The demo touches no network."""

from __future__ import annotations

import argparse
import logging
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field

from bot import score_decks
from bot.cli_commands.play import (
    AI,
    DeckLoadError,
    PaniniTable,
    PrimeTimeTable,
    ScoreTable,
    Table,
    load_decks,
)
from bot.primetime_simulation import DEFAULT_ROSTERS, RosterError, load_rosters
from bot.score_decks import ScoreDeckError
from bot.settings import Settings, SettingsError, load_settings
from bot.simulation import ai_seeds
from bot.textboard import render_events
from engine.core.events import Event
from engine.core.family import FamilyGame
from engine.panini.ai import GreedyPlayer
from engine.panini.cards import CardFileError, CardPool, load_pool
from engine.panini.decklist import Deck
from engine.panini.game import Game
from engine.panini.rulesets import DEFAULT_RULESET, RULESETS
from engine.panini.view import SPECTATOR
from engine.primetime import ai as pt_ai
from engine.primetime.family import PrimeTimeFamily
from engine.primetime.rulesets import RULESETS as PT_RULESETS
from engine.score.ai import make_player
from engine.score.family import ScoreFamily
from engine.score.rulesets import RULESETS as SCORE_RULESETS

Writer = Callable[[str], None]

DEMO_RULESETS = (*sorted(RULESETS), *SCORE_RULESETS, *PT_RULESETS)
BOARD_EVERY = 3  # turns between boards in the demo log
MAX_DECISIONS = 20_000  # a game that runs longer is an engine bug, not a long game

NO_TOKEN = """\
No DISCORD_TOKEN is set, so the Discord bot cannot log in.
To get one: open https://discord.com/developers/applications, create an application,
add a Bot to it and copy the bot's token. Then put it in a file named .env in the
project folder (copy .env.example), or export it in your shell:

    DISCORD_TOKEN=paste-your-token-here

README.md has the details (the bot's permissions and its invite link)."""


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "run", help="run the Discord bot (without a token: explain set-up, show a demo match)"
    )
    parser.add_argument("--demo-seed", type=int, help="seed of the demo match (default random)")
    parser.add_argument("--quiet", action="store_true", help="print only the demo's summary")
    parser.add_argument(
        "--sync", action="store_true", help="sync slash commands even if they did not change"
    )
    parser.add_argument("--demo", action="store_true", help="play the demo even with a token")
    parser.add_argument(
        "--demo-ruleset", default=DEFAULT_RULESET, choices=DEMO_RULESETS,
        help=f"the game the demo plays (default {DEFAULT_RULESET})",
    )  # fmt: skip
    parser.set_defaults(handler=run_command)


def run_command(args: argparse.Namespace) -> int:
    try:
        settings = load_settings()
    except SettingsError as exc:
        print(f"error: {exc}")
        return 2
    if settings.has_token and not args.demo:
        return start_bot(settings, force_sync=args.sync)
    seed = args.demo_seed if args.demo_seed is not None else secrets.randbelow(2**31)
    return run_demo(settings, seed=seed, quiet=args.quiet, ruleset=args.demo_ruleset)


def start_bot(settings: Settings, force_sync: bool = False) -> int:
    """Run the Discord bot until it is stopped (Ctrl+C)."""
    # Imported here: the demo must start fast and offline.
    import aiohttp
    import discord

    from bot.app import create_bot

    assert settings.discord_token is not None
    discord.utils.setup_logging(level=getattr(logging, settings.log_level))
    bot = create_bot(settings, force_sync=force_sync)
    try:
        bot.run(settings.discord_token.get_secret_value(), log_handler=None)
    except discord.LoginFailure:
        print("error: Discord refused the DISCORD_TOKEN; copy the bot's token again from the "
              "developer portal (Bot > Reset Token) into .env.")
        return 2
    except (OSError, aiohttp.ClientError) as exc:
        print(f"error: cannot reach Discord ({exc.__class__.__name__}: {exc}). Check this "
              "machine's internet connection and try again.")
        return 3
    except discord.PrivilegedIntentsRequired:
        print("error: Discord refused an intent; Scouter needs no privileged intents, so "
              "check that you use Scouter's own bot/app.py.")
        return 2
    return 0


def run_demo(
    settings: Settings,
    *,
    seed: int,
    quiet: bool = False,
    write: Writer = print,
    pool: CardPool | None = None,
    decks: list[Deck] | None = None,
    ruleset: str = DEFAULT_RULESET,
) -> int:
    if not quiet:
        if not settings.has_token:
            write(NO_TOKEN)
        write("\nMeanwhile, here is the referee at work:\n")
    return demo(seed, quiet=quiet, write=write, pool=pool, decks=decks, ruleset=ruleset)


# --- the demo match -------------------------------------------------------------------------
@dataclass
class DemoMatch:
    """A game of any family with what the demo needs to show it and play both seats."""

    game: FamilyGame
    table: Table
    players: tuple[AI, AI]
    deck_names: tuple[str, str]
    period: str = "turn"  # the event (and view key) that starts a new turn or round
    board_every: int = BOARD_EVERY  # periods between boards
    hidden: frozenset[str] = field(default_factory=frozenset)  # event kinds left out
    side: str = "Deck"  # what a side brings: a deck, or Prime Time's roster


def demo(
    seed: int,
    *,
    quiet: bool = False,
    write: Writer = print,
    pool: CardPool | None = None,
    decks: list[Deck] | None = None,
    ruleset: str = DEFAULT_RULESET,
) -> int:
    """Two greedy AIs play the first two starter decks of `ruleset`; returns the exit code."""
    try:
        if ruleset in SCORE_RULESETS:
            match = _score_match(seed, ruleset)
        elif ruleset in PT_RULESETS:
            match = _primetime_match(seed, ruleset)
        else:
            match = _panini_match(seed, ruleset, pool, decks)
    except (CardFileError, DeckLoadError, ScoreDeckError, RosterError, OSError,
            ValueError) as exc:  # fmt: skip
        write(f"Cannot run the demo: {exc}")
        return 1
    say = (lambda text: None) if quiet else write
    first, second = match.deck_names
    say(f"Demo match ({ruleset}): {first} (Player 1) vs {second} (Player 2), seed {seed}")
    _log(match.game.events, say, match.hidden)
    decisions = _play(match, say)
    say("\n" + match.table.board(match.table.view(SPECTATOR)))
    write(_summary(match, seed, decisions, ruleset))
    return 0


def _panini_match(seed: int, ruleset: str, pool: CardPool | None,
                  decks: list[Deck] | None) -> DemoMatch:  # fmt: skip
    pool = pool if pool is not None else load_pool()
    decks = decks if decks is not None else load_decks([None, None], pool)
    game = Game.new(decks, seed=seed, ruleset=ruleset, pool=pool)
    return DemoMatch(game, PaniniTable(game), (GreedyPlayer(), GreedyPlayer()),
                     (decks[0].name, decks[1].name))  # fmt: skip


def _score_match(seed: int, ruleset: str) -> DemoMatch:
    pool = score_decks.score_pool()
    names = score_decks.default_names(ruleset)
    decks = score_decks.load_score_decks(names, ruleset, pool)
    family = ScoreFamily(pool)
    game = family.new_game(decks, seed, ruleset)
    seed_a, seed_b = ai_seeds(seed)
    players = (make_player("greedy", seed_a), make_player("greedy", seed_b))
    return DemoMatch(game, ScoreTable(family, game), players, (names[0], names[1]))


# a Prime Time game says much per decision: the condensed log keeps the fighting and scoring
PT_HIDDEN = frozenset({"draw", "drawn", "roll", "clash_roll", "deploy", "move", "bk", "side"})


def _primetime_match(seed: int, ruleset: str) -> DemoMatch:
    family = PrimeTimeFamily()
    rosters, _ = load_rosters(list(DEFAULT_ROSTERS), family.pool)
    game = family.new_game(rosters, seed, ruleset)
    seed_a, seed_b = ai_seeds(seed)
    players = (pt_ai.make_player("greedy", seed_a), pt_ai.make_player("greedy", seed_b))
    return DemoMatch(game, PrimeTimeTable(family, game), players,
                     (rosters[0].name, rosters[1].name), period="round", board_every=1,
                     hidden=PT_HIDDEN, side="Roster")  # fmt: skip


def _play(match: DemoMatch, say: Writer) -> int:
    game = match.game
    decisions = 0
    while not game.over and decisions < MAX_DECISIONS:
        decision = game.pending
        assert decision is not None
        choice = match.players[decision.player].choose(game, decision)
        outcome = game.apply(decision.player, choice, decision.seq)
        if not outcome.ok:
            raise RuntimeError(f"the AI chose an illegal option: {outcome.reason}")
        decisions += 1
        _log(outcome.events, say, match.hidden)
        if any(e.kind == match.period for e in outcome.events):
            view = match.table.view(SPECTATOR)
            if view[match.period] % match.board_every == 0:
                say("\n" + match.table.board(view) + "\n")
    return decisions


def _log(events: tuple[Event, ...] | list[Event], say: Writer,
         hidden: frozenset[str] = frozenset()) -> None:  # fmt: skip
    text = render_events([e for e in events if e.kind not in hidden], SPECTATOR, condensed=True)
    if text:
        say(text)


def _summary(match: DemoMatch, seed: int, decisions: int, ruleset: str) -> str:
    view = match.table.view(SPECTATOR)
    if view["winner"] is None:
        return f"Demo stopped after {decisions} decisions without a winner (seed {seed})."
    deck = match.deck_names[view["winner"]]
    again = "" if ruleset == DEFAULT_RULESET else f" --demo-ruleset {ruleset}"
    return (
        f"Result: {match.table.result(view)} {match.side}: {deck}. "
        f"{match.table.duration(view)}, {decisions} decisions. "
        f"Replay it with: ./run --demo-seed {seed}{again}"  # the README's command
    )
