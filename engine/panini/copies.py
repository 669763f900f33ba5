"""Performing a copy of an attack: "You may discard a card from your hand to perform a copy
of that attack for your next action." (a defense's effect; CopyAttack); using the printed
HIT effect of another card (UseHit; docs/rulings.md 311).

The 2016 rulebook does not speak of copies; the DBZ OCG 2016 rules ("Copying Cards") say the
copy "is an extra card that is created for this effect, which gains all of the text from
the card that you are copying. This extra card then disappears when it is finished instead
of going to your discard pile". So the copy is an attack performed by its copier with the
copied card's attack (engine.panini.combat.perform_copy, origin "copy"): the copied card stays
where it is, and nothing of the copy goes anywhere after use (docs/rulings.md 308).
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from engine.core.decisions import Option
from engine.panini import history
from engine.panini.cards import Card, CopyAttack
from engine.panini.cardtext.after_use import attack_only
from engine.panini.game import handler
from engine.panini.state import JsonDict

if TYPE_CHECKING:
    from engine.panini.game import Game


def apply_copy(game: Game, effect: CopyAttack, controller: int, _target: int, _a: bool) -> None:
    """ "perform a copy of that attack for your next action": `controller`'s next Action
    this combat is the copy of the attack a defense answers (docs/rulings.md 308)."""
    if effect.last_opponent:  # "perform the last attack your opponent used this combat"
        used = history.entries(game, 1 - controller, "attack", "combat")
        if game.state.attack is not None:  # one attack at a time (compiled only in Actions)
            game.emit("copy", "An attack is in progress: no other is performed now.")
            return
        if not used:
            game.emit("copy", "Your opponent has used no attack this combat.")
            return
        args = {"player": controller, "card": used[-1]["source"]}
        game.then(("perform_copy", {**args, "stages": effect.stages, "life": effect.life}))
        return
    attack = game.state.attack
    if attack is None or attack.attacker == controller:
        game.emit("copy", "There is no attack of the opponent's to copy.")
        return
    turn = game.state.turn  # one combat per turn (2016 TURN SEQUENCE): older ones are stale
    waiting = game.state.copies
    waiting[:] = [entry for entry in waiting if entry["turn"] == turn]
    waiting.append({"player": controller, "card": attack.source, "turn": turn})
    game.emit(
        "copy",
        f"{game.who(controller)} will perform a copy of {game.name(attack.source)} "
        "for their next Action.",
        card=game.name(attack.source),
    )


def take(game: Game, player: int) -> int | None:
    """The card whose attack `player` copies as this Action, if a copy waits for it: taken
    up whether or not it can be performed (it was for this Action only)."""
    waiting = game.state.copies
    for entry in waiting:
        if entry["player"] == player and entry["turn"] == game.state.turn:
            waiting.remove(entry)
            return int(entry["card"])
    return None


def performable(card: Card) -> bool:
    """A copy whose attack moves "this card" is left to players: the copy is not the card
    (the copied card must not move; docs/rulings.md 308)."""
    if card.attack is None:
        return False
    return "this_card" not in json.dumps(card.attack.model_dump(mode="json"))


def copied_by(game: Game, player: int, card: Card) -> bool:
    """Is the attack in progress `player`'s copy of `card`'s attack? (Modifier.copied)"""
    attack = game.state.attack
    return (
        attack is not None
        and attack.origin == "copy"
        and attack.attacker == player
        and game.card(attack.source) is card
    )


def use_hit(game: Game, controller: int, that: JsonDict | None) -> None:
    """ "use the printed HIT effect of that card": the card an earlier sentence chose or
    moved; its HIT effects resolve now as `controller`'s, outside any attack (2016 HOW
    CARDS WORK: "HIT effects"). A HIT the engine does not read whole, or one about "this
    card" or the attack it belongs to, is used by hand (docs/rulings.md 311)."""
    if that is None or "card" not in that:
        return
    iid = int(that["card"])
    card = game.card(iid)
    if not card.has_hit_effect:
        game.emit("use_hit", f"{card.name} has no printed HIT effect to use.", card=card.name)
        return
    game.emit("use_hit", f"{game.who(controller)} uses the HIT effect of {card.name}.",
              card=card.name)  # fmt: skip
    if _readable_hit(card):
        args = {"controller": controller, "card": iid, "path": "attack.hit", "index": 0}
        game.then(("effects", {**args, "attack": False}))  # as engine.panini.effects.resolve
        return
    game.then(("manual_hit", {"player": controller, "card": iid}))


def _readable_hit(card: Card) -> bool:
    if card.manual_text or card.attack is None or not card.attack.hit:
        return False
    hit: Any = [e.model_dump(mode="json", by_alias=True, exclude_defaults=True)
                for e in card.attack.hit]  # fmt: skip
    return not attack_only(hit) and "this_card" not in json.dumps(hit)


@handler("manual_hit")
def manual_hit(game: Game, args: JsonDict) -> None:
    """The HIT effect of another card, used by hand; the opponent confirms it."""
    player, iid = args["player"], args["card"]
    if args.get("choice") is None:
        game.ask(
            player,
            "manual",
            f"Resolve by hand the printed HIT effect of {game.name(iid)} "
            f"(«{game.card(iid).text}»), as your own, then confirm.",
            [Option("done", f"Done: the HIT effect of {game.name(iid)} is used")],
            "manual_hit",
            player=player,
            card=iid,
        )
        return
    game.then(("manual_confirm", {"player": 1 - player, "card": iid}))
