"""What the states that hold a model forbid ("Model States"): Bound, Petrified, Showboating
(Yamcha) and Confection (Buu's Chocolate Beam). Plain questions about one model, asked by
the modules that move, react, spend SK, activate, deal damage and score; the states are
applied and ended by engine.primetime.lasting."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.primetime.state import ModelState

BOUND = "bound"
PETRIFIED = "petrified"
SHOWBOATING = "showboating"
CONFECTION = "confection"
# "Cannot move" (Bound: "cannot change altitude" too; a Reposition is movement, PT-49)
ROOTED = frozenset({BOUND, PETRIFIED, CONFECTION})
# "cannot declare Z-Reactions" / "Cannot Z-React until next activation"
SILENT = frozenset({BOUND, PETRIFIED, SHOWBOATING, CONFECTION})
PETRIFIED_DAMAGE = 1  # "Incoming damage +1"


def may_move(m: ModelState) -> bool:
    return not ROOTED.intersection(m.states)


def may_react(m: ModelState) -> bool:
    return not SILENT.intersection(m.states)


def may_spend_sk(m: ModelState) -> bool:
    """Petrified: "cannot spend SK" (cards, Corrupt, Ascension, the SK Tax: PT-50)."""
    return PETRIFIED not in m.states


def may_act(m: ModelState) -> bool:
    """Confection: "cannot act" (its activation is never offered, PT-52)."""
    return CONFECTION not in m.states


def extra_damage(m: ModelState) -> int:
    return PETRIFIED_DAMAGE if PETRIFIED in m.states else 0


def oc_factor(m: ModelState) -> int:
    """Showboating: "OC value doubles while active"."""
    return 2 if SHOWBOATING in m.states else 1


def wipe(m: ModelState) -> None:
    """Every state gone (a Dazed return, a Re-Entry, a Reformation, a Defusion)."""
    m.states.clear()
    m.applied_by.clear()
    m.ends.clear()
