"""`scouter play`: a whole match in the terminal, against the built-in AI or, with
--hotseat, between two people sharing one keyboard. Panini rulesets play Panini decks;
`score` and `ocg` play the Score family's (bot.score_decks, bot.score_textboard), and
`prime-time` plays rosters (bot.primetime_simulation, bot.primetime_textboard): the match
itself only knows the game through a `Table` (its views, board and cards).

Everything shown to a person is drawn from their own player view, and in hotseat mode a
"pass the keyboard" screen separates the seats, so a hand is never shown to the other
player. Input and output are injected (`Console`) so tests can script a match."""

from __future__ import annotations

import argparse
import secrets
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from bot import score_decks
from bot.events.glossary import answer as glossary_answer
from bot.primetime_simulation import RosterError, load_rosters
from bot.primetime_textboard import describe_pt_result, render_pt_board
from bot.score_textboard import describe_score_result, render_score_board, score_card_text
from bot.textboard import (
    describe_card,
    describe_result,
    render_board,
    render_events,
    seat_name,
    visible_events,
)
from engine.core.decisions import Decision
from engine.core.events import Event, Outcome
from engine.core.family import FamilyGame, GameFamily
from engine.panini.ai import make_player
from engine.panini.cards import DATA_DIR, CardPool, fold_name, load_pool
from engine.panini.decklist import (
    Deck,
    DeckListError,
    DeckStructureError,
    build_deck,
    parse_deck_list,
    suggest,
)
from engine.panini.game import Game
from engine.panini.rulesets import DEFAULT_RULESET, RULESETS, UnknownRuleset, get_ruleset
from engine.panini.view import player_view
from engine.primetime import ai as pt_ai
from engine.primetime.family import PrimeTimeFamily
from engine.primetime.game import PrimeTimeGame
from engine.primetime.roster import Roster
from engine.primetime.rulesets import RULESETS as PT_RULESETS
from engine.score import ai as score_ai
from engine.score.family import ScoreFamily
from engine.score.game import ScoreGame
from engine.score.rulesets import RULESETS as SCORE_RULESETS

DECKS_DIR = DATA_DIR / "decks"
COMMANDS = ("help", "board", "log", "concede", "quit")
LOG_LINES = 30
COLUMNS_FROM, LINE_WIDTH = 30, 96  # more options than this are listed in columns
CLEAR_SCREEN = "\033[2J\033[3J\033[H"  # also wipes scrollback, so no scrolling up to a hand
EXIT_OK = 0
EXIT_UNUSABLE = 2

HELP = """\
Answer with the number of an option, or type its text (any unambiguous start will do).
Commands:
  help     this text
  board    show the board again
  log      recent public events
  card X   read the card named X (any unambiguous start of its name)
  rules X  what the game term X means, quoted from the rulebook (rules PUR, rules AT)
  at X,Y   (Prime Time) move or deploy to the point X,Y in inches, e.g. at 12.5,7
  concede  give up this game (asks to confirm)
  quit     leave without a result"""


class DeckLoadError(ValueError):
    """A deck that cannot be played; the message says why and what to do."""


class _EndOfInput(Exception):
    """stdin closed: leave politely."""


class _Quit(Exception):
    """The person typed quit."""


def _clear_screen() -> None:
    if sys.stdout.isatty():
        print(CLEAR_SCREEN, end="", flush=True)


@dataclass
class Console:
    """Where a match reads answers and writes text; tests pass their own functions."""

    read: Callable[[str], str] = input
    write: Callable[[str], None] = print
    clear: Callable[[], None] = _clear_screen


# --- command line -----------------------------------------------------------------------------
def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "play", help="play a match in the terminal against the AI or a friend"
    )
    parser.add_argument("--deck", help="your deck: a starter name or a deck list file")
    parser.add_argument("--opponent-deck", help="the opponent's deck (same forms)")
    parser.add_argument(
        "--ruleset",
        "--game",
        dest="ruleset",
        default=DEFAULT_RULESET,
        help=f"one of {', '.join([*sorted(RULESETS), *SCORE_RULESETS, *PT_RULESETS])} "
        f"(default {DEFAULT_RULESET})",
    )
    parser.add_argument("--roster", help="prime-time: your roster, a sample's name or a YAML file")
    parser.add_argument("--opponent-roster", help="prime-time: the opponent's roster")
    parser.add_argument("--seed", type=int, help="game seed, to replay a game exactly")
    parser.add_argument(
        "--ai", choices=("random", "greedy"), default="greedy", help="the AI (default greedy)"
    )
    parser.add_argument("--hotseat", action="store_true", help="two people at one keyboard, no AI")
    parser.set_defaults(handler=run_command)


def run_command(args: argparse.Namespace) -> int:
    seed = args.seed if args.seed is not None else secrets.randbelow(2**31)
    rosters = args.roster is not None or args.opponent_roster is not None
    chose_decks = args.deck is not None or args.opponent_deck is not None
    if rosters != (args.ruleset in PT_RULESETS) and (rosters or chose_decks):
        # one family's choice under another's ruleset would be ignored without a word
        wanted = "--roster/--opponent-roster" if args.ruleset in PT_RULESETS else "--deck"
        return _unusable(f"{args.ruleset} chooses with {wanted}")
    if args.ruleset in SCORE_RULESETS:
        return _run_score(args, seed)
    if args.ruleset in PT_RULESETS:
        return _run_primetime(args, seed)
    names = [args.deck, args.opponent_deck]
    try:
        get_ruleset(args.ruleset)
        pool = load_pool()
        decks = load_decks(names, pool)
    except UnknownRuleset as exc:
        return _unusable(f"{exc}; the Score family's: {', '.join(SCORE_RULESETS)}; "
                         f"Prime Time's: {', '.join(PT_RULESETS)}")
    except DeckLoadError as exc:  # a Score deck: say which rulesets play it
        return _unusable(score_decks.score_deck_hint(names, args.ruleset) or str(exc))
    return play_game(decks, pool, ruleset=args.ruleset, seed=seed, ai=args.ai, hotseat=args.hotseat)


def _run_score(args: argparse.Namespace, seed: int) -> int:
    try:
        pool = score_decks.score_pool()
        given = [args.deck, args.opponent_deck]
        spare = iter(n for n in score_decks.default_names_all(args.ruleset) if n not in given)
        names = [name if name is not None else next(spare, "") for name in given]
        decks = score_decks.load_score_decks(names, args.ruleset, pool)
    except score_decks.ScoreDeckError as exc:
        return _unusable(str(exc))
    family = ScoreFamily(pool)
    return play_score_game(family, decks, names, ruleset=args.ruleset, seed=seed, ai=args.ai,
                           hotseat=args.hotseat)  # fmt: skip


def _run_primetime(args: argparse.Namespace, seed: int) -> int:
    family = PrimeTimeFamily()
    try:
        rosters, _ = load_rosters([args.roster, args.opponent_roster], family.pool)
    except RosterError as exc:
        return _unusable(str(exc))
    return play_pt_game(family, rosters, ruleset=args.ruleset, seed=seed, ai=args.ai,
                        hotseat=args.hotseat)  # fmt: skip


def _unusable(message: str) -> int:
    print(f"error: {message}", file=sys.stderr)
    return EXIT_UNUSABLE


# --- decks ----------------------------------------------------------------------------------
def starter_deck_paths(directory: Path = DECKS_DIR) -> list[Path]:
    return sorted(directory.glob("*.txt"))


def load_decks(names: Sequence[str | None], pool: CardPool) -> list[Deck]:
    """One Deck per name; a missing name takes the next unused starter deck in order."""
    starters = starter_deck_paths()
    defaults = iter(path for path in starters if path.stem not in names)
    decks = []
    for name in names:
        if name is None:
            path = next(defaults, None)
            if path is None:
                raise DeckLoadError(f"no starter decks found in {DECKS_DIR}; use --deck FILE")
        else:
            path = resolve_deck(name, starters)
        decks.append(load_deck(path, pool))
    return decks


def resolve_deck(name: str, starters: Sequence[Path]) -> Path:
    """A starter deck by file stem ("goku-saiyan"), else a path to a deck list file."""
    for path in starters:
        if path.stem.casefold() == name.casefold():
            return path
    path = Path(name)
    if path.is_file():
        return path
    known = ", ".join(p.stem for p in starters) or "none"
    raise DeckLoadError(f"no starter deck or file named {name!r}; starter decks: {known}")


def load_deck(path: Path, pool: CardPool) -> Deck:
    try:
        text = path.read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as exc:
        raise DeckLoadError(f"cannot read {path}: {exc}") from exc
    try:
        return build_deck(parse_deck_list(text, pool, name=path.stem), pool)
    except DeckListError as exc:
        raise DeckLoadError(f"{path} has unreadable lines:\n{exc}") from exc
    except DeckStructureError as exc:
        raise DeckLoadError(str(exc)) from exc


# --- the match ------------------------------------------------------------------------------
def play_game(
    decks: Sequence[Deck],
    pool: CardPool,
    *,
    ruleset: str = DEFAULT_RULESET,
    seed: int = 0,
    ai: str = "greedy",
    hotseat: bool = False,
    console: Console | None = None,
) -> int:
    """Set up and play one match; returns the exit code (0 also when input ends)."""
    console = _greet(console, [deck.name for deck in decks], ruleset, seed)
    game = Game.new(decks, seed=seed, ruleset=ruleset, pool=pool)
    opponent = None if hotseat else make_player(ai, seed)
    return Match(game, console, opponent).play()


def _greet(console: Console | None, names: Sequence[str], ruleset: str, seed: int) -> Console:
    console = console or Console()
    console.write(
        f"Scouter - {names[0]} (Player 1) vs {names[1]} (Player 2), "
        f"{ruleset}, seed {seed}. Type help for commands."
    )
    return console


def play_score_game(
    family: ScoreFamily,
    decks: Sequence[Any],
    names: Sequence[str],
    *,
    ruleset: str,
    seed: int = 0,
    ai: str = "greedy",
    hotseat: bool = False,
    console: Console | None = None,
) -> int:
    """One match of the Score family (rulesets `score`, `ocg`); returns the exit code."""
    console = _greet(console, names, ruleset, seed)
    game = family.new_game(decks, seed, ruleset)
    opponent = None if hotseat else score_ai.make_player(ai, seed)
    return Match(game, console, opponent, table=ScoreTable(family, game)).play()


def play_pt_game(
    family: PrimeTimeFamily,
    rosters: Sequence[Roster],
    *,
    ruleset: str,
    seed: int = 0,
    ai: str = "greedy",
    hotseat: bool = False,
    console: Console | None = None,
) -> int:
    """One match of DBZ: Prime Time (ruleset `prime-time`); returns the exit code."""
    console = _greet(console, [r.name for r in rosters], ruleset, seed)
    game = family.new_game(rosters, seed, ruleset)
    opponent = None if hotseat else pt_ai.make_player(ai, seed)
    return Match(game, console, opponent, table=PrimeTimeTable(family, game)).play()


class AI(Protocol):
    """Any family's AI player."""

    def choose(self, game: Any, decision: Decision) -> str: ...


View = Mapping[str, Any]


class Table(Protocol):
    """What a match shows of one family's game: views, the board, options, cards."""

    def view(self, seat: int | None) -> View: ...

    def board(self, view: View) -> str: ...

    def options(self, view: View) -> list[dict[str, str]]: ...

    def result(self, view: View) -> str: ...

    def card_text(self, wanted: str) -> str: ...

    def typed(self, text: str) -> str | None:
        """An option id written out (Prime Time's `at X,Y`), or None: not such a form."""
        ...

    def duration(self, view: View) -> str:
        """How long the game lasted, for the closing line."""
        ...


class TurnTable:
    """What card games' tables share: no typed option forms, a length in turns."""

    def typed(self, text: str) -> str | None:
        return None

    def duration(self, view: View) -> str:
        return f"{view['turn']} turn(s)"


def pair_options(view: View) -> list[dict[str, str]]:
    """A family view's [id, label] pairs as the options the match lists."""
    return [{"id": option_id, "label": label} for option_id, label in view["decision"]["options"]]


@dataclass
class PaniniTable(TurnTable):
    game: Game

    def view(self, seat: int | None) -> View:
        return player_view(self.game, seat)

    def board(self, view: View) -> str:
        return render_board(view)

    def options(self, view: View) -> list[dict[str, str]]:
        return list(view["decision"]["options"])

    def result(self, view: View) -> str:
        return describe_result(view)

    def card_text(self, wanted: str) -> str:
        return card_text(self.game.pool, wanted)



@dataclass
class ContractTable:
    """A table of a family behind the engine's contract (engine/core/family.py): its view,
    and the view's [id, label] option pairs."""

    family: GameFamily
    game: FamilyGame

    def view(self, seat: int | None) -> View:
        return self.family.view(self.game, seat)

    def options(self, view: View) -> list[dict[str, str]]:
        return pair_options(view)


@dataclass
class ScoreTable(ContractTable, TurnTable):
    family: ScoreFamily
    game: ScoreGame

    def board(self, view: View) -> str:
        return render_score_board(view)

    def result(self, view: View) -> str:
        return describe_score_result(view)

    def card_text(self, wanted: str) -> str:
        return score_card_text(self.family.pool, wanted, ocg=self.game.state.ruleset == "ocg")


@dataclass
class PrimeTimeTable(ContractTable):
    family: PrimeTimeFamily
    game: PrimeTimeGame

    def board(self, view: View) -> str:
        return render_pt_board(view)

    def result(self, view: View) -> str:
        return describe_pt_result(view)

    def card_text(self, wanted: str) -> str:
        folded = wanted.strip().casefold()
        cards = list(self.family.pool.cards.values())
        found = [c for c in cards if c.name.casefold() == folded] or [
            c for c in cards if c.name.casefold().startswith(folded)]  # fmt: skip
        names = sorted({c.name for c in found})
        if not found:
            return f"No card named {wanted!r}."
        if len(names) > 1:
            return f"{wanted!r} could be: " + ", ".join(names[:8])
        card = found[0]
        return f"{card.name} - {card.kind} card, {card.timing}, {card.sk} SK\n  {card.text}"

    def typed(self, text: str) -> str | None:
        """`at 12.5,7` (or `at:12.5,7`): the engine accepts any legal point, not only the
        1" grid points it lists, and refuses the rest with its reason."""
        folded = text.strip().casefold()
        if not folded.startswith(("at ", "at:")):
            return None
        return "at:" + folded[3:].replace(" ", "")

    def duration(self, view: View) -> str:
        return f"{view['round']} round(s)"


@dataclass
class Match:
    """Drives a game: the AI (if any) sits in seat 1; people answer the other decisions."""

    game: FamilyGame
    console: Console
    ai: AI | None = None  # None: hotseat, both seats are people
    log: list[Event] = field(default_factory=list)
    seen: dict[int, int] = field(default_factory=dict)  # seat -> log length last shown
    at_keyboard: int | None = None  # the seat whose screen is showing (hotseat guard)
    table: Table | None = None  # None: a Panini game's

    def __post_init__(self) -> None:
        self.log.extend(self.game.events)  # what the set-up announced (who goes first ...)
        self.seen = {seat: 0 for seat in self.humans}
        if self.table is None:
            if not isinstance(self.game, Game):
                raise TypeError("a game of another family needs its Table")
            self.table = PaniniTable(self.game)

    @property
    def shown(self) -> Table:
        assert self.table is not None  # set in __post_init__
        return self.table

    @property
    def humans(self) -> tuple[int, ...]:
        return (0, 1) if self.ai is None else (0,)

    def play(self) -> int:
        try:
            while not self.game.over:
                decision = self.game.pending
                assert decision is not None  # the engine always waits on one when not over
                if decision.player in self.humans:
                    self._human_decides(decision.player)
                else:
                    self._ai_decides(decision.player)
        except _EndOfInput:
            self.console.write("\nInput ended; leaving the game. Goodbye!")
            return EXIT_OK
        except _Quit:
            self.console.write("Game abandoned without a result. Goodbye!")
            return EXIT_OK
        self._finish()
        return EXIT_OK

    # --- turns ----------------------------------------------------------------------------
    def _ai_decides(self, seat: int) -> None:
        assert self.ai is not None and self.game.pending is not None
        decision = self.game.pending
        outcome = self.game.apply(seat, self.ai.choose(self.game, decision), decision.seq)
        if not outcome.ok:  # an engine/AI bug: say so rather than loop forever
            raise RuntimeError(f"the AI chose an illegal option: {outcome.reason}")
        self.log.extend(outcome.events)

    def _human_decides(self, seat: int) -> None:
        if self.ai is None and self.at_keyboard != seat:
            self._hand_over(seat)
        self.at_keyboard = seat
        self._show(seat)
        outcome = self._ask(seat)
        if outcome.ok:
            self.log.extend(outcome.events)
        else:  # the engine refused; nothing changed, so the same decision comes back
            self.console.write(f"Not accepted: {outcome.reason}")

    def _hand_over(self, seat: int) -> None:
        """Blank the screen so the next person never sees the previous hand."""
        self.console.clear()
        self.console.write(
            f"\n=== Pass the keyboard to {seat_name(seat)}. ===\n"
            f"{seat_name(seat)}, press Enter when the other player is not looking."
        )
        if self._read("").strip().casefold() == "quit":
            raise _Quit
        self.console.clear()

    def _show(self, seat: int) -> None:
        news = render_events(self.log[self.seen[seat] :], seat)
        self.seen[seat] = len(self.log)
        if news:
            self.console.write(news)
        view = self.shown.view(seat)
        self.console.write("\n" + self.shown.board(view))
        self.console.write(render_options(self.shown.options(view)))

    # --- input ----------------------------------------------------------------------------
    def _ask(self, seat: int) -> Outcome:
        """Read until the person picks an option or concedes."""
        options = self.shown.options(self.shown.view(seat))
        while True:
            text = self._read(f"{seat_name(seat)}> ").strip()
            command = text.casefold()
            if command in COMMANDS:
                outcome = self._command(seat, command)
                if outcome is not None:
                    return outcome
                continue
            if command.startswith("card "):
                self.console.write(self.shown.card_text(text[5:].strip()))
                continue
            if command.startswith("rules "):  # the glossary (data/glossary)
                self.console.write(glossary_answer(text[6:].strip(), markdown=False))
                continue
            option_id, problem = self.shown.typed(text), ""
            if option_id is None:
                option_id, problem = match_option(text, options)
            if option_id is not None:
                pending = self.game.pending
                return self.game.apply(seat, option_id, None if pending is None else pending.seq)
            self.console.write(problem)

    def _command(self, seat: int, command: str) -> Outcome | None:
        if command == "help":
            self.console.write(HELP)
        elif command == "board":
            view = self.shown.view(seat)
            options = render_options(self.shown.options(view))
            self.console.write(self.shown.board(view) + "\n" + options)
        elif command == "log":
            recent = visible_events(self.log, None)[-LOG_LINES:]
            self.console.write(render_events(recent, None) or "(nothing has happened yet)")
        elif command == "quit":
            raise _Quit
        elif command == "concede":
            answer = self._read("Concede the game? Type yes to confirm: ").strip().casefold()
            if answer in ("y", "yes"):
                return self.game.concede(seat)
            self.console.write("Not conceded; the game goes on.")
        return None

    def _read(self, prompt: str) -> str:
        try:
            return self.console.read(prompt)
        except EOFError:
            raise _EndOfInput from None

    # --- the end ----------------------------------------------------------------------------
    def _finish(self) -> None:
        # Hotseat: both people may be watching, so the last screen shows no hand at all.
        viewer = self.humans[0] if self.ai is not None else None
        last = self.humans[0] if self.at_keyboard is None else self.at_keyboard
        news = render_events(self.log[self.seen[last] :], viewer)
        if news:
            self.console.write(news)
        view = self.shown.view(viewer)
        self.console.write("\n" + self.shown.board(view))
        self.console.write(f"\nGame over after {self.shown.duration(view)}: "
                           f"{self.shown.result(view)}")


def card_text(pool: CardPool, wanted: str) -> str:
    """The card named `wanted` (exact, or a unique start of its name) as text."""
    card = pool.find(wanted)
    if card is None:
        folded = fold_name(wanted)
        starts = [c for c in pool.by_name.values() if fold_name(c.name).startswith(folded)]
        if len(starts) > 1:
            return f"{wanted!r} could be: " + ", ".join(c.name for c in starts[:8])
        card = starts[0] if starts else None
    if card is None:
        hints = suggest(wanted, pool)
        more = f" Did you mean {', '.join(hints)}?" if hints else ""
        return f"No card named {wanted!r}.{more}"
    return describe_card(card)


def render_options(options: Sequence[Mapping[str, str]]) -> str:
    """One option a line; a long list (Prime Time's hundreds of points) in columns."""
    items = [f"{number}) {o['label']}" for number, o in enumerate(options, 1)]
    if len(items) <= COLUMNS_FROM:
        return "\n".join(f"  {item}" for item in items)
    width = max(len(item) for item in items) + 2
    per_row = max(1, (LINE_WIDTH - 2) // width)
    rows = [items[start : start + per_row] for start in range(0, len(items), per_row)]
    return "\n".join("  " + "".join(i.ljust(width) for i in row).rstrip() for row in rows)


def match_option(text: str, options: Sequence[Mapping[str, str]]) -> tuple[str | None, str]:
    """(option id, "") for a number or a label (case-insensitive, unique prefix ok),
    else (None, a message saying what to type)."""
    count = len(options)
    numbers = "1" if count == 1 else f"a number from 1 to {count}"
    usage = f"Type {numbers}, the start of an option's text, or help."
    if not text:
        return None, usage
    if text.isdigit():
        number = int(text)
        if 1 <= number <= count:
            return options[number - 1]["id"], ""
        return None, f"There is no option {number}. {usage}"
    folded = text.casefold()
    exact = [o for o in options if o["label"].casefold() == folded]
    if exact:  # equal labels (two copies of a card) are the same play
        return exact[0]["id"], ""
    matches = [o for o in options if o["label"].casefold().startswith(folded)]
    if len({o["label"].casefold() for o in matches}) == 1:
        return matches[0]["id"], ""
    if matches:
        numbers = ", ".join(f"{options.index(o) + 1}) {o['label']}" for o in matches)
        return None, f"{text!r} could mean {numbers}. Type more of it, or the number."
    return None, f"{text!r} is not an option or a command. {usage}"
