"""A floating "+N" of "Your other attacks this combat deal +2 life cards of damage" (its
Modifier's `other`): not about the attack whose effect created it (docs/rulings.md 277).
That attack is known by its card and the number of attacks performed this turn when it
began (engine.history), so a later use of the same card is another attack."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from engine.game import Game


def key(game: Game) -> list[int] | None:
    """The attack in progress, as a floating entry records it; None outside an attack."""
    attack = game.state.attack
    if attack is None:
        return None
    performed = sum(1 for entry in game.state.history if entry["event"] == "attack")
    return [attack.source, performed]


def excluded(game: Game, entry: dict[str, Any]) -> bool:
    """`entry` is not about the attack in progress: the one that created it."""
    other_than = entry.get("other_than")
    return other_than is not None and other_than == key(game)
