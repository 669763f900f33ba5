"""Swiss standings: match points, then opponents' match-win % (each opponent at least 33%),
game-win %, opponents' game-win %, then the event's seeded order. A match is one game
(best of one), so a player's game-win % is their match-win % (docs/events.md)."""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction

from bot.events.records import DRAW, WIN, Pairing

FLOOR = Fraction(1, 3)  # the usual 33% floor of an opponent's percentage


@dataclass(frozen=True)
class Standing:
    player: int
    points: int
    wins: int
    losses: int
    draws: int
    omw: Fraction  # opponents' match-win %
    gw: Fraction  # game-win %
    ogw: Fraction  # opponents' game-win %

    @property
    def record(self) -> str:
        return f"{self.wins}-{self.losses}" + (f"-{self.draws}" if self.draws else "")


def seeded_order(players: list[int], seed: int) -> dict[int, int]:
    """Each player's place in the event's own random order (the last tiebreak, and round
    one's pairing order): the same seed and players give the same order."""
    shuffled = sorted(players)
    random.Random(seed).shuffle(shuffled)
    return {player: place for place, player in enumerate(shuffled)}


def _percent(points: int, played: int) -> Fraction:
    return Fraction(points, WIN * played) if played else Fraction(0)


def standings(players: list[int], pairings: list[Pairing], seed: int) -> list[Standing]:
    """Every player (dropped ones too: their results still count for their opponents),
    best first. Only finished matches and byes count."""
    counted = [p for p in pairings if p.done or p.bye]
    points = {player: 0 for player in players}
    record = {player: [0, 0, 0] for player in players}  # wins, losses, draws
    played = {player: 0 for player in players}
    games = {player: 0 for player in players}  # game points: a match is one game
    met: dict[int, list[int]] = {player: [] for player in players}
    for pairing in counted:
        for player in pairing.players():
            earned = pairing.points_of(player)
            points[player] += earned
            played[player] += 1
            games[player] += earned
            record[player][0 if earned == WIN else 2 if earned == DRAW else 1] += 1
            opponent = pairing.opponent_of(player)
            if opponent is not None:
                met[player].append(opponent)
    mw = {p: _percent(points[p], played[p]) for p in players}
    gw = {p: _percent(games[p], played[p]) for p in players}

    def average(values: dict[int, Fraction], player: int) -> Fraction:
        them = met[player]
        if not them:
            return Fraction(0)
        return sum((max(FLOOR, values[o]) for o in them), Fraction(0)) / len(them)

    rows = [Standing(p, points[p], record[p][0], record[p][1], record[p][2], average(mw, p),
                     gw[p], average(gw, p)) for p in players]
    order = seeded_order(players, seed)
    rows.sort(key=lambda s: (-s.points, -s.omw, -s.gw, -s.ogw, order[s.player]))
    return rows


def percent(value: Fraction) -> str:
    return f"{float(value) * 100:.1f}%"
