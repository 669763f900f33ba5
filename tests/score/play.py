"""Answering a Score game's decisions in tests: by the start of an option's label."""

from __future__ import annotations

from engine.score.game import ScoreGame


def answer(game: ScoreGame, label_start: str) -> None:
    """Answer the pending decision with the first option whose label starts so."""
    decision = game.pending
    assert decision is not None
    option = next((o for o in decision.options if o.label.startswith(label_start)), None)
    assert option is not None, (label_start, [o.label for o in decision.options])
    assert game.apply(decision.player, option.id, decision.seq).ok
