"""Per-player views: what one seat (or a spectator) may see. A view never contains the
other player's hand or the order of any Life Deck; everything shown to people, boards and
images included, is built from a view, never from the raw state."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any, NamedTuple

from engine.panini.cards import Damage
from engine.panini.combat import damage_parts
from engine.panini.game import MAIN_PERSONALITY, Game
from engine.panini.state import PlayerState

SPECTATOR = None

# Option ids that carry a card instance: "card:12", "attack:12:-1", "power:3:-1" ...
_CARD_OPTION = re.compile(
    r"^(?:card|event|setup|power|hand|attack|capture|ally|card_action):(\d+)"
)


def private_option_ids(game: Game) -> set[str]:
    """Options of the pending decision that name a card in a hidden zone (a hand, a Life
    Deck, cards held face down): only the decider may see them (rulings.md, entry 20)."""
    pending = game.pending
    if pending is None:
        return set()
    hidden: set[int] = set()
    for player in game.state.players:
        hidden.update(player.hand)
        hidden.update(player.life)
        hidden.update(player.held_discards)
    private = set()
    for option in pending.options:
        match = _CARD_OPTION.match(option.id)
        if match and int(match[1]) in hidden:
            private.add(option.id)
    return private


def damage_text(damage: Damage | None) -> str:
    """An attack's printed damage in short: "AT +3 stages", "6 life cards", "AT"."""
    if damage is None:
        return ""
    if damage.also is not None:  # "3 stages + 3 life cards"
        first = damage.model_copy(update={"also": None})
        return f"{damage_text(first)} + {damage_text(damage.also)}"
    amount = damage.amount
    unit = "stage" if damage.kind in ("at", "stages") else "life card"
    units = unit if amount == 1 else f"{unit}s"
    if damage.at_times > 1:  # "AT +AT stages"
        plus = f" +{amount}" if amount else ""
        unit_words = "stages" if damage.kind == "at" else "life cards"
        return f"{' +'.join(['AT'] * damage.at_times)}{plus} {unit_words}"
    if damage.kind == "at":
        return f"AT +{amount} {units}" if amount else "AT"
    if damage.kind == "at_life":
        return f"AT +{amount} {units}" if amount else "AT life cards"
    return f"{amount} {units}"


class WinReason(NamedTuple):
    """How a game was won: the victory's name and, when it needs one, why."""

    name: str
    why: str = ""

    def __str__(self) -> str:
        return f"{self.name} ({self.why})" if self.why else self.name


# The words every board (text, embed, image) uses for view["win_reason"].
WIN_REASONS = {
    "survival": WinReason("Survival Victory", "the other Life Deck ran out"),
    "mppv": WinReason("Most Powerful Personality Victory"),
    "dragon_balls": WinReason("Dragon Ball Victory"),
    "concede": WinReason("the opponent's concession"),
    "forfeit": WinReason("forfeit", "the opponent ran out of time too often"),
    "judge": WinReason("a judge's award"),
}
# A Survival Victory whose loser still has cards: taking damage, they could only have
# discarded Dragon Balls (engine.panini.mechanics, "WHEN TAKING DAMAGE").
ONLY_DRAGON_BALLS = WinReason(
    "Survival Victory",
    "the other Life Deck holds only Dragon Balls, which cannot be discarded as damage")


def win_reason(reason: str, view: Mapping[str, Any]) -> WinReason:
    """How the game in `view` was won (`reason`: its win_reason), agreeing with the board
    beside it: a Survival Victory over a Life Deck that still holds cards says why."""
    winner = view.get("winner")
    loser_has_cards = winner is not None and view["players"][1 - winner]["life_deck_count"] > 0
    if reason == "survival" and loser_has_cards:
        return ONLY_DRAGON_BALLS
    return WIN_REASONS.get(reason) or WinReason(reason.replace("_", " "))


def _side(game: Game, index: int, viewer: int | None) -> dict[str, Any]:
    player: PlayerState = game.player(index)
    mp = game.card(player.mp_card)
    side: dict[str, Any] = {
        "seat": index,
        "main_personality": {
            "name": mp.name,
            "personality": mp.personality,
            "alignment": mp.alignment.value if mp.alignment else None,
            "level": player.level,
            "stage": player.stage,
            "power_level": game.power_level(index, MAIN_PERSONALITY),
            "power_stages": list(mp.power_stages),
            "pur": mp.pur  # what power-up will add
            + game.modifier_total(index, "pur")
            + game.modifier_total(index, "mp_pur"),
        },
        "anger": player.anger,
        "mastery": game.name(player.mastery),
        "life_deck_count": len(player.life),
        "hand_count": len(player.hand),
        "discard_pile": [game.name(iid) for iid in player.discard],  # public, in order
        "banished": [game.name(iid) for iid in player.banished],
        "allies": [
            {
                "name": game.name(ally.iid),
                "stage": ally.stage,
                "power_level": game.power_level(index, ally.iid),
                "pur": game.card(ally.iid).pur + game.modifier_total(index, "pur"),
            }
            for ally in player.allies
        ],
        "setups": [game.name(iid) for iid in player.setups],
        "drills": [game.name(iid) for iid in player.drills],
        "dragon_balls": [
            {"name": game.name(iid), "captured": game.owner(iid) != index}
            for iid in player.dragon_balls
        ],
        "attached": [  # public: cards attached to this player's personalities
            {
                "name": game.name(attached.iid),
                "to": game.name(
                    player.mp_card if attached.host == MAIN_PERSONALITY else attached.host
                ),
                "controller": game.owner(attached.iid),
            }
            for attached in player.attached
        ],
        "resolving": [game.name(iid) for iid in player.resolving]
        + [f"{game.name(s.iid)} (stays in play)" for s in player.staying],
        "held_discards_count": len(player.held_discards),
    }
    # "Your opponent plays with his hand revealed": everyone sees it (engine.panini.modifiers)
    if viewer == index or game.has_modifier(index, "hand_revealed"):
        side["hand"] = [game.name(iid) for iid in player.hand]
    return side


def player_view(game: Game, viewer: int | None) -> dict[str, Any]:
    """The game as `viewer` (0 or 1) may see it; `None` for spectators."""
    state = game.state
    pending = state.pending
    view: dict[str, Any] = {
        "ruleset": state.ruleset,
        "turn": state.turn,
        "active": state.active,
        "step": state.step,
        "winner": state.winner,
        "win_reason": state.win_reason,
        "seq": state.seq,
        "players": [_side(game, index, viewer) for index in (0, 1)],
        "attack": None,
        "decision": None,
        "floating": [  # public: "this turn" effects of cards no longer in play
            {
                "card": game.name(entry["card"]) if entry["card"] >= 0 else None,
                "controller": entry["controller"],
            }
            for entry in state.floating
        ],
    }
    if state.attack is not None:
        attack = state.attack
        ability = game.card(attack.source).attack
        view["attack"] = {
            "attacker": attack.attacker,
            "card": game.name(attack.source),
            "type": attack.type,
            "stopped": attack.stopped,
            "unstoppable": bool(ability and ability.unstoppable),
            "damage": damage_text(ability.damage if ability else None),  # the card's text
            "expected": None,  # what it would deal now, after the table and modifiers
        }
        if ability is not None and not attack.stopped:
            view["attack"]["expected"] = " + ".join(
                f"{amount} stage{'s' if amount != 1 else ''}" if unit == "stages"
                else f"{amount} life card{'s' if amount != 1 else ''}"
                for unit, amount in damage_parts(game)
            )
    if pending is not None:
        decision: dict[str, Any] = {
            "player": pending.player,
            "kind": pending.kind,
            "seq": pending.seq,
        }
        if viewer == pending.player:
            # Options can name hand cards: only the decider sees them.
            decision["prompt"] = pending.prompt
            decision["options"] = [{"id": o.id, "label": o.label} for o in pending.options]
        view["decision"] = decision
    return view
