"""The Score family behind the engine's contract (engine.core.family, docs/games.md)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from engine.core.family import FamilyGame
from engine.score.cards import SANDBOX_DIR, CardPool, load_pool
from engine.score.game import ScoreGame
from engine.score.pat import PowerRating, Z, physical_attack_table
from engine.score.rulesets import RULESETS


class ScoreFamily:
    """Score DBZ CCG (`score`) and the DBZ OCG (`ocg`), over one card pool (default: the
    sandbox set, data/cards/score/, read when first needed)."""

    name = "score"

    def __init__(self, pool: CardPool | None = None) -> None:
        self._pool = pool

    @property
    def pool(self) -> CardPool:
        if self._pool is None:
            self._pool = load_pool(SANDBOX_DIR)
        return self._pool

    @property
    def rulesets(self) -> Mapping[str, str]:
        return {name: ruleset.title for name, ruleset in RULESETS.items()}

    def new_game(self, decks: Sequence[Any], seed: int, ruleset: str) -> ScoreGame:
        return ScoreGame.new(decks, seed, ruleset, self.pool)

    def load_game(self, text: str) -> ScoreGame:
        return ScoreGame.from_json(text, self.pool)

    def view(self, game: FamilyGame, viewer: int | None) -> dict[str, Any]:
        """What `viewer` may see: every zone in play, piles' sizes, the top of each discard
        pile, who decides what now, and only the viewer's own hand and decision (None: a
        spectator, no hand)."""
        own = self._own(game)
        state = own.state
        players = []
        for index, player in enumerate(state.players):
            rating = own.rating(player)
            seen: dict[str, Any] = {
                "seat": index, "main_personality": own.name(player.mp_card),
                "level": player.level, "levels": len(player.mp), "stage": player.stage,
                "top_stage": own.top_stage(player), "power_rating": rating,
                "pat_bracket": _bracket(rating), "alignment": player.alignment,
                "anger": player.anger, "anger_max": own.rules.anger_to_level,
                "life_deck_count": len(player.life), "hand_count": len(player.hand),
                "discard_pile": [own.name(i) for i in player.discard],
                "removed": [own.name(i) for i in player.removed],
                "allies": [{"card": own.name(a.iid), "stage": a.stage,
                            "in_control": a.iid == player.control} for a in player.allies],
                "drills": [own.name(i) for i in player.drills],
                "non_combat": [own.name(i) for i in player.non_combat],
                "dragon_balls": [own.name(i) for i in player.dragon_balls],
                "tokui_waza": player.tokui_waza,
                "mastery": None if player.mastery is None else own.name(player.mastery),
                "sensei": None if player.sensei is None else own.name(player.sensei),
                "sensei_deck_count": len(player.sensei_deck),
                # OCG Remain: uses left this Combat; floating effects (p. 48); spent shields
                "remaining": {own.name(i): left for i, left in player.remaining},
                "floating": [own.name(i) for i in dict.fromkeys(i for i, _ in player.floating)],
                "shields_used": [own.name(i) for i in player.shields_used],
            }  # fmt: skip
            if index == viewer:
                seen["hand"] = [own.name(i) for i in player.hand]
            players.append(seen)
        decision = state.pending
        return {
            "ruleset": state.ruleset, "turn": state.turn, "active": state.active,
            "step": state.step, "combat": state.combat, "winner": state.winner,
            "win_reason": state.win_reason, "win_level": state.win_level, "seq": state.seq,
            "battleground": None if state.battleground is None
            else own.name(state.battleground),
            "players": players,
            "attack": _attack_seen(own),
            # who decides what is public; the options are the decider's alone
            "waiting": None if decision is None else {
                "player": decision.player, "kind": decision.kind},
            "decision": None if decision is None or decision.player != viewer else {
                "seq": decision.seq, "prompt": decision.prompt,
                "options": [[o.id, o.label] for o in decision.options]},
        }  # fmt: skip

    def violations(self, game: FamilyGame, check_json: bool = True) -> list[str]:
        """Every card in one zone, values in bounds, one decision or a winner, and (unless
        `check_json` is False: it costs ~200 times the rest) a JSON round trip that changes
        nothing."""
        own = self._own(game)
        state = own.state
        problems = []
        places: Counter[int] = Counter()
        for player in state.players:
            for zone in (player.mp, player.life, player.hand, player.discard, player.removed,
                         player.non_combat, player.drills, player.dragon_balls,
                         player.sensei_deck, player.resolving,
                         [i for a in player.allies for i in a.cards()]):  # fmt: skip
                places.update(zone)
            places.update(i for i in (player.mastery, player.sensei) if i is not None)
            if player.fusion is not None:  # p. 53: set aside, under the Warrior Sword
                places.update(player.fusion.cards())
            if not 0 <= player.stage <= own.top_stage(player):
                problems.append(f"a Scouter at {player.stage}")
            if not 0 <= player.anger < own.rules.anger_to_level:
                problems.append(f"a Warrior Sword at {player.anger}")
            for ally in player.allies:
                if not 0 <= ally.stage <= len(own.card(ally.iid).power_stages):
                    problems.append(f"an Ally's Scouter at {ally.stage}")
            if player.control is not None and player.control not in {a.iid for a in player.allies}:
                problems.append("an Ally in control of Combat that is not in play")
            if any(iid not in player.non_combat for iid, _ in player.remaining):
                problems.append("a card that remains but is not on the table")
        if state.battleground is not None:
            places[state.battleground] += 1
        lost = [i for i in range(len(state.cards)) if places[i] != 1]
        if lost:
            problems.append(f"cards in no zone or in two: {lost[:5]}")
        if (state.pending is None) == (state.winner is None):
            problems.append("neither one decision nor a winner")
        if check_json and ScoreGame.from_json(own.to_json(), self.pool).to_json() != own.to_json():
            problems.append("the JSON state does not round-trip")
        return problems

    @staticmethod
    def _own(game: FamilyGame) -> ScoreGame:
        if not isinstance(game, ScoreGame):
            raise TypeError(f"not a Score game: {type(game).__name__}")
        return game


def _attack_seen(game: ScoreGame) -> dict[str, Any] | None:
    """The attack in the Battle Sequencer, as both players see it."""
    attack = game.state.attack
    if attack is None:
        return None
    card = attack["card"]
    traits = [t for t in ("focused", "unstoppable") if attack[t]]
    return {"player": attack["player"], "kind": " ".join([*traits, attack["kind"]]),
            "card": "a Final Physical Attack" if card is None else game.name(card)}


def _bracket(rating: PowerRating) -> str:
    """The Physical Attack Table bracket of a power rating (p. 34), or "Z" (p. 48)."""
    if not isinstance(rating, int):
        return Z
    return physical_attack_table().bracket(rating)
