"""The Score family behind the engine's contract (engine.core.family, docs/games.md)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from engine.core.family import FamilyGame
from engine.score.cards import CardPool
from engine.score.game import ScoreGame
from engine.score.rulesets import RULESETS


class ScoreFamily:
    """Score DBZ CCG (`score`) and the DBZ OCG (`ocg`), over one card pool."""

    name = "score"

    def __init__(self, pool: CardPool) -> None:
        self.pool = pool

    @property
    def rulesets(self) -> Mapping[str, str]:
        return {name: ruleset.title for name, ruleset in RULESETS.items()}

    def new_game(self, decks: Sequence[Any], seed: int, ruleset: str) -> ScoreGame:
        return ScoreGame.new(decks, seed, ruleset, self.pool)

    def load_game(self, text: str) -> ScoreGame:
        return ScoreGame.from_json(text, self.pool)

    def view(self, game: FamilyGame, viewer: int | None) -> dict[str, Any]:
        """What `viewer` may see: every zone in play, piles' sizes, the top of each discard
        pile, and only the viewer's own hand (None: a spectator, no hand)."""
        own = self._own(game)
        state = own.state
        players = []
        for index, player in enumerate(state.players):
            seen: dict[str, Any] = {
                "main_personality": own.name(player.mp_card), "level": player.level,
                "levels": len(player.mp), "stage": player.stage, "anger": player.anger,
                "life_deck_count": len(player.life), "hand_count": len(player.hand),
                "discard_pile": [own.name(i) for i in player.discard],
                "removed": [own.name(i) for i in player.removed],
                "allies": [{"card": own.name(a.iid), "stage": a.stage} for a in player.allies],
                "drills": [own.name(i) for i in player.drills],
                "non_combat": [own.name(i) for i in player.non_combat],
                "dragon_balls": [own.name(i) for i in player.dragon_balls],
                "tokui_waza": player.tokui_waza,
            }  # fmt: skip
            if index == viewer:
                seen["hand"] = [own.name(i) for i in player.hand]
            players.append(seen)
        decision = state.pending
        return {
            "ruleset": state.ruleset, "turn": state.turn, "active": state.active,
            "step": state.step, "winner": state.winner, "win_reason": state.win_reason,
            "win_level": state.win_level, "players": players,
            "decision": None if decision is None or decision.player != viewer else {
                "seq": decision.seq, "prompt": decision.prompt,
                "options": [[o.id, o.label] for o in decision.options]},
        }  # fmt: skip

    def violations(self, game: FamilyGame) -> list[str]:
        """Every card in one zone, values in bounds, one decision or a winner, and a JSON
        round trip that changes nothing."""
        own = self._own(game)
        state = own.state
        problems = []
        places: Counter[int] = Counter()
        for player in state.players:
            for zone in (player.mp, player.life, player.hand, player.discard, player.removed,
                         player.non_combat, player.drills, player.dragon_balls,
                         player.sensei_deck, player.resolving,
                         [a.iid for a in player.allies]):  # fmt: skip
                places.update(zone)
            places.update(i for i in (player.mastery, player.sensei) if i is not None)
            if not 0 <= player.stage <= own.top_stage(player):
                problems.append(f"a Scouter at {player.stage}")
            if not 0 <= player.anger < own.rules.anger_to_level:
                problems.append(f"a Warrior Sword at {player.anger}")
        if state.battleground is not None:
            places[state.battleground] += 1
        lost = [i for i in range(len(state.cards)) if places[i] != 1]
        if lost:
            problems.append(f"cards in no zone or in two: {lost[:5]}")
        if (state.pending is None) == (state.winner is None):
            problems.append("neither one decision nor a winner")
        if ScoreGame.from_json(own.to_json(), self.pool).to_json() != own.to_json():
            problems.append("the JSON state does not round-trip")
        return problems

    @staticmethod
    def _own(game: FamilyGame) -> ScoreGame:
        if not isinstance(game, ScoreGame):
            raise TypeError(f"not a Score game: {type(game).__name__}")
        return game
