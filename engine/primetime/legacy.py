"""Legacy Cards ("HUMAN RACE MECHANICS"): "Each has a trigger gate. HP granted by Legacy
cards is immediately restored (not just cap increase)." A card's gate and the HP it grants
are data (engine.primetime.data.LegacyGate, DeckCard.hp; PT-69). "Z-Fighter WT Action: A
Z-Fighter Legacy Card may be played at 0 SK cost by spending the Z-Fighters WT Action"
(PT-70): which cards an Affiliation WT Action may play so."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.primetime import damage

if TYPE_CHECKING:
    from engine.primetime.data import DeckCard
    from engine.primetime.game import PrimeTimeGame
    from engine.primetime.state import ModelState


def gate_open(game: PrimeTimeGame, m: ModelState, card: DeckCard) -> bool:
    """Whether the card's trigger gate has been met (a card without one is always open)."""
    gate = card.gate
    if gate is None:
        return True
    if gate.from_round is not None and game.state.round < gate.from_round:
        return False
    return m.wounded or not gate.wounded


def _wounded(game: PrimeTimeGame, m: ModelState) -> None:
    """Damage that leaves the model at half its HP or less opens a `wounded` gate for the
    rest of the game; HP Burn is no damage ("Cannot trigger ... Legacy cards")."""
    if not m.wounded and 2 * m.hp <= game.tier(m).hp:
        m.wounded = True


damage.ON_DAMAGE.append(_wounded)


def restore(game: PrimeTimeGame, m: ModelState, card: DeckCard) -> None:
    """The card, already beside the model, raised its maximum (game.tier); the HP it grants
    is gained now too ("immediately restored (not just cap increase)")."""
    if card.hp and m.status == "active":
        m.hp += card.hp
        game.emit("heal", f"{game.name(m)} gains {card.hp} HP for good ({card.name}, Legacy): "
                  f"{m.hp} of {game.tier(m).hp}.")  # fmt: skip


def of_affiliation(game: PrimeTimeGame, card: DeckCard, affiliation: str) -> bool:
    """ "A Z-Fighter Legacy Card": a Legacy card of that affiliation, or of a character
    who carries it."""
    if not card.legacy:
        return False
    if card.affiliation is not None:
        return card.affiliation == affiliation
    return card.character is not None \
        and affiliation in game.pool.character(card.character).affiliations  # fmt: skip
