"""DBZ: Prime Time in the terminal: `scouter play|simulate --game prime-time`, the demo
(`./run --demo-ruleset prime-time`) and `scouter deck check --game prime-time`, driven
with scripted input (tests/test_cli_play.py's helpers)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from bot import primetime_simulation
from bot.cli_commands import cards as cards_command
from bot.cli_commands import deck as deck_command
from bot.cli_commands import play as play_command
from bot.cli_commands import run as run_command
from bot.cli_commands import simulate as simulate_command
from bot.cli_commands.play import (
    Console,
    Match,
    PrimeTimeTable,
    play_pt_game,
    render_options,
)
from bot.primetime_simulation import RosterError, load_rosters, resolve_roster
from bot.primetime_textboard import render_pt_board
from bot.settings import Settings
from engine.primetime.ai import GreedyPlayer
from engine.primetime.family import PrimeTimeFamily
from engine.primetime.game import PrimeTimeGame
from engine.primetime.roster import sample_roster
from tests.bot.test_primetime_cardsets_e2e import WOLF_SET, YAMCHA, YAMCHA_ROSTER
from tests.test_cli_play import Output, from_list, parse, scripted

FAMILY = PrimeTimeFamily()
ROSTERS = [sample_roster("Cell Games"), sample_roster("Z-Fighters")]


def new_game(seed: int = 3) -> PrimeTimeGame:
    return FAMILY.new_game(ROSTERS, seed, "prime-time")


# --- play -----------------------------------------------------------------------------------
def test_choosing_option_1_every_time_finishes_a_game_against_the_ai() -> None:
    out = Output()
    console = Console(read=scripted(lambda: "1"), write=out.write, clear=lambda: None)
    code = play_pt_game(FAMILY, ROSTERS, ruleset="prime-time", seed=3, ai="random",
                        console=console)  # fmt: skip
    assert code == 0
    assert "Cell Games Sample (Player 1) vs Z-Fighters Sample (Player 2), prime-time" in out.text
    assert re.search(r"Game over after \d round\(s\): Player [12] wins \(", out.text)
    assert "Map (1 character = 2\"" in out.text and "Your hand:" in out.text


def test_a_typed_point_is_applied_or_refused_with_the_engines_reason() -> None:
    game = new_game()
    out = Output()
    typed: list[str] = []

    def answer() -> str:
        assert game.pending is not None
        if game.pending.kind == "deploy_at" and len(typed) < 3:
            # off the table, not a point, then a legal point off the 1" grid
            y = 1.5 if game.state.players[0].side == 0 else 28.5
            typed.append(["at 99,99", "at here", f"at 2.5,{y}"][len(typed)])
            return typed[-1]
        return "1"

    console = Console(read=scripted(answer), write=out.write, clear=lambda: None)
    Match(game, console, GreedyPlayer(1), table=PrimeTimeTable(FAMILY, game)).play()
    refusals = re.findall(r"Not accepted: (.+)", out.text)
    assert len(refusals) == 2
    assert "deployment zone" in refusals[0]
    assert "a point is 'at:x,y' in inches" in refusals[1]
    assert re.search(r"deploys Cell at \(2\.5\", (1|28)\.5\"\)", out.text)
    assert game.over


def test_hotseat_shows_each_hand_only_to_its_player() -> None:
    game = new_game(5)
    seat_at_keyboard: list[int] = []
    leaks: list[str] = []
    hands = [game.state.players[0].hand, game.state.players[1].hand]

    def write(text: str) -> None:
        passed = re.search(r"Pass the keyboard to Player (\d)", text)
        if passed:
            seat_at_keyboard.append(int(passed.group(1)) - 1)
            return
        other = 1 - seat_at_keyboard[-1] if seat_at_keyboard else None
        if other is not None and f"Player {other + 1} (you)" in text:
            leaks.append(text)
        if other is not None and "Your hand:" in text:
            shown = text.split("Your hand:")[1].splitlines()[0]
            if hands[other] and shown.strip() == ", ".join(
                    FAMILY.pool.cards[c].name for c in hands[other]):  # fmt: skip
                leaks.append(text)

    console = Console(read=scripted(lambda: "1"), write=write, clear=lambda: None)
    Match(game, console, None, table=PrimeTimeTable(FAMILY, game)).play()
    assert game.over and seat_at_keyboard and not leaks
    assert set(seat_at_keyboard) == {0, 1}


def test_help_and_card_commands_keep_working() -> None:
    game = new_game()
    out = Output()
    lines = iter(["help", "card Second Wind", "card zzz", "quit"])
    console = Console(read=lambda prompt: next(lines), write=out.write, clear=lambda: None)
    Match(game, console, GreedyPlayer(1), table=PrimeTimeTable(FAMILY, game)).play()
    assert "at X,Y" in out.text
    assert "Second Wind - generic card" in out.text
    assert "No card named 'zzz'." in out.text


def test_conceding_ends_the_game_for_the_other_player() -> None:
    game = new_game()
    out = Output()
    console = Console(read=from_list(["1", "concede", "yes"]), write=out.write,
                      clear=lambda: None)  # fmt: skip
    Match(game, console, GreedyPlayer(1), table=PrimeTimeTable(FAMILY, game)).play()
    assert game.over and game.state.winner == 1
    assert "Game over after 0 round(s): Player 2 wins (concession)" in out.text


def test_the_board_shows_models_objectives_and_the_map() -> None:
    game = new_game()
    while game.state.phase != "activation":
        decision = game.pending
        assert decision is not None
        game.apply(decision.player, GreedyPlayer(0).choose(game, decision), decision.seq)
    board = render_pt_board(PrimeTimeTable(FAMILY, game).view(None))
    assert board.startswith("Round 1 (prime-time), activation phase")
    assert re.search(r"A Cell \[\w+\] at \(\d+(\.\d+)?,\d+(\.\d+)?\), HP \d+/\d+, SK \d+, "
                     r"altitude 0, active", board)  # fmt: skip
    assert "Mission 1 (opening):" in board and "Glory by round" in board
    grid = [line for line in board.splitlines() if line.startswith("|")]
    assert len(grid) == 15 and any("A" in row for row in grid)
    assert "Your hand" not in board  # a spectator sees no hand


def test_play_from_the_command_line_with_named_rosters(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    read = from_list(["1"] * 3)
    monkeypatch.setattr(play_command, "Console", lambda: Console(read=read, clear=lambda: None))
    args = parse(play_command, ["play", "--game", "prime-time", "--seed", "2", "--roster",
                                "Babidi's Forces", "--opponent-roster", "cell-games"])  # fmt: skip
    assert args.handler(args) == 0
    out = capsys.readouterr().out
    assert "Babidi's Forces Sample (Player 1) vs Cell Games Sample (Player 2), prime-time" in out
    assert "Input ended; leaving the game." in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--game", "prime-time", "--deck", "goku-saiyan"],
         "prime-time chooses with --roster/--opponent-roster"),
        (["--roster", "z-fighters"], "panini-2016 chooses with --deck"),
    ],
)  # fmt: skip
def test_a_choice_of_another_family_is_refused(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    args = parse(play_command, ["play", *argv])
    assert args.handler(args) == 2
    assert message in capsys.readouterr().err


def test_a_long_list_of_points_is_shown_in_columns_with_every_number() -> None:
    options = [{"id": f"at:{n},1", "label": f'to ({n}", 1")'} for n in range(1, 101)]
    shown = render_options(options).splitlines()
    assert len(shown) == 25  # four columns
    assert all(f"{n}) " in "\n".join(shown) for n in range(1, 101))
    assert render_options(options[:3]).splitlines() == ['  1) to (1", 1")', '  2) to (2", 1")',
                                                        '  3) to (3", 1")']  # fmt: skip


def test_an_unknown_roster_lists_the_samples(capsys: pytest.CaptureFixture[str]) -> None:
    args = parse(play_command, ["play", "--ruleset", "prime-time", "--roster", "nope"])
    assert args.handler(args) == 2
    err = capsys.readouterr().err
    assert "no sample roster or file named 'nope'" in err
    assert "babidis-forces, cell-games, saiyans, z-fighters" in err


def test_an_illegal_roster_file_is_refused_with_each_problem(tmp_path: Path) -> None:
    path = tmp_path / "big.yaml"
    path.write_text(BAD_ROSTER, encoding="utf-8")
    with pytest.raises(RosterError) as caught:
        load_rosters([str(path), None], FAMILY.pool)
    message = str(caught.value)
    assert "the roster big.yaml is not legal" in message
    assert "Threat" in message and "over the cap of 20" in message
    assert "the deck has 2 cards: it has 20" in message


def test_sample_rosters_resolve_by_stem_name_or_affiliation() -> None:
    expected = primetime_simulation.ROSTERS_DIR / "z-fighters.yaml"
    for name in ("z-fighters", "Z-Fighters", "z-fighters sample"):
        assert resolve_roster(name) == expected


# --- simulate and the demo ------------------------------------------------------------------
def test_simulate_prime_time(capsys: pytest.CaptureFixture[str]) -> None:
    args = parse(simulate_command, ["simulate", "--game", "prime-time", "--games", "3",
                                    "--seed", "4", "--check-invariants"])  # fmt: skip
    assert args.handler(args) == 0
    out = capsys.readouterr().out
    assert "ruleset: prime-time; AIs: random (A) vs random (B); seeds 4.." in out
    wins = [int(n) for n in re.findall(r"wins deck [AB] \([\w-]+\): (\d+)", out)]
    draws = re.search(r"draws: (\d+)", out)
    assert sum(wins) + (int(draws.group(1)) if draws else 0) == 3
    assert "average rounds:" in out and "survival" not in out


def test_simulate_reports_a_prime_time_invariant_violation(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def fake(self: PrimeTimeFamily, game: object, check_json: bool = True) -> list[str]:
        return ["a model is in two places"]

    monkeypatch.setattr(PrimeTimeFamily, "violations", fake)
    args = parse(simulate_command, ["simulate", "--ruleset", "prime-time", "--games", "2",
                                    "--check-invariants"])  # fmt: skip
    assert args.handler(args) == 1
    out = capsys.readouterr().out
    assert "invariant violation in game seed 0 at decision 0:" in out
    assert "- a model is in two places" in out


def test_the_demo_plays_prime_time() -> None:
    out = Output()
    code = run_command.run_demo(Settings(), seed=5, write=out.write, ruleset="prime-time")
    assert code == 0
    assert "Demo match (prime-time): Cell Games Sample (Player 1) vs Z-Fighters Sample" in out.text
    assert out.text.count("Map (1 character") >= 4  # a board every round, and the last
    assert re.search(r"Result: Player [12] wins .* Roster: .+ Sample\. \d round\(s\)", out.text)
    assert out.text.rstrip().endswith("./run --demo-seed 5 --demo-ruleset prime-time")


BAD_ROSTER = """\
name: Too Big
affiliation: Z-Fighters
leader: goku
models: [goku, vegeta, cell, majin-buu, piccolo]
deck: [second-wind, afterimage]
"""


# --- deck check -----------------------------------------------------------------------------
def _deck_check(argv: list[str]) -> int:
    args = parse(deck_command, ["deck", "check", *argv])
    code: int = args.handler(args)
    return code


def test_deck_check_passes_a_sample_roster_with_its_discounts(
    capsys: pytest.CaptureFixture[str],
) -> None:
    path = primetime_simulation.ROSTERS_DIR / "cell-games.yaml"
    assert _deck_check(["--game", "prime-time", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("LEGAL: Cell Games Sample (Cell Games), 4 models, Threat 19 of 20")
    assert "- Cell: Threat 6 (printed 8, Cell Games discount), Leader" in out
    assert "Deck: 20 cards (10 generic, 6 character, 4 affiliation)" in out


def test_deck_check_lists_every_broken_rule(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "big.yaml"
    path.write_text(BAD_ROSTER, encoding="utf-8")
    assert _deck_check(["--ruleset", "prime-time", str(path)]) == 1
    out = capsys.readouterr().out
    assert out.startswith("NOT LEGAL: Too Big (Z-Fighters):")
    assert "over the cap of 20" in out and "- the deck has 2 cards: it has 20" in out


@pytest.mark.parametrize(
    ("text", "code", "message"),
    [
        ("name: X\nmodels: [goku]\ndeck: []\n", 1, "big.yaml: affiliation: Field required"),
        (None, 2, "no such file"),
    ],
)  # fmt: skip
def test_deck_check_refuses_files_that_are_no_roster(
    text: str | None, code: int, message: str, tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:  # fmt: skip
    path = tmp_path / "big.yaml"
    if text is not None:
        path.write_text(text, encoding="utf-8")
    assert _deck_check(["--game", "prime-time", str(path)]) == code
    captured = capsys.readouterr()
    assert message in captured.out + captured.err


# --- cards import --ruleset prime-time (docs/primetime-data.md, "Importing") ---------------
def test_imported_characters_and_cards_are_read_by_deck_check(
    tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    """Issue 16 ("Data"): a player imports their own profile and cards; `deck check` reads
    a roster using them with the sample; a clash or a malformed entry writes nothing."""
    out, roster = tmp_path / "primetime", tmp_path / "wolves.yaml"
    roster.write_text(YAMCHA_ROSTER, encoding="utf-8")
    check = ["--game", "prime-time", "--cards", str(out), str(roster)]
    assert _deck_check(check) == 1
    assert "unknown characters: yamcha" in capsys.readouterr().out
    source = tmp_path / "wolf-pack.yaml"
    source.write_bytes(WOLF_SET)

    def imported(path: Path) -> int:
        args = parse(cards_command, ["cards", "import", str(path), "--ruleset",
                                     "prime-time", "--out", str(out)])
        code: int = args.handler(args)
        return code

    assert imported(source) == 0
    said = capsys.readouterr().out
    assert "Prime Time set Wolf Pack: 1 character(s), 2 deck card(s)" in said, said
    assert [p.name for p in out.iterdir()] == ["wolf-pack.yaml"]
    assert _deck_check(check) == 0
    assert "- Yamcha: Threat 3" in capsys.readouterr().out
    # a second set reusing an id, and a malformed profile: refused, nothing written
    clash = tmp_path / "bandits.yaml"
    clash.write_text(yaml_text({"name": "Bandits", "characters": [YAMCHA]}))
    assert imported(clash) == 1
    assert "id 'yamcha' is already set 'wolf-pack''s" in capsys.readouterr().out
    broken = tmp_path / "broken.yaml"
    broken.write_text(yaml_text({"characters": [{**YAMCHA, "id": "x", "threat": -1}]}))
    assert imported(broken) == 1
    assert "entry x: threat: Input should be greater than or equal to 0" in (
        capsys.readouterr().out)
    assert [p.name for p in out.iterdir()] == ["wolf-pack.yaml"]


def yaml_text(data: object) -> str:
    return yaml.safe_dump(data)
