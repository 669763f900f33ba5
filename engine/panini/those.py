"""Several chosen cards: "Choose 4 cards in your discard pile." records them, and the
later sentences of the same effect list act on them ("Your opponent shuffles those cards
into his Life Deck.", "Banish 2 of those cards and shuffle the remaining into your Life
Deck."). The record is the referent record of engine.panini.referents with `cards` (a list)
in place of `card`.

Rules (2016 rulebook): GAME ZONES (the discard pile and Banished Zone are public, so the
choice is public); GAMEPLAY "do as much as you can" reading: with fewer cards in the pile
than asked, every card there is chosen (docs/rulings.md 123). "Those cards" are the chosen
cards still where they were chosen: "the remaining" are those the sentences before did not
move away (docs/rulings.md 124).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.core.decisions import Option
from engine.panini.state import JsonDict

if TYPE_CHECKING:
    from engine.panini.game import Game


def _pile(game: Game, player: int, zone: str) -> list[int]:
    state = game.player(player)
    piles = {"discard_pile": state.discard, "banished": state.banished, "life_deck": state.life}
    return piles[zone]


def top_cards(game: Game, args: JsonDict, done: Any) -> None:
    """ "Reveal / Look at the top N cards of your Life Deck": revealed, both players see
    them; looked at, the controller alone (2016 GAME ZONES: the Life Deck is secret)."""
    controller, player, spec = args["controller"], args["player"], args["spec"]
    cards = list(reversed(game.player(player).life))[: spec["amount"]]
    if not cards:
        done(game, args, None)
        return
    names = ", ".join(game.name(iid) for iid in cards)
    where = f"the top {len(cards)} card(s) of {game.who(player)}'s Life Deck"
    if spec["reveal"]:
        game.emit("reveal", f"{game.who(controller)} reveals {where}: {names}.")
        seen = [0, 1]
    else:
        game.emit("look", f"{game.who(controller)} looks at {where}.")
        game.emit("look_private", f"They are {names}.", private_to=controller)
        seen = [controller]
    done(game, args, {"cards": cards, "player": player, "zone": "life_deck", "seen": seen})


def choose_cards(game: Game, args: JsonDict, choice: Any, done: Any) -> None:
    """ "Choose N cards in your (opponent's) discard pile / Banished Zone": one at a time,
    by the controller (by the opponent: "Your opponent chooses 3 cards in your discard
    pile"); `done(game, args, record)` goes on with the record."""
    player, spec = args["player"], args["spec"]
    controller = args["controller"]
    if spec.get("chooser") == "opponent":
        controller = 1 - controller
    zone = spec["source"]
    chosen: list[int] = list(args.get("chosen", []))
    if choice is not None:
        iid = int(choice.partition(":")[2])
        chosen.append(iid)
        game.emit("choose", f"{game.who(controller)} chooses {game.name(iid)}.",
                  card=game.name(iid))  # fmt: skip
    kinds = spec.get("card_types") or []  # "Search your discard pile for 2 Drills."
    left = [
        iid
        for iid in reversed(_pile(game, player, zone))
        if iid not in chosen and (not kinds or game.card(iid).type.value in kinds)
    ]
    if len(chosen) < spec["amount"] and left:
        seen: set[str] = set()
        options = []
        for iid in left:
            if game.name(iid) not in seen:  # copies are the same choice
                seen.add(game.name(iid))
                options.append(Option(f"card:{iid}", f"Choose {game.name(iid)}"))
        more = spec["amount"] - len(chosen)
        game.ask(controller, "choose_card", f"Choose a card ({more} more).", options,
                 "choose_referent", **{**args, "chosen": chosen})  # fmt: skip
        return
    if not chosen:
        done(game, args, None)
        return
    done(game, args, {"cards": chosen, "player": player, "zone": zone, "seen": [0, 1]})


def remaining(game: Game, record: JsonDict | None) -> list[int]:
    """The chosen cards still where they were chosen."""
    if record is None or "cards" not in record:
        return []
    # top of the pile first: "they are Rejuvenated one at a time (starting with the top
    # card)" (2016 GLOSSARY "Rejuvenate")
    pile = _pile(game, record["player"], record["zone"])
    return [iid for iid in reversed(pile) if iid in record["cards"]]


def candidates(game: Game, args: JsonDict) -> list[tuple[int, int, str]]:
    """What a move of "(N of) those cards" may take: (player, card, zone) as engine.panini.moves
    lists its candidates."""
    record = args.get("that")
    if record is None:
        return []
    return [(record["player"], iid, record["zone"]) for iid in remaining(game, record)]
