"""Devoted Support ("DEVOTED SUPPORT PAIRS"): once per round, either model of a pair may
give one or both of its actions to its partner, which adds them to its next activation;
the giver makes a free Reposition up to its full MOV (no Move action, no cap)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.decisions import Option
from engine.primetime import reposition
from engine.primetime.geometry import edge_distance

if TYPE_CHECKING:
    from engine.primetime.game import PrimeTimeGame
    from engine.primetime.state import ModelState


def partner(game: PrimeTimeGame, m: ModelState) -> ModelState | None:
    """The model's fighting partner in its roster, if it has one."""
    wanted = game.character(m).devoted_partner
    return next((o for o in game.state.models if o.owner == m.owner
                 and o.character == wanted and o.status == "active"), None)  # fmt: skip


def options(game: PrimeTimeGame, m: ModelState, actions: int) -> list[Option]:
    other = partner(game, m)
    if other is None or m.devoted or other.devoted:
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
    m.devoted = other.devoted = True
    game.emit("devoted", f"{game.name(m)} gives {count} action{'s' * (count > 1)} to "
              f"{game.name(other)}.")  # fmt: skip
    reposition.ask(game, m, game.tier(m).move1)  # "a free Reposition up to full MOV"
