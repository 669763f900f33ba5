"""The `scouter` command line. Each subcommand lives in bot/cli_commands/<name>.py and
exposes `register(subparsers)`; this module only assembles them."""

from __future__ import annotations

import argparse
import importlib
import os
import sys
import traceback
from collections.abc import Sequence

SUBCOMMANDS = ("run", "play", "simulate", "scenario", "deck", "cards", "db")
EXIT_BROKEN_PIPE = 141  # 128 + SIGPIPE: what a shell reports when a pipe's reader has left


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="scouter", description="Scouter: a referee for Dragon Ball Z card games."
    )
    subparsers = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name in SUBCOMMANDS:
        module = importlib.import_module(f"bot.cli_commands.{name}")
        module.register(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    try:
        try:
            return _dispatch(argv)
        finally:
            # Flushed here, not at exit, so a reader that went away is caught below.
            sys.stdout.flush()
    except BrokenPipeError:
        return _reader_gone()


def _reader_gone() -> int:
    """stdout's reader closed it (`scouter ... | head`): stop quietly, like a Unix tool."""
    # Python flushes stdout once more at exit; pointed at devnull, that flush cannot fail.
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    return EXIT_BROKEN_PIPE


def _dispatch(argv: Sequence[str] | None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        code: int = args.handler(args)
    except KeyboardInterrupt:
        print("\ninterrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        raise  # not a bug: main() ends quietly
    except Exception as exc:  # the last line of defence: users never see a traceback
        if os.environ.get("SCOUTER_DEBUG"):
            traceback.print_exc()
        print(
            f"scouter: unexpected error: {exc.__class__.__name__}: {exc}\n"
            "This is a bug in Scouter; run again with SCOUTER_DEBUG=1 for the details.",
            file=sys.stderr,
        )
        return 1
    return code


if __name__ == "__main__":
    sys.exit(main())
