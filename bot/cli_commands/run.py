"""`scouter run`: start the bot (what ./run calls).

The Discord bot is not written yet (issue 3). Until then this command checks for a
DISCORD_TOKEN, explains how to get one when it is missing, and shows the referee at
work: a local match between two AIs, printed as a condensed log. Nothing touches the
network."""

from __future__ import annotations

import argparse
import importlib
import os
import secrets
from collections.abc import Callable, Mapping
from pathlib import Path

from bot.cli_commands.play import DeckLoadError, load_decks
from bot.textboard import describe_result, render_board, render_events
from engine.ai import GreedyPlayer
from engine.cards import CardFileError, CardPool, load_pool
from engine.decklist import Deck
from engine.game import Event, Game
from engine.view import SPECTATOR, player_view

Writer = Callable[[str], None]

BOARD_EVERY = 3  # turns between boards in the demo log
MAX_DECISIONS = 20_000  # a game that runs longer is an engine bug, not a long game

NO_TOKEN = """\
No DISCORD_TOKEN is set, so the Discord bot cannot log in.
To get one: open https://discord.com/developers/applications, create an application,
add a Bot to it and copy the bot's token. Then put it in a file named .env in the
project folder (copy .env.example), or export it in your shell:

    DISCORD_TOKEN=paste-your-token-here

README.md has the details."""

TOKEN_SET = """\
DISCORD_TOKEN is set. The Discord bot itself arrives with issue 3; until then
nothing connects to Discord."""


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "run", help="run the Discord bot (for now: explain set-up and show a demo match)"
    )
    parser.add_argument("--demo-seed", type=int, help="seed of the demo match (default random)")
    parser.add_argument("--quiet", action="store_true", help="print only the demo's summary")
    parser.set_defaults(handler=run_command)


def run_command(args: argparse.Namespace) -> int:
    seed = args.demo_seed if args.demo_seed is not None else secrets.randbelow(2**31)
    return run_bot(load_settings(), seed=seed, quiet=args.quiet)


def run_bot(
    settings: Mapping[str, str],
    *,
    seed: int,
    quiet: bool = False,
    write: Writer = print,
    pool: CardPool | None = None,
    decks: list[Deck] | None = None,
) -> int:
    if not quiet:
        write(TOKEN_SET if settings.get("DISCORD_TOKEN", "").strip() else NO_TOKEN)
        write("\nMeanwhile, here is the referee at work:\n")
    return demo(seed, quiet=quiet, write=write, pool=pool, decks=decks)


# --- settings -------------------------------------------------------------------------------
def load_settings(
    environ: Mapping[str, str] | None = None, dotenv: Path = Path(".env")
) -> dict[str, str]:
    """Settings from a .env file overridden by the real environment (as python-dotenv
    does by default). The token is never printed."""
    settings = read_dotenv(dotenv)
    settings.update(os.environ if environ is None else environ)
    return settings


def read_dotenv(path: Path) -> dict[str, str]:
    if not path.is_file():
        return {}
    try:
        # python-dotenv is not a dependency yet; use it when someone installed it.
        module = importlib.import_module("dotenv")
        values = module.dotenv_values(path)
        return {key: value for key, value in values.items() if value is not None}
    except ImportError:
        pass
    try:
        text = path.read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError):
        return {}
    return dict(_dotenv_line(line) for line in text.splitlines() if _dotenv_line(line)[0])


def _dotenv_line(line: str) -> tuple[str, str]:
    """("KEY", "value") for `KEY=value`, `export KEY="value"`; ("", "") otherwise."""
    line = line.strip()
    if not line or line.startswith("#") or "=" not in line:
        return "", ""
    key, _, value = line.removeprefix("export ").partition("=")
    value = value.strip()
    if len(value) >= 2 and value[0] == value[-1] and value[0] in "\"'":
        value = value[1:-1]
    return key.strip(), value


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
        f"Replay it with: scouter run --demo-seed {seed}"
    )
