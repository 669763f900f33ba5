"""`scouter simulate`: the summary, determinism and exit codes."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from pathlib import Path

import pytest

from bot import score_decks, simulation
from bot.cli_commands import simulate
from engine.core.events import Outcome
from engine.panini.cards import load_pool
from engine.panini.game import Game
from engine.score.family import ScoreFamily


def _starters_load() -> bool:
    try:
        return len(simulation.load_starter_decks(load_pool())) >= 2
    except (ValueError, OSError):
        return False


needs_starters = pytest.mark.skipif(
    not _starters_load(), reason="the starter decks or the sandbox card set are not there yet"
)

TIMING = ("wall time:", "games per second:", "decisions per second:")
SUMMARY = (
    "games:",
    "wins deck A",
    "wins deck B",
    "average turns:",
    "average decisions:",
    "won by:",
)


def run_cli(argv: Sequence[str]) -> int:
    """bot.cli.main when every subcommand module imports; else this command alone."""
    try:
        from bot.cli import build_parser

        parser = build_parser()
    except ImportError:  # another subcommand module is still being written
        parser = argparse.ArgumentParser(prog="scouter")
        simulate.register(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(["simulate", *argv])
    code: int = args.handler(args)
    return code


def non_timing(text: str) -> list[str]:
    return [line for line in text.splitlines() if not line.startswith(TIMING)]


@needs_starters
def test_summary_has_the_documented_lines(capsys: pytest.CaptureFixture[str]) -> None:
    assert run_cli(["--games", "4", "--seed", "3"]) == 0
    lines = capsys.readouterr().out.splitlines()
    for prefix in SUMMARY + TIMING:
        assert any(line.startswith(prefix) for line in lines), prefix
    assert "games: 4" in lines
    # The timing lines come last, so everything above them is comparable across runs.
    assert [line.split(":")[0] + ":" for line in lines[-3:]] == list(TIMING)
    won_by = next(line for line in lines if line.startswith("won by:"))
    for reason in ("survival", "mppv", "dragon_balls"):
        assert reason in won_by


@needs_starters
def test_wins_add_up_and_name_the_decks(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["--games", "6", "--seed", "1", "--decks", "goku-saiyan,vegeta-red", "--ai", "greedy"]
    assert run_cli([*argv, "--ai-b", "random", "--ruleset", "panini-2014"]) == 0
    lines = capsys.readouterr().out.splitlines()
    wins_a = next(line for line in lines if line.startswith("wins deck A"))
    wins_b = next(line for line in lines if line.startswith("wins deck B"))
    assert "goku-saiyan" in wins_a and "vegeta-red" in wins_b
    total = int(wins_a.rsplit(":", 1)[1]) + int(wins_b.rsplit(":", 1)[1])
    draws = [int(line.split(":")[1]) for line in lines if line.startswith("draws:")]
    assert total + sum(draws) == 6


@needs_starters
def test_same_seed_same_summary(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["--games", "5", "--seed", "42", "--ai", "random", "--ai-b", "greedy"]
    assert run_cli(argv) == 0
    first = non_timing(capsys.readouterr().out)
    assert run_cli(argv) == 0
    assert non_timing(capsys.readouterr().out) == first


@needs_starters
def test_check_invariants_passes_on_clean_games(capsys: pytest.CaptureFixture[str]) -> None:
    assert run_cli(["--games", "2", "--seed", "5", "--check-invariants"]) == 0
    assert "games: 2" in capsys.readouterr().out


def test_unknown_deck_lists_the_known_ones(capsys: pytest.CaptureFixture[str]) -> None:
    assert run_cli(["--games", "1", "--decks", "no-such-deck,goku-saiyan"]) == 2
    err = capsys.readouterr().err
    assert "unknown deck 'no-such-deck'" in err
    for path in simulation.starter_deck_paths():
        assert path.stem in err


def test_decks_needs_two_names(capsys: pytest.CaptureFixture[str]) -> None:
    assert run_cli(["--decks", "goku-saiyan"]) == 2
    assert "two names" in capsys.readouterr().err


def test_unknown_ruleset_lists_the_known_ones(capsys: pytest.CaptureFixture[str]) -> None:
    assert run_cli(["--ruleset", "panini-1999"]) == 2
    err = capsys.readouterr().err
    assert "unknown ruleset 'panini-1999'" in err
    assert "panini-2014" in err and "panini-2016" in err


def test_games_must_be_positive(capsys: pytest.CaptureFixture[str]) -> None:
    assert run_cli(["--games", "0"]) == 2
    assert "--games" in capsys.readouterr().err


@needs_starters
def test_engine_error_is_a_message_not_a_traceback(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def broken_apply(self: Game, player: int, option_id: str, seq: int | None = None) -> Outcome:
        raise KeyError("boom")

    monkeypatch.setattr(Game, "apply", broken_apply)
    assert run_cli(["--games", "3", "--seed", "10"]) == 1
    out = capsys.readouterr().out
    assert "engine error in game seed 10 at decision 1: KeyError: 'boom'" in out
    assert "Traceback" not in out
    assert "scouter simulate --games 1 --seed 10" in out


@needs_starters
def test_invariant_violation_names_seed_and_decision(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def fake_violations(game: Game, check_json: bool = True) -> list[str]:
        return ["a made-up problem"] if game.state.seq >= 3 else []

    monkeypatch.setattr(simulation, "violations", fake_violations)
    assert run_cli(["--games", "2", "--seed", "8", "--check-invariants"]) == 1
    out = capsys.readouterr().out
    assert "invariant violation in game seed 8 at decision 3:" in out
    assert "- a made-up problem" in out


# --- the Score family: `--ruleset score|ocg` -------------------------------------------------
def test_score_games_are_summarised(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["--ruleset", "score", "--games", "4", "--seed", "2", "--ai", "greedy,random"]
    assert run_cli(argv) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "ruleset: score; AIs: greedy (A) vs random (B); seeds 2.."
    wins = [int(line.rsplit(":", 1)[1]) for line in lines if line.startswith("wins deck")]
    assert sum(wins) == 4
    assert "wins deck A (frieza-red-tyranny): " in "\n".join(lines)  # the first starters
    for prefix in SUMMARY + TIMING:
        assert any(line.startswith(prefix) for line in lines), prefix


def test_ocg_same_seed_same_summary(capsys: pytest.CaptureFixture[str]) -> None:
    decks = "majin-buu-black-feast,vegeta-rogue-wasteland"
    argv = ["--ruleset", "ocg", "--games", "3", "--seed", "9", "--decks", decks,
            "--ai", "random,greedy"]  # fmt: skip
    assert run_cli(argv) == 0
    first = non_timing(capsys.readouterr().out)
    assert "wins deck A (majin-buu-black-feast): " in "\n".join(first)
    assert run_cli(argv) == 0
    assert non_timing(capsys.readouterr().out) == first
    assert run_cli([*argv[:-1], "greedy,greedy"]) == 0  # another AI, another summary
    assert non_timing(capsys.readouterr().out) != first


def test_score_check_invariants_reports_a_violation(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run_cli(["--ruleset", "score", "--games", "1", "--check-invariants"]) == 0
    capsys.readouterr()

    def fake(self: ScoreFamily, game: object, check_json: bool = True) -> list[str]:
        return ["a made-up problem"]

    monkeypatch.setattr(ScoreFamily, "violations", fake)
    assert run_cli(["--ruleset", "score", "--games", "2", "--seed", "4", "--check-invariants"]) == 1
    out = capsys.readouterr().out
    assert "invariant violation in game seed 4 at decision 0:" in out
    assert "scouter simulate --games 1 --seed 4 --ruleset score --decks " in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--ruleset", "score", "--decks", "majin-buu-black-feast,goku-saiyan-surge"],
         "the starter deck 'majin-buu-black-feast' is for ocg only, not score"),
        (["--ruleset", "ocg", "--decks", "goku-saiyan,goku-saiyan-surge"],
         "deck 'goku-saiyan': a Panini starter deck"),
        (["--decks", "goku-saiyan,goku-saiyan-surge"],
         "'goku-saiyan-surge' is a Score deck, not a panini-2016 one: play it with --ruleset"),
        (["--ruleset", "panini-1999"], "the Score family's: score, ocg"),
        (["--ruleset", "score", "--decks", "nothing-like-it,goku-saiyan-surge"],
         "deck 'nothing-like-it': unknown. The score starter decks: frieza-red-tyranny"),
    ],
)  # fmt: skip
def test_decks_of_the_wrong_family_or_ruleset_are_refused(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run_cli(["--games", "1", *argv]) == 2
    captured = capsys.readouterr()
    assert message in captured.err and captured.out == ""


def test_a_score_deck_file_illegal_in_the_ruleset_lists_its_faults(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = next(p for p in score_decks.starter_paths() if p.stem == "majin-buu-black-feast")
    copy = tmp_path / "my-buu.txt"
    copy.write_text(source.read_text(encoding="utf-8"), encoding="utf-8")
    assert run_cli(["--ruleset", "score", "--decks", f"{copy},goku-saiyan-surge"]) == 2
    err = capsys.readouterr().err
    assert "my-buu is not legal under score:" in err and "- [" in err
    legal = ["--ruleset", "ocg", "--games", "1", "--decks", f"{copy},goku-saiyan-surge"]
    assert run_cli(legal) == 0


def test_ai_takes_one_or_two_kinds(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        run_cli(["--ai", "greedy,clever"])
    assert "one AI or two separated by a comma" in capsys.readouterr().err
