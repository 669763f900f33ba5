"""`scouter play` and `scouter run`, driven with scripted input against the test pool."""

from __future__ import annotations

import argparse
import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from bot import score_decks
from bot.cli_commands import play as play_command
from bot.cli_commands import run as run_command
from bot.cli_commands.play import (
    Console,
    Match,
    ScoreTable,
    match_option,
    play_game,
    play_score_game,
)
from bot.settings import Settings, SettingsError, load_settings
from engine.panini.ai import GreedyPlayer
from engine.panini.game import Game
from engine.panini.view import SPECTATOR, player_view
from engine.score.ai import GreedyPlayer as GreedyAI
from engine.score.deckcheck import ScoreDeck
from engine.score.family import ScoreFamily
from tests.pool import TEST_POOL, test_deck

DECKS = [test_deck("Goku"), test_deck("Vegeta")]
MAX_READS = 5_000  # a scripted game that needs more input than this is stuck


def scripted(answers: Callable[[], str]) -> Callable[[str], str]:
    """A `read` function: answers from `answers()`, then EOF after MAX_READS."""
    count = 0

    def read(prompt: str) -> str:
        nonlocal count
        count += 1
        if count > MAX_READS:
            raise EOFError
        return answers()

    return read


def from_list(lines: list[str]) -> Callable[[str], str]:
    remaining: Iterator[str] = iter(lines)

    def read(prompt: str) -> str:
        try:
            return next(remaining)
        except StopIteration:
            raise EOFError from None

    return read


class Output:
    def __init__(self) -> None:
        self.chunks: list[str] = []

    def write(self, text: str) -> None:
        self.chunks.append(text)

    @property
    def text(self) -> str:
        return "\n".join(self.chunks)


def new_game(seed: int = 7) -> Game:
    return Game.new(DECKS, seed=seed, pool=TEST_POOL)


# --- a whole game ---------------------------------------------------------------------------
def test_choosing_option_1_every_time_finishes_the_game() -> None:
    out = Output()
    console = Console(read=scripted(lambda: "1"), write=out.write, clear=lambda: None)
    assert play_game(DECKS, TEST_POOL, seed=7, console=console) == 0
    assert "Game over after" in out.text
    assert re.search(r"Player [12]( \(you\))? wins by ", out.text)


def test_typing_labels_plays_the_game() -> None:
    out = Output()
    game = new_game()

    def first_label() -> str:
        # Lower case, and cut short: both must be understood.
        label: str = player_view(game, 0)["decision"]["options"][0]["label"]
        return label.lower()[: max(4, len(label) - 2)]

    console = Console(read=scripted(first_label), write=out.write, clear=lambda: None)
    assert Match(game, console, GreedyPlayer()).play() == 0
    assert game.over
    assert "is not an option" not in out.text and "could mean" not in out.text


def test_random_ai_opponent() -> None:
    out = Output()
    console = Console(read=scripted(lambda: "1"), write=out.write, clear=lambda: None)
    assert play_game(DECKS, TEST_POOL, seed=2, ai="random", console=console) == 0
    assert "Game over after" in out.text


# --- bad input ------------------------------------------------------------------------------
def test_bad_input_is_explained_and_changes_nothing() -> None:
    out = Output()
    game = new_game()
    before = game.to_json()
    console = Console(read=from_list(["99", "xyz", "", "0"]), write=out.write)
    match = Match(game, console, GreedyPlayer())
    # The AI may move first; capture the state at the person's first decision instead.
    assert match.play() == 0
    assert "There is no option 99" in out.text
    assert "'xyz' is not an option or a command" in out.text
    assert "There is no option 0" in out.text
    assert "Input ended" in out.text
    assert game.state.seq == _first_human_seq(before)


def _first_human_seq(state_json: str) -> int:
    """The seq of Player 1's first decision when only the AI answers."""
    game = Game.from_json(state_json, TEST_POOL)
    ai = GreedyPlayer()
    while game.pending is not None and game.pending.player != 0:
        decision = game.pending
        game.apply(decision.player, ai.choose(game, decision), decision.seq)
    return game.state.seq


def test_eof_at_once_exits_0() -> None:
    out = Output()
    console = Console(read=from_list([]), write=out.write)
    assert play_game(DECKS, TEST_POOL, seed=1, console=console) == 0
    assert "Goodbye" in out.text


def test_commands() -> None:
    out = Output()
    game = new_game()
    console = Console(
        read=from_list(["help", "board", "log", "concede", "no", "quit"]), write=out.write
    )
    assert Match(game, console, GreedyPlayer()).play() == 0
    assert "Commands:" in out.text
    assert "goes first" in out.text
    assert "Not conceded" in out.text
    assert "abandoned" in out.text
    assert not game.over


def test_concede_ends_the_game() -> None:
    out = Output()
    game = new_game()
    console = Console(read=from_list(["concede", "yes"]), write=out.write)
    assert Match(game, console, GreedyPlayer()).play() == 0
    assert game.state.winner == 1 and game.state.win_reason == "concede"
    assert "Player 2 wins by the opponent's concession." in out.text


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("2", "b"),
        ("attack with ki", "b"),
        ("ATTACK WITH PLAIN PUNCH", "a"),
        ("pa", "c"),
        ("attack with p", "a"),
    ],
)
def test_match_option_accepts_numbers_and_labels(text: str, expected: str) -> None:
    options = [
        {"id": "a", "label": "Attack with Plain Punch"},
        {"id": "b", "label": "Attack with Ki Blast"},
        {"id": "c", "label": "Pass"},
        {"id": "d", "label": "Attack with Plain Punch"},
    ]
    assert match_option(text, options) == (expected, "")


def test_match_option_ambiguous_prefix_lists_the_candidates() -> None:
    options = [
        {"id": "a", "label": "Attack with Plain Punch"},
        {"id": "b", "label": "Attack with Ki"},
    ]
    option_id, message = match_option("attack", options)
    assert option_id is None
    assert "1) Attack with Plain Punch" in message and "2) Attack with Ki" in message


# --- hotseat privacy ------------------------------------------------------------------------
def test_hotseat_never_shows_a_hand_to_the_other_seat() -> None:
    game = new_game(seed=11)
    pool_names = TEST_POOL.names()
    checked: list[str] = []
    out = Output()
    match: Match

    def write(text: str) -> None:
        out.write(text)
        seat = match.at_keyboard
        if seat is None or game.over:
            return  # the pass screen before the first seat; the last screen has no hands
        other = 1 - seat
        hidden = set(player_view(game, other)["players"][other]["hand"])
        hidden -= _names_in(_public_text(match), pool_names)
        hidden -= set(player_view(game, seat)["players"][seat]["hand"])
        hidden -= _names_in(_private_text(match, seat), pool_names)
        leaked = [name for name in hidden if name in text]
        assert not leaked, f"Player {other + 1}'s hand shown to Player {seat + 1}: {leaked}"
        checked.extend(hidden)

    console = Console(read=scripted(lambda: "1"), write=write, clear=lambda: out.write("<clear>"))
    match = Match(game, console, ai=None)
    assert match.play() == 0
    assert game.over
    assert checked, "the test never had a hidden card to look for"
    assert "Pass the keyboard to Player 1" in out.text
    assert "Pass the keyboard to Player 2" in out.text


def _public_text(match: Match) -> str:
    assert isinstance(match.game, Game)
    view = player_view(match.game, SPECTATOR)
    events = " ".join(e.text for e in match.log if e.private_to is None)
    return f"{view} {events}"


def _private_text(match: Match, seat: int) -> str:
    return " ".join(e.text for e in match.log if e.private_to == seat)


def _names_in(text: str, names: list[str]) -> set[str]:
    return {name for name in names if name in text}


# --- the command line -----------------------------------------------------------------------
def parse(module: object, argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="scouter")
    module.register(parser.add_subparsers(dest="command", required=True))  # type: ignore[attr-defined]
    return parser.parse_args(argv)


def test_play_command_reports_unknown_deck(capsys: pytest.CaptureFixture[str]) -> None:
    args = parse(play_command, ["play", "--deck", "no-such-deck"])
    assert args.handler(args) == 2
    assert "no starter deck or file named 'no-such-deck'" in capsys.readouterr().err


def test_play_command_reports_unknown_ruleset(capsys: pytest.CaptureFixture[str]) -> None:
    args = parse(play_command, ["play", "--ruleset", "nope"])
    assert args.handler(args) == 2
    assert "unknown ruleset 'nope'" in capsys.readouterr().err


def test_run_without_token_plays_the_demo(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    monkeypatch.chdir(tmp_path)  # no .env here
    out = Output()
    settings = load_settings()
    code = run_command.run_demo(settings, seed=5, write=out.write, pool=TEST_POOL, decks=DECKS)
    assert code == 0
    assert "No DISCORD_TOKEN is set" in out.text
    assert "developers/applications" in out.text
    assert "Meanwhile, here is the referee at work:" in out.text
    assert "-- Turn 1:" in out.text
    assert "Result: Player" in out.text


def test_demo_replay_hint_is_the_readme_command() -> None:
    """The hint must work from the README's setup, where ./run is the command (scouter is
    only in .venv/bin, not on the PATH)."""
    out = Output()
    run_command.run_demo(
        Settings(), seed=5, quiet=True, write=out.write, pool=TEST_POOL, decks=DECKS
    )
    assert out.text.rstrip().endswith("Replay it with: ./run --demo-seed 5")
    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    assert "./run --demo-seed" in readme


def test_settings_read_dotenv_and_never_show_the_token(tmp_path: Path) -> None:
    dotenv = tmp_path / ".env"
    dotenv.write_text('# settings\nexport DISCORD_TOKEN="secret-token"\nLOG_LEVEL=debug\n',
                      encoding="utf-8")
    settings = load_settings(environ={}, dotenv=dotenv)
    assert settings.discord_token is not None
    assert settings.discord_token.get_secret_value() == "secret-token"
    assert settings.log_level == "DEBUG"
    assert "secret-token" not in repr(settings)
    env_wins = load_settings(environ={"DISCORD_TOKEN": "other"}, dotenv=dotenv)
    assert env_wins.discord_token is not None
    assert env_wins.discord_token.get_secret_value() == "other"


def test_settings_errors_name_the_key(tmp_path: Path) -> None:
    with pytest.raises(SettingsError, match="DECISION_TIMEOUT_MINUTES"):
        load_settings(environ={"DECISION_TIMEOUT_MINUTES": "soon"}, dotenv=tmp_path / "none")
    with pytest.raises(SettingsError, match="DEV_GUILD_ID"):
        load_settings(environ={"DEV_GUILD_ID": "my server"}, dotenv=tmp_path / "none")


def test_run_quiet_prints_only_the_summary() -> None:
    out = Output()
    code = run_command.run_demo(
        Settings(), seed=5, quiet=True, write=out.write, pool=TEST_POOL, decks=DECKS
    )
    assert code == 0
    assert len(out.chunks) == 1 and out.chunks[0].startswith("Result: ")


@pytest.mark.skipif(not play_command.starter_deck_paths(), reason="no starter decks yet")
def test_run_command_with_the_real_starter_decks(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    monkeypatch.chdir(tmp_path)
    args = parse(run_command, ["run", "--demo-seed", "1"])
    assert args.handler(args) == 0
    assert "Result: " in capsys.readouterr().out


def test_card_command_reads_any_card() -> None:
    """A player can read a card mid-game; unknown names get suggestions."""
    from bot.cli_commands.play import card_text
    from tests.pool import TEST_POOL

    assert "Stops a physical attack." in card_text(TEST_POOL, "arm blo")
    assert "Power stages: 0, 1,000" in card_text(TEST_POOL, "Goku Lv1")
    assert "could be" in card_text(TEST_POOL, "Goku")
    assert "Did you mean" in card_text(TEST_POOL, "Ki Blst")


# --- the Score family: `scouter play --ruleset score|ocg` ------------------------------------
SCORE_POOL = score_decks.score_pool()
SCORE_FAMILY = ScoreFamily(SCORE_POOL)
SCORE_NAMES = ["frieza-red-tyranny", "goku-freestyle-drifter"]


def _score_decks(ruleset: str, names: list[str] = SCORE_NAMES) -> list[ScoreDeck]:
    return score_decks.load_score_decks(names, ruleset, SCORE_POOL)


@pytest.mark.parametrize("ruleset", ["score", "ocg"])
def test_a_score_game_against_the_ai_finishes(ruleset: str) -> None:
    out = Output()
    console = Console(read=scripted(lambda: "2"), write=out.write, clear=lambda: None)
    code = play_score_game(SCORE_FAMILY, _score_decks(ruleset), SCORE_NAMES, ruleset=ruleset,
                           seed=4, console=console)  # fmt: skip
    assert code == 0
    names = "frieza-red-tyranny (Player 1) vs goku-freestyle-drifter (Player 2)"
    assert f"{names}, {ruleset}" in out.text
    assert "== Player 1 (you): Frieza - Cold Overlord" in out.text
    victory = r"(Survival|Dragon Ball|Most Powerful Personality) Victory"
    assert re.search(rf"Game over after \d+ turn\(s\): Player [12]( \(you\))? wins by {victory}\.",
                     out.text)  # fmt: skip


def test_a_score_game_reads_labels_cards_and_bad_input() -> None:
    out = Output()
    game = SCORE_FAMILY.new_game(_score_decks("score"), 4, "score")
    answers = iter(["card saibaimen", "card zzz", "board", "99", "help"])

    def first_label() -> str:  # lower case and cut short: both must be understood
        label: str = SCORE_FAMILY.view(game, 0)["decision"]["options"][0][1]
        return label.lower()[: max(4, len(label) - 2)]

    console = Console(read=scripted(lambda: next(answers, None) or first_label()),
                      write=out.write, clear=lambda: None)  # fmt: skip
    match = Match(game, console, GreedyAI(1), table=ScoreTable(SCORE_FAMILY, game))
    assert match.play() == 0
    assert "Saibaimen - Garden Sprout - Freestyle Personality" in out.text
    assert "Power stages: " in out.text
    assert "No card named 'zzz'." in out.text
    assert "There is no option 99" in out.text and "concede  give up" in out.text
    assert "Game over after" in out.text


def test_a_score_hotseat_never_shows_a_hand_to_the_other_seat() -> None:
    game = SCORE_FAMILY.new_game(_score_decks("ocg"), 6, "ocg")
    names = SCORE_POOL.names()
    out = Output()
    checked: list[str] = []
    match: Match

    def hand(seat: int) -> set[str]:
        return {game.name(iid) for iid in game.state.players[seat].hand}

    def write(text: str) -> None:
        out.write(text)
        seat = match.at_keyboard
        if seat is None or game.over:
            return
        public = str(SCORE_FAMILY.view(game, None)) + " ".join(
            e.text for e in match.log if e.private_to in (None, seat))
        hidden = hand(1 - seat) - hand(seat) - {n for n in names if n in public}
        if game.pending is not None and game.pending.player == seat:
            hidden -= {n for n in names if n in game.pending.prompt}  # the OCG's top 6
        leaked = [name for name in hidden if name in text]
        assert not leaked, f"Player {2 - seat}'s hand shown to Player {seat + 1}: {leaked}"
        checked.extend(hidden)

    console = Console(read=scripted(lambda: "2"), write=write, clear=lambda: out.write("<clear>"))
    match = Match(game, console, ai=None, table=ScoreTable(SCORE_FAMILY, game))
    assert match.play() == 0 and game.over
    assert checked, "the test never had a hidden card to look for"
    assert "Pass the keyboard to Player 1" in out.text
    assert "Pass the keyboard to Player 2" in out.text


def test_a_score_match_needs_its_table() -> None:
    game = SCORE_FAMILY.new_game(_score_decks("score"), 1, "score")
    with pytest.raises(TypeError, match="needs its Table"):
        Match(game, Console(), None)


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--ruleset", "score", "--deck", "majin-buu-black-feast"],
         "the starter deck 'majin-buu-black-feast' is for ocg only, not score"),
        (["--ruleset", "ocg", "--opponent-deck", "vegeta-red"],
         "deck 'vegeta-red': a Panini starter deck"),
        (["--deck", "piccolo-namekian-guard"],
         "'piccolo-namekian-guard' is a Score deck, not a panini-2016 one"),
        (["--ruleset", "nope"], "the Score family's: score, ocg; Prime Time's: prime-time"),
    ],
)  # fmt: skip
def test_play_refuses_decks_of_the_wrong_family_or_ruleset(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    args = parse(play_command, ["play", *argv])
    assert args.handler(args) == 2
    captured = capsys.readouterr()
    assert message in captured.err and captured.out == ""


def test_play_score_from_the_command_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    answers = iter(["1"] * 5)

    def read(prompt: str) -> str:
        try:
            return next(answers)
        except StopIteration:
            raise EOFError from None

    monkeypatch.setattr(play_command, "Console", lambda: Console(read=read, clear=lambda: None))
    args = parse(play_command, ["play", "--ruleset", "ocg", "--seed", "2", "--ai", "random",
                                "--deck", "majin-buu-black-feast"])  # fmt: skip
    assert args.handler(args) == 0
    out = capsys.readouterr().out
    assert "majin-buu-black-feast (Player 1) vs frieza-red-tyranny (Player 2), ocg, seed 2" in out
    assert "Input ended; leaving the game." in out


@pytest.mark.parametrize("ruleset", ["score", "ocg"])
def test_the_demo_plays_the_score_family_too(ruleset: str) -> None:
    """`./run --demo-ruleset score|ocg`: the same demo, refereed by the Score family."""
    out = Output()
    code = run_command.run_demo(Settings(), seed=4, write=out.write, ruleset=ruleset)
    assert code == 0
    assert f"Demo match ({ruleset}):" in out.text
    assert "-- Turn 1:" in out.text and "declares Combat" in out.text
    assert out.text.rstrip().endswith(f"./run --demo-seed 4 --demo-ruleset {ruleset}")
    assert "Result: Player" in out.text
