"""What a Swiss event is made of, as plain values: its players and its results."""

from __future__ import annotations

from dataclasses import dataclass

WIN, DRAW, LOSS = 3, 1, 0  # match points


@dataclass(frozen=True)
class Pairing:
    """One table of a round: `second` None is a bye. `winner` is 0 or 1 (the seat), None a
    draw; `done` False while the match is played."""

    round: int
    first: int
    second: int | None
    done: bool = False
    winner: int | None = None

    @property
    def bye(self) -> bool:
        return self.second is None

    def players(self) -> tuple[int, ...]:
        return (self.first,) if self.second is None else (self.first, self.second)

    def points_of(self, player: int) -> int:
        """Match points `player` earned here (a bye is a win)."""
        if self.bye:
            return WIN
        if not self.done:
            return 0
        if self.winner is None:
            return DRAW
        return WIN if self.players()[self.winner] == player else LOSS

    def opponent_of(self, player: int) -> int | None:
        if self.second is None:
            return None
        return self.second if player == self.first else self.first


def opponents(pairings: list[Pairing]) -> dict[int, set[int]]:
    """Who has met whom (byes excluded)."""
    met: dict[int, set[int]] = {}
    for pairing in pairings:
        if pairing.second is not None:
            met.setdefault(pairing.first, set()).add(pairing.second)
            met.setdefault(pairing.second, set()).add(pairing.first)
    return met


def had_bye(pairings: list[Pairing]) -> set[int]:
    return {p.first for p in pairings if p.bye}
