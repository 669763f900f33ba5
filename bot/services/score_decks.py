"""Score CCG / DBZ OCG deck lists in the bot: which pasted lists are Score lists, their
legality per ruleset (engine.score.deckcheck, each problem with its page), how a deck is
written back, and the starter decks (data/decks/score/) the AI plays in practice."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from engine.families import FAMILIES
from engine.panini.deckcheck import Violation
from engine.score.cards import CardPool
from engine.score.deckcheck import ScoreDeck, check_deck
from engine.score.decklist import LineError, declared_rulesets, parse_score_deck
from engine.score.family import ScoreFamily
from engine.score.rulesets import RULESETS as SCORE_RULESETS

STARTER_DIR = Path(__file__).resolve().parents[2] / "data" / "decks" / "score"
# what only a Score list has: its declarations and Sensei Deck, or its ruleset header
_SCORE_MARK = re.compile(
    r"^\s*(?:tokui[- ]?waza\s*:|alignment\s*:|sensei\s+deck\s*:"
    r"|#\s*ruleset\s*:.*\b(?:score|ocg)\b)",
    re.IGNORECASE | re.MULTILINE)


def score_pool() -> CardPool:
    family = FAMILIES["score"]
    assert isinstance(family, ScoreFamily)
    return family.pool


_COUNTED = re.compile(r"^\d+\s*(?:x\s+)?", re.IGNORECASE)


def is_score_list(text: str, panini_cards: Callable[[str], object | None],
                  pool: CardPool | None = None) -> bool:
    """A deck list written for the Score family: it declares what only Score has, or more
    of its lines name a Score card (of `pool`, default the sandbox set) than a Panini one
    (`panini_cards` finds a Panini card by name), so a Score list with a typo is explained
    as a Score list."""
    if _SCORE_MARK.search(text):
        return True
    pool = pool or score_pool()
    names = [_COUNTED.sub("", line.split("#", 1)[0].strip()) for line in text.splitlines()]
    named = [name for name in names if name and not name.endswith(":")]
    score = sum(pool.find(name) is not None for name in named)
    return score > 0 and score > sum(panini_cards(name) is not None for name in named)


def compile_score(text: str, pool: CardPool | None = None) -> ScoreDeck | list[LineError]:
    """A Score list read with `pool` (a server's Score cards; default: the sandbox set)."""
    return parse_score_deck(text, pool or score_pool())


def score_problems(deck: ScoreDeck, pool: CardPool | None = None
                   ) -> dict[str, list[Violation]]:
    """Per Score ruleset, each rule the deck breaks, with its rulebook page."""
    return {
        name: [Violation(v.rule, v.source, v.message)
               for v in check_deck(deck, pool or score_pool(), ruleset)]
        for name, ruleset in SCORE_RULESETS.items()
    }


def score_card_names(deck: ScoreDeck) -> set[str]:
    """Every card name the deck lists."""
    return {*deck.main_personality, *deck.life, *deck.sensei_deck}


def score_deck_text(deck: ScoreDeck) -> str:
    """The deck as a list in the form /deck register reads."""
    lines = [f"Tokui-Waza: {deck.tokui_waza.value.title() if deck.tokui_waza else 'none'}"]
    if deck.alignment:
        lines.append(f"Alignment: {deck.alignment}")
    lines += ["", "Main Personality:", *deck.main_personality, "", "Life Deck:"]
    lines += [f"{count} {name}" for name, count in deck.life.items()]
    if deck.sensei_deck:
        lines += ["", "Sensei Deck:"]
        lines += [f"{count} {name}" for name, count in deck.sensei_deck.items()]
    return "\n".join(lines) + "\n"


def score_summary(deck: ScoreDeck) -> str:
    tokui = deck.tokui_waza.value.title() if deck.tokui_waza else "no Tokui-Waza"
    cards = len(deck.main_personality) + sum(deck.life.values())
    return f"{deck.main_personality[0]} · {tokui} · {cards} cards"


@dataclass(frozen=True)
class ScoreStarter:
    name: str
    deck: ScoreDeck
    rulesets: tuple[str, ...]  # its header's "# ruleset: score, ocg"


@cache
def score_starters() -> tuple[ScoreStarter, ...]:
    """The starter decks, each with the rulesets its header names (checked legal there
    by tests/bot/test_score_decks.py)."""
    starters = []
    for path in sorted(STARTER_DIR.glob("*.txt")):
        text = path.read_text(encoding="utf-8")
        deck = compile_score(text)
        if not isinstance(deck, ScoreDeck):
            raise ValueError(f"{path.name}: {'; '.join(map(str, deck))}")
        rulesets = tuple(declared_rulesets(text))
        name = path.stem.replace("-", " ").title()
        starters.append(ScoreStarter(name, deck, rulesets))
    return tuple(starters)
