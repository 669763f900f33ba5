"""AI players. Both answer the same pending decision a person would, with one option id,
and read only what their player may know (their hand, the public table)."""

from __future__ import annotations

from typing import Protocol

from engine.core.ai import RandomPlayer as RandomPlayer  # the one every family shares
from engine.core.decisions import Decision
from engine.panini.cards import CardType
from engine.panini.game import Game


class Player(Protocol):
    name: str

    def choose(self, game: Game, decision: Decision) -> str: ...


class GreedyPlayer:
    """Plays sensibly: puts cards into play, attacks for the most damage, defends,
    uses Endurance, and picks useful Critical Damage effects."""

    name = "greedy"

    def choose(self, game: Game, decision: Decision) -> str:
        ids = [option.id for option in decision.options]
        pick = getattr(self, f"_{decision.kind}", None)  # a kind without one: first option
        if pick is not None:
            chosen: str | None = pick(game, decision, ids)
            if chosen is not None and chosen in ids:
                return chosen
        return ids[0]

    # Each method returns an option id, or None to fall back to the first option.
    def _planning(self, game: Game, d: Decision, ids: list[str]) -> str:
        return next((i for i in ids if i != "done"), "done")

    def _declare_combat(self, game: Game, d: Decision, ids: list[str]) -> str:
        me = game.player(d.player)
        attacks = sum(1 for iid in me.hand if game.card(iid).attack is not None)
        power = game.card(me.mp_card).attack is not None
        # "you must declare combat" offers no skip
        return "declare" if attacks or power or "skip" not in ids else "skip"

    def _combat_action(self, game: Game, d: Decision, ids: list[str]) -> str:
        best, best_score = "pass", 0.0
        for option_id in ids:
            score = self._action_score(game, d.player, option_id)
            if score > best_score:
                best, best_score = option_id, score
        return best

    def _action_score(self, game: Game, player: int, option_id: str) -> float:
        if option_id == "pass":
            return 0.0
        if option_id.startswith("card_action:"):  # a card's own Action (engine.panini.itself)
            return 0.2
        iid = int(option_id.split(":")[1])
        card = game.card(iid)
        if card.attack is not None:
            damage = card.attack.damage
            base = damage.amount + (2 if damage.kind in ("at", "at_life") else 0)
            # Life cards hurt more than stages; costs are a price.
            weight = 1.5 if damage.kind in ("life", "at_life") else 1.0
            return 1.0 + base * weight - 0.3 * card.attack.cost + 0.5 * len(card.attack.hit)
        return 0.5 + 0.2 * len(card.action.effects) if card.action is not None else 0.1

    def _defense(self, game: Game, d: Decision, ids: list[str]) -> str:
        stops = [i for i in ids if i != "none" and self._defense_card(game, i).stops]
        if stops:
            return stops[0]
        prevents = sorted(
            (i for i in ids if i != "none"),
            key=lambda i: -self._defense_card(game, i).prevented_amount,
        )
        return prevents[0] if prevents else "none"

    def _defense_card(self, game: Game, option_id: str):  # type: ignore[no-untyped-def]
        defense = game.card(int(option_id.split(":")[1])).defense
        assert defense is not None
        return defense

    def _endurance(self, game: Game, d: Decision, ids: list[str]) -> str:
        return "banish"

    def _redirect(self, game: Game, d: Decision, ids: list[str]) -> str:
        allies = game.player(d.player).allies
        if not allies:
            return "mp"
        strongest = max(allies, key=lambda ally: ally.stage)
        return f"ally:{strongest.iid}" if strongest.stage >= 2 else "mp"

    def _critical_damage(self, game: Game, d: Decision, ids: list[str]) -> str:
        for prefix in ("capture:", "ally:"):
            for option_id in ids:
                if option_id.startswith(prefix):
                    return option_id
        return "anger"

    def _discard(self, game: Game, d: Decision, ids: list[str]) -> str:
        if "done" in ids:
            return "done"

        # Keep defenses; throw away the least useful card first.
        def keep_value(option_id: str) -> int:
            card = game.card(int(option_id.split(":")[1]))
            if card.defense is not None:
                return 3
            if card.attack is not None:
                return 2
            return 1 if card.type in (CardType.EVENT, CardType.SETUP) else 0

        return min(ids, key=keep_value)

    def _rejuvenate(self, game: Game, d: Decision, ids: list[str]) -> str:
        return "rejuvenate"

    def _use_dragon_ball(self, game: Game, d: Decision, ids: list[str]) -> str:
        return "use"

    def _choose_personality(self, game: Game, d: Decision, ids: list[str]) -> str:
        return "mp"

    def _name_card(self, game: Game, d: Decision, ids: list[str]) -> str | None:
        """Name the card the opponent discarded most recently (they may hold more);
        None falls back to the first option."""
        wanted = set(ids)
        for iid in reversed(game.player(1 - d.player).discard):
            option_id = f"name:{game.name(iid)}"
            if option_id in wanted:
                return option_id
        return None


def make_player(kind: str, seed: int = 0) -> Player:
    if kind == "random":
        return RandomPlayer(seed)
    if kind == "greedy":
        return GreedyPlayer()
    raise ValueError(f"unknown AI {kind!r}; choose random or greedy")


def play_out(game: Game, players: tuple[Player, Player], max_decisions: int = 20_000) -> int:
    """Play until the game ends; returns the number of decisions made."""
    made = 0
    while not game.over:
        decision = game.pending
        assert decision is not None
        option = players[decision.player].choose(game, decision)
        outcome = game.apply(decision.player, option, decision.seq)
        if not outcome.ok:
            raise RuntimeError(f"AI chose an illegal option: {outcome.reason}")
        made += 1
        if made >= max_decisions:
            raise RuntimeError("game did not end")
    return made
