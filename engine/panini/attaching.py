"""Placing a card into play attached ("Search your Life Deck for a card that can attach to
your MP and place it into play attached."; docs/rulings.md 114). 2016 GLOSSARY "Attached
Cards": a card attaches to what its own text names ("attach to ____"). Placed, not
played: none of its other text is used (2016 "Playing" vs. "Placing into play"). Which
cards can attach is read from their printed text, so that a card whose other sentences
are left to players is still found (its "While attached" text is then theirs too)."""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from engine.core.decisions import Option
from engine.panini.cards import AttachTo, Card

if TYPE_CHECKING:
    from engine.panini.game import Game


@cache
def _printed(text: str) -> AttachTo | None:
    from engine.panini.cardtext.attached import printed_attach  # the text reader

    found = printed_attach(text)
    return None if found is None else AttachTo.model_validate(found)


def attach_spec(card: Card) -> AttachTo | None:
    """Where `card` attaches: its compiled `attach_to`, else its printed "Attach to ..."."""
    return card.attach_to or _printed(card.text)


def attaches_to_mp(card: Card, which: str) -> bool:
    """Can `card` attach to an MP: its controller's (`which` "mine") or either ("any")?"""
    spec = attach_spec(card)
    return spec is not None and spec.target == "mp" and (which == "any" or spec.who == "self")


def place_attached(game: Game, controller: int, iid: int) -> None:
    """The card, taken from its zone, attaches as its text says (engine.panini.effects
    attach_task), held as resolving until then."""
    game.player(controller).resolving.append(iid)
    game.then(("attach", {"player": controller, "card": iid}))


# --- Powers of attached cards ("While attached, once per turn as an action, ...") ---------
def action_options(game: Game, player: int) -> list[Option]:
    """The attached cards `player` controls whose Power may be used now: once per turn
    (2016 THE COMBAT STEP "Use a Power": Powers of cards in play are used once per turn;
    docs/rulings.md 117), when its condition holds."""
    state = game.player(player)
    options = []
    for iid in game.attached_cards(player):
        action = game.card(iid).attached_action
        usable = action is not None and iid not in state.used_powers
        if usable and action is not None and game.holds(action.requires, player):
            options.append(Option(f"attached:{iid}", f"Use the Power of {game.name(iid)}"))
    return options


def use_attached_action(game: Game, player: int, iid: int) -> None:
    """The Power resolves; the card stays attached (unless the Power moves it)."""
    from engine.panini.effects import resolve

    game.player(player).used_powers.append(iid)
    game.emit("action", f"{game.who(player)} uses {game.name(iid)}.", card=game.name(iid))
    resolve(game, player, iid, "attached_action.effects")
