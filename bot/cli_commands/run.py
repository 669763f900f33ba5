"""`scouter run`: start the bot (what ./run calls).

With a DISCORD_TOKEN (in .env or the environment) it runs the Discord bot. Without one it
explains how to get a token and shows the referee at work: a local match between two AIs,
printed as a condensed log. The demo touches no network."""

from __future__ import annotations

import argparse
import logging
import secrets
from collections.abc import Callable

from bot.cli_commands.play import DeckLoadError, load_decks
from bot.settings import Settings, SettingsError, load_settings
from bot.textboard import describe_result, render_board, render_events
from engine.core.events import Event
from engine.panini.ai import GreedyPlayer
from engine.panini.cards import CardFileError, CardPool, load_pool
from engine.panini.decklist import Deck
from engine.panini.game import Game
from engine.panini.view import SPECTATOR, player_view

Writer = Callable[[str], None]

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
    return run_demo(settings, seed=seed, quiet=args.quiet)


def start_bot(settings: Settings, force_sync: bool = False) -> int:
    """Run the Discord bot until it is stopped (Ctrl+C)."""
    # Imported here: the demo must start fast and offline.
    import aiohttp
    import discord

    from bot.app import ScouterBot

    assert settings.discord_token is not None
    discord.utils.setup_logging(level=getattr(logging, settings.log_level))
    bot = ScouterBot(settings, force_sync=force_sync)
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
) -> int:
    if not quiet:
        if not settings.has_token:
            write(NO_TOKEN)
        write("\nMeanwhile, here is the referee at work:\n")
    return demo(seed, quiet=quiet, write=write, pool=pool, decks=decks)


# --- the demo match -------------------------------------------------------------------------
def demo(
    seed: int,
    *,
    quiet: bool = False,
    write: Writer = print,
    pool: CardPool | None = None,
    decks: list[Deck] | None = None,
) -> int:
    """Two greedy AIs play the first two starter decks; returns the exit code."""
    try:
        pool = pool if pool is not None else load_pool()
        decks = decks if decks is not None else load_decks([None, None], pool)
    except (CardFileError, DeckLoadError, OSError, ValueError) as exc:
        write(f"Cannot run the demo: {exc}")
        return 1
    game = Game.new(decks, seed=seed, pool=pool)
    say = (lambda text: None) if quiet else write
    say(f"Demo match: {decks[0].name} (Player 1) vs {decks[1].name} (Player 2), seed {seed}")
    _log(game.events, say)
    decisions = _play(game, say)
    say("\n" + render_board(player_view(game, SPECTATOR)))
    write(_summary(game, decks, seed, decisions))
    return 0


def _play(game: Game, say: Writer) -> int:
    players = (GreedyPlayer(), GreedyPlayer())
    decisions = 0
    while not game.over and decisions < MAX_DECISIONS:
        decision = game.pending
        assert decision is not None
        choice = players[decision.player].choose(game, decision)
        outcome = game.apply(decision.player, choice, decision.seq)
        if not outcome.ok:
            raise RuntimeError(f"the AI chose an illegal option: {outcome.reason}")
        decisions += 1
        _log(outcome.events, say)
        if any(e.kind == "turn" for e in outcome.events) and game.state.turn % BOARD_EVERY == 0:
            say("\n" + render_board(player_view(game, SPECTATOR)) + "\n")
    return decisions


def _log(events: tuple[Event, ...] | list[Event], say: Writer) -> None:
    text = render_events(events, SPECTATOR, condensed=True)
    if text:
        say(text)


def _summary(game: Game, decks: list[Deck], seed: int, decisions: int) -> str:
    view = player_view(game, SPECTATOR)
    if view["winner"] is None:
        return f"Demo stopped after {decisions} decisions without a winner (seed {seed})."
    deck = decks[view["winner"]].name
    return (
        f"Result: {describe_result(view)} Deck: {deck}. "
        f"{view['turn']} turns, {decisions} decisions. "
        f"Replay it with: ./run --demo-seed {seed}"  # the README's command
    )
