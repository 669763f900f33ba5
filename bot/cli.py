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
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        code: int = args.handler(args)
    except KeyboardInterrupt:
        print("\ninterrupted", file=sys.stderr)
        return 130
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
