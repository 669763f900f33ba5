"""Panini games replayed from their record (engine.core.record): the state at any point is
the replay of a prefix, with judges' corrections (@adjust) replayed like answers."""

from __future__ import annotations

from engine.core.events import Event, Outcome
from engine.core.record import GIVE_UP, Answer, GameRecord
from engine.panini.adjust import ADJUST, adjust, decode
from engine.panini.cards import CardPool
from engine.panini.decklist import Deck
from engine.panini.game import Game

PaniniRecord = GameRecord[Deck]


def record_to_json(record: PaniniRecord) -> str:
    return record.to_json(Deck.to_data)


def record_from_json(text: str) -> PaniniRecord:
    return GameRecord.from_json(text, Deck.from_data)


class ReplayError(ValueError):
    """A recorded decision the engine rejects: the record does not fit this engine."""


def replay(record: PaniniRecord, pool: CardPool | None = None, upto: int | None = None) -> Game:
    """The game after the first `upto` decisions (all of them by default)."""
    game = Game.new(record.decks, record.seed, record.ruleset, pool)
    answers = record.decisions if upto is None else record.decisions[:upto]
    for number, answer in enumerate(answers, start=1):
        outcome = apply_answer(game, answer)
        if not outcome.ok:
            raise ReplayError(f"decision {number} ({answer.option!r}): {outcome.reason}")
    return game


def replay_events(record: PaniniRecord, pool: CardPool | None = None) -> list[Event]:
    """Every event of the game so far, in order (public and private alike: callers
    filter by who may see them)."""
    game = Game.new(record.decks, record.seed, record.ruleset, pool)
    events = list(game.events)
    for answer in record.decisions:
        events.extend(apply_answer(game, answer).events)
    return events


def apply_answer(game: Game, answer: Answer, seq: int | None = None) -> Outcome:
    """Apply one recorded answer: an option of the pending decision, giving up, or a
    judge's correction."""
    if answer.option in GIVE_UP:
        return game.concede(answer.player, GIVE_UP[answer.option])
    if answer.option.startswith(ADJUST):
        try:
            change = decode(answer.option)
        except ValueError as exc:  # JSONDecodeError and AdjustmentError
            return Outcome(False, f"unreadable correction: {exc}")
        return adjust(game, answer.player, change)
    return game.apply(answer.player, answer.option, seq)


def describe_answers(record: PaniniRecord, pool: CardPool | None = None) -> list[str]:
    """Each recorded answer in words: "Player 1: Attack with X", "Player 2 concedes",
    "Judge's correction: ..." (what a judge reads in a match's decision log)."""
    game = Game.new(record.decks, record.seed, record.ruleset, pool)
    lines = []
    for answer in record.decisions:
        pending = game.pending
        option = pending.option(answer.option) if pending is not None else None
        outcome = apply_answer(game, answer)
        if option is not None:
            lines.append(f"{game.who(answer.player)}: {option.label}")
        else:
            lines.append(" ".join(e.text for e in outcome.events[:1]) or answer.option)
    return lines


class RecordedGame:
    """A game that keeps its own record: every accepted answer is appended."""

    def __init__(self, record: PaniniRecord, pool: CardPool | None = None) -> None:
        self.record = record
        self.pool = pool
        self.game = replay(record, pool)

    @classmethod
    def start(
        cls, decks: tuple[Deck, Deck], seed: int, ruleset: str, pool: CardPool | None = None
    ) -> RecordedGame:
        return cls(GameRecord(ruleset, seed, decks), pool)

    def apply(self, player: int, option: str, seq: int | None = None) -> Outcome:
        outcome = apply_answer(self.game, Answer(player, option), seq)
        if outcome.ok:
            self.record.decisions.append(Answer(player, option))
        return outcome

    def rollback(self, to: int) -> None:
        """Continue from the state after decision `to` (0: the start of the game)."""
        if not 0 <= to <= len(self.record.decisions):
            raise ValueError(f"no decision {to}: the game has {len(self.record.decisions)}")
        del self.record.decisions[to:]
        self.game = replay(self.record, self.pool)
