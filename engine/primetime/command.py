"""Command Abilities ("Command Ability | Unique ability available only when designated
Leader. Two abilities: one triggered (once/round), one once-per-game."). Printed on the
Leader's profile (`command`, docs/primetime-data.md); a Dazed Leader keeps them, a KO'd
or removed one loses them for good, Re-Entry included (PT-48)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.decisions import Option
from engine.primetime import play
from engine.primetime.data import DeckCard

if TYPE_CHECKING:
    from engine.primetime.game import PrimeTimeGame
    from engine.primetime.state import ModelState

COMMAND = "command"  # option ids "command:round", "command:game"
LIMITS = {"round": "once a round", "game": "once a game"}


def leader(game: PrimeTimeGame, player: int) -> ModelState | None:
    """The player's Leader while it holds its Command Abilities: on the table (Dazed or
    not), never KO'd or removed."""
    p = game.state.players[player]
    if p.leader is None or p.command_lost:
        return None
    return next((m for m in game.state.models if m.owner == player
                 and m.character == p.leader and m.on_table), None)  # fmt: skip


def abilities(game: PrimeTimeGame, player: int) -> dict[str, DeckCard]:
    source = leader(game, player)
    profile = None if source is None else game.character(source).command
    if profile is None:
        return {}
    return {"round": profile.round, "game": profile.game}


def options(game: PrimeTimeGame, m: ModelState) -> list[Option]:
    """During an activation of any of the player's models, each ability not yet used
    (the round's resets in the Power Phase); a free use, no action slot, no WT (PT-48)."""
    source = leader(game, m.owner)
    used = game.state.players[m.owner].commands
    return [Option(f"{COMMAND}:{kind}", f"Command Ability: {card.name} ({LIMITS[kind]})")
            for kind, card in abilities(game, m.owner).items()
            if kind not in used and source is not None
            and play.ability_usable(game, source, card)]  # fmt: skip


def use(game: PrimeTimeGame, m: ModelState, kind: str) -> None:
    source = leader(game, m.owner)
    card = abilities(game, m.owner)[kind]
    assert source is not None
    game.state.players[m.owner].commands.append(kind)
    game.emit(COMMAND, f"{game.name(source)} commands: {card.name} ({LIMITS[kind]}): "
              f"{card.text}")  # fmt: skip
    play.use_ability(game, source, card)


def new_round(game: PrimeTimeGame) -> None:
    for p in game.state.players:
        p.commands = [kind for kind in p.commands if kind != "round"]
