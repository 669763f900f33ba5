"""Devoted Support ("DEVOTED SUPPORT PAIRS"): once per round, either model of a pair may
give one or both of its actions to its partner, which adds them to its next activation;
the giver makes a free Reposition up to its full MOV (no Move action, no cap). A model
paired with "any named character" (Dende) declares its partner before the game and is
the only giver of its pair (PT-71)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.decisions import JsonDict, Option
from engine.primetime import reposition
from engine.primetime.data import ANY_PARTNER
from engine.primetime.geometry import edge_distance
from engine.primetime.handlers import HANDLERS

if TYPE_CHECKING:
    from engine.primetime.game import PrimeTimeGame
    from engine.primetime.state import ModelState


def partner(game: PrimeTimeGame, m: ModelState) -> ModelState | None:
    """The model's fighting partner in its roster, if it has one: the one its profile
    names, or the one it declared (PT-71)."""
    wanted = game.character(m).devoted_partner
    if wanted == ANY_PARTNER:
        other = None if m.partner is None else game.model(m.partner)
        return other if other is not None and other.status == "active" else None
    return next((o for o in game.state.models if o.owner == m.owner
                 and o.character == wanted and o.status == "active"), None)  # fmt: skip


def _declared(game: PrimeTimeGame, m: ModelState) -> bool:
    return game.character(m).devoted_partner == ANY_PARTNER


def options(game: PrimeTimeGame, m: ModelState, actions: int) -> list[Option]:
    other = partner(game, m)
    # "once per round" is the pair's: a declared pair's flag is its giver's alone, so the
    # partner's own pair (Goku and Gohan) keeps its own
    if other is None or m.devoted or (other.devoted and not _declared(game, m)):
        return []
    name = game.name(other)
    return [Option(f"devote:{n}", f"give {n} action{'s' * (n > 1)} to {name}")
            for n in range(1, min(actions, 2) + 1)]  # fmt: skip


SUPPORT_RANGE = 6.0  # "give 1 action to a friendly model within 6""


def support_options(game: PrimeTimeGame, m: ModelState) -> list[Option]:
    """ "Support | Once per round: give 1 action to a friendly model within 6". Keep
    remaining 1 action for self." (PT-39)"""
    if not game.character(m).keyword("Support") or m.supported:
        return []
    here = game.base(m)
    return [Option(f"support:{o.uid}", f"Support: give 1 action to {game.name(o)}")
            for o in game.state.models if o.owner == m.owner and o.uid != m.uid
            and o.status == "active"
            and edge_distance(here, game.base(o)) <= SUPPORT_RANGE + 1e-9]  # fmt: skip


def support(game: PrimeTimeGame, m: ModelState, other: ModelState) -> None:
    """The action chosen is the one given (the caller has taken it from the activation)."""
    m.supported = True
    other.bonus_actions += 1
    game.emit("support", f"{game.name(m)} gives 1 action to {game.name(other)} (Support).")


def devote(game: PrimeTimeGame, m: ModelState, count: int) -> None:
    """Give `count` actions (the caller has taken the first from the activation), then
    offer the free Reposition."""
    other = partner(game, m)
    assert other is not None and game.state.active is not None
    game.state.active.actions -= count - 1  # the action choice took one already
    other.bonus_actions += count
    m.devoted = True
    if not _declared(game, m):
        other.devoted = True
    game.emit("devoted", f"{game.name(m)} gives {count} action{'s' * (count > 1)} to "
              f"{game.name(other)}.")  # fmt: skip
    reposition.ask(game, m, game.tier(m).move1)  # "a free Reposition up to full MOV"


# -- "Declare partner before the game begins. One partner per game." (PT-71) ---------------
DECLARE = "declare_partners"


def _undeclared(game: PrimeTimeGame) -> ModelState | None:
    """The next model, first player's first, that still has a partner to declare."""
    first = game.state.first or 0
    for owner in (first, 1 - first):
        for m in game.state.models:
            if m.owner == owner and m.partner is None and _declared(game, m) \
                    and m.status == "reserve" and _candidates(game, m):  # fmt: skip
                return m
    return None


def _candidates(game: PrimeTimeGame, m: ModelState) -> list[ModelState]:
    """ "any named character": another model of its roster (a Fused model, formed only
    in play, is no model of the roster list)."""
    return [o for o in game.state.models if o.owner == m.owner and o.uid != m.uid
            and o.status == "reserve"]  # fmt: skip


@HANDLERS.register(DECLARE)
def declare_partners(game: PrimeTimeGame, args: JsonDict) -> None:
    """Before deployment, each such model's player declares its partner, once."""
    m = _undeclared(game)
    if m is None:
        return
    game.ask(m.owner, "devoted_partner", f"{game.name(m)}'s Devoted Support: declare the "
             "partner for the game.", [Option(f"model:{o.uid}", game.name(o))
                                       for o in _candidates(game, m)],
             "partner_declared", model=m.uid)  # fmt: skip


@HANDLERS.register("partner_declared")
def partner_declared(game: PrimeTimeGame, args: JsonDict) -> None:
    m = game.model(args["model"])
    other = game.model(int(args["choice"].split(":")[1]))
    m.partner = other.uid
    game.emit("partner", f"{game.name(m)} declares {game.name(other)} as the Devoted Support "
              "partner for the game.")  # fmt: skip
    game.then((DECLARE, {}))
