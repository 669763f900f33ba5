"""What happened this turn and this combat, for conditions such as "If you have dealt
critical damage this combat" (engine.panini.conditions).

`GameState.history` holds one small record per event: {"event", "player", "combat"} and
the event's details. Records made in combat have "combat": true until the combat ends
(2016 TURN SEQUENCE, "Combat Step": it ends when both players pass in a row); they are
all dropped when a new turn starts, as "this turn" is over (2016 GLOSSARY "Effects")."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.panini.cards import Style

if TYPE_CHECKING:
    from engine.panini.game import Game


def record(game: Game, player: int, event: str, **detail: Any) -> None:
    state = game.state
    in_combat = state.step == "combat"
    state.history.append({"event": event, "player": player, "combat": in_combat, **detail})


def played(game: Game, player: int, iid: int) -> None:
    """A card played from the hand in combat, as an Action or a defense (docs/rulings.md
    68): its title, type and whether it is Styled (2016 GLOSSARY "Freestyle")."""
    card = game.card(iid)
    detail: dict[str, Any] = {"title": card.name, "card_type": card.type.value}
    detail.update(styled_detail(card.style != Style.FREESTYLE, card.styled_for(True)))
    # the words it is considered to have in its title, for its player's own effects
    if card.titles_for(True)[1:]:
        detail["titles_yours"] = card.titles_for(True)[1:]
    record(game, player, "card_played", source=iid, **detail)


# the moves "If you have discarded a card from your hand this combat" asks about
# (engine.panini.self_moves reports every move by an effect or the rules; damage is not one)
_MOVES = {"discarded_from_hand", "destroyed_from_life_deck", "banished_from_discard",
          "banished_from_life_deck", "banished_from_hand", "rejuvenated"}  # fmt: skip


def card_moved(game: Game, iid: int, how: str, by: int | None) -> None:
    """A card left its owner's hand / Life Deck / discard pile (`how`), by an effect `by`
    controls (None: the rules). Recorded for its owner, whose zone it left."""
    if how in _MOVES:
        card = game.card(iid)
        styled = card.style != Style.FREESTYLE
        detail = {"how": how, "by": by, "card_type": card.type.value, "styled": styled}
        record(game, game.owner(iid), "card_moved", **detail)


def styled_detail(styled: bool, for_yours: bool) -> dict[str, Any]:
    """A record's `styled`, and `styled_yours` when the card is considered Styled for its
    player's own card effects only (Card.considered, engine.panini.itself)."""
    return {"styled": styled, **({"styled_yours": True} if for_yours and not styled else {})}


def attack_stopped(game: Game, attacker: int) -> None:
    """The attacker's Action (its last one) was an attack that was stopped."""
    actions = entries(game, attacker, "action", "combat")
    if actions:
        actions[-1]["stopped"] = True


def end_of_combat(game: Game) -> None:
    """The combat is over: its records now only count for "this turn"."""
    for entry in game.state.history:
        entry["combat"] = False


def new_turn(game: Game) -> None:
    game.state.history.clear()


def entries(game: Game, player: int, event: str, scope: str) -> list[dict[str, Any]]:
    return [
        entry
        for entry in game.state.history
        if entry["event"] == event
        and entry["player"] == player
        and (scope == "turn" or entry["combat"])
    ]
