"""How a registered deck is described to its owner."""

from __future__ import annotations

from collections import Counter

from bot.services.decks import DeckVersion, legality_lines
from bot.services.primetime_rosters import roster_summary, roster_text
from bot.services.score_decks import score_deck_text, score_summary
from engine.primetime.roster import Roster
from engine.score.deckcheck import ScoreDeck

MESSAGE_LIMIT = 2000


def deck_summary(deck: DeckVersion) -> str:
    if isinstance(deck.deck, Roster):
        return roster_summary(deck.deck, deck.threat)
    if isinstance(deck.deck, ScoreDeck):
        return score_summary(deck.deck)
    return (f"{deck.deck.main_personality[0]} · {deck.deck.mastery} · "
            f"{len(deck.deck.life_deck)} cards")


def legality(deck: DeckVersion, reasons: int = 6) -> str:
    return "\n".join(legality_lines(deck.problems, reasons=reasons))


def registered_text(deck: DeckVersion) -> str:
    text = (f"Saved **{deck.name}** (version {deck.version}): {deck_summary(deck)}.\n"
            + legality(deck))
    return clip(text)


def deck_listing(decks: list[DeckVersion]) -> str:
    if not decks:
        return "You have no decks yet. Register one with `/deck register`."
    lines = []
    for deck in decks:
        legal = ", ".join(deck.legal_rulesets) or "not legal yet"
        lines.append(f"**{deck.name}** (v{deck.version}) · {deck_summary(deck)} · {legal}")
    return clip("\n".join(lines))


def deck_text(deck: DeckVersion) -> str:
    """The deck as a clean list, the same format /deck register reads."""
    if isinstance(deck.deck, Roster):
        return roster_text(deck.deck)
    if isinstance(deck.deck, ScoreDeck):
        return score_deck_text(deck.deck)
    counts = Counter((*deck.deck.main_personality, deck.deck.mastery, *deck.deck.life_deck))
    return "\n".join(f"{count}x {name}" for name, count in counts.items()) + "\n"


def clip(text: str, limit: int = MESSAGE_LIMIT) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def split_lines(text: str, limit: int = MESSAGE_LIMIT) -> list[str]:
    """The text as messages of at most `limit` characters, each ending at a line's end (a
    line longer than a message is clipped): a long list is never cut mid-entry."""
    messages: list[str] = []
    for line in text.splitlines():
        line = clip(line, limit)
        if messages and len(messages[-1]) + 1 + len(line) <= limit:
            messages[-1] += "\n" + line
        else:
            messages.append(line)
    return messages or [""]
