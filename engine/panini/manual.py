"""Cards the engine cannot fully carry out (Card.automation "partial" or "manual", from
engine/cardtext): their compiled parts run as usual; the sentences in Card.manual_text are
shown to both players and resolved by the card's controller with logged corrections
(engine/panini/adjust.py, recorded like answers), who then confirms; the opponent accepts or
disputes (a dispute goes to the judges). DESIGN.md "Engine contract", last sentence."""

from __future__ import annotations

import re

from engine.core.decisions import Option
from engine.panini.cards import Card, CardType
from engine.panini.game import Game, handler
from engine.panini.state import JsonDict

# Corrections a player may make while resolving their own card by hand (a judge may make
# any correction at any time).
PALETTE = ("stage", "anger", "level", "move", "draw", "shuffle", "capture")
# Combat cards the compiler could not read as an attack or a defense are still played, as
# an Action whose whole text is resolved by hand.
HAND_PLAYABLE = (CardType.EVENT, CardType.PHYSICAL_COMBAT, CardType.ENERGY_COMBAT)
# Cards in play whose unread text is used as an Action: a Setup activated, or the Power of
# a Main Personality level, a Mastery or an Ally (once per turn, as any Power).
HAND_POWERS = (CardType.SETUP, CardType.MAIN_PERSONALITY, CardType.MASTERY, CardType.ALLY)


def needs_hand(card: Card) -> bool:
    return bool(card.manual_text)


# "POWER:", "[INSTANT] POWER:", "Power -" at the start of a sentence left to players
_POWER_TEXT = re.compile(r"\W*(?:\[?instant\]?\W*)?power\b", re.IGNORECASE)


def used_by_hand(card: Card) -> bool:
    """A card in play whose unread text is used as an Action (a Power): a Setup, an MP
    level, a Mastery or an Ally with text left to players; a Drill only when that text
    holds a printed Power (its other text is constant)."""
    if card.type == CardType.DRILL:
        return any(_POWER_TEXT.match(sentence) for sentence in card.manual_text)
    return card.type in HAND_POWERS and needs_hand(card)


def playable_by_hand(card: Card) -> bool:
    """A card with nothing compiled to play it by, but text to resolve by hand."""
    return (
        needs_hand(card)
        and card.type in HAND_PLAYABLE
        and card.action is None
        and card.attack is None
        # a printed "stop ... instead of as an attack" is a second use of the card
        and (card.defense is None or card.defense.instead_of_attack)
    )


def standing_cards(game: Game, player: int) -> list[str]:
    """Names of the cards in play `player` controls whose text the engine cannot read:
    their lasting text (a Drill's constant, an Ally's trigger) is applied by hand when it
    matters, citing the card (rulings.md entry 36)."""
    state = game.player(player)
    iids = [state.mp_card, state.mastery, *state.drills, *state.setups,
            *(ally.iid for ally in state.allies), *state.dragon_balls,
            *game.attached_cards(player)]
    return [game.name(iid) for iid in iids if needs_hand(game.card(iid))]


def schedule(game: Game, controller: int, iid: int) -> None:
    """Ask for the hand resolution of `iid` next (after its compiled sentences, which the
    caller schedules after this call), if it has any text left to resolve."""
    if needs_hand(game.card(iid)):
        game.then(("manual_resolve", {"player": controller, "card": iid}))


def _sentences(card: Card) -> str:
    return " ".join(f"«{sentence}»" for sentence in card.manual_text)


@handler("manual_resolve")
def manual_resolve(game: Game, args: JsonDict) -> None:
    player, iid = args["player"], args["card"]
    card = game.card(iid)
    if args.get("choice") is None:
        game.emit(
            "manual",
            f"{game.who(player)} resolves by hand what {card.name} says: {_sentences(card)}",
            card=card.name,
        )
        game.ask(
            player,
            "manual",
            f"Resolve by hand: {_sentences(card)} Make the changes it calls for (stages, anger, "
            "level, draw, move a card, shuffle), then confirm.",
            [Option("done", f"Done: {card.name} is resolved")],
            "manual_resolve",
            player=player,
            card=iid,
        )
        return
    game.then(("manual_confirm", {"player": 1 - player, "card": iid}))


@handler("manual_confirm")
def manual_confirm(game: Game, args: JsonDict) -> None:
    player, iid = args["player"], args["card"]
    name = game.name(iid)
    choice = args.get("choice")
    if choice is None:
        game.ask(
            player,
            "manual_confirm",
            f"{game.who(1 - player)} resolved {name} by hand. Accept, or dispute it (a judge "
            "will look)?",
            [Option("accept", "Accept"), Option("dispute", "Dispute")],
            "manual_confirm",
            player=player,
            card=iid,
        )
        return
    if choice == "accept":
        game.emit("manual_accepted", f"{game.who(player)} accepts how {name} was resolved.")
    else:
        game.emit("manual_disputed", f"{game.who(player)} disputes how {name} was resolved.")
